// One writer per root: a lock file `.svc/writer.lock` holding the owner's pid, created whole
// or not at all; a lock whose owner is dead is stale and taken over by exactly one of the
// processes that find it so (sys/takeover.ts). The loser answers `index_busy:` at once instead of
// blocking.

import { rmSync } from "node:fs";
import { SvcError } from "../errors.ts";
import { ensureStoreDir, storeEntry } from "./db.ts";
import { alive, createWhole, holderPid, holderText, readText, replaceStale, sweepLeftovers } from "../sys/takeover.ts";

export interface WriterLock {
  path: string;
  release(): void;
}

function lockPath(root: string): string {
  return storeEntry(root, "writer.lock");
}

/** The live pid a lock's text names, or null (its owner gone, or no lock of ours). */
function liveOwner(text: string | null): number | null {
  const pid = text === null ? NaN : holderPid(text);
  return alive(pid) ? pid : null;
}

/** Remove the lock at `path` when this process holds it (gone already: nothing to do). */
function removeIfMine(path: string): void {
  const text = readText(path);
  if (text !== null && holderPid(text) === process.pid) rmSync(path, { force: true });
}

/** The pid holding the lock, if a live process does. */
export function lockOwner(root: string): number | null {
  return liveOwner(readText(lockPath(root)));
}

const held = new Map<string, number>();
/** Waited on to pause this thread (acquiring the lock is synchronous). */
const BLOCK = new Int32Array(new SharedArrayBuffer(4));

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
    removeIfMine(path);
  };
  if (depth > 0) {
    held.set(path, depth + 1);
    return { path, release };
  }
  ensureStoreDir(root);
  const mine = holderText({ startedAt: new Date().toISOString() });
  for (let attempt = 0; attempt < 100; attempt++) {
    if (createWhole(path, mine)) {
      held.set(path, 1);
      return { path, release };
    }
    const judged = readText(path);
    if (judged === null) continue; // released meanwhile
    const owner = liveOwner(judged);
    if (owner !== null) {
      throw new SvcError("index_busy", `another svc process (pid ${owner}) is writing the index of ${root}; retry shortly`);
    }
    // stale: its owner is gone; of the processes that found it so, one takes it over
    sweepLeftovers(path);
    const took = replaceStale(path, judged, mine);
    if (took === "taken") {
      held.set(path, 1);
      return { path, release };
    }
    if (took === "busy") Atomics.wait(BLOCK, 0, 0, 5); // another process is taking it over (a moment): its lock comes next
  }
  throw new SvcError("index_busy", `another svc process kept taking over the writer lock ${path} of a process that is gone; retry shortly`);
}

/** Release every lock this process holds (exit paths). */
export function releaseAllLocks(): void {
  for (const path of held.keys()) removeIfMine(path);
  held.clear();
}
