// The index's history pass: updateHistory after every sync, timed, and never failing the
// index (a git failure leaves the history absent, with the reason in index_meta
// history_state). Registered as the `history` pass in src/indexing/passes.ts.

import type { Database } from "bun:sqlite";
import { readMeta, writeMeta } from "../store/meta.ts";
import { addTiming } from "../sys/timing.ts";
import { headStamp } from "./head-stamp.ts";
import { HISTORY_VERSION, storedVersion, updateHistory, type HistoryUpdate } from "./update.ts";

/**
 * The history was never read into this store, or by another version of the reader, or HEAD
 * moved since it was read (`top`: the repository's top folder; its reflog's stamp differs
 * from the one recorded) — a commit of edits already indexed changes no file, so no file
 * change would bring its message in.
 */
export function historyBehind(db: Database, top: string | null): boolean {
  const meta = readMeta(db);
  if (meta.history_state === undefined) return true;
  if (meta.history_state === "ready") {
    const stored = storedVersion(meta.history_version);
    // A newer svc's history (another install serving the same workspace) is left to it: two
    // versions would otherwise read the whole history again in turn, each after the other.
    if (stored > HISTORY_VERSION) return false;
    if (stored < HISTORY_VERSION) return true;
  }
  const stamp = headStamp(top);
  return stamp !== null && stamp !== meta.history_reflog;
}

export async function syncHistory(db: Database, root: string, top: string | null): Promise<HistoryUpdate> {
  const t0 = performance.now();
  // Taken before git is read: a commit landing meanwhile leaves the stamp behind, and the next read reads again.
  const stamp = headStamp(top) ?? "";
  try {
    const update = await updateHistory(db, root);
    if (!update.leftToNewer) writeMeta(db, { history_reflog: stamp });
    return update;
  } catch (error) {
    const state = `absent: reading the git history failed (${String((error as Error).message ?? error).slice(0, 200)})`;
    writeMeta(db, { history_state: state, history_head: "", history_reflog: stamp });
    return { state, commits: 0, rebuilt: false, head: null };
  } finally {
    addTiming("history", performance.now() - t0);
  }
}

