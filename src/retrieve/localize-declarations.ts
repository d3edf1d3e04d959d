// Which single declaration the task text describes (issue 20): a change usually touches one
// or two declarations, so among near-tied candidates (zod's locales fr.ts / en.ts, mikro-orm's
// SchemaComparator.ts / SchemaHelper.ts: the same kinds of evidence, scores within a few per
// cent) the file whose BEST declaration matches the query best is the likelier one. A
// declaration's match is BM25-like over its own fields of the declaration full-text index
// (chunks_fts): a query word in its qualified name (a method's name carries its class) counts
// `name`, in its leading comment `comment`, in its own text (identifiers, string literals,
// sub-tokens, stems) 1; each word weighed by its rarity over the workspace's files and by its
// weight in the query, saturated (k1) so one declaration meeting several distinct words beats
// one repeating a word. A file's evidence is its best declaration's match: one declaration
// matching three words beats a file whose matches are spread over many declarations.
// Only a reordering of the first candidates (localize.ts, after the name rule of
// localize-stems.ts): files within `declarationBand` of the first's score are ordered by
// score + declarationMatch × (best declaration / the band's best), each position keeping its
// score (nothing is added or removed, the grade sees the same scores); a file whose own name
// is a query word (window.ts, sandbox.js; an index file by its folder) is not passed by one
// whose name is not. Tuned by PARAMS.declarationMatch (0: off).

import type { Database } from "bun:sqlite";
import type { QueryTerm } from "../text/terms.ts";
import { queryTerms, splitIdentifier } from "../text/terms.ts";
import { cachedCount } from "../store/read-cache.ts";
import { declarationsMatching, MINOR, ORIGIN_WEIGHT, quote, within } from "./localize-symbols.ts";
import { PARAMS } from "./localize-params.ts";
import { nearTies, reorderHead } from "./localize-signals.ts";


/** What this file reads of a collected file (plan/collect.ts; not imported: retrieve sits below plan). */
interface DeclaredFile {
  path: string;
}

/** The module's name: the file's base name without extensions, an index file's folder name. */
function moduleName(path: string): string {
  const parts = path.split("/");
  const base = (parts.pop() as string).replace(/\..*$/, "");
  const name = base === "index" && parts.length ? (parts.pop() as string) : base;
  return splitIdentifier(name).join("");
}

export interface DeclarationMatch {
  /** The best declaration's qualified name, and the query words it meets. */
  name: string;
  words: string[];
  score: number;
}

interface ChunkRow {
  chunk: number;
  qname: string;
  kind: string;
}

/** Workspace document frequency of a term over the files' full text, kept per build. */
function fileCount(db: Database, term: QueryTerm): number {
  const match = term.origin === "stem" ? `{stems} : ${quote(term.term)}` : `{types members subtokens comments body stems} : ${quote(term.term)}`;
  return cachedCount(db, "SELECT count(*) AS n FROM files_fts WHERE files_fts MATCH ?", match);
}

/** The best declaration of one file for the weighed terms (null: the file has no declaration meeting any). */
export function bestDeclaration(db: Database, fileId: number, terms: readonly { term: QueryTerm; idf: number }[]): DeclarationMatch | null {
  const rows = db.query("SELECT c.id AS chunk, s.qualified_name AS qname, s.kind AS kind FROM chunks c JOIN symbols s ON s.id = c.symbol_id WHERE c.file_id = ? AND s.kind <> 'parameter' ORDER BY c.id").all(fileId) as ChunkRow[];
  if (rows.length === 0) return null;
  const lo = (rows[0] as ChunkRow).chunk;
  const hi = (rows[rows.length - 1] as ChunkRow).chunk;
  const byChunk = new Map(rows.map((r) => [r.chunk, r]));
  const select = (match: string) => new Set(within(declarationsMatching(db, match), lo, hi).filter((id) => byChunk.has(id)));
  const score = new Map<number, number>();
  const words = new Map<number, string[]>();
  const k1 = PARAMS.declarationK1;
  for (const { term, idf } of terms) {
    const w = (term.weight ?? 1) * ORIGIN_WEIGHT[term.origin] * idf;
    if (w <= 0) continue;
    const q = quote(term.term);
    const anywhere = select(term.origin === "stem" ? `{stems} : ${q}` : `{name subtokens comments body stems} : ${q}`);
    if (anywhere.size === 0) continue;
    const named = term.origin === "stem" ? new Set<number>() : select(`{name} : ${q}`);
    const commented = term.origin === "stem" ? new Set<number>() : select(`{comments} : ${q}`);
    for (const id of anywhere) {
      const x = named.has(id) ? PARAMS.declarationName : commented.has(id) ? PARAMS.declarationComment : 1;
      score.set(id, (score.get(id) ?? 0) + (w * x * (k1 + 1)) / (x + k1));
      if (term.origin !== "stem") words.set(id, [...(words.get(id) ?? []), term.term]);
    }
  }
  let best: DeclarationMatch | null = null;
  for (const [id, raw] of score) {
    const row = byChunk.get(id) as ChunkRow;
    const s = MINOR.has(row.kind) ? raw * PARAMS.declarationMinor : raw;
    if (!best || s > best.score) best = { name: row.qname, words: words.get(id) ?? [], score: s };
  }
  return best;
}

/**
 * `final` (merged scores, best first) with the first `declarationPool` files within
 * `declarationBand` of the first's score reordered by score + declarationMatch × their best
 * declaration's share of the band's best; each position keeps its score.
 */
export function declarationMatchFirst(
  db: Database,
  collection: { files: readonly unknown[]; byId: ReadonlyMap<number, DeclaredFile> },
  final: readonly [number, number][],
  terms: readonly QueryTerm[],
  query: string,
  skip: ReadonlySet<string>,
  moved?: (id: number, reason: string) => void,
): [number, number][] {
  const out = [...final];
  if (PARAMS.declarationMatch <= 0) return out;
  const n = nearTies(out, PARAMS.declarationBand, PARAMS.declarationPool);
  if (n < 2) return out;
  const files = Math.max(1, collection.files.length);
  const weighed = terms
    .filter((t) => t.term.length >= 2 && !/^\d+$/.test(t.term) && !skip.has(t.term))
    .map((term) => {
      const df = fileCount(db, term);
      return { term, idf: Math.log(1 + (files - df + 0.5) / (df + 0.5)) };
    });
  if (weighed.length === 0) return out;
  const band = out.slice(0, n).map(([id, score], rank) => ({ id, score, rank, best: bestDeclaration(db, id, weighed) }));
  const most = Math.max(...band.map((b) => b.best?.score ?? 0));
  if (most <= 0) return out;
  const written = new Set(queryTerms(query).filter((t) => t.origin === "word").map((t) => t.term));
  const named = (id: number) => {
    const file = collection.byId.get(id);
    return file !== undefined && written.has(moduleName(file.path));
  };
  const key = (b: (typeof band)[number]) => b.score + (PARAMS.declarationMatch * (b.best?.score ?? 0)) / most;
  // Insertion in find's order: a file moves up past those it outscores, never past a file its query word names when its own name is not one.
  const order: (typeof band)[number][] = [];
  for (const b of band) {
    let at = order.length;
    while (at > 0 && key(b) > key(order[at - 1] as (typeof band)[number]) && !(named((order[at - 1] as (typeof band)[number]).id) && !named(b.id))) at--;
    order.splice(at, 0, b);
  }
  order.forEach((b, i) => {
    if (i < b.rank && b.best) {
      const over = band.find((o) => o.rank === i);
      const words = b.best.words.slice(0, 3).join(", ");
      moved?.(b.id, `its declaration ${b.best.name} meets the task's words${words ? ` (${words})` : ""}, ranked over ${collection.byId.get(over?.id ?? -1)?.path.split("/").pop() ?? "a file"}`);
    }
  });
  return reorderHead(out, order.map((b) => b.id));
}
