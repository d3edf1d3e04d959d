// Store reads kept per store build, for a long-lived process (an MCP server, the host, a
// bench): a task query reads the postings of each of its terms from FTS5 once or more per
// column (scoring, feedback, likely declarations) and the past commits' words of each from
// the history, and the next query that meets the same term — the same query asked again,
// or another sharing its words — reads them from memory instead. Only raw results are kept
// (rowids, FTS5's own bm25 values, counts, rows), never scores: whatever a caller weighs,
// it weighs the same rows, so answers are identical with or without it.
//
// Trust: an entry belongs to one build of one store, the store's `index_completed_at` and
// manifest hash (every index change writes new ones, in the same write as the full-text
// rows); they are read from the store once per synchronous run (one query), so the first
// read after an edit starts a new generation and drops the old one. Reads of tables another
// pass writes without a new build (the history) name that pass's own state in their key. A
// store with no completed build, or in memory, is never cached. Memory is bounded
// (CACHE_BUDGET numbers per store, oldest entries out; at most MAX_STORES stores).

import type { Database, Statement } from "bun:sqlite";

/** Numbers (rowids, values; a history row counts 3) kept per store: 4M — some 16–30 MB of postings, more if history rows fill it (the read-ahead of ops/task-warm.ts takes at most 40 %). */
export const CACHE_BUDGET = 4_000_000;

interface Generation {
  build: string;
  entries: Map<string, { value: unknown; size: number }>;
  size: number;
}

const MAX_STORES = 4;
const generations = new Map<string, Generation>();
const buildQuery = new WeakMap<Database, Statement>();
/** The build read in the current synchronous run (one localize call reads it once; the next call, after any await, reads it again). */
const buildThisTurn = new Map<Database, string | null>();

/** The store's current build, or null when it must not be cached. */
function buildOf(db: Database): string | null {
  if (buildThisTurn.has(db)) return buildThisTurn.get(db) as string | null;
  const build = readBuild(db);
  if (buildThisTurn.size === 0) queueMicrotask(() => buildThisTurn.clear());
  buildThisTurn.set(db, build);
  return build;
}

function readBuild(db: Database): string | null {
  if (!db.filename || db.filename === ":memory:") return null;
  let q = buildQuery.get(db);
  if (!q) {
    try {
      q = db.prepare("SELECT (SELECT value FROM index_meta WHERE key = 'index_completed_at') || ' ' || coalesce((SELECT value FROM index_meta WHERE key = 'index_inventory_hash'), '') AS value");
    } catch {
      return null; // no meta table: not a store
    }
    buildQuery.set(db, q);
  }
  const row = q.get() as { value: string } | null;
  return row?.value ? row.value : null;
}

/**
 * `compute()`, kept for the store's current build under `key` (which must name everything
 * the result depends on: the table, the SQL, its parameters). `size` counts the numbers it
 * holds, for the budget. Callers must not change what they are given: it is shared.
 */
export function cachedRead<T>(db: Database, key: string, size: (value: T) => number, compute: () => T): T {
  const build = buildOf(db);
  if (build === null) return compute();
  let gen = generations.get(db.filename);
  if (!gen || gen.build !== build) {
    gen = { build, entries: new Map(), size: 0 };
    generations.delete(db.filename);
    generations.set(db.filename, gen);
    // Stores of other workspaces (a host serves one; tests open many): the most recent few.
    for (const name of generations.keys()) {
      if (generations.size <= MAX_STORES) break;
      generations.delete(name);
    }
  }
  const hit = gen.entries.get(key);
  if (hit) {
    // Most recently used last: eviction takes the oldest first.
    gen.entries.delete(key);
    gen.entries.set(key, hit);
    return hit.value as T;
  }
  const value = compute();
  const n = size(value) + 1;
  if (n > CACHE_BUDGET / 4) return value;
  gen.entries.set(key, { value, size: n });
  gen.size += n;
  for (const [k, e] of gen.entries) {
    if (gen.size <= CACHE_BUDGET) break;
    gen.entries.delete(k);
    gen.size -= e.size;
  }
  return value;
}

const ids = (values: readonly number[]): Int32Array | Float64Array => (values.every((v) => v >= -0x80000000 && v <= 0x7fffffff) ? Int32Array.from(values) : Float64Array.from(values));

/** The first column (rowids) of a query, kept per build. */
export function cachedRowids(db: Database, sql: string, ...params: (string | number)[]): Int32Array | Float64Array {
  return cachedRead(db, `rowids\0${sql}\0${JSON.stringify(params)}`, (v) => v.length, () => ids((db.query(sql).values(...params) as [number][]).map((r) => r[0])));
}

/** The first two columns (rowid, a number) of a query, kept per build. */
export function cachedPairs(db: Database, sql: string, ...params: (string | number)[]): { ids: Int32Array | Float64Array; values: Float64Array } {
  return cachedRead(db, `pairs\0${sql}\0${JSON.stringify(params)}`, (v) => 2 * v.ids.length, () => {
    const rows = db.query(sql).values(...params) as [number, number][];
    return { ids: ids(rows.map((r) => r[0])), values: Float64Array.from(rows, (r) => r[1]) };
  });
}

/** A count (the first column of the first row), kept per build. */
export function cachedCount(db: Database, sql: string, ...params: (string | number)[]): number {
  return cachedRead(db, `count\0${sql}\0${JSON.stringify(params)}`, () => 1, () => Number((db.query(sql).values(...params)[0] as unknown[] | undefined)?.[0] ?? 0));
}

/** The store's current build as the cache keys it (null: never cached), read now. */
export function storeBuild(db: Database): string | null {
  return readBuild(db);
}

/** How many numbers the cache holds for `db`'s store, at its current build (0 when none). */
export function cachedNumbers(db: Database): number {
  const gen = generations.get(db.filename);
  return gen && gen.build === buildOf(db) ? gen.size : 0;
}

/** Forget everything kept (tests compare an answer read through the cache with one read without it). */
export function resetReadCache(): void {
  generations.clear();
}

/** How many generations (stores) are kept, and their sizes: for tests. */
export function cacheStats(): { stores: number; entries: number; numbers: number } {
  let entries = 0;
  let numbers = 0;
  for (const g of generations.values()) {
    entries += g.entries.size;
    numbers += g.size;
  }
  return { stores: generations.size, entries, numbers };
}
