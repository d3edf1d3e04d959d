// A file outside every project that binds a declaration under another name — `import Other from "./x"` of its default
// export, `import * as ns` then `ns.default`, a bare require or import() then `.default`, `export { default as Y } from`, a
// barrel's alias, a default exported by a later statement — is a dependent of it: impact listed none of them (the walk
// looked for importers of the declaration's own name), though h139 made them count against the answer's completeness.
// They are listed at the line of the use, and their importers at hop 2; a file importing the module for another name is not.

import { describe, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import type { ImpactData } from "../../src/ops/impact.ts";
import { gitRepo } from "../helpers/repo.ts";
import { neighbors } from "../helpers/refs.ts";

const FILES: Record<string, string> = {
  "package.json": JSON.stringify({ name: "binding", type: "module", private: true, workspaces: ["tools/*"] }),
  "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, target: "es2022", module: "esnext", moduleResolution: "bundler", noEmit: true }, include: ["src"] }),
  "src/barrel.ts": ['export { default as Made } from "./m7.js";', 'export { help8 as assist } from "./m8.js";', ""].join("\n"),
  "src/late.ts": ["function lateOne(n: number): number {", "  return n;", "}", "export default lateOne;", ""].join("\n"),
  "src/clause.ts": ["function clauseOne(n: number): number {", "  return n;", "}", "export { clauseOne as default };", ""].join("\n"),
  // inside the project: the checker resolves each binding
  "src/in/a.ts": ['import Other from "../m1.js";', "", "export const a = Other(3);", ""].join("\n"),
  "src/in/hop2.ts": ['import { a } from "./a.js";', "", "export const all = a + 1;", ""].join("\n"),
  // outside every project
  "tools/t/package.json": JSON.stringify({ name: "t", private: true, type: "module" }),
  "tools/t/a.js": ['import Other from "../../src/m1.js";', "", "export const a = Other(3);", ""].join("\n"),
  "tools/t/b.js": ['import * as ns from "../../src/m2.js";', "", "export const b = ns.default(3);", ""].join("\n"),
  "tools/t/c.cjs": ['const m = require("../../src/m3.js");', "", "module.exports = { c: m.default(3) };", ""].join("\n"),
  "tools/t/d.js": ['const m = await import("../../src/m4.js");', "", "export const d = m.default(3);", ""].join("\n"),
  "tools/t/e.js": ['export { default as Y } from "../../src/m5.js";', ""].join("\n"),
  "tools/t/e2.js": ['import { Y } from "./e.js";', "", "export const e2 = Y(1);", ""].join("\n"),
  // `export *` forwards no default
  "tools/t/f.js": ['export * from "../../src/m6.js";', ""].join("\n"),
  "tools/t/g.js": ['import { Made } from "../../src/barrel.js";', 'import { assist } from "../../src/barrel.js";', "", "export const g = Made(1) + assist();", ""].join("\n"),
  "tools/t/h.js": ['import L from "../../src/late.js";', 'import C from "../../src/clause.js";', "", "export const h = L(1) + C(2);", ""].join("\n"),
  "tools/t/hop2.js": ['import { a } from "./a.js";', 'import { b } from "./b.js";', 'import c from "./c.cjs";', 'import { d } from "./d.js";', 'import { e2 } from "./e2.js";', 'import { g } from "./g.js";', 'import { h } from "./h.js";', "", "console.log(a, b, c, d, e2, g, h);", ""].join("\n"),
  // importing the modules for other names
  "tools/t/noise.js": ['import { help1 } from "../../src/m1.js";', 'import * as ns from "../../src/m2.js";', 'const r = require("../../src/m3.js");', 'const q = await import("../../src/m4.js");', "", "console.log(help1(), ns.help2(), r.help3(), q.help4());", ""].join("\n"),
};
for (let n = 1; n <= 9; n++) FILES[`src/m${n}.ts`] = [`export default function make${n}(n: number): number {`, `  return n + ${n};`, "}", `export function help${n}(): number {`, `  return ${n};`, "}", ""].join("\n");

async function dependents(root: string, symbol: string): Promise<string[]> {
  const data = (await call("impact", { path: root, symbol, depth: 3 })).data as unknown as ImpactData;
  return data.dependents.filter((d) => d.path.startsWith("tools/")).map((d) => `${d.hop} ${d.path}:${d.line}`);
}

describe("files outside every project binding a declaration under another name are its dependents", () => {
  const root = gitRepo(FILES);

  test("each binding form is a dependent at the line of its use, its importers at the next hop; other names' importers are not", async () => {
    await call("index", { path: root });
    const cases: [string, string[]][] = [
      ["make1", ["1 tools/t/a.js:3", "2 tools/t/hop2.js:1"]],
      ["make2", ["1 tools/t/b.js:3", "2 tools/t/hop2.js:2"]],
      ["make3", ["1 tools/t/c.cjs:3", "2 tools/t/hop2.js:3"]],
      ["make4", ["1 tools/t/d.js:3", "2 tools/t/hop2.js:4"]],
      ["make5", ["1 tools/t/e.js:1", "2 tools/t/e2.js:3", "3 tools/t/hop2.js:5"]],
      ["make7", ["2 tools/t/g.js:4", "3 tools/t/hop2.js:6"]],
      ["help8", ["2 tools/t/g.js:4", "3 tools/t/hop2.js:6"]],
      ["lateOne", ["1 tools/t/h.js:4", "2 tools/t/hop2.js:7"]],
      ["clauseOne", ["1 tools/t/h.js:4", "2 tools/t/hop2.js:7"]],
      // `export *` forwards no default: f.js takes no make6
      ["make6", []],
      ["help1", ["1 tools/t/noise.js:6"]],
    ];
    // every form at once: a failure shows each one missed
    const got: Record<string, string[]> = {};
    for (const [symbol] of cases) got[symbol] = (await dependents(root, symbol)).sort();
    expect(got).toEqual(Object.fromEntries(cases));
  }, 180_000);

  test("inside the project the checker's edges list the renamed binding and its dependents", async () => {
    const data = (await call("impact", { path: root, symbol: "make1", depth: 3 })).data as unknown as ImpactData;
    const inside = data.dependents.filter((d) => d.path.startsWith("src/")).map((d) => `${d.hop} ${d.from ?? "(module)"} ${d.path}:${d.line}`);
    expect(inside).toEqual(["1 a src/in/a.ts:3", "2 all src/in/hop2.ts:3", "2 (module) src/in/hop2.ts:1"]);
  }, 60_000);

  test("neighbors names the outside importers binding it, and not those importing other names", async () => {
    const n = await neighbors(root, "make1");
    expect(n.outsideImporters).toEqual(["tools/t/a.js", "tools/t/hop2.js"]);
    for (const symbol of ["make2", "make3", "make4"]) expect({ symbol, noise: (await neighbors(root, symbol)).outsideImporters?.includes("tools/t/noise.js") }).toEqual({ symbol, noise: false });
  }, 60_000);
});
