// The host's file watcher: a recursive watch on the root (plus .git/HEAD, .git/index and .git/info/exclude)
// that reconciles the index after changes. The first event after a quiet spell reconciles
// at once (a save shows up without waiting out a debounce); events that follow within
// QUIET_MS are a burst (a checkout, a formatter) and coalesce into one reconcile once
// quiet. A reconcile is targeted to the paths the watcher reported; events that name no
// file path, git's HEAD/index/info/exclude and ignore-rule files ask for a full one, and so does a safety
// pass every FULL_EVERY_MS (events the kernel dropped). Without a usable watch (inotify
// limits), it falls back to a periodic full reconcile. git's own files may live outside the
// watched tree (a linked worktree's or a submodule's git dir): a fence compares their stamps
// with those at the last full reconcile, and a change asks for a full one before it vouches.

import { rmSync, watch, writeFileSync, type FSWatcher } from "node:fs";
import { join } from "node:path";
import { gitInventoryStamp, PRUNED_DIRS } from "../../workspace/inventory.ts";
import type { Logger } from "./log.ts";

/** One reconcile, for svc/stats: times are epoch milliseconds (performance.timeOrigin based, sub-ms). */
export interface ReconcileRecord {
  scope: "full" | "paths";
  /** Paths the watcher reported for it (0 for a full reconcile). */
  paths: number;
  /** Files re-extracted or removed. */
  changed: number;
  /** The first watcher event it serves (null: start-up, the safety pass, polling). */
  firstEventAt: number | null;
  startedAt: number;
  doneAt: number;
}

export interface WatchStats {
  /** Relevant events seen. */
  events: number;
  reconciles: number;
  full: number;
  targeted: number;
  /** Reconciles that failed (another writer held the store, say) and were rescheduled as a full one. */
  failed: number;
  /** The last few reconciles, oldest first. */
  recent: ReconcileRecord[];
  /** A reconcile is running or due (events not yet taken in). */
  busy: boolean;
}

export interface Watcher {
  close(): Promise<void>;
  state(): "building_syntax" | "ready";
  files(): number;
  stats(): WatchStats;
  /** Resolves when no sync is running or pending (tests, benchmarks, and the host's own reads). */
  idle(): Promise<void>;
  /** True while the kernel watch is working and the first reconcile is done: every change since reaches a reconcile. */
  live(): boolean;
  /**
   * Make sure every change made before this call has reached the watcher: write a fence file
   * and wait for its event (the kernel delivers a watch's events in order). False when the
   * fence was not seen in time: the caller must not trust the watcher for this read.
   */
  fence(): Promise<boolean>;
}

/** `paths` null: a full reconcile; else only these root-relative paths changed. */
export type SyncFn = (paths: string[] | null) => Promise<{ files: number; scope: "full" | "paths"; changed: number }>;

/** A quiet spell this long ends a burst; a burst's reconcile waits for it. */
export const QUIET_MS = 40;
/** A burst is reconciled after this long even if events keep coming. */
const MAX_WAIT_MS = 1000;
const POLL_MS = 2000;
/** After a failed reconcile, the full one that replaces it waits this long. */
const RETRY_MS = 1000;
const FULL_EVERY_MS = 5 * 60_000;
const RECENT = 16;
/** Changes to these can move other files in or out of the inventory. */
const RULE_FILES = new Set([".gitignore", ".svcignore", "svc.json"]);
/** git's own files that change the inventory with no work-tree file touched: the branch, the staged set, the repository's own ignore rules. */
const GIT_FILES = new Set([".git/HEAD", ".git/index", ".git/info/exclude"]);

const now = () => performance.timeOrigin + performance.now();

/** How long a read waits for its fence's event before listing the tree itself. */
const FENCE_WAIT_MS = 250;
const FENCE_PREFIX = ".svc/watch-fence-";

/** What an event asks for: nothing, these paths, or a full reconcile. */
export function eventScope(name: string | null): "ignore" | "full" | string {
  if (!name) return "full";
  const path = name.replace(/\\/g, "/");
  if (path.startsWith(".svc/") || path === ".svc") return "ignore";
  if (path.startsWith(".git/") || path === ".git") return GIT_FILES.has(path) ? "full" : "ignore";
  const segments = path.split("/");
  if (segments.slice(0, -1).some((s) => PRUNED_DIRS.has(s))) return "ignore";
  const base = segments[segments.length - 1]!;
  if (RULE_FILES.has(base) || base === ".git" || PRUNED_DIRS.has(base)) return "full";
  return path;
}

export function startWatcher(root: string, options: { log: Logger; sync: SyncFn }): Watcher {
  let running: Promise<void> | null = null;
  let poller: ReturnType<typeof setInterval> | null = null;
  let ready = false;
  let fileCount = 0;
  let closed = false;
  // What the next reconcile must cover.
  let dirty = new Set<string>();
  let dirtyFull = true; // the start-up reconcile
  let firstEventAt: number | null = null;
  let lastEventAt = Number.NEGATIVE_INFINITY;
  const stats: Omit<WatchStats, "busy"> = { events: 0, reconciles: 0, full: 0, targeted: 0, failed: 0, recent: [] };

  const hasWork = () => dirtyFull || dirty.size > 0;
  // git's files as the last full reconcile found them (read before it listed the tree)
  let gitSeen: string | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let leading = false;
  // When the current burst's (or the last) reconcile started: a burst waits at most MAX_WAIT_MS from there.
  let waitFrom = 0;

  const schedule = (delay: number, isLeading: boolean) => {
    if (timer) clearTimeout(timer);
    leading = isLeading;
    timer = setTimeout(() => {
      timer = null;
      void run();
    }, delay);
  };

  /** During a burst, the next reconcile waits for quiet (at most MAX_WAIT_MS); null: it may run now. */
  const burstDelay = (at: number): number | null => {
    const quietIn = lastEventAt + QUIET_MS - at;
    return quietIn > 0 && at - waitFrom < MAX_WAIT_MS ? quietIn : null;
  };

  const run = (): Promise<void> => {
    if (running) return running; // it loops while work is left
    running = (async () => {
      while (hasWork() && !closed) {
        const paths = dirtyFull ? null : [...dirty];
        if (paths === null) gitSeen = gitInventoryStamp(root);
        const eventAt = firstEventAt;
        dirty = new Set();
        dirtyFull = false;
        firstEventAt = null;
        const startedAt = now();
        waitFrom = startedAt;
        try {
          const result = await options.sync(paths);
          fileCount = result.files;
          ready = true;
          stats.reconciles++;
          if (result.scope === "full") stats.full++;
          else stats.targeted++;
          stats.recent.push({ scope: result.scope, paths: paths?.length ?? 0, changed: result.changed, firstEventAt: eventAt, startedAt, doneAt: now() });
          if (stats.recent.length > RECENT) stats.recent.shift();
        } catch (error) {
          // Nothing reported may be lost (another writer held the store, say): list everything, after a pause.
          stats.failed++;
          options.log(`index sync failed: ${(error as Error).message}; reconciling fully in ${RETRY_MS / 1000}s`);
          dirtyFull = true;
          schedule(RETRY_MS, false);
          break;
        }
        // Events that came in meanwhile and are still coming: a burst, reconciled once it is quiet.
        const delay = hasWork() ? burstDelay(now()) : null;
        if (delay !== null) {
          schedule(delay, false);
          break;
        }
      }
    })().finally(() => {
      running = null;
    });
    return running;
  };

  const onEvent = (scope: string) => {
    if (closed || scope === "ignore") return;
    const at = now();
    stats.events++;
    if (scope === "full") dirtyFull = true;
    else dirty.add(scope);
    firstEventAt ??= at;
    const quietBefore = at - lastEventAt >= QUIET_MS;
    lastEventAt = at;
    if (running || (timer && leading)) return; // the running loop, or the leading reconcile about to start, takes it
    if (quietBefore && !timer) {
      // Leading edge: reconcile on the next turn, with whatever else this turn delivers.
      waitFrom = at;
      schedule(0, true);
      return;
    }
    const delay = burstDelay(at);
    if (delay !== null || !timer) schedule(delay ?? 0, false);
  };

  const poll = () => {
    dirtyFull = true;
    void run();
  };

  const fences = new Map<string, () => void>();
  let fenceCount = 0;
  let watcher: FSWatcher | null = null;
  try {
    watcher = watch(root, { recursive: true }, (_event, name) => {
      const path = typeof name === "string" ? name.replace(/\\/g, "/") : null;
      if (path?.startsWith(FENCE_PREFIX)) return void fences.get(path)?.();
      onEvent(eventScope(path));
    });
    watcher.on("error", (error) => {
      options.log(`watcher failed (${error.message}); reconciling every ${POLL_MS / 1000}s instead`);
      watcher?.close();
      poller ??= setInterval(poll, POLL_MS);
    });
  } catch (error) {
    options.log(`cannot watch ${root} (${(error as Error).message}); reconciling every ${POLL_MS / 1000}s instead`);
    poller = setInterval(poll, POLL_MS);
  }
  // The safety pass: a full reconcile now and then catches events the kernel dropped.
  const safety = setInterval(poll, FULL_EVERY_MS);
  safety.unref?.();
  void run();

  return {
    state: () => (ready ? "ready" : "building_syntax"),
    files: () => fileCount,
    stats: () => ({ ...stats, recent: [...stats.recent], busy: running !== null || timer !== null || hasWork() }),
    live: () => ready && watcher !== null && poller === null && !closed,
    async fence() {
      const name = `${FENCE_PREFIX}${process.pid}-${++fenceCount}`;
      const file = join(root, name);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const seen = new Promise<boolean>((resolve) => {
        fences.set(name, () => resolve(true));
        timer = setTimeout(() => resolve(false), FENCE_WAIT_MS);
      });
      try {
        // created, never written through: a repository may ship .svc/ with a link planted at this name (the pid and a count), and the write truncated what it points to
        rmSync(file, { force: true });
        writeFileSync(file, "", { flag: "wx" });
        const ok = await seen;
        // a change to git's files no event reported (they live outside the watched tree): reconciled in full before the watcher vouches
        if (ok && gitInventoryStamp(root) !== gitSeen) {
          dirtyFull = true;
          void run();
        }
        return ok;
      } catch {
        return false; // .svc not writable: no fence, no trust
      } finally {
        clearTimeout(timer);
        fences.delete(name);
        rmSync(file, { force: true });
      }
    },
    async idle() {
      while (running || timer) {
        if (running) await running;
        else await new Promise((r) => setTimeout(r, QUIET_MS));
      }
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      if (poller) clearInterval(poller);
      clearInterval(safety);
      watcher?.close();
      if (running) await running;
    },
  };
}
