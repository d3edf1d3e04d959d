// A project whose tsconfig failed to load in part (its `extends` names a package that is not installed: TS6053) is
// checked with options that are not the real build's. No typecheck verdict on it may read as a clean pass: svc_check,
// svc_refactor's verification, svc gate and the session delta say what was checked with what and name the config and
// why it did not load (check/config-caveat.ts), and call the verdict partial. (ky's tsconfig extends
// @sindresorhus/tsconfig: without node_modules, rename isObject said "verified: no new errors".)

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import { configCaveat } from "../../src/check/config-caveat.ts";
import type { FileCheckData } from "../../src/check/file-check.ts";
import { holdResident, releaseResident } from "../../src/semantic/resident.ts";
import { useRuntimeDir } from "../helpers/host.ts";
import { gitRepo } from "../helpers/repo.ts";

const OPTIONS = { strict: true, noEmit: true, target: "es2022", module: "esnext", moduleResolution: "bundler" };
const IS = "export const isObject = (value: unknown): value is object => value !== null && typeof value === 'object';\n";
const USE = 'import { isObject } from "./is";\n\nexport const ok = (v: unknown): boolean => isObject(v);\n';
const MISSING = "@acme/missing-tsconfig";

const repo = (tsconfig: object) => gitRepo({ "tsconfig.json": JSON.stringify(tsconfig), "src/is.ts": IS, "src/use.ts": USE });

describe("a typecheck verdict over a config that failed to load in part", () => {
  let broken: string;
  let sound: string;

  beforeAll(async () => {
    useRuntimeDir();
    broken = repo({ extends: MISSING, compilerOptions: OPTIONS, include: ["src"] });
    sound = repo({ compilerOptions: OPTIONS, include: ["src"] });
    for (const root of [broken, sound]) await call("index", { path: root });
  }, 120_000);

  afterAll(async () => {
    await releaseResident(broken);
  });

  test("svc_check: partial, never clean, naming the config and the missing extends", async () => {
    const edit = `${IS}export const two = 2;\n`;
    const r = await call("check", { path: broken, file: "src/is.ts", content: edit });
    const data = r.data as unknown as FileCheckData;
    expect(data.clean).toBe(false);
    expect(data.introducedErrors).toBe(0);
    expect(r.text).not.toContain("clean:");
    expect(r.text).toContain("partial: no errors in src/is.ts");
    expect(r.text).toContain(`tsconfig.json (TS6053: File '${MISSING}' not found.)`);
    expect(data.configProblems?.map((p) => p.config)).toEqual(["tsconfig.json"]);
    // the same edit over a config that loads is clean: the caveat is the config's, not the edit's
    const control = await call("check", { path: sound, file: "src/is.ts", content: edit });
    expect((control.data as unknown as FileCheckData).clean).toBe(true);
    expect(control.text).toContain("clean: no errors in src/is.ts");
  }, 120_000);

  test("svc_refactor: partly verified, not verified", async () => {
    const r = await call("refactor", { path: broken, operation: "rename", symbol: "isObject", newName: "isObj" });
    expect((r.data as { status: string }).status).toBe("staged");
    expect(r.text).not.toMatch(/^verified:/m);
    expect(r.text).toContain("partly verified: no new errors in 2 files");
    expect(r.text).toContain(MISSING);
    expect((r.data as { verified?: boolean }).verified).toBe(false);
    const control = await call("refactor", { path: sound, operation: "rename", symbol: "isObject", newName: "isObj" });
    expect(control.text).toMatch(/^verified: no new errors in 2 files/m);
    expect((control.data as { verified?: boolean }).verified).toBe(true);
  }, 120_000);

  test("svc gate: partial and not blocking, never ok or passed", async () => {
    for (const root of [broken, sound]) writeFileSync(join(root, "src/is.ts"), `${IS}export const three = 3;\n`);
    const r = await call("gate", { path: broken, since: "HEAD" });
    expect(r.exitCode ?? 0).toBe(0);
    expect(r.text).toStartWith("svc gate: partial, not blocking: no introduced errors");
    expect(r.text).toContain(MISSING);
    expect((r.data as { passed: boolean }).passed).toBe(false);
    const control = await call("gate", { path: sound, since: "HEAD" });
    expect(control.text).toStartWith("svc gate: ok, no introduced errors");
    expect((control.data as { passed: boolean }).passed).toBe(true);
  }, 120_000);

  test("svc_test candidates: the typecheck is partial, and alone it decides nothing", async () => {
    const candidates = [1, 2].map((n) => ({ id: `c${n}`, file: "src/is.ts", content: `${IS}export const n${n} = ${n};\n` }));
    const r = await call("test", { path: broken, symbol: "isObject", candidates });
    const race = (r.data as { race: { candidates: { id: string; typecheck: string }[]; verdict: { status: string; reason: string } } }).race;
    expect(race.candidates.map((c) => `${c.id}:${c.typecheck}`)).toEqual(["c1:partial", "c2:partial"]);
    expect(race.verdict.status).toBe("none");
    expect(race.verdict.reason).toContain(`were checked with a config that failed to load in part: tsconfig.json (TS6053: File '${MISSING}' not found.)`);
    expect(r.text).toContain("no errors found, but checked with a config that failed to load in part");
    const control = await call("test", { path: sound, symbol: "isObject", candidates });
    const sound_ = (control.data as { race: { candidates: { typecheck: string }[] } }).race;
    expect(sound_.candidates.map((c) => c.typecheck)).toEqual(["clean", "clean"]);
  }, 180_000);

  test("svc_check delta mode on the resident engine says the delta is partial", async () => {
    holdResident(broken, { writer: false });
    await call("check", { path: broken, session: "s" }, { cwd: "/", host: true });
    const r = await call("check", { path: broken, session: "s" }, { cwd: "/", host: true });
    expect(r.text).toContain("delta mode (resident");
    expect(r.text).toContain(`partial: checked with a config that failed to load in part: tsconfig.json (TS6053: File '${MISSING}' not found.)`);
  }, 120_000);
});

test("the caveat's advice: a package's config extended is installed, any other reason is the config's to fix", () => {
  expect(configCaveat([])).toBe("");
  expect(configCaveat([{ config: "tsconfig.json", reasons: [`TS6053: File '${MISSING}' not found.`] }])).toContain("install the dependencies");
  const own = configCaveat([{ config: "packages/a/tsconfig.json", reasons: ["TS6053: File './tsconfig.base.json' not found."] }, { config: "tsconfig.json", reasons: ["config option error (TS5023): Unknown compiler option 'strictt'."] }]);
  expect(own).toStartWith("checked with configs that failed to load in part: packages/a/tsconfig.json (TS6053: File './tsconfig.base.json' not found.), tsconfig.json (config option error (TS5023)");
  expect(own).not.toContain("install");
  expect(own).toEndWith("fix them)");
});
