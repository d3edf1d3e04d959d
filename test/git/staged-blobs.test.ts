// Contents of many files from the index or a commit in one git cat-file --batch: names with spaces, empty files, missing ones.

import { expect, test } from "bun:test";
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { blobsAt, stagedState } from "../../src/git/staged.ts";
import { git, gitRepo, tempDir, writeFiles } from "../helpers/repo.ts";
test("blobs", async () => {
  const root = gitRepo({ "a b.ts": "one\n", "e.ts": "", "c.ts": "x\ny" });
  writeFiles(root, { "a b.ts": "two\n" });
  git(root, "add", "a b.ts");
  expect(await blobsAt(root, "", ["a b.ts", "e.ts", "missing.ts", "c.ts"])).toEqual(new Map<string, string | null>([["a b.ts", "two\n"], ["e.ts", ""], ["missing.ts", null], ["c.ts", "x\ny"]]));
  expect((await blobsAt(root, "HEAD", ["a b.ts"])).get("a b.ts")).toBe("one\n");
});

test("a repository's core.fsmonitor program does not run when blobs are read from the index", async () => {
  const root = gitRepo({ "a.ts": "export const a = 1;\n" });
  const marker = join(tempDir(), "fsmonitor-ran");
  git(root, "config", "core.fsmonitor", `sh -c 'echo ran >> "${marker}"'`);
  git(root, "cat-file", "-e", ":./a.ts"); // the helper's own call does not count: remove what it left
  rmSync(marker, { force: true });
  expect((await blobsAt(root, "", ["a.ts"])).get("a.ts")).toBe("export const a = 1;\n");
  expect(existsSync(marker)).toBe(false);
});

test("svc's store is no change of the workspace's, even in a repository that ships .svc/ (its files change under svc's own writes)", async () => {
  const root = gitRepo({ "tsconfig.json": "{}\n", ".svc/ts/tsconfig.json.json": "{}\n", ".svc/identity.json": "{}\n" });
  writeFiles(root, { ".svc/ts/tsconfig.json.json": '{"extends":"../../tsconfig.json"}\n', ".svc/svc.db": "x", "src/a.ts": "export const a = 1;\n" });
  git(root, "rm", "-q", "--cached", ".svc/identity.json");
  const state = await stagedState(root);
  expect({ staged: state.staged, unstaged: state.unstaged, untracked: state.untracked }).toEqual({ staged: [], unstaged: [], untracked: ["src/a.ts"] });
});

test("a tracked file flagged assume-unchanged or skip-worktree is unstaged when the disk's copy differs from the index (git's diff never says so), not when it is the same or absent", async () => {
  const root = gitRepo({ "a.ts": "export const a = 1;\n", "b.ts": "export const b = 1;\n", "c.ts": "export const c = 1;\n", "d.ts": "export const d = 1;\n" });
  git(root, "update-index", "--assume-unchanged", "a.ts", "b.ts");
  git(root, "update-index", "--skip-worktree", "c.ts", "d.ts");
  writeFiles(root, { "a.ts": "export const a = 2;\n", "c.ts": "export const c = 2;\n" });
  rmSync(join(root, "d.ts")); // a sparse checkout's file: the engine does not see it either
  expect((await stagedState(root)).unstaged.sort()).toEqual(["a.ts", "c.ts"]);
});

test("many flagged files (core.ignoreStat flags every added file assume-unchanged) are read in one listing, never passed back as arguments", async () => {
  // 2,200 paths of ~1,000 characters: over the 2 MiB argument list a call naming them all would need
  const deep = ["a", "b", "c", "d"].map((c) => c.repeat(240)).join("/");
  const files: Record<string, string> = {};
  for (let i = 0; i < 2200; i++) files[`${deep}/m${i}.ts`] = `export const v = ${i};\n`;
  const root = gitRepo({});
  git(root, "config", "core.ignoreStat", "true");
  writeFiles(root, files);
  git(root, "add", "-A");
  git(root, "commit", "-q", "-m", "flagged");
  expect(git(root, "ls-files", "-v").split("\n").filter((l) => l.startsWith("h ")).length).toBe(2200);
  writeFiles(root, { [`${deep}/m7.ts`]: "export const v = 'seven';\n" });
  expect((await stagedState(root)).unstaged).toEqual([`${deep}/m7.ts`]);
}, 120_000);
