// A rename the engine keeps out of a module's public name says so. The language service
// renames a symbol and, where a module re-exports it, keeps that module's exported name with
// an alias (`export { cost as price } from "./a"`) so its importers are left as they are. On
// xstate, renaming createAtomConfig staged two files of @xstate/store — its index now
// `export { defineAtomConfig as createAtomConfig }` — and the twelve files of six packages
// that import createAtomConfig through it went unnamed: "staged rename: createAtomConfig ->
// defineAtomConfig (2 files changed)" read as the whole rename.

import { describe, expect, test } from "bun:test";
import { refactorProject } from "../helpers/refactor-project.ts";

const TSCONFIG = JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: "es2022", module: "esnext", moduleResolution: "bundler" }, include: ["src/**/*.ts"] });
const fx = refactorProject({
  "tsconfig.json": TSCONFIG,
  "src/a.ts": "export function price(n: number): number {\n  return n * 2;\n}\n",
  "src/index.ts": 'export { price } from "./a";\n',
  "src/b.ts": 'import { price } from "./index";\nexport const total = price(3);\n',
  "src/c.ts": 'import { price } from "./a";\nconst point = { price };\nexport const p = point.price(1);\n',
});

describe("svc_refactor rename through a re-export", () => {
  test("the module that keeps the old exported name and its importers that still use it are named", async () => {
    const { text, data } = await fx.refactor({ operation: "rename", symbol: "price", newName: "cost" });
    expect(data.status).toBe("staged");
    expect(data.files?.find((f) => f.file === "src/index.ts")?.content).toBe('export { cost as price } from "./a";\n');
    expect(data.keptName).toEqual([{ file: "src/index.ts", name: "price", users: ["src/b.ts"] }]);
    expect(text).toContain("\npublic name kept: src/index.ts re-exports it as 'price' (the engine keeps the name a module exports); 1 file importing it still uses 'price' (src/b.ts); to rename the public name too, edit that export and its importers\n");
    // a shorthand property keeps its name with an alias too, and that is no public name
    expect(data.files?.find((f) => f.file === "src/c.ts")?.content).toContain("const point = { price: cost };");
  }, 120_000);

  test("a rename no module re-exports has no such line", async () => {
    const { text, data } = await fx.refactor({ operation: "rename", symbol: "total", newName: "sum" });
    expect(data.status).toBe("staged");
    expect(data.keptName).toBeUndefined();
    expect(text).not.toContain("public name kept");
  }, 120_000);
});
