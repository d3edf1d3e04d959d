// svc find --kind neighbors / svc_find kind=neighbors: everything that points at one
// declaration — callers, references, implementers, subclasses, injection sites — from the
// checker's edges, with a coverage line. In the syntax tier it says so and lists only the
// files importing the declaring file: never "0 references" when the checker did not run.

import { symbolNotFound } from "../errors.ts";
import type { Database } from "bun:sqlite";
import type { OpenIndex } from "../index/open.ts";
import { availabilityHeader } from "../render/availability.ts";
import { coverageLine, coverageOf, importersOf, incomingEdges, type Coverage, type IncomingEdge } from "../graph/symbol-edges.ts";
import { describeSymbol, resolveSymbol, unresolvedText, type SymbolRow } from "../retrieve/resolve-symbol.ts";
import type { OpResult } from "./types.ts";

export type NeighborSection = "callers" | "references" | "implementers" | "subclasses" | "injection sites";
const SECTIONS: NeighborSection[] = ["callers", "references", "implementers", "subclasses", "injection sites"];

export interface NeighborHit {
  type: string;
  from: string | null;
  path: string;
  line: number | null;
  provenance: string;
}

export interface NeighborsData {
  status: "ok" | "ambiguous" | "not_found";
  target?: { kind: string; qualifiedName: string; path: string; line: number };
  candidates?: { kind: string; qualifiedName: string; path: string; line: number }[];
  nearest?: string[];
  neighbors?: Record<NeighborSection, NeighborHit[]>;
  /** Syntax tier: files importing the declaring file. */
  importers?: { path: string; line: number | null }[];
  memberReferences?: number;
  coverage?: Coverage & { line: string };
}

export function sectionOf(type: string): NeighborSection {
  if (type === "calls") return "callers";
  if (type === "implements") return "implementers";
  if (type === "extends") return "subclasses";
  if (/inject|di_/.test(type)) return "injection sites";
  return "references";
}

const brief = (s: SymbolRow) => ({ kind: s.kind, qualifiedName: s.qualifiedName, path: s.path, line: s.line });

function hitOf(e: IncomingEdge): NeighborHit {
  return { type: e.type, from: e.fromName, path: e.path, line: e.line, provenance: e.provenance };
}

function hitLine(h: NeighborHit, section: NeighborSection): string {
  const tag = section === "references" ? `[${h.type}] ` : "";
  return `${tag}${h.from ?? "(top level)"}  (${h.path}${h.line ? `:${h.line}` : ""})`;
}

/** Incoming references to the members of a class or interface (declared in the same file). */
function memberReferenceCount(db: Database, target: SymbolRow): number {
  if (!/class|interface|enum|namespace/.test(target.kind)) return 0;
  const row = db
    .query("SELECT count(*) AS n FROM edges e JOIN symbols s ON s.id = e.to_symbol WHERE s.file_id = ? AND s.container = ?")
    .get(target.fileId, target.qualifiedName) as { n: number };
  return row.n;
}

export function findNeighbors(db: Database, index: OpenIndex, query: string): OpResult<NeighborsData> {
  const files = Number(index.meta.index_inventory_count ?? 0);
  const resolution = resolveSymbol(db, query);
  const header = index.state !== "ready" || index.meta.semantic_pending === "1" ? [availabilityHeader(index.meta.semantic_pending === "1" && index.state === "ready" ? "upgrade_pending" : index.state, index.meta, index.detail), ""] : [];
  if (resolution.status === "not_found") throw symbolNotFound(query, resolution.nearest, files);
  if (resolution.status !== "ok") {
    const data: NeighborsData =
      { status: "ambiguous", candidates: resolution.candidates.map(brief) };
    return { text: [...header, ...unresolvedText(query, resolution, files)].join("\n"), data };
  }
  const target = resolution.symbols[0] as SymbolRow;
  const ids = resolution.symbols.map((s) => s.id);
  const coverage = coverageOf(db, index.meta, target.fileId);
  const out = [...header, `neighbors of ${describeSymbol(target)}`];
  const data: NeighborsData = { status: "ok", target: brief(target) };
  if (!coverage.checker) {
    const importers = importersOf(db, target.fileId);
    data.importers = importers.map((i) => ({ path: i.path, line: i.line }));
    out.push(`checker edges unavailable: ${coverage.why}`);
    out.push(`files importing ${target.path} (syntax tier; callers and references inside them are not resolved) (${importers.length}):`);
    out.push(...(importers.length ? importers.map((i) => `  ${i.path}${i.line ? `:${i.line}` : ""}`) : ["  none found (syntax tier; may be incomplete)"]));
    const line = coverageLine(coverage, 0, importers.length);
    data.coverage = { ...coverage, line };
    out.push(line);
    return { text: out.join("\n"), data };
  }
  const edges = incomingEdges(db, ids);
  const sections = Object.fromEntries(SECTIONS.map((s) => [s, [] as NeighborHit[]])) as Record<NeighborSection, NeighborHit[]>;
  for (const e of edges) sections[sectionOf(e.type)].push(hitOf(e));
  data.neighbors = sections;
  for (const section of SECTIONS) {
    const hits = sections[section];
    if (!hits.length && (section === "injection sites" || (section !== "callers" && section !== "references" && !/class|interface/.test(target.kind)))) continue;
    out.push(`${section} (${hits.length}):`);
    out.push(...(hits.length ? hits.map((h) => `  ${hitLine(h, section)}`) : ["  none"]));
  }
  const members = memberReferenceCount(db, target);
  if (members) {
    data.memberReferences = members;
    out.push(`also: ${members} reference${members === 1 ? "" : "s"} to its members (ask for ${target.qualifiedName}.<member>)`);
  }
  const checkerCount = edges.filter((e) => e.provenance === "checker").length;
  const line = coverage.declaringFileCovered || edges.length ? coverageLine(coverage, checkerCount, edges.length - checkerCount) : `coverage: ${target.path} is outside every loaded TypeScript project (svc doctor); the checker resolved no references to it`;
  data.coverage = { ...coverage, line };
  out.push(line);
  return { text: out.join("\n"), data };
}
