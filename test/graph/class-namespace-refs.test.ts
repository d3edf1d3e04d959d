// A class merged with a namespace (`class Box` and `declare namespace Box { interface Opts }`): find-references searches
// from a declaration with its meanings grown by every merged declaration sharing one — a class is a value and a type, a
// namespace of types alone a namespace only, so they share none: `Box.Opts` is the namespace's reference alone, `new Box()`
// and `y: Box` the class's. A namespace holding values (`namespace Money { export const zero }`) shares the value with
// the class: every use is both's. neighbors and impact listed `Box.Opts` for the class and `new Box()` for the namespace.

import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import { TsEngine } from "../../src/semantic/engine.ts";
import { references } from "../../src/semantic/queries.ts";
import { gitRepo } from "../helpers/repo.ts";
import { impact, impactSites, neighbors, sitesOf } from "../helpers/refs.ts";

const FILES: Record<string, string> = {
  "package.json": JSON.stringify({ name: "class-namespace", type: "module" }),
  "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, target: "es2022", module: "esnext", moduleResolution: "bundler", noEmit: true }, include: ["src"] }),
  "src/money.ts": [
    "export class Money {", // 1
    "  amount = 0;", // 2
    "}", // 3
    "export namespace Money {", // 4
    "  export const zero = 1;", // 5
    "  export interface Shape { a: number }", // 6
    "}", // 7
    "export class Box {", // 8
    "  size = 0;", // 9
    "}", // 10
    "export declare namespace Box {", // 11
    "  // a namespace of types alone", // 12
    "  interface Opts { b: number }", // 13
    "  type Size = Box | number;", // 14
    "}", // 15
    "",
  ].join("\n"),
  "src/use.ts": [
    'import { Money, Box } from "./money.js";', // 1
    "export const z = Money.zero;", // 2
    "export const m = new Money();", // 3
    "export type S = Money.Shape;", // 4
    "export const b = new Box();", // 5
    "export type O = Box.Opts;", // 6
    "export function f(x: Money, y: Box): number { return x.amount + y.size; }", // 7
    "",
  ].join("\n"),
};

const lines = (sites: Iterable<string>) => [...new Set([...sites].filter((s) => s.startsWith("src/use.ts")))].sort();

describe("a class merged with a namespace", () => {
  const root = gitRepo(FILES);

  test("neighbors and impact give each declaration the uses find-references gives it", async () => {
    await call("index", { path: root });
    const engine = new TsEngine({ root });
    try {
      await engine.openProjects([join(root, ".svc", "ts", "tsconfig.json.json")]);
      const compiler = async (line: number, column: number) => lines((await references(engine, join(root, "src/money.ts"), { line, column })).map((r) => `${r.path.slice(root.length + 1)}:${r.line}`));
      const cases: [string, number, number][] = [["src/money.ts:1", 1, 14], ["src/money.ts:4", 4, 18], ["src/money.ts:8", 8, 14], ["src/money.ts:11", 11, 26]];
      for (const [query, line, column] of cases) {
        const expected = await compiler(line, column);
        const n = await neighbors(root, query);
        expect({ query, sites: lines(sitesOf(n)) }).toEqual({ query, sites: expected });
        const i = await impact(root, query);
        expect({ query, sites: lines(impactSites(i)) }).toEqual({ query, sites: expected });
      }
      // the namespace of types alone and the class share no use
      expect(await compiler(8, 14)).toEqual(["src/use.ts:5", "src/use.ts:7"]);
      expect(await compiler(11, 26)).toEqual(["src/use.ts:6"]);
      // the namespace holding values shares every use with its class
      expect(await compiler(1, 14)).toEqual(["src/use.ts:2", "src/use.ts:3", "src/use.ts:4", "src/use.ts:7"]);
    } finally {
      await engine.close();
    }
  }, 180_000);
});
