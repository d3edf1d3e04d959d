// Symbol-level edges of the index: who references, calls, implements or extends a
// declaration (incoming edges to its symbol rows), and the files that merely import its
// file (the syntax tier's only evidence). How complete they are: graph/symbol-edges.ts.

import type { Database } from "bun:sqlite";
import { moduleName } from "../lang/languages.ts";

export interface IncomingEdge {
  type: string;
  provenance: string;
  /** The referencing declaration, or null for top-level code. */
  fromSymbol: number | null;
  fromName: string | null;
  fromKind: string | null;
  fromFile: number;
  path: string;
  line: number | null;
  isTest: boolean;
  /** The declaration the edge points at (one of the asked ids). */
  toSymbol: number;
}

export function incomingEdges(db: Database, symbolIds: readonly number[]): IncomingEdge[] {
  if (!symbolIds.length) return [];
  const marks = symbolIds.map(() => "?").join(",");
  const raw = db
    .query(
      `SELECT e.type, e.provenance, e.from_symbol AS fromSymbol, s.qualified_name AS fromName, s.kind AS fromKind, e.from_file AS fromFile,
              f.path, e.evidence_line AS line, f.is_test AS isTest, e.to_symbol AS toSymbol, e.key AS wiringKey
         FROM edges e JOIN files f ON f.id = e.from_file LEFT JOIN symbols s ON s.id = e.from_symbol
        WHERE e.to_symbol IN (${marks})
        ORDER BY f.path, e.evidence_line, e.type`,
    )
    .all(...symbolIds) as (Omit<IncomingEdge, "isTest"> & { isTest: number; toSymbol: number; wiringKey: string | null })[];
  // An edge the checker walk also found (wiring's `implements`, of either tier) is the same fact: keep the walk's.
  const key = (r: (typeof raw)[number]) => `${r.type}\0${r.fromSymbol ?? `f${r.fromFile}`}\0${r.toSymbol}`;
  const walked = (r: (typeof raw)[number]) => r.provenance === "checker" && r.wiringKey === null;
  const checked = new Set(raw.filter(walked).map(key));
  return raw.filter((r) => walked(r) || !checked.has(key(r))).map(({ wiringKey: _k, ...r }) => ({ ...r, isTest: r.isTest === 1 }));
}

/** Files with a syntax import edge to `fileId` (what the syntax tier knows). */
export function importersOf(db: Database, fileId: number): { path: string; line: number | null; isTest: boolean }[] {
  const raw = db
    .query("SELECT DISTINCT f.path, e.evidence_line AS line, f.is_test AS isTest FROM edges e JOIN files f ON f.id = e.from_file WHERE e.to_file = ? AND e.provenance = 'syntax' AND e.type = 'imports' ORDER BY f.path")
    .all(fileId) as { path: string; line: number | null; isTest: number }[];
  return raw.map((r) => ({ ...r, isTest: r.isTest === 1 }));
}

/**
 * The other files of a Go file's package (its folder's .go files): they use its declarations without importing it, so
 * the syntax tier's import edges never list them (a Go test beside the code is in the package). Empty for other languages.
 */
export function samePackageOf(db: Database, fileId: number): { path: string; line: null; isTest: boolean }[] {
  const file = db.query("SELECT path, language FROM files WHERE id = ?").get(fileId) as { path: string; language: string | null } | null;
  if (!file || file.language !== "go") return [];
  const dir = file.path.includes("/") ? file.path.slice(0, file.path.lastIndexOf("/") + 1) : "";
  const rows = db.query("SELECT path, is_test AS isTest FROM files WHERE language = 'go' AND id != ? AND path LIKE ? ESCAPE '\\' ORDER BY path").all(fileId, `${dir.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) as { path: string; isTest: number }[];
  return rows.filter((r) => !r.path.slice(dir.length).includes("/")).map((r) => ({ path: r.path, line: null, isTest: r.isTest === 1 }));
}

/**
 * Whether a Python importer's statement at `line` can bind `name` of the module at `modulePath`: `from m import a, b`
 * names what it binds, so a file importing only `compute_total` does not reach `apply_discount`. True when it may:
 * `import m` (no names), `from m import *`, `from pkg import m` (the module itself), or no statement recorded there.
 */
export function pythonImportBinds(db: Database, importerPath: string, line: number | null, name: string, modulePath: string): boolean {
  if (line === null) return true;
  const rows = db.query("SELECT i.names FROM imports i JOIN files f ON f.id = i.file_id WHERE f.path = ? AND i.line = ?").all(importerPath, line) as { names: string }[];
  if (!rows.length) return true;
  const stem = moduleName(modulePath).replace(/\.py$/, "");
  return rows.some((r) => {
    const names = r.names.split(",").map((n) => n.trim()).filter(Boolean);
    return !names.length || names.some((n) => n === "*" || n === name || n === stem);
  });
}
