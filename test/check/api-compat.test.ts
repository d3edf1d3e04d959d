// Review's public API delta through the checker, on a real repository with the real
// compiler: an added optional parameter is compatible (not BREAKING), a removed or retyped
// parameter is BREAKING by the checker's own verdict, an interface that gains an optional
// property is compatible, and what the checker does not compare (a class as a whole) says
// it was compared as text.

import { describe, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import type { ReviewData } from "../../src/ops/review.ts";
import { useRuntimeDir } from "../helpers/host.ts";
import { git, gitRepo, writeFiles } from "../helpers/repo.ts";

const TSCONFIG = JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: "es2022", module: "esnext", moduleResolution: "bundler" }, include: ["src"] });
const MATH = [
  "export function add(a: number, b: number): number {",
  "  return a + b;",
  "}",
  "export function scale(n: number, by: number): number {",
  "  return n * by;",
  "}",
  "export const twice = (n: number): number => n * 2;",
  "export interface Options {",
  "  precise: boolean;",
  "}",
  "export class Meter {",
  "  read(): number {",
  "    return 1;",
  "  }",
  "}",
  "",
].join("\n");

describe("review's API delta through the checker", () => {
  test("optional parameter added: compatible; parameter removed or retyped: BREAKING; each entry says how it was compared", async () => {
    useRuntimeDir();
    const root = gitRepo({ "tsconfig.json": TSCONFIG, "src/math.ts": MATH });
    writeFiles(root, {
      "src/math.ts": MATH.replace("export function add(a: number, b: number): number {", "export function add(a: number, b: number, c?: number): number {")
        .replace("export function scale(n: number, by: number): number {", "export function scale(n: number): number {")
        .replace("  return n * by;", "  return n * 2;")
        .replace("export const twice = (n: number): number => n * 2;", "export const twice = (n: string): number => n.length * 2;")
        .replace("  precise: boolean;", "  precise: boolean;\n  digits?: number;")
        .replace("export class Meter {", "export class Meter implements Options {\n  precise = true;"),
    });
    git(root, "add", "-A");
    const r = await call("review", { path: root, changedSince: "HEAD" }, { cwd: "/" });
    const delta = (r.data as unknown as ReviewData).apiDelta;
    const by = (name: string) => delta.find((d) => d.name === name);
    expect(by("add")).toMatchObject({ kind: "signature", breaking: false, compared: "checker", evidence: "checker: code written against the old declaration still type-checks" });
    expect(by("scale")).toMatchObject({ kind: "signature", breaking: true, compared: "checker" });
    expect(by("scale")?.evidence).toMatch(/^checker: code written against the old declaration no longer type-checks \(Expected 1 arguments?, but got 2/);
    expect(by("twice")).toMatchObject({ kind: "signature", breaking: true, compared: "checker" });
    expect(by("Options")).toBeUndefined(); // the interface's header did not change; its new member is listed on its own
    expect(by("Options.digits")).toMatchObject({ kind: "added", breaking: false, compared: "text" });
    expect(by("Meter")).toMatchObject({ kind: "signature", breaking: true, compared: "text", evidence: "compared as text: a class is compared as text (its members are compared one by one)" });
    expect(r.text).toContain("  additive signature change (compatible): add (src/math.ts) [checker] — was `export function add(a: number, b: number): number`");
    expect(r.text).toContain("  BREAKING signature changed: scale (src/math.ts) [checker]");
    // Nothing the probe used is left behind.
    expect(git(root, "status", "--porcelain")).toBe("M  src/math.ts\n");
  }, 120_000);

  test("type aliases are compared both ways; an instance method by its calls; a static member stays text", async () => {
    useRuntimeDir();
    const CLS = "export class Grid {\n  static of(n: number): Grid {\n    return new Grid();\n  }\n  cell(x: number): number {\n    return x;\n  }\n}\n";
    const root = gitRepo({ "tsconfig.json": TSCONFIG, "src/shape.ts": `export type Point = { x: number; y: number };\nexport type Pair = [number, number];\n${CLS}` });
    writeFiles(root, { "src/shape.ts": `export type Point = { x: number; y: number; label?: string };\nexport type Pair = [number, string];\n${CLS.replace("of(n: number)", "of(n: number, m?: number)").replace("cell(x: number)", "cell(x: number, y = 0)")}` });
    const r = await call("review", { path: root, changedSince: "HEAD" }, { cwd: "/" });
    const delta = (r.data as unknown as ReviewData).apiDelta;
    expect(delta.find((d) => d.name === "Point")).toMatchObject({ breaking: false, compared: "checker" });
    expect(delta.find((d) => d.name === "Pair")).toMatchObject({ breaking: true, compared: "checker" });
    expect(delta.find((d) => d.name === "Grid.cell")).toMatchObject({ breaking: false, compared: "checker" });
    expect(delta.find((d) => d.name === "Grid.of")).toMatchObject({ breaking: true, compared: "text", evidence: "compared as text: not an instance member the checker can address (static, or declared elsewhere)" });
  }, 120_000);
});
