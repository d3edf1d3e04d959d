// Field-weighted scoring over FTS5 postings. FTS5's own bm25() gives no credit to a term
// that occurs in more than half of the documents (its idf floors at ~0), which on small or
// focused repositories ranks everything 0; so candidate documents come from FTS5 and the
// score is ours: Lucene-style idf (always positive) times the best field weight in which
// the term occurs, summed over query terms, scaled by how the term was derived.

import type { Database } from "bun:sqlite";
import type { QueryTerm } from "../text/terms.ts";
import { cachedCount, cachedPairs, cachedRowids } from "../store/read-cache.ts";

export interface FieldWeight {
  column: string;
  weight: number;
  /** "words": matched by query words and sub-tokens; "stems": by every query term (a word is its own stem). */
  accepts: "words" | "stems";
}

const ORIGIN_WEIGHT: Record<QueryTerm["origin"], number> = { word: 1, subtoken: 0.8, stem: 0.6 };

function quote(term: string): string {
  return `"${term.replaceAll('"', '""')}"`;
}

/** Score every document of `table` that matches a query term; returns rowid → score. */
/**
 * Rows of a full-text table, counted on its content table (`chunks_fts` → `chunks`: same
 * rowids); counting a contentless FTS5 table scans it (1.5 ms on 33k rows, per query).
 */
function rowCount(db: Database, table: string): number {
  const base = table.endsWith("_fts") ? table.slice(0, -4) : table;
  return cachedCount(db, `SELECT count(*) AS n FROM ${base}`);
}

export function scoreByFields(db: Database, table: string, fields: readonly FieldWeight[], terms: readonly QueryTerm[]): Map<number, number> {
  const total = rowCount(db, table);
  const scores = new Map<number, number>();
  if (total === 0) return scores;
  const select = `SELECT rowid FROM ${table} WHERE ${table} MATCH ?`;
  for (const term of terms) {
    const best = new Map<number, number>();
    for (const field of fields) {
      if (term.origin === "stem" && field.accepts === "words") continue; // stems only meet stems; words meet both
      for (const rowid of cachedRowids(db, select, `{${field.column}} : ${quote(term.term)}`)) {
        if ((best.get(rowid) ?? 0) < field.weight) best.set(rowid, field.weight);
      }
    }
    if (best.size === 0) continue;
    const idf = Math.log(1 + (total - best.size + 0.5) / (best.size + 0.5));
    const scale = idf * ORIGIN_WEIGHT[term.origin] * (term.weight ?? 1);
    for (const [rowid, weight] of best) scores.set(rowid, (scores.get(rowid) ?? 0) + weight * scale);
  }
  return scores;
}

/** The `limit` best rowids, highest score first (ties by rowid for determinism). */
export function topScores(scores: Map<number, number>, limit: number): [number, number][] {
  return [...scores].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, limit);
}

/**
 * BM25F with term frequencies: FTS5's bm25() gives, per query term, the saturated
 * field-weighted term frequency times its own idf (floored at 1e-6 for terms in more than
 * half of the rows). Querying one term at a time and dividing that idf back out leaves the
 * tf part, which is then weighted by the always-positive idf of scoreByFields. `weights`
 * lists a weight per column of `table` in order; words match every weighted column but
 * `stemColumn`, stems only that one. Returns rowid → score.
 */
export function scoreByTermFrequency(db: Database, table: string, columns: readonly string[], weights: readonly number[], stemColumn: string, terms: readonly QueryTerm[]): Map<number, number> {
  const total = rowCount(db, table);
  const scores = new Map<number, number>();
  if (total === 0) return scores;
  const wordCols = columns.filter((c, i) => c !== stemColumn && (weights[i] ?? 0) > 0).join(" ");
  const select = `SELECT rowid, bm25(${table}, ${weights.join(", ")}) AS s FROM ${table} WHERE ${table} MATCH ?`;
  for (const term of terms) {
    const rows = cachedPairs(db, select, `{${term.origin === "stem" ? stemColumn : wordCols}} : ${quote(term.term)}`);
    const n = rows.ids.length;
    if (n === 0) continue;
    const ftsIdf = Math.max(1e-6, Math.log((total - n + 0.5) / (n + 0.5)));
    const idf = Math.log(1 + (total - n + 0.5) / (n + 0.5)) * ORIGIN_WEIGHT[term.origin] * (term.weight ?? 1);
    for (let i = 0; i < n; i++) {
      const rowid = rows.ids[i] as number;
      scores.set(rowid, (scores.get(rowid) ?? 0) + idf * (-(rows.values[i] as number) / ftsIdf));
    }
  }
  return scores;
}
