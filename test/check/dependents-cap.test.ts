// The dependents of an edit are checked within a time cap (SVC_CHECK_DEPENDENTS_MS): the
// answer names what it did not check and is then never clean; 0 lifts the cap.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import type { FileCheckData } from "../../src/check/file-check.ts";
import { holdResident, releaseResident } from "../../src/semantic/resident.ts";
import { useRuntimeDir } from "../helpers/host.ts";
import { gitRepo } from "../helpers/repo.ts";

const TSCONFIG = JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: "es2022", module: "esnext", moduleResolution: "bundler" }, include: ["src/**/*.ts"] });
const BASE = "export const base = (n: number) => n.toFixed(2);\n";
const USERS = 40;
const files: Record<string, string> = { "tsconfig.json": TSCONFIG, "src/base.ts": BASE };
for (let i = 0; i < USERS; i++) files[`src/user-${i}.ts`] = `import { base } from "./base";\nexport const u${i} = base(${i}).length;\n`;

const ctx = { cwd: "/", host: true };
let root: string;

beforeAll(async () => {
  useRuntimeDir();
  root = gitRepo(files);
  await call("index", { path: root });
  holdResident(root, { writer: false });
}, 120_000);

afterAll(async () => {
  delete process.env.SVC_CHECK_DEPENDENTS_MS;
  await releaseResident(root);
});

async function checkWith(cap: string, content: string): Promise<{ text: string; data: FileCheckData }> {
  process.env.SVC_CHECK_DEPENDENTS_MS = cap;
  try {
    return (await call("check", { path: root, file: "src/base.ts", content }, ctx)) as unknown as { text: string; data: FileCheckData };
  } finally {
    delete process.env.SVC_CHECK_DEPENDENTS_MS;
  }
}

describe("the dependents' time cap", () => {
  // the exported type changes ("x" instead of string) and every importer still type-checks
  const harmless = 'export const base = (n: number) => "x" as const;\n';
  const breaking = "export const base = (n: number) => n * 2;\n";

  test("with no cap every dependent is checked and a harmless edit is clean", async () => {
    const r = await checkWith("0", harmless);
    expect(r.data.dependents).toBe(USERS);
    expect(r.data.dependentsUnchecked).toBeUndefined();
    expect(r.data.clean).toBe(true);
    expect(r.text).toContain(`clean: no errors in src/base.ts (${USERS} dependents checked)`);
  }, 120_000);

  test("a cap the checks outlast: the answer is partial, names what it did not check, never clean", async () => {
    const r = await checkWith("1", harmless);
    const u = r.data.dependentsUnchecked!;
    expect(u.count).toBeGreaterThan(0);
    expect(r.data.dependents + u.count).toBe(USERS);
    expect(u.files.length).toBe(Math.min(10, u.count));
    expect(r.data.clean).toBe(false);
    expect(r.text).not.toContain("clean:");
    expect(r.text).toContain(`partial: no errors in src/base.ts or in the dependents checked (${r.data.dependents} dependent`);
    expect(r.text).toContain(`${u.count} not checked within the 1 ms cap (SVC_CHECK_DEPENDENTS_MS of the process that checks: the host's when a host serves the workspace; 0 lifts it): ${u.files[0]}`);
  }, 120_000);

  test("errors found before the cap are reported; the rest are named as unchecked", async () => {
    const r = await checkWith("1", breaking);
    const u = r.data.dependentsUnchecked!;
    expect(u.count).toBeGreaterThan(0);
    expect(r.data.dependentDiagnostics.length).toBe(r.data.dependents);
    expect(r.data.introducedErrors).toBe(r.data.dependents);
    expect(r.text).toContain(`errors introduced in dependents: ${r.data.dependents} (`);
    const all = await checkWith("0", breaking);
    expect(all.data.dependentDiagnostics.length).toBe(USERS);
    expect(all.data.dependentsUnchecked).toBeUndefined();
  }, 120_000);

  test("svc_test's race: a candidate whose dependents the cap left unchecked is partial, never decided by the typecheck alone", async () => {
    process.env.SVC_CHECK_DEPENDENTS_MS = "1";
    try {
      const other = 'export const base = (n: number) => "y" as const;\n';
      const r = await call("test", { path: root, symbol: "base", candidates: [{ id: "capped", file: "src/base.ts", content: harmless }, { id: "other", file: "src/base.ts", content: other }] }, ctx);
      const race = (r.data as unknown as { race: { verdict: { status: string; reason: string }; candidates: { id: string; typecheck: string }[] } }).race;
      expect(race.candidates.map((c) => c.typecheck)).toEqual(["partial", "partial"]);
      expect(race.verdict.status).toBe("none");
      expect(race.verdict.reason).toContain("dependents not checked within the cap");
      expect(r.text).not.toContain("no new errors (pre-existing ones remain)");
      expect(r.text).toContain("[capped] no errors found, but");
    } finally {
      delete process.env.SVC_CHECK_DEPENDENTS_MS;
    }
  }, 120_000);
});
