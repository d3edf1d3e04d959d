// Wiring seeds for svc_context: a service, request, config key or route resolves through its
// wiring edges to the files `find --kind …` lists for it — implementations, handlers,
// definitions and readers — before any expansion.

import type { Database } from "bun:sqlite";
import { findWiring, type WiringKind } from "./find.ts";

/** The hops whose files a seed of each kind starts from. */
const SEED_EDGES: Record<WiringKind, ReadonlySet<string>> = {
  route: new Set(["route_handles"]),
  service: new Set(["di_resolves_to", "implements", "declared"]),
  request: new Set(["request_handles", "declared"]),
  config: new Set(["defined", "config_reads"]),
};

const MAX_SEED_FILES = 12;

export interface WiringSeed {
  path: string;
  /** The edge that brought the file in (`route_handles`, `di_resolves_to`, …) and the matched key. */
  edge: string;
  key: string;
}

export function wiringSeedFiles(db: Database, kind: WiringKind, name: string, relDir: string): WiringSeed[] {
  const answer = findWiring(db, kind, name, 20, relDir);
  const out: WiringSeed[] = [];
  const seen = new Set<string>();
  for (const m of answer.matches) {
    for (const h of m.hops) {
      if (!h.path || !SEED_EDGES[kind].has(h.edge) || seen.has(h.path)) continue;
      seen.add(h.path);
      out.push({ path: h.path, edge: h.edge, key: m.key });
      if (out.length >= MAX_SEED_FILES) return out;
    }
  }
  return out;
}
