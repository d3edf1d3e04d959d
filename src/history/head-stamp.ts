// A cheap stamp of where a repository's HEAD has been: the size and time of its reflog
// (`<git dir>/logs/HEAD`, appended by every commit, checkout, reset, merge and rebase). Read
// with one or two stat calls, no git process, so a reader can tell on every read that a commit
// landed since the history was read even when no file of the work tree changed (a plain
// `git commit` of edits already indexed). null when there is no reflog to read (no git, a
// bare repository, core.logAllRefUpdates off): nothing is said then, as before.

import { readFileSync, statSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";

/** The git directory of the repository whose top folder is `top` (a worktree's or submodule's own, from a `.git` file). */
function gitDir(top: string): string | null {
  const dotGit = join(top, ".git");
  try {
    if (statSync(dotGit).isDirectory()) return dotGit;
    const m = /^gitdir:\s*(.+?)\s*$/m.exec(readFileSync(dotGit, "utf8"));
    return m ? (isAbsolute(m[1]!) ? m[1]! : resolve(top, m[1]!)) : null;
  } catch {
    return null;
  }
}

/** The stamp of the repository whose top folder (the one holding `.git`) is `top`; null without one. */
export function headStamp(top: string | null): string | null {
  const dir = top ? gitDir(top) : null;
  if (!dir) return null;
  try {
    const s = statSync(join(dir, "logs", "HEAD"));
    return `${s.size}:${Math.floor(s.mtimeMs)}`;
  } catch {
    return null;
  }
}
