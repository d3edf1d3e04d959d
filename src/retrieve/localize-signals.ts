// The candidate generators of task localization. Each adds (file, score, reason) evidence
// to a Merge; localize.ts merges the evidence per file with noisy-OR. Scores are ceilings
// from the source's reliability (an exact declaration beats a body mention) scaled by how
// strong the hit is. Every number is in localize-params.ts.

import type { Database } from "bun:sqlite";
import type { FileGraph } from "../graph/file-graph.ts";
import { perFileList, type Collection, type IndexedFile } from "../plan/collect.ts";
import { isCodeLanguage } from "../lang/languages.ts";
import { lexicalPool, type LexicalScores } from "./localize-lexical.ts";
import { cachedCount } from "../store/read-cache.ts";
import { splitIdentifier, STOP_WORDS, type QueryTerm } from "../text/terms.ts";
import { stem } from "../text/stem.ts";
import { NAMED_TYPE_KINDS_SQL } from "../lang/model.ts";
import { PARAMS } from "./localize-params.ts";
import { isProduct, nameParts } from "./localize-stems.ts";

export interface Merge {
  scores: Map<number, number[]>;
  reasons: Map<number, string[]>;
}

export function newMerge(): Merge {
  return { scores: new Map(), reasons: new Map() };
}

export function add(m: Merge, id: number, score: number, reason: string): void {
  if (score <= 0) return;
  const s = m.scores.get(id) ?? [];
  s.push(Math.min(0.99, score));
  m.scores.set(id, s);
  const r = m.reasons.get(id) ?? [];
  if (!r.includes(reason)) r.push(reason);
  m.reasons.set(id, r);
}

/** noisy-OR of a file's evidence times the capped centrality prior (and any other prior factor, e.g. recency), best first. */
export function merged(m: Merge, graph: FileGraph, collection: Collection, prior?: (id: number) => number): [number, number][] {
  const out = [...m.scores].map(([id, scores]) => {
    const noisyOr = 1 - scores.reduce((p, s) => p * (1 - s), 1);
    return [id, Math.min(0.999, noisyOr * (1 + PARAMS.centrality * (graph.centrality.get(id) ?? 0)) * (prior ? prior(id) : 1))] as [number, number];
  });
  const path = (id: number) => collection.byId.get(id)?.path ?? "";
  return out.sort((a, b) => b[1] - a[1] || (path(a[0]) < path(b[0]) ? -1 : 1));
}


/** Identifiers as written in the query (OrderService, place_order), for exact declaration lookups; `prose` marks the query's capitalised first word. */
function rawIdentifiers(query: string): { word: string; prose: boolean }[] {
  const out = new Map<string, boolean>();
  // The first word of the query or of its conventional-commit subject ("fix(x): Await …"), capitalised and not followed by "." or "(":
  // as likely a sentence's first word ("Await node worker termination") as a name ("Cache eviction…").
  const initial = PARAMS.initialProse ? /^\s*(?:\w+(?:\([^)]*\))?!?:\s*)?([A-Z][a-z]+)(?=\s)/.exec(query) : null;
  const at = initial ? initial.index + (initial[0] as string).length - (initial[1] as string).length : -1;
  for (const m of query.matchAll(/[A-Za-z_$][A-Za-z0-9_$]*/g)) {
    if (m[0].length < 3 || STOP_WORDS.has(m[0].toLowerCase())) continue;
    const prose = m.index === at;
    out.set(m[0], (out.get(m[0]) ?? true) && prose);
  }
  return [...out].map(([word, prose]) => ({ word, prose }));
}

/** `A.b` pairs written in the query (`Prompt.autoComplete`, `Effect.fn`): a container or module and its member. */
function qualifiedPairs(query: string): [string, string][] {
  return [...query.matchAll(/\b([A-Za-z_$][A-Za-z0-9_$]*)\.([A-Za-z_$][A-Za-z0-9_$]*)\b/g)].map((m) => [m[1] as string, m[2] as string]);
}

/** Records exact-declaration evidence; returns the files that declare an exactly named identifier. */
export function exactDeclarations(db: Database, query: string, collection: Collection, m: Merge): Set<number> {
  const declaring = new Set<number>();
  // NOCASE equality uses the symbols_name index; the exact spelling is checked here.
  const select = db.prepare(`SELECT file_id, name, kind IN ${NAMED_TYPE_KINDS_SQL} AS is_type, MIN(kind IN ('property','field','enum_member')) AS is_property FROM symbols WHERE name = ? COLLATE NOCASE GROUP BY file_id, name, is_type`);
  for (const { word, prose } of rawIdentifiers(query)) {
    const plain = prose || /^[a-z]+$/.test(word); // ordinary English words are not identifiers
    for (const row of select.all(word) as { file_id: number; name: string; is_type: number; is_property: number }[]) {
      if (row.name !== word || !collection.byId.has(row.file_id) || (plain && !row.is_type)) continue;
      add(m, row.file_id, row.is_type ? (plain ? PARAMS.exactPlainType : PARAMS.exactType) : row.is_property ? PARAMS.exactProperty : PARAMS.exactMember, `declares ${row.name} (exact)`);
      if (!plain) declaring.add(row.file_id);
    }
  }
  if (PARAMS.qualified > 0) {
    // The member declared inside the named container, or by a module file of that name (effect's Prompt.ts exports autoComplete).
    const members = db.prepare("SELECT DISTINCT s.file_id AS file_id, s.name AS name, s.container AS container, f.path AS path FROM symbols s JOIN files f ON f.id = s.file_id WHERE s.name = ? COLLATE NOCASE");
    for (const [outer, member] of qualifiedPairs(query)) {
      for (const row of members.all(member) as { file_id: number; name: string; container: string | null; path: string }[]) {
        if (row.name !== member || !collection.byId.has(row.file_id)) continue;
        const base = (row.path.split("/").pop() as string).replace(/\.[^.]*$/, "");
        const inside = row.container === outer || row.container?.endsWith(`.${outer}`) || (row.container === null && base === outer);
        if (inside) add(m, row.file_id, PARAMS.qualified, `declares ${outer}.${member} (exact)`);
      }
    }
  }
  return declaring;
}

/** "export X", "exports for X", "re-export X": the change is made where modules are re-exported. */
const EXPORT_INTENT = /\b(re-?)?export(s|ed|ing)?\b/i;

/**
 * When the query asks about exporting a named declaration, the barrels that re-export its
 * file (`export … from`) — or, when none does yet, the nearest barrel in its folder or
 * above — are where the export is added.
 */
export function exportBarrels(db: Database, query: string, declaring: ReadonlySet<number>, graph: FileGraph, collection: Collection, m: Merge): void {
  if (declaring.size === 0 || !EXPORT_INTENT.test(query)) return;
  const reexports = db.prepare("SELECT count(*) AS n FROM imports WHERE file_id = ? AND kind = 'export'");
  const isBarrel = (id: number) => ((reexports.get(id) as { n: number }).n) >= 2;
  const barrelsByDir = new Map<string, number[]>();
  for (const f of collection.files) {
    if (f.isTest || !/(^|\/)index\.[cm]?[jt]sx?$/.test(f.path) || !isBarrel(f.id)) continue;
    const dir = f.path.includes("/") ? f.path.slice(0, f.path.lastIndexOf("/")) : "";
    barrelsByDir.set(dir, [...(barrelsByDir.get(dir) ?? []), f.id]);
  }
  for (const id of declaring) {
    const path = collection.byId.get(id)?.path ?? "";
    const direct = (graph.in.get(id) ?? []).map((e) => e.to).filter((from) => collection.byId.has(from) && from !== id && isBarrel(from));
    if (direct.length) {
      for (const from of new Set(direct)) add(m, from, PARAMS.barrel, `re-exports ${path} (the query asks about exporting)`);
      continue;
    }
    for (let dir = path.slice(0, Math.max(0, path.lastIndexOf("/"))); ; dir = dir.slice(0, Math.max(0, dir.lastIndexOf("/")))) {
      const found = (barrelsByDir.get(dir) ?? []).filter((b) => b !== id);
      if (found.length) {
        for (const b of found) add(m, b, PARAMS.barrel, `barrel of ${dir || "the root"} (the query asks about exporting)`);
        break;
      }
      if (!dir) break;
    }
  }
}

/**
 * Routes, DI tokens and config keys named in the query, from the wiring tables. They
 * resolve by name here; the wiring issue's edges can replace this one function.
 */
export function wiringHits(db: Database, query: string, collection: Collection, m: Merge): void {
  const route = /\b(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|ALL)?\s*(\/[\w\-/:{}.*]+)/i.exec(query);
  if (route) {
    const method = route[1]?.toUpperCase();
    for (const row of db.query("SELECT file_id, method, pattern FROM routes WHERE pattern = ?").all(route[2] as string) as { file_id: number; method: string; pattern: string }[]) {
      if (collection.byId.has(row.file_id) && (!method || row.method.toUpperCase() === method || row.method === "ALL")) add(m, row.file_id, PARAMS.route, `handles ${row.method} ${row.pattern} (route)`);
    }
  }
  for (const { word } of rawIdentifiers(query)) {
    for (const row of db.query("SELECT file_id, token FROM di_bindings WHERE token = ?").all(word) as { file_id: number; token: string }[]) {
      if (collection.byId.has(row.file_id)) add(m, row.file_id, PARAMS.service, `registers service ${row.token}`);
    }
  }
  for (const key of query.match(/\b[A-Za-z_][\w-]*(\.[A-Za-z_][\w-]*)+\b/g) ?? []) {
    for (const row of db.query("SELECT file_id, key FROM config_keys WHERE key = ?").all(key) as { file_id: number; key: string }[]) {
      if (collection.byId.has(row.file_id)) add(m, row.file_id, PARAMS.config, `config ${row.key}`);
    }
  }
}

export function declaredNames(db: Database, id: number): string[] {
  return (db.query("SELECT name FROM symbols WHERE file_id = ? ORDER BY start_offset").all(id) as { name: string }[]).map((r) => r.name);
}

/** Names of the declarations that define something (types, functions, methods, constants), not properties or fields, per file of `ids`, in source order. */
function definingNames(db: Database, ids: readonly number[]): Map<number, string[]> {
  const out = new Map<number, string[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const kinds = PARAMS.nameKinds === "all" ? "" : "AND kind NOT IN ('property','field','variable','enum_member','parameter')";
  const rows = db.query(`SELECT file_id, name FROM symbols WHERE file_id IN (${ids.map(() => "?").join(",")}) ${kinds} ORDER BY file_id, start_offset`).all(...ids) as { file_id: number; name: string }[];
  for (const r of rows) out.get(r.file_id)?.push(r.name);
  return out;
}

/** How much a file's body evidence counts: less for docs, manifests and data than for code. */
export function bodyWeight(collection: Collection, id: number): number {
  return isCodeLanguage(collection.byId.get(id)?.language ?? null) ? 1 : PARAMS.nonCode;
}

/**
 * Lexical hits: BM25F presence × idf over the file fields blended with the term-frequency
 * BM25F, the best `lexicalPool` files, as evidence (a name match when the file defines
 * something named by a query word). Returns the ranked file ids.
 */
export function lexical(db: Database, collection: Collection, scores: LexicalScores, terms: readonly QueryTerm[], m: Merge): number[] {
  const ranked = lexicalPool(scores);
  const top = ranked[0]?.[1] ?? 0;
  const words = new Set(terms.filter((t) => t.origin !== "stem").map((t) => t.term));
  const names = definingNames(db, ranked.map(([id]) => id));
  for (const [id, s] of ranked) {
    const named = (names.get(id) ?? []).find((name) => {
      const parts = splitIdentifier(name);
      return parts.some((part) => part.length >= PARAMS.nameMinPart && words.has(part)) || words.has(parts.join(""));
    });
    const ceiling = named ? PARAMS.nameCeiling : PARAMS.bodyCeiling;
    add(m, id, bodyWeight(collection, id) * ceiling * (top > 0 ? (s / top) ** PARAMS.lexicalGamma : 0), named ? `declares ${named} (name match)` : "body matches the query");
  }
  return ranked.map(([id]) => id);
}

/** Query words found in paths, weighted by how rare they are among paths. */
export function pathHits(collection: Collection, terms: readonly QueryTerm[], m: Merge): void {
  const weightOf = new Map<string, number>();
  for (const t of terms) if (t.origin !== "stem" && t.term.length >= 3) weightOf.set(t.term, Math.max(weightOf.get(t.term) ?? 0, t.weight ?? 1));
  const words = [...weightOf.keys()];
  if (words.length === 0) return;
  // Each word found in the joined paths (one search per word, not one per file and word): the files it is in, in list order.
  const { text, starts } = perFileList(collection.files, joinedPaths);
  const hitsAt = new Map<number, string[]>();
  const df = new Map<string, number>();
  for (const w of words) {
    let count = 0;
    for (let at = text.indexOf(w); at >= 0; ) {
      const i = fileAt(starts, at);
      if (PARAMS.pathWordStart && !wordStartAt((collection.files[i] as IndexedFile).path, at - (starts[i] as number))) {
        at = text.indexOf(w, at + 1); // "auth" inside "xoauth2" is not the word: the next place, in this path or the next
        continue;
      }
      const list = hitsAt.get(i);
      if (list) list.push(w);
      else hitsAt.set(i, [w]);
      count++;
      at = text.indexOf(w, starts[i + 1] as number); // the next path
    }
    if (count) df.set(w, count);
  }
  const hitsOf = [...hitsAt].sort((a, b) => a[0] - b[0]).map(([i, hits]) => [(collection.files[i] as IndexedFile).id, hits] as [number, string[]]);
  const n = collection.files.length;
  const idf = new Map(words.map((w) => [w, (weightOf.get(w) as number) * Math.log(1 + (n + 0.5) / ((df.get(w) ?? 0) + 0.5))]));
  const total = [...idf.values()].reduce((s, x) => s + x, 0);
  const written = new Set(terms.map((t) => t.term));
  for (const [id, hits] of hitsOf) {
    const mass = hits.reduce((s, w) => s + (idf.get(w) as number), 0);
    add(m, id, PARAMS.path * Math.min(1, mass / Math.min(total, (total / words.length) * 3)) * nameCoverage(collection, id, written), `path contains ${hits.map((h) => `"${h}"`).join(", ")}`);
  }
}

/** How many of the first files of `final` (best first, at most `max`) score within `band` (a share) of the first's score. */
export function nearTies(final: readonly [number, number][], band: number, max = final.length): number {
  const top = final[0]?.[1] ?? 0;
  if (top <= 0) return 0;
  let n = 0;
  while (n < Math.min(final.length, max) && (final[n] as [number, number])[1] >= (1 - band) * top) n++;
  return n;
}

/** `final` with its first order.length files in this order (ids), each position keeping its score: a reordering, nothing added or removed. */
export function reorderHead(final: readonly [number, number][], order: readonly number[]): [number, number][] {
  return [...order.map((id, i) => [id, (final[i] as [number, number])[1]] as [number, number]), ...final.slice(order.length)];
}

/** 1 − pathNameLength × the share of the file name's words (identifier parts, no extension) that are not query terms. */
function nameCoverage(collection: Collection, id: number, written: ReadonlySet<string>): number {
  if (PARAMS.pathNameLength <= 0) return 1;
  const parts = nameParts(collection.byId.get(id)?.path ?? "");
  if (parts.length === 0) return 1;
  const missing = parts.filter((p) => !written.has(p) && !written.has(stem(p))).length;
  return 1 - PARAMS.pathNameLength * (missing / parts.length);
}

/** Lower-cased paths of a file list joined by newlines, and where each starts (one past the end last); kept with the list, per store build. */
const joinedPaths = (files: readonly IndexedFile[]): { text: string; starts: Int32Array } => {
  const lower = files.map((f) => f.path.toLowerCase());
  const starts = new Int32Array(lower.length + 1);
  for (let i = 0; i < lower.length; i++) starts[i + 1] = (starts[i] as number) + (lower[i] as string).length + 1;
  return { text: lower.join("\n"), starts };
};

/** A word of the path starts at `k`: the path's or a segment's start, after a separator (`/ - _ .` …), a lower-case letter before an upper-case one, or a letter after a digit. */
function wordStartAt(path: string, k: number): boolean {
  if (k === 0) return true;
  const prev = path[k - 1] as string;
  const cur = path[k] as string;
  if (!/[A-Za-z0-9]/.test(prev)) return true;
  if (/[a-z]/.test(prev) && /[A-Z]/.test(cur)) return true;
  return /[0-9]/.test(prev) && /[A-Za-z]/.test(cur);
}

/** The index of the path holding offset `at` of the joined text. */
function fileAt(starts: Int32Array, at: number): number {
  let lo = 0;
  let hi = starts.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] as number) <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Member names so common they say nothing about a topic (feedback terms skip them). */
const GENERIC_NAMES = new Set(["constructor", "init", "main", "index", "default", "get", "set", "run", "value", "name", "data", "type", "tostring", "equals", "create", "update", "props", "options", "config", "log", "logger"]);

/** Pseudo-relevance feedback: recurring declared-name parts of the top files, as extra query terms. */
export function feedback(db: Database, top: readonly number[], known: ReadonlySet<string>, files: number): QueryTerm[] {
  const counts = new Map<string, number>();
  // A feedback term must be topical: declared in at most prfMaxDf of the files.
  const df = (match: string) => cachedCount(db, "SELECT count(*) AS n FROM files_fts WHERE files_fts MATCH ?", match);
  const topical = (term: string) => df(`{types members} : "${term.replaceAll('"', '""')}"`) <= Math.max(5, PARAMS.prfMaxDf * files);
  for (const id of top) {
    for (const name of new Set(declaredNames(db, id))) {
      for (const part of splitIdentifier(name)) {
        if (part.length >= 3 && !known.has(part) && !STOP_WORDS.has(part) && !GENERIC_NAMES.has(part)) counts.set(part, (counts.get(part) ?? 0) + 1);
      }
    }
  }
  const out: QueryTerm[] = [];
  for (const [term] of [...counts].filter(([, c]) => c >= 2).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))) {
    if (out.length >= PARAMS.prfTerms) break;
    if (topical(term)) out.push({ term, origin: "word" });
  }
  return out;
}

/** Up to neighboursPerSeed import neighbours of each of the strongest files, strongest edges first. */
export function neighbours(graph: FileGraph, collection: Collection, best: readonly [number, number][], m: Merge): void {
  for (const [id, score] of best.slice(0, PARAMS.neighbourSeeds)) {
    const parent = collection.byId.get(id)?.path ?? "";
    const around = [...(graph.out.get(id) ?? []), ...(graph.in.get(id) ?? [])]
      .filter((e) => collection.byId.has(e.to) && !m.scores.has(e.to))
      .sort((a, b) => b.weight - a.weight || (graph.centrality.get(b.to) ?? 0) - (graph.centrality.get(a.to) ?? 0) || a.to - b.to);
    const seen = new Set<number>();
    for (const edge of around) {
      if (seen.has(edge.to)) continue;
      seen.add(edge.to);
      if (seen.size > PARAMS.neighboursPerSeed) break;
      add(m, edge.to, PARAMS.neighbour * score, `next to ${parent} (imports)`);
    }
  }
}

/** Normalised file names (kebab-case, lower-case, no extension) → ids of the non-test files so named, and of the product code files so named. */
const basenamesOf = (files: readonly IndexedFile[]): { any: Map<string, number[]>; product: Map<string, number[]> } => {
  const out = { any: new Map<string, number[]>(), product: new Map<string, number[]>() };
  for (const f of files) {
    if (f.isTest) continue;
    // One extension (and the .d of a .d.ts): payment.service.ts is named "payment.service" or PaymentService, not "payment".
    const name = nameParts(f.path).join("-");
    if (name.length < 3) continue;
    out.any.set(name, [...(out.any.get(name) ?? []), f.id]);
    if (isProduct(f)) out.product.set(name, [...(out.product.get(name) ?? []), f.id]);
  }
  return out;
};

const kebab = (s: string) => splitIdentifier(s).join("-");

/** Files whose whole name the query writes (basenameCompound / basenameWord), within the text ranking's first basenameTextTop when that is set. */
export function basenameHits(collection: Collection, query: string, m: Merge, textRanking?: readonly number[]): void {
  if (PARAMS.basenameCompound <= 0 && PARAMS.basenameWord <= 0) return;
  const names = perFileList(collection.files, basenamesOf)[PARAMS.basenameRole];
  const agreeing = PARAMS.basenameTextTop > 0 ? new Set((textRanking ?? []).slice(0, PARAMS.basenameTextTop)) : null;
  const text = PARAMS.basenameScope ? query : query.replace(/^\s*\w+\([^)]*\)!?:/, "");
  const seen = new Set<string>();
  for (const token of text.match(/[A-Za-z][A-Za-z0-9]*(?:[-_.][A-Za-z0-9]+)*/g) ?? []) {
    const name = kebab(token);
    if (seen.has(name)) continue;
    seen.add(name);
    const compound = name.includes("-");
    // A compound the task writes as one (zip-all, with_latest_from, Effect.fn, withLatestFrom), not one the identifier split makes of a prose name (OpenAPI → open-api, BM25F → bm-25-f).
    if (compound && !/[-_.]/.test(token) && !/^[a-z][a-z0-9]*(?:[A-Z][a-z0-9]+)+$/.test(token)) continue;
    const weight = compound ? PARAMS.basenameCompound : name.length >= 4 && !STOP_WORDS.has(name) ? PARAMS.basenameWord : 0;
    if (weight <= 0) continue;
    for (const id of names.get(name) ?? []) if (!agreeing || agreeing.has(id)) add(m, id, weight, `its name is ${token} (named in the task)`);
  }
}
