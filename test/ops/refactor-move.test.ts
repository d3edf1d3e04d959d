// svc_refactor move-to-file with the real engine on a multi-file project: a function that
// uses an import, a type-only import and an exported constant of its file moves to its own
// file; its file imports it back (still used there, inside a callback), a barrel re-export
// and a direct import naming two names are split, a single-name import is re-pointed. The
// staged result (a new file with an empty expectedHash) is applied with svc_workspace apply
// and the project type-checks clean; a declaration using a module-private name abstains, and
// so does a constant whose move would create an import cycle evaluated at load.

import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { residentChecks } from "../../src/check/workspace.ts";
import { call } from "../../src/engine.ts";
import { refactorProject } from "../helpers/refactor-project.ts";

const TSCONFIG = JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: "es2022", module: "esnext", moduleResolution: "bundler", verbatimModuleSyntax: true }, include: ["src/**/*.ts"] });
const MONEY = [
  'import { round } from "./math";',
  'import type { Currency } from "./types";',
  "",
  "export const RATE = 2;",
  "const secret = 3;",
  "",
  "/** Price with tax. */",
  "export function price(n: number, c: Currency): number {",
  "  return round(n * RATE) + (c === \"EUR\" ? 0 : 1);",
  "}",
  "",
  "export function hidden(): number {",
  "  return secret;",
  "}",
  "",
  'export const twice = [1, 2].map((n) => price(n, "EUR") * 2);',
  "",
].join("\n");
const FILES: Record<string, string> = {
  "tsconfig.json": TSCONFIG,
  "src/math.ts": "export function round(n: number): number {\n  return Math.round(n);\n}\n",
  "src/types.ts": 'export type Currency = "EUR" | "USD";\n',
  "src/money.ts": MONEY,
  "src/index.ts": 'export { price, twice } from "./money";\n',
  "src/geometry/index.ts": "export {};\n",
  "src/ns.ts": 'import * as cyc from "./cycle";\nexport const n = cyc.triple(2);\n',
  "src/cycle.ts": "export const BASE = 2;\nexport const DOUBLE = BASE * 2;\nexport const quad = DOUBLE * 2;\nexport interface Shape {\n  side: number;\n}\nexport const unit: Shape = { side: quad };\nexport const area = (s: Shape): number => s.side * unit.side;\nexport const triple = (n: number): number => n * BASE;\nexport function nine(): number {\n  return triple(3);\n}\n",
  "src/use.ts": 'import { price } from "./money";\nimport { twice } from "./index";\nexport const a = [1].map((x) => price(x, "USD")).concat(twice);\n',
  "src/use2.ts": 'import { price, RATE } from "./money";\nexport const b = price(RATE, "EUR");\n',
};

const fx = refactorProject(FILES);
const { refactor } = fx;

describe("svc_refactor move-to-file", () => {
  test("a declaration using a module-private name abstains naming it; nothing is written", async () => {
    const r = await refactor({ operation: "move-to-file", symbol: "hidden" });
    expect(r.text).toBe("cannot move-to-file: hidden uses module-private name of src/money.ts (secret at src/money.ts:5); export it or move it first");
    const exists = await refactor({ operation: "move-to-file", symbol: "price", newName: "src/math.ts" });
    expect(exists.text).toBe("cannot move-to-file: src/math.ts already exists");
    // a name apply would refuse to create (src/math.ts differs only in case): nothing staged, so no handoff stops half-applied
    const twin = await refactor({ operation: "move-to-file", symbol: "price", newName: "src/Math.ts" });
    expect(twin.text).toBe("cannot move-to-file: svc_workspace apply would refuse src/Math.ts: 'src/math.ts' exists, a name that differs from 'Math.ts' only in case; a checkout on a case-insensitive or normalizing file system (macOS, Windows) could not hold both. Name the existing one ('src/math.ts') if it is the one meant");
    expect(twin.data.files).toBeUndefined();
    // a shell's home folder or a file: URI as the new file: staged as a folder '~' or 'file:' in the workspace
    expect(await fx.rejected({ operation: "move-to-file", symbol: "price", newName: "~/price.ts" })).toStartWith("validation_error: newName must not start with '~'");
    expect(await fx.rejected({ operation: "move-to-file", symbol: "price", newName: `file://${fx.root}/src/price.ts` })).toStartWith("validation_error: newName must be a path, not a file: URI");
    const cycle = await refactor({ operation: "move-to-file", symbol: "DOUBLE" });
    expect(cycle.text).toBe("cannot move-to-file: moving DOUBLE would make src/cycle.ts and src/DOUBLE.ts import each other and something would run at load across the cycle (DOUBLE reads BASE from src/cycle.ts; src/cycle.ts uses DOUBLE at src/cycle.ts:3), which could run before it is set");
    // An arrow the old file only calls from inside a function: the cycle runs nothing at load.
    const arrow = await refactor({ operation: "move-to-file", symbol: "triple" });
    expect(arrow.text).toStartWith("staged move-to-file: triple -> its own file");
    // Used through a namespace import (cyc.triple): the old file re-exports it.
    expect(arrow.data.files!.find((f) => f.file === "src/cycle.ts")!.content).toContain('export { triple } from "./triple";\n');
    expect(existsSync(join(fx.root, "src/hidden.ts"))).toBe(false);
  }, 120_000);

  test("a type it uses from its old file is imported as a type (verbatimModuleSyntax stays clean)", async () => {
    const r = await refactor({ operation: "move-to-file", symbol: "area", newName: "src/geometry/area.ts" });
    expect(r.data.files!.find((f) => f.file === "src/geometry/area.ts")!.content).toStartWith('import { type Shape, unit } from "../cycle";\n\nexport const area');
    const nowhere = await refactor({ operation: "move-to-file", symbol: "Shape", newName: "src/nowhere/shape.ts" });
    expect(nowhere.text).toStartWith("cannot move-to-file: the folder src/nowhere does not exist");
    const typed = await refactor({ operation: "move-to-file", symbol: "Shape", newName: "src/geometry/shape.ts" });
    expect(typed.text).toStartWith("staged");
    expect(typed.data.files!.find((f) => f.file === "src/cycle.ts")!.content).toContain('import type { Shape } from "./geometry/shape";\n');
  }, 120_000);

  test("moved with its imports, imported back, every import re-pointed or split; applied → clean", async () => {
    const r = await refactor({ operation: "move-to-file", symbol: "price" });
    expect(r.text).toStartWith("staged move-to-file: price -> its own file (5 files changed");
    const by = Object.fromEntries(r.data.files!.map((f) => [f.file, f]));
    expect(by["src/price.ts"]!.expectedHash).toBe("absent");
    expect(r.text).toContain("--- /dev/null\n+++ b/src/price.ts\n");
    expect(by["src/price.ts"]!.content).toBe(
      [
        'import { round } from "./math";',
        'import type { Currency } from "./types";',
        'import { RATE } from "./money";',
        "",
        "/** Price with tax. */",
        "export function price(n: number, c: Currency): number {",
        '  return round(n * RATE) + (c === "EUR" ? 0 : 1);',
        "}",
        "",
      ].join("\n"),
    );
    expect(by["src/money.ts"]!.content).toBe(
      [
        'import { round } from "./math";',
        'import type { Currency } from "./types";',
        'import { price } from "./price";',
        "",
        "export const RATE = 2;",
        "const secret = 3;",
        "",
        "export function hidden(): number {",
        "  return secret;",
        "}",
        "",
        'export const twice = [1, 2].map((n) => price(n, "EUR") * 2);',
        "",
      ].join("\n"),
    );
    expect(by["src/index.ts"]!.content).toBe('export { twice } from "./money";\nexport { price } from "./price";\n');
    expect(by["src/use.ts"]!.content).toStartWith('import { price } from "./price";\nimport { twice } from "./index";\n');
    expect(by["src/use2.ts"]!.content).toStartWith('import { RATE } from "./money";\nimport { price } from "./price";\n');
    expect(readFileSync(join(fx.root, "src/money.ts"), "utf8")).toBe(MONEY);
    for (const f of r.data.files!) await call("apply", { path: fx.root, file: f.file, content: f.content, expectedHash: f.expectedHash, write: true }, fx.ctx);
    const cw = (await residentChecks(fx.root, fx.ctx))!;
    const { diags } = await cw.exclusive(() => cw.workspaceDiagnostics({ exact: true }));
    expect(diags.filter((d) => d.severity === "error")).toEqual([]);
    expect(await cw.files()).toContain("src/price.ts");
  }, 120_000);
});
