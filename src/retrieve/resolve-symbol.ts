// A symbol named by an agent, resolved against the index: `Name`, `Type.member`, or
// `path:line` (as every answer prints locations). Overloads of one declaration count as
// one symbol; anything else with the same name is ambiguous and listed, never guessed. A bare
// name resolves to the one top-level declaration so named, saying in one line which members share
// the name; when several top-level declarations share it, the list names the members so named too (`Type.member`).

import type { Database } from "bun:sqlite";
import { nearestNames } from "./lookup.ts";
import { unreadCaveat, unreadFiles, type UnreadFiles } from "../index/partial-files.ts";

export interface SymbolRow {
  id: number;
  name: string;
  kind: string;
  container: string | null;
  qualifiedName: string;
  signature: string;
  exported: boolean;
  fileId: number;
  path: string;
  line: number;
  endLine: number;
  isTest: boolean;
}

/** Members sharing a bare name resolved to the one top-level declaration so named: how many, the first few qualified names. */
export interface AlsoNamed {
  total: number;
  members: string[];
}

export type SymbolResolution =
  | { status: "ok"; symbols: SymbolRow[]; alsoNamed?: AlsoNamed }
  | { status: "ambiguous"; candidates: SymbolRow[] }
  | { status: "not_found"; nearest: string[]; unread?: UnreadFiles };

const COLUMNS = `s.id, s.name, s.kind, s.container, s.qualified_name AS qualifiedName, s.signature, s.exported, s.file_id AS fileId,
  f.path, s.start_line AS line, s.end_line AS endLine, f.is_test AS isTest`;

function rows(db: Database, where: string, ...args: (string | number)[]): SymbolRow[] {
  const raw = db.query(`SELECT ${COLUMNS} FROM symbols s JOIN files f ON f.id = s.file_id WHERE ${where} ORDER BY s.exported DESC, f.path, s.start_line`).all(...args) as (Omit<SymbolRow, "exported" | "isTest"> & { exported: number; isTest: number })[];
  return raw.map((r) => ({ ...r, exported: r.exported === 1, isTest: r.isTest === 1 }));
}

export function symbolById(db: Database, id: number): SymbolRow | null {
  return rows(db, "s.id = ?", id)[0] ?? null;
}

/** `kind qualifiedName  (path:line)` */
export function describeSymbol(s: SymbolRow): string {
  return `${s.kind} ${s.qualifiedName}  (${s.path}:${s.line})`;
}

/** One declaration (overloads and merged declarations of one name in one file count as one). */
function oneDeclaration(found: SymbolRow[]): boolean {
  const first = found[0];
  return first !== undefined && found.every((s) => s.qualifiedName === first.qualifiedName && s.fileId === first.fileId);
}

export function resolveSymbol(db: Database, query: string): SymbolResolution {
  const q = query.trim();
  const at = /^(.+):(\d+)$/.exec(q);
  if (at) {
    const [, path, line] = at as unknown as [string, string, string];
    const inFile = rows(db, "f.path = ? AND s.start_line <= ? AND s.end_line >= ?", path.replace(/^\.\//, ""), Number(line), Number(line));
    if (inFile.length) {
      // the innermost declaration there; one starting on that line wins
      const best = [...inFile].sort((a, b) => Number(b.line === Number(line)) - Number(a.line === Number(line)) || a.endLine - a.line - (b.endLine - b.line))[0] as SymbolRow;
      return { status: "ok", symbols: [best] };
    }
    return { status: "not_found", nearest: [] };
  }
  let found = rows(db, "s.qualified_name = ?", q);
  if (found.length > 1 && !q.includes(".") && !oneDeclaration(found)) {
    // a bare name several top-level declarations share: the members named so are candidates too,
    // or the list would claim fewer declarations exist than do (`Type.member` names one of them)
    found = rows(db, "(s.qualified_name = ? OR s.name = ?)", q, q);
  }
  if (!found.length) found = rows(db, "s.name = ?", q);
  if (!found.length && q.includes(".")) {
    // `Type.member` where the index qualifies differently (a namespace prefix): match the tail
    found = rows(db, "s.qualified_name LIKE ?", `%.${q}`);
  }
  if (!found.length) return { status: "not_found", nearest: nearestNames(db, q.split(".").pop() ?? q), ...unreadOf(db) };
  if (oneDeclaration(found)) {
    // a bare name one top-level declaration has resolves to it; the members named so are said to exist, not hidden
    const alsoNamed = !q.includes(".") && found[0]?.qualifiedName === q ? membersNamed(db, q) : null;
    return { status: "ok", symbols: found, ...(alsoNamed ? { alsoNamed } : {}) };
  }
  return { status: "ambiguous", candidates: found };
}

const MEMBERS_NAMED = 3;

/** The members named `name` (sources before tests, exported first), as many as there are and the first few; null when none. */
function membersNamed(db: Database, name: string): AlsoNamed | null {
  const found = db
    .query("SELECT s.qualified_name AS q FROM symbols s JOIN files f ON f.id = s.file_id WHERE s.name = ? AND s.qualified_name <> ? ORDER BY f.is_test, s.exported DESC, f.path, s.start_line")
    .all(name, name) as { q: string }[];
  if (!found.length) return null;
  return { total: found.length, members: [...new Set(found.map((r) => r.q))].slice(0, MEMBERS_NAMED) };
}

/** The line an answer resolved from a bare name adds when members share the name: how many, the first few, and how to ask for one. */
export function alsoNamedLine(query: string, also: AlsoNamed): string {
  const more = also.total > also.members.length ? ", …" : "";
  return `also named '${query.trim()}': ${also.total} member${also.total === 1 ? "" : "s"} (${also.members.join(", ")}${more}), not this answer's; ask for one by its qualified name (e.g. ${also.members[0]})`;
}

/** Files the index could not read whole (partly read, minified): a name not found may be declared in one of them. */
function unreadOf(db: Database): { unread?: UnreadFiles } {
  const unread = unreadFiles(db);
  return unread.partial.length || unread.minified.length ? { unread } : {};
}

/** "; not conclusive: …" naming the files that may declare a name not found, or "". */
export function partialNote(resolution: { unread?: UnreadFiles }): string {
  return resolution.unread ? unreadCaveat(resolution.unread, "declarations") : "";
}

/** What tells the candidates apart: a qualified name only where no other candidate has it. */
function disambiguator(candidates: SymbolRow[]): string {
  const names = new Set(candidates.map((c) => c.qualifiedName));
  if (names.size === 1) return "as path:line: they share the name";
  return names.size === candidates.length ? "a qualified name, or path:line" : "a qualified name where no other has it, else path:line";
}

/** The lines an ambiguous or unknown answer prints. */
export function unresolvedText(query: string, resolution: Exclude<SymbolResolution, { status: "ok" }>, files: number): string[] {
  if (resolution.status === "ambiguous") {
    const shown = resolution.candidates.slice(0, 20);
    return [
      `'${query}' is ambiguous: ${resolution.candidates.length} declarations. Pass one of these (${disambiguator(resolution.candidates)}):`,
      ...shown.map((c) => `  ${describeSymbol(c)}`),
      ...(resolution.candidates.length > shown.length ? [`  … and ${resolution.candidates.length - shown.length} more`] : []),
    ];
  }
  const near = resolution.nearest.length ? `; nearest names: ${resolution.nearest.join(", ")}` : "";
  return [`no declaration named '${query}' in ${files} indexed files${near}${partialNote(resolution)}`];
}
