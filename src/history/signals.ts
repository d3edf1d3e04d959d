// Reading the stored history (update.ts) for task localization: a BM25 over the words of
// past commit messages per path, co-change neighbours, and recency.

import type { Database } from "bun:sqlite";
import { cachedRead } from "../store/read-cache.ts";
import { HISTORY } from "./update.ts";

export interface History {
  /** "ready", or why there is none ("absent: …"). */
  state: string;
  available: boolean;
  /** Commits stored, and the last of them. */
  count: number;
  head: string;
  /** Stored weights ÷ scale = weights with the newest commit counting 1. */
  scale: number;
  /** Paths the history knows, and their mean (decayed) commit weight. */
  paths: number;
  meanCommits: number;
  /** A shallow clone: the history stops at its grafts (count commits read). */
  shallow: boolean;
}

const NOT_READ_YET = "absent: not read into the index yet; a later read adds it";

export function historyOf(db: Database): History {
  const meta = (key: string) => (db.query("SELECT value FROM index_meta WHERE key = ?").get(key) as { value: string } | null)?.value;
  // No state: the store's files are indexed but its history pass has not run yet (another process
  // may be reading git right now, or was stopped while it did); a later read adds it.
  const state = meta("history_state") ?? NOT_READ_YET;
  const count = Number(meta("history_count") ?? 0);
  const base = Number(meta("history_base") ?? 0);
  const head = meta("history_head") ?? "";
  const shallow = Boolean(meta("history_shallow"));
  if (state !== "ready") return { state, available: false, count: 0, head, scale: 1, paths: 0, meanCommits: 0, shallow };
  let row: { n: number; c: number | null } | null = null;
  try {
    row = db.query("SELECT count(*) AS n, avg(commits) AS c FROM history_files").get() as { n: number; c: number | null };
  } catch {
    return { state: NOT_READ_YET, available: false, count: 0, head, scale: 1, paths: 0, meanCommits: 0, shallow };
  }
  const scale = 2 ** ((count - base) / HISTORY.halfLife);
  return { state, available: true, count, head, scale, paths: row.n, meanCommits: (row.c ?? 0) / scale, shallow };
}

/** BM25 of the message words (stems) over paths: idf × saturated, commit-count-normalised weight. */
export function historyWordScores(db: Database, h: History, stems: readonly string[], weights?: ReadonlyMap<string, number>, k1 = 1, b = 0.5): Map<string, { score: number; words: string[] }> {
  const out = new Map<string, { score: number; words: string[] }>();
  if (!h.available) return out;
  const rows = db.prepare("SELECT w.path AS path, w.weight AS weight, f.commits AS commits FROM history_words w JOIN history_files f ON f.path = w.path WHERE w.word = ?");
  // Kept per store build and stored history (its version, head, commit count and decay base: the history pass writes them with its rows).
  const version = (db.query("SELECT value FROM index_meta WHERE key = 'history_version'").get() as { value: string } | null)?.value ?? "";
  const stored = `history-words\0${version}\0${h.head}\0${h.count}\0${h.scale}\0${h.shallow}\0${h.paths}`;
  for (const word of new Set(stems)) {
    const hits = cachedRead(db, `${stored}\0${word}`, (r) => 3 * r.length, () => rows.all(word) as { path: string; weight: number; commits: number }[]);
    if (hits.length === 0) continue;
    const idf = Math.log(1 + (h.paths - hits.length + 0.5) / (hits.length + 0.5)) * (weights?.get(word) ?? 1);
    for (const r of hits) {
      const norm = 1 - b + (b * (r.commits / h.scale)) / Math.max(1e-9, h.meanCommits);
      const w = r.weight / h.scale / norm;
      const entry = out.get(r.path) ?? { score: 0, words: [] };
      entry.score += idf * (w / (k1 + w));
      entry.words.push(word);
      out.set(r.path, entry);
    }
  }
  return out;
}

/** The paths most often committed together with `path` (weight normalised by commit size), heaviest first. */
export function cochangeOf(db: Database, path: string, limit: number): [string, number][] {
  return (db.query("SELECT other, weight FROM history_cochange WHERE path = ? ORDER BY weight DESC LIMIT ?").all(path, limit) as { other: string; weight: number }[]).map((r) => [r.other, r.weight]);
}

const lastChanges = new Map<string, { key: string; last: Map<string, number> }>();

/** Recency of a path: 2^(−commits since it last changed / halfLife); 1 for the newest commit's paths, 0 when the history never saw it. */
export function recencyOf(db: Database, h: History, halfLife: number): (path: string) => number {
  if (!h.available) return () => 0;
  // One read per store and history head: the commit ordinal of every path's last change.
  const key = `${h.head}:${h.count}`;
  let cached = lastChanges.get(db.filename);
  if (cached?.key !== key) {
    const last = new Map<string, number>();
    for (const r of db.query("SELECT path, last_ordinal FROM history_files").all() as { path: string; last_ordinal: number }[]) last.set(r.path, r.last_ordinal);
    cached = { key, last };
    lastChanges.set(db.filename, cached);
  }
  const last = cached.last;
  return (path) => {
    const ordinal = last.get(path);
    return ordinal === undefined ? 0 : 2 ** (-(h.count - ordinal) / halfLife);
  };
}
