// Two ways zod's answers said checker-complete (or "none") while the compiler's find-references had uses:
// - a declaration exported under another name (`const _null = …; export { _null as null }`) used as `regexes.null`:
//   the walk sent only declared names to the checker, and `null` is none;
// - heritage through a type alias (`interface ZodJSONSchema extends _ZodJSONSchema`, `type _ZodJSONSchema =
//   ZodUnion<…>`): find-references joins `ZodJSONSchema._zod` to `$ZodType._zod` through the alias. The walk follows
//   an alias the checker resolves to a class or interface (the second describe); one it does not (`Partial<Union>`, a
//   mapped type) leaves both answers partial, with where.

import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import { TsEngine } from "../../src/semantic/engine.ts";
import { references } from "../../src/semantic/queries.ts";
import { gitRepo, writeFiles } from "../helpers/repo.ts";
import { impact, neighbors, sitesOf } from "../helpers/refs.ts";

const FILES: Record<string, string> = {
  "package.json": JSON.stringify({ name: "alias-refs", type: "module" }),
  "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, target: "es2022", module: "esnext", moduleResolution: "bundler", noEmit: true }, include: ["src"] }),
  "src/regexes.ts": ["const _null: RegExp = /^null$/;", "export { _null as null };", ""].join("\n"),
  "src/types.ts": [
    "export interface Internals {", // 1
    "  output: unknown;", // 2
    "}", // 3
    "export interface Schema<I extends Internals = Internals> {", // 4
    "  _zod: I;", // 5
    "}", // 6
    "export interface Union extends Schema {", // 7
    "  options: string[];", // 8
    "}", // 9
    "type _Json = Partial<Union>;", // 10
    "export interface Json extends _Json {", // 11
    "  _zod: Internals;", // 12
    "}", // 13
    "export interface Other extends Schema {", // 14
    "  _zod: Internals;", // 15
    "}", // 16
    "",
  ].join("\n"),
  "src/use.ts": [
    'import * as regexes from "./regexes.js";', // 1
    'import type { Json } from "./types.js";', // 2
    "", // 3
    "export const pattern = regexes.null;", // 4
    "export function internals(j: Json): unknown {", // 5
    "  return j._zod;", // 6
    "}", // 7
    "",
  ].join("\n"),
};

describe("uses through export renames and type aliases", () => {
  const root = gitRepo(FILES);

  test("the compiler's uses are listed, or the answer is partial and says where", async () => {
    await call("index", { path: root });
    const engine = new TsEngine({ root });
    try {
      await engine.openProjects([join(root, ".svc", "ts", "tsconfig.json.json")]);
      const sites = async (path: string, line: number, column: number) => (await references(engine, join(root, path), { line, column })).map((r) => `${r.path.slice(root.length + 1)}:${r.line}`);
      // `regexes.null` is a use of `_null`: listed, the answer complete
      expect(await sites("src/regexes.ts", 1, 7)).toContain("src/use.ts:4");
      const n = await neighbors(root, "src/regexes.ts:1");
      expect(sitesOf(n).has("src/use.ts:4")).toBe(true);
      // `j._zod` on Json is a use of Schema._zod to the compiler (through the alias): not listed, so the answers are partial
      expect(await sites("src/types.ts", 5, 3)).toContain("src/use.ts:6");
      const base = await neighbors(root, "src/types.ts:5");
      expect(sitesOf(base).has("src/use.ts:6") || base.coverage?.complete === false).toBe(true);
      expect(base.coverage?.gaps).toContainEqual(expect.objectContaining({ path: "src/types.ts", line: 12, why: "alias-heir", base: "_Json" }));
      expect((await impact(root, "src/types.ts:5")).coverage.complete).toBe(false);
      // and so is a sibling's: Other._zod joins Json._zod through Schema._zod
      expect(await sites("src/types.ts", 15, 3)).toContain("src/use.ts:6");
      const sibling = await neighbors(root, "src/types.ts:15");
      expect(sitesOf(sibling).has("src/use.ts:6") || sibling.coverage?.complete === false).toBe(true);
      // and Json._zod's own answer: its heritage goes through an alias the index holds no members of
      const heir = await neighbors(root, "src/types.ts:12");
      expect(heir.coverage?.complete).toBe(false);
      expect(heir.coverage?.gaps).toContainEqual(expect.objectContaining({ why: "outside-base", base: "_Json" }));
    } finally {
      await engine.close();
    }
  }, 180_000);

  test("a rename added after the first walk is walked too (the aliases are read again for a changed file only)", async () => {
    await call("index", { path: root });
    writeFiles(root, {
      "src/regexes.ts": ["const _null: RegExp = /^null$/;", "const _undef: RegExp = /^undefined$/;", "export { _null as null, _undef as undefinedValue };", ""].join("\n"),
      "src/late.ts": ['import * as regexes from "./regexes.js";', "", "export const late = regexes.undefinedValue;", ""].join("\n"),
    });
    await call("index", { path: root });
    const n = await neighbors(root, "src/regexes.ts:2");
    expect(sitesOf(n).has("src/late.ts:3")).toBe(true);
  }, 180_000);
});

// zod's `interface ZodJSONSchemaInternals extends _ZodJSONSchemaInternals` with `type _ZodJSONSchemaInternals =
// _ZodJSONSchema["_zod"]` and `type _ZodJSONSchema = ZodUnion<…>`: the compiler's heritage is ZodUnionInternals, whose
// base $ZodUnionInternals declares `output`; find-references from `$ZodUnionInternals.output` gives the heir's `output`
// and its uses. The walk recorded only the alias as written, so that answer said "none (checker-complete)".
const RESOLVED: Record<string, string> = {
  "package.json": JSON.stringify({ name: "alias-heritage", type: "module" }),
  "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, target: "es2022", module: "esnext", moduleResolution: "bundler", noEmit: true }, include: ["src"] }),
  "src/core.ts": [
    "export interface UnionInternals<T = unknown> {", // 1
    "  output: unknown;", // 2
    "}", // 3
    "export interface Schema<I extends UnionInternals = UnionInternals> {", // 4
    "  _zod: I;", // 5
    "}", // 6
    "export interface Union<T> extends Schema<UnionInternals<T>> {", // 7
    "  options: T;", // 8
    "}", // 9
    "export interface Extra {", // 10
    "  extra: number;", // 11
    "}", // 12
    "",
  ].join("\n"),
  "src/json.ts": [
    'import type { Extra, Union, UnionInternals } from "./core.js";', // 1
    "", // 2
    "type _JsonSchema = Union<string[]>;", // 3
    'type _JsonInternals = _JsonSchema["_zod"];', // 4
    "export interface JsonInternals extends _JsonInternals {", // 5
    "  output: string;", // 6
    "}", // 7
    "type Both = UnionInternals & Extra;", // 8
    "export interface Mixed extends Both {", // 9
    "  extra: 1;", // 10
    "}", // 11
    "export function read(j: JsonInternals, m: Mixed): unknown {", // 12
    "  return [j.output, m.extra];", // 13
    "}", // 14
    "export interface Json extends _JsonSchema {", // 15
    "  options: string[];", // 16
    "}", // 17
    "export const first = (j: Json): string | undefined => j.options[0];", // 18
    "",
  ].join("\n"),
};

describe("heritage through a type alias the checker resolves", () => {
  const root = gitRepo(RESOLVED);

  test("the base member's answer lists the heir's member and its uses, as the compiler's find-references", async () => {
    await call("index", { path: root });
    const engine = new TsEngine({ root });
    try {
      await engine.openProjects([join(root, ".svc", "ts", "tsconfig.json.json")]);
      const compiler = async (line: number, column: number) => new Set((await references(engine, join(root, "src/core.ts"), { line, column })).map((r) => `${r.path.slice(root.length + 1)}:${r.line}`));
      // UnionInternals.output ← JsonInternals.output, through an indexed access of an alias of Union<string[]>
      expect((await compiler(2, 3)).has("src/json.ts:13")).toBe(true);
      const n = await neighbors(root, "src/core.ts:2");
      expect(["src/json.ts:6", "src/json.ts:13"].filter((s) => sitesOf(n).has(s))).toEqual(["src/json.ts:6", "src/json.ts:13"]);
      expect(n.coverage?.complete).toBe(true);
      expect(((await impact(root, "src/core.ts:2")).overriders ?? []).map((o) => `${o.path}:${o.line}`)).toEqual(["src/json.ts:6"]);
      // and the heir's own member: its heritage is climbed through the followed alias to UnionInternals.output, no gap
      const own = new Set((await references(engine, join(root, "src/json.ts"), { line: 6, column: 3 })).map((r) => `${r.path.slice(root.length + 1)}:${r.line}`));
      expect(own.has("src/json.ts:13")).toBe(true);
      const heir = await neighbors(root, "src/json.ts:6");
      expect(["src/core.ts:2", "src/json.ts:13"].filter((s) => sitesOf(heir).has(s))).toEqual(["src/core.ts:2", "src/json.ts:13"]);
      expect(heir.coverage?.complete).toBe(true);
      // Union.options ← Json.options, through an alias of Union<string[]>: listed, so no longer a gap
      expect((await compiler(8, 3)).has("src/json.ts:18")).toBe(true);
      const options = await neighbors(root, "src/core.ts:8");
      expect(["src/json.ts:16", "src/json.ts:18"].filter((s) => sitesOf(options).has(s))).toEqual(["src/json.ts:16", "src/json.ts:18"]);
      expect(options.coverage?.complete).toBe(true);
      // an intersection's parts are no heritage find-references climbs: Extra.extra is not joined to Mixed.extra
      expect((await compiler(11, 3)).has("src/json.ts:13")).toBe(false);
      expect(((await impact(root, "src/core.ts:11")).overriders ?? []).map((o) => `${o.path}:${o.line}`)).toEqual([]);
    } finally {
      await engine.close();
    }
  }, 180_000);
});
