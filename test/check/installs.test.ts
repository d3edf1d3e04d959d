// An install or removal in node_modules under a resident workspace (the engine caches what it
// read there): the session delta and the single-file check see the package as it is now.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import type { FileCheckData } from "../../src/check/file-check.ts";
import { holdResident, releaseResident } from "../../src/semantic/resident.ts";
import { useRuntimeDir } from "../helpers/host.ts";
import { gitRepo, writeFiles } from "../helpers/repo.ts";

const TSCONFIG = JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: "es2022", module: "esnext", moduleResolution: "bundler" }, include: ["src/**/*.ts"] });
const USE = 'import { v } from "lib";\nexport const n: number = v;\n';
const lib = (type: string) => ({
  "node_modules/lib/package.json": JSON.stringify({ name: "lib", version: "1.0.0", types: "index.d.ts" }),
  "node_modules/lib/index.d.ts": `export declare const v: ${type};\n`,
});
/** What npm rewrites on every install or removal. */
const lockfile = (n: number) => ({ "node_modules/.package-lock.json": JSON.stringify({ name: "app", lockfileVersion: 3, n }) });

const ctx = { cwd: "/", host: true };
let root: string;

beforeAll(async () => {
  useRuntimeDir();
  root = gitRepo({ ".gitignore": "node_modules/\n", "tsconfig.json": TSCONFIG, "src/use.ts": USE, ...lib("number"), ...lockfile(1) });
  await call("index", { path: root });
  holdResident(root, { writer: false });
}, 120_000);

afterAll(async () => {
  await releaseResident(root);
});

const delta = async () => (await call("check", { path: root, session: "installs" }, ctx)).data as unknown as { established: boolean; introduced: { code: string; path: string }[]; resolved: unknown[] };

describe("installs in node_modules under the resident workspace", () => {
  test("a package removed, then installed with another type: the delta and the single-file check follow", async () => {
    expect(await delta()).toMatchObject({ established: true });
    expect(await delta()).toMatchObject({ introduced: [], resolved: [] });
    rmSync(join(root, "node_modules/lib"), { recursive: true });
    writeFiles(root, lockfile(2));
    expect((await delta()).introduced.map((d) => `${d.code} ${d.path}`)).toEqual(["TS2307 src/use.ts"]);
    writeFiles(root, { ...lib("string"), ...lockfile(3) });
    expect((await delta()).introduced.map((d) => `${d.code} ${d.path}`)).toEqual(["TS2322 src/use.ts"]);
    const r = (await call("check", { path: root, file: "src/use.ts", content: USE }, ctx)).data as unknown as FileCheckData;
    expect(r.clean).toBe(false);
    expect(r.diagnostics.map((d) => d.code)).toEqual(["TS2322"]);
  }, 120_000);
});
