// Three ways the compiler's find-references joins or separates members that the walk and the graph
// answered otherwise (measured on xstate's core, scripts/bench/refs-precision.ts):
// - a heir two levels down: `StateNodeConfig.history` reaches `HistoryStateNodeConfig.history` through
//   `AtomicStateNodeConfig`, which does not declare it; `Subscribable.subscribe` reaches `Actor.subscribe`
//   through `interface ActorRef extends Subscribable` — the answers said checker-complete without them;
// - `interface TransitionDefinition extends Omit<TransitionConfig, 'target' | 'guard'>`: its `actions` is
//   `TransitionConfig.actions` to find-references (its `target` is not) — the answer said checker-complete
//   without it and its 18 uses;
// - an object literal passed where a discriminated union is expected (`{ type: '@xstate.action', … }` for
//   `InspectionEvent`): find-references counts its properties for the union members it fits only; the
//   walk listed them for every member (57 false lines over 22 checker-complete answers).
// A quoted key on a type parameter (`T['actions']`, `T extends StateConfig`) stays listed: the compiler counts it.

import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import { TsEngine } from "../../src/semantic/engine.ts";
import { references } from "../../src/semantic/queries.ts";
import { gitRepo } from "../helpers/repo.ts";
import { impact, impactSites, neighbors, sitesOf } from "../helpers/refs.ts";

const FILES: Record<string, string> = {
  "package.json": JSON.stringify({ name: "heritage-union", type: "module" }),
  "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, target: "es2022", module: "esnext", moduleResolution: "bundler", noEmit: true }, include: ["src"] }),
  "src/types.ts": [
    "export interface StateConfig {", // 1
    "  history?: string;", // 2
    "  actions?: string[];", // 3
    "  target?: string;", // 4
    "}", // 5
    "export interface AtomicConfig extends StateConfig {", // 6
    "  initial?: undefined;", // 7
    "}", // 8
    "export interface HistoryConfig extends AtomicConfig {", // 9
    "  history: 'deep';", // 10
    "}", // 11
    "export interface Definition extends Omit<StateConfig, 'target'> {", // 12
    "  actions: string[];", // 13
    "  target: number;", // 14
    "}", // 15
    "export interface Subscribable {", // 16
    "  subscribe(next: () => void): void;", // 17
    "}", // 18
    "export interface ActorRef extends Subscribable {", // 19
    "  id: string;", // 20
    "}", // 21
    "export class Actor implements ActorRef {", // 22
    "  id = 'a';", // 23
    "  subscribe(next: () => void): void {", // 24
    "    next();", // 25
    "  }", // 26
    "}", // 27
    "export interface Start {", // 28
    "  type: 'start';", // 29
    "  payload: number;", // 30
    "}", // 31
    "export interface Stop {", // 32
    "  type: 'stop';", // 33
    "  payload: string;", // 34
    "}", // 35
    "export type Event = Start | Stop;", // 36
    "export function send(event: Event): void {", // 37
    "  void event;", // 38
    "}", // 39
    "",
  ].join("\n"),
  "src/use.ts": [
    'import { Actor, send, type Definition, type HistoryConfig, type StateConfig } from "./types.js";', // 1
    "", // 2
    "export function kind(h: HistoryConfig): string {", // 3
    "  return h.history;", // 4
    "}", // 5
    "export function count(d: Definition): number {", // 6
    "  return d.actions.length;", // 7
    "}", // 8
    "export function where(d: Definition): number {", // 9
    "  return d.target;", // 10
    "}", // 11
    "export function watch(a: Actor): void {", // 12
    "  a.subscribe(() => {});", // 13
    "}", // 14
    "export function start(): void {", // 15
    "  send({ type: 'start', payload: 1 });", // 16
    "}", // 17
    "export function stop(): void {", // 18
    "  send({ type: 'stop', payload: 'now' });", // 19
    "}", // 20
    "export type ActionsOf<T extends StateConfig> = T['actions'];", // 21
    "export type Listed = StateConfig['actions'];", // 22
    "",
  ].join("\n"),
};

/** The compiler's reference sites of the member named at `line:column` of src/types.ts, its own declaration left out. */
async function compilerSites(engine: TsEngine, root: string, line: number, column: number): Promise<string[]> {
  return (await references(engine, join(root, "src/types.ts"), { line, column })).map((r) => `${r.path.slice(root.length + 1)}:${r.line}`).filter((s) => s !== `src/types.ts:${line}`);
}

describe("references through heritage chains, mapped heritage and discriminated unions", () => {
  const root = gitRepo(FILES);

  test("every compiler reference is listed, and no line the compiler does not count", async () => {
    await call("index", { path: root });
    const engine = new TsEngine({ root });
    try {
      await engine.openProjects([join(root, ".svc", "ts", "tsconfig.json.json")]);
      const cases: [string, number, number, string[]][] = [
        // [query, line, column, sites the compiler must give (the case's point)]
        ["src/types.ts:2", 2, 3, ["src/use.ts:4"]], // StateConfig.history: HistoryConfig.history two levels down
        ["src/types.ts:3", 3, 3, ["src/use.ts:7"]], // StateConfig.actions: Definition.actions through Omit
        ["src/types.ts:17", 17, 3, ["src/use.ts:13"]], // Subscribable.subscribe: Actor.subscribe through ActorRef
      ];
      for (const [query, line, column, must] of cases) {
        const compiler = await compilerSites(engine, root, line, column);
        expect({ query, has: must.filter((s) => compiler.includes(s)) }).toEqual({ query, has: must });
        const n = await neighbors(root, query);
        const i = await impact(root, query);
        expect({ query, neighborsMissing: compiler.filter((s) => !sitesOf(n).has(s)) }).toEqual({ query, neighborsMissing: [] });
        expect({ query, impactMissing: compiler.filter((s) => !impactSites(i, i.overriders, i.satisfies, i.siblings).has(s)) }).toEqual({ query, impactMissing: [] });
      }
      // a quoted key is a reference on the type and on a type parameter it constrains alike (the compiler counts both):
      // both are listed
      const actions = await compilerSites(engine, root, 3, 3);
      expect(actions.filter((s) => s === "src/use.ts:21" || s === "src/use.ts:22")).toEqual(["src/use.ts:21", "src/use.ts:22"]);
      const listedActions = sitesOf(await neighbors(root, "src/types.ts:3"));
      expect({ quotedOnType: listedActions.has("src/use.ts:22"), quotedOnParameter: listedActions.has("src/use.ts:21") }).toEqual({ quotedOnType: true, quotedOnParameter: true });
      // the key Omit leaves out is not joined: Definition.target and its use are no references of StateConfig.target
      const target = await compilerSites(engine, root, 4, 3);
      expect(target).not.toContain("src/use.ts:10");
      const listedTarget = [...sitesOf(await neighbors(root, "src/types.ts:4"))];
      expect(listedTarget.filter((s) => !target.includes(s))).toEqual([]);
      // a literal's payload is the member's its type fits only: the compiler gives line 16 for Start.payload, 19 for
      // Stop.payload (and the same for type) — and so do the answers
      for (const [line, use] of [[29, "src/use.ts:16"], [30, "src/use.ts:16"], [33, "src/use.ts:19"], [34, "src/use.ts:19"]] as const) {
        const compiler = (await compilerSites(engine, root, line, 3)).filter((s) => s.startsWith("src/use.ts"));
        expect({ line, compiler }).toEqual({ line, compiler: [use] });
        const listed = [...sitesOf(await neighbors(root, `src/types.ts:${line}`))].filter((s) => s.startsWith("src/use.ts"));
        expect({ line, listed }).toEqual({ line, listed: [use] });
      }
    } finally {
      await engine.close();
    }
  }, 180_000);

  test("the heirs are listed: HistoryConfig.history for StateConfig.history, Definition.actions for StateConfig.actions, not Definition.target", async () => {
    expect((await impact(root, "src/types.ts:2")).overriders.map((o) => o.qualifiedName)).toEqual(["HistoryConfig.history"]);
    expect((await impact(root, "src/types.ts:3")).overriders.map((o) => o.qualifiedName)).toEqual(["Definition.actions"]);
    expect((await impact(root, "src/types.ts:4")).overriders).toEqual([]);
    expect((await impact(root, "src/types.ts:17")).overriders.map((o) => o.qualifiedName)).toEqual(["Actor.subscribe"]);
  }, 60_000);

  test("the coverage count is of what is listed: the heirs and the members it implements count", async () => {
    for (const query of ["src/types.ts:2", "src/types.ts:17", "src/types.ts:24"]) {
      const n = (await call("find", { path: root, query, kind: "neighbors" })) as { text: string; data: { neighbors?: Record<string, unknown[]> } };
      const listed = Object.values(n.data.neighbors ?? {}).flat().length;
      expect({ query, listed: listed > 1 }).toEqual({ query, listed: true });
      expect({ query, line: /coverage: (\d+) reference/.exec(n.text)?.[1] }).toEqual({ query, line: String(listed) });
      const i = await impact(root, query);
      const shown = i.dependents.filter((d) => d.hop === 1).length + i.overriders.length + i.satisfies.length + i.siblings.length + i.destructures.length;
      expect({ query, line: /coverage: (\d+) reference/.exec(i.coverage.line)?.[1] }).toEqual({ query, line: String(shown) });
    }
  }, 60_000);
});
