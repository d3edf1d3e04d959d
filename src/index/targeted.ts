// A targeted reconcile: the inventory restricted to the paths a watcher reported, when each
// is a file the store already knows (indexed, skipped or too large) or a path that is not
// there. It gives the same answer a full listing would for those paths, without listing and
// stat-ing every file. Anything it cannot settle alone — a path the store does not know that
// exists (a new file, a folder, a rename's new name), a gone path with known files below it
// (a folder removed or renamed), a known path now ignored or under a nested repository —
// asks for a full reconcile instead (null).

import type { Database } from "bun:sqlite";
import type { SvcConfig } from "../workspace/config.ts";
import { maxFileBytes, NestedRoots, statOf, svcIgnoreRules, type Inventory, type InventoryEntry } from "../workspace/inventory.ts";
import type { Workspace } from "../workspace/root.ts";
import { changeStamp } from "../workspace/stamp.ts";
import type { FileRow } from "./write.ts";

export interface TargetedPlan {
  /** The inventory of the paths in scope; `skipped` is the whole store's too-large list, updated for them. */
  inventory: Inventory;
  /** The store's rows for the paths in scope (the only rows this reconcile may remove). */
  existing: Map<string, FileRow>;
  /** The paths in scope. */
  scope: Set<string>;
}

/** More reported paths than this: list everything instead. */
export const TARGETED_MAX = 2000;

export function planTargeted(db: Database, ws: Workspace, config: SvcConfig, paths: readonly string[], tooLargeBefore: readonly string[]): TargetedPlan | null {
  if (paths.length > TARGETED_MAX) return null;
  const root = ws.root;
  const rowOf = db.prepare("SELECT id, path, size, mtime_ms, hash FROM files WHERE path = ?");
  const skippedRow = db.prepare("SELECT 1 AS yes FROM skipped_files WHERE path = ?");
  // Any indexed or skipped path below a folder: `path/` ≤ p < `path0` ('0' follows '/').
  const anyBelow = db.prepare("SELECT 1 AS yes FROM files WHERE path >= ?1 AND path < ?2 UNION ALL SELECT 1 FROM skipped_files WHERE path >= ?1 AND path < ?2 LIMIT 1");
  const rules = svcIgnoreRules(root, config);
  const nested = new NestedRoots(root);
  const cap = maxFileBytes();
  const tooLarge = new Set(tooLargeBefore);
  const existing = new Map<string, FileRow>();
  const files: InventoryEntry[] = [];
  const scope = new Set(paths);
  for (const path of scope) {
    const row = rowOf.get(path) as FileRow | null;
    if (row) existing.set(path, row);
    const known = row !== null || skippedRow.get(path) !== null || tooLarge.has(path);
    const stat = statOf(root, path);
    if (!known) {
      if (stat) return null; // a new file or folder: only the listing knows whether it belongs
      if (anyBelow.get(`${path}/`, `${path}0`)) return null; // a folder that went away
      continue; // a temporary file come and gone (an editor's atomic save): nothing to do
    }
    tooLarge.delete(path);
    if (!stat || !stat.isFile()) continue; // gone, or no longer a regular file: removed as a full listing would
    if ((rules.size > 0 && rules.ignores(path, false)) || nested.among([path]).size > 0) return null;
    if (stat.size > cap) tooLarge.add(path);
    else files.push({ path, size: stat.size, stampMs: changeStamp(stat) });
  }
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const skipped = [...tooLarge].sort().map((path) => ({ path, reason: "too-large" as const }));
  return { inventory: { root, source: ws.isGit ? "git" : "walk", files, skipped, nestedRoots: [], warnings: [] }, existing, scope };
}
