// Check sessions: the baseline of a session id, persisted in the store's `check_sessions`
// table so that a restarted host keeps it. The first call of a session stores the current
// diagnostics as its baseline; later calls report the delta against it; markGreen resets it.

import { Database } from "bun:sqlite";
import { openWriter, storeExists, storePath } from "../store/db.ts";
import { acquireWriterLock } from "../store/lock.ts";
import { diagDelta, isDiag, type Diag, type DiagDelta } from "./diag.ts";

export interface Baseline {
  session: string;
  /** ISO time the baseline was taken. */
  at: string;
  diags: Diag[];
}

export interface SessionDelta extends DiagDelta {
  session: string;
  baselineAt: string;
  baselineCount: number;
  /** This call stored the baseline (first call, or markGreen): the delta is empty by definition. */
  established: boolean;
  markedGreen: boolean;
}

/** Open the store for a session write; creates the store (under the writer lock) when there is none. */
function openForSessions(root: string): Database {
  if (!storeExists(root)) {
    const lock = acquireWriterLock(root);
    try {
      if (!storeExists(root)) openWriter(root).db.close();
    } finally {
      lock.release();
    }
  }
  const db = new Database(storePath(root));
  db.run("PRAGMA busy_timeout = 5000");
  return db;
}

export function loadBaseline(root: string, session: string): Baseline | null {
  if (!storeExists(root)) return null;
  const db = new Database(storePath(root), { readonly: true });
  try {
    db.run("PRAGMA busy_timeout = 5000");
    const row = db.query("SELECT baseline, updated_at FROM check_sessions WHERE session = ?").get(session) as { baseline: string; updated_at: string } | null;
    if (!row) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(row.baseline);
    } catch {
      return null; // an unreadable baseline is no baseline: the next call sets a new one
    }
    if (!Array.isArray(parsed) || !parsed.every(isDiag)) return null;
    return { session, at: row.updated_at, diags: parsed };
  } catch {
    return null; // a store without the table (another schema) has no sessions
  } finally {
    db.close();
  }
}

export function saveBaseline(root: string, session: string, diags: readonly Diag[], at = new Date().toISOString()): Baseline {
  const db = openForSessions(root);
  try {
    db.query(
      "INSERT INTO check_sessions(session, baseline, created_at, updated_at) VALUES (?1, ?2, ?3, ?3) ON CONFLICT(session) DO UPDATE SET baseline = excluded.baseline, updated_at = excluded.updated_at",
    ).run(session, JSON.stringify(diags), at);
  } finally {
    db.close();
  }
  return { session, at, diags: [...diags] };
}

/**
 * The delta of `current` against the session's baseline. The first call (no baseline) and
 * markGreen store `current` as the baseline and report nothing introduced or resolved.
 */
export function sessionDelta(root: string, session: string, current: readonly Diag[], options: { markGreen?: boolean } = {}): SessionDelta {
  const existing = options.markGreen ? null : loadBaseline(root, session);
  if (!existing) {
    const stored = saveBaseline(root, session, current);
    return { session, baselineAt: stored.at, baselineCount: current.length, established: true, markedGreen: options.markGreen === true, introduced: [], resolved: [] };
  }
  return { session, baselineAt: existing.at, baselineCount: existing.diags.length, established: false, markedGreen: false, ...diagDelta(existing.diags, current) };
}
