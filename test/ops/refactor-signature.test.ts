// svc_refactor's parameter operations on a multi-file project with the real engine: an
// interface family (Shape with two implementations, called through the interface inside a
// callback), a function re-exported under another name and called through the alias inside
// a callback. Each staged result is applied with svc_workspace apply, one after the other,
// and the whole project type-checks clean after each; each operation also abstains once,
// naming the site, without writing anything.

import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import { refactorProject } from "../helpers/refactor-project.ts";

const TSCONFIG = JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: "es2022", module: "esnext", moduleResolution: "bundler" }, include: ["src/**/*.ts"] });
const FILES: Record<string, string> = {
  "tsconfig.json": TSCONFIG,
  "src/shape.ts": [
    "export interface Shape {",
    "  area(scale: number, unit: string): number;",
    "}",
    "export class Square implements Shape {",
    "  constructor(private side: number) {}",
    "  area(scale: number, unit: string): number {",
    "    return this.side * this.side * scale;",
    "  }",
    "}",
    "export class Circle implements Shape {",
    "  area(scale: number, unit: string): number {",
    "    return 3 * scale;",
    "  }",
    "}",
    "",
  ].join("\n"),
  "src/price.ts": "export function price(n: number, rate: number, note: string): number {\n  return n * rate + note.length;\n}\n",
  "src/index.ts": 'export { Square, Circle } from "./shape";\nexport type { Shape } from "./shape";\nexport { price as cost } from "./price";\n',
  "src/use.ts": [
    'import { cost, Square } from "./index";',
    'import type { Shape } from "./shape";',
    'export const totals = [1, 2].map((x) => cost(x, 2, "a"));',
    "export function sum(shapes: Shape[]): number {",
    '  return shapes.reduce((acc, s) => acc + s.area(2, "cm"), 0);',
    "}",
    'export const one = new Square(1).area(\n  1,\n  "m",\n);',
    "",
  ].join("\n"),
  "src/other.ts": [
    "export function twice(n: number): number {",
    "  return n * 2;",
    "}",
    "export const doubled = [1, 2].map(twice);",
    "export function tag(): string {",
    '  return "t";',
    "}",
    "export function log(msg: string, label: string): string {",
    "  return msg;",
    "}",
    'export const logged = log("a", tag());',
    "export function pair(a: number, b: number): number {",
    "  return a - b;",
    "}",
    "const args: [number, number] = [1, 2];",
    "export const p = pair(...args);",
    "export function joined(...parts: string[]): string {",
    '  return parts.join("");',
    "}",
    "export const typed: (a: number, b: number) => number = (a, b) => a + b;",
    "export const t = typed(1, 2);",
    "",
  ].join("\n"),
};

const fx = refactorProject(FILES);
const { refactor, disk, rejected, applyAll } = fx;

describe("svc_refactor parameter operations", () => {
  test("abstentions name the site and write nothing: used in the body, side-effecting argument, value use, rest, spread", async () => {
    const used = await refactor({ operation: "remove-parameter", symbol: "area", containingType: "Shape", parameterName: "scale" });
    expect(used.data.status).toBe("refused");
    expect(used.text).toMatch(/^cannot remove-parameter: parameter scale is used in the body at src\/shape\.ts:7/);
    const effect = await refactor({ operation: "remove-parameter", symbol: "log", parameterName: "label" });
    expect(effect.text).toBe("cannot remove-parameter: a call passes a side-effecting argument for label at src/other.ts:11 (tag()); removing it would drop the effect");
    const value = await refactor({ operation: "add-parameter", symbol: "twice", parameterName: "k", parameterType: "number", argument: "1" });
    expect(value.text).toBe("cannot add-parameter: twice is used as a value (a callback, bind, typeof or property) at src/other.ts:4; the calls made through it cannot be edited");
    const spread = await refactor({ operation: "reorder-parameters", symbol: "pair", newOrder: "b, a" });
    expect(spread.text).toBe("cannot reorder-parameters: spread arguments at src/other.ts:16");
    const rest = await refactor({ operation: "add-parameter", symbol: "joined", parameterName: "sep" });
    expect(rest.text).toBe("cannot add-parameter: joined ends with a rest parameter; a parameter cannot follow it");
    const annotated = await refactor({ operation: "reorder-parameters", symbol: "typed", newOrder: "b, a" });
    expect(annotated.text).toBe("cannot reorder-parameters: typed takes its signature from a type annotation (src/other.ts:20); change it by hand");
    const unknown = await refactor({ operation: "remove-parameter", symbol: "price", parameterName: "nope" });
    expect(unknown.text).toBe("cannot remove-parameter: price has no parameter named nope (parameters: n, rate, note)");
    expect(disk("src/other.ts")).toBe(FILES["src/other.ts"]!);
    expect(disk("src/shape.ts")).toBe(FILES["src/shape.ts"]!);
  }, 120_000);

  test("bad input is a validation_error", async () => {
    expect(await rejected({ operation: "add-parameter", symbol: "price" })).toStartWith("validation_error: add-parameter needs parameterName");
    expect(await rejected({ operation: "remove-parameter", parameterName: "n" })).toStartWith("validation_error: remove-parameter needs symbol");
    expect(await rejected({ operation: "reorder-parameters", symbol: "price" })).toStartWith("validation_error: reorder-parameters needs newOrder");
    expect(await rejected({ operation: "reorder-parameters", symbol: "price", newOrder: "a,,b" })).toStartWith("validation_error: reorder-parameters needs newOrder");
  }, 60_000);

  test("remove-parameter across an interface family and calls through the interface in a callback; applied → clean", async () => {
    const r = await refactor({ operation: "remove-parameter", symbol: "area", containingType: "Shape", parameterName: "unit" });
    expect(r.text).toStartWith("staged remove-parameter: Shape.area (unit) (2 files changed, not written to disk)");
    const shape = r.data.files!.find((f) => f.file === "src/shape.ts")!.content;
    expect(shape).toContain("  area(scale: number): number;\n");
    expect(shape.match(/area\(scale: number\): number \{/g)?.length).toBe(2);
    const use = r.data.files!.find((f) => f.file === "src/use.ts")!.content;
    expect(use).toContain("acc + s.area(2), 0)");
    expect(use).toContain("new Square(1).area(\n  1,\n);");
    expect(disk("src/shape.ts")).toBe(FILES["src/shape.ts"]!);
    // Asked from one implementation, the whole family changes the same way.
    const fromSquare = await refactor({ operation: "remove-parameter", symbol: "area", containingType: "Square", parameterName: "unit" });
    expect(fromSquare.data.files?.map((f) => f.content)).toEqual(r.data.files!.map((f) => f.content));
    expect(await applyAll(r.data)).toEqual([]);
  }, 120_000);

  test("add-parameter through a re-export alias and a callback; applied → clean", async () => {
    const r = await refactor({ operation: "add-parameter", symbol: "price", parameterName: "currency", parameterType: "string", argument: '"EUR"' });
    expect(r.data.status).toBe("staged");
    expect(r.data.files!.map((f) => f.file)).toEqual(["src/price.ts", "src/use.ts"]);
    expect(r.data.files![0]!.content).toStartWith("export function price(n: number, rate: number, note: string, currency: string): number {");
    expect(r.data.files![1]!.content).toContain('map((x) => cost(x, 2, "a", "EUR"))');
    expect(await applyAll(r.data)).toEqual([]);
  }, 120_000);

  test("reorder-parameters on the signature and every call; applied → clean", async () => {
    const r = await refactor({ operation: "reorder-parameters", symbol: "price", newOrder: "currency, n, rate, note" });
    expect(r.data.status).toBe("staged");
    expect(r.data.files![0]!.content).toStartWith("export function price(currency: string, n: number, rate: number, note: string): number {");
    expect(r.data.files![1]!.content).toContain('map((x) => cost("EUR", x, 2, "a"))');
    expect(await applyAll(r.data)).toEqual([]);
  }, 120_000);
});
