// The host's file watcher: a recursive watch on the root (plus .git/HEAD and .git/index),
// debounced, that reconciles the index after changes. Without a usable watch (inotify
// limits), it falls back to a periodic reconcile.

import { watch, type FSWatcher } from "node:fs";
import { PRUNED_DIRS } from "../../workspace/inventory.ts";
import type { Logger } from "./log.ts";

export interface Watcher {
  close(): Promise<void>;
  state(): "building_syntax" | "ready";
  files(): number;
  /** Resolves when no sync is running or pending (tests, benchmarks). */
  idle(): Promise<void>;
}

const DEBOUNCE_MS = 40;
const POLL_MS = 2000;

function relevant(name: string | null): boolean {
  if (!name) return true;
  const path = name.replace(/\\/g, "/");
  if (path.startsWith(".svc/") || path === ".svc") return false;
  if (path.startsWith(".git/") || path === ".git") return path === ".git/HEAD" || path === ".git/index";
  const segments = path.split("/");
  return !segments.slice(0, -1).some((s) => PRUNED_DIRS.has(s));
}

export function startWatcher(root: string, options: { log: Logger; sync: () => Promise<{ files: number }> }): Watcher {
  let running: Promise<void> | null = null;
  let pending = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let poller: ReturnType<typeof setInterval> | null = null;
  let ready = false;
  let fileCount = 0;
  let closed = false;

  const run = (): Promise<void> => {
    if (running) {
      pending = true;
      return running;
    }
    running = (async () => {
      do {
        pending = false;
        try {
          fileCount = (await options.sync()).files;
          ready = true;
        } catch (error) {
          options.log(`index sync failed: ${(error as Error).message}`);
        }
      } while (pending && !closed);
    })().finally(() => {
      running = null;
    });
    return running;
  };

  const schedule = () => {
    if (closed) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      void run();
    }, DEBOUNCE_MS);
  };

  let watcher: FSWatcher | null = null;
  try {
    watcher = watch(root, { recursive: true }, (_event, name) => {
      if (relevant(typeof name === "string" ? name : null)) schedule();
    });
    watcher.on("error", (error) => {
      options.log(`watcher failed (${error.message}); reconciling every ${POLL_MS / 1000}s instead`);
      watcher?.close();
      poller ??= setInterval(() => void run(), POLL_MS);
    });
  } catch (error) {
    options.log(`cannot watch ${root} (${(error as Error).message}); reconciling every ${POLL_MS / 1000}s instead`);
    poller = setInterval(() => void run(), POLL_MS);
  }
  void run();

  return {
    state: () => (ready ? "ready" : "building_syntax"),
    files: () => fileCount,
    async idle() {
      while (running || timer) {
        if (running) await running;
        else await new Promise((r) => setTimeout(r, DEBOUNCE_MS));
      }
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      if (poller) clearInterval(poller);
      watcher?.close();
      if (running) await running;
    },
  };
}
