// The session delta: a multiset keyed by (path, code, message), line numbers ignored, and
// baselines persisted in the store so that a restarted process keeps them.

import { describe, expect, test } from "bun:test";
import { diagDelta, diagLine, renameDelta, type Diag } from "../../src/check/diag.ts";
import { alignLines, pairByLines, type LineAlignment } from "../../src/check/line-pairs.ts";
import { loadBaseline, sessionDelta } from "../../src/check/sessions.ts";
import { Database } from "bun:sqlite";
import { storePath } from "../../src/store/db.ts";
import { gitRepo } from "../helpers/repo.ts";
import { useRuntimeDir } from "../helpers/host.ts";
import { call } from "../../src/engine.ts";
import type { FileCheckData } from "../../src/check/file-check.ts";

const d = (path: string, line: number, code = "TS2339", message = "Property 'x' does not exist on type 'A'.", severity: Diag["severity"] = "error"): Diag => ({ code, severity, message, path, line, column: 3 });

describe("diagDelta", () => {
  test("moved code is not a change; a second identical error is introduced at its own line", () => {
    expect(diagDelta([d("a.ts", 10)], [d("a.ts", 14)])).toEqual({ introduced: [], resolved: [] });
    const delta = diagDelta([d("a.ts", 12)], [d("a.ts", 12), d("a.ts", 40)]);
    expect(delta.introduced).toEqual([d("a.ts", 40)]);
    expect(delta.resolved).toEqual([]);
  }, 120_000);

  test("introduced and resolved by path, code and message", () => {
    const before = [d("a.ts", 1), d("b.ts", 2, "TS2304", "Cannot find name 'y'.")];
    const now = [d("a.ts", 1), d("b.ts", 2, "TS2304", "Cannot find name 'z'."), d("c.ts", 5, "TS2554", "Expected 2 arguments, but got 1.")];
    const delta = diagDelta(before, now);
    expect(delta.introduced.map((x) => `${x.path}:${x.code}`)).toEqual(["b.ts:TS2304", "c.ts:TS2554"]);
    expect(delta.resolved.map((x) => x.message)).toEqual(["Cannot find name 'y'."]);
  }, 120_000);

  test("an error printed with its union's members in another order is the same error (TypeScript 7 prints them in the order its checker met them)", () => {
    const then = 'Type \'{ type: "decreased"; } | { type: "increased"; }\' does not satisfy the expected type \'{ type: "increased"; upBy: number; } | { type: "decreased"; downBy: number; }\'.';
    const now = 'Type \'{ type: "increased"; } | { type: "decreased"; }\' does not satisfy the expected type \'{ type: "increased"; upBy: number; } | { type: "decreased"; downBy: number; }\'.';
    expect(diagDelta([d("t.ts", 120, "TS1360", then)], [d("t.ts", 120, "TS1360", now)])).toEqual({ introduced: [], resolved: [] });
    // other types stay other errors, whichever order their members are printed in
    const fn = (a: string, b: string) => `Type '(x: ${a}) => void | ${b}' is not assignable to type 'never'.`;
    expect(diagDelta([d("t.ts", 1, "TS2322", fn("A | B", "C"))], [d("t.ts", 1, "TS2322", fn("A | C", "B"))]).introduced).toHaveLength(1);
    expect(diagDelta([d("t.ts", 1, "TS2322", "Type 'A | B' is not assignable to type 'C'.")], [d("t.ts", 1, "TS2322", "Type 'A | D' is not assignable to type 'C'.")]).introduced).toHaveLength(1);
  }, 120_000);

  test("with a file's two texts, its occurrences of one error are paired by line: one fixed and an identical one written elsewhere is introduced (by count alone it was no change); moved, edited in place and unchanged ones are not", () => {
    const before = 'export const a: number = "x";\nexport const b = 1;\nexport const c = 2;\n';
    const texts = (after: string) => (path: string) => (path === "a.ts" ? { before, after } : undefined);
    // fixed at line 1, the same error written at line 4: one resolved, one introduced
    const fixedAndAdded = 'export const a: number = 1;\nexport const b = 1;\nexport const c = 2;\nexport const d: number = "z";\n';
    expect(diagDelta([d("a.ts", 1)], [d("a.ts", 4)])).toEqual({ introduced: [], resolved: [] }); // the count alone cannot tell
    expect(diagDelta([d("a.ts", 1)], [d("a.ts", 4)], texts(fixedAndAdded))).toEqual({ introduced: [d("a.ts", 4)], resolved: [d("a.ts", 1)] });
    // moved below the others (the same line): no change
    expect(diagDelta([d("a.ts", 1)], [d("a.ts", 3)], texts('export const b = 1;\nexport const c = 2;\nexport const a: number = "x";\n'))).toEqual({ introduced: [], resolved: [] });
    // its own line edited (a comment added), lines inserted above it: the same error
    expect(diagDelta([d("a.ts", 1)], [d("a.ts", 2)], texts('// head\nexport const a: number = "x"; // kept\nexport const b = 1;\nexport const c = 2;\n'))).toEqual({ introduced: [], resolved: [] });
    // two before, three after: the one on the new line is introduced
    const two = 'export const a: number = "x";\nexport const b: number = "y";\n';
    const three = 'export const a: number = "x";\nexport const b: number = "y";\nexport const c: number = "z";\n';
    expect(diagDelta([d("a.ts", 1), d("a.ts", 2)], [d("a.ts", 1), d("a.ts", 2), d("a.ts", 3)], () => ({ before: two, after: three }))).toEqual({ introduced: [d("a.ts", 3)], resolved: [] });
    // a file the caller has one text of: by count, as before
    expect(diagDelta([d("b.ts", 1)], [d("b.ts", 4)], texts(fixedAndAdded))).toEqual({ introduced: [], resolved: [] });
  }, 120_000);

  test("an error's line moved and reformatted (imports sorted and requoted by a formatter) is the same error, not introduced; a different line with the error is", () => {
    const missing = (line: number) => d("a.ts", line, "TS2307", "Cannot find module 'zmissing' or its corresponding type declarations.");
    const before = "import { z } from 'zmissing';\nimport { y } from \"./y\";\nexport const a = z + y;\n";
    const sorted = 'import { y } from "./y";\nimport { z } from "zmissing";\n\nexport const a = z + y;\n';
    expect(diagDelta([missing(1)], [missing(2)], () => ({ before, after: sorted }))).toEqual({ introduced: [], resolved: [] });
    // the import replaced and another of the module written further down: that one is introduced
    const other = "import { y } from './y';\nimport { y } from './y';\nexport const a = z + y;\nimport { w } from \"zmissing\";\n";
    expect(diagDelta([missing(1)], [missing(4)], () => ({ before, after: other })).introduced).toEqual([missing(4)]);
  }, 120_000);

  test("thousands of occurrences of one error (`Cannot find name 'expect'` in a test file without its types) are paired with a lookup per occurrence and rule, not per pair (per pair, 3000 of them took most of a minute)", () => {
    const n = 2000;
    const before = Array.from({ length: n }, (_, i) => `  expect(f${i}()).toBe(${i});`);
    const after = before.map((l, i) => (i % 10 === 0 ? `${l} // edited` : l));
    const align = alignLines(before.join("\n"), [...after, "  expect(z()).toBe(0);"].join("\n"));
    let lookups = 0;
    const counted = Object.fromEntries(Object.entries(align).map(([k, f]) => [k, (line: number) => (lookups++, (f as (l: number) => unknown)(line))])) as unknown as LineAlignment;
    const at = (line: number) => ({ line });
    const pairs = pairByLines(before.map((_, i) => at(i + 1)), [...after.map((_, i) => at(i + 1)), at(n + 1)], counted);
    expect({ introduced: pairs.introduced, resolved: pairs.resolved.length }).toEqual({ introduced: [at(n + 1)], resolved: 0 });
    expect(lookups).toBeLessThan(10 * n);
  }, 120_000);

  test("renameDelta pairs by line too: a renamed declaration's respelled error stays the same error, an identical one written elsewhere is introduced", () => {
    const before = "export function foo(a: number) {\n  return a;\n}\nfoo(\"1\");\nexport const k = 1;\n";
    const msg = (name: string) => `Argument of type 'string' is not assignable to parameter of type 'number' (${name}).`;
    const rename = [{ from: "foo", to: "bar" }];
    // renamed, the call left as it was: its error respelled, not introduced
    const kept = "export function bar(a: number) {\n  return a;\n}\nbar(\"1\");\nexport const k = 1;\n";
    expect(renameDelta([d("a.ts", 4, "TS2345", msg("foo"))], [d("a.ts", 4, "TS2345", msg("bar"))], rename, () => ({ before, after: kept }))).toEqual({ introduced: [], resolved: [] });
    // renamed, the call fixed and a bad one written two lines below: introduced
    const after = "export function bar(a: number) {\n  return a;\n}\nbar(1);\nexport const k = 1;\nbar(\"2\");\n";
    expect(renameDelta([d("a.ts", 4, "TS2345", msg("foo"))], [d("a.ts", 6, "TS2345", msg("bar"))], rename, () => ({ before, after })).introduced).toEqual([d("a.ts", 6, "TS2345", msg("bar"))]);
    expect(renameDelta([d("a.ts", 4, "TS2345", msg("foo"))], [d("a.ts", 6, "TS2345", msg("bar"))], rename).introduced).toEqual([]); // by count alone
  }, 120_000);

  test("one line per diagnostic, multi-line messages folded", () => {
    expect(diagLine(d("src/a.ts", 12, "TS2322", "Type 'string' is not assignable to type 'number'.\n  Details here."))).toBe(
      "Error TS2322 src/a.ts:12:3 Type 'string' is not assignable to type 'number'. Details here.",
    );
  }, 120_000);
});

describe("check sessions", () => {
  test("the first call stores the baseline; later calls report against it; markGreen resets it; it persists", () => {
    const root = gitRepo({ "a.ts": "export const a = 1;\n" });
    const first = sessionDelta(root, "s1", [d("a.ts", 1)]);
    expect(first).toMatchObject({ established: true, baselineCount: 1, introduced: [], resolved: [] });
    const second = sessionDelta(root, "s1", [d("a.ts", 1), d("a.ts", 9, "TS2554", "Expected 1 arguments, but got 0.")]);
    expect(second.established).toBe(false);
    expect(second.baselineAt).toBe(first.baselineAt);
    expect(second.introduced.map((x) => x.code)).toEqual(["TS2554"]);
    // Another session is independent; the stored baseline is read back from the store.
    expect(sessionDelta(root, "s2", []).established).toBe(true);
    expect(loadBaseline(root, "s1")?.diags).toEqual([d("a.ts", 1)]);
    const green = sessionDelta(root, "s1", [d("a.ts", 9, "TS2554", "Expected 1 arguments, but got 0.")], { markGreen: true });
    expect(green).toMatchObject({ established: true, markedGreen: true, baselineCount: 1 });
    expect(sessionDelta(root, "s1", []).resolved.map((x) => x.code)).toEqual(["TS2554"]);
  }, 120_000);

  test("the store keys a session by a digest of its id, never the id (a caller's token as its session id was stored raw); an older row keyed by the id is read, then replaced", () => {
    const root = gitRepo({ "a.ts": "export const a = 1;\n" });
    const token = "ghp_" + "Qw7Er9Ty2Ui4Op6As8Df1Gh3Jk5Lz0Xc2Vb4N";
    sessionDelta(root, token, [d("a.ts", 1)]);
    expect(sessionDelta(root, token, []).resolved.length).toBe(1);
    const db = new Database(storePath(root));
    try {
      const keys = () => (db.query("SELECT session FROM check_sessions").all() as { session: string }[]).map((r) => r.session);
      expect(keys()).toHaveLength(1);
      expect(keys()[0]).toMatch(/^sha256:[0-9a-f]{64}$/);
      // a baseline an older svc stored under the id itself
      db.query("INSERT INTO check_sessions(session, baseline, created_at, updated_at) VALUES ('hook', ?1, 't', 't')").run(JSON.stringify([d("a.ts", 2)]));
      expect(loadBaseline(root, "hook")?.diags).toEqual([d("a.ts", 2)]);
      sessionDelta(root, "hook", [], { markGreen: true });
      expect(keys().some((k) => k === "hook")).toBe(false);
      expect(loadBaseline(root, "hook")?.diags).toEqual([]);
    } finally {
      db.close();
    }
  }, 120_000);
});

describe("svc_check (single file) pairs by line too", () => {
  test("proposed content that fixes an error and writes an identical one elsewhere introduces it; moving it does not", async () => {
    useRuntimeDir();
    const config = JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: "es2022", module: "esnext", moduleResolution: "bundler" }, include: ["src"] });
    const root = gitRepo({ "tsconfig.json": config, "src/a.ts": 'export const a: number = "x";\nexport const b = 1;\nexport const c = 2;\n' });
    const check = async (content: string) => (await call("check", { path: root, file: "src/a.ts", content }, { cwd: "/" })).data as unknown as FileCheckData;
    const fixedAndAdded = await check('export const a: number = 1;\nexport const b = 1;\nexport const c = 2;\nexport const d: number = "z";\n');
    expect({ introduced: fixedAndAdded.introducedErrors, preExisting: fixedAndAdded.preExisting.length }).toEqual({ introduced: 1, preExisting: 0 });
    const moved = await check('export const b = 1;\nexport const c = 2;\nexport const a: number = "x";\n');
    expect({ introduced: moved.introducedErrors, preExisting: moved.preExisting.length }).toEqual({ introduced: 0, preExisting: 1 });
  }, 120_000);
});
