// The read path of every index-backed answer: open the store read-only, reconcile it with
// the work tree when files changed, and on a cold store start one syntax build and wait
// for it up to SVC_COLD_READ_DEADLINE_MS. Reads never hold the writer lock themselves;
// a reconcile goes through the caller's `reconcile` (a sync over its passes), which takes
// it, and a lost race serves the store as is. Who else may keep the store current (a host)
// and what follows a write here (the semantic upgrade) is the caller's Freshness, decided
// above the index (src/indexing/fresh.ts): this module knows no host and no checker.

import type { Database } from "bun:sqlite";
import { SvcError } from "../errors.ts";
import { assertStoreWritable, openSnapshot } from "../store/db.ts";
import { lockOwner } from "../store/lock.ts";
import type { IndexMeta } from "../store/meta.ts";
import { checkWarm } from "../store/warm.ts";
import { envInt } from "../sys/env.ts";
import { detachedEnv, selfCommand } from "../sys/self.ts";
import { loadConfig } from "../workspace/config.ts";
import { listInventory, type Inventory } from "../workspace/inventory.ts";
import { findGitRoot } from "../workspace/root.ts";
import { hashNow } from "../workspace/stamp.ts";
import type { SyncOptions, SyncResult } from "./sync.ts";
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
  /** Set when this read did not list the tree: a live watcher vouched that every change made before it is in the store (this process's own, or the root's host's). */
  currentBy?: "own watcher" | "host watcher";
}

/** The state an answer from this index reports: `upgrade_pending` while the semantic upgrade of a ready store is still to come (its checker edges may lag). */
export function answerState(index: OpenIndex): IndexState {
  return index.state === "ready" && index.meta.semantic_pending === "1" ? "upgrade_pending" : index.state;
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
  /** Wait for a cold build however long it takes (catalog B fusion, which has nothing to answer without it); the build runs in this process. */
  waitForBuild?: boolean;
  /** This process is the root's host: its own watcher (keepFresh) keeps the store current, and its Freshness never delegates to itself. */
  isHost?: boolean;
  /** List the tree and reconcile even where a live watcher keeps the store current (an explicit request to bring it up to date). */
  verify?: boolean;
  signal?: AbortSignal;
}

/** How a reader's store is kept current besides this module's own reconcile: decided above the index. */
export interface Freshness {
  /** Ask that process to bring the store up to date; false when none did. */
  reconcileElsewhere(root: string, signal?: AbortSignal): Promise<boolean>;
  /** Before this reader lists the tree: the process keeping the store current elsewhere vouches that every change made before the call is in it (its live watcher, fenced); false when none does. */
  currentElsewhere(root: string): Promise<boolean>;
  /** Bring the store in line with the work tree in this process (a sync over the index passes). */
  reconcile(root: string, options?: SyncOptions): Promise<SyncResult>;
  /** This process just wrote `root`'s index (an in-process build or reconcile). */
  wrote(root: string): void;
  /** A pass has work though no file changed (an after pass that never ran on this store, or whose input moved): the read reconciles once. */
  behind(db: Database, root: string): boolean;
}

/**
 * Number of inventory files whose stat differs from the store (added, changed or removed), and
 * the inventory. `restamped`: the indexed files among them whose size is the same, with the
 * hash the store has of them: their bytes may be unchanged (touched, chmod'ed), which only
 * reading them tells (changedCount).
 */
export async function countDirty(db: Database, root: string): Promise<{ dirty: number; inventory: Inventory; restamped: { path: string; hash: string }[] }> {
  const ws = { root, dir: root, relDir: "", isGit: findGitRoot(root) === root };
  const files = fileRows(db);
  const skipped = skippedRows(db);
  const inventory = await listInventory(ws, loadConfig(root, root), { expected: [...files.keys(), ...skipped.keys()] });
  let dirty = 0;
  let known = 0;
  const restamped: { path: string; hash: string }[] = [];
  for (const entry of inventory.files) {
    const row = files.get(entry.path) ?? skipped.get(entry.path);
    if (!row) {
      dirty++;
      continue;
    }
    known++;
    if (row.size === entry.size && row.mtime_ms === entry.stampMs) continue;
    dirty++;
    if (row.size === entry.size && "hash" in row) restamped.push({ path: entry.path, hash: row.hash });
  }
  return { dirty: dirty + (files.size + skipped.size - known), inventory, restamped };
}

/** Of a probe's dirty files, those whose bytes differ from the store's: a restamped file that hashes the same is not a change an answer lacks. */
export function changedCount(root: string, probe: { dirty: number; restamped: readonly { path: string; hash: string }[] }): number {
  return probe.dirty - probe.restamped.filter((r) => hashNow(root, r.path) === r.hash).length;
}

const inProcessBuilds = new Map<string, Promise<SyncResult | null>>();

/** Start (or join) the one syntax build for `root`. */
function startBuild(root: string, longLived: boolean, freshness: Freshness): Promise<SyncResult | null> | null {
  if (longLived) {
    let build = inProcessBuilds.get(root);
    if (!build) {
      build = freshness
        .reconcile(root)
        .then((result) => {
          freshness.wrote(root);
          return result;
        })
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
  assertStoreWritable(root); // a build that cannot write is not "being built"
  const child = Bun.spawn(selfCommand(["index", root, "--quiet"]), { stdio: ["ignore", "ignore", "ignore"], detached: true, env: detachedEnv() });
  child.unref();
  return null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A watcher in this process that keeps a root's store current (the host's). */
export interface FreshKeeper {
  /** Whether every change reaches a reconcile (a working kernel watch, not polling). */
  live(): boolean;
  /** Resolves when every change made before the call is reconciled; false when the keeper cannot tell (its fence was not seen). */
  settled(): Promise<boolean>;
  /** How many changes the watcher has seen, every change made before the call included (null: its fence was not seen). The same count twice: no file was created, changed or removed in between. */
  changesSeen?(): Promise<number | null>;
}

const keepers = new Map<string, FreshKeeper>();
/** The longest a read waits for its own watcher's pending reconcile before listing the tree itself. */
const SETTLE_MAX_MS = 500;

/** Register the watcher that keeps `root` current in this process; its reads then skip the per-read listing. Returns the unregister. */
export function keepFresh(root: string, keeper: FreshKeeper): () => void {
  keepers.set(root, keeper);
  return () => {
    if (keepers.get(root) === keeper) keepers.delete(root);
  };
}

/** The count of changes this process's live watcher of `root` has seen, every change made before the call included; null when no live watcher here can vouch (see FreshKeeper.changesSeen). */
export async function watchedChanges(root: string): Promise<number | null> {
  const keeper = keepers.get(root);
  if (!keeper?.live() || !keeper.changesSeen) return null;
  return keeper.changesSeen();
}

/** True when this process's own live watcher has reconciled every change seen so far (waiting for a pending reconcile, bounded). */
async function keptFreshHere(root: string): Promise<boolean> {
  const keeper = keepers.get(root);
  if (!keeper?.live()) return false;
  return Promise.race([keeper.settled(), sleep(SETTLE_MAX_MS).then(() => false)]);
}

export async function openIndex(root: string, options: ReadOptions, freshness: Freshness): Promise<OpenIndex | UnavailableIndex> {
  const deadline = performance.now() + (options.waitForBuild ? 600_000 : envInt("SVC_COLD_READ_DEADLINE_MS", 2500));
  let started = false;
  let reconciled = false;
  let lastMeta: IndexMeta | null = null;
  for (;;) {
    if (options.signal?.aborted) throw new SvcError("internal_error", "cancelled");
    // A live watcher (the host's own, or for another reader the host's, asked over its socket)
    // vouches for the store: wait for its pending reconcile before reading the build's
    // metadata, and skip listing the tree (a second or more on a 15k-file repository).
    const currentBy = options.verify || reconciled ? null : options.isHost === true ? ((await keptFreshHere(root)) ? "own watcher" : null) : (await freshness.currentElsewhere(root)) ? "host watcher" : null;
    const keptFresh = currentBy !== null;
    const db = openSnapshot(root);
    if (db) {
      const verdict = checkWarm(db, root);
      lastMeta = verdict.meta;
      if (verdict.warm) {
        const probe = reconciled || keptFresh ? null : await countDirty(db, root);
        let dirty = probe?.dirty ?? 0;
        if (dirty === 0 && (reconciled || !freshness.behind(db, root))) return { available: true, root, db, meta: verdict.meta, state: "ready", ...(currentBy ? { currentBy } : {}) };
        db.close();
        reconciled = true;
        if (await freshness.reconcileElsewhere(root, options.signal)) continue;
        try {
          await freshness.reconcile(root, { signal: options.signal, inventory: probe?.inventory });
          freshness.wrote(root);
          continue;
        } catch (error) {
          if (!(error instanceof SvcError && error.prefix === "index_busy")) throw error;
          // The answer names how many files it lacks: touched files whose bytes the store has are not among them.
          if (probe) dirty = changedCount(root, probe);
          const stale = openSnapshot(root);
          // Only a pass was behind, or files were only touched: the files are current, and the answer says what that pass lacks.
          if (stale && dirty === 0) return { available: true, root, db: stale, meta: verdict.meta, state: "ready" };
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
      const build = startBuild(root, options.longLived === true || options.waitForBuild === true, freshness);
      if (build) {
        const remaining = Math.max(0, deadline - performance.now());
        let timer: ReturnType<typeof setTimeout> | undefined;
        // a cancelled read stops waiting (the loop's first line says so); the build goes on, it is every reader's
        const cancelled = new Promise((resolve) => options.signal?.addEventListener("abort", resolve, { once: true }));
        await Promise.race([build, cancelled, new Promise((resolve) => (timer = setTimeout(resolve, remaining)))]);
        clearTimeout(timer);
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
