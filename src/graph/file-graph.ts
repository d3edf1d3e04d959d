// The file graph of an index: import edges between files, loaded once per store state,
// with a PageRank centrality normalized to [0, 1]. With `typed`, the wiring edges too
// (routes, DI, requests, config: src/wiring), for plans that weigh edges by type.

import type { Database } from "bun:sqlite";
import { WIRING_EDGE_TYPES } from "../wiring/model.ts";

export interface GraphEdge {
  to: number;
  type: string;
  weight: number;
}

export interface FileGraph {
  /** Outgoing edges: the files a file depends on. */
  out: Map<number, GraphEdge[]>;
  /** Incoming edges: the files that depend on a file (edge.to is the dependent). */
  in: Map<number, GraphEdge[]>;
  centrality: Map<number, number>;
}

const cache = new Map<string, FileGraph>();

function push(map: Map<number, GraphEdge[]>, key: number, edge: GraphEdge): void {
  const list = map.get(key);
  if (list) list.push(edge);
  else map.set(key, [edge]);
}

/** PageRank over dependency edges (a file many others import ranks high), scaled so the top file is 1. */
export function pageRank(nodes: readonly number[], out: Map<number, GraphEdge[]>, iterations = 30, damping = 0.85): Map<number, number> {
  const n = nodes.length;
  const rank = new Map<number, number>();
  if (n === 0) return rank;
  for (const id of nodes) rank.set(id, 1 / n);
  for (let it = 0; it < iterations; it++) {
    const next = new Map<number, number>();
    let dangling = 0;
    for (const id of nodes) {
      const edges = out.get(id);
      const r = rank.get(id) ?? 0;
      if (!edges || edges.length === 0) {
        dangling += r;
        continue;
      }
      const share = r / edges.length;
      for (const e of edges) next.set(e.to, (next.get(e.to) ?? 0) + share);
    }
    const base = (1 - damping) / n + (damping * dangling) / n;
    for (const id of nodes) rank.set(id, base + damping * (next.get(id) ?? 0));
  }
  let max = 0;
  for (const v of rank.values()) max = Math.max(max, v);
  for (const [id, v] of rank) rank.set(id, max > 0 ? v / max : 0);
  return rank;
}

const WIRING = WIRING_EDGE_TYPES.map((t) => `'${t}'`).join(",");

/** The graph of the store, cached per build (`index_completed_at`); one edge per file pair and type, no self-loops. */
export function loadFileGraph(db: Database, version: string, typed = false): FileGraph {
  const key = `${version}|${typed ? "typed" : "deps"}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const out = new Map<number, GraphEdge[]>();
  const inn = new Map<number, GraphEdge[]>();
  const where = `WHERE from_file != to_file${typed ? "" : ` AND type NOT IN (${WIRING})`}`;
  const rows = db.query(`SELECT from_file AS f, to_file AS t, type, max(weight) AS weight FROM edges ${where} GROUP BY from_file, to_file, type ORDER BY from_file, to_file, type`).all() as {
    f: number;
    t: number;
    type: string;
    weight: number;
  }[];
  for (const r of rows) {
    push(out, r.f, { to: r.t, type: r.type, weight: r.weight });
    push(inn, r.t, { to: r.f, type: r.type, weight: r.weight });
  }
  const nodes = (db.query("SELECT id FROM files ORDER BY id").all() as { id: number }[]).map((r) => r.id);
  const graph: FileGraph = { out, in: inn, centrality: pageRank(nodes, out) };
  if (cache.size > 8) cache.clear();
  cache.set(key, graph);
  return graph;
}
