// No declaration is silently lost: on sources that once broke the syntax tier (each taken
// from a real project, test/fixtures/decls), the top-level declarations svc extracts are
// exactly the names the TypeScript parser reports, and a file the grammar cannot fully read
// is marked partial. The same comparison over whole real projects is
// scripts/bench/decl-coverage.ts.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { extractFile } from "../../src/index/extract.ts";
import { patchGrammarGaps } from "../../src/lang/grammar-gaps.ts";
import { parserDeclarations, type ParserDecl } from "../../scripts/bench/ts-parser.ts";
import { lostNames } from "../../scripts/bench/reduce-coverage.ts";
import { LEVELS, reduceFile } from "../../src/render/reduce/index.ts";
import { DECL_FIXTURES } from "../fixtures/decls/sources.ts";

let dir = "";
let reference = new Map<string, ParserDecl[]>();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "svc-decls-"));
  for (const f of DECL_FIXTURES) writeFileSync(join(dir, f.file), f.source);
  reference = await parserDeclarations(DECL_FIXTURES.map((f) => join(dir, f.file)));
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const extracted = (file: string, source: string) => {
  const x = extractFile(dir, { path: file, size: source.length, stampMs: 0 });
  if (!x.ok) throw new Error(`not extracted: ${x.reason}`);
  return x;
};

describe("declaration coverage against the TypeScript parser", () => {
  for (const f of DECL_FIXTURES) {
    test(f.name, () => {
      const expected = [...new Set((reference.get(join(dir, f.file)) ?? []).map((d) => d.name))].sort();
      expect(expected.length).toBeGreaterThanOrEqual(2);
      const x = extracted(f.file, f.source);
      const indexed = [...new Set(x.decls.filter((d) => d.container === null).map((d) => d.name))].sort();
      expect(indexed).toEqual(expected);
      expect(x.parseStatus).toBe(f.clean ? "ok" : "partial");
    }, 120_000);
  }

  test("hono's named declarations after the call signatures are indexed with their lines", () => {
    const f = DECL_FIXTURES[0]!;
    const x = extracted(f.file, f.source);
    const line = (name: string) => x.decls.find((d) => d.name === name && d.container === null)?.startLine;
    for (const name of ["MergePath", "TypedResponse", "FetchEventLike"]) expect(line(name)).toBe(f.source.split("\n").findIndex((l) => l.includes(` ${name}`)) + 1);
  }, 120_000);
});

describe("grammar-gap rewrites", () => {
  test("keep the length and every line of the source", () => {
    for (const f of DECL_FIXTURES) {
      const patched = patchGrammarGaps(f.source);
      expect(patched.length).toBe(f.source.length);
      expect(patched.split("\n").length).toBe(f.source.split("\n").length);
    }
  }, 120_000);

  test("leave sources without the gaps untouched, generic arrow types and JSX included", () => {
    const sources = [
      "type F =\n  <T>(x: T) => T\nconst g = <T,>(x: T) => x\n",
      "const a = <A>() =>\n  <B extends A>(b: B) => b\n",
      "const el = (\n  <div className=\"x\">\n    <span>a, in b</span>\n  </div>\n)\n",
      "for (const k in obj) if (a < b) f(k)\n",
    ];
    for (const s of [sources[0]!, sources[1]!, sources[3]!]) expect(patchGrammarGaps(s)).toBe(s);
    expect(patchGrammarGaps(sources[2]!, true)).toBe(sources[2]!);
  }, 120_000);
});

describe("reduction never drops a declaration silently", () => {
  const names = (file: string) => [...new Set((reference.get(join(dir, file)) ?? []).map((d) => d.name))];

  test("at every level each parser-reported declaration is present or named in the omitted marker", () => {
    let checked = 0;
    for (const f of DECL_FIXTURES) {
      for (const level of LEVELS) {
        const out = reduceFile(f.source, { path: f.file, level });
        expect({ file: f.file, level, lost: lostNames(out, names(f.file)) }).toEqual({ file: f.file, level, lost: [] });
        checked += names(f.file).length;
      }
    }
    expect(checked).toBeGreaterThan(100);
  }, 120_000);

  test("the marker lists what a level leaves out; kept-whole declarations survive a JSDoc holding a glob", () => {
    const cors = DECL_FIXTURES.find((f) => f.file === "cors.ts")!;
    const skeleton = reduceFile(cors.source, { path: cors.file, level: "skeleton" });
    expect(skeleton).toContain("export const cors = (options?: CORSOptions): MiddlewareHandler => { … }");
    expect(skeleton).toContain("// 2 declarations omitted (non-exported variables): internal, hidden");
    const whole = reduceFile(cors.source, { path: cors.file, level: "skeleton", keepWhole: ["cors"] });
    expect(whole).toContain("  return async function cors(c, next) {\n    await next()");
    expect(reduceFile(cors.source, { path: cors.file, level: "publicApi" })).toContain("// 3 declarations omitted (not exported): CORSOptions, internal, hidden");
  }, 120_000);

  test("a file the grammar cannot fully read says so in its skeleton", () => {
    const f = DECL_FIXTURES.find((x) => !x.clean)!;
    expect(reduceFile(f.source, { path: f.file, level: "skeleton" })).toStartWith("// svc: partial — the syntax tier could not fully read this file");
    expect(reduceFile(f.source, { path: f.file, level: "none" })).not.toContain("svc: partial");
  }, 120_000);
});
