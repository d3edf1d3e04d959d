// The declaration a refactor acts on, resolved as `svc impact` and `find kind=neighbors`
// resolve symbols (Name, Type.member, path:line), narrowed by `containingType` and `file`,
// and the position of its name in the declaring file for the language server.

import type { Database } from "bun:sqlite";
import { identifierUse } from "../lang/identifier.ts";
import { alsoNamedLine, describeSymbol, partialNote, resolveSymbol, type SymbolRow } from "../retrieve/resolve-symbol.ts";
import { positionOf, type Position } from "../semantic/index.ts";
import { lineStarts } from "../text/lines.ts";

/**
 * `line`/`column`: where the name is as the index counts lines (at "\n"), for messages;
 * `position`: the same place as the engine counts (it also breaks lines at a lone "\r" and
 * counts columns after a BOM), for every engine request and offsetOf.
 */
export type Target =
  | { ok: true; symbol: SymbolRow; line: number; column: number; position: Position; alsoNamed?: string }
  | { ok: false; reason: string; notFound?: { query: string; nearest: string[]; note: string } };

/** The 1-based line and column of `name` as an identifier in the declaration's lines (not after a `.`). */
export function namePosition(text: string, symbol: SymbolRow): { line: number; column: number } | null {
  const lines = text.split("\n");
  const word = new RegExp(identifierUse(symbol.name));
  for (let l = symbol.line; l <= Math.max(symbol.line, symbol.endLine) && l <= lines.length; l++) {
    const m = word.exec(lines[l - 1] ?? "");
    if (m) return { line: l, column: m.index + 1 };
  }
  return null;
}

export function resolveTarget(db: Database, symbol: string, containingType: string | null, file: string | null, readText: (path: string) => string | null): Target {
  const query = containingType && !/:\d+$/.test(symbol) ? `${containingType}.${symbol}` : symbol;
  const resolution = resolveSymbol(db, query);
  if (resolution.status === "not_found") {
    const near = resolution.nearest.length ? `; nearest names: ${resolution.nearest.join(", ")}` : "";
    // a name that declares nothing: symbol_not_found, as impact, test and find answer it (spec/workspace-and-index.md), not a refusal
    return { ok: false, reason: `no declaration named '${query}' in the index${near}${partialNote(resolution)}`, notFound: { query, nearest: resolution.nearest, note: partialNote(resolution) } };
  }
  let found = resolution.status === "ok" ? resolution.symbols : resolution.candidates;
  if (file) {
    const inFile = found.filter((s) => s.path === file);
    if (!inFile.length) return { ok: false, reason: `'${query}' is not declared in ${file} (declared in ${[...new Set(found.map((s) => s.path))].join(", ")})` };
    // an ambiguous bare name lists members too: in one file, a declaration named exactly so wins over a member
    const exact = inFile.filter((s) => s.qualifiedName === query);
    found = exact.length ? exact : inFile;
  }
  const first = found[0]!;
  if (!found.every((s) => s.qualifiedName === first.qualifiedName && s.fileId === first.fileId)) {
    const shown = found.slice(0, 10).map(describeSymbol).join("; ");
    return { ok: false, reason: `${query} is ambiguous: ${shown}${found.length > 10 ? `; and ${found.length - 10} more` : ""}; pass containingType or file` };
  }
  const text = readText(first.path);
  const at = text === null ? null : namePosition(text, first);
  if (!at) return { ok: false, reason: `the name ${first.name} was not found in ${first.path} at line ${first.line} (the index may be behind the file; run svc_workspace action=index)` };
  const position = positionOf(text!, lineStarts(text!)[at.line - 1]! + at.column - 1);
  // a bare name resolved to its one top-level declaration (no file, no containing type): the members named so are said to exist
  const alsoNamed = resolution.status === "ok" && resolution.alsoNamed && !file ? alsoNamedLine(query, resolution.alsoNamed) : null;
  return { ok: true, symbol: first, ...at, position, ...(alsoNamed ? { alsoNamed } : {}) };
}
