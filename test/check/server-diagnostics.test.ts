// The overlay checks' fast path: the language server's pull diagnostics for the edited
// file (and its dependents in the same project) when the project's own tsconfig checks
// exactly as the semantic tier's wrapper; the API on the wrapper otherwise. Both give the
// same answer; only which one ran differs.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import type { FileCheckData } from "../../src/check/file-check.ts";
import { residentChecks } from "../../src/check/workspace.ts";
import { holdResident, releaseResident } from "../../src/semantic/resident.ts";
import { sameChecking, serverConfigOf } from "../../src/semantic/server-diagnostics.ts";
import { useRuntimeDir } from "../helpers/host.ts";
import { gitRepo } from "../helpers/repo.ts";

const OPTIONS = { strict: true, target: "es2022", module: "esnext", moduleResolution: "bundler" };
const LIB = "export function twice(n: number): number {\n  return n * 2;\n}\n";
const USE = 'import { twice } from "./lib";\nexport const four = twice(2);\n';
const ctx = { cwd: "/", host: true };
const roots: string[] = [];

async function workspace(compilerOptions: Record<string, unknown>): Promise<string> {
  const root = gitRepo({ "tsconfig.json": JSON.stringify({ compilerOptions, include: ["src/**/*.ts"] }), "src/lib.ts": LIB, "src/use.ts": USE });
  await call("index", { path: root });
  holdResident(root, { writer: false });
  roots.push(root);
  return root;
}

const check = async (root: string, file: string, content: string) => (await call("check", { path: root, file, content }, ctx)).data as unknown as FileCheckData;

beforeAll(() => useRuntimeDir());
afterAll(async () => {
  for (const root of roots) await releaseResident(root);
});

describe("overlay checks through the language server", () => {
  test("a project whose tsconfig checks as the wrapper: the server answers for the file and its dependents", async () => {
    const root = await workspace({ ...OPTIONS, noEmit: true });
    const cw = (await residentChecks(root, ctx))!;
    const before = cw.serverChecked;
    const r = await check(root, "src/lib.ts", LIB.replace("twice(n: number)", "twice(n: string)").replace("n * 2", "n.length"));
    expect(r.grade).toBe("resident");
    expect(r.dependentDiagnostics.map((d) => `${d.code} ${d.path}:${d.line}`)).toEqual(["TS2345 src/use.ts:2"]);
    expect(cw.serverChecked - before).toBe(2);
    const bad = await check(root, "src/use.ts", `${USE}const s: string = four;\n`);
    expect(bad.diagnostics.map((d) => `${d.code} ${d.line}`)).toEqual(["TS2322 3"]);
    expect(bad.introducedErrors).toBe(1);
    expect(cw.serverChecked - before).toBe(3);
  }, 120_000);

  test("declaration emit on (it adds diagnostics the wrapper does not have): the API on the wrapper answers", async () => {
    const root = await workspace({ ...OPTIONS, declaration: true, outDir: "dist" });
    const cw = (await residentChecks(root, ctx))!;
    const r = await check(root, "src/use.ts", `${USE}const s: string = four;\n`);
    expect(r.diagnostics.map((d) => `${d.code} ${d.line}`)).toEqual(["TS2322 3"]);
    expect(cw.serverChecked).toBe(0);
  }, 120_000);
});

describe("sameChecking", () => {
  const files = ["/r/src/a.ts"];
  const wrapper = { options: { strict: true, noEmit: true, declaration: false, composite: false, rootDir: null, configFilePath: "/r/.svc/ts/tsconfig.json.json" }, fileNames: files };
  test("emit-only options may differ; anything else, emit that adds diagnostics, or other files may not", () => {
    expect(sameChecking({ options: { strict: true, outDir: "/r/dist", configFilePath: "/r/tsconfig.json" }, fileNames: files }, wrapper)).toBe(true);
    expect(sameChecking({ options: { strict: false, configFilePath: "/r/tsconfig.json" }, fileNames: files }, wrapper)).toBe(false);
    expect(sameChecking({ options: { strict: true, declaration: true }, fileNames: files }, wrapper)).toBe(false);
    expect(sameChecking({ options: { strict: true, rootDir: "/r/src" }, fileNames: files }, wrapper)).toBe(false);
    expect(sameChecking({ options: { strict: true, allowImportingTsExtensions: true }, fileNames: files }, { ...wrapper, options: { ...wrapper.options, allowImportingTsExtensions: true } })).toBe(false);
    expect(sameChecking({ options: { strict: true }, fileNames: [...files, "/r/src/b.ts"] }, wrapper)).toBe(false);
  }, 120_000);

  test("the server's config for a file is the nearest tsconfig.json above it", () => {
    const root = gitRepo({ "tsconfig.json": "{}", "pkg/tsconfig.json": "{}", "pkg/src/a.ts": "", "src/b.ts": "" });
    roots.push(root);
    expect(serverConfigOf(root, "pkg/src/a.ts")).toBe("pkg/tsconfig.json");
    expect(serverConfigOf(root, "src/b.ts")).toBe("tsconfig.json");
  }, 120_000);
});
