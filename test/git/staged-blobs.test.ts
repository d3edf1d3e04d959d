// Contents of many files from the index or a commit in one git cat-file --batch: names with spaces, empty files, missing ones.

import { expect, test } from "bun:test";
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { blobsAt } from "../../src/git/staged.ts";
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
