// Real small repositories in temporary folders for tests: write files, init git, commit.

import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

const made: string[] = [];

/**
 * Remove every folder tempDir made, in the background: called once, after the whole run, by
 * the preload (test/helpers/cleanup.ts, bunfig.toml). Bun evaluates this module once per run,
 * so an afterAll registered here belonged to the first test file that imported it, and every
 * later file's folders were left behind (37,000 of them in /tmp after a few dozen runs).
 * Removing a run's few thousand repositories and stores takes a minute on a busy machine:
 * detached `rm` processes do it after the run, which does not wait for them.
 */
export function removeTempDirs(): void {
  const dirs = made.splice(0);
  for (let i = 0; i < dirs.length; i += 500) {
    spawn("rm", ["-rf", "--", ...dirs.slice(i, i + 500)], { detached: true, stdio: "ignore" }).unref();
  }
}

/** A fresh empty temporary directory (realpath'd), removed after the run. */
export function tempDir(prefix = "svc-test-"): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  made.push(dir);
  return dir;
}

export function writeFiles(root: string, files: Record<string, string | Uint8Array>): void {
  for (const [path, content] of Object.entries(files)) {
    const abs = join(root, path);
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, content);
  }
}

export function git(root: string, ...args: string[]): string {
  const result = Bun.spawnSync(["git", "-c", "user.email=t@example.com", "-c", "user.name=Test", "-c", "init.defaultBranch=main", ...args], {
    cwd: root,
    stdout: "pipe",
    stderr: "pipe",
  });
  if (result.exitCode !== 0) throw new Error(`git ${args.join(" ")} failed: ${result.stderr.toString()}`);
  return result.stdout.toString();
}

/** A git repository with the given files committed (pass `commit: false` to leave them untracked). */
export function gitRepo(files: Record<string, string | Uint8Array>, options: { commit?: boolean } = {}): string {
  const root = tempDir();
  git(root, "init", "-q");
  writeFiles(root, files);
  if (options.commit !== false && Object.keys(files).length) {
    git(root, "add", "-A");
    git(root, "commit", "-q", "-m", "initial");
  }
  return root;
}

/** Write files, stage everything and commit with this message; the new commit's hash. */
export function commitFiles(root: string, files: Record<string, string | Uint8Array>, message: string): string {
  writeFiles(root, files);
  git(root, "add", "-A");
  git(root, "commit", "-q", "-m", message);
  return git(root, "rev-parse", "HEAD").trim();
}

/** A plain folder (no git) with the given files. */
export function plainDir(files: Record<string, string | Uint8Array>): string {
  const root = tempDir();
  writeFiles(root, files);
  return root;
}
