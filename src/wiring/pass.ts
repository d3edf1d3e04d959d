// The wiring's part in building the index: the file visitor the syntax pass runs on every
// extracted file (detect/: cheap text gate, then one search for all detectors), and the
// wiring link pass that turns every file's facts into routes, bindings, requests, config
// keys and their typed edges (store.ts). Registered in src/indexing/passes.ts.

import { isResolverConfig } from "../index/edges.ts";
import type { DerivePass, FileVisitor } from "../index/pass.ts";
import { detectWiring, mayHaveWiring } from "./detect/index.ts";
import { rebuildWiring, wiringRelevantFiles } from "./store.ts";

export const wiringVisitor: FileVisitor = {
  name: "wiring",
  gate: mayHaveWiring,
  visit: detectWiring,
};

/**
 * Linking reads every file's facts at once, so it reruns whole, and only when a change can
 * alter it: a build, a changed file set, a changed file the import resolver reads, or a re-extracted file that had facts or that
 * wiring pointed into (before the sync: `before`) or that has facts now.
 */
export const wiringLinkPass: DerivePass<ReadonlySet<number>> = {
  kind: "derive",
  name: "wiring link",
  reads: ["files", "symbols", "wiring_facts", "edges:imports"],
  writes: ["routes", "di_bindings", "request_handlers", "config_keys", "wiring_unresolved", "edges:wiring"],
  before: wiringRelevantFiles,
  scope(change, relevant) {
    if (change.build || change.fileSetChanged || change.removedPaths.length > 0 || !relevant || change.extractedPaths.some(isResolverConfig)) return "all";
    return change.extracted.some((x) => x.hasFacts || (x.id !== undefined && relevant.has(x.id))) ? "all" : "none";
  },
  run: (ctx) => {
    rebuildWiring(ctx.db, ctx.resolver());
  },
};
