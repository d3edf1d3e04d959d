// What a commit would contain: the index (staging area) compared with HEAD, the paths whose
// working-tree copy differs from the index (unstaged edits, untracked files), and the
// index's content of a file. `svc gate --staged` builds the committed state from these.

import { ProcessError, run } from "../sys/proc.ts";
import { validationError } from "../errors.ts";
import { gitArgv, gitText } from "./git.ts";
import { fileAtRef, hasCommits } from "./changes.ts";

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

/**
 * Many blobs in one `git cat-file --batch`: `<rev>:./<path>` for each path (`rev` "" = the
 * index, else a commit such as HEAD). Map path → content, null when that side lacks it.
 */
export async function blobsAt(root: string, rev: string, paths: readonly string[]): Promise<Map<string, string | null>> {
  const out = new Map<string, string | null>();
  if (!paths.length) return out;
  if (paths.some((p) => /[\n\0]/.test(p))) {
    for (const p of paths) out.set(p, rev === "" ? await fileInIndex(root, p) : await fileAtRef(root, rev, p));
    return out;
  }
  let result;
  try {
    result = await run(gitArgv(["cat-file", "--batch"]), { cwd: root, timeoutMs: 60_000, stdin: paths.map((p) => `${rev}:./${p}\n`).join("") });
  } catch (error) {
    if (error instanceof ProcessError && !error.result) throw validationError("git is not available on PATH");
    throw error;
  }
  if (result.exitCode !== 0 || result.truncated) throw validationError(`git cat-file failed: ${result.stderr.trim().split("\n")[0] ?? ""}`);
  const bytes = result.stdout;
  const decoder = new TextDecoder();
  let at = 0;
  for (const p of paths) {
    const eol = bytes.indexOf(10, at);
    if (eol === -1) break;
    const header = decoder.decode(bytes.subarray(at, eol));
    at = eol + 1;
    const m = /^\S+ (\w+) (\d+)$/.exec(header);
    if (!m) {
      out.set(p, null); // "<object> missing"
      continue;
    }
    const size = Number(m[2]);
    out.set(p, m[1] === "blob" ? decoder.decode(bytes.subarray(at, at + size)) : null);
    at += size + 1;
  }
  return out;
}
