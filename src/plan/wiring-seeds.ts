// Resolving svc_context's wiring seeds (services, requests, configs, routes) to files.
// Until wiring detection records its edges, they resolve by name: services and requests as
// declared symbols (the class or token of that name), configs and routes through the
// full-text index. The wiring issue swaps this one function for an edge lookup.

import { queryTerms } from "../retrieve/terms.ts";
import type { Collection } from "./collect.ts";
import { rankFiles } from "./search.ts";
import { resolveSeed } from "./seeds.ts";

export type WiringKind = "service" | "request" | "config" | "route";

export interface WiringSeed {
  ids: number[];
  /** How it resolved, for the provenance ("service OrderService (by name)"). */
  label: string;
}

export function resolveWiringSeed(collection: Collection, kind: WiringKind, name: string): WiringSeed | null {
  if (kind === "service" || kind === "request") {
    const seed = resolveSeed(collection.index.db, name, collection.files, collection.workspace.relDir);
    return seed ? { ids: seed.files.map((f) => f.id), label: `${kind} ${name} (by name)` } : null;
  }
  const all = [...rankFiles(collection, queryTerms(name.replace(/[/:{}.]/g, " ")))].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  const best = all[0]?.[1] ?? 0;
  const ranked = all.filter(([, s]) => s >= best * 0.5).slice(0, 3); // the clear leaders only
  return ranked.length ? { ids: ranked.map(([id]) => id), label: `${kind} ${name} (text match)` } : null;
}
