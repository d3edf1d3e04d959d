// Reading the stored history (update.ts) for task localization: a BM25 over the words of
// past commit messages per path, co-change neighbours, recency, and the past commits most
// like a task (a BM25 over the kept commits' messages).

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
  const stored = storedKey(db, h, "history-words");
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

export interface SimilarCommit {
  /** The commit's ordinal in the stored history. */
  ordinal: number;
  /** BM25 of the task's words over this commit's message words. */
  score: number;
  /** Every path the commit touched (at most HISTORY.maxFilesPerCommit). */
  paths: string[];
}

/** The key of reads of the stored history as it stands (its version, head, commit count and decay base). */
function storedKey(db: Database, h: History, what: string): string {
  const version = (db.query("SELECT value FROM index_meta WHERE key = 'history_version'").get() as { value: string } | null)?.value ?? "";
  return `${what}\0${version}\0${h.head}\0${h.count}\0${h.scale}\0${h.shallow}\0${h.paths}`;
}

/**
 * The `limit` kept commits whose messages are most like the task's words (stems → query weight): BM25
 * (k1 1.2, b 0.75) with each word counted once per message, best first, newer first on a tie.
 */
export function similarCommits(db: Database, h: History, words: ReadonlyMap<string, number>, limit: number, k1 = 1.2, b = 0.75): SimilarCommit[] {
  if (!h.available || words.size === 0 || limit <= 0) return [];
  const stored = storedKey(db, h, "history-commits");
  const totals = cachedRead(db, stored, () => 2, () => db.query("SELECT count(*) AS n, avg(words) AS a FROM history_commits").get() as { n: number; a: number | null });
  const n = totals.n;
  const avg = Math.max(1e-9, totals.a ?? 0);
  if (n === 0) return [];
  const rows = db.prepare("SELECT w.ordinal AS ordinal, c.words AS words FROM history_commit_words w JOIN history_commits c ON c.ordinal = w.ordinal WHERE w.word = ?");
  const scores = new Map<number, number>();
  for (const [word, weight] of words) {
    const hits = cachedRead(db, `${stored}\0${word}`, (r) => 2 * r.length, () => rows.all(word) as { ordinal: number; words: number }[]);
    if (hits.length === 0) continue;
    const idf = Math.log(1 + (n - hits.length + 0.5) / (hits.length + 0.5)) * weight;
    for (const r of hits) scores.set(r.ordinal, (scores.get(r.ordinal) ?? 0) + (idf * (k1 + 1)) / (1 + k1 * (1 - b + (b * r.words) / avg)));
  }
  const best = [...scores].sort((x, y) => y[1] - x[1] || y[0] - x[0]).slice(0, limit);
  const pathsOf = db.prepare("SELECT paths FROM history_commits WHERE ordinal = ?");
  return best.map(([ordinal, score]) => ({ ordinal, score, paths: JSON.parse((pathsOf.get(ordinal) as { paths: string }).paths) as string[] }));
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
