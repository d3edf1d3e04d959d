// The lexical scores of task localization: BM25F presence × idf over the file fields
// (plan/search.ts rankFiles) and the term-frequency BM25F over the same fields, raw per file
// (localize-signals.ts weighs them as evidence), and the reads they make, on their own, for
// reading ahead (ops/task-warm.ts).

import type { Database } from "bun:sqlite";
import { perFileList, type Collection, type IndexedFile } from "../plan/collect.ts";
import { FILE_FIELDS, rankFiles } from "../plan/search.ts";
import type { QueryTerm } from "../text/terms.ts";
import { scoreByFields, scoreByTermFrequency } from "./bm25f.ts";
import { PARAMS } from "./localize-params.ts";

const FILE_COLUMNS = ["types", "members", "path", "subtokens", "comments", "body", "stems"];
const FILE_WEIGHTS = [5, 4, 3, 2.5, 1.5, 1, 0.7];

/** Each collected file's factor in tfScores (kept with the file list). */
const tfDampings = (files: readonly IndexedFile[]): Map<number, number> => new Map(files.map((file) => [file.id, file.isTest || file.isGenerated || /(^|\/)(vendor|third_party)\//.test(file.path) ? 0.2 : 1]));

/** BM25F with term frequencies over the file fields (test, generated and vendored files damped). */
function tfScores(db: Database, collection: Collection, terms: readonly QueryTerm[]): Map<number, number> {
  const out = new Map<number, number>();
  const damp = perFileList(collection.files, tfDampings);
  for (const [id, s] of scoreByTermFrequency(db, "files_fts", FILE_COLUMNS, FILE_WEIGHTS, "stems", terms)) {
    const d = damp.get(id);
    if (d === undefined) continue; // not collected
    out.set(id, s * d);
  }
  return out;
}

function normalised(scores: Map<number, number>): Map<number, number> {
  let max = 0;
  for (const s of scores.values()) max = Math.max(max, s);
  return new Map([...scores].map(([id, s]) => [id, max > 0 ? s / max : 0]));
}

export interface LexicalScores {
  presence: Map<number, number>;
  tf: Map<number, number>;
}

/**
 * The full-text reads lexicalScores makes for `terms`, with no scoring: read ahead, they are
 * kept for the store's build (store/read-cache.ts), and a query that meets the words later
 * finds them in memory (ops/task-warm.ts). Reads only; no answer depends on whether they ran.
 */
export function readLexical(db: Database, terms: readonly QueryTerm[]): void {
  scoreByFields(db, "files_fts", FILE_FIELDS, terms);
  scoreByTermFrequency(db, "files_fts", FILE_COLUMNS, FILE_WEIGHTS, "stems", terms);
}

/** Raw lexical scores of some query terms (sum two of them for a longer query). */
export function lexicalScores(db: Database, collection: Collection, terms: readonly QueryTerm[]): LexicalScores {
  return { presence: rankFiles(collection, terms), tf: tfScores(db, collection, terms) };
}

function sum(a: Map<number, number>, b: Map<number, number>): Map<number, number> {
  const out = new Map(a);
  for (const [id, s] of b) out.set(id, (out.get(id) ?? 0) + s);
  return out;
}

export function plus(a: LexicalScores, b: LexicalScores): LexicalScores {
  return { presence: sum(a.presence, b.presence), tf: sum(a.tf, b.tf) };
}

/** The best `lexicalPool` files of some lexical scores, best first: presence and term frequency, each normalised, blended by bm25Mix. */
export function lexicalPool(scores: LexicalScores): [number, number][] {
  const presence = normalised(scores.presence);
  const tf = normalised(scores.tf);
  const combined = new Map<number, number>();
  for (const [id, s] of presence) combined.set(id, (1 - PARAMS.bm25Mix) * s);
  for (const [id, s] of tf) combined.set(id, (combined.get(id) ?? 0) + PARAMS.bm25Mix * s);
  return [...combined].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, PARAMS.lexicalPool);
}

/** The ids of the best `lexicalPool` files of some lexical scores (no evidence recorded). */
export function lexicalRanking(scores: LexicalScores): number[] {
  return lexicalPool(scores).map(([id]) => id);
}

/** Which of `terms` a file carries in its fields (as rankFiles reads them, one term at a time): a feedback file's reason names the words it has, not the feedback's first words. */
export function termsCarried(collection: Collection, terms: readonly QueryTerm[]): (id: number) => string[] {
  const carriers = terms.map((t) => ({ term: t.term, ids: rankFiles(collection, [t]) }));
  return (id) => carriers.filter((c) => c.ids.has(id)).map((c) => c.term);
}
