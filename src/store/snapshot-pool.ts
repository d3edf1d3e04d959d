// Read connections kept for openSnapshot between reads: a long-lived process (the MCP server,
// the host) reads the same store request after request, and a new connection reads the schema
// again and prepares every statement of the read again (about 1.5 ms of a 5k-file task query).
// A connection goes back here when its reader closes it (its read transaction ended), at most
// POOL.perStore per store file and POOL.stores files, and is closed after POOL.idleMs unused
// (a store removed from under it is not held open long). One whose store file is no longer the
// same file (removed and rebuilt: another inode) is closed, never reused.
//
// A reader gets its own lease (a proxy): its close() ends the lease once, a second close is a
// no-op, so a reader closing twice never ends another reader's transaction on the same
// connection.

import type { Database } from "bun:sqlite";
import { statSync } from "node:fs";

export const POOL = { perStore: 2, stores: 4, idleMs: 5_000 };

interface Idle {
  db: Database;
  file: string;
  timer: ReturnType<typeof setTimeout>;
}

/** Store file → its idle connections (most recently returned last); the Map's order is the stores' use order. */
const idle = new Map<string, Idle[]>();

/** The store file's identity (device and inode): a rebuilt store is another file. */
export function fileIdentity(path: string): string | null {
  try {
    const s = statSync(path);
    return `${s.dev}:${s.ino}`;
  } catch {
    return null;
  }
}

/** An idle connection to `path` whose file is still `identity`, taken out of the pool (null: none). */
export function takeIdle(path: string, identity: string): Database | null {
  const list = idle.get(path);
  if (!list) return null;
  for (let entry = list.pop(); entry; entry = list.pop()) {
    clearTimeout(entry.timer);
    if (entry.file === identity) {
      if (!list.length) idle.delete(path);
      return entry.db;
    }
    entry.db.close();
  }
  idle.delete(path);
  return null;
}

/** Put a connection whose read transaction ended back (or close it when the pool is full). */
function giveBack(path: string, identity: string, db: Database): void {
  const list = idle.get(path) ?? [];
  if (list.length >= POOL.perStore) return db.close();
  idle.delete(path); // re-inserted last: most recently used
  idle.set(path, list);
  const entry: Idle = { db, file: identity, timer: setTimeout(() => drop(path, entry), POOL.idleMs) };
  entry.timer.unref?.();
  list.push(entry);
  for (const [other] of idle) if (idle.size > POOL.stores && other !== path) closeIdle(other);
}

function drop(path: string, entry: Idle): void {
  const list = idle.get(path);
  const at = list?.indexOf(entry) ?? -1;
  if (list && at >= 0) list.splice(at, 1);
  if (list && !list.length) idle.delete(path);
  entry.db.close();
}

/** Close the idle connections to `path` (its store is being removed). */
export function closeIdle(path: string): void {
  for (const entry of idle.get(path) ?? []) {
    clearTimeout(entry.timer);
    entry.db.close();
  }
  idle.delete(path);
}

/**
 * `db` (inside a read transaction) as one reader's lease: closing it ends the transaction and
 * returns the connection to the pool; a connection whose transaction does not end cleanly is
 * closed instead.
 */
export function lease(path: string, identity: string, db: Database): Database {
  let released = false;
  const close = () => {
    if (released) return;
    released = true;
    try {
      db.run("COMMIT");
    } catch {
      db.close();
      return;
    }
    giveBack(path, identity, db);
  };
  return new Proxy(db, {
    get(target, prop) {
      if (prop === "close") return close;
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
