// The blast radius of one declaration from the index's symbol-level edges: dependents hop
// by hop (the walk of reach.ts: declarations, module-level code, barrels; a class's members
// count as the class), implementers and overriders, whether the package's entry points
// expose it, the test files that reach it, and where the checker's view has gaps.

import type { Database } from "bun:sqlite";
import { FileIndex } from "../index/imports/file-index.ts";
import { Packages } from "../index/imports/packages.ts";
import { dirOf } from "../index/imports/paths.ts";
import { isCheckerLanguage, languageOf } from "../lang/languages.ts";
import { symbolById, type SymbolRow } from "../retrieve/resolve-symbol.ts";
import { textReader } from "../workspace/files.ts";
import { readOutside, type IndexMeta } from "../store/meta.ts";
import { boundMembers } from "./bound-members.ts";
import { reachOf, type Dependent } from "./reach.ts";
import { overriderIds, type ReadText, satisfiedMembers, siblingIds } from "./satisfied.ts";
import { reachGaps, type ReachGaps } from "./reach-gaps.ts";
import { importersOf, incomingEdges, pythonImportBinds, samePackageOf } from "./incoming-edges.ts";
import { manifestTargets, sourceOfBuiltEntry } from "./built-entry.ts";

export type { Dependent } from "./reach.ts";

export interface ImpactGraph {
  /** At most `limit` per hop; hopTotals counts every dependent reached at each hop. */
  dependents: Dependent[];
  hopTotals: Map<number, number>;
  overriders: SymbolRow[];
  /** The interface, abstract and base members it implements or overrides (find-references counts their declarations). */
  satisfies: SymbolRow[];
  /** The other implementations of what it implements or overrides, with the member they share. */
  siblings: (SymbolRow & { via: string })[];
  /** A destructured name: the members it is taken from (`Deno.open` for `const { open } = Deno`). */
  destructures: SymbolRow[];
  tests: { path: string; hop: number }[];
  checkerRefs: number;
  syntaxRefs: number;
  /** The checker tier: where its answer cannot be complete (files it did not read, dynamic access). */
  gaps: ReachGaps | null;
}

export interface ImpactInputs {
  meta: IndexMeta;
  readText: ReadText;
  /** The workspace root (realpath'd): where imports through symbolic links are looked up. */
  root: string;
}

/** Methods overriding or implementing `target` (a member) in classes that extend or implement its container. */
export function overridersOf(db: Database, target: SymbolRow, readText: ReadText): SymbolRow[] {
  return overriderIds(db, target, readText).flatMap((o) => symbolById(db, o.id) ?? []);
}

/** The declarations of the members `target` implements or overrides (every overload), nearest first. */
export function satisfiedRows(db: Database, target: SymbolRow, readText: ReadText): SymbolRow[] {
  return satisfiedMembers(db, target, readText).flatMap((m) => m.ids.flatMap((id) => symbolById(db, id) ?? []));
}

/** The other implementations of the members `target` implements or overrides (find-references joins them), with the member they share. */
export function siblingRows(db: Database, target: SymbolRow, ids: readonly number[], readText: ReadText): (SymbolRow & { via: string })[] {
  return siblingIds(db, target, ids, readText).flatMap((o) => {
    const row = symbolById(db, o.id);
    return row ? [{ ...row, via: o.via }] : [];
  });
}

/**
 * How many hops covering tests are looked for: to the end of the walk (each node is walked once). A cap let "none reach it
 * (checker-complete)" stand while a test reached the code further: on ky, every test reaches parseDate at hop 7
 * (calculateRetryTimingDelay, Ky.#calculateRetryDelay, Ky.#retryFromError, Ky.create, createInstance, the barrel's ky).
 */
const TEST_DEPTH = Number.POSITIVE_INFINITY;

export function impactGraph(db: Database, target: SymbolRow, ids: readonly number[], depth: number, limit: number, checker: boolean, inputs: ImpactInputs): ImpactGraph {
  const dependents: Dependent[] = [];
  const hopTotals = new Map<number, number>();
  // a declaration in a test file is that test's code (hop 0), reached or not by a reference the checker sees: hono's cache
  // test calls its MockCache.keys through `caches.open(…)`, a global it stubs with `vi.stubGlobal` (typed as the lib's Cache)
  const tests = new Map<string, number>(target.isTest ? [[target.path, 0]] : []);
  let checkerRefs = 0;
  let syntaxRefs = 0;
  if (!checker) {
    // syntax tier: files importing the declaring file, transitively
    const python = languageOf(target.path) === "python";
    const topName = target.qualifiedName.split(".")[0] ?? target.name;
    const seen = new Set<number>([target.fileId]);
    let frontier = [target.fileId];
    for (let hop = 1; hop <= depth && frontier.length; hop++) {
      const next: number[] = [];
      let shown = 0; // at most `limit` listed per hop, as the checker tier (graph/reach.ts); the walk goes on through all
      for (const fileId of frontier) {
        // a Go file's package siblings use it without an import: as near as its importers
        const siblings = samePackageOf(db, fileId).map((f) => ({ ...f, type: "same package" }));
        // hop 1 of a Python declaration: only the files whose import can bind its name (its top-level name for a member)
        const importers = importersOf(db, fileId).filter((i) => hop > 1 || !python || pythonImportBinds(db, i.path, i.line, topName, target.path));
        for (const imp of [...importers.map((i) => ({ ...i, type: "imports" })), ...siblings]) {
          const id = (db.query("SELECT id FROM files WHERE path = ?").get(imp.path) as { id: number }).id;
          if (seen.has(id)) continue;
          seen.add(id);
          next.push(id);
          syntaxRefs += hop === 1 ? 1 : 0;
          hopTotals.set(hop, (hopTotals.get(hop) ?? 0) + 1);
          if (shown++ < limit) dependents.push({ hop, type: imp.type, from: null, path: imp.path, line: imp.line, isTest: imp.isTest, provenance: "syntax" });
          if (imp.isTest && !tests.has(imp.path)) tests.set(imp.path, hop);
        }
      }
      frontier = next;
    }
    return { dependents, hopTotals, overriders: [], satisfies: [], siblings: [], destructures: [], tests: [...tests].map(([path, hop]) => ({ path, hop })), checkerRefs, syntaxRefs, gaps: null };
  }
  const outside = readOutside(inputs.meta);
  // tests are looked for further than the dependents shown: a test reaches `Ky` through `createInstance`, the exported `ky` and the barrel
  const reach = reachOf(db, target, ids, { depth: Math.max(depth, TEST_DEPTH), limit, outside: outside ? new Set(outside) : null, readText: inputs.readText });
  for (const [path, hop] of reach.tests) if (!tests.has(path)) tests.set(path, hop);
  for (const imp of importersOf(db, target.fileId)) if (imp.isTest && !tests.has(imp.path)) tests.set(imp.path, 1);
  const ordered = [...tests].map(([path, hop]) => ({ path, hop })).sort((a, b) => a.hop - b.hop || (a.path < b.path ? -1 : 1));
  const gaps = reachGaps(db, inputs.meta, target, reach.exporters, inputs.readText, inputs.root);
  return { dependents: reach.dependents.filter((d) => d.hop <= depth), hopTotals: reach.hopTotals, overriders: overridersOf(db, target, inputs.readText), satisfies: satisfiedRows(db, target, inputs.readText), siblings: siblingRows(db, target, ids, inputs.readText), destructures: boundMembers(db, target).flatMap((b) => symbolById(db, b.id) ?? []), tests: ordered, checkerRefs: reach.checkerRefs, syntaxRefs: reach.syntaxRefs, gaps };
}

export interface PublicSurface {
  /** null: the package has no entry points to check against. */
  public: boolean | null;
  how: string;
}

/**
 * Whether the package's entry points (package.json exports/main/module/types) expose `target`.
 * `stale`: the changed files whose checker edges wait for their re-walk (coverageOf) — a
 * re-export into one of them is out of the store until then, so "not re-exported" is not known.
 */
export function publicSurface(db: Database, root: string, target: SymbolRow, stale: number | "all" = 0): PublicSurface {
  if (target.container) {
    // a member is as public as the type that declares it
    const owner = db.query("SELECT id FROM symbols WHERE file_id = ? AND qualified_name = ? ORDER BY start_line LIMIT 1").get(target.fileId, target.container) as { id: number } | null;
    const row = owner ? symbolById(db, owner.id) : null;
    if (row) {
      const verdict = publicSurface(db, root, row, stale);
      if (verdict.public) return { public: true, how: `a member of ${row.kind} ${row.qualifiedName}, which is public: ${verdict.how}` };
      // inherited by a public subclass: consumers reach it through that class
      for (const heir of incomingEdges(db, [row.id]).filter((e) => e.type === "extends" && e.fromSymbol !== null)) {
        const sub = symbolById(db, heir.fromSymbol as number);
        const inherited = sub ? publicSurface(db, root, sub, stale) : null;
        if (sub && inherited?.public) return { public: true, how: `inherited by ${sub.kind} ${sub.qualifiedName}, which is public: ${inherited.how}` };
      }
      return { public: verdict.public, how: `a member of ${row.kind} ${row.qualifiedName}, ${verdict.public === null ? "whose public surface is unknown" : "which is not public"}: ${verdict.how}` };
    }
  }
  if (!target.exported) return { public: false, how: `not exported from ${target.path}` };
  // a package's surface is read from package.json's entry points and the TypeScript re-exports from them: never a Python module's or a Go package's
  const language = languageOf(target.path);
  if (!isCheckerLanguage(language)) return { public: null, how: `exported by its language's rules, but ${target.path} is ${language ? `a ${language} file` : "no source file svc reads"}: svc follows a package's public surface for TypeScript and JavaScript only (package.json entry points)` };
  const paths = (db.query("SELECT path FROM files").all() as { path: string }[]).map((r) => r.path);
  const ix = new FileIndex(paths, textReader(root));
  const packages = new Packages(ix);
  const pkg = packages.nearest(dirOf(target.path));
  if (!pkg) return { public: null, how: "no package.json owns the file" };
  const label = pkg.name ? `package ${pkg.name}` : `the package at ${pkg.dir || "the root"}`;
  const entries = new Set<string>();
  const main = packages.entry(pkg, "");
  if (main) entries.add(main);
  const exportsMap = pkg.json.exports;
  if (exportsMap && typeof exportsMap === "object" && !Array.isArray(exportsMap)) {
    for (const key of Object.keys(exportsMap)) if (key.startsWith("./") && !key.includes("*")) {
      const e = packages.entry(pkg, key.slice(2));
      if (e) entries.add(e);
    }
  }
  // Entry points naming build output (an unbuilt outDir such as `distribution/`): the sources they are built from, through the tsconfigs.
  const mapped = new Map<string, string>();
  for (const t of manifestTargets(pkg.json)) {
    if (packages.target(pkg.dir, t)) continue;
    const source = sourceOfBuiltEntry(ix, pkg.dir, t);
    if (source && !mapped.has(source.path)) mapped.set(source.path, source.via);
  }
  for (const p of mapped.keys()) entries.add(p);
  const mappedNote = (p: string) => (mapped.has(p) ? ` (mapped from build output: ${mapped.get(p)})` : "");
  if (!entries.size) {
    const named = manifestTargets(pkg.json);
    return { public: null, how: named.length ? `${label}'s entry points (${named.slice(0, 3).join(", ")}) name files that are not in the workspace and no tsconfig's outDir/declarationDir maps them back to sources` : `${label} declares no entry point (exports, main, module, types)` };
  }
  if (entries.has(target.path)) return { public: true, how: `exported by ${label} from its entry point ${target.path}${mappedNote(target.path)}` };
  // follow re-exports from the entry points (checker edges: `export { X } from`, `export * from`)
  const idOf = (p: string) => (db.query("SELECT id FROM files WHERE path = ?").get(p) as { id: number } | null)?.id;
  const reach = new Map<number, string>();
  const queue: number[] = [];
  for (const e of entries) {
    const id = idOf(e);
    if (id !== undefined) {
      reach.set(id, e);
      queue.push(id);
    }
  }
  const step = db.prepare("SELECT DISTINCT to_file AS id, to_symbol AS sym FROM edges WHERE from_file = ? AND type = 'reexports' AND provenance = 'checker'");
  while (queue.length) {
    const from = queue.shift() as number;
    for (const row of step.all(from) as { id: number; sym: number | null }[]) {
      if (row.id === target.fileId && (row.sym === null || row.sym === target.id)) return { public: true, how: `exported by ${label} through ${reach.get(from)}${mappedNote(reach.get(from) as string)}` };
      if (!reach.has(row.id)) {
        reach.set(row.id, reach.get(from) as string);
        queue.push(row.id);
      }
    }
  }
  // Re-exports are followed through checker edges only: without any (syntax tier), "not re-exported" is not known.
  if (!db.query("SELECT 1 FROM edges WHERE provenance = 'checker' LIMIT 1").get()) {
    return { public: null, how: `unknown in the syntax tier: ${label}'s entry points are ${[...entries].join(", ")}, and re-exports from them are followed through checker edges only (the semantic upgrade adds them)` };
  }
  // a changed file's re-export edges are dropped until it is re-walked: on xstate, after an edit to atom.ts, createAtom read
  // "public surface: no — … not re-exported by package @xstate/store's entry points" beside its own `[reexports] src/index.ts`
  if (stale) {
    const waiting = stale === "all" ? "the semantic update is pending for every file" : `${stale} changed file${stale === 1 ? " is" : "s are"} not re-walked yet`;
    return { public: null, how: `not known yet: ${waiting}, and re-exports from ${label}'s entry points (${[...entries].join(", ")}) are followed through the checker's edges, which a changed file gets back when it is` };
  }
  // `"./*": "./dist/*.js"` (zustand): `zustand/middleware` imports a file no entry point re-exports; which source a wildcard subpath is built from is not known
  const wildcards = exportsMap && typeof exportsMap === "object" && !Array.isArray(exportsMap) ? Object.keys(exportsMap).filter((k) => k.startsWith("./") && k.includes("*")) : [];
  if (wildcards.length) {
    return { public: null, how: `not re-exported by ${label}'s entry points (${[...entries].join(", ")}), but its exports map's wildcard subpath${wildcards.length === 1 ? "" : "s"} (${wildcards.join(", ")}) may expose ${target.path} itself: svc does not map a wildcard subpath to the sources it is built from` };
  }
  return { public: false, how: `exported from ${target.path} but not re-exported by ${label}'s entry points (${[...entries].join(", ")})` };
}

/** svc test's selection: the test files that reach `target` through references or imports (the impact walk's), nearest first, at most `limit`. */
export function coveringTests(db: Database, target: SymbolRow, ids: readonly number[], checker: boolean, limit: number, inputs: ImpactInputs, depth = TEST_DEPTH): { tests: { path: string; hop: number }[]; total: number; gaps: ReachGaps | null } {
  const graph = impactGraph(db, target, ids, depth, limit, checker, inputs);
  const all = graph.tests.sort((a, b) => a.hop - b.hop || (a.path < b.path ? -1 : 1));
  return { tests: all.slice(0, limit), total: all.length, gaps: graph.gaps };
}
