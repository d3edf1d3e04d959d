// A type alias merged with a namespace of the same name (mikro-orm's core: `export type Opt<T> = T & Opt.Brand` and
// `export declare namespace Opt { … interface Brand … }`): a use of the name as a type (`T[K] extends Opt`) is a
// reference of the alias only — find-references from the namespace gives the `Opt.Brand` qualifier alone. The walk
// gave the type use every type-meaning declaration, the namespace's too, so neighbors of the namespace listed the
// alias's uses under checker-complete (scripts/bench/refs-precision.ts on mikro-orm: Opt, Hidden, LazyRef, DefineConfig).

import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import { TsEngine } from "../../src/semantic/engine.ts";
import { references } from "../../src/semantic/queries.ts";
import { gitRepo } from "../helpers/repo.ts";
import { neighbors, sitesOf } from "../helpers/refs.ts";

const FILES: Record<string, string> = {
  "package.json": JSON.stringify({ name: "namespace-meaning", type: "module" }),
  "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, target: "es2022", module: "esnext", moduleResolution: "bundler", noEmit: true }, include: ["src"] }),
  "src/types.ts": [
    "export type Opt<T = unknown> = T & Opt.Brand;", // 1
    "export declare namespace Opt {", // 2
    "  const optional: unique symbol;", // 3
    "  export interface Brand {", // 4
    "    [optional]?: 1;", // 5
    "  }", // 6
    "}", // 7
    "",
  ].join("\n"),
  "src/use.ts": [
    'import type { Opt } from "./types.js";', // 1
    "", // 2
    "export type OptionalKeys<T> = { [K in keyof T]: T[K] extends Opt ? K : never }[keyof T];", // 3
    "export type Branded = Opt.Brand;", // 4
    "export interface User {", // 5
    "  createdAt: Opt<Date>;", // 6
    "}", // 7
    "",
  ].join("\n"),
};

describe("a type alias merged with a namespace: a use as a type references the alias, not the namespace", () => {
  const root = gitRepo(FILES);

  test("the namespace's answer lists no line the compiler does not count, the alias's every one it does", async () => {
    await call("index", { path: root });
    const engine = new TsEngine({ root });
    try {
      await engine.openProjects([join(root, ".svc", "ts", "tsconfig.json.json")]);
      const compiler = async (line: number, column: number) => (await references(engine, join(root, "src/types.ts"), { line, column })).map((r) => `${r.path.slice(root.length + 1)}:${r.line}`).filter((s) => s.startsWith("src/use.ts:") && s !== "src/use.ts:1");
      const ofNamespace = await compiler(2, 26);
      const ofAlias = await compiler(1, 13);
      // the case's point, as the compiler gives it: the type uses are the alias's only
      expect({ namespace: ofNamespace.filter((s) => s === "src/use.ts:3" || s === "src/use.ts:6"), alias: ofAlias.filter((s) => s === "src/use.ts:3" || s === "src/use.ts:6") }).toEqual({ namespace: [], alias: ["src/use.ts:3", "src/use.ts:6"] });
      const listedNamespace = [...sitesOf(await neighbors(root, "src/types.ts:2"))].filter((s) => s.startsWith("src/use.ts:"));
      expect(listedNamespace.filter((s) => !ofNamespace.includes(s))).toEqual([]);
      const listedAlias = sitesOf(await neighbors(root, "src/types.ts:1"));
      expect(ofAlias.filter((s) => !listedAlias.has(s))).toEqual([]);
    } finally {
      await engine.close();
    }
  }, 180_000);
});

// zod v3: `const ZodIssueCode = arrayToEnum([…])` with `type ZodIssueCode = keyof typeof ZodIssueCode`; an issue's
// `code: typeof ZodIssueCode.invalid_type` is a type query, a use of the value: the walk read the qualifier of the
// qualified name as a namespace's and gave it the alias, so neighbors of the alias listed 16 such lines (h121 audit).
describe("a const merged with a type alias: a name in a type query references the const", () => {
  const root = gitRepo({
    "package.json": JSON.stringify({ name: "type-query-meaning", type: "module" }),
    "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, target: "es2022", module: "esnext", moduleResolution: "bundler", noEmit: true }, include: ["src"] }),
    "src/codes.ts": [
      'export const Code = { invalid: "invalid", custom: "custom" } as const;', // 1
      "export type Code = keyof typeof Code;", // 2
      "export interface Issue {", // 3
      "  code: typeof Code.invalid;", // 4
      "  other: Code;", // 5
      "}", // 6
      "",
    ].join("\n"),
  });

  test("the alias's answer lists only its type uses, the const's its type queries", async () => {
    await call("index", { path: root });
    const engine = new TsEngine({ root });
    try {
      await engine.openProjects([join(root, ".svc", "ts", "tsconfig.json.json")]);
      const compiler = async (line: number, column: number) => (await references(engine, join(root, "src/codes.ts"), { line, column })).map((r) => `${r.path.slice(root.length + 1)}:${r.line}`);
      expect({ alias: (await compiler(2, 13)).includes("src/codes.ts:4"), value: (await compiler(1, 14)).includes("src/codes.ts:4") }).toEqual({ alias: false, value: true });
      const alias = sitesOf(await neighbors(root, "src/codes.ts:2"));
      expect({ typeQuery: alias.has("src/codes.ts:4"), typeUse: alias.has("src/codes.ts:5") }).toEqual({ typeQuery: false, typeUse: true });
      expect(sitesOf(await neighbors(root, "src/codes.ts:1")).has("src/codes.ts:4")).toBe(true);
    } finally {
      await engine.close();
    }
  }, 180_000);
});
