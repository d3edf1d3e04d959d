// Search: BM25F over files (declared type names, member names, path, identifier parts,
// comments, body, stems), pseudo-relevance feedback that may add files but never drops a
// first-pass seed, then expansion through the files the seeds depend on. Matched files
// keep their best-matching members whole and the rest at signatures.

import type { Database } from "bun:sqlite";
import { validationError } from "../errors.ts";
import { expand } from "../graph/expand.ts";
import { scopeGraph } from "../graph/precision.ts";
import type { Level } from "../render/reduce/index.ts";
import { scoreByFields, type FieldWeight } from "../retrieve/bm25f.ts";
import { CHUNK_FIELDS } from "../retrieve/lookup.ts";
import { queryTerms, splitIdentifier, type QueryTerm } from "../text/terms.ts";
import { isAuxiliary } from "../workspace/classify.ts";
import { perFileList, type Collection, type IndexedFile } from "./collect.ts";
import { entryFor } from "./expansion.ts";
import type { Plan, PlanEntry } from "./model.ts";

export const FILE_FIELDS: FieldWeight[] = [
  { column: "types", weight: 5, accepts: "words" },
  { column: "members", weight: 4, accepts: "words" },
  { column: "path", weight: 3, accepts: "words" },
  { column: "subtokens", weight: 2.5, accepts: "words" },
  { column: "comments", weight: 1.5, accepts: "words" },
  { column: "body", weight: 1, accepts: "words" },
  { column: "stems", weight: 0.7, accepts: "stems" },
];

/** Test, generated and vendored files weigh a fifth; benchmarks, examples, fixtures and scripts half. */
const DAMPED = 0.2;
const AUXILIARY_DAMPED = 0.5;
const PRF_WEIGHT = 0.2;
/** A matched file this small is shown whole (at the requested level): signatures would save little. */
const SMALL_FILE_TOKENS = 400;
const CONTAINER_KINDS = new Set(["class", "interface", "type", "enum", "struct", "trait", "record", "object", "impl", "namespace", "module"]);

export interface SearchPlanOptions {
  query: string;
  queryTop: number;
  depth: number;
  level: Level;
  rerank: boolean;
}

/** Each collected file's damping factor (kept with the file list): tests, generated and vendored files, then auxiliary ones. */
const dampings = (files: readonly IndexedFile[]): Map<number, number> =>
  new Map(files.map((file) => [file.id, file.isTest || file.isGenerated || /(^|\/)(vendor|third_party)\//.test(file.path) ? DAMPED : isAuxiliary(file.path) ? AUXILIARY_DAMPED : 1]));

/** Scores of collected files for a query, damped for tests/generated/vendored. */
export function rankFiles(collection: Collection, terms: readonly QueryTerm[]): Map<number, number> {
  const raw = scoreByFields(collection.index.db, "files_fts", FILE_FIELDS, terms);
  const damp = perFileList(collection.files, dampings);
  const out = new Map<number, number>();
  for (const [id, score] of raw) {
    const d = damp.get(id);
    if (d === undefined) continue; // not collected
    out.set(id, score * d);
  }
  return out;
}

function best(scores: Map<number, number>, collection: Collection, n: number): [number, number][] {
  return [...scores]
    .sort((a, b) => b[1] - a[1] || ((collection.byId.get(a[0])?.path ?? "") < (collection.byId.get(b[0])?.path ?? "") ? -1 : 1))
    .slice(0, n);
}

/** Declared type names recurring among the top files, as feedback terms. */
function feedbackTerms(db: Database, top: readonly number[], known: ReadonlySet<string>): QueryTerm[] {
  if (top.length === 0) return [];
  const counts = new Map<string, number>();
  const select = db.prepare(`SELECT DISTINCT name FROM symbols WHERE file_id = ? AND kind IN ('class','interface','type','enum','struct','trait','record')`);
  for (const id of top) for (const row of select.all(id) as { name: string }[]) counts.set(row.name, (counts.get(row.name) ?? 0) + 1);
  const out: QueryTerm[] = [];
  for (const [name, count] of [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))) {
    if (count < 2 && top.length > 1) continue;
    const word = splitIdentifier(name).join("");
    if (word && !known.has(word)) out.push({ term: word, origin: "word" });
    if (out.length >= 5) break;
  }
  return out;
}

/** The best-matching leaf declarations of each matched file (kept whole). */
function bestMembers(db: Database, terms: readonly QueryTerm[], fileIds: ReadonlySet<number>): Map<number, string[]> {
  const scores = scoreByFields(db, "chunks_fts", CHUNK_FIELDS, terms);
  const meta = db.prepare("SELECT file_id, name, kind FROM chunks WHERE id = ?");
  const perFile = new Map<number, { name: string; score: number }[]>();
  for (const [chunkId, score] of scores) {
    const row = meta.get(chunkId) as { file_id: number; name: string; kind: string } | null;
    if (!row || !fileIds.has(row.file_id) || CONTAINER_KINDS.has(row.kind)) continue;
    const list = perFile.get(row.file_id) ?? [];
    list.push({ name: row.name, score });
    perFile.set(row.file_id, list);
  }
  const out = new Map<number, string[]>();
  for (const [id, list] of perFile) {
    list.sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : 1));
    const top = list[0]?.score ?? 0;
    out.set(id, list.filter((m) => m.score >= top * 0.5).slice(0, 3).map((m) => m.name));
  }
  return out;
}

export function planSearch(collection: Collection, options: SearchPlanOptions): Plan {
  const db = collection.index.db;
  const terms = queryTerms(options.query);
  const first = rankFiles(collection, terms);
  if (first.size === 0) throw validationError(`query '${options.query}' matched no collected file (${collection.files.length} collected); try other or fewer words, or a description of what the code does: svc_find kind=task (CLI: svc find --kind task <text>)`);
  const seeds = best(first, collection, options.queryTop);
  const notes: string[] = [];
  // Pseudo-relevance feedback: may add files, never removes a first-pass seed.
  const prf = feedbackTerms(db, seeds.slice(0, 3).map(([id]) => id), new Set(terms.map((t) => t.term)));
  if (prf.length) {
    const second = rankFiles(collection, prf);
    const floor = (seeds[seeds.length - 1]?.[1] ?? 0) * 0.5;
    const seedIds = new Set(seeds.map(([id]) => id));
    const added = best(
      new Map([...second].filter(([id]) => !seedIds.has(id)).map(([id, s]) => [id, (first.get(id) ?? 0) + PRF_WEIGHT * s])),
      collection,
      Math.max(1, Math.floor(options.queryTop / 2)),
    ).filter(([, s]) => s >= floor && s > 0);
    seeds.push(...added);
    if (added.length) notes.push(`feedback: added ${added.length} file${added.length === 1 ? "" : "s"} declaring ${prf.map((t) => t.term).join(", ")}`);
  }
  if (options.rerank) notes.push("rerank: no effect — embedding rerank is not shipped (no measured lift yet); ranking is lexical BM25F");
  const top = seeds[0]?.[1] ?? 1;
  const members = bestMembers(db, terms, new Set(seeds.map(([id]) => id)));
  const { graph } = scopeGraph(db, collection.index.meta, notes);
  const reached = expand(graph, {
    seeds: seeds.map(([id, score]) => ({ id, score: score / top, reason: `query match ${score.toFixed(2)}` })),
    depth: options.depth,
    direction: "out",
    allowed: (id) => collection.byId.has(id),
    limit: 5000,
  });
  const entries: PlanEntry[] = [];
  for (const r of reached) {
    const isSeed = r.via === "seed";
    const small = (collection.byId.get(r.id)?.tokens ?? 0) <= SMALL_FILE_TOKENS;
    const keep = isSeed && !small ? members.get(r.id) : undefined;
    const seedTier: Level = small ? options.level : options.level === "publicApi" ? "publicApi" : "skeleton";
    const entry = entryFor(r, collection, {
      level: options.level,
      seedRole: "match",
      seedNote: r.reason,
      tier: isSeed ? seedTier : "skeleton",
      ...(keep ? { keepWhole: keep } : {}),
    });
    if (entry) entries.push(entry);
  }
  return { mode: "search", entries, collected: collection.files.length, prelude: [], manifestNotes: notes };
}
