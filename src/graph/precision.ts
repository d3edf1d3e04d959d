// The precision tier (SVC_SEMANTIC=1) for catalog B scoping: dependency edges from the type
// checker instead of syntax, and for a `Type.Member` focus only the edges of that member.

import type { Database } from "bun:sqlite";
import type { IndexMeta } from "../store/meta.ts";
import { envBool } from "../sys/env.ts";
import { loadFileGraph, type FileGraph, type GraphEdge } from "./file-graph.ts";

export function precisionTier(): boolean {
  return envBool("SVC_SEMANTIC", false);
}

/** The file graph a scope expands through; notes why the precision tier could not apply. */
export function scopeGraph(db: Database, meta: IndexMeta, notes: string[]): { graph: FileGraph; checker: boolean } {
  const version = meta.index_completed_at ?? "";
  if (!precisionTier()) return { graph: loadFileGraph(db, version), checker: false };
  if (meta.index_mode === "semantic" || meta.index_mode === "partial") return { graph: loadFileGraph(db, version, { checker: true }), checker: true };
  notes.push(`precision tier: the index has no checker edges (index mode ${meta.index_mode ?? "unknown"}; svc doctor says why); dependencies come from syntax`);
  return { graph: loadFileGraph(db, version), checker: false };
}

function aggregate(rows: { file: number; type: string; weight: number }[]): GraphEdge[] {
  const best = new Map<string, GraphEdge>();
  for (const r of rows) {
    const key = `${r.file}\0${r.type}`;
    const prior = best.get(key);
    if (!prior || prior.weight < r.weight) best.set(key, { to: r.file, type: r.type, weight: r.weight });
  }
  return [...best.values()].sort((a, b) => a.to - b.to || (a.type < b.type ? -1 : 1));
}

/** `graph` with the seed file's edges narrowed to those of one member (what it uses, what uses it). */
export function memberGraph(db: Database, graph: FileGraph, fileId: number, member: string): FileGraph {
  const ids = (db.query("SELECT id FROM symbols WHERE file_id = ? AND qualified_name = ?").all(fileId, member) as { id: number }[]).map((r) => r.id);
  if (!ids.length) return graph;
  const marks = ids.map(() => "?").join(",");
  const outRows = db.query(`SELECT to_file AS file, type, weight FROM edges WHERE provenance = 'checker' AND key IS NULL AND from_symbol IN (${marks}) AND to_file <> ?`).all(...ids, fileId) as { file: number; type: string; weight: number }[];
  const inRows = db.query(`SELECT from_file AS file, type, weight FROM edges WHERE provenance = 'checker' AND key IS NULL AND to_symbol IN (${marks}) AND from_file <> ?`).all(...ids, fileId) as { file: number; type: string; weight: number }[];
  const out = new Map(graph.out);
  const inn = new Map(graph.in);
  out.set(fileId, aggregate(outRows));
  inn.set(fileId, aggregate(inRows));
  return { out, in: inn, centrality: graph.centrality };
}
