// svc/graph: the workspace's file graph (or folded into directories) with centrality,
// token costs and declared types; optionally restricted to a directory and overlaid with
// the roles of a focus, search or changes scope.

import { loadFileGraph } from "../graph/file-graph.ts";
import { collectIndexed, type Collection } from "../plan/collect.ts";
import type { Plan } from "../plan/model.ts";
import { nothingCollected } from "./fusion.ts";
import { planScope } from "./scope.ts";
import { confine } from "../workspace/confine.ts";
import { resolveWorkspace } from "../workspace/root.ts";
import type { OpContext, OpResult } from "./types.ts";
import { NAMED_TYPE_KINDS_SQL } from "../lang/model.ts";

export interface GraphRequest {
  path: string;
  detail: "files" | "directories";
  scopeMode: "focus" | "search" | "changes" | null;
  seed: string | null;
  query: string | null;
  since: string | null;
  directory: string | null;
}

export interface GraphNode {
  path: string;
  declaredTypes: string[];
  centrality: number;
  tokenCost: number;
  role?: string;
}

export interface GraphData {
  detail: "files" | "directories";
  nodes: GraphNode[];
  edges: { from: string; to: string; weight: number; kind: string }[];
  /** Why there is no node, and what to try. */
  empty?: string;
}

/** Why the graph has no node: nothing collected at all, or nothing under `directory`. */
function emptyGraph(collection: Collection, relDir: string, directory: string, surface: OpContext["surface"]): string {
  if (collection.files.length === 0) return nothingCollected(relDir, {}, surface);
  const top = [...new Set(collection.files.filter((f) => f.path.includes("/")).map((f) => f.path.slice(0, f.path.indexOf("/"))))].sort().slice(0, 8);
  return `no indexed file under directory '${directory}' (${collection.files.length} file${collection.files.length === 1 ? "" : "s"} collected${top.length ? `; top folders: ${top.join(", ")}` : ""}); pass directory as a folder relative to the workspace root, or leave it out for the whole graph`;
}

/** The roles of a focus, search (task localization) or changes scope — the same plan svc/explain returns. */
async function overlay(collection: Collection, request: GraphRequest): Promise<Plan | null> {
  if (request.scopeMode === null) return null;
  return planScope(collection, { mode: request.scopeMode, seed: request.seed, query: request.query, since: request.since });
}

/**
 * The directory as a root-relative folder: relative to the root, or an absolute path inside the workspace (as every other
 * path parameter takes it); "", "." and "/": the whole workspace. One that leaves the root (`../x`, `/etc`, a link out) is
 * refused as every path parameter is (the spec's rule), not answered with an empty graph.
 */
function relativeDirectory(root: string, directory: string | null): string {
  const dir = directory ?? "";
  if (/^\.?\/*$/.test(dir)) return "";
  return confine(root, dir, "graph").rel;
}

const dirOf = (path: string) => (path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : ".");
const round = (n: number) => Math.round(n * 1000) / 1000;

export async function graph(request: GraphRequest, ctx: OpContext): Promise<OpResult<GraphData>> {
  const ws = resolveWorkspace(request.path, ctx.cwd);
  const collection = await collectIndexed(ws, { template: null }, ctx);
  try {
    const db = collection.index.db;
    const g = loadFileGraph(db, collection.index.meta.index_completed_at ?? "");
    const plan = await overlay(collection, request);
    const roles = new Map(plan?.entries.map((e) => [e.fileId, e.role]) ?? []);
    const under = relativeDirectory(ws.root, request.directory);
    const prefix = under && under !== "." ? `${under}/` : ""; // "." and "/": the whole workspace
    const files = collection.files.filter((f) => !prefix || f.path.startsWith(prefix));
    const inScope = new Set(files.map((f) => f.id));
    const types = db.prepare(`SELECT name FROM symbols WHERE file_id = ? AND container IS NULL AND kind IN ${NAMED_TYPE_KINDS_SQL} ORDER BY start_offset`);
    const nodes: GraphNode[] = files.map((f) => ({
      path: f.path,
      declaredTypes: (types.all(f.id) as { name: string }[]).map((r) => r.name),
      centrality: round(g.centrality.get(f.id) ?? 0),
      tokenCost: f.tokens,
      ...(roles.has(f.id) ? { role: roles.get(f.id) } : {}),
    }));
    const edges: GraphData["edges"] = [];
    for (const f of files) {
      for (const e of g.out.get(f.id) ?? []) {
        const to = collection.byId.get(e.to);
        if (to && inScope.has(e.to)) edges.push({ from: f.path, to: to.path, weight: e.weight, kind: e.type });
      }
    }
    const empty = nodes.length === 0 ? emptyGraph(collection, ws.relDir, request.directory ?? "", ctx.surface) : undefined;
    const why = empty ? `: ${empty}` : "";
    if (request.detail === "files") return { text: `${nodes.length} files, ${edges.length} edges${why}`, data: { detail: "files", nodes, edges, ...(empty ? { empty } : {}) } };
    const folded = new Map<string, GraphNode>();
    for (const n of nodes) {
      const dir = dirOf(n.path);
      const node = folded.get(dir) ?? { path: dir, declaredTypes: [], centrality: 0, tokenCost: 0 };
      node.declaredTypes.push(...n.declaredTypes);
      node.centrality = Math.max(node.centrality, n.centrality);
      node.tokenCost += n.tokenCost;
      if (n.role && !node.role) node.role = n.role;
      folded.set(dir, node);
    }
    const weights = new Map<string, number>();
    for (const e of edges) {
      const key = `${dirOf(e.from)}\0${dirOf(e.to)}`;
      if (dirOf(e.from) !== dirOf(e.to)) weights.set(key, (weights.get(key) ?? 0) + e.weight);
    }
    const dirEdges = [...weights].map(([key, weight]) => {
      const [from, to] = key.split("\0") as [string, string];
      return { from, to, weight, kind: "imports" };
    });
    const dirNodes = [...folded.values()].sort((a, b) => (a.path < b.path ? -1 : 1));
    return { text: `${dirNodes.length} directories, ${dirEdges.length} edges${why}`, data: { detail: "directories", nodes: dirNodes, edges: dirEdges, ...(empty ? { empty } : {}) } };
  } finally {
    collection.index.db.close();
  }
}
