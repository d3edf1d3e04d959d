// The contract between the index and the passes that build it. The index is built by an
// ordered list of passes, assembled above this folder (src/indexing/passes.ts): first the
// syntax pass (per-file extraction, with the visitors handed to it), then passes that
// derive tables from what earlier passes wrote, inside the sync's final transaction, then
// passes over what lives outside the work tree (git history), after that transaction, then
// deferred passes that the sync only records work for (run later, outside the sync).
// Each pass declares the tables it reads and writes, and states its incremental update
// rule as code (`scope`), not as a flag inside the sync. `index/` runs passes and owns
// the store; it never imports the layers that define them.
//
// Per-file extraction is the invalidation barrier: it reads one file only, so later passes
// widen only through `scope`, never through a hidden read.

import type { Database } from "bun:sqlite";
import type { IndexMode } from "../store/meta.ts";
import type { Resolver } from "./imports/resolve.ts";
import type { FileVisitor } from "./visitor.ts";
import type { StoreWriter } from "./write.ts";

/** What one sync changed, as every pass after extraction sees it. */
export interface FileChange {
  /** A build (a cold or forced one, or a reconcile past the storm limit): every derived row is redone. */
  build: boolean;
  /** A file appeared or vanished, or extraction now skips one. */
  fileSetChanged: boolean;
  /** Root-relative paths re-extracted (added or changed) and removed. */
  extractedPaths: readonly string[];
  removedPaths: readonly string[];
  /** Ids, from before the sync, of the files re-extracted that were in the store already. */
  changedIds: readonly number[];
  /** Per re-extracted file: its id before the sync (absent when new) and whether the visitor found facts in it now. */
  extracted: readonly { path: string; id?: number; hasFacts: boolean }[];
  /** Whether the sync removed, or re-extracted, a file with this (pre-sync) id. */
  touched(id: number): boolean;
}

/** The files a pass redoes: none, all, or these file ids. */
export type { FileVisitor };

export type Scope = "none" | "all" | ReadonlySet<number>;

/** Pass 1: per-file extraction into files, symbols, chunks, imports, full-text and the visitor's facts. The sync runs it. */
export interface SyntaxPass {
  kind: "syntax";
  name: string;
  reads: readonly string[];
  writes: readonly string[];
  /** At most one visitor today: its facts go to the one facts table. */
  visitor: FileVisitor | null;
}

/** What a derive pass gets: the writable store inside the sync's final transaction. */
export interface PassContext {
  db: Database;
  root: string;
  writer: StoreWriter;
  /** The import resolver over the store's files after extraction (built once, shared by the passes that need it). */
  resolver(): Resolver;
}

/** A pass that derives tables from what earlier passes wrote, inside the sync's final transaction. */
export interface DerivePass<Before = unknown> {
  kind: "derive";
  name: string;
  reads: readonly string[];
  writes: readonly string[];
  /** On a warm reconcile, what the pass needs to know of the store before anything is written (e.g. which files it depended on). */
  before?(db: Database): Before;
  /** The update rule: which files to redo for this change (`before` is undefined on a build). */
  scope(change: FileChange, before: Before | undefined): Scope;
  /**
   * For a pass that reads more than the work tree (git history: commits since the last
   * indexed one): true when that moved. Asked on every warm sync, so it must be cheap; a
   * stale pass runs with scope "all" even when no file changed.
   */
  stale?(db: Database, root: string): boolean;
  run(ctx: PassContext, scope: Exclude<Scope, "none">): void;
}

/** A pass run outside the sync (the checker edges): the sync records the files it must redo; `run` brings its tables up to date later. */
export interface DeferredPass {
  kind: "deferred";
  name: string;
  reads: readonly string[];
  writes: readonly string[];
  /** Inside the sync's transaction: note what the next run must redo (`tier`: the store's index_mode before the sync). */
  record(db: Database, change: FileChange, tier: IndexMode): void;
  /** Bring the pass's tables up to date: incrementally over `paths` (the files a sync changed) and what it recorded, or fully. */
  run(root: string, options: { full: boolean; paths: readonly string[]; signal?: AbortSignal }): Promise<void>;
}

/**
 * A pass whose input lives outside the work tree (the git history): run after every sync's
 * transaction, it brings its tables up to date by what it recorded itself (the last commit
 * it read), cheaply when nothing moved. It must never fail the sync: what it cannot read it
 * records as absent, with the reason.
 */
export interface AfterPass {
  kind: "after";
  name: string;
  reads: readonly string[];
  writes: readonly string[];
  run(db: Database, root: string): Promise<void>;
  /**
   * Cheap (the store and a stat or two, no process): the pass has never run on this store,
   * or under another version of itself, or its input moved (a commit landed). A read then
   * reconciles though no file changed, and the unchanged sync runs the after passes.
   */
  behind?(db: Database, root: string): boolean;
}

// biome-ignore lint/suspicious/noExplicitAny: each derive pass has its own `before` state
export type AnyDerivePass = DerivePass<any>;
export type IndexPass = SyntaxPass | AnyDerivePass | AfterPass | DeferredPass;

/** The ordered passes a sync runs, checked once: syntax first, each `reads` entry written by an earlier pass. */
export interface IndexPipeline {
  syntax: SyntaxPass;
  derive: readonly AnyDerivePass[];
  after: readonly AfterPass[];
  deferred: readonly DeferredPass[];
  all: readonly IndexPass[];
}

/** Tables the store has before any pass writes (the stat rows the sync itself keeps). */
const GIVEN = new Set(["index_meta"]);

/** Check and split an ordered pass list. Throws on a list whose order cannot work (a programming error, found by any test that indexes). */
export function pipeline(passes: readonly IndexPass[]): IndexPipeline {
  const [first, ...rest] = passes;
  if (!first || first.kind !== "syntax") throw new Error("index passes: the syntax pass must come first");
  const written = new Set(GIVEN);
  const names = new Set<string>();
  for (const pass of passes) {
    if (names.has(pass.name)) throw new Error(`index passes: two passes named ${pass.name}`);
    names.add(pass.name);
    for (const table of pass.reads) if (!written.has(table)) throw new Error(`index passes: ${pass.name} reads ${table}, which no earlier pass writes`);
    for (const table of pass.writes) written.add(table);
  }
  if (rest.some((p) => p.kind === "syntax")) throw new Error("index passes: only one syntax pass");
  const deferredAt = rest.findIndex((p) => p.kind === "deferred");
  if (deferredAt !== -1 && rest.slice(deferredAt).some((p) => p.kind !== "deferred")) throw new Error("index passes: deferred passes come last");
  const afterAt = rest.findIndex((p) => p.kind === "after");
  if (afterAt !== -1 && rest.slice(afterAt).some((p) => p.kind === "derive")) throw new Error("index passes: after passes come after the derive passes");
  return {
    syntax: first,
    derive: rest.filter((p): p is AnyDerivePass => p.kind === "derive"),
    after: rest.filter((p): p is AfterPass => p.kind === "after"),
    deferred: rest.filter((p): p is DeferredPass => p.kind === "deferred"),
    all: passes,
  };
}

/** The syntax pass with `visitor` (the wiring detectors, from above) run on every extracted file. */
export function syntaxPass(visitor: FileVisitor | null): SyntaxPass {
  return {
    kind: "syntax",
    name: "syntax",
    reads: [],
    writes: ["files", "symbols", "chunks", "imports", "files_fts", "chunks_fts", "wiring_facts", "skipped_files"],
    visitor,
  };
}
