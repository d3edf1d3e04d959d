import { describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { SvcError } from "../../src/errors.ts";
import { changedFiles, fileAtRef, fileHunks, resolveRef } from "../../src/git/changes.ts";
import { git, gitRepo, plainDir, tempDir, writeFiles } from "../helpers/repo.ts";

async function failure(promise: Promise<unknown>): Promise<SvcError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(SvcError);
    expect((error as SvcError).prefix).toBe("validation_error");
    return error as SvcError;
  }
  throw new Error("expected a validation_error");
}

const ten = Array.from({ length: 10 }, (_, i) => `line ${i + 1}\n`).join("");

function scenario(): string {
  const root = gitRepo({
    "src/mod.ts": ten,
    "src/gone.ts": "bye\n",
    "old name.txt": "a\nb\nc\nd\ne\n",
    "img.bin": new Uint8Array([0, 1, 2, 3]),
    "keep.ts": "same\n",
    ".gitignore": "ignored.log\n",
  });
  writeFiles(root, { "src/mod.ts": ten.replace("line 5\n", "LINE 5\nextra\n") }); // unstaged
  writeFiles(root, { "src/new.ts": "n1\nn2\n" });
  git(root, "add", "src/new.ts"); // staged addition
  mkdirSync(join(root, "dossier é"));
  git(root, "mv", "old name.txt", "dossier é/new name.txt"); // staged rename
  rmSync(join(root, "src/gone.ts")); // unstaged deletion
  writeFiles(root, {
    "img.bin": new Uint8Array([0, 9, 9, 9, 9]),
    "notes ü.md": "one\ntwo\nthree", // untracked, no final newline
    "blob.dat": new Uint8Array([1, 0, 2]), // untracked binary
    "ignored.log": "x\n",
  });
  return root;
}

describe("changedFiles", () => {
  test("modified, staged added, untracked, deleted, renamed and binary files", async () => {
    const root = scenario();
    const files = await changedFiles(root, "HEAD");
    expect(files).toEqual([
      { path: "blob.dat", status: "untracked", added: 0, deleted: 0, binary: true },
      { path: "dossier é/new name.txt", status: "renamed", oldPath: "old name.txt", added: 0, deleted: 0, binary: false },
      { path: "img.bin", status: "modified", added: 0, deleted: 0, binary: true },
      { path: "notes ü.md", status: "untracked", added: 3, deleted: 0, binary: false },
      { path: "src/gone.ts", status: "deleted", added: 0, deleted: 1, binary: false },
      { path: "src/mod.ts", status: "modified", added: 2, deleted: 1, binary: false },
      { path: "src/new.ts", status: "added", added: 2, deleted: 0, binary: false },
    ]);
  });

  test("HEAD~1 after two commits includes the last commit and the work tree", async () => {
    const root = gitRepo({ "a.ts": "1\n", "b.ts": "1\n" });
    writeFiles(root, { "a.ts": "1\n2\n" });
    git(root, "commit", "-qam", "second");
    writeFiles(root, { "b.ts": "x\n" });
    expect((await changedFiles(root, "HEAD~1")).map((f) => [f.path, f.added, f.deleted])).toEqual([
      ["a.ts", 1, 0],
      ["b.ts", 1, 1],
    ]);
    expect((await changedFiles(root, "HEAD")).map((f) => f.path)).toEqual(["b.ts"]);
    const sha = git(root, "rev-parse", "HEAD~1").trim();
    expect(await resolveRef(root, "HEAD~1")).toBe(sha);
    expect((await changedFiles(root, sha.slice(0, 10))).length).toBe(2);
  });

  test("branches and tags resolve; a clean tree has no changes", async () => {
    const root = gitRepo({ "a.ts": "1\n" });
    git(root, "tag", "v1");
    git(root, "branch", "feature");
    expect(await changedFiles(root, "v1")).toEqual([]);
    expect(await changedFiles(root, "feature")).toEqual([]);
  });

  test("a subfolder root reports paths relative to it and only its files", async () => {
    const root = gitRepo({ "pkg/a.ts": "1\n", "other/b.ts": "1\n" });
    writeFiles(root, { "pkg/a.ts": "2\n", "other/b.ts": "2\n", "pkg/u.ts": "u\n", "other/u.ts": "u\n" });
    const files = await changedFiles(join(root, "pkg"), "HEAD");
    expect(files.map((f) => `${f.status}:${f.path}`)).toEqual(["modified:a.ts", "untracked:u.ts"]);
    expect(await fileAtRef(join(root, "pkg"), "HEAD", "a.ts")).toBe("1\n");
    expect(await fileHunks(join(root, "pkg"), "HEAD", files[0]!)).toBe("@@ -1 +1 @@\n-1\n+2\n");
  });
});

describe("ref and repository errors", () => {
  test("a bad ref reports git's message", async () => {
    const root = gitRepo({ "a.ts": "1\n" });
    const e = await failure(changedFiles(root, "nope"));
    expect(e.message).toContain("nope");
    expect(e.message).not.toContain("^{commit}");
  });

  test("a ref that looks like an option is refused before git sees it", async () => {
    const root = gitRepo({ "a.ts": "1\n" });
    const target = join(tempDir(), "x");
    for (const run of [
      () => changedFiles(root, `--output=${target}`),
      () => resolveRef(root, "-p"),
      () => fileHunks(root, `--output=${target}`, { path: "a.ts", status: "modified", added: 0, deleted: 0, binary: false }),
      () => fileAtRef(root, `--output=${target}`, "a.ts"),
    ]) {
      expect((await failure(run())).message).toContain("must not start with '-'");
    }
    expect(existsSync(target)).toBe(false);
  });

  test("a non-git folder", async () => {
    const root = plainDir({ "a.ts": "1\n" });
    expect((await failure(changedFiles(root, "HEAD"))).message).toBe(`not a git repository: ${root}`);
  });

  test("a repository without commits: HEAD does not resolve", async () => {
    const root = gitRepo({ "a.ts": "1\n" }, { commit: false });
    const e = await failure(changedFiles(root, "HEAD"));
    expect(e.message).toBe("ref 'HEAD' does not resolve: the repository has no commits yet");
  });

  test("a ref naming a tree is not a commit", async () => {
    const root = gitRepo({ "a.ts": "1\n" });
    await failure(resolveRef(root, "HEAD^{tree}"));
  });

  test("no git on PATH", async () => {
    const root = gitRepo({ "a.ts": "1\n" });
    const saved = process.env.PATH;
    process.env.PATH = join(tempDir(), "empty-bin");
    try {
      expect((await failure(resolveRef(root, "HEAD"))).message).toBe("git is not available on PATH");
    } finally {
      process.env.PATH = saved;
    }
  });
});

describe("fileHunks and fileAtRef", () => {
  test("hunks of modified, renamed, deleted, untracked and binary files", async () => {
    const root = scenario();
    const files = new Map((await changedFiles(root, "HEAD")).map((f) => [f.path, f]));
    const hunks = (p: string) => fileHunks(root, "HEAD", files.get(p)!);
    expect(await hunks("src/mod.ts")).toBe("@@ -2,7 +2,8 @@ line 1\n line 2\n line 3\n line 4\n-line 5\n+LINE 5\n+extra\n line 6\n line 7\n line 8\n");
    expect(await hunks("src/gone.ts")).toBe("@@ -1 +0,0 @@\n-bye\n");
    expect(await hunks("notes ü.md")).toBe("@@ -0,0 +1,3 @@\n+one\n+two\n+three\n\\ No newline at end of file\n");
    expect(await hunks("src/new.ts")).toBe("@@ -0,0 +1,2 @@\n+n1\n+n2\n");
    expect(await hunks("dossier é/new name.txt")).toBe(""); // pure rename: no content change
    expect(await hunks("img.bin")).toBe("");
    expect(await hunks("blob.dat")).toBe("");
  });

  test("a renamed file with edits diffs against its old path", async () => {
    const root = gitRepo({ "a.txt": "1\n2\n3\n4\n5\n6\n" });
    mkdirSync(join(root, "d"));
    renameSync(join(root, "a.txt"), join(root, "d/b.txt"));
    writeFiles(root, { "d/b.txt": "1\n2\n3\n4\n5\n6\n7\n" });
    git(root, "add", "-A");
    const [file] = await changedFiles(root, "HEAD");
    expect(file).toEqual({ path: "d/b.txt", status: "renamed", oldPath: "a.txt", added: 1, deleted: 0, binary: false });
    expect(await fileHunks(root, "HEAD", file!)).toBe("@@ -4,3 +4,4 @@\n 4\n 5\n 6\n+7\n");
  });

  test("paths that look like pathspec magic are taken literally", async () => {
    const root = gitRepo({ "*.ts": "star\n", "a.ts": "a\n" });
    writeFiles(root, { "*.ts": "star2\n", "a.ts": "a2\n" });
    const files = await changedFiles(root, "HEAD");
    expect(await fileHunks(root, "HEAD", files[0]!)).toBe("@@ -1 +1 @@\n-star\n+star2\n");
  });

  test("fileAtRef returns content, null when absent, and errors for bad refs", async () => {
    const root = gitRepo({ "dir é/a b.ts": "v1\n" });
    writeFiles(root, { "dir é/a b.ts": "v2\n" });
    git(root, "commit", "-qam", "two");
    expect(await fileAtRef(root, "HEAD", "dir é/a b.ts")).toBe("v2\n");
    expect(await fileAtRef(root, "HEAD~1", "dir é/a b.ts")).toBe("v1\n");
    expect(await fileAtRef(root, "HEAD", "missing.ts")).toBeNull();
    expect(await fileAtRef(root, "HEAD", "dir é")).toBeNull(); // a folder is not a file
    expect((await failure(fileAtRef(root, "nope", "dir é/a b.ts"))).message).toContain("nope");
    await failure(fileAtRef(plainDir({}), "HEAD", "a.ts"));
  });
});

test("fileHunks outside git and with a bad ref", async () => {
  const file = { path: "a.ts", status: "modified" as const, added: 0, deleted: 0, binary: false };
  const dir = plainDir({ "a.ts": "1\n" });
  expect((await failure(fileHunks(dir, "HEAD", file))).message).toBe(`not a git repository: ${dir}`);
  expect((await failure(fileHunks(gitRepo({ "a.ts": "1\n" }), "nope", file))).message).toContain("nope");
});
