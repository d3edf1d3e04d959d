// The index's history pass: updateHistory after every sync, timed, and never failing the
// index (a git failure leaves the history absent, with the reason in index_meta
// history_state). Registered as the `history` pass in src/indexing/passes.ts.

import type { Database } from "bun:sqlite";
import { readMeta, writeMeta } from "../store/meta.ts";
import { addTiming } from "../sys/timing.ts";
import { HISTORY_VERSION, updateHistory, type HistoryUpdate } from "./update.ts";

/** The history was never read into this store, or by another version of the reader (the store alone says so). */
export function historyBehind(db: Database): boolean {
  const meta = readMeta(db);
  return meta.history_state === undefined || (meta.history_state === "ready" && meta.history_version !== String(HISTORY_VERSION));
}

export async function syncHistory(db: Database, root: string): Promise<HistoryUpdate> {
  const t0 = performance.now();
  try {
    return await updateHistory(db, root);
  } catch (error) {
    const state = `absent: reading the git history failed (${String((error as Error).message ?? error).slice(0, 200)})`;
    writeMeta(db, { history_state: state, history_head: "" });
    return { state, commits: 0, rebuilt: false, head: null };
  } finally {
    addTiming("history", performance.now() - t0);
  }
}

