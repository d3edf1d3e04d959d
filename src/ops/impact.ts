// svc impact <symbol> / svc_impact (symbol mode): everything that would feel a change to a
// declaration — direct references and callers, implementers and overriders, transitive
// dependents by hop, the public-surface check, covering tests and a coverage line. Package
// mode (package, fromVersion, toVersion) lives in impact-package.ts.

import { validationError } from "../errors.ts";
import { languageOf } from "../lang/languages.ts";
import { impactGraph, publicSurface, type Dependent, type PublicSurface } from "../graph/impact.ts";
import { fromLabel } from "../graph/reach.ts";
import { gapPhrase, type ReachGap, type ReachGaps } from "../graph/reach-gaps.ts";
import { checkerComplete, coverageLine, coverageOf, emptyPhrase, type Coverage } from "../graph/symbol-edges.ts";
import { pendingClause } from "../semantic/pending.ts";
import { textReader } from "../workspace/files.ts";
import type { IndexState } from "../index/open.ts";
import { describeSymbol, type AlsoNamed } from "../retrieve/resolve-symbol.ts";
import { impactPackage, type PackageImpactData } from "./impact-package.ts";
import { configRecords } from "../wiring/query/rows.ts";
import { symbolBrief, withSymbol, type SymbolBrief, type UnresolvedSymbol } from "./symbol-target.ts";
import type { OpContext, OpResult } from "./types.ts";

export interface ImpactRequest {
  symbol: string | null;
  path: string;
  limit: number;
  depth: number;
  package: string | null;
  fromVersion: string | null;
  toVersion: string | null;
}

export interface ImpactData {
  root: string;
  indexState: IndexState;
  status: "ok";
  symbol: SymbolBrief;
  /** The symbol was a bare name some members share too (resolve-symbol.ts AlsoNamed). */
  alsoNamed?: AlsoNamed;
  publicSurface: PublicSurface;
  /** Implementers and overriders, at most limit. */
  overriders: SymbolBrief[];
  /** How many there are when limit left some out. */
  overridersTotal?: number;
  /** The interface, abstract and base members it implements or overrides, at most limit. */
  satisfies: SymbolBrief[];
  /** The other implementations of what it implements or overrides (find-references joins them), at most limit. */
  siblings: (SymbolBrief & { via: string })[];
  /** A destructured name: the members it is taken from (find-references counts them and their uses). */
  destructures: SymbolBrief[];
  /** At most `limit` per hop; dependentTotals counts them all, by hop. */
  dependents: Dependent[];
  dependentTotals: Record<number, number>;
  /** A property whose name is a config key read by string (`config.get('dbName')`): those reads (matched by name), at most limit; total counts them all. */
  keyReads?: { key: string; total: number; reads: { symbol: string | null; path: string; line: number; text: string; provenance: string }[] };
  /** The covering tests, nearest first: at most `limit`, as the text lists them; testsTotal counts them all. */
  tests: { path: string; hop: number }[];
  testsTotal: number;
  /** complete: "checker-complete" was earned; gaps: the files the checker did not resolve that could reference the symbol; unresolved: those of them outside every project or with unresolved imports (unresolvedSites). */
  coverage: Coverage & { line: string; unresolved: string | null; complete: boolean; gaps: ReachGap[]; gapsRecorded: boolean };
}

const OUTSIDE: ReadonlySet<ReachGap["why"]> = new Set(["test", "module-js", "javascript", "source"]);

/**
 * What the checker could not resolve that could bind this symbol — the answer's own gaps, as its partial/complete verdict
 * weighs them: files of loaded projects with imports that did not resolve, files outside every project. Null when none (a
 * workspace's untyped import in a corner no longer shows under every answer). An index that does not record them per answer
 * (an older walk) gives the workspace's counts, said to be the workspace's.
 */
function unresolvedSites(gaps: ReachGaps, diagnosisJson: string | undefined): string | null {
  const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;
  if (gaps.recorded && gaps.unresolvedRecorded) {
    const unresolved = gaps.gaps.filter((g) => g.why === "unresolved");
    const outside = new Set(gaps.gaps.filter((g) => OUTSIDE.has(g.why)).map((g) => g.path));
    const parts = [];
    if (unresolved.length) {
      const specifiers = [...new Set(unresolved.map((g) => (g.specifier === "relative" ? "a relative import" : `'${g.specifier}'`)))];
      parts.push(`${plural(unresolved.length, "file whose imports did not all resolve", "files whose imports did not all resolve")} (${specifiers.slice(0, 3).join(", ")}${specifiers.length > 3 ? ", …" : ""})`);
    }
    if (outside.size) parts.push(plural(outside.size, "file outside every project", "files outside every project"));
    return parts.length ? `unresolved in scope (could bind it): ${parts.join("; ")} (svc doctor)` : null;
  }
  if (!diagnosisJson) return null;
  try {
    const d = JSON.parse(diagnosisJson) as { unresolved?: { packages: number; relative: number } | null; outside?: { count: number } };
    const parts = [];
    const u = (d.unresolved?.packages ?? 0) + (d.unresolved?.relative ?? 0);
    if (u) parts.push(`${plural(u, "import", "imports")} did not resolve`);
    if (d.outside?.count) parts.push(`${plural(d.outside.count, "file is", "files are")} outside every project`);
    return parts.length ? `unresolved in the workspace (not recorded per answer: svc index --force): ${parts.join("; ")} (svc doctor)` : null;
  } catch {
    return null;
  }
}

/** What the syntax tier's dependents are: a Python import names what it binds (hop 1 is filtered by it), a Go package's files import nothing of each other. */
function syntaxScope(path: string, dependents: readonly Dependent[]): string {
  if (languageOf(path) === "python") return "hop 1: the files whose import can bind its name (from m import name, import m, *); further hops: the files importing those";
  const samePackage = dependents.some((d) => d.type === "same package") ? " or sharing its Go package" : "";
  return `the files importing its file${samePackage}, whichever names they import`;
}

/** What an empty dependents list means, said as much as it was earned. */
function emptyDependents(c: Coverage, gaps: ReachGaps): string {
  if (!c.checker) return "none found (syntax tier; may be incomplete)";
  if (!c.declaringFileCovered) return "none found (the declaring file is outside every loaded project)";
  return emptyPhrase(c, gaps, "none");
}

export async function impact(request: ImpactRequest, ctx: OpContext): Promise<OpResult<ImpactData | UnresolvedSymbol | PackageImpactData>> {
  const symbolQuery = request.symbol?.trim() ?? "";
  if (request.package !== null || request.fromVersion !== null || request.toVersion !== null) return impactPackage(request, ctx);
  if (!symbolQuery) throw validationError("symbol must name a declaration (Name, Type.member or path:line)");
  return withSymbol<ImpactData>(symbolQuery, request.path, ctx, ({ root, db, meta, state, header, target, symbols, alsoNamed }) => {
    const out = [header];
    const coverage = coverageOf(db, meta, target.fileId, pendingClause(meta));
    const graph = impactGraph(db, target, symbols.map((s) => s.id), request.depth, request.limit, coverage.checker, { meta, readText: textReader(root), root });
    const gaps = graph.gaps ?? { recorded: true, unresolvedRecorded: false, gaps: [] };
    const surface = publicSurface(db, root, target, coverage.stale);
    out.push(`impact of ${describeSymbol(target)}`);
    if (alsoNamed) out.push(alsoNamed.line);
    out.push(`public surface: ${surface.public === null ? "unknown" : surface.public ? "yes" : "no"} — ${surface.how}`);
    // limit holds every list of the answer: the implementers of an interface member with hundreds of them too
    const overriders = graph.overriders.slice(0, request.limit);
    if (overriders.length) {
      out.push(`implementers and overriders (${graph.overriders.length}${overriders.length < graph.overriders.length ? `; first ${overriders.length}; raise limit (CLI --limit) for more` : ""}):`);
      for (const o of overriders) out.push(`  ${describeSymbol(o)}`);
    }
    const satisfies = graph.satisfies.slice(0, request.limit);
    if (satisfies.length) {
      out.push(`implements or overrides (a change must keep satisfying them) (${graph.satisfies.length}${satisfies.length < graph.satisfies.length ? `; first ${satisfies.length}; raise limit (CLI --limit) for more` : ""}):`);
      for (const o of satisfies) out.push(`  ${describeSymbol(o)}`);
    }
    const siblings = graph.siblings.slice(0, request.limit);
    if (siblings.length) {
      out.push(`other implementations of what it implements (their uses reach it through that member) (${graph.siblings.length}${siblings.length < graph.siblings.length ? `; first ${siblings.length}; raise limit (CLI --limit) for more` : ""}):`);
      for (const o of siblings) out.push(`  ${describeSymbol(o)}  via ${o.via}`);
    }
    if (graph.destructures.length) {
      out.push(`destructured from (its uses reach it through them) (${graph.destructures.length}):`);
      for (const o of graph.destructures) out.push(`  ${describeSymbol(o)}`);
    }
    const hops = [...new Set(graph.dependents.map((d) => d.hop))];
    out.push(`dependents (depth ${request.depth}${coverage.checker ? "" : `; syntax tier: ${syntaxScope(target.path, graph.dependents)}`}):`);
    if (!graph.dependents.length) out.push(`  ${emptyDependents(coverage, gaps)}`);
    for (const hop of hops) {
      const list = graph.dependents.filter((d) => d.hop === hop);
      const total = graph.hopTotals.get(hop) ?? list.length;
      out.push(`  hop ${hop} (${total}${total > list.length ? `; first ${list.length}; raise limit (CLI --limit) for more` : ""}):`);
      for (const d of list) out.push(`    [${d.type}] ${fromLabel(d)}  (${d.path}${d.line ? `:${d.line}` : ""})${d.via ? `  via ${d.via}` : ""}${coverage.checker && d.provenance === "syntax" ? "  (syntax)" : ""}`);
    }
    // an options member is also read by its name as a string (`config.get('dbName')`), which no reference reaches: the config wiring's reads of that key, said to be by name
    const keyReads = target.container && target.kind === "property" ? configRecords(db).filter((r) => r.role === "read" && r.key === target.name) : [];
    const shownReads = keyReads.slice(0, request.limit);
    if (keyReads.length) {
      out.push(`config reads of the key '${target.name}' (by name, not in the references above: the key may belong to another options type) (${keyReads.length}${shownReads.length < keyReads.length ? `; first ${shownReads.length}; raise limit (CLI --limit) for more` : ""}):`);
      for (const r of shownReads) out.push(`  [config_reads, ${r.provenance}] ${r.symbol ?? "(module level)"}  (${r.path}:${r.line})  ${r.detail}`);
    }
    const shownTests = graph.tests.slice(0, request.limit);
    out.push(`covering tests (${graph.tests.length}${shownTests.length < graph.tests.length ? `; first ${shownTests.length}, nearest first` : ""}):${graph.tests.length ? "" : ` ${emptyPhrase(coverage, gaps, "none reach it")}`}`);
    for (const t of shownTests) out.push(`  ${t.path}  (hop ${t.hop})`);
    // the count is of what is listed: the direct dependents and the members it implements, overrides, shares or is destructured to
    const heritage = graph.overriders.length + graph.satisfies.length + graph.siblings.length + graph.destructures.length;
    const line = coverageLine(coverage, graph.checkerRefs + heritage, graph.syntaxRefs, gaps);
    const unresolved = coverage.checker ? unresolvedSites(gaps, meta.load_diagnosis) : null;
    out.push(line);
    if (unresolved) out.push(unresolved);
    return {
      text: out.join("\n"),
      data: {
        root,
        indexState: state,
        status: "ok",
        symbol: symbolBrief(target),
        ...(alsoNamed ? { alsoNamed: alsoNamed.data } : {}),
        publicSurface: surface,
        overriders: overriders.map(symbolBrief),
        ...(overriders.length < graph.overriders.length ? { overridersTotal: graph.overriders.length } : {}),
        satisfies: satisfies.map(symbolBrief),
        siblings: siblings.map((o) => ({ ...symbolBrief(o), via: o.via })),
        destructures: graph.destructures.map(symbolBrief),
        dependents: graph.dependents,
        dependentTotals: Object.fromEntries([...graph.hopTotals].filter(([hop]) => hop <= request.depth)),
        ...(keyReads.length ? { keyReads: { key: target.name, total: keyReads.length, reads: shownReads.map((r) => ({ symbol: r.symbol, path: r.path, line: r.line, text: r.detail, provenance: r.provenance })) } } : {}),
        tests: shownTests,
        testsTotal: graph.tests.length,
        coverage: { ...coverage, line, unresolved, complete: checkerComplete(coverage, gaps), gaps: gaps.gaps, gapsRecorded: gaps.recorded },
      },
    };
  });
}
