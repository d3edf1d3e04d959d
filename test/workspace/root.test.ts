import { describe, expect, test } from "bun:test";
import { chmodSync, chownSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { SvcError } from "../../src/errors.ts";
import { confine } from "../../src/workspace/confine.ts";
import { resolveWorkspace } from "../../src/workspace/root.ts";
import { gitRepo, plainDir, tempDir } from "../helpers/repo.ts";

function errorOf(fn: () => unknown): SvcError {
  try {
    fn();
  } catch (error) {
    if (error instanceof SvcError) return error;
    throw error;
  }
  throw new Error("expected an SvcError");
}

describe("workspace identity", () => {
  test("a folder inside a git repo resolves to the repo root", () => {
    const root = gitRepo({ "packages/a/src/x.ts": "export const x = 1;\n" });
    const ws = resolveWorkspace("packages/a/src", root);
    expect(ws.root).toBe(root);
    expect(ws.relDir).toBe("packages/a/src");
    expect(ws.isGit).toBe(true);
  });

  test("a folder inside .git/ or .svc/ (any spelling) is no folder to work in: refused, naming the root to pass (h136)", () => {
    const root = gitRepo({ "src/a.ts": "export const a = 1;\n" });
    mkdirSync(join(root, ".svc", "ts"), { recursive: true });
    for (const [path, inside] of [[".git", ".git"], [".git/objects", ".git"], [".svc/ts", ".svc"], [join(root, ".svc"), ".svc"]] as const) {
      const error = errorOf(() => resolveWorkspace(path, root));
      // it answered as a folder of the workspace ("no matches under .git"), and `index .git` indexed the root
      expect(error.formatted).toStartWith(`validation_error: refusing to work in '${path}': `);
      expect(error.formatted).toContain(` is inside ${inside}/, `);
      expect(error.formatted).toContain(`pass the workspace root (${root})`);
    }
    expect(resolveWorkspace("src", root).relDir).toBe("src");
    expect(errorOf(() => resolveWorkspace(".", join(root, ".git", "hooks"))).formatted).toContain("is inside .git/");
  });

  test("a .git file (worktree, submodule) marks a root too", () => {
    const outer = plainDir({ "wt/.git": "gitdir: /elsewhere\n", "wt/src/a.ts": "" });
    const ws = resolveWorkspace(join(outer, "wt", "src"), "/");
    expect(ws.root).toBe(join(outer, "wt"));
  });

  test.if(process.getuid?.() === 0)("a .git another user may have planted (not ours, in a folder others can write, as /tmp) marks no root; ours there, or another's in a closed folder, does", () => {
    const NOBODY = 65534;
    const shared = tempDir();
    chmodSync(shared, 0o1777);
    mkdirSync(join(shared, ".git"));
    chownSync(join(shared, ".git"), NOBODY, NOBODY);
    mkdirSync(join(shared, "mine", "src"), { recursive: true });
    const ws = resolveWorkspace(join(shared, "mine", "src"), "/");
    expect(ws.root).toBe(join(shared, "mine", "src"));
    expect(ws.isGit).toBe(false);
    chownSync(join(shared, ".git"), process.getuid!(), process.getgid!());
    expect(resolveWorkspace(join(shared, "mine", "src"), "/").root).toBe(shared);
    // a repository checked out by another uid (a container's bind mount) in a folder only its owner writes
    chownSync(join(shared, ".git"), NOBODY, NOBODY);
    chmodSync(shared, 0o755);
    expect(resolveWorkspace(join(shared, "mine", "src"), "/").root).toBe(shared);
  });

  test("without git the directory given is the root", () => {
    const dir = plainDir({ "a/b.ts": "" });
    const ws = resolveWorkspace(join(dir, "a"), "/");
    expect(ws.root).toBe(join(dir, "a"));
    expect(ws.relDir).toBe("");
    expect(ws.isGit).toBe(false);
  });

  test("a missing path is workspace_not_found with the absolute path", () => {
    const dir = tempDir();
    const error = errorOf(() => resolveWorkspace("nope", dir));
    expect(error.formatted).toBe(`workspace_not_found: directory not found: ${join(dir, "nope")}`);
  });

  test("a file instead of a folder is a validation_error", () => {
    const dir = plainDir({ "file.ts": "x" });
    const error = errorOf(() => resolveWorkspace("file.ts", dir));
    expect(error.prefix).toBe("validation_error");
    expect(error.message).toContain("is a file, not a directory");
  });
});

describe("path confinement", () => {
  const root = plainDir({ "src/a.ts": "x", "src/deep/b.ts": "y" });
  const outside = plainDir({ "secret.txt": "s" });
  mkdirSync(join(root, "links"));
  symlinkSync(join(outside, "secret.txt"), join(root, "links", "out.txt"));
  symlinkSync(outside, join(root, "links", "outdir"));
  symlinkSync(join(root, "src"), join(root, "links", "in"));

  test("relative and absolute paths inside the root are accepted", () => {
    expect(confine(root, "src/a.ts", "read").rel).toBe("src/a.ts");
    expect(confine(root, join(root, "src/deep/b.ts"), "read").rel).toBe("src/deep/b.ts");
    expect(confine(root, "src/../src/a.ts", "read").rel).toBe("src/a.ts");
    expect(confine(root, ".", "read").rel).toBe("");
  });

  test("a file that does not exist yet is resolved through its existing parent", () => {
    expect(confine(root, "src/new/file.ts", "write").rel).toBe("src/new/file.ts");
  });

  test("a Windows-style path names the file its '/' form names (a backslash is a file-name character here), unless a file of the literal name exists; a drive path is refused", () => {
    expect(confine(root, "src\\deep\\b.ts", "read").rel).toBe("src/deep/b.ts");
    expect(confine(root, ".\\src\\a.ts", "read").rel).toBe("src/a.ts");
    // a new file is created where the '/' form says, never as one file named with backslashes
    expect(confine(root, "src\\new\\c.ts", "apply to").rel).toBe("src/new/c.ts");
    expect(errorOf(() => confine(root, "..\\x.ts", "read")).message).toContain("outside the workspace root");
    expect(errorOf(() => confine(root, "C:\\repo\\src\\a.ts", "check")).formatted).toBe("validation_error: refusing to check 'C:\\repo\\src\\a.ts': a Windows drive path names nothing on this system; pass the path relative to the workspace root, or absolute");
    const literal = plainDir({ "odd\\name.ts": "z" });
    expect(confine(literal, "odd\\name.ts", "read").rel).toBe("odd\\name.ts");
  });

  test("'..' escapes are refused", () => {
    const error = errorOf(() => confine(root, "../x.ts", "read"));
    expect(error.formatted).toBe(`validation_error: refusing to read '../x.ts': it resolves outside the workspace root ${root}`);
    expect(errorOf(() => confine(root, "src/../../x", "read")).prefix).toBe("validation_error");
  });

  test("absolute paths outside the root are refused", () => {
    expect(errorOf(() => confine(root, "/etc/passwd", "read")).message).toContain("outside the workspace root");
    expect(errorOf(() => confine(root, join(outside, "secret.txt"), "read")).prefix).toBe("validation_error");
  });

  test("symlinks that leave the root are refused, also below a symlinked folder and for new files", () => {
    expect(errorOf(() => confine(root, "links/out.txt", "read")).message).toContain("outside the workspace root");
    expect(errorOf(() => confine(root, "links/outdir/secret.txt", "read")).prefix).toBe("validation_error");
    expect(errorOf(() => confine(root, "links/outdir/new.txt", "write")).prefix).toBe("validation_error");
  });

  test("symlinks that stay inside resolve to their target", () => {
    expect(confine(root, "links/in/a.ts", "read").rel).toBe("src/a.ts");
  });

  test("a dangling symlink resolves to where it points: out of the root is refused, in the root is its target", () => {
    symlinkSync(join(outside, "not-yet.ts"), join(root, "links", "dangling-out.ts"));
    symlinkSync(join(outside, "no-dir"), join(root, "links", "dangling-outdir"));
    symlinkSync("../src/new-target.ts", join(root, "links", "dangling-in.ts"));
    symlinkSync("dangling-out.ts", join(root, "links", "chain-out.ts"));
    for (const p of ["links/dangling-out.ts", "links/dangling-outdir/x.ts", "links/chain-out.ts"]) {
      expect(errorOf(() => confine(root, p, "apply to")).formatted).toBe(`validation_error: refusing to apply to '${p}': it resolves outside the workspace root ${root} (a symbolic link leads out of it; svc never follows one out)`);
    }
    expect(confine(root, "links/dangling-in.ts", "apply to").rel).toBe("src/new-target.ts");
  });

  test("an absolute path through a link to the root (the checkout reached by another name) is inside", () => {
    const alias = join(tempDir(), "checkout");
    symlinkSync(root, alias);
    expect(confine(root, join(alias, "src/a.ts"), "read")).toEqual({ abs: join(root, "src/a.ts"), rel: "src/a.ts" });
    expect(confine(root, join(alias, "src/new.ts"), "write").rel).toBe("src/new.ts");
    expect(errorOf(() => confine(root, join(alias, "links/out.txt"), "read")).prefix).toBe("validation_error");
  });

  test("a folder whose name starts with '..' is inside the root", () => {
    mkdirSync(join(root, "..data"), { recursive: true });
    writeFileSync(join(root, "..data", "x.ts"), "");
    expect(confine(root, "..data/x.ts", "read").rel).toBe("..data/x.ts");
    expect(confine(root, "..data/new.ts", "write").rel).toBe("..data/new.ts");
    expect(errorOf(() => confine(root, "..", "read")).prefix).toBe("validation_error");
  });

  test(".git/ and .svc/ are not workspace files: refused at any depth, also reached through a link", () => {
    mkdirSync(join(root, ".git"), { recursive: true });
    writeFileSync(join(root, ".git", "config"), "[core]\n");
    symlinkSync(join(root, ".git"), join(root, "links", "gitdir"));
    for (const [p, rel, where] of [[".git/config", ".git/config", ".git"], [".svc/svc.db", ".svc/svc.db", ".svc"], ["src/../.git/hooks/pre-commit", ".git/hooks/pre-commit", ".git"], ["vendor/lib/.git/config", "vendor/lib/.git/config", ".git"], ["links/gitdir/config", ".git/config", ".git"]] as const) {
      expect(errorOf(() => confine(root, p, "read")).formatted).toStartWith(`validation_error: refusing to read '${p}': ${rel} is inside ${where}/`);
    }
    expect(confine(root, "src/.gitignore", "read").rel).toBe("src/.gitignore");
  });

  test("NUL bytes are refused", () => {
    expect(errorOf(() => confine(root, "src/a.ts\0x", "read")).prefix).toBe("validation_error");
  });

  test("a symlink loop does not hang", () => {
    const dir = tempDir();
    symlinkSync(join(dir, "b"), join(dir, "a"));
    symlinkSync(join(dir, "a"), join(dir, "b"));
    writeFileSync(join(dir, "ok.ts"), "");
    // an unresolvable loop is treated as a missing path below the root: confined, not hung
    expect(confine(dir, "a/x", "read").rel).toBe("a/x");
  });
});
