// find --kind route|service|request|config: the matching wiring, grouped by key, hop by
// hop (`[edge] label  (path:line)  evidence`); `no matches` with the nearest keys when
// nothing resolves, and the dynamic registrations of that kind that could not be resolved.

import type { Database } from "bun:sqlite";
import { matchNames, matchRoutes, nearestKeys } from "./match.ts";
import { ROUTE_FRAMEWORKS } from "../model.ts";
import { indirectHeirs } from "./heirs.ts";
import { configRecords, diRecords, keyRows, requestRecords, routeRecords, unresolvedRecords, type End, type UnresolvedRecord } from "./rows.ts";

export const WIRING_KINDS = ["service", "request", "route", "config"] as const;
export type WiringKind = (typeof WIRING_KINDS)[number];

export interface WiringHop {
  edge: string;
  label: string;
  path: string;
  line: number;
  detail: string;
  /** Who vouches for a resolved hop: `checker` (confirmed by the TypeScript checker) or `syntax` (the syntax tier's reading); none for literal hops (prefixes, definitions). */
  provenance?: string;
}

export interface WiringMatch {
  key: string;
  framework: string;
  hops: WiringHop[];
  /** How many hops there are when `limit` cut the list (a config key read 500 times, a service injected everywhere). */
  hopsTotal?: number;
}

export interface WiringAnswer {
  kind: WiringKind;
  total: number;
  matches: WiringMatch[];
  nearest?: string[];
  unresolved: string[];
  /** Rows of this kind in the scope at all (0: nothing of the kind was detected). */
  known: number;
  /** Nothing matched: why, and what to try (the answer's first line). */
  noMatches?: string;
}

/** Where config keys are defined, as the wiring reads them: a key read but defined nowhere here says where svc looked. */
const CONFIG_DEFINITIONS = "svc reads .env files, config/*.json|yaml, registerAs and zod/envalid env schemas; a typed options interface or defaults object is not read";

/** What the wiring reads, by kind: an answer finding none of a kind says where it looked. */
const DETECTED_FROM: Record<WiringKind, string> = {
  route: `svc reads ${ROUTE_FRAMEWORKS.join(", ")} routes`,
  service: "svc reads NestJS, Angular, InversifyJS, tsyringe and Awilix registrations and injections, and implements clauses",
  request: "svc reads NestJS CQRS and microservice handlers, BullMQ queues and workers, EventEmitter on/emit with literal names",
  config: "svc reads process.env, import.meta.env, Bun.env, Deno.env, config.get('key') calls (and a config class's own this.get('key')), .env files, config/*.json|yaml, registerAs and zod/envalid env schemas",
};

const UNRESOLVED_KINDS: Record<WiringKind, string[]> = { route: ["route", "mount"], service: ["service"], request: ["request"], config: ["config"] };
/** What an unresolved site of the kind is: a config key read by a computed name is no registration. */
const UNRESOLVED_NOUN: Record<WiringKind, string> = { route: "registration", service: "registration", request: "request site", config: "config read" };
const NOUN: Record<WiringKind, [string, string]> = { route: ["route", "routes"], service: ["service", "services"], request: ["request", "requests"], config: ["config key", "config keys"] };

function declared(e: End | null, fallback: string): string {
  if (!e?.symbol) return fallback;
  return e.kind ? `${e.kind} ${e.symbol}` : e.symbol;
}

function inScope(relDir: string, ...paths: (string | null | undefined)[]): boolean {
  return !relDir || paths.some((p) => p && (p === relDir || p.startsWith(`${relDir}/`)));
}

function group<T>(rows: readonly T[], keyOf: (r: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    const k = keyOf(r);
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
}

function routes(db: Database, query: string, relDir: string): { matches: WiringMatch[]; keys: string[]; known: number } {
  const all = keyRows(db, "routes").filter((r) => inScope(relDir, r.path, r.targetPath));
  const matched = matchRoutes(all.map((r) => ({ id: r.id, method: r.kind, pattern: r.key })), query);
  const hits = matched.length ? routeRecords(db, matched.map((r) => r.id)) : [];
  const matches = [...group(hits, (r) => `${r.method} ${r.pattern}`)].map(([key, rows]) => {
    const hops: WiringHop[] = [];
    for (const r of rows) {
      for (const h of r.chain) hops.push({ edge: h.kind === "mount" ? "route_mounts" : h.kind === "global" ? "global_prefix" : "prefix", label: h.text, path: h.file, line: h.line, detail: "", ...(h.provenance ? { provenance: h.provenance } : {}) });
      const handler = r.handler;
      const sameFile = handler?.path === r.path;
      const label = handler
        ? handler.symbol
          ? declared(handler, r.handlerLabel)
          : r.handlerLabel === "inline handler"
            ? "inline handler"
            : `${r.handlerLabel} (a parameter or local value)`
        : `${r.handlerLabel} (not declared in the workspace)`;
      hops.push({
        edge: "route_handles",
        label,
        path: handler?.path ?? r.path,
        line: handler?.line ?? r.line,
        detail: sameFile ? r.detail : `registered at ${r.path}:${r.line}: ${r.detail}`,
        provenance: r.provenance,
      });
    }
    return { key, framework: rows[0]!.framework, hops: dedupeHops(hops) };
  });
  return { matches, keys: all.map((r) => `${r.kind} ${r.key}`), known: all.length };
}

function services(db: Database, query: string, relDir: string): { matches: WiringMatch[]; keys: string[]; known: number } {
  const keys = keyRows(db, "di_bindings").filter((r) => inScope(relDir, r.path, r.targetPath));
  const tokens = new Set(matchNames(keys, query, (r) => ((r.kind === "provide" || r.kind === "implements") && r.alias ? [r.key, r.alias] : [r.key])).map((r) => r.key));
  const ids = keys.filter((r) => tokens.has(r.key)).map((r) => r.id);
  const hits = ids.length ? diRecords(db, ids) : [];
  const declaredHere = db.prepare("SELECT 1 FROM symbols WHERE name = ? LIMIT 1");
  // why an injection resolves to nothing: a token no workspace file declares comes from a package (its module may provide it); one declared here has no provider svc saw
  const unprovided = (token: string) => {
    const name = token.split(".")[0] ?? token; // `TYPES.Logger`: the object holding the tokens is what is declared
    return /^\w+$/.test(name) && !declaredHere.get(name) ? `${name} is not declared in the workspace (a package's module may provide it)` : "no provider found in the workspace";
  };
  const registered = db.prepare("SELECT DISTINCT d.token FROM di_bindings d JOIN files i ON i.id = d.impl_file_id WHERE d.role = 'provide' AND i.path = ? AND d.impl_symbol = ? ORDER BY d.token");
  const registrationsOf = (t: End | null) => (t?.symbol ? (registered.all(t.path, t.symbol) as { token: string }[]).map((r) => r.token) : []);
  const matches = [...group(hits, (r) => r.token)].map(([key, rows]) => {
    const hops: WiringHop[] = [];
    const provided = rows.some((r) => r.role === "provide");
    for (const r of rows.filter((x) => x.role === "provide")) {
      const scope = r.consumer ? ` in ${r.consumer}` : "";
      hops.push({ edge: "di_resolves_to", label: r.target ? declared(r.target, r.label) : `${r.label} (not declared in the workspace)`, path: r.target?.path ?? r.path, line: r.target?.line ?? r.line, detail: `registered at ${r.path}:${r.line}${scope}: ${r.detail}`, provenance: r.provenance });
    }
    const implementers = rows.filter((x) => x.role === "implements");
    for (const r of implementers) {
      // a package's interface (kysely's `Dialect`): where it is declared is not here, and the answer says so
      const outside = r.target ? "" : ` (${r.token} is not declared in the workspace: a package's or the language's)`;
      hops.push({ edge: "implements", label: `class ${r.label}`, path: r.path, line: r.line, detail: `implements ${r.token}${outside}`, provenance: r.provenance });
    }
    const iface = implementers.find((r) => r.target?.symbol)?.target;
    if (iface) hops.push(...heirHops(db, iface, new Set(implementers.map((r) => `${r.path}#${r.label}`))));
    for (const r of rows.filter((x) => x.role === "injectable")) {
      if (provided) continue;
      const as = [...new Set(registrationsOf(r.target))];
      const note = as.length ? `registered as ${as.join(", ")}` : "no registration found";
      hops.push({ edge: "declared", label: declared(r.target, r.token), path: r.target?.path ?? r.path, line: r.target?.line ?? r.line, detail: `${r.detail}; ${note}` });
    }
    for (const r of rows.filter((x) => x.role === "inject")) {
      const resolved = r.target ? ` → ${declared(r.target, r.label)}` : ` → not resolved: ${unprovided(r.token)}`;
      hops.push({ edge: "di_injects", label: r.consumer ?? "(module level)", path: r.path, line: r.line, detail: `${r.detail}${resolved}`, provenance: r.provenance });
    }
    return { key, framework: rows[0]!.framework, hops: dedupeHops(hops) };
  });
  return { matches, keys: keys.map((r) => r.key), known: keys.length };
}

/** Implementers that do not name the interface (subclasses of its implementers, implementers of the interfaces extending it), and how many more when the list is cut. */
function heirHops(db: Database, iface: End, direct: ReadonlySet<string>): WiringHop[] {
  const { heirs, total } = indirectHeirs(db, iface, direct);
  const hops: WiringHop[] = heirs.map((h) => ({ edge: "implements", label: `${h.kind} ${h.name}`, path: h.path, line: h.line, detail: h.via === iface.symbol ? `implements ${h.via}` : `implements ${iface.symbol} through ${h.via}`, provenance: h.provenance }));
  if (total > heirs.length) hops.push({ edge: "implements", label: `${total - heirs.length} more through ${iface.symbol}'s heirs, not listed (impact of ${iface.symbol} lists every one)`, path: "", line: 0, detail: "" });
  return hops;
}

function requests(db: Database, query: string, relDir: string): { matches: WiringMatch[]; keys: string[]; known: number } {
  const keys = keyRows(db, "request_handlers").filter((r) => inScope(relDir, r.path, r.targetPath));
  const names = new Set(matchNames(keys, query, (r) => [r.key, ...(r.kind === "handle" && r.alias ? [r.alias] : [])]).map((r) => r.key));
  const ids = keys.filter((r) => names.has(r.key)).map((r) => r.id);
  const hits = ids.length ? requestRecords(db, ids) : [];
  const matches = [...group(hits, (r) => r.request)].map(([key, rows]) => {
    const hops: WiringHop[] = [];
    const decl = rows.find((r) => r.declaration)?.declaration ?? null;
    if (decl) hops.push({ edge: "declared", label: `class ${key}`, path: decl.path, line: decl.line, detail: "" });
    const handlers = rows.filter((r) => r.role === "handle");
    for (const r of handlers) {
      hops.push({ edge: "request_handles", label: r.target?.symbol ? declared(r.target, r.label) : "inline handler", path: r.target?.path ?? r.path, line: r.target?.line ?? r.line, detail: r.target?.path === r.path ? r.detail : `registered at ${r.path}:${r.line}: ${r.detail}`, provenance: r.provenance });
    }
    if (handlers.length === 0) hops.push({ edge: "request_handles", label: "no handler found", path: "", line: 0, detail: "" });
    for (const r of rows.filter((x) => x.role === "send")) {
      hops.push({ edge: "sends_request", label: r.sender ?? "(module level)", path: r.path, line: r.line, detail: r.detail, provenance: r.provenance });
    }
    return { key, framework: `${rows[0]!.kind}, ${rows[0]!.framework}`, hops: dedupeHops(hops) };
  });
  return { matches, keys: keys.map((r) => r.key), known: keys.length };
}

function configs(db: Database, query: string, relDir: string): { matches: WiringMatch[]; keys: string[]; known: number } {
  const all = configRecords(db).filter((r) => inScope(relDir, r.path));
  const hits = matchNames(all, query, (r) => [r.key], true);
  const matches = [...group(hits, (r) => r.key)].map(([key, rows]) => {
    const hops: WiringHop[] = [];
    const defines = rows.filter((x) => x.role === "define");
    for (const r of defines) hops.push({ edge: "defined", label: r.source === ".env" ? ".env name (value not read)" : r.source, path: r.path, line: r.line, detail: "" });
    // `payments.currency` is defined where its section `payments` is (a config file's top-level key, registerAs('payments'))
    const sections = defines.length ? [] : all.filter((r) => r.role === "define" && key.startsWith(`${r.key}.`));
    for (const r of sections) hops.push({ edge: "defined", label: `section ${r.key}: ${r.source === ".env" ? ".env name (value not read)" : r.source}`, path: r.path, line: r.line, detail: "" });
    if (!defines.length && !sections.length) hops.push({ edge: "defined", label: `no definition found (${CONFIG_DEFINITIONS})`, path: "", line: 0, detail: "" });
    for (const r of rows.filter((x) => x.role === "read")) hops.push({ edge: "config_reads", label: r.symbol ?? "(module level)", path: r.path, line: r.line, detail: r.detail, provenance: r.provenance });
    return { key, framework: [...new Set(rows.map((r) => r.source))].join(", "), hops };
  });
  return { matches, keys: all.map((r) => r.key), known: all.length };
}

function dedupeHops(hops: WiringHop[]): WiringHop[] {
  const seen = new Set<string>();
  return hops.filter((h) => {
    const k = `${h.edge}|${h.label}|${h.path}:${h.line}|${h.detail}|${h.provenance ?? ""}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

export function findWiring(db: Database, kind: WiringKind, query: string, limit: number, relDir: string): WiringAnswer {
  const run = { route: routes, service: services, request: requests, config: configs }[kind];
  const { matches, keys, known } = run(db, query, relDir);
  const unresolved = unresolvedRecords(db, UNRESOLVED_KINDS[kind])
    .filter((u: UnresolvedRecord) => inScope(relDir, u.path))
    .map((u) => `${u.text} at ${u.path}:${u.line}`);
  // `limit` bounds each match's hops too: the answer's size follows what the caller asked for
  const shown = matches.slice(0, limit).map((m) => (m.hops.length > limit ? { ...m, hops: m.hops.slice(0, limit), hopsTotal: m.hops.length } : m));
  const answer: WiringAnswer = { kind, total: matches.length, matches: shown, unresolved, known };
  if (matches.length === 0) answer.nearest = nearestKeys(keys, query);
  return answer;
}

/** The first line of an answer that matched nothing: why (nothing of the kind detected, and where svc looked; or the nearest keys), then `next`, what to try. */
export function noWiringMatch(a: WiringAnswer, query: string, files: number, scope: string, next: string): string {
  const many = NOUN[a.kind][1];
  const where = `${scope ? ` under ${scope}` : ""} in ${files} indexed file${files === 1 ? "" : "s"}`;
  const why = a.known === 0 ? `: no ${many} detected${where} (${DETECTED_FROM[a.kind]})` : `${where}${a.nearest?.length ? `; nearest ${many}: ${a.nearest.join(", ")}` : ""}`;
  return `no matches for '${query}' (${a.kind})${why}${next ? `; ${next}` : ""}`;
}

export function renderWiring(a: WiringAnswer, query: string, files: number, scope: string): string[] {
  const [one, many] = NOUN[a.kind];
  const out: string[] = [];
  if (a.total === 0) {
    out.push(a.noMatches ?? noWiringMatch(a, query, files, scope, ""));
  } else {
    const more = a.total > a.matches.length ? ` (showing ${a.matches.length}; raise limit (CLI --limit) for more)` : "";
    out.push(`${many} matching '${query}': ${a.total}${more}`);
    for (const m of a.matches) {
      out.push(`${a.kind === "route" ? "" : `${one} `}${m.key}${m.framework ? `  (${m.framework})` : ""}`);
      for (const h of m.hops) {
        const at = h.path ? `  (${h.path}:${h.line})` : "";
        out.push(`  [${h.edge}${h.provenance ? `, ${h.provenance}` : ""}] ${h.label}${at}${h.detail ? `  ${h.detail}` : ""}`);
      }
      if (m.hopsTotal) out.push(`  … ${m.hopsTotal - m.hops.length} more of ${m.hopsTotal} (showing ${m.hops.length}; raise limit (CLI --limit) for more)`);
    }
  }
  if (a.unresolved.length) {
    const shown = a.unresolved.slice(0, 5);
    const tail = a.unresolved.length > shown.length ? ` (and ${a.unresolved.length - shown.length} more${a.kind === "route" ? "; svc map lists routes" : ""})` : "";
    out.push(`${a.unresolved.length} dynamic ${UNRESOLVED_NOUN[a.kind]}${a.unresolved.length === 1 ? "" : "s"} could not be resolved statically${a.total ? " (they may match too)" : ""}${tail}:`);
    for (const u of shown) out.push(`  unresolved: ${u}`);
  }
  return out;
}
