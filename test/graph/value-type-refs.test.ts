// An interface and a const of one name (zod's `interface ZodType` / `const ZodType = core.$constructor(…)`) are one
// symbol to the checker, but find-references from either counts only the uses of its meaning: `ZodType.init(…)` and
// `new ZodType()` are uses of the const, `x: ZodType` and `extends ZodType` of the interface. The walk recorded every
// use against both declarations: zod's answers listed the other meaning's uses (329 false lines for $ZodType's const
// alone, all saying checker-complete).

import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import { TsEngine } from "../../src/semantic/engine.ts";
import { references } from "../../src/semantic/queries.ts";
import { gitRepo } from "../helpers/repo.ts";
import { impact, impactSites, neighbors, sitesOf } from "../helpers/refs.ts";

const FILES: Record<string, string> = {
  "package.json": JSON.stringify({ name: "value-type", type: "module" }),
  "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, target: "es2022", module: "esnext", moduleResolution: "bundler", noEmit: true }, include: ["src"] }),
  "src/schema.ts": [
    "export interface Schema {", // 1
    "  parse(input: unknown): unknown;", // 2
    "}", // 3
    "export const Schema = {", // 4
    "  init(inst: Schema): void {", // 5
    "    void inst;", // 6
    "  },", // 7
    "};", // 8
    "",
  ].join("\n"),
  "src/use.ts": [
    'import { Schema } from "./schema.js";', // 1
    "", // 2
    "export function check(s: Schema): unknown {", // 3
    "  return s.parse(1);", // 4
    "}", // 5
    "export function setup(s: Schema): void {", // 6
    "  Schema.init(s);", // 7
    "}", // 8
    "export interface StringSchema extends Schema {", // 9
    "  min: number;", // 10
    "}", // 11
    "export const schemas = [Schema];", // 12
    "",
  ].join("\n"),
};

describe("an interface and a const of one name: each answer has the uses of its meaning", () => {
  const root = gitRepo(FILES);

  test("the interface's and the const's answers against the compiler's find-references", async () => {
    await call("index", { path: root });
    const engine = new TsEngine({ root });
    try {
      await engine.openProjects([join(root, ".svc", "ts", "tsconfig.json.json")]);
      for (const [line, column, uses, not] of [
        [1, 18, ["src/use.ts:3", "src/use.ts:6", "src/use.ts:9"], ["src/use.ts:7", "src/use.ts:12"]],
        [4, 14, ["src/use.ts:12", "src/use.ts:7"], ["src/use.ts:3", "src/use.ts:9"]],
      ] as const) {
        const query = `src/schema.ts:${line}`;
        const compiler = (await references(engine, join(root, "src/schema.ts"), { line, column })).map((r) => `${r.path.slice(root.length + 1)}:${r.line}`).filter((s) => s.startsWith("src/use.ts") && s !== "src/use.ts:1");
        expect({ query, compiler: [...new Set(compiler)].sort() }).toEqual({ query, compiler: [...uses] });
        const n = [...sitesOf(await neighbors(root, query))].filter((s) => s.startsWith("src/use.ts") && s !== "src/use.ts:1").sort();
        expect({ query, neighbors: n }).toEqual({ query, neighbors: [...uses] });
        const i = await impact(root, query);
        const listed = impactSites(i);
        expect({ query, impactMissing: uses.filter((s) => !listed.has(s)), impactOther: not.filter((s) => listed.has(s)) }).toEqual({ query, impactMissing: [], impactOther: [] });
      }
    } finally {
      await engine.close();
    }
  }, 180_000);
});

// A JSDoc link (`{@link $ZodCUID2}`, `{@linkcode …}`, `{@linkplain …}`, `@see …`) is read by find-references with every
// meaning: the interface's answer counts it as the const's does. The walk gave it a value's meaning, so zod's
// `interface $ZodCUID2` said checker-complete without the four `Use {@link $ZodCUID2} instead` lines.
const JSDOC: Record<string, string> = {
  "package.json": JSON.stringify({ name: "jsdoc-links", type: "module" }),
  "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, target: "es2022", module: "esnext", moduleResolution: "bundler", noEmit: true }, include: ["src"] }),
  "src/schema.ts": [
    "export interface Cuid2 {", // 1
    '  kind: "cuid2";', // 2
    "}", // 3
    'export const Cuid2: { make(): Cuid2 } = { make: () => ({ kind: "cuid2" }) };', // 4
    "",
  ].join("\n"),
  "src/use.ts": [
    'import type { Cuid2 } from "./schema.js";', // 1
    "", // 2
    "/** @deprecated Use {@link Cuid2} instead. */", // 3
    "export interface Cuid {", // 4
    '  kind: "cuid";', // 5
    "}", // 6
    "/** Prefer {@linkcode Cuid2 | the new one}. */", // 7
    "export const a = 1;", // 8
    "/** Or {@linkplain Cuid2}. */", // 9
    "export const b = 2;", // 10
    "/**", // 11
    " * @see Cuid2", // 12
    " */", // 13
    "export const c = 3;", // 14
    "",
  ].join("\n"),
};

describe("a JSDoc link references a merged interface and const alike", () => {
  const root = gitRepo(JSDOC);

  test("the interface's answer lists the links the compiler's find-references gives", async () => {
    await call("index", { path: root });
    const engine = new TsEngine({ root });
    try {
      await engine.openProjects([join(root, ".svc", "ts", "tsconfig.json.json")]);
      const links = ["src/use.ts:12", "src/use.ts:3", "src/use.ts:7", "src/use.ts:9"];
      for (const [line, column] of [
        [1, 18],
        [4, 14],
      ] as const) {
        const query = `src/schema.ts:${line}`;
        const compiler = new Set((await references(engine, join(root, "src/schema.ts"), { line, column })).map((r) => `${r.path.slice(root.length + 1)}:${r.line}`));
        expect({ query, compiler: links.filter((s) => compiler.has(s)) }).toEqual({ query, compiler: links });
        const n = await neighbors(root, query);
        expect({ query, neighbors: [...sitesOf(n)].filter((s) => s.startsWith("src/use.ts") && s !== "src/use.ts:1").sort() }).toEqual({ query, neighbors: links });
        const listed = impactSites(await impact(root, query));
        expect({ query, impactMissing: links.filter((s) => !listed.has(s)) }).toEqual({ query, impactMissing: [] });
      }
    } finally {
      await engine.close();
    }
  }, 180_000);
});
