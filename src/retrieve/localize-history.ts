// History evidence for task localization (src/history): the words past commits used when
// they touched a file, files committed together with the strongest candidates, recency,
// a package the query names (a conventional-commit scope or a package folder name), and
// the files the past commits most like the task changed (breaking near-ties).

import type { Database } from "bun:sqlite";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { cochangeOf, historyOf, historyWordScores, recencyOf, similarCommits, type History } from "../history/signals.ts";
import { messageWords } from "../history/update.ts";
import { headline } from "./localize-terms.ts";
import { perFileList, type Collection, type IndexedFile } from "../plan/collect.ts";
import { PARAMS } from "./localize-params.ts";
import { add, nearTies, reorderHead, type Merge } from "./localize-signals.ts";
import { stem } from "../text/stem.ts";
import { isAuxiliary } from "../workspace/classify.ts";
import type { QueryTerm } from "../text/terms.ts";

export { historyOf, type History };

const byPathOf = (files: readonly IndexedFile[]) => new Map(files.map((f) => [f.path, f.id]));

/** Paths → ids of the collection (kept with the file list). */
export function pathIds(collection: Collection): Map<string, number> {
  return perFileList(collection.files, byPathOf);
}

/** Files whose past commit messages share the query's words, the best historyPool of them, as evidence. */
export function historyWords(db: Database, h: History, collection: Collection, terms: readonly QueryTerm[], m: Merge): void {
  const weights = new Map<string, number>();
  for (const t of terms) if (t.origin !== "stem" && t.term.length >= 3) weights.set(stem(t.term), Math.max(weights.get(stem(t.term)) ?? 0, t.weight ?? 1));
  const ids = pathIds(collection);
  const scored = [...historyWordScores(db, h, [...weights.keys()], weights)].filter(([p]) => ids.has(p)).sort((a, b) => b[1].score - a[1].score || (a[0] < b[0] ? -1 : 1)).slice(0, PARAMS.historyPool);
  const top = scored[0]?.[1].score ?? 0;
  for (const [p, { score, words }] of scored) {
    add(m, ids.get(p) as number, PARAMS.history * (top > 0 ? (score / top) ** PARAMS.lexicalGamma : 0), `past commits touching it mention ${words.slice(0, 3).join(", ")}`);
  }
}

/** Files committed together with the strongest candidates. */
export function cochange(db: Database, collection: Collection, best: readonly [number, number][], m: Merge): void {
  const ids = pathIds(collection);
  for (const [id, score] of best.slice(0, PARAMS.cochangeSeeds)) {
    const seed = collection.byId.get(id)?.path;
    if (!seed) continue;
    const around = cochangeOf(db, seed, PARAMS.cochangePerSeed * 2).filter(([p]) => ids.has(p)).slice(0, PARAMS.cochangePerSeed);
    const heaviest = around[0]?.[1] ?? 0;
    for (const [p, w] of around) add(m, ids.get(p) as number, PARAMS.cochange * score * (heaviest > 0 ? w / heaviest : 0), `changed together with ${seed}`);
  }
}

/** The package folders of a monorepo: folders (not the root) holding a package.json. */
const packageDirsOf = (files: readonly IndexedFile[]): string[] =>
  files.filter((f) => f.path.endsWith("/package.json")).map((f) => f.path.slice(0, -"/package.json".length)).filter((d) => !/(^|\/)(node_modules|test|tests|fixtures?|examples?)(\/|$)/.test(d));

/**
 * Code that supports a project rather than being it (workspace/classify.ts isAuxiliary: benchmarks,
 * examples, scripts, tools, docs folders), judged from the nearest package folder down: a package
 * kept in a tools/ folder (packages/tools/openapi-generator) is product code, a package named bench
 * (packages/bench) is not.
 */
const auxiliaryIdsOf = (files: readonly IndexedFile[]): Set<number> => {
  const dirs = packageDirsOf(files).sort((a, b) => b.length - a.length);
  const out = new Set<number>();
  for (const f of files) {
    const pkg = dirs.find((d) => f.path.startsWith(`${d}/`));
    if (isAuxiliary(pkg ? f.path.slice(pkg.lastIndexOf("/") + 1) : f.path)) out.add(f.id);
  }
  return out;
};

/** The ids of the collection's auxiliary files (auxiliaryIdsOf, kept with the file list). */
export function auxiliaryIds(collection: Collection): ReadonlySet<number> {
  return perFileList(collection.files, auxiliaryIdsOf);
}

/** Per file list: each package folder's names — its folder name and its package.json name without the scope ("@effect/sql-pg" → "sql-pg"). */
const packageNames = new WeakMap<readonly IndexedFile[], Map<string, string[]>>();

function namesOf(collection: Collection): Map<string, string[]> {
  let names = packageNames.get(collection.files);
  if (names) return names;
  names = new Map();
  for (const d of perFileList(collection.files, packageDirsOf)) {
    const list = [(d.split("/").pop() as string).toLowerCase()];
    {
      try {
        const name = (JSON.parse(readFileSync(join(collection.workspace.root, d, "package.json"), "utf8")) as { name?: unknown }).name;
        const bare = typeof name === "string" ? name.toLowerCase().replace(/^@[^/]+\//, "") : "";
        if (bare && !list.includes(bare)) list.push(bare);
      } catch {
        // unreadable or not JSON: the folder name alone
      }
    }
    names.set(d, list);
  }
  packageNames.set(collection.files, names);
  return names;
}

export interface NamedPackage {
  /** The package folders (several for a scope list). */
  dirs: string[];
  how: "scope" | "word";
}

/**
 * The package a query names: its conventional-commit scope (`fix(platform-node): …`, `@scope/name`)
 * matching a package's folder or package.json name ("scope"), else a query word that is exactly
 * one package's name ("word"). Null when none or several match.
 */
export function namedPackage(collection: Collection, query: string): NamedPackage | null {
  const all = namesOf(collection);
  if (all.size < 2) return null;
  const dirs = [...all.keys()];
  const names = (d: string) => (PARAMS.packageNames ? (all.get(d) as string[]) : (all.get(d) as string[]).slice(0, 1));
  const scopeText = /^\s*\w+\(([^)]+)\)!?:/.exec(query)?.[1]?.toLowerCase();
  const scopes = (scopeText ?? "").split(",").map((x) => x.replace(/^@[^/]+\//, "").trim()).filter(Boolean);
  if (PARAMS.scopeList && scopes.length > 1) {
    // `fix(dashboard,js-sdk): …`: every scope names a package exactly, and the change is in those packages.
    const each = scopes.map((sc) => dirs.filter((d) => names(d).includes(sc)));
    if (each.every((found) => found.length === 1)) {
      const list = [...new Set(each.map((found) => found[0] as string))];
      return { dirs: list, how: "scope" };
    }
  }
  const scope = scopes.length === 1 ? scopes[0] : undefined;
  if (scope) {
    const exact = dirs.filter((d) => names(d).includes(scope));
    const loose = exact.length ? exact : dirs.filter((d) => scope.length >= 4 && names(d).some((n) => (n.startsWith(scope) || scope.startsWith(n)) && n.length >= 4));
    if (loose.length === 1) return { dirs: [loose[0] as string], how: exact.length || !PARAMS.looseScopeAsWord ? "scope" : "word" };
  }
  const lower = query.toLowerCase();
  const says = (n: string) => n.length >= 3 && new RegExp(`(^|[^a-z0-9-])(@[a-z0-9-]+/)?${n.replace(/[^a-z0-9]/g, (c) => `\\${c}`)}([^a-z0-9-]|$)`).test(lower);
  const mentioned = dirs.filter((d) => names(d).some(says));
  return mentioned.length === 1 ? { dirs: [mentioned[0] as string], how: "word" } : null;
}

/** The prior factor per file: recency, and the named package (files outside it damped). */
export function historyPrior(db: Database, h: History, collection: Collection, pkg: NamedPackage | null): (id: number) => number {
  const memo = new Map<number, number>();
  const recency = recencyOf(db, h, PARAMS.recencyHalfLife);
  const outside = pkg ? (pkg.how === "scope" ? PARAMS.packageScope : PARAMS.packageWord) : 1;
  return (id) => {
    let f = memo.get(id);
    if (f !== undefined) return f;
    const p = collection.byId.get(id)?.path ?? "";
    f = 1 + PARAMS.recency * recency(p);
    if (pkg && !pkg.dirs.some((d) => p.startsWith(`${d}/`))) f *= outside;
    memo.set(id, f);
    return f;
  };
}

/**
 * The near-tied head of `final` (best first: every file within similarBand of the first's score)
 * reordered by score + similarWeight × its share of the votes of the similarCommits past commits
 * most like the task (each votes for the files it changed: its similarity to the task, relative
 * to the nearest's, divided by how many files it touched), relative to the best-voted file of the
 * head. Only a reordering: the head's scores stay where they were, in order, each file taking the
 * score of the place it moves to; nothing is added or removed. A near-duplicate past change
 * points at its own files where the per-file message words (historyWords) pool every commit.
 */
export function similarCommitsFirst(db: Database, h: History, collection: Collection, query: string, final: readonly [number, number][], note?: (id: number, reason: string) => void): [number, number][] {
  const out = [...final];
  if (!h.available || PARAMS.similarCommits <= 0) return out;
  const n = nearTies(out, PARAMS.similarBand);
  if (n < 2) return out;
  // The headline's words at full weight, the description's at longWeight (as localize-terms weighs them), as the history stores them (stemmed, secrets blanked).
  const { head, rest } = headline(query);
  const words = new Map<string, number>();
  for (const w of messageWords(rest)) words.set(w, PARAMS.longWeight);
  for (const w of messageWords(head)) words.set(w, 1);
  const near = similarCommits(db, h, words, PARAMS.similarCommits);
  const nearest = near[0]?.score ?? 0;
  if (nearest <= 0) return out;
  const votes = new Map<string, { v: number; commits: number }>();
  for (const c of near) {
    for (const p of c.paths) {
      const vote = votes.get(p) ?? { v: 0, commits: 0 };
      votes.set(p, { v: vote.v + c.score / nearest / c.paths.length, commits: vote.commits + 1 });
    }
  }
  const pathOf = (id: number) => collection.byId.get(id)?.path ?? "";
  const band = out.slice(0, n).map(([id, score], i) => ({ id, score, i, vote: votes.get(pathOf(id)) }));
  const most = Math.max(0, ...band.map((b) => b.vote?.v ?? 0));
  if (most <= 0) return out;
  const weighed = (b: (typeof band)[number]) => b.score + (PARAMS.similarWeight * (b.vote?.v ?? 0)) / most;
  const sorted = [...band].sort((a, b) => weighed(b) - weighed(a) || a.i - b.i);
  for (const b of band) if (b.vote) note?.(b.id, `${b.vote.commits} of the ${near.length} past commits most like the task changed it`);
  return reorderHead(out, sorted.map((b) => b.id));
}
