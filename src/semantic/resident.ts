// The resident workspace: a live engine with the workspace's projects loaded, held by a
// long-running process (the host, or an MCP server with SVC_RESIDENT=1). When this process
// is the root's writer it also keeps the index's checker edges current: a full upgrade
// after the first syntax pass, then the changed files and their dependents after each
// reconcile, one run at a time, while readers keep answering.

import { join } from "node:path";
import { openReader } from "../store/db.ts";
import { envBool } from "../sys/env.ts";
import { readMeta } from "../store/meta.ts";
import { TsEngine } from "./engine.ts";
import type { LoadedWorkspace } from "./load.ts";
import { isProjectConfig, isSourceFile } from "./projects.ts";
import { noteDegraded, setResidentStatus } from "./resident-status.ts";
import { loadFromStore, semanticUpgrade, type UpgradeResult } from "./upgrade.ts";

export interface ResidentOptions {
  /** This process writes the index (the host, or a server with no host): keep checker edges current. */
  writer: boolean;
  log?: (message: string) => void;
}

export class ResidentWorkspace {
  readonly engine: TsEngine;
  readonly writer: boolean;
  loaded: LoadedWorkspace | null = null;
  /** The files the last loaded workspace owned (kept while a reload is due): a source file new to them is told to the engine as created. */
  private lastOwner: ReadonlyMap<string, string> | null = null;
  private running: Promise<void> | null = null;
  /** Closing (the process is stopping): no run starts; one in flight fails on the closed engine, its changes left pending. */
  private closed = false;
  private pendingAll = false;
  /** A run is asked for though nothing changed: the store's pending work (a run that stopped part-way) is to be finished. */
  private pendingResume = false;
  /** The pending full run was asked for (a forced rebuild, dependencies installed): it walks even when the stored edges look current. */
  private fullRequested = false;
  private readonly pendingPaths = new Set<string>();
  private lastError: string | null = null;
  lastUpgrade: UpgradeResult | null = null;

  constructor(
    readonly root: string,
    private readonly options: ResidentOptions,
  ) {
    this.writer = options.writer;
    this.engine = new TsEngine({ root, log: options.log, onDegraded: (message) => noteDegraded(root, message) });
    setResidentStatus(root, { state: "loading", projects: 0 });
    if (options.writer) this.pendingAll = true;
  }

  /** Loaded projects (those that hold files). */
  projectCount(): number {
    return this.loaded?.projects.filter((p) => p.diagnosis.status !== "failed").length ?? 0;
  }

  private publish(): void {
    const busy = this.running !== null || this.queued();
    if (this.lastError && !this.loaded) setResidentStatus(this.root, { state: "failed", projects: 0, detail: this.lastError });
    else if (!this.loaded) setResidentStatus(this.root, { state: "loading", projects: 0 });
    else setResidentStatus(this.root, { state: busy ? "updating" : "ready", projects: this.projectCount() });
    if (this.loaded && !busy) for (const ready of this.readyWaiters.splice(0)) ready();
  }

  private readyWaiters: (() => void)[] = [];

  /** Resolves once the projects are loaded and no update is running or queued. */
  whenReady(): Promise<void> {
    if (this.loaded && this.running === null && !this.queued()) return Promise.resolve();
    return new Promise((resolve) => this.readyWaiters.push(resolve));
  }

  /** Make sure the projects are loaded (reading the inventory from the store). */
  async ensureLoaded(): Promise<LoadedWorkspace> {
    if (this.loaded) return this.loaded;
    const db = openReader(this.root);
    if (!db) throw new Error(`no index at ${this.root}`);
    try {
      this.loaded = await loadFromStore(this.engine, this.root, db);
      this.lastOwner = this.loaded.owner;
    } finally {
      db.close();
    }
    this.publish();
    return this.loaded;
  }

  /** The index changed (a sync): tell the engine, and when writing, queue those files' checker edges. */
  afterSync(changed: readonly string[], removed: readonly string[]): void {
    const abs = (p: string) => join(this.root, p);
    // a source file the loaded projects did not own is told as created: told changed, the engine's projects never take it
    const owner = this.loaded?.owner ?? this.lastOwner;
    const kind = (p: string) => (owner && isSourceFile(p) && !owner.has(p) ? ("created" as const) : ("changed" as const));
    this.engine.filesChanged([...changed.map((p) => ({ path: abs(p), kind: kind(p) })), ...removed.map((p) => ({ path: abs(p), kind: "deleted" as const }))]);
    const configChanged = [...changed, ...removed].some((p) => isProjectConfig(p));
    const sources = changed.filter(isSourceFile);
    // the file sets of the projects changed: reload before walking
    if (configChanged || removed.some(isSourceFile) || sources.some((p) => !this.loaded?.owner.has(p))) this.loaded = null;
    if (!this.options.writer) return;
    if (this.lastUpgrade === null || configChanged) this.pendingAll = true;
    else for (const p of [...sources, ...removed.filter(isSourceFile)]) this.pendingPaths.add(p); // a removed file's importers are walked again
    this.kick();
  }

  private queued(): boolean {
    return this.pendingAll || this.pendingResume || this.pendingPaths.size > 0;
  }

  /**
   * Finish the semantic work the store holds pending (a run here or elsewhere stopped part-way): `svc index` through
   * the host asks it, a later change need not. The run is incremental when the walk records allow, else full.
   */
  finishPending(): void {
    if (!this.options.writer) return;
    this.pendingResume = true;
    this.kick();
  }

  private kick(): void {
    if (this.closed) return;
    if (this.running || !this.queued()) {
      this.publish();
      return;
    }
    this.running = this.runOnce()
      .catch((error) => {
        if (this.closed) return void this.options.log?.(`semantic update stopped with its engine (${(error as Error).message})`);
        this.lastError = (error as Error).message;
        this.options.log?.(`semantic update failed: ${this.lastError}`);
        noteDegraded(this.root, `semantic update failed: ${this.lastError}`);
      })
      .finally(() => {
        this.running = null;
        Bun.gc(true); // the walk's ASTs and tables are garbage now: give the memory back
        this.kick();
      });
    this.publish();
  }

  /** Who follows the walk's progress now (a svc/index waiting for it): each is told every step until it stops following. */
  private readonly followers = new Set<(done: number, total: number, message?: string) => void>();

  /** Follow the semantic walks' progress until the returned function is called. */
  followProgress(report: (done: number, total: number, message?: string) => void): () => void {
    this.followers.add(report);
    return () => this.followers.delete(report);
  }

  private readonly progress = (done: number, total: number, message?: string): void => {
    for (const report of this.followers) report(done, total, message);
  };

  private async runOnce(): Promise<void> {
    const all = this.pendingAll;
    const requested = this.fullRequested;
    const paths = [...this.pendingPaths];
    this.pendingAll = false;
    this.pendingResume = false;
    this.fullRequested = false;
    this.pendingPaths.clear();
    if (all && !requested && this.lastUpgrade === null && semanticCurrent(this.root)) {
      // a previous run left the checker edges current: load, do not walk again
      await this.ensureLoaded();
      this.lastUpgrade = { mode: "semantic", walked: 0, edges: 0, wiring: { asked: 0, ms: 0, relinkMs: 0 }, loadMs: 0, walkMs: 0, elapsedMs: 0, diagnosis: null, loaded: this.loaded, owned: this.loaded?.owner.size ?? 0 };
      for (const p of paths) this.pendingPaths.add(p);
      return;
    }
    if (all) {
      this.loaded = null;
      // a full run asked for (a forced rebuild, dependencies installed) walks every file; else it may resume one stopped part-way
      this.lastUpgrade = await semanticUpgrade(this.root, { engine: this.engine, resume: !requested, log: this.options.log, progress: this.progress });
      this.loaded = this.lastUpgrade.loaded;
      this.lastError = null;
      return;
    }
    const loaded = await this.ensureLoaded();
    this.lastUpgrade = await semanticUpgrade(this.root, { engine: this.engine, loaded, paths, resume: true, log: this.options.log, progress: this.progress });
    if (this.lastUpgrade.loaded) this.loaded = this.lastUpgrade.loaded;
  }

  private hashes: Map<string, string> | null = null;
  private seenCompletion: string | undefined;

  /**
   * For a resident that does not write (another process owns the index and its watcher):
   * tell the engine about files whose content changed since the last look at the store.
   */
  catchUpWithStore(): void {
    if (this.options.writer) return;
    const db = openReader(this.root);
    if (!db) return;
    try {
      const completed = readMeta(db).index_completed_at;
      if (this.hashes && completed === this.seenCompletion) return;
      const now = new Map((db.query("SELECT path, hash FROM files").all() as { path: string; hash: string }[]).map((r) => [r.path, r.hash]));
      if (this.hashes) {
        const changed = [...now].filter(([p, h]) => this.hashes?.get(p) !== h).map(([p]) => p);
        const removed = [...this.hashes.keys()].filter((p) => !now.has(p));
        if (changed.length || removed.length) this.afterSync(changed, removed);
      }
      this.hashes = now;
      this.seenCompletion = completed;
    } finally {
      db.close();
    }
  }

  /**
   * Re-walk everything (after a forced rebuild, or a partial tier's missing dependencies installed), whatever the store
   * says. `freshEngine`: the engine caches what it read under node_modules and is not told of an install file by file, so
   * a fresh one reads the packages as they are now.
   */
  requestFull(options: { freshEngine?: boolean } = {}): void {
    if (!this.options.writer) return;
    if (options.freshEngine) this.engine.restart();
    this.pendingAll = true;
    this.fullRequested = true;
    this.lastUpgrade = null;
    this.loaded = null;
    this.kick();
  }

  /** Resolves when no update is running or queued (tests, benchmarks, svc/index). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async close(): Promise<void> {
    this.closed = true;
    setResidentStatus(this.root, null);
    await this.engine.close();
  }
}

/** The stored checker edges are complete (semantic or partial mode, nothing pending). */
function semanticCurrent(root: string): boolean {
  const db = openReader(root);
  if (!db) return false;
  try {
    const meta = readMeta(db);
    return (meta.index_mode === "semantic" || meta.index_mode === "partial") && meta.semantic_pending !== "1";
  } finally {
    db.close();
  }
}

const residents = new Map<string, ResidentWorkspace>();

/** The resident workspace this process holds for `root`, if any. */
export function residentFor(root: string): ResidentWorkspace | null {
  return residents.get(root) ?? null;
}

/** Hold (or return the held) resident workspace for `root`. */
export function holdResident(root: string, options: ResidentOptions): ResidentWorkspace {
  let resident = residents.get(root);
  if (!resident) {
    resident = new ResidentWorkspace(root, options);
    residents.set(root, resident);
  }
  return resident;
}

export async function releaseResident(root: string): Promise<void> {
  const resident = residents.get(root);
  residents.delete(root);
  await resident?.close();
}

/**
 * The resident workspace that serves a request: the host's own, or — in a long-lived
 * server started with SVC_RESIDENT=1 — one this process holds (reading; the index's
 * writer keeps the stored edges current). Null: answer from the index alone.
 */
export function residentForRequest(root: string, ctx: { host?: boolean; longLived?: boolean }): ResidentWorkspace | null {
  if (ctx.host) return residentFor(root);
  if (!ctx.longLived || !envBool("SVC_RESIDENT", false)) return null;
  const resident = holdResident(root, { writer: false });
  resident.catchUpWithStore();
  return resident;
}
