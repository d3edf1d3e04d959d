// The extraction child: `svc __extract` reads batches on stdin, one JSON line each
// ({root, entries, write, parent, visitor}, the same root and settings in every line), and
// extracts them in turn until stdin ends. The parent sends a lane's next batch once the child
// has reported every file of the last one, so a child serves its lane for many batches (up to
// a bound on its work, pool.ts): its start-up, JIT warm-up and caches are paid once per lane,
// not once per batch, while the lanes still share the batches evenly. With `write`, it stores its results in the index
// itself (the parent holds the writer lock and delegates; SQLite serializes the children's
// short transactions) and reports one summary line per file; without, it prints each full
// extraction as a JSON line for the parent to apply. A child process keeps the parser's
// native memory out of the long-lived parent. The syntax pass's visitor arrives by name: the
// entry point (main.ts) hands the child the visitors it may look up.

import type { Database } from "bun:sqlite";
import { existsSync, writeFileSync } from "node:fs";
import { BUSY_TIMEOUT_MS, openDelegate } from "../store/db.ts";
import { reportTimings, timed } from "../sys/timing.ts";
import type { InventoryEntry } from "../workspace/inventory.ts";
import { extractFile, type ExtractedFile, type Extraction } from "./extract.ts";
import { ContentMemo } from "./same-content.ts";
import type { FileVisitor } from "./visitor.ts";
import { applyExtraction, StoreWriter } from "./write.ts";

export interface ChildInput {
  root: string;
  entries: InventoryEntry[];
  write: boolean;
  /** The delegating process: a child whose parent died stops instead of writing into a store someone else may be rebuilding. */
  parent: number;
  /** The name of the syntax pass's visitor, null when it has none. */
  visitor: string | null;
}

/** What a writing child reports per file. */
export interface WrittenSummary {
  written: true;
  ok: boolean;
  path: string;
  reason?: string;
}

const COMMIT_EVERY = 200;
/** Past this many extracted files a child waits for the write lock instead of extracting on. */
const WAIT_AT = 1000;

/** Take the write lock: without waiting (false when another child holds it), or waiting up to the busy timeout. */
function begin(db: Database, wait: boolean): boolean {
  if (wait) {
    timed("child write lock wait", () => db.run("BEGIN IMMEDIATE"));
    return true;
  }
  db.run("PRAGMA busy_timeout = 0");
  try {
    db.run("BEGIN IMMEDIATE");
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === "SQLITE_BUSY") return false;
    throw error;
  } finally {
    db.run(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
  }
}

function safeExtract(root: string, entry: InventoryEntry, visitor: FileVisitor | null, memo: ContentMemo<ExtractedFile>): Extraction {
  try {
    return extractFile(root, entry, { visitor, memo });
  } catch {
    return { ok: false, path: entry.path, reason: "unreadable" };
  }
}

/**
 * Tests only: die on reaching one file, as a runtime crash under load would
 * (`SVC_TEST_EXTRACT_CRASH=<root-relative path>`; with `SVC_TEST_EXTRACT_CRASH_ONCE=<marker
 * file>` only while the marker does not exist, creating it).
 */
function crashHook(path: string): void {
  if (process.env.SVC_TEST_EXTRACT_CRASH !== path) return;
  const once = process.env.SVC_TEST_EXTRACT_CRASH_ONCE;
  if (once) {
    if (existsSync(once)) return;
    writeFileSync(once, "");
  }
  process.exit(1);
}

/** The batches on stdin, one JSON line each, as they arrive. */
async function* batchesOnStdin(): AsyncGenerator<ChildInput> {
  const decoder = new TextDecoder();
  let buffer = "";
  for await (const chunk of Bun.stdin.stream()) {
    buffer += decoder.decode(chunk, { stream: true });
    for (let nl = buffer.indexOf("\n"); nl !== -1; nl = buffer.indexOf("\n")) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      if (line.trim()) yield JSON.parse(line) as ChildInput;
    }
  }
  buffer += decoder.decode();
  if (buffer.trim()) yield JSON.parse(buffer) as ChildInput;
}

/** Run one extraction child; `visitors` are the file visitors its parent may name. */
export async function runExtractChild(visitors: readonly FileVisitor[]): Promise<number> {
  const out = Bun.stdout.writer();
  let store: ReturnType<typeof openDelegate> | null = null;
  let writer: StoreWriter | null = null;
  let opened = false;
  try {
    for await (const input of batchesOnStdin()) {
      const visitor = input.visitor === null ? null : (visitors.find((v) => v.name === input.visitor) ?? null);
      // A parent naming a visitor this binary lacks would get files without their facts: refuse instead.
      if (input.visitor !== null && !visitor) throw new Error(`extraction child: no file visitor named ${input.visitor}`);
      if (!opened) {
        opened = true;
        store = input.write ? openDelegate(input.root) : null;
        writer = store ? new StoreWriter(store.db, store.fts) : null;
      }
      await extractBatch(input, visitor, store, writer, out);
    }
  } finally {
    store?.db.close();
  }
  reportTimings("extract"); // to stderr, with SVC_TIMING=1: the parent adds it to its own
  await out.end();
  return 0;
}

type Output = ReturnType<typeof Bun.stdout.writer>;

/** Extract one batch: written and reported in short transactions, or printed file by file. */
async function extractBatch(input: ChildInput, visitor: FileVisitor | null, store: ReturnType<typeof openDelegate> | null, writer: StoreWriter | null, out: Output): Promise<void> {
  const batch: { result: Extraction; entry: InventoryEntry }[] = [];
  const memo = new ContentMemo<ExtractedFile>();
  // Extract first, then write in one short transaction, so the other children are not
  // kept waiting for the write lock while this one parses. While another child writes,
  // this one extracts on rather than sleep on the lock, up to WAIT_AT files.
  const orphaned = () => process.ppid !== input.parent;
  const flush = (wait: boolean) => {
    if (!store || !writer || batch.length === 0) return;
    if (orphaned()) process.exit(3); // the writer that delegated to us is gone: write nothing
    const db = store.db;
    if (!begin(db, wait)) return;
    try {
      timed("child write", () => {
        for (const { result, entry } of batch) applyExtraction(writer, result, entry);
      });
      timed("child commit", () => db.run("COMMIT"));
    } catch (error) {
      if (db.inTransaction) db.run("ROLLBACK");
      throw error;
    }
    for (const { result } of batch.splice(0)) {
      const summary: WrittenSummary = { written: true, ok: result.ok, path: result.path, ...(result.ok ? {} : { reason: result.reason }) };
      out.write(`${JSON.stringify(summary)}\n`);
    }
  };
  for (const entry of input.entries) {
    if (orphaned()) process.exit(3);
    crashHook(entry.path);
    const result = timed("child extract", () => safeExtract(input.root, entry, visitor, memo));
    if (store) {
      batch.push({ result, entry });
      if (batch.length >= COMMIT_EVERY) flush(batch.length >= WAIT_AT);
    } else {
      out.write(`${JSON.stringify(result)}\n`);
      await out.flush();
    }
  }
  flush(true);
  await out.flush(); // the parent sends the next batch once it has seen this one's last file
}
