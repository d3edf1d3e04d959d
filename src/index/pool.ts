// Extraction over many files: in-process for small sets, otherwise in short-lived child
// processes (one per batch, as many at once as there are cores) so parser memory stays
// flat on large repositories and both cores work. A child that dies (a runtime crash under
// load, a parser crash on one file) never fails the index: the files it did not finish go
// to a fresh child once; while that one dies too, what it left is halved until the file a
// child keeps dying on stands alone, and that file is skipped (reason `crashed`, kept until
// the file changes or `svc index --force`) and named in the answer.

import { availableParallelism } from "node:os";
import { SvcError } from "../errors.ts";
import { envInt } from "../sys/env.ts";
import { selfCommand } from "../sys/self.ts";
import { mergeTimings, timingEnabled } from "../sys/timing.ts";
import type { InventoryEntry } from "../workspace/inventory.ts";
import { workBatches } from "./batches.ts";
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

async function runChild(root: string, entries: InventoryEntry[], options: PoolOptions): Promise<ChildFailure | null> {
  const child = Bun.spawn(selfCommand(["__extract"]), {
    stdin: new Blob([JSON.stringify({ root, entries, write: options.childrenWrite === true, parent: process.pid, visitor: options.visitor?.name ?? null })]),
    stdout: "pipe",
    stderr: "pipe",
    env: process.env,
  });
  const abort = () => child.kill("SIGKILL");
  options.signal?.addEventListener("abort", abort, { once: true });
  const seen = new Set<string>();
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
      }
    }
    const code = await child.exited;
    if (options.signal?.aborted) throw new SvcError("internal_error", "cancelled");
    const failed = code !== 0 || seen.size < entries.length;
    const errors = failed || timingEnabled() ? await new Response(child.stderr as ReadableStream).text() : "";
    mergeTimings(errors);
    if (!failed) return null;
    const stderr = errors.trim().split("\n").filter((l) => !l.startsWith("svc timing")).slice(-1)[0] ?? "";
    const how = child.signalCode ? `was killed by ${child.signalCode}` : `exited with code ${code}`;
    return {
      missing: entries.filter((e) => !seen.has(e.path)),
      detail: `extraction child ${how} after ${seen.size}/${entries.length} files${stderr ? `: ${stderr.slice(0, 300)}` : ""}`,
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

/** One batch in a child; the files a dead child did not finish go through isolate. */
async function runBatch(root: string, batch: InventoryEntry[], options: PoolOptions, crashed: CrashedFiles): Promise<void> {
  const first = await runChild(root, batch, options);
  if (first && first.missing.length) await isolate(root, first.missing, options, crashed);
}

/**
 * Retry unfinished files once in a fresh child (a crash under load does not repeat); while
 * a retry dies too, halve what it left, so only the file a child keeps dying on is skipped
 * (reason `crashed`) and every other file of its batch is still indexed.
 */
async function isolate(root: string, entries: InventoryEntry[], options: PoolOptions, crashed: CrashedFiles): Promise<void> {
  const failure = await runChild(root, entries, options);
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
  const lanes = Array.from({ length: Math.min(workers, queue.length) }, async () => {
    for (let batch = queue.shift(); batch; batch = queue.shift()) await runBatch(root, batch, options, crashed);
  });
  await Promise.all(lanes);
  crashed.paths.sort();
  return crashed;
}
