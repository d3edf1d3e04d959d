// The extraction child: `svc __extract` reads {root, entries, write} as JSON on stdin.
// With `write`, it stores its results in the index itself (the parent holds the writer
// lock and delegates; SQLite serializes the children's short transactions) and reports one
// summary line per file; without, it prints each full extraction as a JSON line for the
// parent to apply. A short-lived process per batch keeps the parser's native memory from
// accumulating in the long-lived parent.

import { openDelegate } from "../store/db.ts";
import type { InventoryEntry } from "../workspace/inventory.ts";
import { extractFile, type Extraction } from "./extract.ts";
import { applyExtraction, StoreWriter } from "./write.ts";

export interface ChildInput {
  root: string;
  entries: InventoryEntry[];
  write: boolean;
  /** The delegating process: a child whose parent died stops instead of writing into a store someone else may be rebuilding. */
  parent: number;
}

/** What a writing child reports per file. */
export interface WrittenSummary {
  written: true;
  ok: boolean;
  path: string;
  reason?: string;
}

const COMMIT_EVERY = 200;

function safeExtract(root: string, entry: InventoryEntry): Extraction {
  try {
    return extractFile(root, entry);
  } catch {
    return { ok: false, path: entry.path, reason: "unreadable" };
  }
}

export async function runExtractChild(): Promise<number> {
  const input = JSON.parse(await Bun.stdin.text()) as ChildInput;
  const out = Bun.stdout.writer();
  const store = input.write ? openDelegate(input.root) : null;
  const writer = store ? new StoreWriter(store.db, store.fts) : null;
  const batch: { result: Extraction; entry: InventoryEntry }[] = [];
  // Extract first, then write in one short transaction, so the other children are not
  // kept waiting for the write lock while this one parses.
  const orphaned = () => process.ppid !== input.parent;
  const flush = () => {
    if (!store || !writer || batch.length === 0) return;
    if (orphaned()) process.exit(3); // the writer that delegated to us is gone: write nothing
    store.db.transaction(() => {
      for (const { result, entry } of batch) applyExtraction(writer, result, entry);
    }).immediate();
    for (const { result } of batch.splice(0)) {
      const summary: WrittenSummary = { written: true, ok: result.ok, path: result.path, ...(result.ok ? {} : { reason: result.reason }) };
      out.write(`${JSON.stringify(summary)}\n`);
    }
  };
  try {
    for (const entry of input.entries) {
      if (orphaned()) process.exit(3);
      const result = safeExtract(input.root, entry);
      if (store) {
        batch.push({ result, entry });
        if (batch.length >= COMMIT_EVERY) flush();
      } else {
        out.write(`${JSON.stringify(result)}\n`);
        await out.flush();
      }
    }
    flush();
  } finally {
    store?.db.close();
  }
  await out.end();
  return 0;
}
