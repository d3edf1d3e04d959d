// svc find --kind signatures: stored declarations (overloads listed) everywhere; names the
// index does not declare (pkg#export, globals, Type.member of a dependency) through the
// resident checker only, and said plainly otherwise.

import { afterAll, describe, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import { releaseResident } from "../../src/semantic/resident.ts";
import { gitRepo, writeFiles } from "../helpers/repo.ts";

const root = gitRepo({
  "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, module: "esnext", moduleResolution: "bundler" } }),
  "src/parse.ts": [
    "export function parse(input: string): number;",
    "export function parse(input: number): string;",
    "export function parse(input: string | number): string | number {",
    '  return typeof input === "string" ? input.length : String(input);',
    "}",
    "export class Greeter {",
    "  greet(name: string, loud = false): string {",
    "    return loud ? name.toUpperCase() : name;",
    "  }",
    "}",
    "",
  ].join("\n"),
  "src/use.ts": 'import { greet } from "tiny";\nexport const hello = greet("x");\n',
});
// a dependency installed in node_modules (ignored by the inventory, seen by the compiler)
writeFiles(root, {
  "node_modules/tiny/package.json": JSON.stringify({ name: "tiny", types: "index.d.ts" }),
  "node_modules/tiny/index.d.ts": "export declare function greet(name: string): string;\nexport declare function greet(name: string, times: number): string[];\n",
});

afterAll(async () => {
  await releaseResident(root);
});

const signatures = async (query: string, ctx = {}) => {
  const r = await call("find", { path: root, query, kind: "signatures" }, ctx);
  return { text: r.text, data: r.data as { signatures: { signature: string; source: string; path: string | null }[]; resident: boolean; note?: string } };
};

describe("signatures", () => {
  test("from the index: every overload and a method by its qualified name", async () => {
    await call("index", { path: root });
    const parse = await signatures("parse");
    expect(parse.data.signatures.map((s) => s.signature)).toEqual(["export function parse(input: string): number", "export function parse(input: number): string", "export function parse(input: string | number): string | number"]);
    const greet = await signatures("Greeter.greet");
    expect(greet.text).toContain("  greet(name: string, loud = false): string  (src/parse.ts:7)");
    expect(greet.text).toContain("source: the index's stored declarations");
  }, 120_000);

  test("without a resident compiler, a dependency's export comes from a checker loaded for the call", async () => {
    const r = await signatures("tiny#greet");
    expect(r.data.resident).toBe(false);
    expect(r.data.signatures.map((s) => s.signature)).toEqual(["greet(name: string): string", "greet(name: string, times: number): string[]"]);
    expect(r.text).toContain("source: the TypeScript checker, loaded for this call");
    const missing = await signatures("tiny#nothing");
    expect(missing.data.signatures).toEqual([]);
    expect(missing.text).toContain("no signature for 'tiny#nothing'");
    expect(missing.text).toContain("note: 'tiny' has no export 'nothing'");
  }, 120_000);

  test("with SVC_RESIDENT=1 in a long-lived server: node_modules exports and globals through the checker", async () => {
    process.env.SVC_RESIDENT = "1";
    try {
      const tiny = await signatures("tiny#greet", { longLived: true });
      expect(tiny.data.resident).toBe(true);
      expect(tiny.data.signatures.map((s) => s.signature)).toEqual(["greet(name: string): string", "greet(name: string, times: number): string[]"]);
      expect(tiny.data.signatures[0]?.path).toEndWith("node_modules/tiny/index.d.ts");
      expect(tiny.text).toContain("source: the resident TypeScript checker");
      const max = await signatures("Math.max", { longLived: true });
      expect(max.data.signatures.map((s) => s.signature)).toEqual(["max(...values: number[]): number"]);
      const missing = await signatures("tiny#nothing", { longLived: true });
      expect(missing.text).toContain("note: 'tiny' has no export 'nothing'");
    } finally {
      delete process.env.SVC_RESIDENT;
    }
  }, 120_000);
});
