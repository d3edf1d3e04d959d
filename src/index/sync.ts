// Bringing the store in line with the work tree: a full build, `--force` rebuild, or the
// reconcile a read does. Unchanged files (same size and mtime, or same content hash) are
// never re-extracted. Small changes on a warm index commit in one transaction, so readers
// never see them half-applied; builds mark `index_build_state=building` first and `ready`
// last, so a crash leaves a store that is detected as not warm and rebuilt.
// What is built is the caller's ordered pass list (pass.ts): this file runs extraction
// (the syntax pass, with its visitor), then each derive pass over the scope its update
// rule gives, then lets each deferred pass record what it must redo; after the transaction,
// the passes over what lives outside the work tree (git history) bring themselves up to date.

import type { Database } from "bun:sqlite";
import { join } from "node:path";
import { clearStore, openWriter } from "../store/db.ts";
import { acquireWriterLock } from "../store/lock.ts";
import { formatSkipped, writeMeta, type IndexMode } from "../store/meta.ts";
import { checkWarm, inventoryHash, trustManifest } from "../store/warm.ts";
import { envInt } from "../sys/env.ts";
import { addTiming, reportTimings, timed } from "../sys/timing.ts";
import { VERSION } from "../version.ts";
import { loadConfig } from "../workspace/config.ts";
import { listInventory, type Inventory, type InventoryEntry, type SkipReason, type SkippedFile } from "../workspace/inventory.ts";
import { findGitRoot } from "../workspace/root.ts";
import { WIRING_EDGE_TYPES } from "../store/edge-types.ts";
import { importResolver } from "./edges.ts";
import type { Extraction } from "./extract.ts";
import { hashNow } from "../workspace/stamp.ts";
import { planTargeted } from "./targeted.ts";
import type { FileChange, IndexPipeline, PassContext } from "./pass.ts";
import { extractAll } from "./pool.ts";
import { StoreWriter, applyExtraction, fileRows, skippedRows, type FileRow, type SkippedRow } from "./write.ts";

export interface SyncOptions {
  /** Discard every derived row first (`svc index --force`). */
  force?: boolean;
  signal?: AbortSignal;
  progress?: (done: number, total: number, message?: string) => void;
  /** The work tree's inventory as a reader listed it moments ago, finding the store behind: not listed again. */
  inventory?: Inventory;
  /** Only these root-relative paths changed (a watcher's report): reconcile just them when the store can tell (see targeted.ts), else fully. */
  paths?: readonly string[];
}

export interface SyncResult {
  mode: IndexMode;
  files: number;
  symbols: number;
  chunks: number;
  edges: number;
  /** Of `edges`: the typed wiring edges (routes, DI, requests, config). */
  wiringEdges: number;
  routes: number;
  fts: boolean;
  extracted: number;
  removed: number;
  skipped: SkippedFile[];
  languages: { language: string; count: number }[];
  elapsedMs: number;
  /** True when the store was already current and nothing was written. */
  unchanged: boolean;
  /** Root-relative paths re-extracted (added or changed) and removed by this pass. */
  changedPaths: string[];
  removedPaths: string[];
  /** "paths": only the reported paths were looked at; "full": the whole inventory was listed. */
  scope: "full" | "paths";
  /** Files skipped by this pass because their extraction child died twice, and the last death. */
  crashed?: { paths: string[]; detail: string | null };
  /** What the inventory left out and why, when the answer must say it (svc.json ignored, files whose path holds a credential). */
  warnings?: string[];
}

const WRITE_BATCH = 500;

/** A JSON array of strings from index_meta, or null when absent or unreadable. */
function parseList(value: string | undefined): string[] | null {
  if (value === undefined) return null;
  try {
    const list = JSON.parse(value) as unknown;
    return Array.isArray(list) && list.every((p) => typeof p === "string") ? list : null;
  } catch {
    return null;
  }
}

function counts(db: Database): { files: number; symbols: number; chunks: number; edges: number; wiringEdges: number; routes: number } {
  const one = (sql: string) => (db.query(sql).get() as { n: number }).n;
  const edges = one("SELECT count(*) AS n FROM edges");
  return {
    files: one("SELECT count(*) AS n FROM files"),
    symbols: one("SELECT count(*) AS n FROM symbols"),
    chunks: one("SELECT count(*) AS n FROM chunks"),
    edges,
    wiringEdges: one(`SELECT count(*) AS n FROM edges WHERE (provenance = 'syntax' OR key IS NOT NULL) AND type IN (${WIRING_EDGE_TYPES.map((t) => `'${t}'`).join(",")})`),
    routes: one("SELECT count(*) AS n FROM routes"),
  };
}

function modeOf(db: Database): IndexMode {
  const row = db.query("SELECT value FROM index_meta WHERE key = 'index_mode'").get() as { value: string } | null;
  return row?.value === "semantic" || row?.value === "partial" ? row.value : "syntax";
}

function languages(db: Database): { language: string; count: number }[] {
  return db
    .query("SELECT coalesce(language, 'other') AS language, count(*) AS count FROM files GROUP BY 1 ORDER BY count DESC, language")
    .all() as { language: string; count: number }[];
}

/** Split inventory entries into: to extract, same content with a new stat, and untouched. */
function classify(root: string, entries: readonly InventoryEntry[], existing: Map<string, FileRow>, skippedBefore: Map<string, SkippedRow>) {
  const extract: InventoryEntry[] = [];
  const touched: { id: number; entry: InventoryEntry }[] = [];
  for (const entry of entries) {
    const row = existing.get(entry.path);
    if (!row) {
      const known = skippedBefore.get(entry.path);
      if (known && known.size === entry.size && known.mtime_ms === entry.stampMs) continue;
      extract.push(entry);
      continue;
    }
    if (row.size === entry.size && row.mtime_ms === entry.stampMs) continue;
    const hash = hashNow(root, entry.path);
    if (hash !== null && hash === row.hash) touched.push({ id: row.id, entry });
    else extract.push(entry);
  }
  return { extract, touched };
}

/** Each root's latest pass in this process: the writer lock is re-entrant within a process, so passes here queue instead. */
const passes = new Map<string, Promise<unknown>>();

/**
 * Bring `root`'s store in line with the work tree by running `pipeline`. Syncs of one process
 * on one root run one after another (a host's watcher and an `svc/index` request, an MCP
 * server's cold build and its `action=index`): two at once would both extract the same
 * change and the second write would collide with the first.
 */
export function syncPasses(root: string, pipeline: IndexPipeline, options: SyncOptions = {}): Promise<SyncResult> {
  const previous = passes.get(root) ?? Promise.resolve();
  const pass = previous.catch(() => undefined).then(() => syncPass(root, pipeline, options));
  passes.set(root, pass);
  const forget = () => {
    if (passes.get(root) === pass) passes.delete(root);
  };
  pass.then(forget, forget);
  return pass;
}

async function syncPass(root: string, pipeline: IndexPipeline, options: SyncOptions): Promise<SyncResult> {
  const started = performance.now();
  const lock = acquireWriterLock(root);
  try {
    const store = openWriter(root);
    // In place, not by deleting the file: readers may hold it open or be opening it right now.
    if (options.force && !store.fresh) {
      clearStore(store.db, store.fts);
      store.fresh = true;
    }
    const db = store.db;
    try {
      const verdict = store.fresh ? null : checkWarm(db, root);
      const warm = verdict?.warm === true;
      const ws = { root, dir: root, relDir: "", isGit: findGitRoot(root) === root };
      const config = loadConfig(root, root);
      const tooLargeBefore = parseList(verdict?.meta.too_large_files);
      const skippedBefore = skippedRows(db);
      const t0 = performance.now();
      const plan = warm && options.paths && tooLargeBefore ? planTargeted(db, ws, config, options.paths, tooLargeBefore) : null;
      const existing = plan ? plan.existing : fileRows(db);
      const inventory = plan?.inventory ?? options.inventory ?? (await listInventory(ws, config, { expected: [...existing.keys(), ...skippedBefore.keys()] }));
      addTiming(plan ? "targeted inventory" : "inventory", performance.now() - t0);
      const scope = plan ? "paths" : "full";
      const present = new Map(inventory.files.map((f) => [f.path, f]));
      const removed = [...existing.values()].filter((row) => !present.has(row.path));
      const vanishedSkips = [...skippedBefore.keys()].filter((path) => (!plan || plan.scope.has(path)) && !present.has(path));
      const tooLarge = inventory.skipped.map((s) => s.path).sort();
      const tooLargeChanged = tooLargeBefore === null || tooLarge.join("\0") !== tooLargeBefore.join("\0");
      const { extract, touched } = classify(root, inventory.files, existing, skippedBefore);
      const writer = new StoreWriter(db, store.fts);

      // A pass whose inputs live outside the work tree (git history) may be behind with no file changed: it reruns whole.
      const stale = new Set(warm ? pipeline.derive.filter((pass) => pass.stale?.(db, root) === true).map((pass) => pass.name) : []);
      if (warm && extract.length === 0 && removed.length === 0 && touched.length === 0 && vanishedSkips.length === 0 && !tooLargeChanged && stale.size === 0) {
        const skipped = [...inventory.skipped, ...[...skippedBefore.values()].map((r) => ({ path: r.path, reason: r.reason as SkipReason }))];
        for (const pass of pipeline.after) await pass.run(db, root);
        return { mode: modeOf(db), ...counts(db), fts: store.fts, extracted: 0, removed: 0, skipped, languages: languages(db), elapsedMs: performance.now() - started, unchanged: true, changedPaths: [], removedPaths: [], scope, ...(inventory.warnings.length ? { warnings: inventory.warnings } : {}) };
      }
      // A warm store keeps its semantic mode across a reconcile; the changed files' checker edges are pending until re-walked.
      const priorMode = warm ? modeOf(db) : "syntax";
      const storm = envInt("SVC_RECONCILE_STORM", 300);
      const atomic = warm && extract.length <= storm;
      if (!atomic) {
        // A build is rebuilt after any crash anyway (it is not warm until the end), so it need not sync every commit.
        db.run("PRAGMA synchronous = OFF");
        writeMeta(db, {
          index_build_state: "building",
          index_workspace_root: root,
          svc_version: VERSION,
          index_mode: "syntax",
          semantic_pending: 0,
          stale_dirty_count: warm ? extract.length + removed.length : 0,
        });
      }

      const skipped: SkippedFile[] = [];
      const pending: Extraction[] = [];
      const addedPaths = new Set<string>();
      // What each derive pass needs to know of the store before this sync writes to it (a warm reconcile only: a build redoes everything).
      const before = pipeline.derive.map((pass) => (atomic ? pass.before?.(db) : undefined));
      const extracted: { path: string; id?: number; hasFacts: boolean }[] = [];
      let anySkippedNow = false;
      const applyPending = () => {
        for (const result of pending.splice(0)) applyExtraction(writer, result, present.get(result.path));
      };
      const applyStatChanges = () => {
        for (const { id, entry } of touched) writer.touchFile(id, entry.size, entry.stampMs);
        for (const row of removed) writer.deleteFile(row.id);
        for (const path of vanishedSkips) writer.dropSkipped(path);
      };
      const finish = () => {
        const fileSetChanged = addedPaths.size > 0 || removed.length > 0 || anySkippedNow || !warm;
        const changedIds = extract.map((e) => existing.get(e.path)?.id).filter((id): id is number => id !== undefined);
        const touchedIds = new Set([...changedIds, ...removed.map((r) => r.id)]);
        const change: FileChange = {
          build: !atomic,
          fileSetChanged,
          extractedPaths: extract.map((e) => e.path),
          removedPaths: removed.map((r) => r.path),
          changedIds,
          extracted,
          touched: (id) => touchedIds.has(id),
        };
        let resolver: ReturnType<typeof importResolver> | undefined;
        const ctx: PassContext = { db, root, writer, resolver: () => (resolver ??= importResolver(db, root)) };
        pipeline.derive.forEach((pass, i) => {
          const scope = stale.has(pass.name) ? "all" : pass.scope(change, before[i]);
          if (scope !== "none") timed(pass.name, () => pass.run(ctx, scope));
        });
        for (const pass of pipeline.deferred) pass.record(db, change, priorMode);
        const n = counts(db);
        const manifest = timed("manifest hash", () => inventoryHash(db));
        const completedAt = new Date().toISOString();
        skipped.push(...inventory.skipped, ...[...skippedRows(db).values()].map((r) => ({ path: r.path, reason: r.reason as SkipReason })));
        writeMeta(db, {
          index_mode: priorMode,
          semantic_pending: priorMode === "syntax" ? 0 : 1,
          svc_version: VERSION,
          index_workspace_root: root,
          fts_available: store.fts ? 1 : 0,
          skipped_files: formatSkipped(skipped),
          stale_dirty_count: 0,
          index_inventory_count: manifest.count,
          index_inventory_hash: manifest.hash,
          index_completed_at: completedAt,
          symbol_count: n.symbols,
          chunk_count: n.chunks,
          edge_count: n.edges,
          route_count: n.routes,
          // A file's language follows from its path: the same file set has the same languages.
          languages: fileSetChanged || plan === null ? JSON.stringify(languages(db)) : undefined,
          too_large_files: JSON.stringify(tooLarge),
          index_build_state: "ready",
        });
        return { ...manifest, completedAt };
      };

      let done = 0;
      const total = extract.length;
      options.progress?.(0, total, "extracting");
      const crashed = await extractAll(root, extract, {
        visitor: pipeline.syntax.visitor,
        signal: options.signal,
        childrenWrite: !atomic,
        onResult: (result) => {
          if (result.ok && !existing.has(result.path)) addedPaths.add(result.path);
          if (!result.ok) anySkippedNow = true;
          extracted.push({ path: result.path, id: existing.get(result.path)?.id, hasFacts: "wiring" in result && result.wiring !== null });
          if (!("written" in result)) pending.push(result);
          done++;
          // A build commits in batches so memory stays bounded; a reconcile applies everything at once below.
          if (!atomic && pending.length >= WRITE_BATCH) timed("write", () => db.transaction(applyPending)());
          if (done % 25 === 0 || done === total) options.progress?.(done, total, "extracting");
        },
      });
      addTiming("inventory+extract+write wall", performance.now() - t0);
      const manifest = db.transaction(() => {
        timed("write", applyPending);
        timed("stat changes", applyStatChanges);
        const done = timed("edges+manifest", finish);
        // A build's integrity verdict commits with the manifest that makes the store ready (the check reads this
        // transaction's pages): a process killed right after the build never leaves a ready store whose check is missing.
        if (!atomic) {
          const check = timed("quick_check", () => db.query("PRAGMA quick_check").all() as { quick_check: string }[]);
          const verdict = check.map((r) => r.quick_check).join("; ");
          writeMeta(db, { index_integrity: verdict === "ok" ? "ok" : verdict.slice(0, 500) });
        }
        return done;
      })();
      trustManifest(root, manifest.completedAt, manifest.count, manifest.hash);
      // After the build's own verdict: a process killed while git is read leaves a checked store whose history a later read fills in.
      for (const pass of pipeline.after) await pass.run(db, root);
      reportTimings("index");
      return {
        mode: priorMode,
        ...counts(db),
        fts: store.fts,
        extracted: extract.length,
        removed: removed.length,
        skipped,
        languages: languages(db),
        elapsedMs: performance.now() - started,
        unchanged: false,
        changedPaths: extract.map((e) => e.path),
        removedPaths: removed.map((r) => r.path),
        scope,
        ...(crashed.paths.length ? { crashed } : {}),
        ...(inventory.warnings.length ? { warnings: inventory.warnings } : {}),
      };
    } finally {
      db.close();
    }
  } finally {
    lock.release();
  }
}
