// Per-file churn for `gitStats`: commits in the last 90 days and the date of the last
// commit, from one bounded `git log --name-only` pass over HEAD (not one call per file).
//
// Bounds and semantics:
// - The main pass reads the newest LAST_DATE_WINDOW (5000) non-merge commits of HEAD.
//   `last` is the committer date (YYYY-MM-DD, in the committer's own offset, as `%cs`) of
//   the newest commit in that window touching the path; null when none does (untracked,
//   or last touched more than 5000 commits ago).
// - `commits` counts non-merge commits with committer date >= now - 90 days (same rule as
//   `git log --since`). When the window does not reach back 90 days, a second pass with
//   `--since` (capped at COUNT_WINDOW commits) counts exactly.
// - No rename following: a commit that renames a file counts for the new path only.
// - Empty repository → every path gets { commits: 0, last: null }. Outside git → throws.

import { validationError } from "../errors.ts";
import { ProcessError } from "../sys/proc.ts";
import { gitText } from "./git.ts";
import { assertWorkTree, hasCommits } from "./changes.ts";

export interface ChurnStats {
  commits: number; // commits touching the file in the last 90 days
  last: string | null; // YYYY-MM-DD of its newest commit within the last LAST_DATE_WINDOW commits
}

export const CHURN_DAYS = 90;
export const LAST_DATE_WINDOW = 5000;
export const COUNT_WINDOW = 50_000;

interface Commit {
  time: number; // committer time, seconds
  date: string; // %cs
  files: string[];
}

const FORMAT = "--format=%x1e%ct %cs";

function parseLog(out: string): Commit[] {
  const commits: Commit[] = [];
  let current: Commit | undefined;
  let first = false;
  for (const token of out.split("\0")) {
    if (token.startsWith("\x1e")) {
      const [time, date] = token.slice(1).split(" ");
      current = { time: Number(time), date: date ?? "", files: [] };
      commits.push(current);
      first = true;
      continue;
    }
    const name = first && token.startsWith("\n") ? token.slice(1) : token;
    first = false;
    if (current && name) current.files.push(name);
  }
  return commits;
}

async function log(root: string, extra: string[]): Promise<Commit[]> {
  const args = ["log", FORMAT, "--name-only", "-z", "--no-merges", "--no-renames", "--relative", "--no-show-signature", ...extra, "HEAD", "--"];
  try {
    return parseLog(await gitText(root, args, { timeoutMs: 60_000 }));
  } catch (error) {
    throw error instanceof ProcessError ? validationError(error.message.replace(/^fatal:\s*/, "")) : error;
  }
}

export async function churnStats(root: string, paths: readonly string[], now: Date): Promise<Map<string, ChurnStats>> {
  await assertWorkTree(root);
  const stats = new Map<string, ChurnStats>();
  for (const p of paths) stats.set(p, { commits: 0, last: null });
  if (!(await hasCommits(root))) return stats;
  const since = Math.floor(now.getTime() / 1000) - CHURN_DAYS * 86_400;
  const recent = await log(root, [`-n${LAST_DATE_WINDOW}`]);
  const newest = new Map<string, number>();
  for (const c of recent) {
    for (const f of c.files) {
      const s = stats.get(f);
      if (!s) continue;
      if (s.last === null || c.time > (newest.get(f) ?? 0)) {
        s.last = c.date;
        newest.set(f, c.time);
      }
    }
  }
  // The window covers 90 days when it is the whole history or reaches a commit older than `since`.
  const covered = recent.length < LAST_DATE_WINDOW || recent.some((c) => c.time < since);
  const counted = covered ? recent : await log(root, [`--since=@${since}`, `-n${COUNT_WINDOW}`]);
  for (const c of counted) {
    if (c.time < since) continue;
    for (const f of new Set(c.files)) {
      const s = stats.get(f);
      if (s) s.commits++;
    }
  }
  return stats;
}
