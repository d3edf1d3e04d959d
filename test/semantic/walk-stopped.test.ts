// A semantic walk that stops part-way is said as such, never as a finished build (h140).
// - mikro-orm under load: the walk's fixed 180 s per batch of 250 files ran out, and `svc index`
//   ended with exit 0 while the store stayed "upgrade pending"; status said `ready … up to date`
//   (the first build's tier is syntax), answers said "the semantic upgrade is running" after the
//   run had ended. The batch's limit is one of progress now (SVC_WALK_STALL_MS without a file
//   finished), and a run that stops records why: `svc index` exits 1, its last line says what is
//   left and that svc index runs it again; status and answers say stopped, why, and what to do.
// - A run killed outright (kill -9) records nothing: it marked every file pending when it began,
//   so status and answers say it did not finish and nothing runs it; the next svc index walks it.
// - The next full run resumed nothing: every file was walked again (mikro-orm: ~9 min each time
//   under load). On the same files it resumes now, keeping what was walked; the store equals a
//   rebuild's. A file changed meanwhile: everything is walked again.
// The walk is stopped by a test hook making the checker hang on one file (SVC_TEST_WALK_STALL),
// with small batches (SVC_WALK_BATCH_FILES) so the batches before it are written.

import { expect, test } from "bun:test";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { openReader } from "../../src/store/db.ts";
import { runSvc, runSvcAsync } from "../helpers/cli.ts";
import { gitRepo, tempDir } from "../helpers/repo.ts";
import { expectEqualsRebuild, semanticState } from "../helpers/semantic-state.ts";

const MAIN = join(import.meta.dir, "..", "..", "src", "main.ts");

const FILES: Record<string, string> = {
  "package.json": JSON.stringify({ name: "stopped", type: "module" }),
  "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, target: "es2022", module: "esnext", moduleResolution: "bundler", noEmit: true }, include: ["src"] }),
  "src/atom.ts": "export interface Atom<T> {\n  get(): T;\n}\n\nexport function createAtom<T>(value: T): Atom<T> {\n  return { get: () => value };\n}\n",
  "src/a.ts": 'import { createAtom } from "./atom";\n\nexport const a = createAtom(1);\n',
  "src/b.ts": 'import { createAtom } from "./atom";\n\nexport const b = createAtom("b");\n',
  "src/c.ts": 'import { createAtom } from "./atom";\n\nexport const c = createAtom(3).get();\n',
  "src/d.ts": 'import { c } from "./c";\n\nexport const d = c + 1;\n',
};

/** Walked in path order two at a time: [a, atom] is written, the batch [b, c] hangs on c. */
const stopAt = (root: string) => ({ SVC_WALK_BATCH_FILES: "2", SVC_TEST_WALK_STALL: join(root, "src/c.ts") });

const runtime = tempDir("svc-run-");
/** No host of another test (or the user's) serves these roots. */
const env = { SVC_RUNTIME_DIR: runtime };

const impactLine = (root: string) => runSvc(["impact", "createAtom", root, "--depth", "1"], { env }).stdout;

/** `svc index --json` without hooks: its exit code, tier, files walked and pending work. */
function indexJson(root: string): { code: number; mode: string; walked: unknown; pending: unknown } {
  const run = runSvc(["index", root, "--json"], { env });
  const data = JSON.parse(run.stdout) as { mode: string; semanticWalked?: unknown; semanticPending?: unknown };
  return { code: run.code, mode: data.mode, walked: data.semanticWalked, pending: data.semanticPending };
}

const walkRecords = (root: string): number => {
  const db = openReader(root);
  try {
    return (db?.query("SELECT count(*) AS n FROM checker_walks").get() as { n: number } | null)?.n ?? 0;
  } catch {
    return 0;
  } finally {
    db?.close();
  }
};

test("a walk that makes no progress is stopped; svc index exits 1 saying what is left, status and answers say stopped and why; the next svc index finishes", async () => {
  const root = gitRepo(FILES);
  const stopped = runSvc(["index", root], { env: { ...env, ...stopAt(root), SVC_WALK_STALL_MS: "2000" } });
  expect(stopped.code).toBe(1);
  expect(stopped.stdout).toContain("Indexed [syntax; semantic upgrade not finished] ");
  expect(stopped.stdout).toMatch(/Not finished: the semantic upgrade stopped at \S+ \(the TypeScript engine made no progress walking 2 files for 2s \(\d+ done\), its limit without progress/);
  expect(stopped.stdout).toContain("every file still to walk through the checker; svc index runs it again.");
  expect(stopped.stderr).toContain("svc: warning: semantic upgrade failed:");
  // the batch before the stuck one was written, and nothing claims it current
  expect(walkRecords(root)).toBe(2);
  expect(semanticState(root)).toEqual({ mode: "syntax", pending: "1", dirty: "all" });

  const status = runSvc(["diagnostics", root], { env });
  expect(status.code).toBe(0);
  expect(status.stdout).toContain("index_state: upgrade_pending\n");
  expect(status.stdout).not.toContain("up to date");
  expect(status.stdout).toContain("hint: syntax-tier answers where checker edges are pending; the semantic upgrade stopped at ");
  expect(status.stdout).toContain("made no progress walking 2 files for 2s");

  const answer = impactLine(root);
  expect(answer).toContain("coverage: syntax tier (index mode syntax: the semantic upgrade stopped at ");
  expect(answer).toContain("every file still to walk through the checker; svc index runs it again)");
  expect(answer).not.toContain("checker-complete");
  expect(answer).not.toContain("is running");

  // the next svc index resumes: the two files walked are kept, the other three walked; the store is a rebuild's
  const finished = indexJson(root);
  expect(finished).toEqual({ code: 0, mode: "semantic", walked: { files: 3, of: 5 }, pending: undefined });
  expect(semanticState(root)).toEqual({ mode: "semantic", pending: "0", dirty: [] });
  expect(runSvc(["diagnostics", root], { env }).stdout).toContain("index_state: ready\n");
  expect(impactLine(root)).toContain("(checker-complete)");
  await expectEqualsRebuild(root, FILES);
}, 240_000);

test("a run stopped part-way is not resumed once a file changed: every file is walked again", async () => {
  const root = gitRepo(FILES);
  expect(runSvc(["index", root], { env: { ...env, ...stopAt(root), SVC_WALK_STALL_MS: "2000" } }).code).toBe(1);
  expect(walkRecords(root)).toBe(2);
  const changed = { ...FILES, "src/atom.ts": `// edited\n${FILES["src/atom.ts"]}` };
  writeFileSync(join(root, "src/atom.ts"), changed["src/atom.ts"]!);
  expect(indexJson(root)).toEqual({ code: 0, mode: "semantic", walked: { files: 5, of: 5 }, pending: undefined });
  await expectEqualsRebuild(root, changed);
}, 240_000);

test("a run killed outright (kill -9) mid-walk: status and answers say it did not finish and nothing runs it; the next svc index walks it", async () => {
  const root = gitRepo(FILES);
  const child = Bun.spawn([process.execPath, "--no-install", MAIN, "index", root], {
    env: { ...process.env, NO_COLOR: "1", ...env, ...stopAt(root), SVC_WALK_STALL_MS: "600000" },
    stdout: "pipe",
    stderr: "pipe",
  });
  try {
    // it hangs on c.ts once [a, atom] is written
    for (let i = 0; i < 1200 && walkRecords(root) < 2 && child.exitCode === null; i++) await Bun.sleep(100);
    expect(walkRecords(root)).toBe(2);
  } finally {
    child.kill(9);
    await child.exited;
  }
  expect(existsSync(join(root, ".svc", "svc.db"))).toBe(true);
  expect(semanticState(root)).toEqual({ mode: "syntax", pending: "1", dirty: "all" });
  const status = runSvc(["diagnostics", root], { env });
  expect(status.stdout).toContain("index_state: upgrade_pending\n");
  expect(status.stdout).toContain("the semantic upgrade did not finish and is not running (the process running it ended part-way): every file still to walk through the checker; svc index finishes it.");
  const answer = impactLine(root);
  expect(answer).toContain("did not finish and is not running");
  expect(answer).not.toContain("checker-complete");

  // restarted, it resumes: the two files walked before the kill are kept
  expect(indexJson(root)).toEqual({ code: 0, mode: "semantic", walked: { files: 3, of: 5 }, pending: undefined });
  expect(semanticState(root)).toEqual({ mode: "semantic", pending: "0", dirty: [] });
  expect(impactLine(root)).toContain("(checker-complete)");
  await expectEqualsRebuild(root, FILES);
}, 240_000);

test("through a host: svc index exits 1 when the host's walk stops, and status says stopped (not queued) while the host serves", async () => {
  const root = gitRepo(FILES);
  const host = Bun.spawn([process.execPath, "--no-install", MAIN, "host", "--directory", root], {
    env: { ...process.env, NO_COLOR: "1", ...env, ...stopAt(root), SVC_WALK_STALL_MS: "2000" },
    stdout: "pipe",
    stderr: "pipe",
  });
  try {
    for (let i = 0; i < 600 && !existsSync(join(root, ".svc", "host.json")) && host.exitCode === null; i++) await Bun.sleep(100);
    const stopped = await runSvcAsync(["index", root], { env });
    expect(stopped.stdout).toContain("(through the host, pid ");
    expect(stopped.code).toBe(1);
    expect(stopped.stdout).toContain("[syntax; semantic upgrade not finished]");
    expect(stopped.stdout).toContain("made no progress walking 2 files for 2s");
    const status = await runSvcAsync(["diagnostics", root], { env });
    expect(status.stdout).toContain("index_state: upgrade_pending\n");
    expect(status.stdout).toContain("hint: syntax-tier answers where checker edges are pending; the semantic upgrade stopped at ");
    expect(status.stdout).not.toContain("queued or running");
  } finally {
    host.kill();
    await host.exited;
  }
  // the host gone, svc index finishes what it left
  const finished = await runSvcAsync(["index", root], { env });
  expect(finished.code).toBe(0);
  expect(finished.stdout).toContain("Indexed [semantic] ");
  expect(semanticState(root)).toEqual({ mode: "semantic", pending: "0", dirty: [] });
}, 240_000);
