// The unscoped plan: every collected file at one level (skeleton, managed and generic
// fusion without a scope). Under a budget the files a reader needs first are kept: sources
// before benchmarks, examples, fixtures and scripts, before tests, before generated files,
// and within each the most depended-on (PageRank centrality of the import graph) first; what
// is kept is emitted by path, as an unbudgeted answer is.

import { loadFileGraph } from "../graph/file-graph.ts";
import { isAuxiliary } from "../workspace/classify.ts";
import type { Level } from "../render/reduce/index.ts";
import type { Collection } from "./collect.ts";
import type { Plan } from "./model.ts";

const rankOf = (file: { path: string; isTest: boolean; isGenerated: boolean }) => (file.isGenerated ? 3 : file.isTest ? 2 : isAuxiliary(file.path) ? 1 : 0);

const byPath = (a: { path: string }, b: { path: string }) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

/** `budgeted`: a token budget will choose among the entries, so their order must say what matters most (without one every entry is emitted and the graph is not loaded). */
export function planWhole(collection: Collection, level: Level, mode: string, budgeted = true): Plan {
  const centrality = budgeted ? loadFileGraph(collection.index.db, collection.index.meta.index_completed_at ?? "").centrality : new Map<number, number>();
  const kindOf = new Map(collection.files.map((f) => [f.id, f.isGenerated ? 2 : f.isTest ? 1 : 0]));
  return {
    mode,
    // emitted as before: sources, tests, generated files, each by path
    emitOrder: (a, b) => (kindOf.get(a.fileId) ?? 0) - (kindOf.get(b.fileId) ?? 0) || byPath(a, b),
    entries: [...collection.files].sort((a, b) => rankOf(a) - rankOf(b) || (centrality.get(b.id) ?? 0) - (centrality.get(a.id) ?? 0) || byPath(a, b)).map((file) => ({
      fileId: file.id,
      path: file.path,
      role: "file",
      tier: level,
      score: null,
      provenance: ["collected"],
      language: file.language,
      generated: file.isGenerated,
      estimate: file.tokens,
    })),
    collected: collection.files.length,
    prelude: [],
    manifestNotes: [],
  };
}
