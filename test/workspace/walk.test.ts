// The inventory walk outside git, on real temporary trees: .gitignore files, pruned folders,
// nested git roots, symlinks (files, loops), unreadable folders, order, speed, and git agreement.

import { afterEach, describe, expect, test } from "bun:test";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { IgnoreRules } from "../../src/workspace/ignore.ts";
import { walkFiles } from "../../src/workspace/walk.ts";

const PRUNED = new Set(["node_modules", "dist"]);
let temps: string[] = [];
let locked: string[] = [];

afterEach(() => {
  for (const dir of locked) chmodSync(dir, 0o755);
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
  temps = [];
  locked = [];
});

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "svc-test-"));
  temps.push(root);
  for (const [path, content] of Object.entries(files)) {
    const abs = join(root, path);
    if (path.endsWith("/")) mkdirSync(abs, { recursive: true });
    else {
      mkdirSync(dirname(abs), { recursive: true });
      writeFileSync(abs, content);
    }
  }
  return root;
}

describe("walkFiles", () => {
  test("honours nested .gitignore files, pruned folders, nested git roots and symlinks", () => {
    const root = tree({
      ".git/HEAD": "ref: refs/heads/main\n",
      ".gitignore": "*.log\n/out/\n",
      "a.ts": "",
      "b.log": "",
      "out/x.js": "",
      "lib/out/kept.js": "",
      "src/index.ts": "",
      "src/.gitignore": "gen/\n!keep.log\n",
      "src/keep.log": "",
      "src/gen/g.ts": "",
      "src/deep/gen": "",
      "src/deep/gen.ts": "",
      "src/node_modules/x.js": "",
      "node_modules/pkg/index.js": "",
      "dist/bundle.js": "",
      "vendor/other.c": "",
      "vendor/lib/.git/HEAD": "",
      "vendor/lib/file.c": "",
      "vendor/lib/.gitignore": "*.c\n",
      "worktree/.git": "gitdir: ../.git/worktrees/w\n",
      "worktree/w.ts": "",
      "other/.gitignore": "!*.log\n",
      "other/x.log": "",
      "empty/": "",
    });
    symlinkSync(join(root, "a.ts"), join(root, "link.ts"));
    symlinkSync(root, join(root, "src", "loop")); // points at an ancestor
    symlinkSync("..", join(root, "src", "deep", "up"));
    symlinkSync(join(root, "missing"), join(root, "dangling.ts"));

    const result = walkFiles(root, { prunedNames: PRUNED });
    expect(result.files).toEqual([
      ".gitignore",
      "a.ts",
      "lib/out/kept.js",
      "other/.gitignore",
      "other/x.log",
      "src/.gitignore",
      "src/deep/gen",
      "src/deep/gen.ts",
      "src/index.ts",
      "src/keep.log",
      "vendor/other.c",
    ]);
    expect(result.nestedRoots).toEqual(["vendor/lib", "worktree"]);
    expect(result.links).toEqual(["dangling.ts", "link.ts", "src/deep/up", "src/loop"]); // named, never followed
  }, 120_000);

  test("a negation in a subfolder file re-includes below it (deeper file wins), not elsewhere", () => {
    const root = tree({ ".gitignore": "*.log\n", "other/.gitignore": "!*.log\n", "other/x.log": "", "y.log": "" });
    expect(walkFiles(root, { prunedNames: PRUNED }).files).toEqual([".gitignore", "other/.gitignore", "other/x.log"]);
  }, 120_000);

  test("extra rules exclude on top of .gitignore; pruned names match at any depth", () => {
    const root = tree({
      ".gitignore": "tmp/\n",
      "README.md": "",
      "docs/guide.md": "",
      "docs/img.png": "",
      "src/a.ts": "",
      "src/a.snap": "",
      "tmp/t.ts": "",
      "pkg/dist/x.js": "",
      "pkg/node_modules/y.js": "",
      "pkg/distinct/z.js": "",
    });
    const extra = new IgnoreRules();
    extra.addPatterns(["*.{md,snap}", "/docs/"]);
    const { files } = walkFiles(root, { prunedNames: PRUNED, extraRules: extra });
    expect(files).toEqual([".gitignore", "pkg/distinct/z.js", "src/a.ts"]);
  }, 120_000);

  test("output is sorted in plain code-unit order", () => {
    const root = tree({ "a.ts": "", "B.ts": "", "a-b.ts": "", "a_b.ts": "", "a/b.ts": "", "Z/z.ts": "", "é.ts": "" });
    const { files } = walkFiles(root, { prunedNames: PRUNED });
    expect(files).toEqual(["B.ts", "Z/z.ts", "a-b.ts", "a.ts", "a/b.ts", "a_b.ts", "é.ts"]);
  }, 120_000);

  test("unreadable directories are skipped silently", () => {
    const root = tree({ "ok.ts": "", "locked/secret.ts": "", "locked/inner/more.ts": "" });
    const dir = join(root, "locked");
    chmodSync(dir, 0o000);
    locked.push(dir);
    let blocked = true;
    try {
      readdirSync(dir);
      blocked = false; // running as root (or with CAP_DAC_READ_SEARCH): chmod does not block reads
    } catch {}
    const { files, nestedRoots } = walkFiles(root, { prunedNames: PRUNED });
    expect(files).toContain("ok.ts");
    expect(nestedRoots).toEqual([]);
    if (blocked) expect(files).toEqual(["ok.ts"]);
  }, 120_000);

  test("a walk that cannot read its root returns nothing", () => {
    const root = tree({});
    expect(walkFiles(join(root, "missing"), { prunedNames: PRUNED })).toEqual({ files: [], nestedRoots: [], links: [] });
  }, 120_000);
});

describe("agrees with git on a tree without symlinks, pruned names or nested roots", () => {
  test("same file list as git ls-files --others --exclude-standard", () => {
    const root = tree({
      ".gitignore": "*.o\n/build\ndocs/*.md\n!docs/index.md\nfoo/**\n!foo/keep\nlogs/\n",
      "main.c": "",
      "main.o": "",
      "build/out": "",
      "src/build/kept": "",
      "docs/a.md": "",
      "docs/index.md": "",
      "docs/sub/b.md": "",
      "foo/a": "",
      "foo/keep": "",
      "foo/bar/c": "",
      "logs/x.txt": "",
      "logs/.gitignore": "!x.txt\n",
      "lib/.gitignore": "*.txt\n!important.txt\n/only-here\n",
      "lib/a.txt": "",
      "lib/important.txt": "",
      "lib/only-here": "",
      "lib/deeper/only-here": "",
      "lib/deeper/c.txt": "",
    });
    const env = { ...process.env, HOME: root, XDG_CONFIG_HOME: root, GIT_CONFIG_NOSYSTEM: "1" };
    expect(Bun.spawnSync(["git", "init", "-q", root], { env }).exitCode).toBe(0);
    const git = Bun.spawnSync(
      ["git", "-c", "core.excludesFile=/dev/null", "ls-files", "--others", "--exclude-standard", "-z"],
      { cwd: root, env },
    );
    expect(git.exitCode).toBe(0);
    const expected = git.stdout.toString().split("\0").filter(Boolean).sort();
    expect(expected.length).toBeGreaterThan(5);
    expect(walkFiles(root, { prunedNames: PRUNED }).files).toEqual(expected);
  }, 120_000);
});
