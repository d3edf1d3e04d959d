// The common opening of the symbol-mode operations (svc impact, svc test): resolve the
// workspace, open its index (the availability header when it cannot answer), resolve the
// symbol query and answer an ambiguous or unknown name with the candidates or nearest
// names, then hand the one resolved declaration to the operation's body.

import type { Database } from "bun:sqlite";
import { symbolNotFound } from "../errors.ts";
import { mergedIds } from "../graph/merged-declarations.ts";
import { indexForRead } from "../indexing/fresh.ts";
import { answerState, type IndexState } from "../index/open.ts";
import { availabilityHeader } from "../render/availability.ts";
import { alsoNamedLine, partialNote, resolveSymbol, symbolById, unresolvedText, type AlsoNamed, type SymbolRow } from "../retrieve/resolve-symbol.ts";
import type { IndexMeta } from "../store/meta.ts";
import { textReader } from "../workspace/files.ts";
import { resolveWorkspace } from "../workspace/root.ts";
import type { OpContext, OpResult } from "./types.ts";

export type SymbolBrief = { kind: string; qualifiedName: string; path: string; line: number };

export const symbolBrief = (s: SymbolRow): SymbolBrief => ({ kind: s.kind, qualifiedName: s.qualifiedName, path: s.path, line: s.line });

/** The answer when the symbol does not resolve to one declaration (or the index cannot answer). */
export interface UnresolvedSymbol {
  root: string;
  indexState: IndexState;
  status: "ambiguous" | "not_found" | "unavailable";
  /** The declarations the name could mean, as many as the text lists (AMBIGUOUS_LISTED). */
  candidates?: SymbolBrief[];
  /** How many there are when more than are listed. */
  candidatesTotal?: number;
  nearest?: string[];
}

/** Candidates an ambiguous answer lists, in its text and its structured result alike (a name declared 3,000 times listed all of them in the structured result). */
const AMBIGUOUS_LISTED = 20;

/** The candidates of an ambiguous name as the structured result lists them, and how many there are when more. */
export function listedCandidates(candidates: readonly SymbolRow[]): { candidates: SymbolBrief[]; candidatesTotal?: number } {
  const listed = candidates.slice(0, AMBIGUOUS_LISTED).map(symbolBrief);
  return { candidates: listed, ...(listed.length < candidates.length ? { candidatesTotal: candidates.length } : {}) };
}

export interface SymbolTarget {
  root: string;
  db: Database;
  meta: IndexMeta;
  state: IndexState;
  /** The availability header (first line of the answer). */
  header: string;
  target: SymbolRow;
  /** Every row of the declaration (overloads, merged declarations). */
  symbols: SymbolRow[];
  /** A bare name resolved to its one top-level declaration while members share it: the line saying so (the answer's, under its title) and its figures. */
  alsoNamed?: { line: string; data: AlsoNamed };
}

export async function withSymbol<D extends object>(
  query: string,
  path: string,
  ctx: OpContext,
  body: (t: SymbolTarget) => Promise<OpResult<D>> | OpResult<D>,
): Promise<OpResult<D | UnresolvedSymbol>> {
  const ws = resolveWorkspace(path, ctx.cwd);
  const index = await indexForRead(ws.root, ctx);
  if (!index.available) {
    return { text: availabilityHeader(index.state, index.meta, index.detail), data: { root: ws.root, indexState: index.state, status: "unavailable" } };
  }
  try {
    const db = index.db;
    const state = answerState(index);
    const header = availabilityHeader(state, index.meta, index.detail);
    const resolution = resolveSymbol(db, query);
    if (resolution.status === "not_found") throw symbolNotFound(query, resolution.nearest, Number(index.meta.index_inventory_count ?? 0), partialNote(resolution));
    if (resolution.status !== "ok") {
      const text = [header, ...unresolvedText(query, resolution, Number(index.meta.index_inventory_count ?? 0))].join("\n");
      const data: UnresolvedSymbol = { root: ws.root, indexState: state, status: "ambiguous", ...listedCandidates(resolution.candidates) };
      return { text, data };
    }
    const alsoNamed = resolution.alsoNamed ? { line: alsoNamedLine(query, resolution.alsoNamed), data: resolution.alsoNamed } : undefined;
    return await body({ root: ws.root, db, meta: index.meta, state, header, target: resolution.symbols[0] as SymbolRow, symbols: withMerged(db, resolution.symbols, textReader(ws.root)), ...(alsoNamed ? { alsoNamed } : {}) });
  } finally {
    index.db.close();
  }
}

/** `symbols` (a declaration's rows) with every declaration merged with them: the other blocks of an interface or namespace, module augmentations (graph/merged-declarations.ts). */
export function withMerged(db: Database, symbols: readonly SymbolRow[], readText?: (path: string) => string | null): SymbolRow[] {
  const target = symbols[0];
  if (!target) return [];
  const known = new Set(symbols.map((s) => s.id));
  return [...symbols, ...mergedIds(db, target, readText).filter((id) => !known.has(id)).flatMap((id) => symbolById(db, id) ?? [])];
}
