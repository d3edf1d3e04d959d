// svc gate over a rename made by hand: a pre-existing error that names the renamed
// declaration comes back spelled with the new name — the same error, never introduced —
// while a real new error still blocks. Since HEAD and staged (no host), and the session's
// delta (a real host), which check --delta reads the same way.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startHost, type RunningHost } from "../../src/surfaces/host/server.ts";
import { runSvc, runSvcAsync } from "../helpers/cli.ts";
import { useRuntimeDir } from "../helpers/host.ts";
import { git, gitRepo, writeFiles } from "../helpers/repo.ts";
import { declaredRenames } from "../../src/check/renames.ts";

const TSCONFIG = JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: "es2022", module: "esnext", moduleResolution: "bundler" }, include: ["src/**/*.ts"] });
const CONFIG = "export interface Config {\n  port: number;\n}\nexport const defaults: Config = { port: 80 };\n";
/** The pre-existing error names the declaration: Property 'host' does not exist on type 'Config'. */
const USE = 'import { defaults, type Config } from "./config";\nexport const host = (c: Config): string => c.host;\nexport const port = defaults.port;\n';

const files = () => ({ "tsconfig.json": TSCONFIG, "src/config.ts": CONFIG, "src/use.ts": USE });
/** `Config` → `Settings` everywhere, by hand. */
const renamed = (text: string) => text.replaceAll("Config", "Settings");
const introducedOf = (stdout: string) => (JSON.parse(stdout).introduced as { path: string; code: string; message: string }[]).map((d) => `${d.path} ${d.code} ${d.message}`);

describe("declaredRenames", () => {
  test("pairs a gone name with a new one at the same declaration site only", () => {
    expect(declaredRenames([{ path: "src/config.ts", before: CONFIG, after: renamed(CONFIG) }])).toEqual([{ from: "Config", to: "Settings" }]);
    // a header naming another renamed declaration is read through that rename; a member's container is its class
    const repo = "export class Repo {\n  find(id: Id): number {\n    return 1;\n  }\n}\nexport type Id = string;\nexport function load(id: Id): Id {\n  return id;\n}\n";
    const renamedRepo = repo.replace("find(", "lookup(").replace(/\bId\b/g, "Key").replace("load(", "fetchOne(");
    expect(declaredRenames([{ path: "src/repo.ts", before: repo, after: renamedRepo }])).toEqual([{ from: "Id", to: "Key" }, { from: "find", to: "lookup" }, { from: "load", to: "fetchOne" }]);
    // a declaration removed and another added with a different header: no rename
    expect(declaredRenames([{ path: "a.ts", before: "export function foo(a: number) {}\n", after: "export function bar(a: string) {}\n" }])).toEqual([]);
    // two ways of renaming one name: which one an error follows is unknown
    expect(declaredRenames([{ path: "a.ts", before: "export const foo = 1;\n", after: "export const bar = 1;\n" }, { path: "b.ts", before: "export const foo = 1;\n", after: "export const baz = 1;\n" }])).toEqual([]);
  });
});

describe("svc gate over a rename by hand, without a host", () => {
  const runtime = useRuntimeDir();
  const env = { SVC_RUNTIME_DIR: runtime };

  test("the renamed pre-existing error passes, since HEAD and staged; a new error naming the new name blocks", () => {
    const root = gitRepo(files());
    writeFiles(root, { "src/config.ts": renamed(CONFIG), "src/use.ts": renamed(USE) });
    const tree = runSvc(["gate", "--json"], { cwd: root, env });
    expect(JSON.parse(tree.stdout)).toMatchObject({ passed: true, mode: "ref", introduced: [] });
    git(root, "add", "-A");
    expect(JSON.parse(runSvc(["gate", "--staged", "--json"], { cwd: root, env }).stdout)).toMatchObject({ passed: true, mode: "staged", introduced: [] });
    // a second error of the same spelling, and another one: both introduced
    writeFiles(root, { "src/use.ts": `${renamed(USE)}export const again = (c: Settings): string => c.host + c.name;\n` });
    const red = runSvc(["gate", "--json"], { cwd: root, env });
    expect(red.code).toBe(1);
    expect(introducedOf(red.stdout)).toEqual(["src/use.ts TS2339 Property 'host' does not exist on type 'Settings'.", "src/use.ts TS2339 Property 'name' does not exist on type 'Settings'."]);
  }, 180_000);
});

describe("svc gate over a rename by hand, with a host (the session's delta)", () => {
  let runtime: string;
  let root: string;
  let host: RunningHost;
  beforeAll(async () => {
    runtime = useRuntimeDir();
    root = gitRepo(files());
    host = await startHost({ root, idleMinutes: 0, log: () => {} });
  }, 120_000);
  afterAll(async () => {
    await host.stop("test done");
  });

  test("the renamed pre-existing error passes; a new error naming the new name blocks", async () => {
    const env = { SVC_RUNTIME_DIR: runtime };
    // the session's baseline, with the pre-existing error spelled 'Config'
    expect(await runSvcAsync(["check", "--delta"], { cwd: root, env })).toMatchObject({ code: 0 });
    writeFiles(root, { "src/config.ts": renamed(CONFIG), "src/use.ts": renamed(USE) });
    const ok = await runSvcAsync(["gate", "--json"], { cwd: root, env });
    expect(JSON.parse(ok.stdout)).toMatchObject({ passed: true, mode: "session", introduced: [] });
    expect(ok.code).toBe(0);
    // check --delta reads the session's delta the same way: the respelled error is neither introduced nor resolved
    const quiet = await runSvcAsync(["check", "--delta", "--json"], { cwd: root, env });
    expect(JSON.parse(quiet.stdout).result).toMatchObject({ resident: true, introduced: [], resolved: [] });
    expect((await runSvcAsync(["check", "--delta"], { cwd: root, env })).stdout).toBe("");
    writeFiles(root, { "src/use.ts": `${renamed(USE)}export const again = (c: Settings): string => c.host;\n` });
    const red = await runSvcAsync(["gate", "--json"], { cwd: root, env });
    expect(red.code).toBe(1);
    expect(JSON.parse(red.stdout)).toMatchObject({ mode: "session" });
    expect(introducedOf(red.stdout)).toEqual(["src/use.ts TS2339 Property 'host' does not exist on type 'Settings'."]);
    const delta = await runSvcAsync(["check", "--delta", "--json"], { cwd: root, env });
    expect(introducedOf(JSON.stringify(JSON.parse(delta.stdout).result))).toEqual(["src/use.ts TS2339 Property 'host' does not exist on type 'Settings'."]);
    expect((await runSvcAsync(["check", "--delta"], { cwd: root, env })).stdout).toContain("Property 'host' does not exist on type 'Settings'");
  }, 180_000);
});
