// Exact lookups over the index: declarations by name, inventory paths by substring, and
// full-text hits over declaration chunks (BM25F-style: field weights, a declaration bonus,
// test/generated files damped).

import type { Database } from "bun:sqlite";
import { scoreByFields, topScores, type FieldWeight } from "./bm25f.ts";
import { queryTerms } from "../text/terms.ts";
import { editDistance } from "../text/edit-distance.ts";
import { secretsIn } from "../text/known-secrets.ts";
import { readInside } from "../workspace/read-inside.ts";

/** Longest line text a line hit shows. */
const LINE_HIT_CHARS = 160;

export interface SymbolHit {
  kind: string;
  name: string;
  qualifiedName: string;
  path: string;
  line: number;
  exported: boolean;
  signature: string;
}

export interface PathHit {
  path: string;
  tokens: number;
}

export interface TextHit {
  name: string;
  kind: string;
  path: string;
  line: number;
  score: number;
}

function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function scopeClause(scope: string): { sql: string; args: string[] } {
  return scope ? { sql: " AND f.path LIKE ? ESCAPE '\\'", args: [`${likeEscape(scope)}/%`] } : { sql: "", args: [] };
}

/**
 * Declarations whose name matches (a dotted query matches qualified names): exact first,
 * then prefix, then substring; exported first, shorter names first. Two steps: the matching
 * rows' ranking keys from the symbols table alone (one scan, no join), then paths and
 * details for the few rows that can make the top `limit` (ties included, so the order is
 * the same as one big ORDER BY).
 */
export function findSymbols(db: Database, query: string, limit: number, scope = ""): { hits: SymbolHit[]; total: number } {
  const q = query.trim();
  const column = q.includes(".") ? "s.qualified_name" : "s.name";
  const where = scopeClause(scope);
  const join = scope ? "JOIN files f ON f.id = s.file_id" : "";
  type Key = { id: number; tier: number; exported: number; len: number };
  const keys = db
    .query(
      `SELECT s.id, CASE WHEN ${column} = ? THEN 0 WHEN ${column} = ? COLLATE NOCASE THEN 1 WHEN ${column} LIKE ? ESCAPE '\\' THEN 2 ELSE 3 END AS tier,
         s.exported, length(s.name) AS len
       FROM symbols s ${join} WHERE ${column} LIKE ? ESCAPE '\\'${where.sql}`,
    )
    .all(q, q, `${likeEscape(q)}%`, `%${likeEscape(q)}%`, ...where.args) as Key[];
  const byKey = (a: Key, b: Key) => a.tier - b.tier || b.exported - a.exported || a.len - b.len;
  keys.sort(byKey);
  let cut = Math.min(limit, keys.length);
  const last = keys[cut - 1];
  while (last && cut < keys.length && byKey(keys[cut] as Key, last) === 0) cut++;
  const rank = new Map(keys.slice(0, cut).map((k, i) => [k.id, k]));
  type Row = Omit<SymbolHit, "exported"> & { id: number; exported: number; isTest: number };
  const rows = db
    .query(
      `SELECT s.id, s.kind, s.name, s.qualified_name AS qualifiedName, f.path, s.start_line AS line, s.exported, s.signature, f.is_test AS isTest
       FROM symbols s JOIN files f ON f.id = s.file_id WHERE s.id IN (SELECT value FROM json_each(?))`,
    )
    .all(JSON.stringify([...rank.keys()])) as Row[];
  rows.sort((a, b) => byKey(rank.get(a.id) as Key, rank.get(b.id) as Key) || a.isTest - b.isTest || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) || a.line - b.line);
  return {
    hits: rows.slice(0, limit).map(({ id: _id, isTest: _t, ...r }) => ({ ...r, exported: r.exported === 1 })),
    total: keys.length,
  };
}

/** Inventory paths containing the query (case-insensitive), shortest first. */
export function findPaths(db: Database, query: string, limit: number, scope = ""): { hits: PathHit[]; total: number } {
  const where = scopeClause(scope);
  const filter = `f.path LIKE ? ESCAPE '\\'${where.sql}`;
  const args = [`%${likeEscape(query.trim())}%`, ...where.args];
  const total = (db.query(`SELECT count(*) AS n FROM files f WHERE ${filter}`).get(...args) as { n: number }).n;
  const hits = db.query(`SELECT f.path, f.tokens FROM files f WHERE ${filter} ORDER BY length(f.path), f.path LIMIT ?`).all(...args, limit) as PathHit[];
  return { hits, total };
}

const DAMPED = 0.4; // test and generated files

/** Declarations that introduce a concept outrank members that merely hold or mention one. */
const KIND_WEIGHT: Record<string, number> = {
  class: 1.3, interface: 1.3, type: 1.2, enum: 1.2, struct: 1.3, trait: 1.3, record: 1.3, object: 1.2,
  function: 1.1, method: 1, constructor: 0.9, property: 0.7, field: 0.7, variable: 0.8, const: 0.9,
};

/** Query words and their adjacent concatenations ("order service" → "orderservice"). */
function namePhrases(words: readonly string[]): Set<string> {
  const out = new Set(words);
  for (let i = 0; i < words.length; i++) {
    let phrase = words[i] ?? "";
    for (let j = i + 1; j < Math.min(words.length, i + 4); j++) {
      phrase += words[j];
      out.add(phrase);
    }
  }
  return out;
}

export const CHUNK_FIELDS: FieldWeight[] = [
  { column: "name", weight: 5, accepts: "words" },
  { column: "subtokens", weight: 2.5, accepts: "words" },
  { column: "comments", weight: 1.5, accepts: "words" },
  { column: "body", weight: 1, accepts: "words" },
  { column: "stems", weight: 0.7, accepts: "stems" },
];

/** Full-text hits over declaration chunks, best first. */
export function findText(db: Database, query: string, limit: number, scope = ""): { hits: TextHit[]; total: number } {
  const terms = queryTerms(query);
  if (terms.length === 0) return { hits: [], total: 0 };
  const scores = scoreByFields(db, "chunks_fts", CHUNK_FIELDS, terms);
  const wanted = namePhrases(terms.filter((t) => t.origin === "word").map((t) => t.term));
  const prefix = scope ? `${scope}/` : "";
  const ranked: TextHit[] = [];
  // The bonuses below scale a score by at most ~2.5, so the best 400 by base score hold the final top.
  const top = topScores(scores, Math.max(400, limit * 4));
  type Row = { id: number; name: string; kind: string; path: string; line: number; is_test: number; is_generated: number };
  const rows = new Map<number, Row>();
  // One query for every candidate's metadata (a statement per row costs more than the scoring).
  for (const r of db
    .query("SELECT c.id, c.name, c.kind, f.path, c.start_line AS line, f.is_test, f.is_generated FROM chunks c JOIN files f ON f.id = c.file_id WHERE c.id IN (SELECT value FROM json_each(?))")
    .all(JSON.stringify(top.map(([rowid]) => rowid))) as Row[]) {
    rows.set(r.id, r);
  }
  for (const [rowid, base] of top) {
    const r = rows.get(rowid);
    if (!r || (prefix && !r.path.startsWith(prefix))) continue;
    const own = (r.name.split(".").pop() ?? r.name).toLowerCase().replace(/[_$-]/g, "");
    const declares = wanted.has(own) ? 1.5 : 1; // the declaration's own name is a query word or phrase
    const damp = r.is_test || r.is_generated ? DAMPED : 1;
    const score = base * declares * (KIND_WEIGHT[r.kind] ?? 1) * damp;
    ranked.push({ name: r.name, kind: r.kind, path: r.path, line: r.line, score: Math.round(score * 1000) / 1000 });
  }
  ranked.sort((a, b) => b.score - a.score || (a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line));
  return { hits: ranked.slice(0, limit), total: ranked.length };
}

/** Names looked at per probe before the nearest are chosen: the probes' first rows are not the nearest (`Hono…` has dozens). */
const NEAREST_POOL = 200;

/**
 * Names close to a query that matched nothing: names sharing its first four characters, its last four or one of its
 * sub-tokens, nearest first by edit distance (case-insensitive; exported, then shorter, on ties). `HonoReqest` finds
 * `HonoRequest` among hono's dozens of `Hono…` names.
 */
export function nearestNames(db: Database, query: string, limit = 5): string[] {
  const q = query.trim();
  if (q.length < 2) return [];
  const parts = queryTerms(q).filter((t) => t.origin !== "stem").map((t) => t.term);
  const probes = [...new Set([q.slice(0, Math.min(4, q.length)), ...(q.length > 4 ? [q.slice(-4)] : []), ...parts.filter((p) => p.length >= 3)])];
  const pool = new Map<string, number>(); // name → its order in the probes' rows (exported first, shorter first)
  for (const probe of probes) {
    for (const row of db
      .query("SELECT DISTINCT name FROM symbols WHERE name LIKE ? ESCAPE '\\' ORDER BY exported DESC, length(name) LIMIT ?")
      .all(`%${likeEscape(probe)}%`, NEAREST_POOL) as { name: string }[]) if (!pool.has(row.name)) pool.set(row.name, pool.size);
  }
  return [...pool]
    .map(([name, order]) => ({ name, order, distance: editDistance(q, name, true) }))
    .sort((a, b) => a.distance - b.distance || a.order - b.order)
    .slice(0, limit)
    .map((c) => c.name);
}

export interface LineHit {
  path: string;
  line: number;
  /** The line, trimmed (at most 160 characters). */
  text: string;
  /** The line holds the query as typed (case-insensitive), not only all of its words. */
  exact: boolean;
}

/** Files read for a query whose words the full-text index holds (the files holding all of them). */
const LINE_CANDIDATE_FILES = 500;
/** Files read for a query made only of words too common to be indexed (`export const`, `return`): every file is a candidate. */
const LINE_SCAN_FILES = 2000;

export interface LineSearch {
  hits: LineHit[];
  total: number;
  /** Set when not every file that can hold the query was read: what was read, and that the count is a lower bound. */
  partial?: string;
}

/** The lines of `text` holding `literal` or every one of `parts` (all lowercase): found from the occurrences of the longest part. */
function matchingLines(text: string, literal: string, parts: readonly string[]): { line: number; exact: boolean; text: string }[] {
  const lower = text.toLowerCase();
  const anchor = parts.reduce((a, b) => (b.length > a.length ? b : a));
  let at = lower.indexOf(anchor);
  if (at === -1) return [];
  // line numbers and line texts come from the lowercased text's newlines (lowercasing keeps every "\n")
  const lines = text.split("\n");
  const out: { line: number; exact: boolean; text: string }[] = [];
  let line = 0;
  let start = 0;
  while (at !== -1) {
    let end = lower.indexOf("\n", start);
    while (end !== -1 && end < at) {
      line++;
      start = end + 1;
      end = lower.indexOf("\n", start);
    }
    if (end === -1) end = lower.length;
    const current = lower.slice(start, end);
    const exact = current.includes(literal);
    if (exact || parts.every((p) => current.includes(p))) out.push({ line: line + 1, exact, text: lines[line] ?? "" });
    at = lower.indexOf(anchor, end + 1);
  }
  return out;
}

/**
 * The lines of a file that match, judged on what an answer may show: each with the secrets of
 * the whole file taken out (a `.netrc` `password …` line alone, a PEM body line without its
 * header, hide from a line-level detector), so a query matching only inside a secret finds
 * nothing — no hit confirms a secret's characters one query at a time.
 */
function shownMatches(text: string, path: string, literal: string, parts: readonly string[]): { line: number; exact: boolean; text: string }[] {
  const raw = matchingLines(text, literal, parts);
  if (raw.length === 0) return raw;
  const known = secretsIn(text, path);
  const lines = text.split("\n");
  const out: { line: number; exact: boolean; text: string }[] = [];
  for (const m of raw) {
    const shown = known.take((lines[m.line - 1] ?? "").trim(), { path }).text;
    const lower = shown.toLowerCase();
    const exact = lower.includes(literal);
    if (exact || parts.every((p) => lower.includes(p))) out.push({ line: m.line, exact, text: shown.slice(0, LINE_HIT_CHARS) });
  }
  return out;
}

/**
 * Line-level hits over whole files (top-level code, string literals, scripts — not only
 * declaration chunks): files whose full-text fields hold every word of the query (or, when
 * every word is too common to be indexed, any file), then the lines holding the query as
 * typed or all of its words. Exact lines first, sources before tests and generated files,
 * then by path and line. At most a bounded number of files is read; `partial` says so.
 */
export function findLines(db: Database, root: string, query: string, limit: number, scope = ""): LineSearch {
  const words = queryTerms(query).filter((t) => t.origin === "word").map((t) => t.term);
  const literal = query.trim().toLowerCase();
  const parts = literal.split(/\s+/).filter(Boolean);
  if (parts.length === 0) return { hits: [], total: 0 };
  const { sql, args } = scopeClause(scope);
  type Row = { path: string; is_test: number; is_generated: number };
  let files: Row[];
  const cap = words.length ? LINE_CANDIDATE_FILES : LINE_SCAN_FILES;
  try {
    files = words.length
      ? (db.query(`SELECT f.path, f.is_test, f.is_generated FROM files_fts JOIN files f ON f.id = files_fts.rowid WHERE files_fts MATCH ?${sql} ORDER BY f.path LIMIT ?`).all(words.map((w) => `"${w.replaceAll('"', '""')}"`).join(" AND "), ...args, cap + 1) as Row[])
      : (db.query(`SELECT f.path, f.is_test, f.is_generated FROM files f WHERE 1 = 1${sql} ORDER BY f.path LIMIT ?`).all(...args, cap + 1) as Row[]);
  } catch {
    return { hits: [], total: 0 };
  }
  const partial = files.length > cap ? `read the first ${cap} files (by path) that can hold it${words.length ? "" : " (its words are too common for the full-text index, so every file can)"}; more can, so the count is a lower bound: narrow with path` : undefined;
  const hits: (LineHit & { damped: boolean })[] = [];
  for (const f of files.slice(0, cap)) {
    let text: string;
    try {
      text = readInside(root, f.path, "utf8");
    } catch {
      continue;
    }
    for (const m of shownMatches(text, f.path, literal, parts)) hits.push({ path: f.path, line: m.line, text: m.text, exact: m.exact, damped: f.is_test === 1 || f.is_generated === 1 });
  }
  hits.sort((a, b) => Number(b.exact) - Number(a.exact) || Number(a.damped) - Number(b.damped) || (a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line));
  return { hits: hits.slice(0, limit).map(({ damped: _d, ...h }) => h), total: hits.length, ...(partial ? { partial } : {}) };
}
