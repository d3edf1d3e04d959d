// Localization tasks from a git history: each non-merge commit whose subject describes a
// code change is a task — the subject is the query, the non-test source files it modified
// or deleted are the targets, and the tree of its parent commit (`git archive`, committed
// afresh) is where they are looked for. Merges, bumps, formatting, version and other
// maintenance commits are skipped (task.ts), as are commits touching more than
// MAX_TARGETS such files or MAX_CHANGED source files in all.
// The first history used is svc's own (small: most of its commits are large first cuts).

import { existsSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { isMaintenance, isSourceFile, splitOf, type LocalizeTask } from "./task.ts";

const MAX_TARGETS = 8;
const MAX_CHANGED = 12;

export function git(cwd: string, ...args: string[]): string {
  const r = Bun.spawnSync(["git", ...args], { cwd, stdout: "pipe", stderr: "pipe" });
  if (r.exitCode !== 0) throw new Error(`git ${args.join(" ")} failed: ${r.stderr.toString().slice(0, 300)}`);
  return r.stdout.toString();
}

function parentTree(cacheDir: string, corpus: string, repo: string, parent: string): string {
  const dir = join(cacheDir, "trees", `${corpus}@${parent.slice(0, 12)}`);
  if (existsSync(join(dir, ".git"))) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const archive = Bun.spawnSync(["git", "-C", repo, "archive", "--format=tar", parent], { stdout: "pipe", stderr: "pipe" });
  if (archive.exitCode !== 0) throw new Error(`git archive ${parent} failed`);
  Bun.spawnSync(["tar", "xf", "-"], { cwd: dir, stdin: archive.stdout });
  git(dir, "init", "-q");
  git(dir, "add", "-A");
  git(dir, "-c", "user.email=bench@svc", "-c", "user.name=bench", "commit", "-qm", `parent ${parent}`);
  return dir;
}

/** The files a commit's task is judged on (non-test sources it modified or deleted), or null (skip noted) when the commit makes no task. */
export function changeTargets(repo: string, subject: string, parent: string, commit: string, skip: (why: string) => void): string[] | null {
  if (isMaintenance(subject)) {
    skip("maintenance subject");
    return null;
  }
  const status = git(repo, "diff-tree", "--no-commit-id", "-r", "--name-status", "--no-renames", parent, commit).trim().split("\n").filter(Boolean);
  const source = status.map((l) => l.split("\t") as [string, string]).filter(([, p]) => isSourceFile(p));
  const targets = source.filter(([s]) => s === "M" || s === "D").map(([, p]) => p).sort();
  if (targets.length === 0) {
    skip(source.length ? "only new files" : "no source change");
    return null;
  }
  if (targets.length > MAX_TARGETS || source.length > MAX_CHANGED) {
    skip("diff too large");
    return null;
  }
  return targets;
}

export function gitTasks(cacheDir: string, corpus: string, repo: string, ref = "HEAD"): { tasks: LocalizeTask[]; skipped: Record<string, number> } {
  const skipped: Record<string, number> = {};
  const skip = (why: string) => (skipped[why] = (skipped[why] ?? 0) + 1);
  const tasks: LocalizeTask[] = [];
  const log = git(repo, "log", "--no-merges", "--format=%H %P%x09%s", ref).trim().split("\n").filter(Boolean);
  for (const line of log) {
    const [ids = "", subject = ""] = line.split("\t");
    const [commit = "", ...parents] = ids.split(" ").filter(Boolean);
    if (parents.length !== 1) {
      skip(parents.length === 0 ? "root commit" : "merge");
      continue;
    }
    const targets = changeTargets(repo, subject, parents[0] as string, commit, skip);
    if (!targets) continue;
    const id = `${corpus}@${commit.slice(0, 12)}`;
    tasks.push({ id, corpus, query: subject, targets, root: parentTree(cacheDir, corpus, repo, parents[0] as string), split: splitOf(id) });
  }
  return { tasks, skipped };
}
