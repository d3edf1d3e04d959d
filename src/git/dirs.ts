// Where a repository keeps its own files, read from the disk (no git process): `<top>/.git`,
// or for a linked worktree or a submodule the folder its `.git` file names, whose `commondir`
// names the folder shared by all worktrees (refs, info/exclude).

import { readFileSync, statSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";

/** The git directory of the repository whose top folder is `top` (a worktree's or submodule's own, from a `.git` file). */
export function gitDir(top: string): string | null {
  const dotGit = join(top, ".git");
  try {
    if (statSync(dotGit).isDirectory()) return dotGit;
    const m = /^gitdir:\s*(.+?)\s*$/m.exec(readFileSync(dotGit, "utf8"));
    return m ? (isAbsolute(m[1]!) ? m[1]! : resolve(top, m[1]!)) : null;
  } catch {
    return null;
  }
}

/** The folder a git directory shares with the other worktrees of its repository (itself, for the main one). */
export function commonDir(dir: string): string {
  try {
    const common = readFileSync(join(dir, "commondir"), "utf8").trim();
    return common ? (isAbsolute(common) ? common : resolve(dir, common)) : dir;
  } catch {
    return dir;
  }
}

/** git's own files that change which files the work tree of `top` consists of with no work-tree file touched: the branch, the staged set, the repository's own ignore rules. Empty without a repository. */
export function inventoryGitFiles(top: string): string[] {
  const dir = gitDir(top);
  if (!dir) return [];
  return [join(dir, "HEAD"), join(dir, "index"), join(commonDir(dir), "info", "exclude")];
}
