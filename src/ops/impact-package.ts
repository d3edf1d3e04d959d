// svc impact --package <name> --from-version <v> --to-version <v> / svc_impact package mode:
// the package's exported API at two locally available versions, diffed (removed, signature
// changed or visibility reduced = BREAKING; added = additive), each BREAKING export with the
// workspace files that import it. A version not on this machine abstains and names the
// command that would fetch it; nothing here touches the network.

import { rmSync } from "node:fs";
import { validationError } from "../errors.ts";
import { indexForRead } from "../indexing/fresh.ts";
import type { IndexState } from "../index/open.ts";
import { packageApi, type ApiEntry, type PackageApi } from "../package-upgrade/exports.ts";
import { locatePackage, normalizeVersion, packFileName, type LocatedPackage } from "../package-upgrade/locate.ts";
import { packageUsage, sitesOf, type PackageUsage } from "../package-upgrade/sites.ts";
import { clipPair, diffSurfaces, overloadsAdded, type ApiChange } from "../plan/api-delta.ts";
import { availabilityHeader } from "../render/availability.ts";
import { resolveWorkspace } from "../workspace/root.ts";
import type { OpContext, OpResult } from "./types.ts";

export interface PackageRequest {
  symbol: string | null;
  path: string;
  limit: number;
  package: string | null;
  fromVersion: string | null;
  toVersion: string | null;
}

interface Side {
  version: string;
  source: string;
  entry: string | null;
  typed: boolean;
  exports: number;
  truncated: boolean;
  /** Other packages it re-exports from (not followed). */
  foreign: string[];
}

export interface SiteRef {
  path: string;
  line: number;
  how: string;
  certain: boolean;
}

export interface BreakingChange {
  kind: "removed" | "signature" | "visibility";
  name: string;
  before?: string;
  after?: string;
  sites: SiteRef[];
}

export interface PackageImpact {
  name: string;
  fromVersion: string;
  toVersion: string;
  from?: Side;
  to?: Side;
  /** Versions not found locally: where they were looked for and the command that makes them available. */
  missing?: { version: string; searched: string[]; command: string }[];
  comparedBy?: "signature" | "name";
  /** The BREAKING changes, at most the request's limit (what the workspace certainly uses first). */
  breaking?: BreakingChange[];
  /** How many BREAKING changes there are when limit left some out. */
  breakingTotal?: number;
  additive?: string[];
  /** Whether importing sites come from the index (false: it was not available). */
  sitesKnown?: boolean;
  subpathImports?: string[];
  blindSpots: string;
}

export interface PackageImpactData {
  root: string;
  /** Absent when abstaining (the index is not opened then). */
  indexState?: IndexState;
  status: "ok" | "abstain";
  package: PackageImpact;
}

const NAME = /^(?:@[a-z0-9][\w.~-]*\/)?[a-z0-9][\w.~-]*$/i;
const VERSION = /^v?\d[\w.+-]*$/;
const SITES_PER_CHANGE = 10;
const ADDITIVE_LISTED = 40;

export const BLIND_SPOTS =
  "blind spots: dynamic access (obj[name], values passed around after import) and uses through other packages' re-exports are not traced; a change inside a type an unchanged signature refers to shows only as that type's own change; declaration headers are compared as text, not as types.";

/** The three package-mode parameters, all required; a lone CLI positional is the path. */
function validate(request: PackageRequest): { name: string; from: string; to: string; path: string } {
  const missing = (["package", "fromVersion", "toVersion"] as const).filter((k) => !request[k]?.trim());
  if (missing.length) throw validationError(`package mode needs package, fromVersion and toVersion; missing: ${missing.join(", ")} (e.g. svc impact --package zod --from-version 3.22.0 --to-version 3.23.0)`);
  const name = request.package!.trim();
  const from = normalizeVersion(request.fromVersion!);
  const to = normalizeVersion(request.toVersion!);
  if (!NAME.test(name)) throw validationError(`package must be an npm package name (zod, @scope/name), got '${name}'`);
  for (const v of [from, to]) if (!VERSION.test(v)) throw validationError(`fromVersion/toVersion must be exact versions (3.22.0), got '${v}'`);
  const symbol = request.symbol?.trim() ?? "";
  if (symbol && request.path !== ".") throw validationError("package mode takes no symbol: pass package, fromVersion, toVersion and optionally path");
  return { name, from, to, path: symbol || request.path };
}

const sideOf = (found: LocatedPackage, api: PackageApi): Side => ({ version: api.version, source: found.source, entry: api.entry, typed: api.typed, exports: api.entries.size, truncated: api.truncated, foreign: api.foreign });

const topOf = (name: string): string => name.split(".")[0] as string;

/** Member changes under a removed or added top-level export say nothing more: drop them. */
function collapse(changes: readonly ApiChange[]): ApiChange[] {
  const whole = new Set(changes.filter((c) => (c.kind === "removed" || c.kind === "added") && !c.name.includes(".")).map((c) => `${c.kind}:${c.name}`));
  return changes.filter((c) => !c.name.includes(".") || !whole.has(`${c.kind}:${topOf(c.name)}`));
}

const ORDER: Record<string, number> = { removed: 0, signature: 1, visibility: 2 };

function diff(pkg: string, before: PackageApi, after: PackageApi): ApiChange[] {
  const bySignature = before.typed && after.typed;
  const view = (m: ReadonlyMap<string, ApiEntry>) => new Map([...m].map(([k, e]) => [k, bySignature ? e : { ...e, signature: "" }]));
  const changes = collapse(diffSurfaces(pkg, view(before.entries), view(after.entries))).map(overloadsAdded);
  // name-only comparison still shows what each side declares
  for (const c of changes) {
    if (c.kind === "removed") c.before = before.entries.get(c.name)?.signature;
    if (c.kind === "added") c.after = after.entries.get(c.name)?.signature;
  }
  return changes.sort((a, b) => (ORDER[a.kind] ?? 3) - (ORDER[b.kind] ?? 3) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** 0: a workspace file certainly uses it; 1: may use it; 2: no workspace file imports it. */
const reach = (b: BreakingChange): number => (b.sites.some((s) => s.certain) ? 0 : b.sites.length ? 1 : 2);

function render(p: PackageImpact, breaking: readonly BreakingChange[], limit: number, indexLine: string | null): string {
  const additive = p.additive ?? [];
  const used = p.sitesKnown && breaking.length ? ` (${breaking.filter((b) => reach(b) === 0).length} used by the workspace, ${breaking.filter((b) => reach(b) === 1).length} maybe)` : "";
  const out = [`package upgrade ${p.name} ${p.fromVersion} → ${p.toVersion}: ${breaking.length ? `${breaking.length} BREAKING change(s)${used}` : "no breaking changes"}, ${additive.length} additive`];
  const side = (s: Side) => `${s.version} from ${s.source} (${s.entry ? `${s.typed ? "types" : "JS entry"} ${s.entry}` : "all its .d.ts files"}; ${s.exports} export${s.exports === 1 ? "" : "s"}${s.truncated ? "; file budget reached, may be incomplete" : ""})`;
  out.push(`compared: ${side(p.from!)} → ${side(p.to!)}`);
  if (p.comparedBy === "name") out.push("no types shipped by one side: compared by export name only (signatures not compared)");
  if (indexLine) out.push(`importing sites unknown: ${indexLine}`);
  for (const b of breaking.slice(0, limit)) {
    const [was, now] = b.kind === "visibility" ? [b.before, b.after] : clipPair(b.before ?? "", b.after ?? "");
    const detail = b.kind === "removed" ? `was: ${was || "?"}` : `was: ${was}; now: ${now}`;
    out.push(`BREAK ${b.kind} ${b.name}  (${detail})`);
    if (!p.sitesKnown) continue;
    if (!b.sites.length) out.push("  no workspace file imports it");
    for (const s of b.sites.slice(0, SITES_PER_CHANGE)) out.push(`  ${s.path}:${s.line}  ${s.certain ? `${s.how} ${topOf(b.name)}` : `may use (${s.how})`}`);
    if (b.sites.length > SITES_PER_CHANGE) out.push(`  … ${b.sites.length - SITES_PER_CHANGE} more site(s)`);
  }
  if (breaking.length > limit) out.push(`… ${breaking.length - limit} more BREAKING change(s) (raise limit)`);
  if (additive.length) out.push(`additive (${additive.length}): ${additive.slice(0, ADDITIVE_LISTED).join(", ")}${additive.length > ADDITIVE_LISTED ? `, … ${additive.length - ADDITIVE_LISTED} more` : ""}`);
  if (p.subpathImports?.length) out.push(`not compared: ${p.subpathImports.length} file(s) import subpaths of ${p.name} (${p.subpathImports.slice(0, 3).join(", ")}${p.subpathImports.length > 3 ? ", …" : ""}); the diff covers the package root only`);
  const foreign = [...new Set([...(p.from?.foreign ?? []), ...(p.to?.foreign ?? [])])];
  if (foreign.length) out.push(`re-exports from other packages not followed: ${foreign.slice(0, 5).join(", ")}${foreign.length > 5 ? ", …" : ""}`);
  out.push(p.blindSpots);
  return out.join("\n");
}

function abstain(root: string, p: PackageImpact): OpResult<PackageImpactData> {
  const lines = p.missing!.map((m) => `package upgrade ${p.name}: cannot analyze — version ${m.version} of '${p.name}' is not available locally (searched ${m.searched.join(", ")}; npm's _cacache is content-addressed and not searched). Make it available with \`${m.command}\` in ${root}, then ask again.`);
  return { text: lines.join("\n"), data: { root, status: "abstain", package: p } };
}

export async function impactPackage(request: PackageRequest, ctx: OpContext): Promise<OpResult<PackageImpactData>> {
  const v = validate(request);
  const ws = resolveWorkspace(v.path, ctx.cwd);
  const p: PackageImpact = { name: v.name, fromVersion: v.from, toVersion: v.to, blindSpots: BLIND_SPOTS };
  const cleanup: string[] = [];
  try {
    const [from, to] = [await locatePackage(ws.root, v.name, v.from), await locatePackage(ws.root, v.name, v.to)];
    for (const f of [from.found, to.found]) if (f?.cleanup) cleanup.push(f.cleanup);
    const missing = [
      [v.from, from],
      [v.to, to],
    ].filter(([, r]) => !(r as typeof from).found) as [string, typeof from][];
    if (missing.length) {
      p.missing = missing.map(([version, r]) => ({ version, searched: r.searched, command: `npm pack ${v.name}@${version}` }));
      return abstain(ws.root, p);
    }
    const before = packageApi(from.found!.dir);
    const after = packageApi(to.found!.dir);
    p.from = sideOf(from.found!, before);
    p.to = sideOf(to.found!, after);
    p.comparedBy = before.typed && after.typed ? "signature" : "name";
    const changes = diff(v.name, before, after);
    p.additive = changes.filter((c) => !c.breaking).map((c) => c.name);
    const index = await indexForRead(ws.root, ctx);
    let usage: PackageUsage = { sites: [], subpathFiles: [] };
    let indexLine: string | null = null;
    if (index.available) {
      try {
        usage = packageUsage(index.db, ws.root, v.name);
      } finally {
        index.db.close();
      }
    } else indexLine = availabilityHeader(index.state, index.meta, index.detail);
    p.sitesKnown = index.available;
    p.subpathImports = usage.subpathFiles;
    const breaking = changes
      .filter((c) => c.breaking)
      .map((c) => ({
        kind: c.kind as BreakingChange["kind"],
        name: c.name,
        ...(c.before !== undefined ? { before: c.before } : {}),
        ...(c.after !== undefined ? { after: c.after } : {}),
        sites: sitesOf(usage, c.name).map(({ site, certain }) => ({ path: site.path, line: site.line, how: site.how, certain })),
      }))
      .sort((a, b) => reach(a) - reach(b)); // what the workspace certainly uses first, then what it may use
    // limit is hard on the structured result too: it lists what the text lists, and says how many there are
    p.breaking = breaking.slice(0, request.limit);
    if (breaking.length > request.limit) p.breakingTotal = breaking.length;
    return { text: render(p, breaking, request.limit, indexLine), data: { root: ws.root, indexState: index.state, status: "ok", package: p } };
  } finally {
    for (const dir of cleanup) rmSync(dir, { recursive: true, force: true });
  }
}
