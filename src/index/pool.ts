// Extraction over many files: in-process for small sets, otherwise in short-lived child
// processes (one per batch, as many at once as there are cores) so parser memory stays
// flat on large repositories and both cores work.

import { availableParallelism } from "node:os";
import { SvcError } from "../errors.ts";
import { envInt } from "../sys/env.ts";
import { selfCommand } from "../sys/self.ts";
import { mergeTimings, timingEnabled } from "../sys/timing.ts";
import type { InventoryEntry } from "../workspace/inventory.ts";
import { workBatches } from "./batches.ts";
import type { WrittenSummary } from "./child.ts";
import { extractFile, type Extraction } from "./extract.ts";

export interface PoolOptions {
  signal?: AbortSignal;
  /** Children store their results in the index themselves (the caller holds the writer lock and no open transaction). */
  childrenWrite?: boolean;
  onResult: (result: Extraction | WrittenSummary) => void;
}

async function runChild(root: string, entries: InventoryEntry[], options: PoolOptions): Promise<void> {
  const child = Bun.spawn(selfCommand(["__extract"]), {
    stdin: new Blob([JSON.stringify({ root, entries, write: options.childrenWrite === true, parent: process.pid })]),
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
        const result = JSON.parse(line) as Extraction | WrittenSummary;
        seen.add(result.path);
        options.onResult(result);
      }
    }
    const code = await child.exited;
    if (options.signal?.aborted) throw new SvcError("internal_error", "cancelled");
    const failed = code !== 0 || seen.size < entries.length;
    const errors = failed || timingEnabled() ? await new Response(child.stderr as ReadableStream).text() : "";
    mergeTimings(errors);
    if (failed) {
      const stderr = errors.trim().split("\n").filter((l) => !l.startsWith("svc timing")).slice(-1)[0] ?? "";
      throw new SvcError("internal_error", `extraction child exited with code ${code} after ${seen.size}/${entries.length} files${stderr ? `: ${stderr}` : ""}`);
    }
  } finally {
    options.signal?.removeEventListener("abort", abort);
  }
}

/** Extract every entry, calling onResult as results arrive (order not guaranteed). */
export async function extractAll(root: string, entries: readonly InventoryEntry[], options: PoolOptions): Promise<void> {
  const inProcessMax = envInt("SVC_EXTRACT_INPROCESS_MAX", 150);
  if (entries.length <= inProcessMax) {
    for (let i = 0; i < entries.length; i++) {
      // Yield now and then so a cancellation (or any other message) can be seen mid-pass.
      if (i > 0 && i % 25 === 0) await new Promise((resolve) => setImmediate(resolve));
      if (options.signal?.aborted) throw new SvcError("internal_error", "cancelled");
      options.onResult(extractFile(root, entries[i] as InventoryEntry));
    }
    return;
  }
  const workers = Math.max(1, Math.min(availableParallelism(), 4));
  const queue = workBatches(entries, workers, Math.max(50, envInt("SVC_EXTRACT_BATCH", 1000)));
  const lanes = Array.from({ length: Math.min(workers, queue.length) }, async () => {
    for (let batch = queue.shift(); batch; batch = queue.shift()) await runChild(root, batch, options);
  });
  await Promise.all(lanes);
}
