// How a reader gets a current index: the one place that decides who keeps a root's store
// current. A running host watches the root and reconciles for everyone: a reader first asks
// it over its socket, and the host vouches from its own read path (a save just made may not
// have reached its watcher yet: a fence written after the question shows it has, and the
// reconcile it started is awaited); when it cannot vouch the reader lists the tree and
// delegates the reconcile to the host; without
// one, the reader reconciles in process through the index passes; a long-lived process that wrote the index itself
// follows with the semantic upgrade in the background. `index/open.ts` only opens and
// reconciles; it learns all of this through the Freshness handed to it here.

import { historyBehind } from "../history/sync.ts";
import { connectHost, type HostClient } from "../host/client.ts";
import { withKeptHost } from "../host/kept-client.ts";
import { openIndex, type Freshness, type OpenIndex, type ReadOptions, type UnavailableIndex } from "../index/open.ts";
import { setBackgroundUpgrade } from "../semantic/resident-status.ts";
import type { SyncOptions, SyncResult } from "../index/sync.ts";
import type { OpContext } from "../ops/types.ts";
import { findGitRoot } from "../workspace/root.ts";

/**
 * Ask the root's host, if one serves it, to bring the store up to date: true only when it
 * says the store is current (a host whose own reconcile lost the writer lock to its watcher
 * answers with a detail; the reader then tries itself and says stale if it cannot).
 */
async function reconcileThroughHost(root: string, signal?: AbortSignal): Promise<boolean> {
  const host = await connectHost(root, 150);
  if (!host) return false;
  try {
    // the reader's cancel goes to the host too: it stops the reconcile it runs for this read
    const answer = await host.call<{ status?: string; detail?: string }>("svc/openIndexed", { path: root }, 600_000, { signal });
    return answer?.status === "ready" && !answer.detail;
  } catch (error) {
    if (signal?.aborted) throw error;
    return false;
  } finally {
    host.close();
  }
}

/**
 * Before a reader lists the tree itself: the root's host, if one serves it, answers from its
 * own read path — its live watcher, fenced (every change made before this call has reached
 * it and is reconciled), else a listing there. True only when it says the store is current.
 */
async function currentThroughHost(root: string, keep: boolean): Promise<boolean> {
  const ask = (host: HostClient) => host.call<{ status?: string; detail?: string }>("svc/openIndexed", { path: root, watched: true }, 60_000);
  try {
    // a long-lived reader asks before every read: its connection is kept between them
    const answer = keep ? (await withKeptHost(root, 150, ask))?.value : await askOnce(root, ask);
    return answer?.status === "ready" && !answer.detail;
  } catch {
    return false;
  }
}

async function askOnce<T>(root: string, ask: (host: HostClient) => Promise<T>): Promise<T | undefined> {
  const host = await connectHost(root, 150);
  if (!host) return undefined;
  try {
    return await ask(host);
  } finally {
    host.close();
  }
}

/** The writer (extraction, grammars, the native parser, the passes) loads only when a read has something to write: a warm one-shot never needs it. */
async function reconcileHere(root: string, options?: SyncOptions): Promise<SyncResult> {
  return (await import("./sync.ts")).syncIndex(root, options);
}

/** A long-lived process that writes the index itself follows a syntax pass with the semantic upgrade, in the background. */
function upgradeLater(root: string): void {
  setBackgroundUpgrade(root, true); // at once: the answer being written says the update is underway
  void import("../semantic/background.ts").then((m) => m.scheduleUpgrade(root));
}

/** The freshness of one reader: the host never delegates to itself, and only a long-lived non-host upgrades after its own writes. */
export function freshnessFor(options: Pick<ReadOptions, "isHost" | "longLived">): Freshness {
  const host = options.isHost === true;
  return {
    reconcileElsewhere: (root, signal) => (host ? Promise.resolve(false) : reconcileThroughHost(root, signal)),
    currentElsewhere: (root) => (host ? Promise.resolve(false) : currentThroughHost(root, options.longLived === true)),
    reconcile: reconcileHere,
    wrote: (root) => {
      if (options.longLived === true && !host) upgradeLater(root);
    },
    // The after passes' own `behind` checks (passes.ts), named here because loading the pass
    // list loads the writer, which a warm read never needs.
    behind: (db, root) => historyBehind(db, findGitRoot(root)),
  };
}

/** Open `root`'s index with the given read options (see ReadOptions), kept current as this module decides. */
export function openCurrentIndex(root: string, options: ReadOptions = {}): Promise<OpenIndex | UnavailableIndex> {
  return openIndex(root, options, freshnessFor(options));
}

type ReaderContext = Pick<OpContext, "longLived" | "host" | "signal">;
const readOptions = (ctx: ReaderContext): ReadOptions => ({ longLived: ctx.longLived, isHost: ctx.host, signal: ctx.signal });

/** The index an operation reads: current, or unavailable while a cold build runs past the read deadline. */
export function indexForRead(root: string, ctx: ReaderContext): Promise<OpenIndex | UnavailableIndex> {
  return openCurrentIndex(root, readOptions(ctx));
}

/** The index for an operation that has nothing to answer without it: waits for a cold build however long it takes. */
export function indexAfterBuild(root: string, ctx: ReaderContext): Promise<OpenIndex | UnavailableIndex> {
  return openCurrentIndex(root, { ...readOptions(ctx), waitForBuild: true });
}

/** The index after an explicit request to bring it up to date: lists the tree even where a live watcher keeps it current. */
export function indexVerified(root: string, ctx: ReaderContext): Promise<OpenIndex | UnavailableIndex> {
  return openCurrentIndex(root, { ...readOptions(ctx), verify: true });
}
