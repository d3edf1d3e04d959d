// The unscoped plan: every collected file at one level, by path (skeleton, managed and
// generic fusion without a scope).

import type { Level } from "../render/reduce/index.ts";
import type { Collection } from "./collect.ts";
import type { Plan } from "./model.ts";

export function planWhole(collection: Collection, level: Level, mode: string): Plan {
  return {
    mode,
    entries: collection.files.map((file) => ({
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
