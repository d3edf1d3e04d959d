// The checker edges as an index pass: deferred, because walking files through the
// TypeScript checker takes far longer than a sync may hold the store. Inside a sync it only
// records the files it must redo (the dirty list, when the store is at the semantic tier);
// `run` is the semantic upgrade: incrementally, the changed files and the dirty list, the
// files their change can reach and the restored edges of the rest (incremental.ts, from the
// walk records), else every owned file.
// Registered in src/indexing/passes.ts; scheduled by src/indexing/fresh.ts and `svc index`.

import type { DeferredPass } from "../index/pass.ts";
import { addDirty } from "../store/meta.ts";
import { semanticUpgrade } from "./upgrade.ts";

export const checkerEdgesPass: DeferredPass = {
  kind: "deferred",
  name: "checker edges",
  reads: ["files", "symbols", "edges:imports", "wiring_facts"],
  writes: ["edges:checker", "wiring_facts.checked"],
  record(db, change, tier) {
    if (tier !== "syntax") addDirty(db, change.extractedPaths);
  },
  async run(root, options) {
    await semanticUpgrade(root, { ...(options.full ? {} : { paths: options.paths }), signal: options.signal });
  },
};
