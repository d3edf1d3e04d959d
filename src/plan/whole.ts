// The unscoped plan: every collected file at one level, by path (skeleton, managed and
// generic fusion without a scope).

import type { Level } from "../render/reduce/index.ts";
import type { Collection } from "./collect.ts";
import type { Plan } from "./model.ts";

const rankOf = (file: { isTest: boolean; isGenerated: boolean }) => (file.isGenerated ? 2 : file.isTest ? 1 : 0);

export function planWhole(collection: Collection, level: Level, mode: string): Plan {
  return {
    mode,
    // sources first, then tests, then generated files (each by path): under a budget the sources survive
    entries: [...collection.files].sort((a, b) => rankOf(a) - rankOf(b) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)).map((file) => ({
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
