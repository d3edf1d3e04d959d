// The file graph of an index: import edges between files, loaded once per store state,
// with a PageRank centrality normalized to [0, 1]. By default it holds the syntax tier's
// edges; the precision tier (`checker: true`) takes the checker's edges (one per file pair
// and type) for every file the checker walked, and syntax edges for the others. With
// `typed`, the wiring edges too (routes, DI, requests, config: src/wiring), for plans that
// weigh edges by type; the checker does not produce those, so they come from syntax.

import type { Database } from "bun:sqlite";
import { WIRING_EDGE_TYPES } from "../store/edge-types.ts";

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
// Wiring edges carry a key whichever tier vouches for them; the checker walk's edges carry none.

function syntaxEdges(typed: boolean): string {
  const wiring = typed ? "" : ` AND type NOT IN (${WIRING})`;
  return `SELECT from_file AS f, to_file AS t, type, max(weight) AS weight FROM edges
   WHERE (provenance <> 'checker' OR key IS NOT NULL) AND from_file <> to_file${wiring} GROUP BY from_file, to_file, type ORDER BY 1, 2, 3`;
}

function precisionEdges(typed: boolean): string {
  const wiring = typed
    ? `UNION ALL
  SELECT from_file, to_file, type, max(weight) FROM edges
   WHERE key IS NOT NULL AND type IN (${WIRING}) AND from_file <> to_file GROUP BY from_file, to_file, type`
    : "";
  return `
  SELECT from_file AS f, to_file AS t, type, max(weight) AS weight FROM edges
   WHERE provenance = 'checker' AND key IS NULL AND from_file <> to_file GROUP BY from_file, to_file, type
  UNION ALL
  SELECT from_file, to_file, type, weight FROM edges
   WHERE provenance <> 'checker' AND type NOT IN (${WIRING}) AND from_file NOT IN (SELECT DISTINCT from_file FROM edges WHERE provenance = 'checker' AND key IS NULL)
  ${wiring}
  ORDER BY 1, 2, 3`;
}

/** The graph of the store, cached per build (`index_completed_at`), tier and edge set; no self-loops. */
export function loadFileGraph(db: Database, build: string, options: { checker?: boolean; typed?: boolean } = {}): FileGraph {
  const typed = options.typed === true;
  const version = `${db.filename}\0${build}\0${options.checker ? "checker" : "syntax"}\0${typed ? "typed" : "deps"}`; // one process may serve several stores
  const cached = cache.get(version);
  if (cached) return cached;
  const out = new Map<number, GraphEdge[]>();
  const inn = new Map<number, GraphEdge[]>();
  const rows = db.query(options.checker ? precisionEdges(typed) : syntaxEdges(typed)).all() as {
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
  cache.set(version, graph);
  return graph;
}
