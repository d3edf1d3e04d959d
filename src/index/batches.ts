// How extraction work is cut into child batches. Files are taken largest first, so the
// few big ones (bundles, generated declaration files, 100s of KB each) start at once and
// the pass ends on batches of small files that the lanes share evenly. A batch closes at
// a file count or at a share of the estimated work, whichever comes first.

import type { InventoryEntry } from "../workspace/inventory.ts";

/** The fixed cost of one file (read, hash, parse set-up, rows) in bytes of source. */
export const FILE_OVERHEAD_BYTES = 3000;

export function workOf(entry: InventoryEntry): number {
  return entry.size + FILE_OVERHEAD_BYTES;
}

/**
 * Batches of at most `maxFiles` files and, unless a single file exceeds it, at most a third
 * of a lane's share of the work (a half or all of it below 3,000 / 2,000 files, where a
 * child's start-up would cost more than the balance gains): largest files first, ties by
 * path, so the cut is the same for the same inventory.
 */
export function workBatches(entries: readonly InventoryEntry[], lanes: number, maxFiles: number): InventoryEntry[][] {
  const perLane = Math.max(1, Math.min(3, Math.floor(entries.length / 1000)));
  const sorted = [...entries].sort((a, b) => b.size - a.size || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const total = sorted.reduce((sum, e) => sum + workOf(e), 0);
  const maxWork = total / Math.max(1, lanes * perLane);
  const out: InventoryEntry[][] = [];
  let batch: InventoryEntry[] = [];
  let work = 0;
  for (const entry of sorted) {
    const w = workOf(entry);
    if (batch.length > 0 && (batch.length >= maxFiles || work + w > maxWork)) {
      out.push(batch);
      batch = [];
      work = 0;
    }
    batch.push(entry);
    work += w;
  }
  if (batch.length > 0) out.push(batch);
  return out;
}
