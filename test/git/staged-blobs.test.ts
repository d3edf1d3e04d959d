// Contents of many files from the index or a commit in one git cat-file --batch: names with spaces, empty files, missing ones.

import { expect, test } from "bun:test";
import { blobsAt } from "../../src/git/staged.ts";
import { git, gitRepo, writeFiles } from "../helpers/repo.ts";
test("blobs", async () => {
  const root = gitRepo({ "a b.ts": "one\n", "e.ts": "", "c.ts": "x\ny" });
  writeFiles(root, { "a b.ts": "two\n" });
  git(root, "add", "a b.ts");
  expect(await blobsAt(root, "", ["a b.ts", "e.ts", "missing.ts", "c.ts"])).toEqual(new Map<string, string | null>([["a b.ts", "two\n"], ["e.ts", ""], ["missing.ts", null], ["c.ts", "x\ny"]]));
  expect((await blobsAt(root, "HEAD", ["a b.ts"])).get("a b.ts")).toBe("one\n");
});
