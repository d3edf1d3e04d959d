// `svc gate --staged` with a host: when the commit is what the disk has (every changed source
// staged as it is on disk, nothing untracked the compiler would read) it is compared on the
// host's resident engine and says so — the same verdict as an engine loaded for the call,
// which is still used, and named, when the working tree differs from the index.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { copyFileSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { startHost, type RunningHost } from "../../src/surfaces/host/server.ts";
import { runSvcAsync } from "../helpers/cli.ts";
import { stagedGate } from "../../src/check/gate-ref.ts";
import { localSession } from "../../src/ops/check-session.ts";
import { useRuntimeDir } from "../helpers/host.ts";
import { git, gitRepo, writeFiles } from "../helpers/repo.ts";

const TSCONFIG = JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: "es2022", module: "esnext", moduleResolution: "bundler" }, include: ["src/**/*.ts"] });
const PRICE = "export function price(n: number): number {\n  return n * 2;\n}\n";
const USE = 'import { price } from "./price";\nexport const total: number = price(1);\n';
/** Pre-existing: never counted. */
const LEGACY = "export const legacy: number = 'not a number';\n";

type Gate = { code: number; data: { passed: boolean; mode: string; resident?: boolean; introduced: { path: string; code: string }[] }; stderr: string; stdout: string };

describe("svc gate --staged with a host", () => {
  let runtime: string;
  let root: string;
  let host: RunningHost;
  beforeAll(async () => {
    runtime = useRuntimeDir();
    root = gitRepo({ "tsconfig.json": TSCONFIG, "src/price.ts": PRICE, "src/use.ts": USE, "src/legacy.ts": LEGACY });
    host = await startHost({ root, idleMinutes: 0, log: () => {} });
  }, 120_000);
  afterAll(async () => {
    await host.stop("test done");
  });

  const gate = async (env: Record<string, string>, ...extra: string[]): Promise<Gate> => {
    const json = await runSvcAsync(["gate", "--staged", "--json", ...extra], { cwd: root, env });
    const text = await runSvcAsync(["gate", "--staged", ...extra], { cwd: root, env });
    return { code: json.code, data: JSON.parse(json.stdout), stderr: text.stderr, stdout: text.stdout };
  };
  /** The comparison in an engine loaded for the call (this process's: no host asked). */
  const loaded = async () => {
    const outcome = await stagedGate(root, 120_000);
    return outcome.ran ? outcome.introduced.map((d) => `${d.path} ${d.code}`) : outcome.reason;
  };
  const shown = (g: Gate) => ({ code: g.code, passed: g.data.passed, mode: g.data.mode, resident: g.data.resident ?? false, introduced: g.data.introduced.map((d) => `${d.path} ${d.code}`) });

  test("everything staged: compared on the host's engine, said so, the same verdict as an engine loaded for the call — clean, then an introduced error", async () => {
    const env = { SVC_RUNTIME_DIR: runtime };
    writeFiles(root, { "src/price.ts": PRICE.replace("n * 2", "n * 3") });
    git(root, "add", "-A");
    const clean = await gate(env);
    expect(shown(clean)).toEqual({ code: 0, passed: true, mode: "staged", resident: true, introduced: [] });
    expect(clean.stdout).toMatch(/^svc gate: ok, no introduced errors \(staged changes against HEAD, on the host's resident engine \(the staged content is the working tree's\): 1 changed file/);
    expect(await loaded()).toEqual([]);
    // a signature change that breaks its importer
    writeFiles(root, { "src/price.ts": PRICE.replace("price(n: number): number", "price(n: number): string").replace("n * 2", "String(n)") });
    git(root, "add", "-A");
    const red = await gate(env);
    expect(shown(red)).toEqual({ code: 1, passed: false, mode: "staged", resident: true, introduced: ["src/use.ts TS2322"] });
    expect(red.stderr).toContain("on the host's resident engine");
    expect(await loaded()).toEqual(["src/use.ts TS2322"]);
    // the comparison left no overlay (HEAD's price.ts) in the resident engine: the session's delta still sees the disk's error
    const session = JSON.parse((await runSvcAsync(["gate", "--json"], { cwd: root, env })).stdout);
    expect({ mode: session.mode, introduced: session.introduced.map((d: { path: string; code: string }) => `${d.path} ${d.code}`) }).toEqual({ mode: "session", introduced: ["src/use.ts TS2322"] });
  }, 300_000);

  test("the working tree differs from the index: the engine loaded for the call checks the commit, and the verdict says why the host's was not used", async () => {
    const env = { SVC_RUNTIME_DIR: runtime };
    // the staged change breaks the importer; the fix on disk is not staged, so the commit still has the error
    writeFiles(root, { "src/price.ts": PRICE.replace("price(n: number): number", "price(n: number): string").replace("n * 2", "String(n)") });
    git(root, "add", "-A");
    writeFiles(root, { "src/use.ts": USE.replace("total: number", "total: string") });
    const unstaged = await gate(env);
    expect(shown(unstaged)).toEqual({ code: 1, passed: false, mode: "staged", resident: false, introduced: ["src/use.ts TS2322"] });
    expect(unstaged.stderr).toContain("(the host's resident engine not used: src/use.ts differs from the index)");
    // a new source not staged: the host's engine would see it, the commit does not have it
    git(root, "checkout", "--", "src/use.ts");
    writeFiles(root, { "src/price.ts": PRICE, "src/extra.ts": "export const extra = 1;\n" });
    git(root, "add", "src/price.ts");
    const untracked = await gate(env);
    expect(shown(untracked)).toMatchObject({ code: 0, resident: false });
    expect(untracked.stdout).toContain("(the host's resident engine not used: src/extra.ts differs from the index)");
    rmSync(join(root, "src/extra.ts"));
    // everything staged again: the host's engine answers, from the disk it keeps current
    expect(shown(await gate(env))).toMatchObject({ code: 0, resident: true });
    // a removal staged (and gone from disk): its importer breaks, on the host's engine as in one loaded for the call
    git(root, "rm", "-q", "src/price.ts");
    const removed = await gate(env);
    expect(shown(removed)).toEqual({ code: 1, passed: false, mode: "staged", resident: true, introduced: ["src/use.ts TS2307"] });
    expect(await loaded()).toEqual(["src/use.ts TS2307"]);
    git(root, "reset", "-q", "HEAD", "--", "src/price.ts");
    git(root, "checkout", "--", "src/price.ts");
  }, 300_000);

  test("the pre-commit hook: a plain commit, git commit -a and git commit <paths> (an index of git's own making, which the host is told of) are gated on the host's engine when the commit is the disk — exactly the commit's content", async () => {
    const env = { ...process.env, SVC_RUNTIME_DIR: runtime };
    expect((await runSvcAsync(["hook", "install"], { cwd: root, env: { SVC_RUNTIME_DIR: runtime } })).code).toBe(0);
    // (not spawnSync: the host answers from this process)
    const commit = async (...args: string[]) => {
      const child = Bun.spawn(["git", "-c", "user.email=t@example.com", "-c", "user.name=Test", "commit", "-q", ...args], { cwd: root, env, stdout: "pipe", stderr: "pipe" });
      const [stderr, code] = await Promise.all([new Response(child.stderr).text(), child.exited]);
      return { code, stderr };
    };
    const count = () => Number(git(root, "rev-list", "--count", "HEAD").trim());
    const ON_HOST = "on the host's resident engine";
    const BREAK = PRICE.replace("price(n: number): number", "price(n: number): string").replace("n * 2", "String(n)");
    const before = count();
    writeFiles(root, { "src/price.ts": PRICE.replace("n * 2", "n * 4") });
    git(root, "add", "-A");
    const plain = await commit("-m", "plain");
    expect(plain.stderr).toStartWith(`svc gate: ok, no introduced errors (staged changes against HEAD, ${ON_HOST}`);
    expect(plain.code).toBe(0);
    expect(count()).toBe(before + 1);
    // the break is on disk only: `git commit -a` stages it into the index it gives the hook, which the host reads
    writeFiles(root, { "src/price.ts": BREAK });
    const all = await commit("-am", "all");
    expect(all.code).not.toBe(0);
    expect(all.stderr).toContain(ON_HOST);
    expect(all.stderr).toContain("src/use.ts");
    expect(count()).toBe(before + 1);
    // git commit <path>: the path's disk content, the rest as HEAD has it
    const paths = await commit("-m", "paths", "src/price.ts");
    expect(paths.code).not.toBe(0);
    expect(paths.stderr).toContain(ON_HOST);
    expect(paths.stderr).toContain("src/use.ts");
    // the fix staged, the break left on disk: `git commit <path>` commits the disk's (broken) content, a plain commit the index's (clean)
    writeFiles(root, { "src/price.ts": PRICE.replace("n * 2", "n * 5") });
    git(root, "add", "src/price.ts");
    writeFiles(root, { "src/price.ts": BREAK });
    const diskBroken = await commit("-m", "disk", "src/price.ts");
    expect(diskBroken.code).not.toBe(0);
    expect(diskBroken.stderr).toContain("src/use.ts");
    expect(count()).toBe(before + 1);
    const indexClean = await commit("-m", "index");
    expect(indexClean.stderr).toContain("(the host's resident engine not used: src/price.ts differs from the index)");
    expect(indexClean.code).toBe(0);
    expect(count()).toBe(before + 2);
    // a break staged, another path committed alone: the staged break is left out of that commit, which passes
    writeFiles(root, { "src/other.ts": "export const other = 1;\n" });
    git(root, "add", "src/other.ts");
    git(root, "commit", "-q", "--no-verify", "-m", "other", "src/other.ts");
    git(root, "add", "src/price.ts");
    writeFiles(root, { "src/other.ts": "export const other = 2;\n" });
    const alone = await commit("-m", "alone", "src/other.ts");
    expect(alone.code).toBe(0);
    expect(alone.stderr).toContain("src/price.ts differs from the index");
    expect(count()).toBe(before + 4);
    // and committing everything now (git commit -a) is blocked on the host's engine
    const rest = await commit("-am", "rest");
    expect(rest.code).not.toBe(0);
    expect(rest.stderr).toContain(ON_HOST);
    expect(count()).toBe(before + 4);
    git(root, "reset", "-q", "HEAD", "--", "src/price.ts");
    git(root, "checkout", "--", "src/price.ts");
  }, 300_000);

  test("the pre-commit hook of git commit --amend: the host's engine compares the commit with HEAD's first parent (a break committed with --no-verify is not the baseline)", async () => {
    const env = { ...process.env, SVC_RUNTIME_DIR: runtime };
    expect((await runSvcAsync(["hook", "install"], { cwd: root, env: { SVC_RUNTIME_DIR: runtime } })).code).toBe(0);
    const start = git(root, "rev-parse", "HEAD").trim();
    writeFiles(root, { "src/price.ts": PRICE.replace("price(n: number): number", "price(n: number): string").replace("n * 2", "String(n)") });
    git(root, "add", "-A");
    git(root, "commit", "-q", "--no-verify", "-m", "break");
    writeFiles(root, { "src/note.ts": "export const note = 1;\n" });
    git(root, "add", "-A");
    const child = Bun.spawn(["git", "-c", "user.email=t@example.com", "-c", "user.name=Test", "commit", "-q", "--amend", "-m", "break, amended"], { cwd: root, env, stdout: "pipe", stderr: "pipe" });
    const [stderr, code] = await Promise.all([new Response(child.stderr).text(), child.exited]);
    expect(code).not.toBe(0);
    expect(stderr).toContain("staged changes against HEAD^ (amending HEAD), on the host's resident engine");
    expect(stderr).toContain("src/use.ts");
    git(root, "reset", "-q", "--hard", start);
  }, 300_000);

  test("on the host's engine too, a staged file importing a git-ignored one passes naming it", async () => {
    const env = { SVC_RUNTIME_DIR: runtime };
    writeFiles(root, { ".git/info/exclude": "src/gen/\n", "src/gen/rate.ts": "export const rate = 2;\n", "src/rated.ts": 'import { rate } from "./gen/rate";\nexport const r: number = rate;\n' });
    git(root, "add", "src/rated.ts");
    try {
      const g = await gate(env);
      expect(shown(g)).toEqual({ code: 0, passed: true, mode: "staged", resident: true, introduced: [] });
      expect(g.stdout).toContain("\n  warning: src/rated.ts imports src/gen/rate.ts (ignored by git): checked as the disk has it, which the commit does not carry\n");
    } finally {
      git(root, "rm", "-q", "-f", "src/rated.ts");
      rmSync(join(root, "src/gen"), { recursive: true });
      writeFiles(root, { ".git/info/exclude": "" });
    }
  }, 300_000);

  test("the host reads an index file named to it only inside the repository's git directory", async () => {
    const ask = (indexFile: string) => localSession(root, { session: "hook", markGreen: false, full: false, staged: true, indexFile }, { cwd: root } as never);
    await expect(ask("/etc/passwd")).rejects.toThrow(/refusing to read indexFile \/etc\/passwd: it resolves outside the repository's git directory/);
    await expect(ask(".git/index")).rejects.toThrow(/indexFile must be an absolute path/);
    await expect(ask(join(root, ".git/nope.lock"))).rejects.toThrow(/does not exist/);
    // a link inside the git directory leading out, a '..' out of it, the directory itself
    symlinkSync("/etc/passwd", join(root, ".git/out.lock"));
    await expect(ask(join(root, ".git/out.lock"))).rejects.toThrow(/it resolves outside the repository's git directory/);
    await expect(ask(join(root, ".git/../src/price.ts"))).rejects.toThrow(/it resolves outside the repository's git directory/);
    await expect(ask(join(root, ".git"))).rejects.toThrow(/it resolves to the repository's git directory .*, not an index file in it/);
    await expect(ask(join(root, ".git/refs"))).rejects.toThrow(/it is not a file/);
    // a user's GIT_INDEX_FILE outside it: the host refuses, the gate loads its engine and says the host refused (not "did not answer")
    copyFileSync(join(root, ".git/index"), join(runtime, "user-index"));
    const user = await gate({ SVC_RUNTIME_DIR: runtime, GIT_INDEX_FILE: join(runtime, "user-index") });
    expect(shown(user)).toMatchObject({ code: 0, passed: true, resident: false });
    expect(user.stdout).toContain("the host refused the check: refusing to read indexFile");
    expect(user.stdout).not.toContain("did not answer");
  }, 120_000);
});
