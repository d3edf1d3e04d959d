// Checks on this process's resident workspace (the semantic tier's, held as the host holds
// it), with the real engine: dependents reached through a barrel, edits that leave what
// importers see unchanged, new files (in memory and on disk), and the delta's recheck of
// what a change reaches further up the import chains.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import type { FileCheckData } from "../../src/check/file-check.ts";
import { residentChecks } from "../../src/check/workspace.ts";
import type { CheckData } from "../../src/ops/check.ts";
import { holdResident, releaseResident } from "../../src/semantic/resident.ts";
import { useRuntimeDir } from "../helpers/host.ts";
import { gitRepo, writeFiles } from "../helpers/repo.ts";

const TSCONFIG = JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: "es2022", module: "esnext", moduleResolution: "bundler" }, include: ["src/**/*.ts"] });
const ORDER = "export class Order {\n  total = 0;\n  add(amount: number): number {\n    return this.total + amount;\n  }\n}\n";
/** Reaches Order only through the barrel. */
const USE = 'import { Order } from "./index";\nexport const sum = (o: Order): number => o.add(1) + o.total;\n';
const PRICE = "export function price(): number {\n  return 1;\n}\nexport const label = () => price();\n";
/** label()'s type comes from price() through an inferred return: a change to price reaches here via label.ts. */
const LABEL = 'import { label } from "./price";\nexport const shown = () => label();\n';
const SHOW = 'import { shown } from "./label";\nexport const fixed: string = shown().toFixed(2);\n';
/** Three importers of an inferred-return function. */
const FMT = "export const fmt = (n: number) => n.toFixed(2);\n";
const FMT_USERS = Object.fromEntries(["a", "b", "c"].map((x) => [`src/fmt-${x}.ts`, `import { fmt } from "./fmt";\nexport const ${x} = fmt(1).length;\n`]));

const ctx = { cwd: "/", host: true };
let root: string;

beforeAll(async () => {
  useRuntimeDir();
  root = gitRepo({ "tsconfig.json": TSCONFIG, "src/order.ts": ORDER, "src/index.ts": 'export * from "./order";\n', "src/use.ts": USE, "src/price.ts": PRICE, "src/label.ts": LABEL, "src/show.ts": SHOW, "src/fmt.ts": FMT, ...FMT_USERS });
  await call("index", { path: root });
  holdResident(root, { writer: false });
}, 120_000);

afterAll(async () => {
  await releaseResident(root);
});

const check = async (file: string, content: string) => (await call("check", { path: root, file, content }, ctx)).data as unknown as FileCheckData;
const delta = async (session: string, extra: Record<string, unknown> = {}) => (await call("check", { path: root, session, ...extra }, ctx)) as unknown as { text: string; data: CheckData };

describe("overlay checks on the resident workspace", () => {
  test("an error reached only through a barrel (export * from) is counted", async () => {
    const r = await check("src/order.ts", ORDER.replace("add(amount: number)", "plus(amount: number)"));
    expect(r.grade).toBe("resident");
    expect(r.clean).toBe(false);
    expect(r.dependentDiagnostics.map((d) => `${d.code} ${d.path}:${d.line}`)).toEqual(["TS2339 src/use.ts:2"]);
  }, 120_000);

  test("a body edit behind a written return type skips the dependents; a changed return type checks them", async () => {
    const body = await check("src/price.ts", PRICE.replace("return 1;", "const unused = 2;\n  return unused;"));
    expect(body).toMatchObject({ clean: true, dependents: 0, dependentsSkipped: "the edit leaves what importers see unchanged" });
    const changed = await check("src/price.ts", PRICE.replace("price(): number {\n  return 1;", 'price(): string {\n  return "1";'));
    // label.ts (direct importer) stays clean; its inferred export type changes with price's, so its importer show.ts is checked too: the error is there.
    expect(changed.dependentsSkipped).toBeUndefined();
    expect(changed.dependents).toBe(2);
    expect(changed.clean).toBe(false);
    expect(changed.dependentDiagnostics.map((d) => `${d.code} ${d.path}`)).toEqual(["TS2551 src/show.ts"]);
  }, 120_000);

  test("a body edit behind an inferred return type: the importers are skipped when the exported types stay, checked when they change", async () => {
    const same = await check("src/fmt.ts", FMT.replace("toFixed(2)", "toFixed(3)"));
    expect(same).toMatchObject({ clean: true, dependents: 0, dependentsSkipped: "the edit changes none of the file's exported types" });
    const changed = await check("src/fmt.ts", FMT.replace("n.toFixed(2)", "n * 2"));
    expect(changed.dependentsSkipped).toBeUndefined();
    expect(changed.dependents).toBe(3);
    expect(changed.dependentDiagnostics.map((d) => `${d.code} ${d.path}`)).toEqual(["TS2339 src/fmt-a.ts", "TS2339 src/fmt-b.ts", "TS2339 src/fmt-c.ts"]);
  }, 120_000);

  test("a new file: checked in memory when a project takes it; outside every project it abstains", async () => {
    const fresh = await check("src/fresh.ts", 'import { Order } from "./order";\nexport const n: string = new Order().total;\n');
    expect(fresh.grade).toBe("resident");
    expect(fresh.diagnostics.map((d) => d.code)).toEqual(["TS2322"]);
    const outside = await check("scripts/tool.ts", "export const x = 1;\n");
    expect(outside).toMatchObject({ grade: "abstain", clean: false });
    expect(outside.reason).toContain("scripts/tool.ts is a new file that no loaded project's program takes");
  }, 120_000);
});

describe("an importer written to disk after the resident workspace loaded", () => {
  test("an edit that breaks it is caught before the index hears of the new file (never a clean verdict)", async () => {
    expect((await check("src/fmt.ts", FMT)).clean).toBe(true); // the workspace is loaded and looked at
    writeFiles(root, { "src/fmt-late.ts": 'import { fmt } from "./fmt";\nexport const late: string = fmt(2);\n' });
    try {
      const r = await check("src/fmt.ts", FMT.replace("n.toFixed(2)", "n * 2"));
      expect(r.clean).toBe(false);
      expect(r.dependentDiagnostics.map((d) => `${d.code} ${d.path}`)).toContain("TS2322 src/fmt-late.ts");
    } finally {
      rmSync(join(root, "src/fmt-late.ts"));
    }
  }, 120_000);
});

describe("the session delta on the resident workspace", () => {
  test("a change reaching further up the import chain: the delta says it is not final until the background recheck finds the error", async () => {
    expect((await delta("chain")).data).toMatchObject({ established: true });
    writeFiles(root, { "src/price.ts": PRICE.replace("price(): number {\n  return 1;", 'price(): string {\n  return "1";') });
    const first = await delta("chain");
    const cw = await residentChecks(root, ctx);
    await cw?.sweep();
    const settled = await delta("chain");
    expect(settled.data).toMatchObject({ pending: 0 });
    expect((settled.data as { introduced: { path: string; code: string }[] }).introduced.map((d) => `${d.code} ${d.path}`)).toEqual(["TS2551 src/show.ts"]);
    // show.ts (two imports away) is stale until the background recheck; label.ts too if the delta's time budget ran out first.
    expect((first.data as { pending: number }).pending).toBeGreaterThanOrEqual(1);
    expect(first.data).toMatchObject({ introduced: [] });
    expect(first.text).toMatch(/not final: \d+ files? the change may reach (is|are) still being rechecked in the background/);
    // nothing found yet is not "no change": the text claims no more than the files rechecked so far show
    expect(first.text).not.toContain("no change since the baseline");
    expect(first.text).toContain("no change found yet in the files rechecked so far");
    writeFiles(root, { "src/price.ts": PRICE });
    await delta("chain");
    await cw?.sweep();
    expect((await delta("chain")).data).toMatchObject({ introduced: [], resolved: [], pending: 0 });
  }, 120_000);

  test("a file created after the resident workspace loaded is seen, and deleting it resolves its error", async () => {
    expect((await delta("created")).data).toMatchObject({ established: true });
    writeFiles(root, { "src/later.ts": "export const later: number = 'x';\n" });
    const seen = await delta("created");
    expect((seen.data as { introduced: { path: string; code: string }[] }).introduced.map((d) => `${d.code} ${d.path}`)).toEqual(["TS2322 src/later.ts"]);
    rmSync(join(root, "src/later.ts"));
    expect((await delta("created")).data).toMatchObject({ introduced: [], resolved: [] });
  }, 120_000);

  test("an edit that keeps the file's size and mtime (touch -d, cp -p) is rechecked: its error is introduced", async () => {
    const pinned = new Date("2024-01-02T03:04:05Z");
    writeFiles(root, { "src/kept.ts": "export const kept: number = 12;\n" });
    utimesSync(join(root, "src/kept.ts"), pinned, pinned);
    expect((await delta("kept")).data).toMatchObject({ established: true });
    expect((await delta("kept")).data).toMatchObject({ introduced: [] });
    writeFiles(root, { "src/kept.ts": "export const kept: string = 12;\n" });
    utimesSync(join(root, "src/kept.ts"), pinned, pinned);
    const seen = await delta("kept");
    expect((seen.data as { introduced: { path: string; code: string }[] }).introduced.map((d) => `${d.code} ${d.path}`)).toEqual(["TS2322 src/kept.ts"]);
    rmSync(join(root, "src/kept.ts"));
  }, 120_000);
});

describe("an existing file that no program takes (a solution tsconfig beside a folder its projects leave out, as hono's benchmarks/)", () => {
  test("abstains saying so, cold and resident — never the engine's 'source file not found'", async () => {
    const solution = gitRepo({
      "tsconfig.json": JSON.stringify({ files: [], references: [{ path: "./tsconfig.build.json" }] }),
      "tsconfig.build.json": JSON.stringify({ compilerOptions: { strict: true, noEmit: true, composite: true, target: "es2022", module: "esnext", moduleResolution: "bundler" }, include: ["src"] }),
      "src/a.ts": "export const a: number = 1;\n",
      "bench/b.ts": 'import { z } from "./z";\nimport { a } from "../src/a";\nexport const b: number = a + z;\n',
      "bench/z.ts": "export const z = 1;\n",
    });
    await call("index", { path: solution });
    const edit = "export const b: number = 'x';\n";
    const cold = await call("check", { path: solution, file: "bench/b.ts", content: edit }, { cwd: "/" });
    expect(cold.text).toBe("cannot verify (abstain): bench/b.ts is in no loaded project's program (outside every tsconfig/jsconfig's include)");
    holdResident(solution, { writer: false });
    try {
      const resident = await call("check", { path: solution, file: "bench/b.ts", content: edit }, ctx);
      expect(resident.text).toBe("cannot verify (abstain): bench/b.ts is in no loaded project's program (outside every tsconfig/jsconfig's include)");
      // a file the program takes is still checked
      expect((await call("check", { path: solution, file: "src/a.ts", content: edit }, ctx)).text).toContain("Error TS2322 src/a.ts:1:14");
      // and a refactor of it says the same
      const organize = await call("refactor", { path: solution, operation: "organize-imports", file: "bench/b.ts" }, ctx);
      expect(organize.text).toBe("cannot organize-imports: bench/b.ts is in no loaded project's program (outside every tsconfig/jsconfig's include)");
    } finally {
      await releaseResident(solution);
    }
  }, 120_000);
});
