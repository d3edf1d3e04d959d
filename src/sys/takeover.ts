// Atomic creation and takeover of a small file several processes race for (the host marker,
// the index writer lock, a host's start lock, the write lock beside a user's file).
// A file is created whole or not at all: written to a temporary file, then linked to its name
// (link fails when the name exists), so no reader ever sees it half-written. Replacing a stale
// file takes a lock named after the content judged stale, created the same way: of N
// processes that judged the same content stale, the one holding that lock re-reads the file
// and replaces it only when it still holds that content; the others find its lock and wait
// for the file to change. A lock whose holder died is stale: the next one takes the next
// generation's lock (`….<g>.lock`) instead of removing it, so two processes can never both
// break one stale lock. A content once replaced never comes back (a marker names its pid and
// start time, a lock a nonce), so a lock of content the file no longer holds is inert
// and removed.

import { createHash, randomBytes } from "node:crypto";
import { closeSync, linkSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeSync } from "node:fs";
import { basename, dirname, join } from "node:path";

/** Whether a process with this pid exists (one of another user's, EPERM, counts: it is not gone). */
export function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** A holder's content for a lock or marker of this process: its pid, then `extra`, then a nonce (a content once replaced never comes back, which the takeover relies on). */
export function holderText(extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ pid: process.pid, ...extra, nonce: randomBytes(6).toString("hex") });
}

/** The pid a holder's content names (`{"pid":…}`, or a bare pid as earlier write locks held), NaN when none (a lock read before its content, on a file system without hard links). */
export function holderPid(text: string): number {
  try {
    const parsed: unknown = JSON.parse(text);
    const pid = typeof parsed === "object" && parsed !== null ? (parsed as { pid?: unknown }).pid : parsed;
    return Number.isInteger(pid) ? (pid as number) : NaN;
  } catch {
    return NaN;
  }
}

/** The file's text, or null when it cannot be read (gone). */
export function readText(path: string): string | null {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return null;
  }
}

/** Write `text` whole to a fresh temporary file beside `path` (mode 0600, named after this process); its path. */
function writeTemp(path: string, text: string): string {
  const temp = `${path}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  const fd = openSync(temp, "wx", 0o600);
  try {
    const bytes = Buffer.from(text, "utf8");
    for (let off = 0; off < bytes.length; ) off += writeSync(fd, bytes, off, bytes.length - off);
  } catch (error) {
    closeSync(fd);
    rmSync(temp, { force: true });
    throw error;
  }
  closeSync(fd);
  return temp;
}

/** Create `path` holding `text` unless it exists (false then), atomically and whole. */
export function createWhole(path: string, text: string): boolean {
  const temp = writeTemp(path, text);
  try {
    linkSync(temp, path);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return false;
    // a file system without hard links: O_EXCL still makes one creator; a reader may see it empty a moment
    if (code === "EPERM" || code === "ENOTSUP" || code === "EOPNOTSUPP" || code === "ENOSYS") return createExclusive(path, text);
    throw error;
  } finally {
    rmSync(temp, { force: true });
  }
}

function createExclusive(path: string, text: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, "wx", 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
  return true;
}

const LOCK = /^(?<hash>[0-9a-f]{16})\.(?<generation>\d+)\.lock$/;
const TEMP = /^(?<pid>\d+)\.[0-9a-f]{12}\.tmp$/;

function contentHash(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 16);
}

/** The lock of one generation for replacing `path` while it holds `judged`. */
export function lockPath(path: string, judged: string, generation: number): string {
  return `${path}.${contentHash(judged)}.${generation}.lock`;
}

/** Take the lock for replacing `judged`: its generation, or null while a live process holds it. */
function takeLock(path: string, judged: string): number | null {
  const mine = holderText();
  for (let generation = 0; generation < 1000; generation++) {
    const lock = lockPath(path, judged, generation);
    if (createWhole(lock, mine)) return generation;
    const held = readText(lock);
    if (held === null) return null; // removed meanwhile: the file no longer holds `judged`
    const pid = holderPid(held);
    // (no pid: a lock written without hard links, read before its content; its holder is alive)
    if (Number.isNaN(pid) || alive(pid)) return null;
    // its holder died mid-takeover: the next generation's lock is taken instead
  }
  return null;
}

/**
 * Leave a lock whose replace failed as a dead holder's: never removed (a process that read it
 * while this one held it may judge it dead once this one is gone, and take the next generation
 * while a newcomer took this one again), but overwritten whole with no live pid, so the next
 * taker passes to the next generation now, not when this process ends.
 */
function abandonLock(lock: string): void {
  try {
    renameSync(writeTemp(lock, JSON.stringify({ pid: 0 })), lock);
  } catch {
    // it then goes stale when this process ends
  }
}

function dropLocks(path: string, judged: string, upTo: number): void {
  for (let g = 0; g <= upTo; g++) rmSync(lockPath(path, judged, g), { force: true });
}

/**
 * Replace `path`, judged stale while it held `judged`, with `text` (whole, atomically):
 * "taken" when this process replaced it (or `text` is null and it removed it), "changed" when
 * it no longer holds `judged`, "busy" while another process is replacing it.
 */
export function replaceStale(path: string, judged: string, text: string | null): "taken" | "changed" | "busy" {
  const generation = takeLock(path, judged);
  if (generation === null) return readText(path) === judged ? "busy" : "changed";
  try {
    if (readText(path) !== judged) return "changed";
    if (text === null) rmSync(path, { force: true });
    else {
      const temp = writeTemp(path, text);
      try {
        renameSync(temp, path);
      } catch (error) {
        rmSync(temp, { force: true });
        throw error;
      }
    }
    return "taken";
  } finally {
    // the locks of a content the file no longer holds guard nothing
    if (readText(path) !== judged) dropLocks(path, judged, generation);
    else abandonLock(lockPath(path, judged, generation));
  }
}

/** Remove what a process that died left beside `path`: its temporary files, and locks of contents `path` no longer holds. */
export function sweepLeftovers(path: string): void {
  const dir = dirname(path);
  const prefix = `${basename(path)}.`;
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.startsWith(prefix));
  } catch {
    return;
  }
  // listed before the file is read: a lock listed was taken for a content the file held before, which, gone now, never returns
  const current = readText(path);
  const currentHash = current === null ? null : contentHash(current);
  for (const name of names) {
    const rest = name.slice(prefix.length);
    const lock = LOCK.exec(rest);
    if (lock && lock.groups!.hash !== currentHash) rmSync(join(dir, name), { force: true });
    const temp = TEMP.exec(rest);
    if (temp && !alive(Number(temp.groups!.pid))) rmSync(join(dir, name), { force: true });
  }
}
