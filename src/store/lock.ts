// One writer per root: a lock file `.svc/writer.lock` holding the owner's pid, taken with
// O_EXCL; a lock whose owner is dead is stale and taken over. The loser answers
// `index_busy:` at once instead of blocking.

import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { SvcError } from "../errors.ts";
import { ensureStoreDir, storeEntry } from "./db.ts";

export interface WriterLock {
  path: string;
  release(): void;
}

function lockPath(root: string): string {
  return storeEntry(root, "writer.lock");
}

export function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The pid holding the lock, if a live process does. */
export function lockOwner(root: string): number | null {
  try {
    const pid = Number(JSON.parse(readFileSync(lockPath(root), "utf8")).pid);
    return alive(pid) ? pid : null;
  } catch {
    return null;
  }
}

const held = new Map<string, number>();

function tryCreate(path: string): boolean {
  try {
    const fd = openSync(path, "wx", 0o600);
    writeSync(fd, JSON.stringify({ pid: process.pid, startedAt: new Date().toISOString() }));
    closeSync(fd);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

/** Take the writer lock for `root` or throw `index_busy`. Re-entrant within one process. */
export function acquireWriterLock(root: string): WriterLock {
  const path = lockPath(root);
  const depth = held.get(path) ?? 0;
  const release = () => {
    const d = (held.get(path) ?? 1) - 1;
    if (d > 0) {
      held.set(path, d);
      return;
    }
    held.delete(path);
    try {
      const owner = Number(JSON.parse(readFileSync(path, "utf8")).pid);
      if (owner === process.pid) rmSync(path, { force: true });
    } catch {
      // already gone
    }
  };
  if (depth > 0) {
    held.set(path, depth + 1);
    return { path, release };
  }
  ensureStoreDir(root);
  for (let attempt = 0; attempt < 3; attempt++) {
    if (tryCreate(path)) {
      held.set(path, 1);
      return { path, release };
    }
    const owner = lockOwner(root);
    if (owner !== null) {
      throw new SvcError("index_busy", `another svc process (pid ${owner}) is writing the index of ${root}; retry shortly`);
    }
    rmSync(path, { force: true }); // stale: its owner is gone
  }
  throw new SvcError("index_busy", `could not take the writer lock ${path}`);
}

/** Release every lock this process holds (exit paths). */
export function releaseAllLocks(): void {
  for (const path of held.keys()) {
    try {
      const owner = Number(JSON.parse(readFileSync(path, "utf8")).pid);
      if (owner === process.pid) rmSync(path, { force: true });
    } catch {
      // ignore
    }
  }
  held.clear();
}
