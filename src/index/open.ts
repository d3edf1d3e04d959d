// The read path of every index-backed answer: open the store read-only, reconcile it with
// the work tree when files changed, and on a cold store start one syntax build and wait
// for it up to SVC_COLD_READ_DEADLINE_MS. Reads never hold the writer lock themselves;
// a reconcile goes through syncIndex, which takes it, and a lost race serves the store as is.

import type { Database } from "bun:sqlite";
import { SvcError } from "../errors.ts";
import { openReader } from "../store/db.ts";
import { lockOwner } from "../store/lock.ts";
import type { IndexMeta } from "../store/meta.ts";
import { checkWarm } from "../store/warm.ts";
import { envInt } from "../sys/env.ts";
import { selfCommand } from "../sys/self.ts";
import { loadConfig } from "../workspace/config.ts";
import { listInventory } from "../workspace/inventory.ts";
import { findGitRoot } from "../workspace/root.ts";
import { syncIndex, type SyncResult } from "./sync.ts";
import { fileRows, skippedRows } from "./write.ts";

export type IndexState =
  | "not_indexed"
  | "building_syntax"
  | "upgrade_pending"
  | "index_rebuilding"
  | "index_busy"
  | "stale_as_of"
  | "ready";

export interface OpenIndex {
  available: true;
  root: string;
  db: Database;
  meta: IndexMeta;
  state: "ready" | "stale_as_of";
  /** Why the answer may lag (stale state). */
  detail?: string;
}

export interface UnavailableIndex {
  available: false;
  root: string;
  state: IndexState;
  meta: IndexMeta | null;
  detail: string;
}

export interface ReadOptions {
  /** Long-lived processes (MCP server, host) build in-process; one-shots start a detached `svc index`. */
  longLived?: boolean;
  signal?: AbortSignal;
}

/** Number of inventory files whose stat differs from the store (added, changed or removed). */
export async function countDirty(db: Database, root: string): Promise<number> {
  const ws = { root, dir: root, relDir: "", isGit: findGitRoot(root) === root };
  const inventory = await listInventory(ws, loadConfig(root, root));
  const files = fileRows(db);
  const skipped = skippedRows(db);
  let dirty = 0;
  let known = 0;
  for (const entry of inventory.files) {
    const row = files.get(entry.path) ?? skipped.get(entry.path);
    if (!row) {
      dirty++;
      continue;
    }
    known++;
    if (row.size !== entry.size || row.mtime_ms !== entry.mtimeMs) dirty++;
  }
  return dirty + (files.size + skipped.size - known);
}

const inProcessBuilds = new Map<string, Promise<SyncResult | null>>();

/** Start (or join) the one syntax build for `root`. */
function startBuild(root: string, longLived: boolean): Promise<SyncResult | null> | null {
  if (longLived) {
    let build = inProcessBuilds.get(root);
    if (!build) {
      build = syncIndex(root)
        .catch((error) => {
          if (error instanceof SvcError && error.prefix === "index_busy") return null;
          throw error;
        })
        .finally(() => inProcessBuilds.delete(root));
      inProcessBuilds.set(root, build);
    }
    return build;
  }
  if (lockOwner(root) !== null) return null; // someone is already building
  const child = Bun.spawn(selfCommand(["index", root, "--quiet"]), { stdio: ["ignore", "ignore", "ignore"], detached: true });
  child.unref();
  return null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function openIndex(root: string, options: ReadOptions = {}): Promise<OpenIndex | UnavailableIndex> {
  const deadline = performance.now() + envInt("SVC_COLD_READ_DEADLINE_MS", 2500);
  let started = false;
  let reconciled = false;
  let lastMeta: IndexMeta | null = null;
  for (;;) {
    if (options.signal?.aborted) throw new SvcError("internal_error", "cancelled");
    const db = openReader(root);
    if (db) {
      const verdict = checkWarm(db, root);
      lastMeta = verdict.meta;
      if (verdict.warm) {
        const dirty = reconciled ? 0 : await countDirty(db, root);
        if (dirty === 0) return { available: true, root, db, meta: verdict.meta, state: "ready" };
        db.close();
        reconciled = true;
        try {
          await syncIndex(root, { signal: options.signal });
          continue;
        } catch (error) {
          if (!(error instanceof SvcError && error.prefix === "index_busy")) throw error;
          const stale = openReader(root);
          if (stale) {
            return {
              available: true,
              root,
              db: stale,
              meta: verdict.meta,
              state: "stale_as_of",
              detail: `${dirty} changed file${dirty === 1 ? "" : "s"} not reflected yet; another process is writing the index`,
            };
          }
          continue;
        }
      }
      db.close();
    }
    if (!started) {
      started = true;
      const build = startBuild(root, options.longLived === true);
      if (build) {
        const remaining = Math.max(0, deadline - performance.now());
        await Promise.race([build, sleep(remaining)]);
        continue;
      }
    }
    if (performance.now() >= deadline) {
      const rebuilding = lastMeta?.stale_dirty_count !== undefined && Number(lastMeta.stale_dirty_count) > 0;
      return {
        available: false,
        root,
        state: rebuilding ? "index_rebuilding" : "building_syntax",
        meta: lastMeta,
        detail: rebuilding ? "the index is being rebuilt after many changes" : "the syntax index is being built",
      };
    }
    await sleep(Math.min(100, Math.max(10, deadline - performance.now())));
  }
}
