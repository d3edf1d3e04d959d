// Changed-files scoping: what differs between a commit and the work tree (staged, unstaged
// and untracked-not-ignored), per-file diff hunks, and file content at a ref. Every git
// problem surfaces as `validation_error: …`; refs that look like options are refused.

import { lstatSync, readFileSync, readlinkSync, statSync } from "node:fs";
import { join } from "node:path";
import { SvcError, validationError } from "../errors.ts";
import { ProcessError } from "../sys/proc.ts";
import { gitText } from "./git.ts";

export interface ChangedFile {
  path: string; // root-relative, '/'-separated (the new path for renames)
  status: "added" | "modified" | "deleted" | "renamed" | "untracked";
  oldPath?: string; // for renames
  added: number; // lines added (0 for binary)
  deleted: number; // lines deleted
  binary: boolean;
}

/** Untracked files larger than this are reported as binary (no line count, no synthetic diff). */
export const UNTRACKED_TEXT_LIMIT = 16 * 1024 * 1024;

/** Flags for every diff we run: no external diff driver or textconv program, no color. */
const DIFF_SAFE = ["--no-ext-diff", "--no-textconv", "--no-color"];

/** Run git; failures become validation errors (git missing → its own message). */
async function gitv(root: string, args: string[]): Promise<string> {
  try {
    return await gitText(root, args);
  } catch (error) {
    throw gitError(error);
  }
}

function gitError(error: unknown): SvcError {
  if (error instanceof SvcError) return error;
  if (error instanceof ProcessError && !error.result) return validationError("git is not available on PATH");
  const message = error instanceof Error ? error.message : String(error);
  return validationError(message.replace(/^fatal:\s*/, ""));
}

/** Throws unless `root` is a directory inside a git work tree (with git on PATH). */
export async function assertWorkTree(root: string): Promise<void> {
  let isDir = false;
  try {
    isDir = statSync(root).isDirectory();
  } catch {
    isDir = false;
  }
  if (!isDir) throw validationError(`not a directory: ${root}`);
  let inside: string;
  try {
    inside = await gitText(root, ["rev-parse", "--is-inside-work-tree"]);
  } catch (error) {
    const e = gitError(error);
    if (/not a git repository/i.test(e.message)) throw validationError(`not a git repository: ${root}`);
    throw e;
  }
  if (inside.trim() !== "true") throw validationError(`not a git repository: ${root}`);
}

function assertRefShape(ref: string): void {
  if (!ref.trim()) throw validationError("ref must not be empty");
  if (ref.startsWith("-")) throw validationError(`invalid ref '${ref}': a ref must not start with '-'`);
  if (/[\0\n]/.test(ref)) throw validationError("invalid ref: control characters are not allowed");
}

/** Whether HEAD resolves (false in a repository without commits). */
export async function hasCommits(root: string): Promise<boolean> {
  try {
    await gitText(root, ["rev-parse", "--verify", "-q", "HEAD^{commit}"]);
    return true;
  } catch {
    return false;
  }
}

export async function resolveRef(root: string, ref: string): Promise<string> {
  assertRefShape(ref);
  await assertWorkTree(root);
  try {
    const sha = await gitText(root, ["rev-parse", "--verify", "-q", "--end-of-options", `${ref}^{commit}`]);
    return sha.trim();
  } catch (error) {
    if (error instanceof ProcessError && !error.result) throw gitError(error);
  }
  if (!(await hasCommits(root))) {
    throw validationError(`ref '${ref}' does not resolve: the repository has no commits yet`);
  }
  // rev-parse -q says nothing; ask git log for its own wording ("bad revision 'nope'", …).
  try {
    await gitText(root, ["log", "-1", "--format=%H", "--end-of-options", ref, "--"]);
  } catch (error) {
    throw gitError(error);
  }
  throw validationError(`ref '${ref}' does not name a commit`);
}

const STATUS: Record<string, ChangedFile["status"]> = { A: "added", D: "deleted", R: "renamed", C: "added" };

/** Parse `git diff --raw --numstat -z` output (raw records first, then numstat records). */
function parseRawNumstat(out: string): ChangedFile[] {
  const t = out.split("\0");
  const byPath = new Map<string, ChangedFile>();
  const order: ChangedFile[] = [];
  let i = 0;
  while (i < t.length) {
    const head = t[i] ?? "";
    if (head === "") {
      i++;
      continue;
    }
    if (head.startsWith(":")) {
      const letter = head.split(" ").pop()?.charAt(0) ?? "M";
      const two = letter === "R" || letter === "C";
      const first = t[i + 1] ?? "";
      const path = two ? (t[i + 2] ?? "") : first;
      const file: ChangedFile = { path, status: STATUS[letter] ?? "modified", added: 0, deleted: 0, binary: false };
      if (letter === "R") file.oldPath = first;
      byPath.set(path, file);
      order.push(file);
      i += two ? 3 : 2;
      continue;
    }
    const m = /^(-|\d+)\t(-|\d+)\t(.*)$/s.exec(head);
    if (!m) {
      i++;
      continue;
    }
    let path = m[3] ?? "";
    i++;
    if (path === "") {
      path = t[i + 1] ?? ""; // rename: old, new follow
      i += 2;
    }
    const file = byPath.get(path);
    if (!file) continue;
    file.binary = m[1] === "-";
    file.added = file.binary ? 0 : Number(m[1]);
    file.deleted = file.binary ? 0 : Number(m[2]);
  }
  return order;
}

function looksBinary(bytes: Uint8Array): boolean {
  const n = Math.min(bytes.length, 8000); // git's heuristic: a NUL in the first 8000 bytes
  for (let i = 0; i < n; i++) if (bytes[i] === 0) return true;
  return false;
}

/** Text of an untracked file (a symlink's target, like git), or null when binary/too large/unreadable. */
function untrackedText(root: string, path: string): string | null {
  const abs = join(root, path);
  try {
    const st = lstatSync(abs);
    if (st.isSymbolicLink()) return readlinkSync(abs);
    if (!st.isFile() || st.size > UNTRACKED_TEXT_LIMIT) return null;
    const bytes = readFileSync(abs);
    return looksBinary(bytes) ? null : new TextDecoder().decode(bytes);
  } catch {
    return null;
  }
}

function countLines(text: string): number {
  if (text === "") return 0;
  let n = 0;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) n++;
  return text.endsWith("\n") ? n : n + 1;
}

export async function changedFiles(root: string, ref: string): Promise<ChangedFile[]> {
  const sha = await resolveRef(root, ref);
  const [diff, others] = await Promise.all([
    gitv(root, ["diff", ...DIFF_SAFE, "--raw", "--numstat", "-z", "-M", "--relative", sha, "--"]),
    gitv(root, ["ls-files", "--others", "--exclude-standard", "-z"]),
  ]);
  const files = parseRawNumstat(diff);
  const known = new Set(files.map((f) => f.path));
  for (const path of others.split("\0")) {
    if (!path || path.endsWith("/") || known.has(path)) continue; // "dir/" = nested repository
    const text = untrackedText(root, path);
    files.push({ path, status: "untracked", added: text === null ? 0 : countLines(text), deleted: 0, binary: text === null });
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The text from the first `@@` line on ("" when there is none). */
function hunksOnly(patch: string): string {
  const at = patch.startsWith("@@") ? 0 : patch.indexOf("\n@@");
  return at === -1 ? "" : patch.slice(at === 0 ? 0 : at + 1);
}

function syntheticAdded(text: string): string {
  if (text === "") return "";
  const lines = text.split("\n");
  const complete = text.endsWith("\n");
  if (complete) lines.pop();
  let out = `@@ -0,0 +1${lines.length === 1 ? "" : `,${lines.length}`} @@\n`;
  for (const line of lines) out += `+${line}\n`;
  return complete ? out : `${out}\\ No newline at end of file\n`;
}

export async function fileHunks(root: string, ref: string, file: ChangedFile): Promise<string> {
  assertRefShape(ref);
  if (file.status === "untracked") {
    if (file.binary) return "";
    return syntheticAdded(untrackedText(root, file.path) ?? "");
  }
  const paths = file.oldPath ? [file.oldPath, file.path] : [file.path];
  const args = ["--literal-pathspecs", "diff", ...DIFF_SAFE, "-U3", "-M", "--relative", "--end-of-options", ref, "--", ...paths];
  try {
    return hunksOnly(await gitText(root, args));
  } catch (error) {
    await assertWorkTree(root); // the clearer message when root is not in a repository
    throw gitError(error);
  }
}

export async function fileAtRef(root: string, ref: string, path: string): Promise<string | null> {
  assertRefShape(ref);
  try {
    // `<rev>:./<path>` is relative to the working directory (root), not the top level.
    return await gitText(root, ["cat-file", "blob", `${ref}:./${path}`]);
  } catch (error) {
    if (error instanceof ProcessError && !error.result) throw gitError(error);
  }
  await resolveRef(root, ref); // throws for a bad ref / non-repository; otherwise the path is absent
  return null;
}
