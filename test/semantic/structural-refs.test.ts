// References the compiler makes by structure (findReferences lists them): an object literal
// written where a type is expected, a shorthand `{ helper }`, a destructured name (also of a
// dynamic `import()`), a quoted key of an indexed access; and a member's implementers. Before the walk asked the checker
// for them, `svc find --kind neighbors Options.enabled` said "0 references (checker-complete)"
// while every `{ enabled: … }` in the workspace depended on it.

import { describe, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import { gitRepo } from "../helpers/repo.ts";

const REPO = {
  "package.json": '{ "name": "structural", "private": true, "type": "module" }\n',
  "tsconfig.json": '{ "compilerOptions": { "strict": true, "module": "esnext", "moduleResolution": "bundler", "target": "esnext", "noEmit": true }, "include": ["src"] }\n',
  "src/lib.ts": [
    "export interface Options {",
    "  enabled: boolean",
    "  label?: string",
    "  load(): number",
    "}",
    "export function helper(): number {",
    "  return 1",
    "}",
    "export function other(): number {",
    "  return 2",
    "}",
    "export function unused(): number {",
    "  return 3",
    "}",
    "",
  ].join("\n"),
  "src/use.ts": [
    "import { helper, type Options } from './lib'",
    "export const table = { helper }",
    "export function configure(options?: Options): boolean {",
    "  return options?.label !== undefined",
    "}",
    "export function start(): boolean {",
    "  return configure({ enabled: true, load() { return 1 } })",
    "}",
    "",
  ].join("\n"),
  "src/read.ts": [
    "import type { Options } from './lib'",
    "export type Loader = Options['load']",
    "export function read(o: Options): number {",
    "  const { enabled } = o",
    "  return enabled ? 1 : 0",
    "}",
    "",
  ].join("\n"),
  "src/job.ts": ["import type { Options } from './lib'", "export class Job implements Options {", "  enabled = true", "  load(): number {", "    return 1", "  }", "}", ""].join("\n"),
  "src/dyn.ts": ["export async function later(): Promise<number> {", "  const { other } = await import('./lib')", "  return other()", "}", ""].join("\n"),
};

interface Entry {
  from: string | null;
  path: string;
  line: number;
}
interface Neighbors {
  neighbors: Record<string, Entry[]>;
  coverage: { complete: boolean; line: string };
}

async function neighbors(root: string, query: string): Promise<Neighbors> {
  return (await call("find", { path: root, query, kind: "neighbors" })).data as unknown as Neighbors;
}

const sites = (n: Neighbors) =>
  Object.values(n.neighbors)
    .flat()
    .map((e) => `${e.path}:${e.line}`)
    .sort();

describe("references by structure", () => {
  const root = gitRepo(REPO);

  test("an object literal's properties and methods reference the contextual type's members; a destructured name references the member", async () => {
    expect((await call("index", { path: root })).text).toStartWith("Indexed [semantic]");
    const enabled = await neighbors(root, "Options.enabled");
    expect(sites(enabled)).toEqual(["src/job.ts:3", "src/read.ts:4", "src/use.ts:7"]);
    expect(enabled.coverage.complete).toBe(true);
    const load = await neighbors(root, "Options.load");
    expect(sites(load)).toEqual(["src/job.ts:4", "src/read.ts:2", "src/use.ts:7"]);
    // a class member implementing it is listed as impact lists it (find-references counts it too)
    expect((load.neighbors.implementers ?? []).map((e) => `${e.from}@${e.path}:${e.line}`)).toEqual(["Job.load@src/job.ts:4"]);
  }, 120_000);

  test("a shorthand property references its value; a name destructured from import() references the export", async () => {
    expect(sites(await neighbors(root, "helper"))).toEqual(["src/use.ts:2"]);
    expect(sites(await neighbors(root, "other"))).toContain("src/dyn.ts:2");
    const unused = await neighbors(root, "unused");
    expect(sites(unused)).toEqual([]);
    expect(unused.coverage.complete).toBe(true);
  }, 60_000);
});
