// Matching a wiring query to stored keys: routes (`"METHOD /pattern"` or a bare pattern,
// a concrete URL matched against patterns, `{id}`/`[id]`/`:id` all one parameter), names
// (tokens, requests, config keys and sections), each in tiers from exact to substring;
// and the nearest keys when nothing matches.

import { editDistance } from "../../text/edit-distance.ts";

const METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "ALL", "ANY", "SEARCH"]);

export interface RouteQuery {
  method: string | null;
  path: string;
}

export function parseRouteQuery(query: string): RouteQuery {
  const q = query.trim();
  const m = /^([A-Za-z]+)\s+(\S.*)$/.exec(q);
  if (m && METHODS.has(m[1]!.toUpperCase())) return { method: m[1]!.toUpperCase(), path: m[2]!.trim() };
  if (METHODS.has(q.toUpperCase())) return { method: q.toUpperCase(), path: "" };
  return { method: null, path: q };
}

/** `{id}` / `[id]` / `<id>` → `:id`; no trailing slash but the root; lower case. */
export function normalizePattern(p: string): string {
  let s = p.trim().replace(/\{([^}]+)\}/g, ":$1").replace(/\[\.\.\.([^\]]+)\]/g, ":$1*").replace(/\[([^\]]+)\]/g, ":$1").replace(/<([^>]+)>/g, ":$1");
  if (!s.startsWith("/") && !s.startsWith("*")) s = `/${s}`;
  if (s.length > 1) s = s.replace(/\/+$/, "");
  return s.toLowerCase();
}

/** Parameter names erased: `/orders/:id` and `/orders/:orderId` compare equal. */
function shape(p: string): string {
  return p.replace(/:[^/]+?(\*|\?)?(?=\/|$)/g, ":$1");
}

/** Whether a concrete path (`/orders/42`) is served by a pattern (`/orders/:id`, `/files/*`). */
export function urlMatches(pattern: string, url: string): boolean {
  const ps = pattern.split("/").filter(Boolean);
  const us = url.split("/").filter(Boolean);
  const walk = (i: number, j: number): boolean => {
    if (i === ps.length) return j === us.length;
    const seg = ps[i]!;
    if (seg === "*" || /^:[^/]+\*$/.test(seg)) return true;
    if (/^:[^/]+\?$/.test(seg)) return walk(i + 1, j) || (j < us.length && walk(i + 1, j + 1));
    if (j >= us.length) return false;
    if (seg.startsWith(":") || seg === us[j]) return walk(i + 1, j + 1);
    return false;
  };
  return walk(0, 0);
}

export interface RouteKey {
  method: string;
  pattern: string;
}

/** The routes a query names, best tier first: exact, same shape, URL match, substring. */
export function matchRoutes<T extends RouteKey>(rows: readonly T[], query: string): T[] {
  const q = parseRouteQuery(query);
  const byMethod = rows.filter((r) => !q.method || q.method === "ANY" || r.method === q.method || r.method === "ALL");
  if (!q.path) return byMethod;
  const want = normalizePattern(q.path);
  const wantShape = shape(want);
  const needle = q.path.toLowerCase().replace(/^\/+|\/+$/g, "");
  const norm = byMethod.map((r) => normalizePattern(r.pattern));
  const tiers: ((p: string) => boolean)[] = [(p) => p === want, (p) => shape(p) === wantShape, (p) => urlMatches(p, want), (p) => p.includes(needle)];
  for (const tier of tiers) {
    const hits = byMethod.filter((_, i) => tier(norm[i]!));
    if (hits.length) return hits;
  }
  return [];
}

const unquote = (s: string) => s.replace(/^'(.*)'$/, "$1");

/** Names a query names: exact (quotes ignored; with `sections`, a section's keys too), then case-insensitive, then substring. */
export function matchNames<T>(rows: readonly T[], query: string, keyOf: (row: T) => string[], sections = false): T[] {
  const q = unquote(query.trim());
  const lower = q.toLowerCase();
  const tiers: ((k: string) => boolean)[] = sections
    ? [(k) => unquote(k) === q || k.startsWith(`${q}.`), (k) => unquote(k).toLowerCase() === lower || k.toLowerCase().startsWith(`${lower}.`), (k) => k.toLowerCase().includes(lower)]
    : [(k) => unquote(k) === q, (k) => unquote(k).toLowerCase() === lower, (k) => unquote(k).toLowerCase().includes(lower)];
  for (const tier of tiers) {
    const hits = rows.filter((r) => keyOf(r).some(tier));
    if (hits.length) return hits;
  }
  return [];
}

/** Up to `limit` keys closest to the query: shared words first, then edit distance (computed for the best few hundred only). */
export function nearestKeys(keys: Iterable<string>, query: string, limit = 5): string[] {
  const words = (s: string) => new Set(s.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase().split(/[^a-z0-9]+/).filter(Boolean));
  const qw = words(query);
  const q = query.toLowerCase();
  const scored = [...new Set(keys)].map((k) => {
    const kw = words(k);
    let shared = 0;
    for (const w of qw) if (kw.has(w)) shared++;
    return { k, shared, near: Math.abs(k.length - q.length), distance: 0 };
  });
  scored.sort((a, b) => b.shared - a.shared || a.near - b.near || (a.k < b.k ? -1 : 1));
  const head = scored.slice(0, 300);
  for (const s of head) s.distance = editDistance(q, s.k.toLowerCase());
  head.sort((a, b) => b.shared - a.shared || a.distance - b.distance || (a.k < b.k ? -1 : 1));
  return head.slice(0, limit).map((s) => s.k);
}
