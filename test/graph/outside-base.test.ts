// A member of a class or interface whose heritage reaches a type the index holds no members of —
// declared outside the workspace (`extends Error`, `extends URL`) or a type alias (`implements
// HtmlEscaped` of `type HtmlEscaped = { isEscaped: true }`) — is joined by find-references to that
// type's same-named member and its every use (`e.name` on any Error), which no edge records. Such
// an answer said "checker-complete" (hono: TypedURL.host, JSXNode.isEscaped; ky: NonError.name,
// NormalizedOptions.method); it is partial, saying which type.

import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import { TsEngine } from "../../src/semantic/engine.ts";
import { references } from "../../src/semantic/queries.ts";
import { heritageNames } from "../../src/graph/member-gaps.ts";
import { gitRepo } from "../helpers/repo.ts";
import { neighbors, sitesOf } from "../helpers/refs.ts";

const FILES: Record<string, string> = {
  "package.json": JSON.stringify({ name: "outside-base", type: "module" }),
  "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, target: "es2022", module: "esnext", moduleResolution: "bundler", lib: ["es2022"], noEmit: true }, include: ["src"] }),
  "src/errors.ts": [
    "export class NonError extends Error {",
    "  override name = 'NonError';",
    "}",
    "export type Escaped = { isEscaped: true };",
    "export class Node implements Escaped {",
    "  isEscaped = true as const;",
    "  tag = 'div';",
    "}",
    "export class Plain {",
    "  name = 'plain';",
    "}",
    "",
  ].join("\n"),
  "src/use.ts": [
    'import { Node, Plain, type Escaped } from "./errors.js";',
    "",
    "export function describe(e: Error): string {",
    "  return e.name;",
    "}",
    "export function escaped(x: Escaped): boolean {",
    "  return x.isEscaped;",
    "}",
    "export const tag = new Node().tag + new Plain().name;",
    "",
  ].join("\n"),
};

describe("a member joined to a base the index holds no members of", () => {
  const root = gitRepo(FILES);

  test("an answer missing a compiler reference is not checker-complete; it names the type", async () => {
    await call("index", { path: root });
    const engine = new TsEngine({ root });
    try {
      await engine.openProjects([join(root, ".svc", "ts", "tsconfig.json.json")]);
      for (const [query, line, column, base] of [
        ["src/errors.ts:2", 2, 12, "Error"],
        ["src/errors.ts:6", 6, 3, "Escaped"],
      ] as const) {
        const compiler = (await references(engine, join(root, "src/errors.ts"), { line, column })).map((r) => `${r.path.slice(root.length + 1)}:${r.line}`);
        const n = await neighbors(root, query);
        const missed = compiler.filter((s) => s.startsWith("src/use.ts") && !sitesOf(n).has(s));
        expect({ query, missed: missed.length > 0 }).toEqual({ query, missed: true });
        expect({ query, complete: n.coverage?.complete }).toEqual({ query, complete: false });
        expect(n.coverage?.line).toContain(`(${base})`);
      }
    } finally {
      await engine.close();
    }
  }, 180_000);

  test("a member the alias does not declare, and a class with no heritage, stay checker-complete", async () => {
    expect((await neighbors(root, "src/errors.ts:7")).coverage?.complete).toBe(true);
    expect((await neighbors(root, "src/errors.ts:10")).coverage?.complete).toBe(true);
  }, 60_000);

  test("heritage clauses: heads of the written types, not type parameters' constraints", () => {
    expect(heritageNames("export interface Options extends KyOptions, Omit<RequestInit, 'headers'>")).toEqual(["KyOptions", "Omit"]);
    expect(heritageNames("export class A<T extends Foo = (x: number) => void> extends B<T> implements C, ns.D {")).toEqual(["B", "C", "D"]);
    expect(heritageNames("export interface TypedURL< Protocol extends string, > extends URL")).toEqual(["URL"]);
    expect(heritageNames("export interface Z<T extends { a: 1 }> {")).toEqual([]);
  });
});
