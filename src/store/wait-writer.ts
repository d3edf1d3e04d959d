// An explicit index request (`svc index`, `svc_workspace action=index`, `svc/index`, and the
// semantic upgrade after it) never fails because another process is writing: it waits until
// the writer lock is free (or, when the writer is a host that answers now, lets the caller
// delegate to it) and then runs.
// A dead owner's lock is stale and taken over by acquireWriterLock; a live one is waited for
// as long as it lives, bounded by WAIT_MAX_MS.

import { SvcError } from "../errors.ts";
import { lockOwner } from "./lock.ts";

const POLL_MS = 200;
const WAIT_MAX_MS = 30 * 60_000;

export interface WaitedFor {
  pid: number | null;
  ms: number;
}

export interface WaitOptions {
  signal?: AbortSignal;
  progress?: (done: number, total: number, message?: string) => void;
  /** Stop waiting as soon as this says a host for the root answers (the caller then delegates to it). */
  hostAnswers?: () => Promise<boolean>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Wait until no live process holds `root`'s writer lock (or its host answers); accumulates into `before`. */
export async function waitForWriter(root: string, options: WaitOptions, before: WaitedFor | null): Promise<WaitedFor> {
  const started = performance.now();
  const total = () => (before?.ms ?? 0) + (performance.now() - started);
  let pid = lockOwner(root) ?? before?.pid ?? null;
  let told = false;
  for (;;) {
    if (options.signal?.aborted) throw new SvcError("internal_error", "cancelled");
    const owner = lockOwner(root);
    if (owner === null) break;
    pid = owner;
    if (!told) {
      options.progress?.(0, 0, `waiting for pid ${owner}, which is writing the index`);
      told = true;
    }
    if (options.hostAnswers && (await options.hostAnswers())) break;
    if (total() > WAIT_MAX_MS) throw new SvcError("index_busy", `pid ${owner} has been writing the index of ${root} for over ${Math.round(WAIT_MAX_MS / 60_000)} minutes; retry when it is done`);
    await sleep(POLL_MS);
  }
  return { pid, ms: total() };
}

export function waitNote(waited: WaitedFor): string {
  return `waited ${(waited.ms / 1000).toFixed(1)}s for ${waited.pid === null ? "another process" : `pid ${waited.pid}`}, which was writing the index`;
}

/** Run `write`; while another process holds the writer lock, wait for it and run again. */
export async function whenWriterFree<T>(root: string, write: () => Promise<T>, options: WaitOptions = {}): Promise<{ value: T; waited: WaitedFor | null }> {
  let waited: WaitedFor | null = null;
  for (;;) {
    try {
      return { value: await write(), waited };
    } catch (error) {
      if (!(error instanceof SvcError && error.prefix === "index_busy")) throw error;
      waited = await waitForWriter(root, options, waited);
    }
  }
}
