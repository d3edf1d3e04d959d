// Reading ahead for task queries in a long-lived process (the MCP server, the host): a task
// query's cost is mostly its words' full-text reads, and the store's most common words are
// both the ones new tasks use most and the ones whose reads cost most (the longest postings).
// After a read in such a process, the postings of the store's most frequent words are read
// in the background, a few milliseconds at a time while the process has no request, into the
// per-build read cache (store/read-cache.ts), so a task whose words this process never met
// answers from memory.
//
// Trust: only raw reads are kept, exactly as a query makes them (readLexical of
// retrieve/localize-lexical.ts, readDeclarationTerms of retrieve/localize-symbols.ts), so no
// answer depends on whether the warm ran. It stops at a new build (the next read starts one
// for it), at WARM.share of the cache, after WARM.terms words or WARM.maxMs of work; it never
// keeps a process alive, and one-shot processes never start it.

import type { Database } from "bun:sqlite";
import { readLexical } from "../retrieve/localize-lexical.ts";
import { readDeclarationTerms } from "../retrieve/localize-symbols.ts";
import { CACHE_BUDGET, cachedNumbers, storeBuild } from "../store/read-cache.ts";
import { openReader } from "../store/db.ts";
import type { OpContext } from "./types.ts";

export const WARM = {
  /** At most this many words per build, most frequent first. */
  terms: 300,
  /** At most this much work per build (the slices' sum, ms): a repository whose common words have very long postings is read ahead only partly. */
  maxMs: 1500,
  /** Stop once the store's cache holds this share of its budget: the rest is for the queries themselves. */
  share: 0.4,
  /** Work at most this long before letting the process answer whatever is waiting. */
  sliceMs: 4,
  /** Work only when no read of this process started or ended for this long: a burst of requests is never slowed by it. */
  quietMs: 50,
};

/** Store file → the build warmed (or being warmed) there. */
const warmedBuild = new Map<string, string>();
/** The warm in flight, per store file (tests wait for it). */
const running = new Map<string, Promise<void>>();

/** When a read of this process last started or ended (warmTaskReads). */
let lastRead = 0;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref?.());

/** Let whatever waits run, then wait until the process has been quiet for WARM.quietMs. */
async function yieldTurn(): Promise<void> {
  await sleep(0);
  while (performance.now() - lastRead < WARM.quietMs) await sleep(WARM.quietMs);
}

/**
 * The store's words by how many files hold them (any column), most first; no stop word is
 * indexed. The scan is one read: it yields to waiting requests but never waits for quiet, so
 * the snapshot it holds (which keeps the writer's log from being checkpointed) stays short.
 */
async function vocabulary(db: Database): Promise<string[]> {
  db.run("CREATE VIRTUAL TABLE IF NOT EXISTS temp.svc_files_vocab USING fts5vocab(main, 'files_fts', 'row')");
  const rows: { term: string; doc: number }[] = [];
  let slice = performance.now();
  for (const row of db.query("SELECT term, doc FROM temp.svc_files_vocab").iterate() as IterableIterator<{ term: string; doc: number }>) {
    if (row.term.length >= 3 && /^[a-z][a-z0-9]*$/.test(row.term)) rows.push(row);
    if (performance.now() - slice > WARM.sliceMs) {
      await sleep(0);
      slice = performance.now();
    }
  }
  return rows.sort((a, b) => b.doc - a.doc || (a.term < b.term ? -1 : 1)).slice(0, WARM.terms).map((r) => r.term);
}

async function warm(root: string): Promise<void> {
  const db = openReader(root);
  if (!db) return;
  try {
    const build = storeBuild(db);
    if (build === null || warmedBuild.get(db.filename) === build) return;
    warmedBuild.delete(db.filename);
    warmedBuild.set(db.filename, build);
    // the read cache keeps a few stores; remembering many more is pointless
    for (const name of warmedBuild.keys()) if (warmedBuild.size > 16) warmedBuild.delete(name);
    await yieldTurn();
    const words = await vocabulary(db);
    let slice = performance.now();
    let worked = 0;
    for (const word of words) {
      // As a query word, and as the stem a query word of that form would bring: four steps, each a few full-text reads.
      for (const term of [{ term: word, origin: "word" as const }, { term: word, origin: "stem" as const }]) {
        for (const read of [readLexical, readDeclarationTerms]) {
          if (worked + (performance.now() - slice) > WARM.maxMs || storeBuild(db) !== build || cachedNumbers(db) >= WARM.share * CACHE_BUDGET) return;
          read(db, [term]);
          if (performance.now() - slice > WARM.sliceMs) {
            worked += performance.now() - slice;
            await yieldTurn();
            slice = performance.now();
          }
        }
      }
    }
  } finally {
    db.close();
  }
}

/**
 * At the start and the end of a read of `root` in a long-lived process: read the store's common
 * words ahead, in the background, once per build, while the process is otherwise quiet.
 */
export function warmTaskReads(root: string, ctx: Pick<OpContext, "longLived">): void {
  if (ctx.longLived !== true) return;
  lastRead = performance.now();
  if (running.has(root)) return;
  const done = new Promise<void>((resolve) => setTimeout(resolve, 0).unref?.())
    .then(() => warm(root))
    .catch(() => undefined) // a read ahead that fails (the store replaced under it) costs the next query its reads, nothing else
    .finally(() => running.delete(root));
  running.set(root, done);
}

/** Resolves when no warm of `root` is scheduled or running (tests). */
export async function taskWarmSettled(root: string): Promise<void> {
  while (running.has(root)) await running.get(root);
}
