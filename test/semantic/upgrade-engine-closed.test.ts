// A semantic upgrade whose engine was closed under it (the host stopping: its resident
// engine closes while a reconcile's run is queued or in flight) could not walk anything:
// the workspace it loaded held no project. An incremental run then took every changed file
// for one no project owns, dropped its record, restored what it could of its importers and
// walked none of the rest, cleared the changed file from the dirty list and kept the index
// mode: impact said "up to date" with the importers' checker edges gone (h94 on xstate:
// createAtom with 5 references instead of 84, until `svc index --force`). A full run stamped
// the syntax tier ("the TypeScript engine was closed") and deleted every checker edge. A run
// that cannot walk must fail, leaving the changed files pending; the next `svc index`
// equals a rebuild.

import { expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import { syncIndex } from "../../src/indexing/sync.ts";
import { TsEngine } from "../../src/semantic/engine.ts";
import { holdResident, releaseResident } from "../../src/semantic/resident.ts";
import { semanticUpgrade } from "../../src/semantic/upgrade.ts";
import { openReader } from "../../src/store/db.ts";
import type { ImpactData } from "../../src/ops/impact.ts";
import { gitRepo } from "../helpers/repo.ts";
import { expectEqualsRebuild, semanticState } from "../helpers/semantic-state.ts";

const FILES: Record<string, string> = {
  "package.json": JSON.stringify({ name: "closed", type: "module" }),
  "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, target: "es2022", module: "esnext", moduleResolution: "bundler", noEmit: true }, include: ["src"] }),
  "src/atom.ts": "export interface Atom<T> {\n  get(): T;\n}\n\nexport function createAtom<T>(value: T): Atom<T> {\n  return { get: () => value };\n}\n",
  "src/a.ts": 'import { createAtom } from "./atom";\n\nexport const a = createAtom(1);\n',
  "src/b.ts": 'import { createAtom, type Atom } from "./atom";\n\nexport function b(): Atom<string> {\n  return createAtom("b");\n}\n',
  "src/c.ts": 'import { b } from "./b";\n\nexport const c = b().get();\n',
};

/** A broken edit: \`Atom\` renamed where it is declared (a type error here and in b.ts); b.ts's record names a declaration gone. */
const BROKEN = FILES["src/atom.ts"]!.replace("export interface Atom<T>", "export interface AtomBox<T>");

const checkerEdges = (root: string) => {
  const db = openReader(root)!;
  try {
    return (db.query("SELECT count(*) AS n FROM edges WHERE provenance = 'checker' AND key IS NULL").get() as { n: number }).n;
  } finally {
    db.close();
  }
};

const state = semanticState;

async function closedEngine(root: string): Promise<TsEngine> {
  const engine = new TsEngine({ root });
  await engine.close();
  return engine;
}

const equalsRebuild = expectEqualsRebuild;

test("an incremental upgrade with a closed engine fails and leaves the change pending, never 'up to date' without the importers", async () => {
  const root = gitRepo(FILES);
  expect(((await call("index", { path: root })).data as { mode: string }).mode).toBe("semantic");
  const refsBefore = ((await call("impact", { path: root, symbol: "createAtom", depth: 1 })).data as unknown as ImpactData).dependents.length;
  expect(refsBefore).toBeGreaterThan(0);
  writeFileSync(join(root, "src/atom.ts"), BROKEN);
  const sync = await syncIndex(root);
  expect(sync.changedPaths).toEqual(["src/atom.ts"]);
  await expect(semanticUpgrade(root, { engine: await closedEngine(root), paths: sync.changedPaths })).rejects.toThrow("the TypeScript engine was closed");
  // the claim stays honest: the changed file is still listed as not re-walked
  expect(state(root)).toEqual({ mode: "semantic", pending: "1", dirty: ["src/atom.ts"] });
  const impact = (await call("impact", { path: root, symbol: "createAtom", depth: 1 })).data as unknown as ImpactData;
  expect(impact.coverage.line).toContain("1 changed file not re-walked yet");
  expect(impact.coverage.complete).toBe(false);
  // and the next index walks what the stopped run could not
  await call("index", { path: root });
  expect(state(root).dirty).toEqual([]);
  await equalsRebuild(root, { ...FILES, "src/atom.ts": BROKEN });
}, 240_000);

test("a full upgrade with a closed engine fails and keeps the semantic tier's edges (no syntax tier 'the engine was closed')", async () => {
  const root = gitRepo(FILES);
  expect(((await call("index", { path: root })).data as { mode: string }).mode).toBe("semantic");
  const edges = checkerEdges(root);
  expect(edges).toBeGreaterThan(0);
  await expect(semanticUpgrade(root, { engine: await closedEngine(root) })).rejects.toThrow("the TypeScript engine was closed");
  // the walk records and the wiring's answers were cleared for the full walk: no file is known current (h109)
  expect(state(root)).toEqual({ mode: "semantic", pending: "1", dirty: "all" });
  expect(checkerEdges(root)).toBe(edges);
  const impact = (await call("impact", { path: root, symbol: "createAtom", depth: 1 })).data as unknown as ImpactData;
  expect(impact.coverage.complete).toBe(false);
  expect(impact.coverage.line).toContain("the semantic update is pending for every file");
  await call("index", { path: root });
  await equalsRebuild(root, FILES);
}, 240_000);

test("an incremental upgrade whose engine cannot start fails too: the change stays pending", async () => {
  const root = gitRepo(FILES);
  expect(((await call("index", { path: root })).data as { mode: string }).mode).toBe("semantic");
  writeFileSync(join(root, "src/atom.ts"), BROKEN);
  const sync = await syncIndex(root);
  const tsc = process.env.SVC_TSC;
  process.env.SVC_TSC = "/bin/false"; // no language server: the engine fails to start (it is not closed)
  try {
    await expect(semanticUpgrade(root, { paths: sync.changedPaths })).rejects.toThrow("could not load the projects");
  } finally {
    if (tsc === undefined) delete process.env.SVC_TSC;
    else process.env.SVC_TSC = tsc;
  }
  expect(state(root)).toEqual({ mode: "semantic", pending: "1", dirty: ["src/atom.ts"] });
  await call("index", { path: root });
  await equalsRebuild(root, { ...FILES, "src/atom.ts": BROKEN });
}, 240_000);

test("a reconcile that reaches the host's resident workspace after it closed (the host stopping) leaves the change pending", async () => {
  const root = gitRepo(FILES);
  expect(((await call("index", { path: root })).data as { mode: string }).mode).toBe("semantic");
  const resident = holdResident(root, { writer: true });
  await resident.ensureLoaded();
  await releaseResident(root); // the host's stop: its engine closes
  // an edit with a new file (the loaded projects do not own it: the workspace is loaded again for the next run)
  writeFileSync(join(root, "src/atom.ts"), BROKEN);
  writeFileSync(join(root, "src/d.ts"), 'import { createAtom } from "./atom";\n\nexport const d = createAtom(true);\n');
  const sync = await syncIndex(root);
  resident.afterSync(sync.changedPaths, sync.removedPaths);
  await resident.idle();
  expect(state(root)).toEqual({ mode: "semantic", pending: "1", dirty: ["src/atom.ts", "src/d.ts"] });
  await call("index", { path: root });
  await equalsRebuild(root, { ...FILES, "src/atom.ts": BROKEN, "src/d.ts": 'import { createAtom } from "./atom";\n\nexport const d = createAtom(true);\n' });
}, 240_000);
