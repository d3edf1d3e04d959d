// Check sessions: the baseline of a session id, persisted in the store's `check_sessions`
// table so that a restarted host keeps it. The first call of a session stores the current
// diagnostics as its baseline; later calls report the delta against it; markGreen resets it.
// The table keys a session by a digest of its id, never the id: a caller chooses it, and one
// that passed a token as its session id had it stored raw. A row keyed by the id itself (an
// older svc wrote them) is still read, and goes when the session's baseline is next saved.
// A baseline is stored with the version of how its messages were told (BASELINE_VERSION); one
// an older svc stored (a bare list) may quote what this one hides — a type of a file outside
// the workspace (diag-outside.ts) — and is told again before any delta prints it (`legacy`).

import { Database } from "bun:sqlite";
import { createHash } from "node:crypto";
import { openWriter, storeExists, storePath } from "../store/db.ts";
import { acquireWriterLock } from "../store/lock.ts";
import { diagDelta, isDiag, type Diag, type DiagDelta } from "./diag.ts";

export interface Baseline {
  session: string;
  /** ISO time the baseline was taken. */
  at: string;
  diags: Diag[];
  /** Stored by an older svc: its messages were told as that svc told them (they may quote an outside file), not as this one does. */
  legacy: boolean;
}

/** How the stored diagnostics' messages were told: 2 = outside files' text and paths hidden (diag-outside.ts). */
const BASELINE_VERSION = 2;

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

/** The key a session's row is stored under. */
const sessionKey = (session: string) => `sha256:${createHash("sha256").update(session).digest("hex")}`;

export function loadBaseline(root: string, session: string): Baseline | null {
  if (!storeExists(root)) return null;
  const db = new Database(storePath(root), { readonly: true });
  try {
    db.run("PRAGMA busy_timeout = 5000");
    const row = db.query("SELECT baseline, updated_at FROM check_sessions WHERE session IN (?1, ?2) ORDER BY session = ?1 DESC LIMIT 1").get(sessionKey(session), session) as { baseline: string; updated_at: string } | null;
    if (!row) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(row.baseline);
    } catch {
      return null; // an unreadable baseline is no baseline: the next call sets a new one
    }
    const legacy = Array.isArray(parsed);
    const diags: unknown = legacy ? parsed : (parsed as { v?: unknown; diags?: unknown } | null)?.v === BASELINE_VERSION ? (parsed as { diags: unknown }).diags : null;
    if (!Array.isArray(diags) || !diags.every(isDiag)) return null;
    return { session, at: row.updated_at, diags, legacy };
  } catch {
    return null; // a store without the table (another schema) has no sessions
  } finally {
    db.close();
  }
}

export function saveBaseline(root: string, session: string, diags: readonly Diag[], at = new Date().toISOString()): Baseline {
  const db = openForSessions(root);
  try {
    db.transaction(() => {
      db.query(
        "INSERT INTO check_sessions(session, baseline, created_at, updated_at) VALUES (?1, ?2, ?3, ?3) ON CONFLICT(session) DO UPDATE SET baseline = excluded.baseline, updated_at = excluded.updated_at",
      ).run(sessionKey(session), JSON.stringify({ v: BASELINE_VERSION, diags }), at);
      db.query("DELETE FROM check_sessions WHERE session = ?").run(session); // an older svc's row, keyed by the id itself
    })();
  } finally {
    db.close();
  }
  return { session, at, diags: [...diags], legacy: false };
}

/**
 * The delta of `current` against the session's baseline. The first call (no baseline) and
 * markGreen store `current` as the baseline and report nothing introduced or resolved.
 * `retold`: a legacy baseline's diagnostics told again as this svc tells them (the resident
 * engine's view of the workspace, CheckWorkspace.retell), in its order; the baseline is stored
 * again so told, at its own time. A legacy baseline not retold is no baseline: a new one is
 * taken (its messages are never printed as the older svc told them).
 */
export function sessionDelta(root: string, session: string, current: readonly Diag[], options: { markGreen?: boolean; retold?: readonly Diag[] } = {}): SessionDelta {
  const loaded = options.markGreen ? null : loadBaseline(root, session);
  const existing = loaded?.legacy ? (options.retold ? saveBaseline(root, session, options.retold, loaded.at) : null) : loaded;
  if (!existing) {
    const stored = saveBaseline(root, session, current);
    return { session, baselineAt: stored.at, baselineCount: current.length, established: true, markedGreen: options.markGreen === true, introduced: [], resolved: [] };
  }
  return { session, baselineAt: existing.at, baselineCount: existing.diags.length, established: false, markedGreen: false, ...diagDelta(existing.diags, current) };
}
