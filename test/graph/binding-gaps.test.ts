// A file outside every project (or with an import that did not resolve) that binds a declaration under another name —
// `import Other from "./x"` of its default export, `import * as ns` then `ns.default`, a bare require or import(), a
// re-export `export { default as Y } from`, a barrel's alias — mentions no name of it, so per-answer completeness
// (h128) passed it by: neighbors/impact said checker-complete while the file's uses were missed.

import { describe, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import { gitRepo } from "../helpers/repo.ts";
import { impact, neighbors } from "../helpers/refs.ts";

const FILES: Record<string, string> = {
  "package.json": JSON.stringify({ name: "binding", type: "module", private: true, workspaces: ["tools/*"] }),
  "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, target: "es2022", module: "esnext", moduleResolution: "bundler", noEmit: true }, include: ["src"] }),
  "src/barrel.ts": ['export { default as Made } from "./m7.js";', 'export { help8 as assist } from "./m8.js";', ""].join("\n"),
  "src/use.ts": ['import make1 from "./m1.js";', "", "export const v = make1(1);", ""].join("\n"),
  "src/late.ts": ["function lateOne(n: number): number {", "  return n;", "}", "export default lateOne;", ""].join("\n"),
  "src/clause.ts": ["function clauseOne(n: number): number {", "  return n;", "}", "export { clauseOne as default };", ""].join("\n"),
  "tools/t/package.json": JSON.stringify({ name: "t", private: true, type: "module" }),
  "tools/t/a.js": ['import Other from "../../src/m1.js";', "", "console.log(Other(3));", ""].join("\n"),
  "tools/t/b.js": ['import * as ns from "../../src/m2.js";', "", "console.log(ns.default(3));", ""].join("\n"),
  "tools/t/c.cjs": ['const m = require("../../src/m3.js");', "", "console.log(m.default(3));", ""].join("\n"),
  "tools/t/d.js": ['const m = await import("../../src/m4.js");', "", "console.log(m.default(3));", ""].join("\n"),
  "tools/t/e.js": ['export { default as Y } from "../../src/m5.js";', ""].join("\n"),
  // `export *` forwards no default
  "tools/t/f.js": ['export * from "../../src/m6.js";', ""].join("\n"),
  "tools/t/g.js": ['import { Made } from "../../src/barrel.js";', 'import { assist } from "../../src/barrel.js";', "", "console.log(Made(1), assist());", ""].join("\n"),
  "tools/t/h.js": ['import L from "../../src/late.js";', 'import C from "../../src/clause.js";', "", "console.log(L(1), C(2));", ""].join("\n"),
};
for (let n = 1; n <= 9; n++) FILES[`src/m${n}.ts`] = [`export default function make${n}(n: number): number {`, `  return n + ${n};`, "}", `export function help${n}(): number {`, `  return ${n};`, "}", ""].join("\n");

describe("a file the checker did not read that binds a declaration under another name makes its answer partial", () => {
  const root = gitRepo(FILES);

  test("default import, namespace import, require, import(), re-export, a barrel's alias: partial, naming the file", async () => {
    await call("index", { path: root });
    const cases: [string, string][] = [
      ["make1", "tools/t/a.js"],
      ["make2", "tools/t/b.js"],
      ["make3", "tools/t/c.cjs"],
      ["make4", "tools/t/d.js"],
      ["make5", "tools/t/e.js"],
      ["make7", "tools/t/g.js"],
      ["help8", "tools/t/g.js"],
      ["lateOne", "tools/t/h.js"],
      ["clauseOne", "tools/t/h.js"],
    ];
    for (const [symbol, file] of cases) {
      const n = await neighbors(root, symbol);
      expect({ symbol, complete: n.coverage?.complete }).toEqual({ symbol, complete: false });
      expect(n.coverage?.gaps?.map((g) => g.path)).toContain(file);
      const i = await impact(root, symbol);
      expect({ symbol, complete: i.coverage.complete }).toEqual({ symbol, complete: false });
      expect(i.coverage.line).toContain(file);
    }
  }, 180_000);

  test("a default no such file can bind stays checker-complete: `export *` forwards no default, nothing imports make9", async () => {
    for (const symbol of ["make6", "make9", "help9"]) {
      const n = await neighbors(root, symbol);
      expect({ symbol, complete: n.coverage?.complete }).toEqual({ symbol, complete: true });
    }
  }, 60_000);
});
