// An index mode partial for reasons of one corner of the workspace — a JavaScript package outside every tsconfig, an
// import of an untyped package — made every neighbors/impact answer partial ("index mode partial: svc doctor says what is
// missing"), whatever the symbol: honest, and useless. The claim is made per answer: complete when no file that could refer
// to the symbol (mentions its name, or imports its file) lies outside every project or has an import that did not resolve;
// partial otherwise, naming those files and why.

import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import { TsEngine } from "../../src/semantic/engine.ts";
import { references } from "../../src/semantic/queries.ts";
import { gitRepo } from "../helpers/repo.ts";
import { impact, impactSites, neighbors, sitesOf } from "../helpers/refs.ts";

const FILES: Record<string, string> = {
  "package.json": JSON.stringify({ name: "scoped", type: "module", private: true, workspaces: ["tools/*"] }),
  "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, target: "es2022", module: "esnext", moduleResolution: "bundler", noEmit: true }, include: ["src"] }),
  "src/shapes.ts": [
    "export function area(r: number): number {", // 1
    "  return r * r;", // 2
    "}", // 3
    "export function volume(r: number): number {", // 4
    "  return r * r * r;", // 5
    "}", // 6
    "export function perimeter(r: number): number {", // 7
    "  return 4 * r;", // 8
    "}", // 9
    "export class Shape {", // 10
    "  size(): number {", // 11
    "    return 1;", // 12
    "  }", // 13
    "  name(): string {", // 14
    '    return "shape";', // 15
    "  }", // 16
    "}", // 17
    "",
  ].join("\n"),
  "src/use.ts": [
    'import { area, volume, Shape } from "./shapes.js";', // 1
    "", // 2
    "export const a = area(1);", // 3
    "export const v = volume(2);", // 4
    "export const n = new Shape().name();", // 5
    "",
  ].join("\n"),
  // a file of the project with an untyped package: what `Chart` gives is `any`, a use through it no reference
  "src/widget.ts": [
    '// @ts-ignore untyped', // 1
    'import Chart from "untyped-chart";', // 2
    'import { perimeter, Shape } from "./shapes.js";', // 3
    "", // 4
    "export const c = Chart.plot(perimeter(2));", // 5
    "export const s = Chart.hold(new Shape()).size();", // 6
    "",
  ].join("\n"),
  // a JavaScript package no tsconfig holds
  "tools/stray/package.json": JSON.stringify({ name: "stray", private: true, type: "module" }),
  "tools/stray/index.js": ['import { area } from "../../src/shapes.js";', "", "console.log(area(3));", ""].join("\n"),
};

describe("an index mode partial for one corner: each answer weighs only the files that could refer to its symbol", () => {
  const root = gitRepo(FILES);

  test("the workspace is partial; a symbol no such file could refer to is checker-complete, with the compiler's references", async () => {
    await call("index", { path: root });
    const doctor = (await call("doctor", { path: root })).text;
    expect(doctor).toContain("index mode partial");
    expect(doctor).toContain("untyped-chart");
    const engine = new TsEngine({ root });
    try {
      await engine.openProjects([join(root, ".svc", "ts", "tsconfig.json.json")]);
      const compiler = (await references(engine, join(root, "src/shapes.ts"), { line: 4, column: 17 })).map((r) => `${r.path.slice(root.length + 1)}:${r.line}`);
      expect(compiler).toContain("src/use.ts:4");
      const n = await neighbors(root, "volume");
      expect(sitesOf(n).has("src/use.ts:4")).toBe(true);
      expect(n.coverage?.complete).toBe(true);
      expect(n.coverage?.line).toContain("checker-complete");
      const i = await impact(root, "volume");
      expect(impactSites(i).has("src/use.ts:4")).toBe(true);
      expect(i.coverage?.complete).toBe(true);
      // the unresolved line is the answer's too: the workspace's untyped import and stray package could not bind `volume`
      expect(i.coverage.unresolved).toBeNull();
      expect(i.coverage.line).not.toContain("unresolved");
      // a member no such file mentions
      expect((await neighbors(root, "Shape.name")).coverage?.complete).toBe(true);
    } finally {
      await engine.close();
    }
  }, 180_000);

  test("a symbol the stray package uses is partial, naming the file outside every project", async () => {
    const n = await neighbors(root, "area");
    expect(n.coverage?.complete).toBe(false);
    expect(n.coverage?.line).toContain("tools/stray/index.js");
    expect(n.coverage?.line).not.toContain("index mode partial");
    const i = await impact(root, "area");
    expect(i.coverage?.complete).toBe(false);
    expect(i.coverage.unresolved).toBe("unresolved in scope (could bind it): 1 file outside every project (svc doctor)");
  }, 60_000);

  test("a symbol a file with an unresolved import could refer to is partial, naming the file and the import", async () => {
    const n = await neighbors(root, "perimeter");
    expect(n.coverage?.complete).toBe(false);
    expect(n.coverage?.line).toContain("src/widget.ts:3 ('untyped-chart')");
    // a member reached through what the untyped package returns: the checker sees `any`, the compiler with the package's types would not
    const size = await neighbors(root, "Shape.size");
    expect(size.coverage?.complete).toBe(false);
    expect(size.coverage?.line).toContain("src/widget.ts:6 ('untyped-chart')");
    const i = await impact(root, "Shape.size");
    expect(i.coverage?.complete).toBe(false);
    expect(i.coverage?.line).toContain("src/widget.ts");
    expect(i.coverage.unresolved).toBe("unresolved in scope (could bind it): 1 file whose imports did not all resolve ('untyped-chart') (svc doctor)");
  }, 60_000);
});
