// What a commit would contain: the index (staging area) compared with HEAD, the paths whose
// working-tree copy differs from the index (unstaged edits, untracked files), and the
// index's content of a file. `svc gate --staged` builds the committed state from these.

import { existsSync, realpathSync, statSync } from "node:fs";
import { isAbsolute, join, posix, relative, resolve } from "node:path";
import { ProcessError, run } from "../sys/proc.ts";
import { validationError } from "../errors.ts";
import { gitArgv, gitText } from "./git.ts";
import { fileAtRef, hasCommits } from "./changes.ts";

export interface StagedFile {
  /** Root-relative path in the index (the new path for renames). */
  path: string;
  /** unmerged: a conflict not resolved, so the index holds no content the commit would have. */
  status: "added" | "modified" | "deleted" | "renamed" | "unmerged";
  /** The HEAD path of a rename. */
  oldPath?: string;
}

export interface StagedState {
  /** HEAD exists (false: the first commit, everything staged is added). */
  headExists: boolean;
  /**
   * The commit the index is compared with: HEAD, or for an amend (the commit replaces HEAD) HEAD's
   * first parent, by its hash; null when there is none — a first commit, or amending a root
   * commit: everything staged is added.
   */
  base: string | null;
  staged: StagedFile[];
  /** Tracked paths whose working-tree copy differs from the index (edited or deleted, not staged; flagged assume-unchanged or skip-worktree too: hiddenEdits). */
  unstaged: string[];
  /** Untracked, not ignored paths (a commit does not include them). */
  untracked: string[];
}

/**
 * The index file git gave this process, absolute, when it is not the repository's own: a
 * pre-commit hook gets one of git's making in GIT_INDEX_FILE (`git commit -a` stages into
 * index.lock, `git commit <paths>` builds next-index-*.lock), which another process — the
 * host — reading the repository never sees unless told. Null without GIT_INDEX_FILE, or when
 * it names the repository's index (a plain commit's `.git/index`).
 */
export async function givenIndexFile(root: string): Promise<string | null> {
  const given = process.env.GIT_INDEX_FILE;
  if (!given) return null;
  const file = resolve(process.cwd(), given);
  const real = (p: string) => {
    try {
      return realpathSync(p);
    } catch {
      return p;
    }
  };
  const own = posix.join((await git(root, ["rev-parse", "--absolute-git-dir"])).trim(), "index");
  return real(file) === real(own) ? null : file;
}

/**
 * An index file named by another process (svc/check's `indexFile`), confined: an existing file
 * inside the repository's git directory (index.lock, next-index-*.lock), never a path elsewhere.
 */
export async function confinedIndexFile(root: string, indexFile: string): Promise<string> {
  if (!isAbsolute(indexFile)) throw validationError(`indexFile must be an absolute path inside the repository's git directory (got '${indexFile}')`);
  const gitDir = realpathSync((await git(root, ["rev-parse", "--absolute-git-dir"])).trim());
  let real: string;
  try {
    real = realpathSync(indexFile);
  } catch {
    throw validationError(`indexFile ${indexFile} does not exist (the commit it was made for is over?)`);
  }
  const rel = relative(gitDir, real);
  if (!rel || rel.startsWith("..") || isAbsolute(rel)) throw validationError(`refusing to read indexFile ${indexFile}: it resolves ${rel ? "outside" : "to"} the repository's git directory ${gitDir}${rel ? "" : ", not an index file in it"}`);
  if (!statSync(real).isFile()) throw validationError(`refusing to read indexFile ${indexFile}: it is not a file (an index file in the repository's git directory ${gitDir})`);
  return real;
}

/** A git call's options reading `index` (see givenIndexFile) instead of the repository's index. */
function indexEnv(index: string | undefined): { env?: Record<string, string> } {
  return index ? { env: { GIT_INDEX_FILE: index } } : {};
}

const LETTER: Record<string, StagedFile["status"]> = { A: "added", C: "added", D: "deleted", R: "renamed", M: "modified", T: "modified", U: "unmerged" };

async function git(root: string, args: string[], index?: string): Promise<string> {
  try {
    return await gitText(root, args, { timeoutMs: 60_000, ...indexEnv(index) });
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

/**
 * The workspace's paths, svc's store left out: a repository that ships `.svc/` (tracked by mistake) has its files change
 * under svc's own writes (the fresh store's `.svc/ts/tsconfig.json.json` read as an unstaged config edit: the gate of every
 * commit abstained, and blocked with --strict, once a background index had written it).
 */
const WORKSPACE = ["--", ".", ":(exclude).svc"];

/** HEAD's first parent's hash; null for a root commit. */
async function firstParent(root: string): Promise<string | null> {
  try {
    return (await gitText(root, ["rev-parse", "--verify", "-q", "HEAD^1^{commit}"], { timeoutMs: 30_000 })).trim() || null;
  } catch {
    return null;
  }
}

/**
 * The staged changes, the unstaged ones and the untracked files of the work tree at `root`; `index`: an index file to read
 * instead of the repository's (givenIndexFile); `amend`: the commit replaces HEAD (`git commit --amend`, git/amend.ts), so the
 * staged changes are those against HEAD's first parent.
 */
export async function stagedState(root: string, index?: string, amend = false): Promise<StagedState> {
  const headExists = await hasCommits(root);
  const base = !headExists ? null : amend ? await firstParent(root) : "HEAD";
  const stagedOut = base
    ? await git(root, ["diff", "--cached", ...DIFF, "-M", base, ...WORKSPACE], index)
    : (await git(root, ["ls-files", "-z", "--cached", ...WORKSPACE], index)).split("\0").filter(Boolean).map((p) => `A\0${p}`).join("\0");
  const unstagedOut = await git(root, ["diff", ...DIFF, ...WORKSPACE], index);
  const untrackedOut = await git(root, ["ls-files", "-z", "--others", "--exclude-standard", ...WORKSPACE], index);
  return {
    headExists,
    base,
    staged: parseNameStatus(stagedOut),
    unstaged: [...new Set([...parseNameStatus(unstagedOut).map((f) => f.path), ...(await hiddenEdits(root, index))])],
    untracked: untrackedOut.split("\0").filter(Boolean),
  };
}

/**
 * The tracked files flagged assume-unchanged or skip-worktree (`git update-index`; `ls-files -v`
 * tags them lowercase, or S) whose working-tree copy differs from the index: git's diff never
 * shows them, so a commit without the disk's edit would be gated as if it had it (a staged
 * importer relying on it passed). A flagged file the disk lacks (a sparse checkout's) is none:
 * the engine does not see it either. A link, a submodule, or a file git cannot hash counts as edited.
 */
async function hiddenEdits(root: string, index?: string): Promise<string[]> {
  // one listing gives the flag and the staged blob (`h 100644 <sha> 0\t<path>`): the flagged paths are never passed
  // back as arguments (thirty thousand of them overran the argument list: "git is not available on PATH")
  const flagged: string[] = [];
  const staged = new Map<string, string>();
  for (const record of (await git(root, ["ls-files", "-v", "-s", "-z", ...WORKSPACE], index)).split("\0")) {
    const m = /^([a-z]|S) (\d+) ([0-9a-f]+) \d\t(.*)$/s.exec(record);
    if (!m || !existsSync(join(root, m[4]!))) continue;
    flagged.push(m[4]!);
    if (m[2]!.startsWith("100")) staged.set(m[4]!, m[3]!); // a regular file's (a link's or a submodule's: edited)
  }
  if (!flagged.length) return [];
  const hashable = flagged.filter((p) => staged.has(p) && !p.includes("\n"));
  let onDisk: string[] = [];
  try {
    if (hashable.length) onDisk = (await gitText(root, ["hash-object", "--stdin-paths"], { timeoutMs: 60_000, stdin: hashable.join("\n") + "\n" })).split("\n");
  } catch {
    // unreadable: every flagged file counts as edited (the commit's content is overlaid, never the disk's taken for it)
  }
  const same = new Set(hashable.filter((p, i) => onDisk[i] === staged.get(p)));
  return flagged.filter((p) => !same.has(p));
}

/** A file's content in the index (stage 0), or null when the index does not hold it. */
export async function fileInIndex(root: string, path: string, index?: string): Promise<string | null> {
  try {
    return await gitText(root, ["cat-file", "blob", `:./${path}`], indexEnv(index));
  } catch (error) {
    if (error instanceof ProcessError && !error.result) throw validationError("git is not available on PATH");
    return null;
  }
}

/**
 * Many blobs in one `git cat-file --batch`: `<rev>:./<path>` for each path (`rev` "" = the
 * index, else a commit such as HEAD). Map path → content, null when that side lacks it.
 */
export async function blobsAt(root: string, rev: string, paths: readonly string[], index?: string): Promise<Map<string, string | null>> {
  const out = new Map<string, string | null>();
  if (!paths.length) return out;
  if (paths.some((p) => /[\n\0]/.test(p))) {
    for (const p of paths) out.set(p, rev === "" ? await fileInIndex(root, p, index) : await fileAtRef(root, rev, p));
    return out;
  }
  let result;
  try {
    result = await run(gitArgv(["cat-file", "--batch"]), { cwd: root, timeoutMs: 60_000, stdin: paths.map((p) => `${rev}:./${p}\n`).join(""), ...indexEnv(index) });
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

/** The paths whose entry is a symbolic link (mode 120000) in the index (`rev` "") or in a commit. */
async function symlinksAt(root: string, rev: string, paths: readonly string[], index?: string): Promise<Set<string>> {
  const links = new Set<string>();
  if (!paths.length) return links;
  const out = rev === "" ? await git(root, ["ls-files", "-s", "-z", "--", ...paths], index) : await git(root, ["ls-tree", "-z", rev, "--", ...paths]);
  for (const record of out.split("\0")) {
    const tab = record.indexOf("\t");
    if (tab > 0 && record.startsWith("120000 ")) links.add(record.slice(tab + 1));
  }
  return links;
}

/**
 * A symbolic link's blob is its target's name, not a source: replace each link's content in
 * `contents` (read at `rev`, "" = the index) by its target's content at the same revision, as
 * a checkout would give the compiler. Returns why when a link cannot be followed there (it
 * leaves the work tree, or points at another link); a target `rev` lacks is no file (null).
 */
export async function followLinks(root: string, rev: string, contents: Map<string, string | null>, index?: string): Promise<string | null> {
  const links = await symlinksAt(root, rev, [...contents.keys()].filter((p) => contents.get(p) !== null), index);
  if (!links.size) return null;
  const targets = new Map<string, string>();
  for (const link of links) {
    const target = posix.normalize(posix.join(posix.dirname(link), contents.get(link)!));
    if (posix.isAbsolute(contents.get(link)!) || target === ".." || target.startsWith("../")) return `${link} is a symbolic link to ${contents.get(link)}, outside the work tree, so its content in the commit is unknown`;
    targets.set(link, target);
  }
  const chained = await symlinksAt(root, rev, [...targets.values()], index);
  if (chained.size) return `${[...targets].find(([, t]) => chained.has(t))![0]} is a symbolic link to another link; the gate follows one`;
  const texts = await blobsAt(root, rev, [...new Set(targets.values())], index);
  for (const [link, target] of targets) contents.set(link, texts.get(target) ?? null);
  return null;
}

/** The tracked symbolic links (in the index) whose target, followed once, is one of `paths` (link → target): a file imported through one is imported. */
export async function linksTo(root: string, paths: readonly string[], index?: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (!paths.length) return out;
  const links: string[] = [];
  for (const record of (await git(root, ["ls-files", "-s", "-z"], index)).split("\0")) {
    const tab = record.indexOf("\t");
    if (tab > 0 && record.startsWith("120000 ")) links.push(record.slice(tab + 1));
  }
  if (!links.length) return out;
  const wanted = new Set(paths);
  const texts = await blobsAt(root, "", links, index);
  for (const l of links) {
    const text = texts.get(l);
    const target = text ? posix.normalize(posix.join(posix.dirname(l), text)) : null;
    if (target && wanted.has(target)) out.set(l, target);
  }
  return out;
}
