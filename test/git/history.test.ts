import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { SvcError } from "../../src/errors.ts";
import { LAST_DATE_WINDOW, churnStats } from "../../src/git/history.ts";
import { git, gitRepo, plainDir, writeFiles } from "../helpers/repo.ts";

const NOW = new Date("2024-06-30T00:00:00Z"); // 90 days earlier: 2024-04-01T00:00:00Z

function commitAt(root: string, iso: string, files: Record<string, string>, message = iso): void {
  writeFiles(root, files);
  git(root, "add", "-A");
  const env = { ...process.env, GIT_AUTHOR_DATE: iso, GIT_COMMITTER_DATE: iso };
  const r = Bun.spawnSync(["git", "-c", "user.email=t@example.com", "-c", "user.name=Test", "commit", "-q", "-m", message], {
    cwd: root,
    env,
    stdout: "pipe",
    stderr: "pipe",
  });
  if (r.exitCode !== 0) throw new Error(r.stderr.toString());
}

function plain(stats: Map<string, { commits: number; last: string | null }>): Record<string, string> {
  return Object.fromEntries([...stats].map(([p, s]) => [p, `${s.commits} ${s.last}`]));
}

describe("churnStats", () => {
  test("counts commits in the last 90 days and the last commit date", async () => {
    const root = gitRepo({});
    commitAt(root, "2024-01-01T10:00:00Z", { "a.ts": "1\n", "b.ts": "1\n" });
    commitAt(root, "2024-03-31T23:59:59Z", { "a.ts": "2\n" }); // one second before the window
    commitAt(root, "2024-04-01T00:00:00Z", { "a.ts": "3\n" }); // exactly at the window start: counts
    commitAt(root, "2024-05-01T12:00:00Z", { "a.ts": "4\n", "dir é/c d.ts": "1\n" });
    commitAt(root, "2024-06-20T08:00:00Z", { "a.ts": "5\n" });
    const stats = await churnStats(root, ["a.ts", "b.ts", "dir é/c d.ts", "missing.ts"], NOW);
    expect(plain(stats)).toEqual({
      "a.ts": "3 2024-06-20",
      "b.ts": "0 2024-01-01",
      "dir é/c d.ts": "1 2024-05-01",
      "missing.ts": "0 null",
    });
  }, 120_000);

  test("merges are not counted twice; renames count for the new path only", async () => {
    const root = gitRepo({});
    commitAt(root, "2024-06-01T00:00:00Z", { "a.ts": "1\n", "old.ts": "x\n" });
    git(root, "checkout", "-q", "-b", "side");
    commitAt(root, "2024-06-02T00:00:00Z", { "a.ts": "side\n" });
    git(root, "checkout", "-q", "main");
    commitAt(root, "2024-06-03T00:00:00Z", { "b.ts": "1\n" });
    const env = { ...process.env, GIT_AUTHOR_DATE: "2024-06-04T00:00:00Z", GIT_COMMITTER_DATE: "2024-06-04T00:00:00Z" };
    Bun.spawnSync(["git", "-c", "user.email=t@example.com", "-c", "user.name=Test", "merge", "-q", "--no-ff", "-m", "merge", "side"], { cwd: root, env });
    git(root, "mv", "old.ts", "new.ts");
    commitAt(root, "2024-06-05T00:00:00Z", {});
    const stats = await churnStats(root, ["a.ts", "b.ts", "old.ts", "new.ts"], NOW);
    expect(plain(stats)).toEqual({
      "a.ts": "2 2024-06-02",
      "b.ts": "1 2024-06-03",
      "old.ts": "2 2024-06-05",
      "new.ts": "1 2024-06-05",
    });
  }, 120_000);

  test("paths are relative to a subfolder root", async () => {
    const root = gitRepo({});
    commitAt(root, "2024-06-01T00:00:00Z", { "pkg/a.ts": "1\n", "a.ts": "1\n" });
    commitAt(root, "2024-06-02T00:00:00Z", { "pkg/a.ts": "2\n" });
    expect(plain(await churnStats(join(root, "pkg"), ["a.ts"], NOW))).toEqual({ "a.ts": "2 2024-06-02" });
  }, 120_000);

  test("deterministic for a pinned date: later 'now' moves commits out of the window", async () => {
    const root = gitRepo({});
    commitAt(root, "2024-05-01T00:00:00Z", { "a.ts": "1\n" });
    expect(plain(await churnStats(root, ["a.ts"], NOW))).toEqual({ "a.ts": "1 2024-05-01" });
    expect(plain(await churnStats(root, ["a.ts"], new Date("2025-01-01T00:00:00Z")))).toEqual({ "a.ts": "0 2024-05-01" });
  }, 120_000);

  test("an empty repository gives zeros; outside git is a validation error", async () => {
    const empty = gitRepo({ "a.ts": "1\n" }, { commit: false });
    expect(plain(await churnStats(empty, ["a.ts"], NOW))).toEqual({ "a.ts": "0 null" });
    const dir = plainDir({ "a.ts": "1\n" });
    const error = await churnStats(dir, ["a.ts"], NOW).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SvcError);
    expect((error as SvcError).formatted).toBe(`validation_error: not a git repository: ${dir}`);
  }, 120_000);

  test(`counts stay exact past the ${LAST_DATE_WINDOW}-commit window; older last dates fall outside it`, async () => {
    const root = gitRepo({});
    const start = Date.parse("2024-05-01T00:00:00Z") / 1000;
    let stream = "";
    const commit = (ts: number, path: string, content: string): void => {
      stream += `commit refs/heads/main\ncommitter T <t@e> ${ts} +0000\ndata 1\nm\n`;
      stream += `M 100644 inline ${path}\ndata ${Buffer.byteLength(content)}\n${content}\n`;
    };
    commit(Date.parse("2023-01-01T00:00:00Z") / 1000, "cold.ts", "cold\n");
    const hot = LAST_DATE_WINDOW + 10;
    for (let i = 0; i < hot; i++) commit(start + i * 60, "hot.ts", `${i}\n`);
    const r = Bun.spawnSync(["git", "fast-import", "--quiet"], { cwd: root, stdin: Buffer.from(stream), stdout: "pipe", stderr: "pipe" });
    expect(r.exitCode).toBe(0);
    const stats = await churnStats(root, ["hot.ts", "cold.ts"], NOW);
    expect(plain(stats)).toEqual({ "hot.ts": `${hot} 2024-05-04`, "cold.ts": "0 null" });
  }, 120_000);
});
