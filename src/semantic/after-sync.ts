// `svc index` (and the host's svc/index): after the syntax pass, bring the checker edges up
// to date — through this process's resident workspace when it holds one, else with an
// engine started for the call: a full upgrade, or only the stale files when the store is
// already semantic. Failures leave the syntax tier and say why; they never fail the index.

import type { SyncResult } from "../index/sync.ts";
import { openReader } from "../store/db.ts";
import { readMeta } from "../store/meta.ts";
import { asSvcError, SvcError } from "../errors.ts";
import { residentFor } from "./resident.ts";
import { dependenciesArrived } from "./diagnosis.ts";
import { semanticUpgrade } from "./upgrade.ts";
import { pendingWork, type PendingWork } from "./pending.ts";
import { whenWriterFree } from "../store/wait-writer.ts";

export interface AfterSync {
  mode: string;
  /** All edges, the checker walk's edges, and wiring edges (either tier) and routes in the store afterwards. */
  edges: number | null;
  checkerEdges: number;
  wiringEdges: number | null;
  routes: number | null;
  elapsedMs: number;
  /** Whether this call changed the semantic tier (an upgrade ran or the checker edges moved): a pass that did so is not "already up to date". */
  worked: boolean;
  /** Source files the checker walked in this call, of those the projects hold (absent when a resident engine did the work). */
  walked?: { files: number; of: number };
  note?: string;
  /** Semantic work left pending after this call (pending.ts), or null when none is. */
  pending: PendingWork | null;
}

function counts(root: string): { mode: string; edges: number | null; checkerEdges: number; wiringEdges: number | null; routes: number | null; pending: boolean; arrived: boolean; work: PendingWork | null } {
  const none = { mode: "syntax", edges: null, checkerEdges: 0, wiringEdges: null, routes: null, pending: false, arrived: false, work: null };
  const db = openReader(root);
  if (!db) return none;
  try {
    const meta = readMeta(db);
    const one = (sql: string) => (db.query(sql).get() as { n: number }).n;
    return {
      mode: meta.index_mode ?? "syntax",
      edges: one("SELECT count(*) AS n FROM edges"),
      checkerEdges: one("SELECT count(*) AS n FROM edges WHERE provenance = 'checker' AND key IS NULL"),
      wiringEdges: one("SELECT count(*) AS n FROM edges WHERE key IS NOT NULL"),
      routes: one("SELECT count(*) AS n FROM routes"),
      pending: meta.semantic_pending === "1",
      // a partial tier for want of dependencies that are installed now: walked again in full, never "already up to date"
      arrived: meta.index_mode === "partial" && dependenciesArrived(root, meta.load_diagnosis),
      work: pendingWork(meta, root),
    };
  } catch {
    return none; // another process's --force is rebuilding the store right now: nothing to count yet
  } finally {
    db.close();
  }
}

/** `work`, or `internal_error: cancelled` as soon as `signal` aborts (the work itself is not stopped). */
function untilCancelled<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new SvcError("internal_error", "cancelled"));
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

export async function upgradeAfterSync(
  root: string,
  result: SyncResult,
  options: { force?: boolean; signal?: AbortSignal; progress?: (done: number, total: number, message?: string) => void },
): Promise<AfterSync> {
  const started = performance.now();
  const resident = residentFor(root);
  let note: string | undefined;
  let ran = false;
  let walked: AfterSync["walked"];
  const before = counts(root);
  try {
    if (resident?.writer) {
      resident.afterSync(result.changedPaths, result.removedPaths);
      if (options.force || before.arrived) resident.requestFull({ freshEngine: before.arrived });
      // work a run left pending (stopped part-way: nothing else brings it in) is finished by this call, as without a host
      else if (before.pending) resident.finishPending();
      // a cancelled svc/index stops waiting here; the resident's walk goes on (the host's own upkeep, as after a watched change)
      const unfollow = options.progress ? resident.followProgress(options.progress) : () => {};
      try {
        await untilCancelled(resident.idle(), options.signal);
      } finally {
        unfollow();
      }
    } else {
      const current = result.unchanged && before.mode !== "syntax" && !before.pending && !before.arrived;
      if (!current) {
        ran = true;
        const incremental = result.mode !== "syntax" && !options.force && !before.arrived;
        // another writer (a second `svc index`) may take the lock between the syntax pass and this: wait for it
        const { value } = await whenWriterFree(root, () => semanticUpgrade(root, { ...(incremental ? { paths: [...result.changedPaths, ...result.removedPaths] } : {}), resume: !options.force && !before.arrived, signal: options.signal, progress: options.progress }), { signal: options.signal });
        walked = { files: value.walked, of: value.owned };
      }
    }
  } catch (error) {
    note = `semantic upgrade failed: ${asSvcError(error).formatted}; the index stays in the ${counts(root).mode} tier`;
  }
  const after = counts(root);
  const moved = before.mode !== after.mode || before.pending !== after.pending || before.checkerEdges !== after.checkerEdges || before.edges !== after.edges;
  return { mode: after.mode, edges: after.edges, checkerEdges: after.checkerEdges, wiringEdges: after.wiringEdges, routes: after.routes, elapsedMs: performance.now() - started, worked: ran || moved, ...(walked ? { walked } : {}), ...(note ? { note } : {}), pending: after.work };
}
