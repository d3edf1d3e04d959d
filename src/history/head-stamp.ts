// A cheap stamp of where a repository's HEAD has been: the size and time of its reflog
// (`<git dir>/logs/HEAD`, appended by every commit, checkout, reset, merge and rebase). Read
// with one or two stat calls, no git process, so a reader can tell on every read that a commit
// landed since the history was read even when no file of the work tree changed (a plain
// `git commit` of edits already indexed). null when there is no reflog to read (no git, a
// bare repository, core.logAllRefUpdates off): nothing is said then, as before.

import { statSync } from "node:fs";
import { join } from "node:path";
import { gitDir } from "../git/dirs.ts";

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
