// Task localization (`find --kind task`): which files a change described in words most
// likely touches. Candidate generators (exact declarations, BM25F name and body hits,
// path hits, pseudo-relevance feedback, graph neighbours of the strongest hits, files
// changed since a git base) are merged per file with noisy-OR, nudged by a capped
// centrality prior, and graded.

import type { Database } from "bun:sqlite";
import type { FileGraph } from "../graph/file-graph.ts";
import type { Collection } from "../plan/collect.ts";
import { rankFiles } from "../plan/search.ts";
import { queryTerms, splitIdentifier, STOP_WORDS, type QueryTerm } from "./terms.ts";

export type Grade = "confident" | "partial" | "insufficient";

export interface Candidate {
  path: string;
  score: number;
  tokens: number;
  reasons: string[];
}

export interface Navigation {
  areas: string[];
  entryPoints: string[];
  nearestSymbols: string[];
}

export interface Localization {
  grade: Grade;
  candidates: Candidate[];
  /** How many candidates form the leading cluster (confident answers). */
  cluster: number;
  navigation?: Navigation;
  lowSignal?: string;
}

const LOW_SIGNAL: [RegExp, string][] = [
  [/^\s*merge\b/i, "a merge"],
  [/^\s*apply suggestions from code review/i, "applied review suggestions"],
  [/^\s*(bump|upgrade)\b|dependabot|\bfrom v?\d+(\.\d+)+ to v?\d+(\.\d+)+/i, "a version bump"],
  [/^\s*(ci|build|chore|release|version)\b\s*[(:!]?/i, "a chore, build or release change"],
  [/^\s*v?\d+(\.\d+)+\s*$/, "a version number"],
];

export function lowSignal(query: string): string | null {
  if (!query.trim()) return "an empty query";
  for (const [re, why] of LOW_SIGNAL) if (re.test(query)) return why;
  return null;
}

const TYPE_KINDS = "('class','interface','type','enum','struct','trait','record','object')";

/** Member names so common they say nothing about a topic (feedback terms skip them). */
const GENERIC_NAMES = new Set(["constructor", "init", "main", "index", "default", "get", "set", "run", "value", "name", "data", "type", "tostring", "equals", "create", "update", "props", "options", "config", "log", "logger"]);

interface Merge {
  scores: Map<number, number[]>;
  reasons: Map<number, string[]>;
}

function add(m: Merge, id: number, score: number, reason: string): void {
  if (score <= 0) return;
  const s = m.scores.get(id) ?? [];
  s.push(Math.min(0.99, score));
  m.scores.set(id, s);
  const r = m.reasons.get(id) ?? [];
  if (!r.includes(reason)) r.push(reason);
  m.reasons.set(id, r);
}

/** Identifiers as written in the query (OrderService, place_order), for exact declaration lookups. */
function rawIdentifiers(query: string): string[] {
  const out = new Set<string>();
  for (const m of query.matchAll(/[A-Za-z_$][A-Za-z0-9_$]*/g)) if (m[0].length >= 3 && !STOP_WORDS.has(m[0].toLowerCase())) out.add(m[0]);
  return [...out];
}

function exactDeclarations(db: Database, query: string, collection: Collection, m: Merge): void {
  const select = db.prepare(`SELECT DISTINCT file_id, name, kind IN ${TYPE_KINDS} AS is_type FROM symbols WHERE name = ?`);
  for (const word of rawIdentifiers(query)) {
    const plain = /^[a-z]+$/.test(word); // ordinary English words are not identifiers
    for (const row of select.all(word) as { file_id: number; name: string; is_type: number }[]) {
      if (!collection.byId.has(row.file_id)) continue;
      if (plain && !row.is_type) continue;
      add(m, row.file_id, row.is_type ? 0.95 : plain ? 0.5 : 0.85, `declares ${row.name} (exact)`);
    }
  }
}

function declaredNames(db: Database, id: number): string[] {
  return (db.query("SELECT name FROM symbols WHERE file_id = ? ORDER BY start_offset").all(id) as { name: string }[]).map((r) => r.name);
}

/** Lexical hits: the BM25F ranking, a name match when the file declares something named by a query word. */
function lexical(db: Database, collection: Collection, terms: readonly QueryTerm[], pool: number, ceilingScale: number, m: Merge, label: string): number[] {
  const ranked = [...rankFiles(collection, terms)].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, pool);
  const words = new Set(terms.filter((t) => t.origin !== "stem").map((t) => t.term));
  const n = ranked.length;
  ranked.forEach(([id], rank) => {
    const names = declaredNames(db, id);
    const named = names.find((name) => splitIdentifier(name).some((part) => words.has(part)) || words.has(splitIdentifier(name).join("")));
    const ceiling = (named ? 0.75 : 0.55) * ceilingScale;
    const score = ceiling * (1 - (n > 1 ? rank / (n - 1) : 0) * 0.65);
    add(m, id, score, named ? `${label}declares ${named} (name match)` : `${label}body matches the query`);
  });
  return ranked.map(([id]) => id);
}

function pathHits(collection: Collection, terms: readonly QueryTerm[], m: Merge): void {
  const words = [...new Set(terms.filter((t) => t.origin !== "stem" && t.term.length >= 3).map((t) => t.term))];
  if (words.length === 0) return;
  for (const file of collection.files) {
    const lower = file.path.toLowerCase();
    const hits = words.filter((w) => lower.includes(w));
    if (hits.length) add(m, file.id, 0.7 * Math.min(1, hits.length / Math.min(words.length, 3)), `path contains ${hits.map((h) => `"${h}"`).join(", ")}`);
  }
}

/** Symbol-name tokens of the top files not already in the query: up to 6, most frequent first. */
function feedback(db: Database, top: readonly number[], known: ReadonlySet<string>): QueryTerm[] {
  const counts = new Map<string, number>();
  for (const id of top) {
    for (const name of new Set(declaredNames(db, id))) {
      for (const part of splitIdentifier(name)) {
        if (part.length >= 3 && !known.has(part) && !STOP_WORDS.has(part) && !GENERIC_NAMES.has(part)) counts.set(part, (counts.get(part) ?? 0) + 1);
      }
    }
  }
  return [...counts]
    .filter(([, c]) => c >= 2)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, 6)
    .map(([term]) => ({ term, origin: "word" as const }));
}

function grade(scores: readonly number[]): { grade: Grade; cluster: number } {
  const top = scores[0] ?? 0;
  if (top < 0.2) return { grade: "insufficient", cluster: 0 };
  if (top < 0.55) return { grade: "partial", cluster: 0 };
  if (scores.length === 1) return { grade: "confident", cluster: 1 };
  let cluster = 0;
  while (cluster < scores.length && top - (scores[cluster] as number) <= 0.15) cluster++;
  const tail = cluster < scores.length;
  return cluster <= 3 && tail ? { grade: "confident", cluster } : { grade: "partial", cluster: 0 };
}

function navigation(db: Database, collection: Collection, candidates: readonly Candidate[]): Navigation {
  const areas: string[] = [];
  for (const c of candidates) {
    const dir = c.path.split("/").slice(0, -1).slice(0, 2).join("/");
    if (dir && !areas.includes(dir)) areas.push(dir);
  }
  const entryPoints = collection.files
    .filter((f) => !f.isTest && (/(^|\/)(main|app|server|program|startup|cli)\.[a-z]+$/i.test(f.path) || (/(^|\/)index\.[a-z]+$/i.test(f.path) && f.path.split("/").length <= 2)))
    .map((f) => f.path)
    .sort((a, b) => a.split("/").length - b.split("/").length || (a < b ? -1 : 1))
    .slice(0, 5);
  const symbols: string[] = [];
  const byPath = new Map(collection.files.map((f) => [f.path, f.id]));
  for (const c of candidates.slice(0, 8)) {
    const id = byPath.get(c.path);
    if (id === undefined) continue;
    for (const row of db.query(`SELECT name FROM symbols WHERE file_id = ? AND kind IN ${TYPE_KINDS} AND container IS NULL ORDER BY start_offset LIMIT 2`).all(id) as { name: string }[]) {
      if (!symbols.includes(row.name)) symbols.push(row.name);
    }
  }
  return { areas: areas.slice(0, 6), entryPoints, nearestSymbols: symbols.slice(0, 8) };
}

export interface LocalizeOptions {
  query: string;
  limit: number;
  graph: FileGraph;
  /** Files changed since a git base (root-relative), scored 1.0. */
  changed?: readonly string[];
}

export function localize(collection: Collection, options: LocalizeOptions): Localization {
  const db = collection.index.db;
  const why = lowSignal(options.query);
  if (why) return { grade: "insufficient", candidates: [], cluster: 0, lowSignal: why, navigation: navigation(db, collection, []) };
  const m: Merge = { scores: new Map(), reasons: new Map() };
  const byPath = new Map(collection.files.map((f) => [f.path, f]));
  for (const path of options.changed ?? []) {
    const file = byPath.get(path);
    if (file) add(m, file.id, 1, "changed since the base");
  }
  const terms = queryTerms(options.query);
  exactDeclarations(db, options.query, collection, m);
  const pool = Math.max(4 * options.limit, 80);
  const first = lexical(db, collection, terms, pool, 1, m, "");
  pathHits(collection, terms, m);
  const prf = feedback(db, first.slice(0, 5), new Set(terms.map((t) => t.term)));
  if (prf.length) {
    const seen = new Set(first);
    const extra = lexical(db, collection, [...terms, ...prf], pool, 0.6, { scores: new Map(), reasons: new Map() }, "");
    let added = 0;
    for (const id of extra) {
      if (seen.has(id) || added >= 8) continue;
      add(m, id, 0.6 * 0.55, `related: declares names like ${prf.slice(0, 3).map((t) => t.term).join(", ")}`);
      added++;
    }
  }
  const merged = [...m.scores].map(([id, scores]) => {
    const noisyOr = 1 - scores.reduce((p, s) => p * (1 - s), 1);
    const prior = 1 + 0.1 * (options.graph.centrality.get(id) ?? 0);
    return [id, Math.min(0.999, noisyOr * prior)] as [number, number];
  });
  merged.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  // Graph neighbours of the two strongest hits.
  for (const [id, score] of merged.slice(0, 2)) {
    const parent = collection.byId.get(id)?.path ?? "";
    for (const edge of [...(options.graph.out.get(id) ?? []), ...(options.graph.in.get(id) ?? [])]) {
      if (!collection.byId.has(edge.to) || m.scores.has(edge.to)) continue;
      add(m, edge.to, 0.4 * score, `next to ${parent} (imports)`);
    }
  }
  const final = [...m.scores].map(([id, scores]) => {
    const noisyOr = 1 - scores.reduce((p, s) => p * (1 - s), 1);
    return [id, Math.min(0.999, noisyOr * (1 + 0.1 * (options.graph.centrality.get(id) ?? 0)))] as [number, number];
  });
  final.sort((a, b) => b[1] - a[1] || ((collection.byId.get(a[0])?.path ?? "") < (collection.byId.get(b[0])?.path ?? "") ? -1 : 1));
  // Byte-identical files (same content hash) collapse onto the first.
  const hashOf = db.prepare("SELECT hash FROM files WHERE id = ?");
  const seenHash = new Map<string, Candidate>();
  const candidates: Candidate[] = [];
  for (const [id, score] of final) {
    const file = collection.byId.get(id);
    if (!file) continue;
    const hash = (hashOf.get(id) as { hash: string } | null)?.hash ?? String(id);
    const twin = seenHash.get(hash);
    if (twin) {
      twin.reasons.push(`identical to ${file.path}`);
      continue;
    }
    const c: Candidate = { path: file.path, score: Math.round(score * 1000) / 1000, tokens: file.tokens, reasons: m.reasons.get(id) ?? [] };
    seenHash.set(hash, c);
    candidates.push(c);
    if (candidates.length >= options.limit) break;
  }
  const graded = grade(candidates.map((c) => c.score));
  const result: Localization = { grade: graded.grade, candidates, cluster: graded.cluster };
  if (graded.grade !== "confident") result.navigation = navigation(db, collection, candidates);
  return result;
}
