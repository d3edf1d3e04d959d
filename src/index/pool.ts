// Extraction over many files: in-process for small sets, otherwise in child processes (one
// per lane, as many lanes at once as there are cores, each child taking its lane's batches in
// turn, see child.ts) so parser memory stays out of the parent on large repositories and both
// cores work. A child that dies (a runtime crash under load, a parser crash on one file) never
// fails the index: the files of its batch it did not finish go to a fresh child once; while
// that one dies too, what it left is halved until the file a child keeps dying on stands
// alone, and that file is skipped (reason `crashed`, kept until the file changes or
// `svc index --force`) and named in the answer. The batches it had not reached go to a fresh
// child of its lane.

import { availableParallelism } from "node:os";
import { SvcError } from "../errors.ts";
import { envInt } from "../sys/env.ts";
import { selfCommand } from "../sys/self.ts";
import { mergeTimings, timingEnabled } from "../sys/timing.ts";
import type { InventoryEntry } from "../workspace/inventory.ts";
import { workBatches, workOf } from "./batches.ts";
import type { WrittenSummary } from "./child.ts";
import { extractFile, type Extraction } from "./extract.ts";
import type { FileVisitor } from "./visitor.ts";

export interface PoolOptions {
  /** The syntax pass's file visitor (children look it up by name). */
  visitor: FileVisitor | null;
  signal?: AbortSignal;
  /** Children store their results in the index themselves (the caller holds the writer lock and no open transaction). */
  childrenWrite?: boolean;
  onResult: (result: Extraction | WrittenSummary) => void;
}

/** A child that died: the files it did not report, and why. */
interface ChildFailure {
  missing: InventoryEntry[];
  detail: string;
}

/**
 * One child for a run of batches: it gets the first from `next`, and each following one once it
 * has reported every file of the last (none left: its stdin ends and it exits). null when it
 * finished them all; when it died, the files of its current batch it did not report.
 */
async function runChild(root: string, next: () => InventoryEntry[] | undefined, options: PoolOptions): Promise<ChildFailure | null> {
  let current = next();
  if (!current) return null;
  const child = Bun.spawn(selfCommand(["__extract"]), { stdin: "pipe", stdout: "pipe", stderr: "pipe", env: process.env });
  const header = { root, write: options.childrenWrite === true, parent: process.pid, visitor: options.visitor?.name ?? null };
  const send = (entries: InventoryEntry[] | undefined) => {
    try {
      if (entries) child.stdin.write(`${JSON.stringify({ ...header, entries })}\n`);
      const sent = entries ? child.stdin.flush() : child.stdin.end();
      if (sent instanceof Promise) sent.catch(() => {}); // a child gone: its exit says so below
    } catch {
      // the child is gone: its exit says so below
    }
  };
  send(current);
  const abort = () => child.kill("SIGKILL");
  options.signal?.addEventListener("abort", abort, { once: true });
  let seen = new Set<string>();
  try {
    let buffer = "";
    const decoder = new TextDecoder();
    for await (const chunk of child.stdout as ReadableStream<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      for (let nl = buffer.indexOf("\n"); nl !== -1; nl = buffer.indexOf("\n")) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        if (!line) continue;
        let result: Extraction | WrittenSummary;
        try {
          result = JSON.parse(line) as Extraction | WrittenSummary;
        } catch {
          continue; // a line cut short by the child's death: that file is redone
        }
        seen.add(result.path);
        options.onResult(result);
        if (current && seen.size >= current.length) {
          current = options.signal?.aborted ? undefined : next();
          seen = new Set();
          send(current);
        }
      }
    }
    const code = await child.exited;
    if (options.signal?.aborted) throw new SvcError("internal_error", "cancelled");
    const failed = code !== 0 || current !== undefined;
    const errors = failed || timingEnabled() ? await new Response(child.stderr as ReadableStream).text() : "";
    mergeTimings(errors);
    if (!failed) return null;
    const batch = current ?? [];
    const stderr = errors.trim().split("\n").filter((l) => !l.startsWith("svc timing")).slice(-1)[0] ?? "";
    const how = child.signalCode ? `was killed by ${child.signalCode}` : `exited with code ${code}`;
    return {
      missing: batch.filter((e) => !seen.has(e.path)),
      detail: `extraction child ${how} after ${seen.size}/${batch.length} files${stderr ? `: ${stderr.slice(0, 300)}` : ""}`,
    };
  } finally {
    options.signal?.removeEventListener("abort", abort);
  }
}

/** Files skipped because their extraction child died twice. */
export interface CrashedFiles {
  paths: string[];
  /** The last child's death, for the answer. */
  detail: string | null;
}

/**
 * A child takes another batch only while it has done less work than this (workOf: bytes plus
 * a fixed cost per file; about 3,000 files of 1 KB): its memory grows with what it has parsed
 * (a child of 2,500 such files peaks about a quarter above one of 1,000), so on a large
 * repository a lane's children are renewed now and then.
 */
const WORK_PER_CHILD = 12_000_000;

/**
 * One lane: a child takes batches from the queue while there are any (up to WORK_PER_CHILD,
 * then a fresh child goes on); the files of the batch a dead child did not finish go through
 * isolate, and a fresh child takes the rest.
 */
async function runLane(root: string, queue: InventoryEntry[][], options: PoolOptions, crashed: CrashedFiles): Promise<void> {
  while (queue.length > 0) {
    let served = 0;
    const next = () => {
      const batch = served < WORK_PER_CHILD ? queue.shift() : undefined;
      for (const entry of batch ?? []) served += workOf(entry);
      return batch;
    };
    const failure = await runChild(root, next, options);
    if (failure && failure.missing.length) await isolate(root, failure.missing, options, crashed);
  }
}

/** One batch alone in a child. */
function only(batch: InventoryEntry[]): () => InventoryEntry[] | undefined {
  let left: InventoryEntry[] | undefined = batch;
  return () => {
    const out = left;
    left = undefined;
    return out;
  };
}

/**
 * Retry unfinished files once in a fresh child (a crash under load does not repeat); while
 * a retry dies too, halve what it left, so only the file a child keeps dying on is skipped
 * (reason `crashed`) and every other file of its batch is still indexed.
 */
async function isolate(root: string, entries: InventoryEntry[], options: PoolOptions, crashed: CrashedFiles): Promise<void> {
  const failure = await runChild(root, only(entries), options);
  if (!failure || failure.missing.length === 0) return;
  const missing = failure.missing;
  if (missing.length === 1) {
    const entry = missing[0] as InventoryEntry;
    crashed.detail = failure.detail;
    crashed.paths.push(entry.path);
    options.onResult({ ok: false, path: entry.path, reason: "crashed" });
    return;
  }
  const half = Math.ceil(missing.length / 2);
  await isolate(root, missing.slice(0, half), options, crashed);
  await isolate(root, missing.slice(half), options, crashed);
}

/** Extract every entry, calling onResult as results arrive (order not guaranteed); returns the files skipped because extraction crashed. */
export async function extractAll(root: string, entries: readonly InventoryEntry[], options: PoolOptions): Promise<CrashedFiles> {
  const crashed: CrashedFiles = { paths: [], detail: null };
  const inProcessMax = envInt("SVC_EXTRACT_INPROCESS_MAX", 150);
  if (entries.length <= inProcessMax) {
    for (let i = 0; i < entries.length; i++) {
      // Yield now and then so a cancellation (or any other message) can be seen mid-pass.
      if (i > 0 && i % 25 === 0) await new Promise((resolve) => setImmediate(resolve));
      if (options.signal?.aborted) throw new SvcError("internal_error", "cancelled");
      options.onResult(extractFile(root, entries[i] as InventoryEntry, { visitor: options.visitor }));
    }
    return crashed;
  }
  const workers = Math.max(1, Math.min(availableParallelism(), 4));
  const queue = workBatches(entries, workers, Math.max(50, envInt("SVC_EXTRACT_BATCH", 1000)));
  const lanes = Array.from({ length: Math.min(workers, queue.length) }, () => runLane(root, queue, options, crashed));
  await Promise.all(lanes);
  crashed.paths.sort();
  return crashed;
}
