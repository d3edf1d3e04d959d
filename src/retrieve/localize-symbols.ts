// Symbol-level answers of task localization (issue 20, item 3): for the best files of
// `find --kind task`, the declarations the change most likely touches, so an agent opens
// the function rather than the whole file. Evidence, per declaration of one file:
//  - the query's words in its name (qualified: a method's name carries its class) and in
//    its own text (body, comments, sub-tokens, stems), from the declaration full-text
//    index (chunks_fts), each word weighed by how rare it is among the file's declarations
//    (a word every method of the file mentions picks none of them) times its weight in the
//    query (localize-terms.ts: informative words count more);
//  - its exact name written in the query;
//  - the other best files, and the files committed together with this one, that use it
//    (edges into the declaration): the declarations a change's other files touch.
// The work is per answer file (its declarations), never per repository file; a word's
// declaration postings are read once for the whole store and kept per build (one read
// serves every answer file and every later query meeting the word), each file taking the
// slice of its own declarations.

import type { Database } from "bun:sqlite";
import type { QueryTerm } from "../text/terms.ts";
import { cachedRowids } from "../store/read-cache.ts";

export interface SymbolAnswer {
  /** The qualified name (`Class.method` for members). */
  name: string;
  kind: string;
  /** 1-based, inclusive. */
  line: number;
  endLine: number;
  score: number;
  reasons: string[];
}

export const SYMBOL_PARAMS = {
  /** How many of the best files get declarations, and how many each. */
  files: 5,
  perFile: 3,
  /** Field weights: a query word in the declaration's name, in its text. */
  name: 3,
  text: 1,
  /** The exact name written in the query. */
  exact: 2,
  /** Used by another of the best files or a co-changed file (share of the best lexical score, per user, capped at 2). */
  used: 0.35,
  /** Properties and fields (a line each, seldom where a change's logic goes) count this much. */
  minorKinds: 0.5,
  /** Declarations below this share of the file's best score are not listed. */
  minShare: 0.25,
};

/** Properties and fields: a line each, seldom where a change's logic goes. */
export const MINOR = new Set(["property", "field"]);

export const ORIGIN_WEIGHT: Record<QueryTerm["origin"], number> = { word: 1, subtoken: 0.8, stem: 0.6 };

interface Row {
  chunk: number;
  sym: number;
  name: string;
  qname: string;
  kind: string;
  line: number;
  endLine: number;
}

export const quote = (term: string) => `"${term.replaceAll('"', '""')}"`;

/** The declarations (chunk rowids, ascending) a full-text match finds anywhere in the store, kept per build. */
export const declarationsMatching = (db: Database, match: string) => cachedRowids(db, "SELECT rowid FROM chunks_fts WHERE chunks_fts MATCH ? ORDER BY rowid", match);

/** The ids of an ascending list within [from, to]. */
export function within(ids: ArrayLike<number>, from: number, to: number): number[] {
  const first = (bound: number) => {
    let lo = 0;
    let hi = ids.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((ids[mid] as number) < bound) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const out: number[] = [];
  for (let i = first(from); i < ids.length && (ids[i] as number) <= to; i++) out.push(ids[i] as number);
  return out;
}

/** The declaration reads likelySymbols makes for `terms`, for every file at once (read ahead: ops/task-warm.ts). */
export function readDeclarationTerms(db: Database, terms: readonly QueryTerm[]): void {
  for (const term of terms) {
    const q = quote(term.term);
    if (term.origin === "stem") declarationsMatching(db, `{stems} : ${q}`);
    else {
      declarationsMatching(db, `{name subtokens comments body stems} : ${q}`);
      declarationsMatching(db, `{name} : ${q}`);
    }
  }
}

/**
 * The likely declarations of one file. `weight` is a query term's weight (1 when absent);
 * `users` are the files whose edges into this file count as evidence (other best files,
 * co-changed files), with a label for the reason.
 */
export function likelySymbols(db: Database, fileId: number, terms: readonly QueryTerm[], rawQuery: string, users: ReadonlyMap<number, string>, weight: (t: QueryTerm) => number = () => 1): SymbolAnswer[] {
  const rows = db
    .query("SELECT c.id AS chunk, s.id AS sym, s.name AS name, s.qualified_name AS qname, s.kind AS kind, s.start_line AS line, s.end_line AS endLine FROM chunks c JOIN symbols s ON s.id = c.symbol_id WHERE c.file_id = ? AND s.kind <> 'parameter' ORDER BY c.id")
    .all(fileId) as Row[];
  if (rows.length === 0) return [];
  const lo = (rows[0] as Row).chunk;
  const hi = (rows[rows.length - 1] as Row).chunk;
  const byChunk = new Map(rows.map((r) => [r.chunk, r]));
  const n = rows.length;
  const select = (match: string, from: number, to: number) => within(declarationsMatching(db, match), from, to);
  const score = new Map<number, number>();
  const words = new Map<number, string[]>();
  const named = new Map<number, string[]>();
  const push = (m: Map<number, string[]>, k: number, w: string) => {
    const list = m.get(k) ?? [];
    if (!list.includes(w)) list.push(w);
    m.set(k, list);
  };
  for (const term of terms) {
    const w = weight(term) * ORIGIN_WEIGHT[term.origin];
    if (w <= 0) continue;
    const q = quote(term.term);
    const anywhere = select(term.origin === "stem" ? `{stems} : ${q}` : `{name subtokens comments body stems} : ${q}`, lo, hi).filter((id) => byChunk.has(id));
    if (anywhere.length === 0) continue;
    const idf = Math.log(1 + (n - anywhere.length + 0.5) / (anywhere.length + 0.5));
    const inName = new Set(term.origin === "stem" ? [] : select(`{name} : ${q}`, lo, hi));
    for (const id of anywhere) {
      const s = idf * w * (inName.has(id) ? SYMBOL_PARAMS.name : SYMBOL_PARAMS.text);
      score.set(id, (score.get(id) ?? 0) + s);
      if (term.origin !== "stem") push(inName.has(id) ? named : words, id, term.term);
    }
  }
  let best = 0;
  for (const s of score.values()) best = Math.max(best, s);
  const reasons = new Map<number, string[]>();
  // The exact name, as written in the query (an identifier of 3+ characters).
  const written = new Set([...rawQuery.matchAll(/[A-Za-z_$][A-Za-z0-9_$]{2,}/g)].map((m) => m[0]));
  for (const r of rows) {
    if (!written.has(r.name) || /^[a-z]+$/.test(r.name)) continue;
    score.set(r.chunk, (score.get(r.chunk) ?? 0) + Math.max(best, 1) * SYMBOL_PARAMS.exact);
    push(reasons, r.chunk, `named in the task`);
  }
  // Declarations the other best files and the co-changed files use.
  if (users.size > 0) {
    const ids = [...users.keys()];
    const edges = db
      .query(`SELECT to_symbol AS sym, from_file AS file FROM edges WHERE to_file = ? AND to_symbol IS NOT NULL AND from_file IN (${ids.map(() => "?").join(",")}) AND from_file <> to_file`)
      .all(fileId, ...ids) as { sym: number; file: number }[];
    const bySym = new Map<number, Set<number>>();
    for (const e of edges) bySym.set(e.sym, (bySym.get(e.sym) ?? new Set()).add(e.file));
    for (const r of rows) {
      const from = bySym.get(r.sym);
      if (!from) continue;
      score.set(r.chunk, (score.get(r.chunk) ?? 0) + Math.max(best, 1) * SYMBOL_PARAMS.used * Math.min(2, from.size));
      push(reasons, r.chunk, `used by ${[...from].map((f) => users.get(f)).slice(0, 2).join(", ")}`);
    }
  }
  for (const [id, s] of score) if (MINOR.has((byChunk.get(id) as Row).kind)) score.set(id, s * SYMBOL_PARAMS.minorKinds);
  let top = 0;
  for (const s of score.values()) top = Math.max(top, s);
  if (top <= 0) return [];
  return [...score]
    .filter(([, s]) => s >= top * SYMBOL_PARAMS.minShare)
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, SYMBOL_PARAMS.perFile)
    .map(([id, s]) => {
      const r = byChunk.get(id) as Row;
      const why = [
        ...(named.get(id)?.length ? [`name has ${named.get(id)?.slice(0, 3).join(", ")}`] : []),
        ...(words.get(id)?.length ? [`mentions ${words.get(id)?.slice(0, 3).join(", ")}`] : []),
        ...(reasons.get(id) ?? []),
      ];
      return { name: r.qname, kind: r.kind, line: r.line, endLine: r.endLine, score: Math.round((s / top) * 1000) / 1000, reasons: why };
    });
}
