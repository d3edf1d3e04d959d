// "checker-complete" against the compiler's own find-references (TypeScript's language server,
// real project): a member's answer includes the uses through the class members implementing
// it (`this.produce(…)` and `export const produce = immer.produce` for `ProducersFns.produce`,
// as on immer) and the members it implements or that override it (`parent_: parent` in a literal of
// a sub-interface); and where the walk cannot see a reference — a member of a value declared with
// a type (`const traps: ProxyHandler<…>`, joined to `other.deleteProperty`) — the answer says
// partial, with where.

import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import { TsEngine } from "../../src/semantic/engine.ts";
import { references } from "../../src/semantic/queries.ts";
import { gitRepo } from "../helpers/repo.ts";
import { impact, impactSites, neighbors, sitesOf } from "../helpers/refs.ts";

const FILES: Record<string, string> = {
  "package.json": JSON.stringify({ name: "heritage", type: "module" }),
  "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, target: "es2022", module: "esnext", moduleResolution: "bundler", noEmit: true }, include: ["src"] }),
  "src/immer.ts": [
    "interface ProducersFns {",
    "  produce(x: number): number;",
    "}",
    "export class Immer implements ProducersFns {",
    "  produce(x: number): number {",
    "    return x + 1;",
    "  }",
    "  twice(x: number): number {",
    "    return this.produce(this.produce(x));",
    "  }",
    "}",
    "const immer = new Immer();",
    "export const produce = immer.produce;",
    "",
  ].join("\n"),
  "src/use.ts": 'import { produce } from "./immer.js";\n\nexport const one = produce(0);\n',
  "src/state.ts": [
    "export interface BaseState {",
    "  parent_?: BaseState;",
    "  scope: number;",
    "}",
    "interface ProxyBase extends BaseState {",
    "  parent_?: BaseState;",
    "}",
    "export function make(parent: BaseState): ProxyBase {",
    "  const state: ProxyBase = {",
    "    scope: 1,",
    "    parent_: parent,",
    "  };",
    "  return state;",
    "}",
    "",
  ].join("\n"),
  "src/traps.ts": [
    "export const traps: ProxyHandler<object> = {",
    "  deleteProperty(target, prop) {",
    "    return Reflect.deleteProperty(target, prop);",
    "  },",
    "};",
    "export const other: ProxyHandler<object> = {};",
    "other.deleteProperty = function (target, prop) {",
    "  return Reflect.deleteProperty(target, prop);",
    "};",
    "",
  ].join("\n"),
};

describe("a member's references through the heritage and typing find-references follows", () => {
  const root = gitRepo(FILES);

  test("every compiler reference is listed, or the answer is not checker-complete", async () => {
    await call("index", { path: root });
    const engine = new TsEngine({ root });
    try {
      await engine.openProjects([join(root, ".svc", "ts", "tsconfig.json.json")]);
      // [query, file, line, column of the name] of each declaration
      const decls: [string, string, number, number][] = [
        ["src/immer.ts:2", "src/immer.ts", 2, 3],
        ["src/immer.ts:5", "src/immer.ts", 5, 3],
        ["src/state.ts:2", "src/state.ts", 2, 3],
        ["src/state.ts:6", "src/state.ts", 6, 3],
        ["src/traps.ts:2", "src/traps.ts", 2, 3],
      ];
      for (const [query, file, line, column] of decls) {
        const compiler = (await references(engine, join(root, file), { line, column })).map((r) => `${r.path.slice(root.length + 1)}:${r.line}`).filter((s) => s !== `${file}:${line}`);
        expect({ query, compiler: compiler.length > 0 }).toEqual({ query, compiler: true });
        const n = await neighbors(root, query);
        const i = await impact(root, query);
        const missedN = compiler.filter((s) => !sitesOf(n).has(s));
        const missedI = compiler.filter((s) => !impactSites(i, i.overriders, i.satisfies).has(s));
        expect({ query, missed: n.coverage?.complete ? missedN : [] }).toEqual({ query, missed: [] });
        expect({ query, missed: i.coverage.complete ? missedI : [] }).toEqual({ query, missed: [] });
      }
    } finally {
      await engine.close();
    }
  }, 180_000);

  test("an interface member lists the uses of the class member implementing it; the class member lists the interface member", async () => {
    const n = await neighbors(root, "src/immer.ts:2");
    const sites = sitesOf(n);
    expect(sites).toContain("src/immer.ts:9"); // this.produce(…) in Immer.twice
    expect(sites).toContain("src/immer.ts:13"); // export const produce = immer.produce
    expect(n.neighbors?.references).toEqual(expect.arrayContaining([expect.objectContaining({ from: "produce", line: 13, via: "Immer.produce" })]));
    const i = await impact(root, "src/immer.ts:2");
    expect(impactSites(i, i.overriders, i.satisfies)).toContain("src/immer.ts:13");
    const impl = await neighbors(root, "src/immer.ts:5");
    expect(sitesOf(impl)).toContain("src/immer.ts:2");
    expect((await impact(root, "src/immer.ts:5")).satisfies).toEqual([expect.objectContaining({ qualifiedName: "ProducersFns.produce", line: 2 })]);
  }, 60_000);

  test("a literal written against a sub-interface is listed for the base member; a member of a value declared with a type is partial, with where", async () => {
    // `parent_: parent` in a literal of ProxyBase: the walk records it for ProxyBase.parent_, which overrides BaseState.parent_
    const base = await neighbors(root, "src/state.ts:2");
    expect(sitesOf(base)).toContain("src/state.ts:11");
    expect(sitesOf(base)).toContain("src/state.ts:6");
    const trap = await neighbors(root, "src/traps.ts:2");
    expect(trap.coverage?.complete).toBe(false);
    expect(trap.coverage?.line).toContain("value declared with a type");
    expect(trap.coverage?.line).toContain("src/traps.ts:1");
    // a plain interface with no object literal of it stays complete
    expect((await neighbors(root, "src/immer.ts:5")).coverage?.complete).toBe(true);
  }, 60_000);
});
