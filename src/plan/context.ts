// svc_context planning: seeds of every kind (symbols, files, services, requests, configs,
// routes) expanded best-first through typed edges in both directions, with edge weights,
// hop decay and fan-out damping; each file gets a role (from the edge that brought it in)
// and a reduction tier. Seeds are must-keep.

import { validationError } from "../errors.ts";
import { expand, type Reached } from "../graph/expand.ts";
import { loadFileGraph } from "../graph/file-graph.ts";
import type { Level } from "../render/reduce/index.ts";
import { confine } from "../workspace/confine.ts";
import type { Collection } from "./collect.ts";
import type { Plan, PlanEntry, Role, SeedPin } from "./model.ts";
import { seedPin } from "./seed-pins.ts";
import { confineSeedPath, resolveSeed, SEED_NEXT, unreadOf } from "./seeds.ts";
import { unreadCaveat } from "../index/partial-files.ts";
import { resolveWiringSeed, type WiringKind } from "./wiring-seeds.ts";

export interface ContextSeeds {
  seeds: string[];
  files: string[];
  services: string[];
  requests: string[];
  configs: string[];
  routes: string[];
}

/** Edge weights by type (route/request handler 1.0–0.95, DI 0.95, implements 0.9, config 0.85, inherits/injects 0.75, tests 0.65, imports 0.5, references 0.15). */
export const EDGE_WEIGHTS: Record<string, number> = {
  route_handles: 1,
  request_handles: 0.95,
  di_resolves_to: 0.95,
  implements: 0.9,
  config_reads: 0.85,
  extends: 0.75,
  di_injects: 0.75,
  sends_request: 0.75,
  tests: 0.65,
  imports: 0.5,
  references: 0.15,
};
const HOP_DECAY = 0.65;
const THRESHOLD = 0.1;

/** The role of a file reached through a typed edge, by direction: `out` follows the edge (the file is its target), `in` goes against it. */
const ROLE_BY_EDGE: Record<string, { out: Role; in: Role }> = {
  route_handles: { out: "route-handler", in: "consumer" },
  route_mounts: { out: "route-handler", in: "consumer" },
  request_handles: { out: "request-handler", in: "dependency" },
  sends_request: { out: "request-handler", in: "consumer" },
  di_resolves_to: { out: "di-implementation", in: "dependency" },
  di_injects: { out: "dependency", in: "consumer" },
  implements: { out: "dependency", in: "di-implementation" },
  config_reads: { out: "config", in: "consumer" },
  tests: { out: "test", in: "test" },
};

const TIER_BY_ROLE: Partial<Record<Role, Level>> = {
  "exact-seed": "standard",
  "route-handler": "standard",
  "request-handler": "standard",
  "di-implementation": "standard",
  changed: "standard",
  config: "none",
};

export function roleOf(reached: Reached, isTest: boolean): Role {
  if (reached.via === "seed") return "exact-seed";
  const last = reached.edges[reached.edges.length - 1] ?? "";
  const byEdge = ROLE_BY_EDGE[last]?.[reached.dirs[reached.dirs.length - 1] ?? "out"];
  if (byEdge) return isTest && byEdge === "consumer" ? "test" : byEdge;
  if (isTest) return "test";
  return reached.via === "dependent" ? "consumer" : "dependency";
}

export function tierOf(role: Role): Level {
  return TIER_BY_ROLE[role] ?? "skeleton";
}

interface SeedHit {
  id: number;
  label: string;
  /** Relative strength in (0, 1] (task candidates: score over the best); 1 when absent. */
  score?: number;
  /** What the seed names in the file (a line, a declaration): kept through any cut. */
  pin?: SeedPin;
}

/**
 * The files a seed name matched, sources before tests and the most depended-on (files with an
 * edge into it) first: a name declared in several files (hono's `Context`: the request context
 * class, a JSX type, a router node's interface, a test's stub) seeds them all, and under a
 * budget the one most code goes through is the one kept, not the first in file order.
 */
function mostDependedOnFirst<F extends { id: number; isTest: boolean }>(collection: Collection, files: readonly F[]): F[] {
  const count = collection.index.db.query("SELECT COUNT(DISTINCT from_file) AS n FROM edges WHERE to_file = ? AND from_file <> to_file");
  const dependents = new Map(files.map((f) => [f.id, (count.get(f.id) as { n: number } | null)?.n ?? 0]));
  return [...files].sort((a, b) => Number(a.isTest) - Number(b.isTest) || (dependents.get(b.id) ?? 0) - (dependents.get(a.id) ?? 0));
}

function resolveSeeds(collection: Collection, seeds: ContextSeeds, notes: string[]): SeedHit[] {
  const hits: SeedHit[] = [];
  const db = collection.index.db;
  const byPath = new Map(collection.files.map((f) => [f.path, f]));
  for (const file of seeds.files) {
    const { rel } = confine(collection.workspace.root, file, "read");
    const hit = byPath.get(rel);
    if (hit) hits.push({ id: hit.id, label: `file ${rel}` });
    else notes.push(`file seed '${file}' is not in the collection`);
  }
  for (const name of seeds.seeds) {
    const seed = resolveSeed(db, name, collection.files, collection.workspace.relDir);
    if (!seed) {
      confineSeedPath(collection.workspace, name, "seed");
      notes.push(`symbol seed '${name}' matched nothing`);
      continue;
    }
    const files = seed.files.length > 1 ? mostDependedOnFirst(collection, seed.files) : seed.files;
    if (files.length > 1) notes.push(`symbol seed '${name}' matched ${files.length} files, all seeds, the most depended-on first: ${files.slice(0, 3).map((f) => f.path).join(", ")}${files.length > 3 ? ", …" : ""}; pass files=["<path>"] for one`);
    for (const f of files) {
      const pin = seedPin(db, seed, name, f.id);
      hits.push({ id: f.id, label: `symbol ${name}`, ...(pin ? { pin } : {}) });
    }
  }
  const wiring: [WiringKind, string[]][] = [["service", seeds.services], ["request", seeds.requests], ["config", seeds.configs], ["route", seeds.routes]];
  for (const [kind, names] of wiring) {
    for (const name of names) {
      const seed = resolveWiringSeed(collection, kind, name);
      if (seed) hits.push(...seed.files);
      else notes.push(`${kind} seed '${name}' matched nothing`);
      // the text says so too, not only each file's provenance: a file found by words is no handler of the route
      if (seed?.fallback) {
        const paths = seed.files.map((f) => collection.byId.get(f.id)?.path).filter(Boolean);
        notes.push(`${kind} seed '${name}': no ${kind} in the wiring matches it; ${paths.join(", ")} ${paths.length > 1 ? "match" : "matches"} ${seed.fallback === "name" ? "its name as declared" : "its words (a text match)"}`);
      }
    }
  }
  return hits;
}

export function planContext(collection: Collection, given: Partial<Record<keyof ContextSeeds, string[] | null>>, depth: number, mode = "context"): Plan {
  const seeds: ContextSeeds = {
    seeds: given.seeds ?? [],
    files: given.files ?? [],
    services: given.services ?? [],
    requests: given.requests ?? [],
    configs: given.configs ?? [],
    routes: given.routes ?? [],
  };
  const total = Object.values(seeds).reduce((n, list) => n + list.length, 0);
  if (total === 0) throw validationError("provide at least one seed: seeds (symbols), files, services, requests, configs or routes");
  const notes: string[] = [];
  const hits = resolveSeeds(collection, seeds, notes);
  if (hits.length === 0) {
    // a symbol not found may be declared in a file the syntax tier could only partly read
    const caveat = seeds.seeds.length ? unreadCaveat(unreadOf(collection.files), "declarations") : "";
    throw validationError(`no seed matched a collected file (${notes.join("; ")})${caveat}; ${SEED_NEXT}`);
  }
  const plan = planFromSeeds(collection, hits, depth, mode, notes, "exact-seed");
  // seeds in the order given (a name's files most depended-on first), not in file-id order: under a budget the first are kept
  const hitOrder = new Map<number, number>();
  for (const [i, h] of hits.entries()) if (!hitOrder.has(h.id)) hitOrder.set(h.id, i);
  const isTest = (e: PlanEntry) => Number(collection.byId.get(e.fileId)?.isTest ?? false);
  const seeded = plan.entries.filter((e) => e.mustKeep).sort((a, b) => isTest(a) - isTest(b) || (hitOrder.get(a.fileId) ?? 0) - (hitOrder.get(b.fileId) ?? 0));
  plan.entries = [...seeded, ...plan.entries.filter((e) => !e.mustKeep)];
  plan.manifestNotes.push(...unreachedNeighbours(collection, plan));
  return plan;
}

/**
 * A seed whose direct neighbours the expansion left out — a file many import divides each
 * importer's score by √n (fan-out damping), so past ten or so none reaches the threshold — is
 * named with how many, and the call that lists them: the plan never passes off a hub's
 * seed alone as all there is around it.
 */
function unreachedNeighbours(collection: Collection, plan: Plan): string[] {
  const graph = loadFileGraph(collection.index.db, collection.index.meta.index_completed_at ?? "", { typed: true });
  const planned = new Set(plan.entries.map((e) => e.fileId));
  const notes: string[] = [];
  for (const seed of plan.entries.filter((e) => e.mustKeep)) {
    const left = (edges: Map<number, { to: number }[]>) => new Set((edges.get(seed.fileId) ?? []).map((e) => e.to).filter((id) => !planned.has(id) && collection.byId.has(id))).size;
    const importers = left(graph.in);
    const dependencies = left(graph.out);
    if (importers + dependencies === 0) continue;
    const parts = [importers ? `${importers} file${importers === 1 ? "" : "s"} depending on it` : "", dependencies ? `${dependencies} it depends on` : ""].filter(Boolean);
    notes.push(`${seed.path}: ${parts.join(" and ")} left out (below the expansion threshold: fan-out damping divides a file's neighbours' scores by √n); svc_focus focus=${seed.path} (CLI: svc focus ${seed.path}) lists them`);
  }
  return notes;
}

export function planFromSeeds(collection: Collection, hits: SeedHit[], depth: number, mode: string, notes: string[], seedRole: Role): Plan {
  const graph = loadFileGraph(collection.index.db, collection.index.meta.index_completed_at ?? "", { typed: true });
  const first = new Map<number, SeedHit>();
  for (const h of hits) if (!first.has(h.id)) first.set(h.id, h);
  const reached = expand(graph, {
    seeds: [...first.values()].map((h) => ({ id: h.id, score: h.score ?? 1, reason: h.label })),
    depth,
    direction: "both",
    allowed: (id) => collection.byId.has(id),
    hopDecay: HOP_DECAY,
    edgeWeight: (type) => EDGE_WEIGHTS[type] ?? 0.15,
    fanoutDamping: true,
    threshold: THRESHOLD,
    limit: 5000,
  });
  const entries: PlanEntry[] = [];
  for (const r of reached) {
    const file = collection.byId.get(r.id);
    if (!file) continue;
    const role = r.via === "seed" ? seedRole : roleOf(r, file.isTest);
    const path = (id: number) => collection.byId.get(id)?.path ?? `#${id}`;
    const provenance = [
      `seed: ${r.reason}`,
      ...r.edges.map((type, i) => {
        const next = path(r.chain[i + 1] as number);
        return r.dirs[i] === "in" ? `<- ${type} ${next} (hop ${i + 1})` : `-> ${type} ${next} (hop ${i + 1})`;
      }),
    ];
    entries.push({
      fileId: file.id,
      path: file.path,
      role,
      tier: tierOf(role),
      score: Math.round(r.score * 1000) / 1000,
      provenance,
      language: file.language,
      generated: file.isGenerated,
      estimate: file.tokens,
      ...(r.via === "seed" ? { mustKeep: true } : {}),
      ...(r.via === "seed" && first.get(r.id)?.pin ? { pin: first.get(r.id)?.pin } : {}),
    });
  }
  // Seed sources before seed tests (under a budget the changed sources survive); the rest keeps its order.
  const rank = (e: PlanEntry) => (e.mustKeep ? (collection.byId.get(e.fileId)?.isTest ? 1 : 0) : 2);
  entries.sort((a, b) => rank(a) - rank(b));
  return { mode, entries, collected: collection.files.length, prelude: [], manifestNotes: notes, annotate: true };
}
