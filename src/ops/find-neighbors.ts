// svc find --kind neighbors / svc_find kind=neighbors: everything that points at one
// declaration — callers, references, implementers, subclasses, injection sites — from the
// checker's edges, with a coverage line. A member's callers include the calls through the
// interface, abstract or base members it satisfies (`via Router.match`); files no loaded
// project holds that import it by name are listed apart, and the coverage line is
// "checker-complete" only when no file the checker did not read could reference it. In the
// syntax tier it says so and lists only the files importing the declaring file: never
// "0 references" when the checker did not run.

import { symbolNotFound } from "../errors.ts";
import type { Database } from "bun:sqlite";
import { answerState, type OpenIndex } from "../index/open.ts";
import { availabilityHeader } from "../render/availability.ts";
import { reachOf, fromLabel } from "../graph/reach.ts";
import { reachGaps, type ReachGap } from "../graph/reach-gaps.ts";
import { boundMembers, boundNeighbors } from "../graph/bound-members.ts";
import { constructorEdges } from "../graph/constructor-refs.ts";
import { overridersOf, satisfiedRows, siblingRows } from "../graph/impact.ts";
import { satisfiedMembers } from "../graph/satisfied.ts";
import { importersOf, incomingEdges, samePackageOf, type IncomingEdge } from "../graph/incoming-edges.ts";
import { checkerComplete, coverageLine, coverageOf, type Coverage } from "../graph/symbol-edges.ts";
import { pendingClause } from "../semantic/pending.ts";
import { readOutside } from "../store/meta.ts";
import { textReader } from "../workspace/files.ts";
import { alsoNamedLine, describeSymbol, partialNote, resolveSymbol, symbolById, unresolvedText, type AlsoNamed, type SymbolRow } from "../retrieve/resolve-symbol.ts";
import { listedCandidates, withMerged } from "./symbol-target.ts";
import type { OpResult } from "./types.ts";

/** An empty section's line: no call site is no claim that nothing calls it when it is passed around as a value (`{ pg: Conn }`, `new ctors[kind]()`). */
function noneLine(section: NeighborSection, references: number): string {
  if (section !== "callers" || references === 0) return "none";
  return `none direct (a call through ${references === 1 ? "the reference" : "a reference"} below — a value passed on, a table of constructors — is not followed)`;
}

export type NeighborSection = "callers" | "references" | "implementers" | "subclasses" | "injection sites";
const SECTIONS: NeighborSection[] = ["callers", "references", "implementers", "subclasses", "injection sites"];

export interface NeighborHit {
  type: string;
  from: string | null;
  path: string;
  line: number | null;
  provenance: string;
  /** The interface, abstract or base member this reference goes through (`Router.match`). */
  via?: string;
}

export interface NeighborsData {
  status: "ok" | "ambiguous" | "not_found";
  target?: { kind: string; qualifiedName: string; path: string; line: number };
  /** The target was a bare name some members share too (resolve-symbol.ts AlsoNamed). */
  alsoNamed?: AlsoNamed;
  candidates?: { kind: string; qualifiedName: string; path: string; line: number }[];
  candidatesTotal?: number;
  nearest?: string[];
  neighbors?: Record<NeighborSection, NeighborHit[]>;
  /** Syntax tier: files importing the declaring file. */
  importers?: { path: string; line: number | null }[];
  /** Syntax tier, a Go declaration: the other files of its package (they use it without importing it), at most limit. */
  samePackage?: string[];
  memberReferences?: number;
  /** Checker tier: files no loaded project holds that import the symbol by name (directly or through barrels). */
  outsideImporters?: string[];
  /** complete: "checker-complete" was earned; gaps: files the checker did not resolve that could reference it. */
  coverage?: Coverage & { line: string; complete?: boolean; gaps?: ReachGap[] };
}

export function sectionOf(type: string): NeighborSection {
  if (type === "calls") return "callers";
  if (type === "implements") return "implementers";
  if (type === "extends") return "subclasses";
  if (/inject|di_/.test(type)) return "injection sites";
  return "references";
}

const brief = (s: SymbolRow) => ({ kind: s.kind, qualifiedName: s.qualifiedName, path: s.path, line: s.line });

function hitOf(e: IncomingEdge, via: string | undefined): NeighborHit {
  return { type: e.type, from: e.fromName, path: e.path, line: e.line, provenance: e.provenance, ...(via ? { via } : {}) };
}

function hitLine(h: NeighborHit, section: NeighborSection): string {
  const tag = section === "references" ? `[${h.type}] ` : "";
  return `${tag}${fromLabel(h)}  (${h.path}${h.line ? `:${h.line}` : ""})${h.via ? `  via ${h.via}` : ""}`;
}

/** Incoming references to the members of a class or interface (declared in the same file). */
function memberReferenceCount(db: Database, target: SymbolRow): number {
  if (!/class|interface|enum|namespace/.test(target.kind)) return 0;
  const row = db
    .query("SELECT count(*) AS n FROM edges e JOIN symbols s ON s.id = e.to_symbol WHERE s.file_id = ? AND s.container = ?")
    .get(target.fileId, target.qualifiedName) as { n: number };
  return row.n;
}

/** A section's count, and when `limit` cuts it, how many are shown and how to see the rest (as find's other kinds say it). */
export function countLabel(total: number, limit: number): string {
  return total > limit ? `${total}; showing ${limit}; raise limit (CLI --limit) for more` : String(total);
}

/** The neighbors of one declaration; each section lists at most `limit` (the caller's row limit), its header the whole count. */
export function findNeighbors(db: Database, index: OpenIndex, query: string, root: string, limit: number): OpResult<NeighborsData> {
  const files = Number(index.meta.index_inventory_count ?? 0);
  const resolution = resolveSymbol(db, query);
  const state = answerState(index);
  const header = state !== "ready" ? [availabilityHeader(state, index.meta, index.detail), ""] : [];
  if (resolution.status === "not_found") throw symbolNotFound(query, resolution.nearest, files, partialNote(resolution));
  if (resolution.status !== "ok") {
    const data: NeighborsData = { status: "ambiguous", ...listedCandidates(resolution.candidates) };
    return { text: [...header, ...unresolvedText(query, resolution, files)].join("\n"), data };
  }
  const target = resolution.symbols[0] as SymbolRow;
  // every declaration of a merged interface or namespace (augmentations too) and every overload
  const ids = withMerged(db, resolution.symbols, textReader(root)).map((s) => s.id);
  const coverage = coverageOf(db, index.meta, target.fileId, pendingClause(index.meta));
  const out = [...header, `neighbors of ${describeSymbol(target)}`, ...(resolution.alsoNamed ? [alsoNamedLine(query, resolution.alsoNamed)] : [])];
  const data: NeighborsData = { status: "ok", target: brief(target), ...(resolution.alsoNamed ? { alsoNamed: resolution.alsoNamed } : {}) };
  if (!coverage.checker) {
    const importers = importersOf(db, target.fileId);
    const shown = importers.slice(0, limit);
    data.importers = shown.map((i) => ({ path: i.path, line: i.line }));
    out.push(`checker edges unavailable: ${coverage.why}`);
    out.push(`files importing ${target.path} (syntax tier; callers and references inside them are not resolved) (${countLabel(importers.length, limit)}):`);
    out.push(...(shown.length ? shown.map((i) => `  ${i.path}${i.line ? `:${i.line}` : ""}`) : ["  none found (syntax tier; may be incomplete)"]));
    const siblings = samePackageOf(db, target.fileId);
    if (siblings.length) {
      out.push(`files of its Go package (they use its declarations without importing it; uses inside them are not resolved) (${countLabel(siblings.length, limit)}):`);
      out.push(...siblings.slice(0, limit).map((f) => `  ${f.path}`));
      data.samePackage = siblings.slice(0, limit).map((f) => f.path);
    }
    const line = coverageLine(coverage, 0, importers.length, { recorded: true, unresolvedRecorded: false, gaps: [] });
    data.coverage = { ...coverage, line, complete: false };
    out.push(line);
    return { text: out.join("\n"), data };
  }
  // calls through the interface, abstract or base members it satisfies reach it too (as the language service's find-references counts them)
  // and so do the uses of the members implementing or overriding it (`this.produce(…)` for `ProducersFns.produce`)
  const readText = textReader(root);
  const satisfied = satisfiedMembers(db, target, readText);
  const overriders = overridersOf(db, target, readText);
  const via = new Map<number, string>();
  for (const m of satisfied) for (const id of m.ids) via.set(id, m.qualifiedName);
  for (const o of overriders) if (!ids.includes(o.id)) via.set(o.id, o.qualifiedName);
  // and the other implementations of what it implements, with their uses (find-references joins them through the shared member)
  const siblings = siblingRows(db, target, ids, readText);
  for (const o of siblings) if (!via.has(o.id)) via.set(o.id, o.qualifiedName);
  // a destructured name: the member it is taken from, and that member's uses
  const bound = boundMembers(db, target).filter((b) => !ids.includes(b.id));
  for (const b of bound) via.set(b.id, b.qualifiedName);
  // a constructor: `new C(…)` (a call of the class), subclasses' `super(…)` and `new` of the subclasses inheriting it
  const all = [...incomingEdges(db, [...ids, ...via.keys()]).filter((e) => !(via.has(e.toSymbol) && (e.type === "implements" || e.type === "extends"))), ...constructorEdges(db, target, ids, readText)];
  // one site once: a use of a merged interface or an overloaded function has an edge to each of its declarations
  const seen = new Set<string>();
  const sameLine = boundNeighbors(db, target);
  const edges = all.filter((e) => {
    if (e.fromSymbol !== null && sameLine.has(e.fromSymbol)) return false;
    const key = `${e.type}\0${e.fromSymbol ?? `f${e.fromFile}`}\0${e.line}\0${via.get(e.toSymbol) ?? ""}`;
    return !seen.has(key) && !!seen.add(key);
  });
  const sections = Object.fromEntries(SECTIONS.map((s) => [s, [] as NeighborHit[]])) as Record<NeighborSection, NeighborHit[]>;
  // sources before tests: under a limit, a function its test calls 34 times is not shown as called by its test alone
  edges.sort((a, b) => Number(a.isTest) - Number(b.isTest));
  for (const e of edges) sections[sectionOf(e.type)].push(hitOf(e, via.get(e.toSymbol)));
  // the members it implements or overrides are references of it to find-references (`ImmerBaseState.parent_` for `ProxyBaseState.parent_`)
  const how = new Map(satisfied.flatMap((m) => m.ids.map((id) => [id, m.how] as const)));
  for (const row of satisfiedRows(db, target, readText)) sections.references.push({ type: how.get(row.id) === "implements" ? "satisfies" : "overrides", from: row.qualifiedName, path: row.path, line: row.line, provenance: "checker" });
  // a member's implementers and overriders (`Job.run` for `Runner.run`): find-references counts them, and so does impact
  for (const o of overriders) sections.implementers.push({ type: "implements", from: o.qualifiedName, path: o.path, line: o.line, provenance: "checker" });
  for (const b of bound) {
    const row = symbolById(db, b.id);
    if (row) sections.references.push({ type: "destructures", from: row.qualifiedName, path: row.path, line: row.line, provenance: "checker" });
  }
  for (const o of siblings) sections.implementers.push({ type: "implements", from: o.qualifiedName, path: o.path, line: o.line, provenance: "checker", via: o.via });
  data.neighbors = Object.fromEntries(SECTIONS.map((s) => [s, sections[s].slice(0, limit)])) as Record<NeighborSection, NeighborHit[]>;
  for (const section of SECTIONS) {
    const hits = sections[section];
    if (!hits.length && (section === "injection sites" || (section !== "callers" && section !== "references" && !/class|interface/.test(target.kind)))) continue;
    out.push(`${section} (${countLabel(hits.length, limit)}):`);
    out.push(...(hits.length ? hits.slice(0, limit).map((h) => `  ${hitLine(h, section)}`) : [`  ${noneLine(section, sections.references.length)}`]));
  }
  const members = memberReferenceCount(db, target);
  if (members) {
    data.memberReferences = members;
    out.push(`also: ${members} reference${members === 1 ? "" : "s"} to its members (ask for ${target.qualifiedName}.<member>)`);
  }
  // the count is of what is listed: the edges' sites and the members it implements, overrides, is implemented by or destructured to
  const listed = SECTIONS.flatMap((section) => sections[section]);
  const checkerCount = listed.filter((h) => h.provenance === "checker").length;
  const outside = readOutside(index.meta);
  const reach = reachOf(db, target, ids, { depth: 3, limit: 0, outside: outside ? new Set(outside) : null, readText });
  // files no project holds that import it by name (through the barrels too): what the syntax tier knows of them
  const outsiders = [...reach.syntaxOnly].sort();
  if (outsiders.length) {
    data.outsideImporters = outsiders.slice(0, limit);
    out.push(`importers outside every loaded project (syntax: they import the name; uses inside them are not resolved) (${countLabel(outsiders.length, limit)}):`);
    out.push(...outsiders.slice(0, limit).map((p) => `  ${p}`));
  }
  const gaps = reachGaps(db, index.meta, target, reach.exporters, readText, root);
  const line = coverage.declaringFileCovered || listed.length ? coverageLine(coverage, checkerCount, listed.length - checkerCount, gaps) : `coverage: ${target.path} is outside every loaded TypeScript project (svc doctor); the checker resolved no references to it`;
  data.coverage = { ...coverage, line, complete: coverage.declaringFileCovered && checkerComplete(coverage, gaps), gaps: gaps.gaps };
  out.push(line);
  return { text: out.join("\n"), data };
}
