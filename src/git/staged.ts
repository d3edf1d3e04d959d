// What a commit would contain: the index (staging area) compared with HEAD, the paths whose
// working-tree copy differs from the index (unstaged edits, untracked files), and the
// index's content of a file. `svc gate --staged` builds the committed state from these.

import { ProcessError } from "../sys/proc.ts";
import { validationError } from "../errors.ts";
import { gitText } from "./git.ts";
import { hasCommits } from "./changes.ts";

export interface StagedFile {
  /** Root-relative path in the index (the new path for renames). */
  path: string;
  status: "added" | "modified" | "deleted" | "renamed";
  /** The HEAD path of a rename. */
  oldPath?: string;
}

export interface StagedState {
  /** HEAD exists (false: the first commit, everything staged is added). */
  headExists: boolean;
  staged: StagedFile[];
  /** Tracked paths whose working-tree copy differs from the index (edited or deleted, not staged). */
  unstaged: string[];
  /** Untracked, not ignored paths (a commit does not include them). */
  untracked: string[];
}

const LETTER: Record<string, StagedFile["status"]> = { A: "added", C: "added", D: "deleted", R: "renamed", M: "modified", T: "modified" };

async function git(root: string, args: string[]): Promise<string> {
  try {
    return await gitText(root, args, { timeoutMs: 60_000 });
  } catch (error) {
    if (error instanceof ProcessError && !error.result) throw validationError("git is not available on PATH");
    throw validationError(((error as Error).message ?? String(error)).replace(/^fatal:\s*/, ""));
  }
}

/** `git diff --name-status -z` records: `M\0path\0`, `R100\0old\0new\0`. */
function parseNameStatus(out: string): StagedFile[] {
  const t = out.split("\0");
  const files: StagedFile[] = [];
  for (let i = 0; i < t.length; ) {
    const head = t[i] ?? "";
    if (!head) {
      i++;
      continue;
    }
    const letter = head.charAt(0);
    if (letter === "R" || letter === "C") {
      const oldPath = t[i + 1] ?? "";
      const path = t[i + 2] ?? "";
      files.push(letter === "R" ? { path, status: "renamed", oldPath } : { path, status: "added" });
      i += 3;
    } else {
      files.push({ path: t[i + 1] ?? "", status: LETTER[letter] ?? "modified" });
      i += 2;
    }
  }
  return files.filter((f) => f.path);
}

const DIFF = ["--no-ext-diff", "--no-textconv", "--no-color", "--relative", "--name-status", "-z"];

/** The staged changes, the unstaged ones and the untracked files of the work tree at `root`. */
export async function stagedState(root: string): Promise<StagedState> {
  const headExists = await hasCommits(root);
  const stagedOut = headExists
    ? await git(root, ["diff", "--cached", ...DIFF, "-M", "HEAD", "--", "."])
    : (await git(root, ["ls-files", "-z", "--cached", "--", "."])).split("\0").filter(Boolean).map((p) => `A\0${p}`).join("\0");
  const unstagedOut = await git(root, ["diff", ...DIFF, "--", "."]);
  const untrackedOut = await git(root, ["ls-files", "-z", "--others", "--exclude-standard", "--", "."]);
  return {
    headExists,
    staged: parseNameStatus(stagedOut),
    unstaged: parseNameStatus(unstagedOut).map((f) => f.path),
    untracked: untrackedOut.split("\0").filter(Boolean),
  };
}

/** A file's content in the index (stage 0), or null when the index does not hold it. */
export async function fileInIndex(root: string, path: string): Promise<string | null> {
  try {
    return await gitText(root, ["cat-file", "blob", `:./${path}`]);
  } catch (error) {
    if (error instanceof ProcessError && !error.result) throw validationError("git is not available on PATH");
    return null;
  }
}
