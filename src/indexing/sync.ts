// Bringing a root's store in line with the work tree with the index's passes (passes.ts):
// the one sync every caller above the index uses (`svc index`, a reader's reconcile, the
// host's watcher). See index/sync.ts for what a sync guarantees.

import { syncPasses, type SyncOptions, type SyncResult } from "../index/sync.ts";
import { INDEX_PIPELINE } from "./passes.ts";

export type { SyncOptions, SyncResult };

export function syncIndex(root: string, options: SyncOptions = {}): Promise<SyncResult> {
  return syncPasses(root, INDEX_PIPELINE, options);
}
