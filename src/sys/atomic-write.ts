// Atomic file replacement: write a temp file in the same folder, fsync it, rename it over
// the target, fsync the folder. An interrupted write leaves the old file (or none) intact,
// and a reader never sees a half-written file. The new inode takes the replaced file's
// permissions exactly (not as the umask leaves them) and its owner and group, or the write
// fails and the old file stays. A hard-linked file is refused (the rename would cut it from
// its other names); a caller's last check before the rename runs under a per-file lock.

import { createHash } from "node:crypto";
import { closeSync, fchmodSync, fchownSync, fstatSync, fsyncSync, lstatSync, mkdirSync, openSync, readlinkSync, renameSync, rmSync, statSync, writeSync, type Stats } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { alive, createWhole, holderPid, holderText, readText, replaceStale, sweepLeftovers } from "./takeover.ts";

/**
 * Why a rewrite of the file `stat` describes could not keep its owner or group (a new file
 * renamed over it belongs to whoever writes it; only root may give it to someone else, a
 * member only to one of its groups), or null when it can.
 */
export function ownerNotKeepable(stat: Stats): string | null {
  if (typeof process.getuid !== "function") return null; // Windows: no owners to keep this way
  const uid = process.getuid();
  if (uid === 0) return null;
  if (stat.uid !== uid) return `it belongs to uid ${stat.uid}, and a rewrite (a new file renamed over it) would make it yours (uid ${uid})`;
  const groups = new Set([process.getegid?.(), ...(process.getgroups?.() ?? [])]);
  if (!groups.has(stat.gid)) return `its group is gid ${stat.gid}, which you are not a member of, and a rewrite (a new file renamed over it) would give it yours`;
  return null;
}

/** The temp file as the replaced one was (`old`, null: a new file or a mode of its own): owner and group first (a chown clears set-id bits), then the exact mode. */
function takeOver(fd: number, old: Stats | null, mode: number | undefined): void {
  if (old) {
    const now = fstatSync(fd);
    if (now.uid !== old.uid || now.gid !== old.gid) fchownSync(fd, old.uid, old.gid);
  }
  if (mode !== undefined) fchmodSync(fd, mode);
}

/**
 * The file a symbolic link at `file` stands for (its target, through a chain of links; a
 * dangling link's target is created): the rename would otherwise replace the link itself
 * with a regular file — a dotfile kept in another folder and linked in would stop being
 * updated. `file` itself when it is no link.
 */
function throughLinks(file: string): string {
  let at = file;
  for (let hops = 0; hops < 40; hops++) {
    let target: string;
    try {
      if (!lstatSync(at).isSymbolicLink()) return at;
      target = readlinkSync(at);
    } catch {
      return at; // absent: a new file there
    }
    at = resolve(dirname(at), target);
  }
  throw new Error(`cannot write ${file}: too many levels of symbolic links`);
}

/**
 * Why the file `stat` describes cannot be replaced by a rename without loss, or null: a file
 * with other hard links (names for the same bytes, perhaps outside the workspace or home
 * folder) would be cut from them, they keeping the old content; written in place they would
 * change too. Callers refuse it, before anything is written, naming how to give it its own copy.
 */
export function hardLinked(stat: Stats, outside = "this folder"): string | null {
  return stat.isFile() && stat.nlink > 1 ? `the file has ${stat.nlink} hard links (other names for the same bytes, which may be outside ${outside}): a write would change them too or cut this name from them` : null;
}

/**
 * Why the file `stat` describes is not to be rewritten, or null: nobody may write it (mode
 * without a w bit), yet the rename of an atomic write would replace it all the same, the
 * folder being writable. Callers refuse it, naming how to allow the change.
 */
export function readOnly(stat: Stats): string | null {
  return stat.isFile() && (stat.mode & 0o222) === 0 ? `the file is read-only (mode ${(stat.mode & 0o777).toString(8)}); make it writable first if it is meant to change` : null;
}

export interface AtomicWriteOptions {
  /** The file's permissions; without it an existing file keeps its own. */
  mode?: number;
  /** Called with the temp file written and synced, right before the rename: throw to leave the file as it is (a check that it is still as the caller read it). */
  beforeRename?: () => void;
  /** Called with the file the write replaces or creates (a link's target, as the write starts) before anything is written or created: throw to write nothing (a check of where it is). */
  checkTarget?: (file: string) => void;
}

const LOCK_WAIT_MS = 5_000;

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Run `fn` holding the write lock of `name` in `dir` (a `.<name>.svc-lock` file created whole
 * or not at all, naming the writer's pid): two svc processes writing one file take turns
 * between their check that it is as they read it and their rename, so neither renames over
 * the other's write unseen. A lock whose process is gone is taken over by exactly one of the
 * processes that find it so (sys/takeover.ts; so is one naming this process: it holds a lock
 * only within this synchronous call), which also removes what a writer that died taking one
 * over left beside it; one held past LOCK_WAIT_MS is an error naming it. Nothing of the lock
 * is left beside the file.
 */
function withWriteLock(dir: string, name: string, fn: () => void): void {
  const lock = join(dir, Buffer.byteLength(name) > 200 ? `.svc-${createHash("sha256").update(name).digest("hex").slice(0, 16)}.lock` : `.${name}.svc-lock`);
  const mine = holderText();
  const until = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    if (createWhole(lock, mine)) break;
    const judged = readText(lock);
    if (judged === null) continue; // released meanwhile
    const holder = holderPid(judged);
    if (Number.isInteger(holder) && (holder === process.pid || !alive(holder))) {
      sweepLeftovers(lock);
      const took = replaceStale(lock, judged, mine);
      if (took === "taken") break;
      if (took === "changed") continue;
      // busy: another process is taking it over (a moment); its lock comes next
    } else if (Date.now() > until) throw new Error(`another svc process has been writing ${join(dir, name)} for over ${LOCK_WAIT_MS / 1000} s (its lock ${lock}${Number.isInteger(holder) ? `, pid ${holder}` : ""}); retry, or remove the lock if no svc is running`);
    sleepSync(5);
  }
  try {
    fn();
  } finally {
    // a live process's lock is never taken over, so it still holds this content; removed plainly (no takeover lock beside the user's file, no write needed on a full disk)
    if (readText(lock) === mine) rmSync(lock, { force: true });
  }
}

/**
 * `options.mode` sets the file's permissions; without it an existing file keeps its own,
 * exactly, and its owner and group (throws, the file untouched, when they cannot be kept),
 * a symbolic link stays one (its target is written), a hard-linked file is refused (the
 * rename would cut it from its other names); a new file gets 0644 less the umask.
 */
export function writeFileAtomic(link: string, content: string | Uint8Array, options: AtomicWriteOptions = {}): void {
  const file = options.mode === undefined ? throughLinks(link) : link;
  options.checkTarget?.(file);
  const dir = dirname(file);
  mkdirSync(dir, { recursive: true });
  let old: Stats | null = null;
  try {
    old = statSync(file);
  } catch {
    // a new file
  }
  const linked = options.mode === undefined && old ? hardLinked(old) : null;
  if (linked) throw new Error(`refusing to replace ${file}: ${linked}`);
  const mode = options.mode ?? (old ? old.mode & 0o7777 : undefined);
  const stamp = `svc-${process.pid}-${Date.now().toString(36)}.tmp`;
  const name = basename(file);
  // A name near the file system's 255-byte limit gets a short temp name (the rename still gives the real one).
  const temp = join(dir, Buffer.byteLength(name) > 200 ? `.${stamp}` : `.${name}.${stamp}`);
  const fd = openSync(temp, "wx", mode ?? 0o644);
  try {
    takeOver(fd, options.mode === undefined ? old : null, mode);
    const bytes = typeof content === "string" ? Buffer.from(content, "utf8") : content;
    for (let off = 0; off < bytes.length; ) off += writeSync(fd, bytes, off, bytes.length - off);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temp, { force: true });
    throw error;
  }
  closeSync(fd);
  try {
    if (options.beforeRename) withWriteLock(dir, name, () => (options.beforeRename!(), renameSync(temp, file)));
    else renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
  try {
    const dirFd = openSync(dir, "r");
    try {
      fsyncSync(dirFd);
    } finally {
      closeSync(dirFd);
    }
  } catch {
    // some filesystems refuse fsync on a directory; the rename itself is atomic
  }
}
