// The session delta (svc check --delta, svc gate with a host) after changes its import graph
// does not show: a declaration file that declares globals, a module augmentation
// (`declare module './lib'`) that files use without importing it — each used to leave the
// files it breaks cached as clean: the delta said "no introduced errors" with nothing
// pending, where tsc reports an error — and a deleted file some file imports (the delta
// failed while the loaded program still listed it, the engine asked for a file not found;
// once the host's index synced the removal and the projects reloaded, its importers were
// no longer in the import graph and stayed cached as clean); and a file only `include` puts
// in the program, deleted and made again while only the index's sync looked (the engine,
// told "deleted" then "changed", left it out of the program: every delta abstained with
// "source file not found" until the file was removed again).

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import { residentChecks } from "../../src/check/workspace.ts";
import { holdResident, releaseResident } from "../../src/semantic/resident.ts";
import { useRuntimeDir } from "../helpers/host.ts";
import { gitRepo, writeFiles } from "../helpers/repo.ts";

const TSCONFIG = JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: "es2022", module: "esnext", moduleResolution: "bundler" }, include: ["src/**/*.ts"] });
const GLOBALS = "interface AppEnv {\n  port: number;\n}\n";
const USES_GLOBAL = "export function port(env: AppEnv): number {\n  return env.port;\n}\n";
const LIB = "export interface Opts {\n  name: string;\n}\nexport const make = (o: Opts): string => o.name;\n";
const AUGMENT = 'export {};\ndeclare module "./lib" {\n  interface Opts {\n    size?: number;\n  }\n}\n';
/** Builds an Opts without importing the augmentation. */
const MAKE = 'import { make, type Opts } from "./lib";\nconst o: Opts = { name: "x" };\nexport const made = make(o);\n';
const LEAF = "export const leaf = 1;\n";
const USES_LEAF = 'import { leaf } from "./leaf";\nexport const twice = leaf * 2;\n';
/** A file only `include` puts in the program: nothing imports it. */
const LONE = "export const lone = 1;\n";

const ctx = { cwd: "/", host: true };
let root: string;

beforeAll(async () => {
  useRuntimeDir();
  root = gitRepo({ "tsconfig.json": TSCONFIG, "src/globals.d.ts": GLOBALS, "src/port.ts": USES_GLOBAL, "src/lib.ts": LIB, "src/augment.ts": AUGMENT, "src/make.ts": MAKE, "src/leaf.ts": LEAF, "src/twice.ts": USES_LEAF });
  await call("index", { path: root });
  holdResident(root, { writer: false });
}, 120_000);

afterAll(async () => {
  await releaseResident(root);
});

interface Delta {
  introduced: { path: string; code: string }[];
  pending: number;
}
const delta = async (session: string) => (await call("check", { path: root, session }, ctx)).data as unknown as Delta;

/** The delta once the background recheck has run: what the gate waits for. */
async function settled(session: string): Promise<Delta> {
  const first = await delta(session);
  await (await residentChecks(root, ctx))?.sweep();
  const last = await delta(session);
  expect(last.pending).toBe(0);
  // never "clean and final" before the error is found
  if (!first.introduced.length) expect(first.pending).toBeGreaterThan(0);
  return last;
}

const found = (d: Delta) => d.introduced.map((x) => `${x.code} ${x.path}`);

describe("the session delta reaches what imports do not show", () => {
  test("a declaration file declaring globals: a file using the global without importing it", async () => {
    expect(await delta("globals")).toMatchObject({ introduced: [] });
    writeFiles(root, { "src/globals.d.ts": GLOBALS.replace("port: number", "portNumber: number") });
    expect(found(await settled("globals"))).toEqual(["TS2339 src/port.ts"]);
    writeFiles(root, { "src/globals.d.ts": GLOBALS });
    expect((await settled("globals")).introduced).toEqual([]);
  }, 120_000);

  test("a module augmentation: a file building the augmented interface without importing the augmentation", async () => {
    expect(await delta("augment")).toMatchObject({ introduced: [] });
    writeFiles(root, { "src/augment.ts": AUGMENT.replace("size?: number", "size: number") });
    expect(found(await settled("augment"))).toEqual(["TS2741 src/make.ts"]);
    writeFiles(root, { "src/augment.ts": AUGMENT });
    expect((await settled("augment")).introduced).toEqual([]);
  }, 120_000);

  test("a deleted file that another imports: its importer's error, not an engine failure", async () => {
    expect(await delta("deleted")).toMatchObject({ introduced: [] });
    rmSync(join(root, "src/leaf.ts"));
    // the host's index syncs the removal and the projects reload before the delta looks: the import graph no longer knows twice.ts imported it
    await call("index", { path: root });
    holdResident(root, { writer: false }).afterSync([], ["src/leaf.ts"]);
    expect(found(await settled("deleted"))).toEqual(["TS2307 src/twice.ts"]);
  }, 120_000);

  test("a file created after the load, then deleted and made again while only the index's sync looked: checked, not 'source file not found' for good", async () => {
    expect(await delta("recreated")).toMatchObject({ introduced: [] });
    writeFiles(root, { "src/later.ts": LONE });
    expect(await delta("recreated")).toMatchObject({ introduced: [] }); // the checks take the new file in
    const resident = holdResident(root, { writer: false });
    // the host's index syncs the removal and its semantic update reloads the projects: the engine drops the file
    rmSync(join(root, "src/later.ts"));
    await call("index", { path: root });
    resident.afterSync([], ["src/later.ts"]);
    await resident.ensureLoaded();
    // made again before the delta looks: to the checks' last look it only changed
    writeFiles(root, { "src/later.ts": 'export const later: number = "1";\n' });
    await call("index", { path: root });
    resident.afterSync(["src/later.ts"], []);
    await resident.ensureLoaded();
    // it was: "cannot compute delta (abstain): the TypeScript engine failed: api: client error: source file not found: …/src/later.ts", until removed again
    expect(found(await delta("recreated"))).toEqual(["TS2322 src/later.ts"]);
    rmSync(join(root, "src/later.ts"));
    expect(await delta("recreated")).toMatchObject({ introduced: [] });
  }, 120_000);
});
