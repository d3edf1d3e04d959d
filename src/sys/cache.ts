// A per-version cache folder on the user's machine, for files the compiled binary embeds
// but must hand to the OS (dlopen, child processes cannot read Bun's virtual FS). The OS
// loads or executes what is there, so the folder is trusted only when it is the user's own
// and private, and a file is used only when its bytes are the embedded ones (SHA-256 from
// the build); anything else — modified, truncated, a symlink, planted — is replaced first.

import { createHash, randomBytes } from "node:crypto";
import { chmodSync, closeSync, lstatSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync, type Stats } from "node:fs";
import { tmpdir } from "node:os";
import { isAbsolute, join } from "node:path";
import { validationError } from "../errors.ts";
import { VERSION } from "../version.ts";
import { currentUid, homeDir } from "./home.ts";
import { inspectOwnDir } from "./owned-dir.ts";

/** One file embedded in the binary: its path in Bun's virtual FS and the build's size and SHA-256 of its bytes. */
export interface EmbeddedFile {
  path: string;
  size: number;
  sha256: string;
}

/** Why `dir` (an existing or missing folder, created 0700) cannot hold files the OS will load, or null; a folder of ours that others may write is narrowed to 0700 first. */
function ownDirProblem(dir: string): string | null {
  let own = inspectOwnDir(dir);
  if (own.state === "missing") {
    try {
      mkdirSync(dir, { mode: 0o700 });
    } catch (made) {
      return `${dir} cannot be created (${(made as NodeJS.ErrnoException).code ?? (made as Error).message})`;
    }
    own = inspectOwnDir(dir);
  }
  if (own.state === "missing") return `${dir} vanished while being created`;
  if (own.state === "bad") return `${dir} ${own.why}`;
  if (currentUid() !== null && (own.stat.mode & 0o022) !== 0) {
    try {
      chmodSync(dir, 0o700);
    } catch (error) {
      return `${dir} is open to other users and cannot be made private (${(error as NodeJS.ErrnoException).code})`;
    }
  }
  return null;
}

/** `<base>/svc/<version>/<parts…>` made level by level (every level below `base` the user's own and private), or why not. */
function privateTree(base: string, parts: string[]): { dir: string } | { problem: string } {
  try {
    mkdirSync(base, { recursive: true, mode: 0o700 });
  } catch (error) {
    return { problem: `${base} cannot be created (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})` };
  }
  let dir = base;
  for (const part of ["svc", VERSION, ...parts]) {
    dir = join(dir, part);
    const problem = ownDirProblem(dir);
    if (problem) return { problem };
  }
  return { dir };
}

/** The preferred cache base: $XDG_CACHE_HOME (absolute), else ~/.cache; null without a home folder. */
function preferredBase(): string | null {
  const xdg = process.env.XDG_CACHE_HOME;
  if (xdg && isAbsolute(xdg)) return xdg;
  const home = homeDir();
  return home ? join(home, ".cache") : null;
}

/** The per-user fallback under the temp folder, `$TMPDIR/svc-<uid>` (the host's socket fallback too): used only when it is ours (another user may have created it first). */
function fallbackTree(parts: string[]): { dir: string } | { problem: string } {
  const own = join(tmpdir(), `svc-${currentUid() ?? "user"}`);
  const problem = ownDirProblem(own);
  return problem ? { problem } : privateTree(join(own, "cache"), parts);
}

/**
 * The private cache folder `<base>/svc/<version>/<parts…>`, created as needed: the preferred
 * base, else (no home, read-only, or not the user's own) the per-user temp fallback; throws
 * a prefixed error naming both problems when neither can be used.
 */
export function cacheDir(...parts: string[]): string {
  const preferred = preferredBase();
  const first = preferred ? privateTree(preferred, parts) : { problem: "no home folder (HOME unset or not an existing folder, no passwd entry)" };
  if ("dir" in first) return first.dir;
  const second = fallbackTree(parts);
  if ("dir" in second) return second.dir;
  throw validationError(`no private cache folder for svc's embedded files: ${first.problem}; ${second.problem}. Set XDG_CACHE_HOME to a directory you own`);
}

function sha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** True when `target` is a regular file of ours holding exactly the embedded bytes (never follows a symlink). */
function intact(target: string, file: EmbeddedFile): boolean {
  let stat: Stats;
  try {
    stat = lstatSync(target);
  } catch {
    return false;
  }
  const uid = currentUid();
  if (!stat.isFile() || stat.size !== file.size || (uid !== null && stat.uid !== uid)) return false;
  try {
    return sha256(readFileSync(target)) === file.sha256;
  } catch {
    return false;
  }
}

/**
 * Copy the embedded `file` to `target` unless an intact copy is there; anything else at
 * `target` is replaced. Written to a fresh temp name (O_EXCL: never through a planted
 * symlink), checked against the build's digest, and renamed into place atomically, so an
 * interrupted or concurrent first run never leaves a partial file under `target`.
 */
export function materialize(file: EmbeddedFile, target: string, mode = 0o755): string {
  if (intact(target, file)) return target;
  const bytes = readFileSync(file.path); // copyFile cannot read Bun's virtual FS
  if (bytes.length !== file.size || sha256(bytes) !== file.sha256) {
    throw validationError(`the embedded ${file.path} does not match its build digest; the svc binary is damaged (download it again)`);
  }
  const temp = `${target}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  const fd = openSync(temp, "wx", mode);
  try {
    for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at);
  } finally {
    closeSync(fd);
  }
  try {
    renameSync(temp, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EISDIR" && (error as NodeJS.ErrnoException).code !== "ENOTEMPTY") {
      rmSync(temp, { force: true });
      throw error;
    }
    rmSync(target, { recursive: true, force: true }); // a planted folder in its place
    renameSync(temp, target);
  }
  return target;
}
