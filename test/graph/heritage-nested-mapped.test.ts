// A heritage clause mapping its base through more than one lib mapping type: `interface EntityMetadataWithProperties
// extends Omit<Partial<EntityMetadata<…>>, 'properties' | …>` (mikro-orm's core). Find-references joins the heir's
// `inheritance` to `EntityMetadata.inheritance` and its uses (`meta.root.inheritance === 'tpt'`) as it does through a
// single `Omit<X, 'k'>`; the walk took `EntityMetadata` inside `Partial<…>` for a type reference, so neighbors and
// impact of the heir's member said "none (checker-complete)" (scripts/bench/refs-precision.ts on mikro-orm). Its
// ten type parameters clip the stored signature before the heritage clause: the keys the mapping leaves out are read
// from the source then, or `properties` would be joined too.

import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import { TsEngine } from "../../src/semantic/engine.ts";
import { references } from "../../src/semantic/queries.ts";
import { gitRepo } from "../helpers/repo.ts";
import { impact, impactSites, neighbors, sitesOf } from "../helpers/refs.ts";

const FILES: Record<string, string> = {
  "package.json": JSON.stringify({ name: "heritage-nested", type: "module" }),
  "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, target: "es2022", module: "esnext", moduleResolution: "bundler", noEmit: true }, include: ["src"] }),
  "src/types.ts": [
    "export interface Metadata<T = unknown> {", // 1
    "  inheritance?: 'tpt';", // 2
    "  properties: T[];", // 3
    "  root: Metadata<T>;", // 4
    "}", // 5
    "export interface WithProperties extends Omit<Partial<Metadata<string>>, 'properties'> {", // 6
    "  inheritance?: 'tpt';", // 7
    "  properties: number[];", // 8
    "}", // 9
    "export interface ReadonlyMeta extends Readonly<Pick<Metadata, 'inheritance'>> {", // 10
    "  inheritance?: 'tpt';", // 11
    "}", // 12
    // type parameters long enough that the stored signature is clipped before the heritage clause
    `export interface LongMeta<${["TName", "TTableName", "TProperties", "TPrimaryKeys", "TBase", "TRepository", "TForceObject", "TDiscriminatorColumn", "TDiscriminatorValue", "TBaseDiscriminatorColumn"].map((t) => `${t} extends string | undefined = undefined`).join(", ")}> extends Omit<Partial<Metadata<TName>>, 'properties'> {`, // 13
    "  inheritance?: 'tpt';", // 14
    "  properties: boolean;", // 15
    "}", // 16
    "",
  ].join("\n"),
  "src/use.ts": [
    'import type { LongMeta, Metadata, ReadonlyMeta, WithProperties } from "./types.js";', // 1
    "", // 2
    "export function isTpt(meta: Metadata): boolean {", // 3
    "  return meta.root.inheritance === 'tpt';", // 4
    "}", // 5
    "export function define(meta: WithProperties): number {", // 6
    "  return meta.inheritance ? meta.properties.length : 0;", // 7
    "}", // 8
    "export function readonly(meta: ReadonlyMeta): boolean {", // 9
    "  return meta.inheritance === 'tpt';", // 10
    "}", // 11
    "export function count(meta: Metadata): number {", // 12
    "  return meta.properties.length;", // 13
    "}", // 14
    "export function long(meta: LongMeta): boolean {", // 15
    "  return meta.properties && meta.inheritance === 'tpt';", // 16
    "}", // 17
    "",
  ].join("\n"),
};

/** The compiler's reference sites of the member named at `line:column` of src/types.ts, its own declaration left out. */
async function compilerSites(engine: TsEngine, root: string, line: number, column: number): Promise<string[]> {
  return (await references(engine, join(root, "src/types.ts"), { line, column })).map((r) => `${r.path.slice(root.length + 1)}:${r.line}`).filter((s) => s !== `src/types.ts:${line}`);
}

describe("heritage through nested mapping types (Omit<Partial<X>, …>, Readonly<Pick<X, …>>)", () => {
  const root = gitRepo(FILES);

  test("every compiler reference of the joined members is listed, and none of the member the mapping leaves out", async () => {
    await call("index", { path: root });
    const engine = new TsEngine({ root });
    try {
      await engine.openProjects([join(root, ".svc", "ts", "tsconfig.json.json")]);
      const cases: [string, number, string[]][] = [
        // [query, line, sites the compiler must give (the case's point)]
        ["src/types.ts:7", 7, ["src/use.ts:4"]], // WithProperties.inheritance: the base's use
        ["src/types.ts:2", 2, ["src/use.ts:7", "src/use.ts:10", "src/use.ts:16"]], // Metadata.inheritance: the heirs' uses
        ["src/types.ts:11", 11, ["src/use.ts:4"]], // ReadonlyMeta.inheritance through Readonly<Pick<…>>
        ["src/types.ts:14", 14, ["src/use.ts:4"]], // LongMeta.inheritance: its heritage read past the clipped signature
      ];
      for (const [query, line, must] of cases) {
        const compiler = await compilerSites(engine, root, line, 3);
        expect({ query, has: must.filter((s) => compiler.includes(s)) }).toEqual({ query, has: must });
        const n = await neighbors(root, query);
        const i = await impact(root, query);
        expect({ query, neighborsMissing: compiler.filter((s) => !sitesOf(n).has(s) && !s.startsWith("src/types.ts")) }).toEqual({ query, neighborsMissing: [] });
        expect({ query, impactMissing: compiler.filter((s) => !impactSites(i, i.overriders, i.satisfies, i.siblings).has(s)) }).toEqual({ query, impactMissing: [] });
      }
      // `properties` is omitted: WithProperties.properties, LongMeta.properties and their uses are no references of Metadata.properties
      const properties = await compilerSites(engine, root, 3, 3);
      expect(properties.filter((s) => s === "src/use.ts:7" || s === "src/use.ts:16")).toEqual([]);
      expect([...sitesOf(await neighbors(root, "src/types.ts:3"))].filter((s) => !properties.includes(s))).toEqual([]);
      expect([...sitesOf(await neighbors(root, "src/types.ts:15"))].filter((s) => s.startsWith("src/use.ts:1") && s !== "src/use.ts:16")).toEqual([]);
    } finally {
      await engine.close();
    }
  }, 180_000);

  test("the heirs are listed as overriders of the base member, not of the member the mapping leaves out", async () => {
    expect((await impact(root, "src/types.ts:2")).overriders.map((o) => o.qualifiedName).sort()).toEqual(["LongMeta.inheritance", "ReadonlyMeta.inheritance", "WithProperties.inheritance"]);
    expect((await impact(root, "src/types.ts:3")).overriders).toEqual([]);
  }, 60_000);
});
