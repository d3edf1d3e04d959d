// A checkout under a held resident workspace that changes the project config (tsconfig.json):
// the check must see the new config's files and options, as a cold check and tsc do. The
// engine was never told the config changed, so its programs kept the old ones: a test folder
// the new config leaves out was still checked as a dependent (a false "1 error introduced",
// found on zustand), and an option the new config turns on was not applied (a false clean).

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import type { FileCheckData } from "../../src/check/file-check.ts";
import { holdResident, releaseResident } from "../../src/semantic/resident.ts";
import { useRuntimeDir } from "../helpers/host.ts";
import { commitFiles, git, gitRepo } from "../helpers/repo.ts";

const config = (strict: boolean, include: string[]) => JSON.stringify({ compilerOptions: { strict, noEmit: true, target: "es2022", module: "esnext", moduleResolution: "bundler" }, include });
const LIB = "export function size(s: string): number {\n  return s.length;\n}\n";
/** Breaks the test file's call (a number where a string is expected) and adds a parameter without a type (TS7006 under strict). */
const EDIT = "export function size(s: number): number {\n  return s;\n}\nexport function echo(v) {\n  return v;\n}\n";
const TEST = 'import { size } from "../src/lib";\nexport const n: number = size("abc");\n';

const host = { cwd: "/", host: true };
let root: string;
let before: string;
let after: string;

beforeAll(async () => {
  useRuntimeDir();
  // before: tests included, not strict; after: tests left out, strict
  root = gitRepo({ "tsconfig.json": config(false, ["src/**/*.ts", "tests/**/*.ts"]), "src/lib.ts": LIB, "tests/lib.test.ts": TEST });
  before = git(root, "rev-parse", "HEAD").trim();
  after = commitFiles(root, { "tsconfig.json": config(true, ["src/**/*.ts"]) }, "strict, tests out");
  git(root, "checkout", "-q", before);
  await call("index", { path: root });
  holdResident(root, { writer: false });
}, 120_000);

afterAll(async () => {
  await releaseResident(root);
});

const check = async (ctx: object) => (await call("check", { path: root, file: "src/lib.ts", content: EDIT }, ctx)).data as unknown as FileCheckData;
const findings = (r: FileCheckData) => ({
  grade: r.grade,
  introduced: r.introducedErrors,
  file: r.diagnostics.map((d) => `${d.code} ${d.line}`),
  dependents: r.dependentDiagnostics.map((d) => `${d.code} ${d.path}`),
});

describe("a checkout that changes tsconfig.json under the resident workspace", () => {
  test("the check after the checkout equals a cold check (the new config's files and options)", async () => {
    const first = await check(host);
    expect(first.grade).toBe("resident");
    // the old config: the test file is a dependent the edit breaks; not strict, so no TS7006
    expect(findings(first)).toMatchObject({ introduced: 1, file: [], dependents: ["TS2345 tests/lib.test.ts"] });

    git(root, "checkout", "-q", after);
    await call("index", { path: root });
    const resident = await check(host);
    const cold = await check({ cwd: "/" });
    expect(resident.grade).toBe("resident");
    expect(cold.grade).toBe("cold");
    // the new config: the test folder is out (no dependent), strict is on (the untyped parameter is an error)
    expect(findings(cold)).toEqual({ grade: "cold", introduced: 1, file: ["TS7006 4"], dependents: [] });
    expect({ ...findings(resident), grade: "cold" }).toEqual(findings(cold));

    // and back: the old config again
    git(root, "checkout", "-q", before);
    await call("index", { path: root });
    expect(findings(await check(host))).toEqual(findings(first));
  }, 180_000);

  test("a checkout that changes only the config tsconfig.json extends: the new options, as a cold check", async () => {
    const base = gitRepo({ "tsconfig.json": JSON.stringify({ extends: "./tsconfig.base.json", include: ["src/**/*.ts"] }), "tsconfig.base.json": config(false, []), "src/lib.ts": LIB });
    const loose = git(base, "rev-parse", "HEAD").trim();
    const strict = commitFiles(base, { "tsconfig.base.json": config(true, []) }, "strict");
    git(base, "checkout", "-q", loose);
    await call("index", { path: base });
    holdResident(base, { writer: false });
    try {
      const at = async (ctx: object) => findings((await call("check", { path: base, file: "src/lib.ts", content: EDIT }, ctx)).data as unknown as FileCheckData);
      expect(await at(host)).toEqual({ grade: "resident", introduced: 0, file: [], dependents: [] });
      git(base, "checkout", "-q", strict);
      await call("index", { path: base });
      const cold = await at({ cwd: "/" });
      expect(cold).toEqual({ grade: "cold", introduced: 1, file: ["TS7006 4"], dependents: [] });
      expect({ ...(await at(host)), grade: "cold" }).toEqual(cold);
    } finally {
      await releaseResident(base);
    }
  }, 180_000);

  test("a checkout to a config that names its files (svc's wrapper of it changes too): the new files, as a cold check", async () => {
    const options = { strict: false, noEmit: true, target: "es2022", module: "esnext", moduleResolution: "bundler" };
    // before: no include (every file under the folder: the wrapper says so), after: src only (the wrapper leaves it to the config)
    const repo = gitRepo({ "tsconfig.json": JSON.stringify({ compilerOptions: options }), "src/lib.ts": LIB, "tests/lib.test.ts": TEST });
    const all = git(repo, "rev-parse", "HEAD").trim();
    const src = commitFiles(repo, { "tsconfig.json": JSON.stringify({ compilerOptions: options, include: ["src"] }) }, "src only");
    git(repo, "checkout", "-q", all);
    await call("index", { path: repo });
    holdResident(repo, { writer: false });
    try {
      const at = async (ctx: object) => findings((await call("check", { path: repo, file: "src/lib.ts", content: EDIT }, ctx)).data as unknown as FileCheckData);
      expect(await at(host)).toEqual({ grade: "resident", introduced: 1, file: [], dependents: ["TS2345 tests/lib.test.ts"] });
      git(repo, "checkout", "-q", src);
      await call("index", { path: repo });
      const cold = await at({ cwd: "/" });
      expect(cold).toEqual({ grade: "cold", introduced: 0, file: [], dependents: [] });
      expect({ ...(await at(host)), grade: "cold" }).toEqual(cold);
    } finally {
      await releaseResident(repo);
    }
  }, 180_000);

  test("a checkout that adds a workspace package: svc's wrapper maps it (rewritten by the index), the engine reads the new wrapper", async () => {
    const repo = gitRepo({
      "package.json": JSON.stringify({ name: "root", private: true, workspaces: ["packages/*"] }),
      "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: "es2022", module: "esnext", moduleResolution: "bundler" }, include: ["packages/*/src"] }),
      "packages/a/package.json": JSON.stringify({ name: "a" }),
      "packages/a/src/index.ts": "export const x = 1;\n",
      "packages/b/package.json": JSON.stringify({ name: "b" }),
      "packages/b/src/index.ts": 'import { c } from "c";\nexport const y: number = c;\n',
    });
    const without = git(repo, "rev-parse", "HEAD").trim();
    const withC = commitFiles(repo, { "packages/c/package.json": JSON.stringify({ name: "c" }), "packages/c/src/index.ts": "export const c = 1;\n" }, "package c");
    git(repo, "checkout", "-q", without);
    await call("index", { path: repo });
    const resident = holdResident(repo, { writer: false });
    resident.catchUpWithStore(); // as a server's resident does on each request: it hears of the index's syncs from the store
    try {
      const edit = 'import { c } from "c";\nexport const y: number = c;\nexport const z = 2;\n';
      const at = async (ctx: object) => findings((await call("check", { path: repo, file: "packages/b/src/index.ts", content: edit }, ctx)).data as unknown as FileCheckData);
      expect(await at(host)).toEqual({ grade: "resident", introduced: 0, file: ["TS2307 1"], dependents: [] });
      git(repo, "checkout", "-q", withC);
      await call("index", { path: repo });
      resident.catchUpWithStore();
      const cold = await at({ cwd: "/" });
      expect(cold).toEqual({ grade: "cold", introduced: 0, file: [], dependents: [] });
      expect({ ...(await at(host)), grade: "cold" }).toEqual(cold);
    } finally {
      await releaseResident(repo);
    }
  }, 180_000);
});
