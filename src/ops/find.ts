// svc find / svc_find (exact kinds): declarations by name, paths, full-text hits.

import { validationError } from "../errors.ts";
import { indexForRead } from "../indexing/fresh.ts";
import { changedFiles, resolveRef } from "../git/changes.ts";
import { loadFileGraph } from "../graph/file-graph.ts";
import { answerState, type IndexState, type OpenIndex } from "../index/open.ts";
import { unreadCaveat, unreadFiles } from "../index/partial-files.ts";
import { collectFrom } from "../plan/collect.ts";
import { availabilityHeader } from "../render/availability.ts";
import { findKind, impactCall, noSignalNext, opName, statusCall } from "../render/surface-calls.ts";
import { formatTokens } from "../text/tokens.ts";
import { localize, shortOfConfident, type Candidate, type GradeEvidence, type Localization, type Navigation } from "../retrieve/localize.ts";
import type { Workspace } from "../workspace/root.ts";
import { findLines, findPaths, findSymbols, findText, nearestNames, type LineSearch, type PathHit, type SymbolHit, type TextHit } from "../retrieve/lookup.ts";
import { resolveWorkspace } from "../workspace/root.ts";
import type { OpContext, OpResult, Surface } from "./types.ts";
import { warmTaskReads } from "./task-warm.ts";
import { findWiring, noWiringMatch, renderWiring, WIRING_KINDS, type WiringAnswer, type WiringKind } from "../wiring/query/find.ts";

export const FIND_KINDS = ["all", "symbol", "path", "text", "task", "signatures", "neighbors", ...WIRING_KINDS] as const;
export type FindKind = (typeof FIND_KINDS)[number];

export interface FindRequest {
  query: string;
  path: string;
  kind: FindKind;
  limit: number;
  /** task: files changed since this git ref are candidates too. */
  changedSince: string | null;
}

export interface FindData {
  query: string;
  kind: FindKind;
  root: string;
  indexState: IndexState;
  symbols?: { total: number; hits: SymbolHit[] };
  paths?: { total: number; hits: PathHit[] };
  text?: { total: number; hits: TextHit[]; available: boolean };
  /** Line-level hits over whole files (kind text and all). */
  lines?: LineSearch;
  nearest?: string[];
  /** Nothing matched (symbol, path, text and all): why, and what to try. */
  noMatches?: string;
  /** Lines were found, but files whose text is not indexed (minified) were not searched: "not conclusive: …". */
  notSearched?: string;
  /** kind=task */
  grade?: Localization["grade"];
  candidates?: Candidate[];
  /** kind=task: the query's words that occur nowhere in the indexed files. */
  unmatched?: string[];
  /** kind=task: no candidate (and no unmatched word to explain it): why, and what to try. */
  noCandidates?: string;
  /** kind=task: what the grade was decided on (margin, agreement with the text ranking, path hit, unmatched share, names lead, identifiers named elsewhere, the first file's role). */
  gradeEvidence?: GradeEvidence;
  navigation?: Navigation;
  /** kind=task: why the git history was not used (absent when it was). */
  historyAbsent?: string;
  /** kind=task: why the git history used is partial (a shallow clone). */
  historyPartial?: string;
  /** kind=task: the package folder the query names (several comma-separated, for a scope list). */
  package?: string;
  /** kind=service|request|route|config */
  wiring?: WiringAnswer;
}

const TASK_CANDIDATES = 100;

function renderLocalization(loc: Localization): string[] {
  const out = [`localize [${loc.grade}]: ${loc.candidates.length} candidate${loc.candidates.length === 1 ? "" : "s"}${loc.lowSignal ? ` (the query reads as ${loc.lowSignal}; name a symbol, file, route or service instead)` : ""}`];
  const short = loc.grade === "partial" && loc.gradeEvidence ? shortOfConfident(loc.gradeEvidence) : [];
  if (short.length) out.push(`  partial: ${short.join("; ")}`);
  if (loc.unmatched?.length) out.push(`  ${loc.unmatched.map((w) => `"${w}"`).join(", ")} occur${loc.unmatched.length === 1 ? "s" : ""} nowhere in the indexed files${loc.candidates.length ? ": the candidates match the other words only" : ""} (if this is new code, name an existing file, symbol or route it joins)`);
  if (loc.noCandidates) out.push(`  ${loc.noCandidates}`);
  if (loc.packages) {
    const many = loc.packages.length > 1;
    out.push(`  the query names the package${many ? "s" : ""} ${loc.packages.map((d) => `${d}/`).join(", ")}: files outside ${many ? "them" : "it"} rank lower`);
  }
  if (loc.historyAbsent) out.push(`  git history not used (${loc.historyAbsent}): ranked by the files alone`);
  if (loc.historyPartial) out.push(`  git history partial (${loc.historyPartial})`);
  if (loc.noFullText) out.push("  full-text search (FTS5) is unavailable in this SQLite build: only exact names, paths, wiring and the graph were used; name a symbol or path for a precise answer");
  for (const c of loc.candidates) {
    out.push(`  ${c.score.toFixed(2)}  ${c.path}  (~${formatTokens(c.tokens)} tokens)`);
    if (c.reasons.length) out.push(`        ${c.reasons.slice(0, 3).join(", ")}`);
    if (c.symbols?.length) out.push(`        likely: ${c.symbols.map((s) => `${s.name} (${s.kind} L${s.line}–${s.endLine})`).join(", ")}`);
  }
  const nav = loc.navigation;
  if (nav) {
    const parts = [
      nav.areas.length ? `areas ${nav.areas.join(", ")}` : "",
      nav.entryPoints.length ? `entry points ${nav.entryPoints.join(", ")}` : "",
      nav.nearestSymbols.length ? `nearest symbols ${nav.nearestSymbols.join(", ")}` : "",
    ].filter(Boolean);
    if (parts.length) out.push(`navigation map: ${parts.join("; ")}`);
  }
  return out;
}

async function findTask(request: FindRequest, index: OpenIndex, ws: Workspace, base: Omit<FindData, "indexState">, ctx: OpContext): Promise<OpResult<FindData>> {
  const collection = collectFrom(index, ws, { template: null });
  let changed: string[] = [];
  if (request.changedSince) {
    await resolveRef(ws.root, request.changedSince);
    changed = (await changedFiles(ws.root, request.changedSince)).map((c) => c.path);
  }
  const graph = loadFileGraph(index.db, index.meta.index_completed_at ?? "");
  const loc = localize(collection, { query: request.query, limit: Math.min(request.limit, TASK_CANDIDATES), graph, changed, symbols: true });
  if (loc.noSignal) loc.noCandidates = `the task carries no signal, nothing is ranked: ${loc.noSignal}. Try: ${noSignalNext(ctx.surface)}`;
  const data: FindData = { ...base, indexState: index.state, grade: loc.grade, candidates: loc.candidates, ...(loc.unmatched ? { unmatched: loc.unmatched } : {}), ...(loc.noCandidates ? { noCandidates: loc.noCandidates } : {}), ...(loc.gradeEvidence ? { gradeEvidence: loc.gradeEvidence } : {}), ...(loc.navigation ? { navigation: loc.navigation } : {}), ...(loc.historyAbsent ? { historyAbsent: loc.historyAbsent } : {}), ...(loc.historyPartial ? { historyPartial: loc.historyPartial } : {}), ...(loc.packages ? { package: loc.packages.join(", ") } : {}) };
  const capped = request.limit > TASK_CANDIDATES ? [`limit ${request.limit} is above what a task answer ranks: at most ${TASK_CANDIDATES} candidates`] : [];
  return { text: [availabilityHeader(index.state, index.meta, index.detail), ...renderLocalization(loc)].join("\n"), data, ...(capped.length ? { warnings: capped } : {}) };
}

function findWiringKind(request: FindRequest, index: OpenIndex, ws: Workspace, base: Omit<FindData, "indexState">, surface: Surface | undefined): OpResult<FindData> {
  const wiring = findWiring(index.db, request.kind as WiringKind, base.query, request.limit, ws.relDir);
  const files = Number(index.meta.index_inventory_count ?? 0);
  if (wiring.total === 0) wiring.noMatches = noWiringMatch(wiring, base.query, files, ws.relDir, wiringNext(index, request.kind as WiringKind, base.query, ws.relDir, surface));
  const lines = renderWiring(wiring, base.query, files, ws.relDir);
  const header = index.state !== "ready" ? [availabilityHeader(index.state, index.meta, index.detail), ""] : [];
  return { text: [...header, ...lines].join("\n"), data: { ...base, indexState: index.state, wiring, ...(wiring.nearest ? { nearest: wiring.nearest } : {}), ...(wiring.noMatches ? { noMatches: wiring.noMatches } : {}) } };
}

/** What to try after a wiring lookup that matched nothing: a name declared here is no wiring key, but its users are one impact call away; else the other lookups. */
function wiringNext(index: OpenIndex, kind: WiringKind, query: string, relDir: string, surface: Surface | undefined): string {
  const q = query.trim();
  const exact = kind === "route" ? [] : findSymbols(index.db, q, 2, relDir).hits.filter((h) => h.name === q || h.qualifiedName === q);
  const hit = exact[0];
  if (hit) {
    const names = kind === "service" ? "no registration, injection or implements clause names it" : kind === "request" ? "no handler or dispatch names it" : "no config read or definition names it";
    // a name declared more than once: the call names this declaration by path:line
    return `'${q}' is declared (${hit.kind} ${hit.qualifiedName} at ${hit.path}:${hit.line}) but ${names}: ${impactCall(surface, exact.length > 1 ? `${hit.path}:${hit.line}` : hit.qualifiedName)} lists what uses it`;
  }
  const above = relDir ? `; or a path above ${relDir}` : "";
  if (kind === "route") return `try a shorter part of the path, or ${findKind(surface, "text", true)} (the path as the code writes it)${above}`;
  return `try another spelling, ${findKind(surface, "symbol", true)} (declarations) or ${findKind(surface, "text", true)} (words in code and comments)${above}`;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

function section(title: string, total: number, shown: number, lines: string[]): string[] {
  const more = total > shown ? ` (showing ${shown}; raise limit (CLI --limit) for more)` : "";
  return [`${title} (${total})${more}:`, ...(lines.length ? lines.map((l) => `  ${l}`) : ["  none"])];
}

function withBase(base: Omit<FindData, "indexState">, indexState: IndexState, result: OpResult<object>): OpResult<FindData> {
  return { ...result, data: { ...base, indexState, ...result.data } };
}

export async function find(request: FindRequest, ctx: OpContext): Promise<OpResult<FindData>> {
  const query = request.query.trim();
  if (!query) throw validationError("query must not be empty");
  const ws = resolveWorkspace(request.path, ctx.cwd);
  const index = await indexForRead(ws.root, ctx);
  const base = { query, kind: request.kind, root: ws.root };
  if (!index.available) {
    return { text: availabilityHeader(index.state, index.meta, index.detail), data: { ...base, indexState: index.state } };
  }
  warmTaskReads(ws.root, ctx);
  try {
    if (request.kind === "task") return await findTask(request, index, ws, base, ctx);
    if (request.kind === "signatures") return withBase(base, index.state, await (await import("./find-signatures.ts")).findSignatures(index.db, index, ws.root, query, request.limit, ctx));
    // the state its text reports: the checker's edges may lag while the semantic upgrade is pending
    if (request.kind === "neighbors") return withBase(base, answerState(index), (await import("./find-neighbors.ts")).findNeighbors(index.db, index, query, ws.root, request.limit));
    if ((WIRING_KINDS as readonly string[]).includes(request.kind)) return findWiringKind(request, index, ws, base, ctx.surface);
    const db = index.db;
    const want = (k: FindKind) => request.kind === "all" || request.kind === k;
    const data: FindData = { ...base, indexState: index.state };
    const out: string[] = [];
    if (index.state !== "ready") out.push(availabilityHeader(index.state, index.meta, index.detail), "");
    if (want("symbol")) {
      const { hits, total } = findSymbols(db, query, request.limit, ws.relDir);
      data.symbols = { total, hits };
      const lines = hits.map((h) => `${h.kind} ${h.qualifiedName}  (${h.path}:${h.line})`);
      if (request.kind === "symbol") out.push(...(lines.length ? [`symbols matching '${query}': ${total}`, ...lines] : []));
      else {
        // no declaration by that name (a misspelling) while the text sections have hits: the names nearest to it, as kind=symbol says them
        const nearest = total === 0 ? nearestNames(db, query) : [];
        if (nearest.length) data.nearest = nearest;
        out.push(...section("symbols", total, hits.length, nearest.length ? [`none; nearest names: ${nearest.join(", ")}`] : lines));
      }
    }
    if (want("path")) {
      const { hits, total } = findPaths(db, query, request.limit, ws.relDir);
      data.paths = { total, hits };
      const lines = hits.map((h) => h.path);
      if (request.kind === "path") out.push(...(lines.length ? [`paths containing '${query}': ${total}`, ...lines] : []));
      else out.push(...section("paths", total, hits.length, lines));
    }
    if (want("text")) {
      const available = index.meta.fts_available === "1";
      const { hits, total } = available ? findText(db, query, request.limit, ws.relDir) : { hits: [], total: 0 };
      data.text = { total, hits, available };
      const lines = available
        ? hits.map((h) => `${h.name}  (${h.path}:${h.line})  ${h.score.toFixed(2)}`)
        : ["full-text search is unavailable: this SQLite build has no FTS5 (see svc diagnostics)"];
      if (request.kind === "text") out.push(...(hits.length || !available ? [available ? `text hits for '${query}': ${total}` : "", ...lines].filter(Boolean) : []));
      else out.push(...section("text", total, hits.length, lines));
      // whole files, line by line: text in top-level code, registrations, strings and scripts too
      if (available) {
        const found = findLines(db, ws.root, query, request.limit, ws.relDir); // lines as shown, their file's secrets taken out
        data.lines = found;
        const rows = found.hits.map((h) => `${h.path}:${h.line}  ${h.text}`);
        if (request.kind === "text") out.push(...(rows.length ? [`lines matching '${query}': ${found.total}${found.partial ? "+" : ""}${found.total > rows.length ? ` (showing ${rows.length}; raise limit (CLI --limit) for more)` : ""}`, ...rows.map((r) => `  ${r}`)] : []));
        else out.push(...section("lines", found.total, rows.length, rows));
        if (found.partial && rows.length) out.push(`  partial: ${found.partial}`);
        // lines found, but not in a minified file (its text is not indexed): the list is not every match
        const unsearched = rows.length ? unreadCaveat({ partial: [], minified: unreadFiles(db, ws.relDir).minified }, "text").slice(2) : "";
        if (unsearched) {
          data.notSearched = unsearched;
          out.push(`  ${unsearched}`);
        }
      }
    }
    const found = (data.symbols?.total ?? 0) + (data.paths?.total ?? 0) + (data.text?.total ?? 0) + (data.lines?.total ?? 0);
    if (found === 0 && (data.text?.available ?? true)) {
      const nearest = nearestNames(db, query);
      data.nearest = nearest;
      const scope = ws.relDir ? ` under ${ws.relDir}` : "";
      const what = request.kind === "all" ? "symbol, path or text" : request.kind;
      out.length = index.state === "ready" ? 0 : out.length;
      const read = data.lines?.partial ? ` (lines: ${data.lines.partial})` : "";
      const indexed = Number(index.meta.index_inventory_count ?? 0);
      // a symbol not found may be declared in a file the syntax tier could only partly read or did not parse (minified); text not found may be in a minified file (not full-text indexed)
      const partial = request.kind === "symbol" || request.kind === "text" || request.kind === "all" ? unreadCaveat(unreadFiles(db, ws.relDir), request.kind === "symbol" ? "declarations" : "text") : "";
      data.noMatches = `no matches for '${query}' (${what})${scope} in ${plural(indexed, "indexed file")}${read}${nearest.length ? `; nearest names: ${nearest.join(", ")}` : ""}${partial}; ${noMatchNext(request.kind, indexed, ws.relDir, ctx.surface)}`;
      out.push(data.noMatches);
    }
    return { text: out.join("\n"), data };
  } finally {
    index.db.close();
    warmTaskReads(ws.root, ctx);
  }
}

/** What to try after a lookup that matched nothing. */
function noMatchNext(kind: FindKind, indexed: number, relDir: string, surface: Surface | undefined): string {
  if (indexed === 0) return `nothing is indexed here: check path (${statusCall(surface)} shows the root and its files; the inventory skips ignored, binary and oversized files)`;
  const scope = relDir ? `; or a path above ${relDir}` : "";
  const toc = opName(surface, "toc");
  if (kind === "symbol") return `try a shorter part of the name, ${findKind(surface, "text")} (words in code and comments) or ${findKind(surface, "task")} (a description of what it does)${scope}`;
  if (kind === "path") return `try a shorter part of the file name, or ${toc} for the files indexed here${scope}`;
  return `try another spelling or fewer words, ${findKind(surface, "task")} (a description of what it does), or ${toc} for the files indexed here${scope}`;
}

