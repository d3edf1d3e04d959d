// Resolving svc_context's wiring seeds (services, requests, configs, routes) to files:
// through their wiring edges first (src/wiring/query/seeds.ts: the handlers,
// implementations, definitions and readers `find --kind …` names), else by name —
// services and requests as declared symbols, configs and routes through the full-text index.

import { queryTerms } from "../text/terms.ts";
import { wiringSeedFiles } from "../wiring/query/seeds.ts";
import type { Collection } from "./collect.ts";
import { rankFiles } from "./search.ts";
import { resolveSeed } from "./seeds.ts";

export type WiringKind = "service" | "request" | "config" | "route";

export interface WiringSeed {
  /** Each file with how it resolved, for the provenance ("route GET /orders/:id (route_handles)", "service X (by name)"). */
  files: { id: number; label: string }[];
  /** No wiring edge matched: the files were found by the name as declared (`name`) or by its words (`text`). */
  fallback?: "name" | "text";
}

export function resolveWiringSeed(collection: Collection, kind: WiringKind, name: string): WiringSeed | null {
  const byPath = new Map(collection.files.map((f) => [f.path, f.id]));
  const wired = wiringSeedFiles(collection.index.db, kind, name, collection.workspace.relDir).filter((w) => byPath.has(w.path));
  if (wired.length) return { files: wired.map((w) => ({ id: byPath.get(w.path)!, label: `${kind} ${w.key} (${w.edge})` })) };
  if (kind === "service" || kind === "request") {
    const seed = resolveSeed(collection.index.db, name, collection.files, collection.workspace.relDir);
    return seed ? { files: seed.files.map((f) => ({ id: f.id, label: `${kind} ${name} (by name; no wiring found)` })), fallback: "name" } : null;
  }
  const all = [...rankFiles(collection, queryTerms(name.replace(/[/:{}.]/g, " ")))].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  const best = all[0]?.[1] ?? 0;
  const ranked = all.filter(([, s]) => s >= best * 0.5).slice(0, 3); // the clear leaders only
  return ranked.length ? { files: ranked.map(([id]) => ({ id, label: `${kind} ${name} (text match; no wiring found)` })), fallback: "text" } : null;
}
