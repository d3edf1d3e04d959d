// The checks' view of the semantic tier: the workspace's projects in ONE engine (the
// resident workspace of src/semantic/ when this process holds one, else an engine loaded for
// the call), each source file's diagnostics cached per disk version, and the bookkeeping
// that keeps the cache honest:
//
//  - before each use a stat scan finds the files that changed, appeared or went away since
//    the last look and tells the engine (an applied or saved file is seen at once, with or
//    without a watcher);
//  - a changed file is rechecked; when its surface — what importers can see (surface.ts) —
//    changed, its dependents (importers, and importers through barrels) are rechecked next
//    by a delta within its time budget, and the files further up the import chains are
//    marked stale; whatever is left is rechecked in the background (`pending` counts it
//    until then); an added or removed file also rechecks the files whose imports did not
//    resolve;
//  - nothing is cached while another overlay is in the engine (it would be read as disk).
//
// Overlay checks, deltas and background rechecks run one at a time (`exclusive`): an
// overlay is engine-wide state.

import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { OpContext } from "../ops/types.ts";
import { diagnostics as engineDiagnostics, openSemantic, programDiagnostics, residentForRequest, type LoadedWorkspace, type ResidentWorkspace, type SemanticHandle, type TsEngine } from "../semantic/index.ts";
import type { Diag as EngineDiag } from "../semantic/index.ts";
import { TS_VERSION } from "../semantic/tsc-binary.ts";
import { openReader } from "../store/db.ts";
import { readMeta } from "../store/meta.ts";
import { loadConfig } from "../workspace/config.ts";
import { textReader } from "../workspace/files.ts";
import { gitInventoryStamp, listInventory } from "../workspace/inventory.ts";
import { watchedChanges } from "../index/open.ts";
import { isSourceFile } from "../semantic/projects.ts";
import { pulledDiagnostics, serverChecksAsWrapper, serverConfigOf } from "../semantic/server-diagnostics.ts";
import { envBool } from "../sys/env.ts";
import { toPosix } from "../workspace/root.ts";
import { isAbsolute, relative } from "node:path";
import { inside } from "../workspace/allowed.ts";
import type { ConfigProblem } from "./config-caveat.ts";
import type { Diag } from "./diag.ts";
import { declaresGlobals } from "./globals.ts";
import { ImportGraph } from "./import-graph.ts";
import { exportTypesOf } from "./export-types.ts";
import { surfacesOf, type Surfaces } from "./surface.ts";
import { redact } from "../text/redact.ts";
import { secretsIn } from "../text/known-secrets.ts";
import { InputStamps, stampOf } from "./input-stamps.ts";
import { diagnosticSecrets, type ResolvedImports } from "./diag-secrets.ts";
import { OUTSIDE, OUTSIDE_MESSAGE, outsideView, type OutsideView } from "./diag-outside.ts";

export const ENGINE_NAME = `TypeScript ${TS_VERSION}`;
/** Module-resolution errors: a file with one may be fixed (or broken) by a file appearing or going away. */
const RESOLUTION_CODES = new Set(["TS2307", "TS2305", "TS2306", "TS2792", "TS2834", "TS2835", "TS7016"]);
const PARALLEL = 8;
/** Background rechecks in flight at once (fewer: they share the cores with requests). */
const SWEEP_PARALLEL = 4;
/** How long a delta spends rechecking the dependents of a change before leaving the rest to the background. */
const DELTA_BUDGET_MS = 250;

interface Entry {
  diags: Diag[];
  /** Computed before a change that may reach it; rechecked in the background (or by a delta within its time budget). */
  stale: boolean;
  /** A direct dependent of the change: a delta rechecks it first. */
  urgent?: boolean;
}

interface Seen {
  stamp: number;
  size: number;
  /** The surfaces of this version (undefined: not computed yet; null: none to trust). */
  surface?: Surfaces | null;
  /** The printed types of its exports in this version (undefined: not computed yet). */
  exportTypes?: string | null;
  /** This version declares globals (globals.ts): a change to it or its removal can break files that never import it. */
  global?: boolean;
}

interface Source {
  engine: TsEngine;
  grade: "resident" | "cold";
  loaded(): Promise<LoadedWorkspace>;
  /** Forget the loaded projects (a config changed): the next loaded() reloads. */
  reload(): void;
  release(): Promise<void>;
}

/** The files an import resolver reads: the sources and the configs (tsconfig `paths`, package manifests). */
function resolverInventory(loaded: LoadedWorkspace): string[] {
  return [...loaded.discovery.sourceFiles, ...(loaded.discovery.configFiles ?? [])];
}

/**
 * `textOf` gives a file's text as the engine sees it (overlay or disk): a message quoting a
 * literal (`Type '"…"' is not assignable…`) loses the secrets found in the whole file and in the
 * files it imports (check/diag-secrets.ts), whose context (`password: "…"`) the message lacks.
 */
export function toCheckDiag(root: string, d: EngineDiag, fallbackPath: string, textOf?: (abs: string) => string | null, resolved?: ResolvedImports, outside?: OutsideView): Diag | null {
  if (d.severity === "suggestion") return null;
  // a file the compiler read outside the workspace: counted, never named or quoted (diag-outside.ts)
  if (d.path && outside?.leadsOut(d.path)) return { code: `TS${d.code}`, severity: d.severity, message: OUTSIDE_MESSAGE, path: inside(root, d.path) ? toPosix(relative(root, d.path)) : OUTSIDE, line: 0, column: 0 };
  const path = d.path ? toPosix(relative(root, d.path)) : fallbackPath;
  const text = d.path && textOf ? textOf(d.path) : null;
  const quoted = d.path && outside ? outside.scrub(d.message, d.path) : d.message;
  // redacted here, so no stored baseline or answer carries a literal type quoting a secret (one quoting a literal may take it from an imported file)
  const message = !text ? redact(quoted).text : /["`]/.test(quoted) && textOf ? diagnosticSecrets(d.path!, path, textOf, resolved).take(quoted, { path }).text : secretsIn(text, path).take(quoted, { path }).text;
  return { code: `TS${d.code}`, severity: d.severity, message, path, line: d.line, column: d.column };
}

export class CheckWorkspace {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly cache = new Map<string, Entry>();
  private seen: Map<string, Seen> | null = null;
  private readonly inputs: InputStamps;
  private graph: ImportGraph | null = null;
  private graphStamp: string | null = null;
  private sweeping: Promise<void> | null = null;
  /** Source files that appeared after the projects were loaded and that a loaded program takes (path → wrapper config). */
  private readonly extra = new Map<string, string>();
  /** New source files no loaded program takes (not retried until a config changes). */
  private readonly outside = new Set<string>();
  /** The live watcher's change count and git's inventory stamp when the tree was last listed for new files (adoptNewFiles); null: list again. */
  private listedFor: string | null = null;
  /** Disk checks running (diskCheck), with the engine state they were asked in. */
  private readonly inFlight = new Map<string, { epoch: number; promise: Promise<Diag[]> }>();
  /** Requests (not the sweep) queued or running in `exclusive`. */
  private foreground = 0;
  /** Wrapper config → whether the project's own config checks exactly as it (server-diagnostics.ts). */
  private readonly serverSame = new Map<string, boolean>();
  /** sharingReaders: callers inside, and the readers they share for the engine state (changeCount) they were made in. */
  private sharing = 0;
  private shared: { epoch: number; textOf: (abs: string) => string | null; outside: Promise<OutsideView>; resolved: Promise<ResolvedImports | undefined> | null } | null = null;
  /** Files whose diagnostics were read since the last change (tests and the bench read it). */
  checkedSinceChange = 0;
  /** Files whose diagnostics the language server gave (serverDiagnostics; tests read it). */
  serverChecked = 0;

  private constructor(
    readonly root: string,
    private readonly source: Source,
  ) {
    this.inputs = new InputStamps(root);
  }

  get engine(): TsEngine {
    return this.source.engine;
  }

  /**
   * The imports of a file (absolute paths) as the import graph resolves them (workspace packages too), for diagnostics
   * that may quote a literal from an imported file (diag-secrets.ts); the graph is built only when one does.
   */
  private async resolvedImports(raw: readonly EngineDiag[]): Promise<ResolvedImports | undefined> {
    if (!raw.some((d) => /["`]/.test(d.message))) return undefined;
    const graph = this.importGraph(await this.source.loaded());
    return (abs) => graph.imports(toPosix(relative(this.root, abs))).map((p) => join(this.root, p));
  }

  /** What toCheckDiag reads for a batch of diagnostics: the files' texts, the imports the graph resolved, the outside files the programs read. */
  private async diagReaders(raw: readonly EngineDiag[]): Promise<{ textOf: (abs: string) => string | null; resolved?: ResolvedImports; outside: OutsideView }> {
    if (this.sharing > 0) {
      const epoch = this.engine.changeCount;
      if (!this.shared || this.shared.epoch !== epoch) {
        const textOf = this.texts();
        this.shared = { epoch, textOf, outside: this.outsideView(textOf), resolved: null };
      }
      const shared = this.shared;
      if (/["`]/.test(raw.map((d) => d.message).join("\n"))) shared.resolved ??= this.resolvedImports(raw);
      return { textOf: shared.textOf, resolved: shared.resolved ? await shared.resolved : undefined, outside: await shared.outside };
    }
    const textOf = this.texts(), resolved = await this.resolvedImports(raw);
    return { textOf, resolved, outside: await this.outsideView(textOf) };
  }

  /**
   * Run checks of many files with one set of readers (texts, outside view, resolved imports) while the engine's state stays
   * the same: each file's checks read its imports' texts and secrets, and opened the store for the import graph, anew —
   * on mikro-orm's rename of Utils.isObject the after-edit pass spent most of its own time there (diag-secrets.ts).
   */
  async sharingReaders<T>(work: () => Promise<T>): Promise<T> {
    this.sharing++;
    try {
      return await work();
    } finally {
      if (--this.sharing === 0) this.shared = null;
    }
  }

  /**
   * Diagnostics an older svc stored (a session baseline), told again as toCheckDiag tells them now:
   * one located in a file outside the workspace keeps its code and severity with its path and text
   * hidden, a quoted outside type or path is hidden, a secret is taken out — its first delta after
   * an upgrade printed them as stored. Each stored one gives one (suggestions aside), in order.
   */
  async retell(stored: readonly Diag[]): Promise<Diag[]> {
    const raw: EngineDiag[] = stored.map((d) => {
      const abs = isAbsolute(d.path) ? d.path : join(this.root, d.path);
      return { code: 0, severity: d.severity, message: d.message, path: abs, line: d.line, column: d.column, endLine: d.line, endColumn: d.column };
    });
    const { textOf, resolved, outside } = await this.diagReaders(raw);
    return raw.flatMap((r, i) => {
      const told = toCheckDiag(this.root, r, stored[i]!.path, textOf, resolved, outside);
      return told ? [{ ...told, code: stored[i]!.code }] : [];
    });
  }

  /** What of the files outside the workspace the programs read an answer may not quote (diag-outside.ts). */
  async outsideView(textOf = this.texts()): Promise<OutsideView> {
    return outsideView(this.root, (await this.source.loaded()).outsideReads ?? [], textOf);
  }

  /**
   * A reader of files' texts as the engine sees them (overlay, else disk; null when unreadable), each read once: what
   * toCheckDiag takes a message's secrets from. A file with an overlay is read as its proposed text followed by its disk
   * text: a proposed edit can take away the context that made a value a secret (a rename of `DB_PASSWORD` to `DB_PW`
   * leaves `"hunter2"` a plain literal, which a type error then quoted raw, and which a refactor's verify gate counted
   * as a new error), and the disk's value is no less a secret for it.
   */
  private texts(): (abs: string) => string | null {
    const read = new Map<string, string | null>();
    const disk = (abs: string) => {
      try {
        return readFileSync(abs, "utf8");
      } catch {
        return null;
      }
    };
    return (abs) => {
      if (!read.has(abs)) {
        const overlay = this.engine.overlayText(abs), onDisk = disk(abs);
        read.set(abs, overlay === null ? onDisk : onDisk === null || onDisk === overlay ? overlay : `${overlay}\n${onDisk}`);
      }
      return read.get(abs) ?? null;
    };
  }

  get grade(): "resident" | "cold" {
    return this.source.grade;
  }

  static resident(root: string, resident: ResidentWorkspace): CheckWorkspace {
    return new CheckWorkspace(root, {
      engine: resident.engine,
      grade: "resident",
      loaded: () => resident.ensureLoaded(),
      reload: () => {
        resident.loaded = null;
      },
      release: async () => {},
    });
  }

  static cold(root: string, handle: SemanticHandle): CheckWorkspace {
    return new CheckWorkspace(root, { engine: handle.engine, grade: "cold", loaded: async () => handle.loaded, reload: () => {}, release: () => handle.release() });
  }

  release(): Promise<void> {
    return this.source.release();
  }

  /** One engine user at a time (overlays are engine-wide state); the sweep's steps say `background`. */
  exclusive<T>(work: () => Promise<T>, background = false): Promise<T> {
    if (!background) this.foreground++;
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    if (!background) void this.queue.then(() => this.foreground--);
    return run;
  }

  abs(rel: string): string {
    return join(this.root, rel);
  }

  /** Root-relative source files the workspace's projects own (the session delta's scope). */
  async files(): Promise<string[]> {
    const loaded = await this.source.loaded();
    return [...new Set([...loaded.owner.keys(), ...this.extra.keys()])].sort();
  }

  /**
   * The project (wrapper config) that checks a file: its owner, or — for a file the
   * projects do not hold yet (new) — the loaded projects whose folder contains it, nearest
   * first (the caller confirms the program takes it).
   */
  async projectsFor(rel: string): Promise<string[]> {
    const loaded = await this.source.loaded();
    const owner = loaded.owner.get(rel) ?? this.extra.get(rel);
    if (owner) return [owner];
    return this.around(loaded.projects.filter((p) => p.diagnosis.status !== "failed"), rel).map((p) => p.wrapper);
  }

  /** Why the projects whose folder contains `rel` could not load (the engine failed to start, a config the engine rejected): "config: reasons", nearest first. */
  async failedProjectsFor(rel: string): Promise<string[]> {
    const loaded = await this.source.loaded();
    return this.around(loaded.projects.filter((p) => p.diagnosis.status === "failed"), rel).map((p) => `${p.config}: ${p.diagnosis.reasons.join("; ")}`);
  }

  /** The projects whose folder contains `rel`, nearest first. */
  private around<P extends LoadedWorkspace["projects"][number]>(projects: P[], rel: string): P[] {
    return projects
      .map((p) => ({ p, dir: p.kind === "inferred" ? "" : p.config.includes("/") ? p.config.slice(0, p.config.lastIndexOf("/")) : "" }))
      .filter(({ dir }) => dir === "" || rel.startsWith(`${dir}/`))
      .sort((a, b) => b.dir.length - a.dir.length)
      .map(({ p }) => p);
  }

  /**
   * The loaded projects whose config the engine read with errors (check/config-caveat.ts), among those that own `files` or are
   * `wrappers` (all loaded projects without a scope): a verdict on those files was reached with options that are not the real build's.
   */
  async configProblems(scope?: { files?: readonly string[]; wrappers?: readonly string[] }): Promise<ConfigProblem[]> {
    const loaded = await this.source.loaded();
    const owners = scope ? new Set([...(scope.wrappers ?? []), ...(scope.files ?? []).map((f) => loaded.owner.get(f) ?? this.extra.get(f)).filter((w): w is string => w !== undefined)]) : null;
    return loaded.projects.filter((p) => p.diagnosis.status === "partial" && p.diagnosis.reasons.length && (!owners || owners.has(p.wrapper))).map((p) => ({ config: p.config, reasons: p.diagnosis.reasons }));
  }

  /** The configs (root-relative) of the loaded projects that have one. */
  async projectConfigs(): Promise<string[]> {
    const loaded = await this.source.loaded();
    return [...new Set(loaded.projects.filter((p) => p.kind !== "inferred").map((p) => p.config))];
  }

  /** Diagnostics of the loaded programs that belong to no file they check (config, options, `types` entries, global); a project the engine could not load is an error too. */
  async programDiagnostics(): Promise<Diag[]> {
    const loaded = await this.source.loaded();
    const out: Diag[] = [];
    for (const p of loaded.projects.filter((p) => p.kind !== "inferred")) {
      if (p.diagnosis.status === "failed") {
        out.push({ code: "TS0", severity: "error", message: `the project did not load: ${p.diagnosis.reasons.join("; ")}`, path: p.config, line: 0, column: 0 });
        continue;
      }
      const raw = await programDiagnostics(this.engine, p.wrapper);
      const wrapper = toPosix(relative(this.root, p.wrapper)); // svc's own copy of the config: named as the user's
      const { textOf, resolved, outside } = await this.diagReaders(raw);
      for (const d of raw.map((d) => toCheckDiag(this.root, d, p.config, textOf, resolved, outside))) if (d) out.push(d.path === wrapper ? { ...d, path: p.config, line: 0, column: 0 } : d);
    }
    return out;
  }

  /** The project's own config (root-relative) for a wrapper config path. */
  async projectConfig(wrapper: string): Promise<string> {
    const loaded = await this.source.loaded();
    return loaded.projects.find((p) => p.wrapper === wrapper)?.config ?? wrapper;
  }

  /** The projects among `candidates` (default: those a config names for it) whose program takes `rel`: a config may name a folder its include leaves out (hono's benchmarks/ beside its solution tsconfig). */
  async programsTaking(rel: string, candidates?: readonly string[]): Promise<string[]> {
    const out: string[] = [];
    for (const c of candidates ?? (await this.projectsFor(rel))) if (await this.inProgram(c, rel)) out.push(c);
    return out;
  }

  async inProgram(project: string, rel: string): Promise<boolean> {
    const abs = this.abs(rel);
    return this.engine.call(`looking up ${rel}`, async (_api, snapshot) => {
      const program = snapshot.getProject(project)?.program;
      return program ? (await program.getSourceFile(abs)) !== undefined : false;
    });
  }

  /** A file's diagnostics as the engine sees it now (overlays included), uncached. */
  async fileDiagnostics(rel: string, project?: string): Promise<Diag[]> {
    const owner = project ?? (await this.projectsFor(rel))[0];
    if (!owner) throw new Error(`no loaded project holds ${rel}`);
    const raw = await engineDiagnostics(this.engine, owner, this.abs(rel));
    this.checkedSinceChange++;
    const { textOf, resolved, outside } = await this.diagReaders(raw);
    return raw.map((d) => toCheckDiag(this.root, d, rel, textOf, resolved, outside)).filter((d): d is Diag => d !== null);
  }

  /**
   * Whether the language server checks `rel` (open as an overlay) in a project that checks
   * exactly as `wrapper`: then its pull diagnostics answer for the file without an API
   * snapshot (server-diagnostics.ts). SVC_CHECK_SERVER=0 turns this path off.
   */
  async serverChecks(rel: string, wrapper: string): Promise<boolean> {
    if (!envBool("SVC_CHECK_SERVER", true)) return false;
    const loaded = await this.source.loaded();
    const project = loaded.projects.find((p) => p.wrapper === wrapper);
    if (!project || project.kind === "inferred" || loaded.owner.get(rel) !== wrapper) return false;
    if (this.engine.outOfServerProjects(this.abs(rel))) return false; // created (or deleted) since the server loaded its project: it answers stale
    if (serverConfigOf(this.root, rel) !== project.config) return false;
    let same = this.serverSame.get(wrapper);
    if (same === undefined) {
      same = await serverChecksAsWrapper(this.engine, this.abs(project.config), wrapper);
      this.serverSame.set(wrapper, same);
    }
    return same;
  }

  /** A file's diagnostics from the language server (an overlay, see serverChecks), uncached. */
  async serverDiagnostics(rel: string): Promise<Diag[]> {
    const raw = await pulledDiagnostics(this.engine, this.abs(rel));
    this.checkedSinceChange++;
    this.serverChecked++;
    const { textOf, resolved, outside } = await this.diagReaders(raw);
    return raw.map((d) => toCheckDiag(this.root, d, rel, textOf, resolved, outside)).filter((d): d is Diag => d !== null);
  }

  /**
   * Cached diagnostics of files on disk (computed when missing or stale), many requests in
   * flight. With a `deadline`, none is started after it and the answer comes at it: checks
   * still running then finish in the background and fill the cache (diskCheck).
   */
  async diskDiagnostics(files: readonly string[], deadline = Number.POSITIVE_INFINITY, parallel = PARALLEL): Promise<Map<string, Diag[]>> {
    const out = new Map<string, Diag[]>();
    const todo: string[] = [];
    for (const f of files) {
      const e = this.cache.get(f);
      if (e && !e.stale) out.set(f, e.diags);
      else todo.push(f);
    }
    let next = 0;
    const workers = Promise.all(
      Array.from({ length: Math.min(parallel, todo.length) }, async () => {
        while (next < todo.length && performance.now() < deadline) {
          const f = todo[next++]!;
          out.set(f, await this.diskCheck(f));
        }
      }),
    );
    if (!Number.isFinite(deadline)) {
      await workers;
      return out;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.max(0, deadline - performance.now()))));
    try {
      await Promise.race([workers, late]);
    } finally {
      clearTimeout(timer);
    }
    workers.catch(() => undefined); // a late failure leaves the file stale: the sweep retries it
    return new Map(out);
  }

  /** The cached diagnostics of files on disk, or null when one of them is not cached or stale. */
  cachedDiagnostics(files: readonly string[]): Map<string, Diag[]> | null {
    const out = new Map<string, Diag[]>();
    for (const f of files) {
      const e = this.cache.get(f);
      if (!e || e.stale) return null;
      out.set(f, e.diags);
    }
    return out;
  }

  /**
   * One file's diagnostics on disk, cached only when they are of the current state: no
   * overlay in the engine when asked, and nothing changed (files, overlays) until the answer
   * came. That holds without holding `exclusive` for the whole check, so background and
   * late checks never make a request wait. A check of the same file in the same state
   * already running is shared.
   */
  private diskCheck(f: string): Promise<Diag[]> {
    const epoch = this.engine.changeCount;
    const running = this.inFlight.get(f);
    if (running && running.epoch === epoch) return running.promise;
    const quiet = this.engine.overlayPaths().length === 0;
    const promise = this.fileDiagnostics(f)
      .then((diags) => {
        if (quiet && this.engine.changeCount === epoch) this.cache.set(f, { diags, stale: false });
        return diags;
      })
      .finally(() => {
        if (this.inFlight.get(f)?.promise === promise) this.inFlight.delete(f);
      });
    this.inFlight.set(f, { epoch, promise });
    return promise;
  }

  /** The files of `files` the last look found on disk (a deleted one stays in the loaded programs' lists until they reload). */
  private onDisk(files: string[]): string[] {
    const seen = this.seen;
    return seen ? files.filter((f) => seen.has(f)) : files;
  }

  /** The surfaces of a file as it is on disk (cached per version). */
  diskSurface(rel: string): Surfaces | null {
    const seen = this.seen?.get(rel);
    if (seen && seen.surface !== undefined) return seen.surface;
    const text = textReader(this.root)(rel);
    const surface = text === null ? null : surfacesOf(rel, text);
    if (seen && this.sameVersion(rel, seen)) seen.surface = surface;
    return surface;
  }

  /** Remember facts only for the version they were computed from (the file may have moved on meanwhile). */
  private sameVersion(rel: string, seen: Seen): boolean {
    const now = stampOf(this.abs(rel));
    return now !== null && now.stamp === seen.stamp && now.size === seen.size;
  }

  /** The printed types of a file's exports as the engine sees it now (overlays included): a hash, or null when unknown. */
  async exportTypes(rel: string, project: string): Promise<string | null> {
    this.checkedSinceChange++;
    return exportTypesOf(this.engine, project, this.abs(rel));
  }

  /** The printed types of a file's exports on disk when known for its current version (undefined: not computed yet). */
  cachedDiskExportTypes(rel: string): string | null | undefined {
    const seen = this.seen?.get(rel);
    return seen && this.sameVersion(rel, seen) ? seen.exportTypes : undefined;
  }

  /** The printed types of a file's exports on disk (cached per version; call with no overlay in the engine). */
  async diskExportTypes(rel: string, project: string): Promise<string | null> {
    const seen = this.seen?.get(rel);
    if (seen && seen.exportTypes !== undefined) return seen.exportTypes;
    const types = await this.exportTypes(rel, project);
    if (seen && !this.engine.overlayPaths().length && this.sameVersion(rel, seen)) seen.exportTypes = types;
    return types;
  }

  private importGraph(loaded: LoadedWorkspace): ImportGraph {
    const db = openReader(this.root);
    if (db) {
      try {
        const stamp = readMeta(db).index_completed_at ?? "";
        if (!this.graph || this.graphStamp !== stamp) {
          const sources = [...new Set([...loaded.discovery.sourceFiles, ...this.extra.keys()])]; // with the files adopted since the listing
          this.graph = ImportGraph.fromStoreAtDisk(db, this.root, [...new Set([...resolverInventory(loaded), ...sources])], sources, textReader(this.root));
          this.graphStamp = stamp;
        }
        return this.graph;
      } finally {
        db.close();
      }
    }
    if (!this.graph) this.graph = ImportGraph.fromFiles(this.root, resolverInventory(loaded), [...loaded.owner.keys()], textReader(this.root));
    return this.graph;
  }

  /** Importers of `rel` and, through barrels, of the files re-exporting it. */
  async dependentsOf(rel: string): Promise<string[]> {
    const loaded = await this.source.loaded();
    return this.importGraph(loaded).dependents([rel]).filter((f) => loaded.owner.has(f) || this.extra.has(f));
  }

  /** Every file that reaches `rel` through imports, at any depth (the only files a change to `rel` can break, globals aside). */
  async reachersOf(rel: string): Promise<string[]> {
    const loaded = await this.source.loaded();
    return [...this.importGraph(loaded).transitiveImporters([rel])].filter((f) => loaded.owner.has(f) || this.extra.has(f)).sort();
  }

  /** Which of `sources`, read with `readText` (a state's content, not the disk's), import one of `targets` directly. */
  async importersIn(sources: readonly string[], targets: ReadonlySet<string>, readText: (path: string) => string | null): Promise<string[]> {
    if (!sources.length || !targets.size) return [];
    const loaded = await this.source.loaded();
    const graph = ImportGraph.fromFiles(this.root, [...new Set([...resolverInventory(loaded), ...targets])], sources, readText);
    const out = new Set<string>();
    for (const t of targets) for (const i of graph.importers(t)) out.add(i.path);
    return sources.filter((s) => out.has(s));
  }

  /** Each of `paths` with every file that reaches it through imports, though the loaded inventory may not list it (a removed file, a JSON module): its importers found as if it were listed, and theirs. One pass over the sources for all of them. */
  async reachersOfUnlisted(paths: readonly string[]): Promise<Map<string, string[]>> {
    if (!paths.length) return new Map();
    const loaded = await this.source.loaded();
    const graph = this.importGraph(loaded);
    const direct = ImportGraph.importersOfUnlisted(this.root, resolverInventory(loaded), await this.files(), paths, textReader(this.root));
    return new Map([...direct].map(([p, importers]) => [p, [...new Set([...importers, ...graph.transitiveImporters(importers)])].sort()]));
  }

  /**
   * Bring the engine and the cache up to the disk: returns how many files changed since the
   * last call (the first call records what is there).
   */
  async refresh(options: { scanNew?: boolean } = {}): Promise<number> {
    let loaded = await this.source.loaded();
    const configs = this.inputs.changedConfigs(loaded);
    if (configs.length) {
      // The engine is told before the reload reads its programs: not told, it kept the old config's options and files
      // (a checkout that changed tsconfig.json: a test folder the new config leaves out still checked, with the old `jsx`).
      // A source file the last look saw and the disk no longer has is told too: the reload's first look names only the files there now.
      const gone = [...(this.seen?.keys() ?? [])].filter((f) => !stampOf(this.abs(f)));
      this.engine.filesChanged([...configs.map((c) => ({ path: this.abs(c.path), kind: c.kind })), ...gone.map((f) => ({ path: this.abs(f), kind: "deleted" as const }))]);
      this.source.reload();
      loaded = await this.source.loaded();
      this.cache.clear();
      this.seen = null;
      this.listedFor = null;
      this.graph = null;
      this.extra.clear();
      this.outside.clear();
      this.serverSame.clear();
    }
    if (this.inputs.installed(loaded)) {
      // The engine caches what it read under node_modules and is not told file by file: a fresh one reads the packages as they are now.
      this.engine.restart();
      this.source.reload();
      loaded = await this.source.loaded();
      this.cache.clear();
      this.seen = null;
      this.listedFor = null;
      this.serverSame.clear();
    }
    if (options.scanNew) await this.adoptNewFiles();
    const files = await this.files();
    const now = new Map<string, Seen>();
    for (const f of files) {
      const s = stampOf(this.abs(f));
      if (s) now.set(f, s);
    }
    const before = this.seen;
    const read = textReader(this.root);
    if (!before) {
      // First look: whatever changed between the engine's load and now is unknown, so the engine re-reads every file (~70 ms on 572 files).
      for (const [f, s] of now) s.global = declaresGlobals(f, read(f));
      this.seen = now;
      this.engine.filesChanged([...now.keys()].map((f) => ({ path: this.abs(f), kind: "changed" as const })));
      return 0;
    }
    const changed: string[] = [];
    const created: string[] = [];
    const deleted: string[] = [];
    for (const [f, s] of now) {
      const old = before.get(f);
      if (!old) created.push(f);
      else if (old.stamp !== s.stamp || old.size !== s.size) changed.push(f);
      else {
        s.surface = old.surface;
        s.exportTypes = old.exportTypes;
        s.global = old.global;
      }
    }
    for (const f of [...changed, ...created]) now.get(f)!.global = declaresGlobals(f, read(f));
    for (const f of before.keys()) if (!now.has(f)) deleted.push(f);
    for (const f of deleted) this.extra.delete(f);
    if (!changed.length && !created.length && !deleted.length) {
      this.seen = now;
      return 0;
    }
    const graph = this.importGraph(loaded);
    // a deleted file's importers, found from the sources: the graph no longer has them once the host's index synced the removal and the projects reloaded
    const goneImporters = deleted.length ? [...(await this.reachersOfUnlisted(deleted)).values()].flat() : [];
    // a file that declares globals (or did, or may have: a removed declaration file seen only now) can break files that never import it
    const global =
      changed.some((f) => now.get(f)!.global || before.get(f)!.global) ||
      created.some((f) => now.get(f)!.global) ||
      deleted.some((f) => before.get(f)!.global ?? f.endsWith(".d.ts"));
    this.engine.filesChanged([
      ...changed.map((f) => ({ path: this.abs(f), kind: "changed" as const })),
      ...created.map((f) => ({ path: this.abs(f), kind: "created" as const })),
      ...deleted.map((f) => ({ path: this.abs(f), kind: "deleted" as const })),
    ]);
    this.seen = now;
    const reach: string[] = [...created, ...deleted];
    for (const f of changed) {
      const old = before.get(f)?.surface;
      const fresh = this.diskSurface(f);
      if (old === undefined || old === null || fresh === null || old.strict !== fresh.strict) reach.push(f);
    }
    for (const f of global ? this.cache.keys() : [...graph.transitiveImporters(reach), ...goneImporters]) {
      const e = this.cache.get(f);
      if (e) e.stale = true;
    }
    const urgent = new Set([...graph.dependents(reach), ...goneImporters]);
    if (created.length || deleted.length) {
      for (const [f, e] of this.cache) if (e.diags.some((d) => RESOLUTION_CODES.has(d.code))) urgent.add(f);
    }
    for (const f of urgent) {
      const e = this.cache.get(f);
      if (e) Object.assign(e, { stale: true, urgent: true });
    }
    for (const f of [...changed, ...created, ...deleted]) this.cache.delete(f);
    this.checkedSinceChange = 0;
    return changed.length + created.length + deleted.length;
  }

  /**
   * Source files on disk that the loaded projects do not know (created after the load, the
   * index not told yet): the engine is told, and each file a loaded program takes is checked
   * with the others from now on.
   */
  private async adoptNewFiles(): Promise<void> {
    // Under this process's live watcher (the host's), the tree is listed again only when the
    // watcher saw a change since the last listing, or git's inventory files changed (a linked
    // worktree's live outside the watched tree): no change, no new file. Without one, every time.
    const seen = await watchedChanges(this.root);
    const stamp = seen === null ? null : `${seen}|${gitInventoryStamp(this.root)}`;
    if (stamp !== null && stamp === this.listedFor) return;
    const inventory = await listInventory({ root: this.root, dir: this.root, relDir: "", isGit: existsSync(join(this.root, ".git")) }, loadConfig(this.root, this.root));
    await this.adopt(inventory.files.map((f) => f.path));
    this.listedFor = stamp;
  }

  /** Take in source files the loaded projects do not own yet (new since they were loaded, or since the index listed the tree): each one a loaded program takes joins that project; the others stay outside. */
  async adopt(paths: readonly string[]): Promise<void> {
    const loaded = await this.source.loaded();
    const fresh = paths.filter((p) => isSourceFile(p) && !loaded.owner.has(p) && !this.extra.has(p) && !this.outside.has(p));
    if (!fresh.length) return;
    this.engine.filesChanged(fresh.map((p) => ({ path: this.abs(p), kind: "created" as const })));
    for (const p of fresh) {
      let taken: string | null = null;
      for (const c of await this.projectsFor(p)) {
        if (await this.inProgram(c, p)) {
          taken = c;
          break;
        }
      }
      if (taken) {
        this.extra.set(p, taken);
        this.graph = null; // built without it: its imports (and so whom it depends on) are read again
      } else this.outside.add(p);
    }
  }

  /** Files whose cached diagnostics may be out of date (rechecked in the background). */
  pending(): number {
    let n = 0;
    for (const e of this.cache.values()) if (e.stale) n++;
    return n;
  }

  /**
   * Every owned file's diagnostics: the changed files' rechecked, then the direct dependents
   * of the change until `budgetMs` has passed since the call began, the rest from the cache
   * (`pending` counts the stale ones, rechecked in the background). `exact` rechecks them all now.
   */
  async workspaceDiagnostics(options: { exact: boolean; budgetMs?: number }): Promise<{ diags: Diag[]; files: number; pending: number; rechecked: number }> {
    const started = performance.now();
    await this.refresh({ scanNew: true });
    const files = this.onDisk(await this.files());
    const missing = files.filter((f) => !this.cache.has(f) || (options.exact && this.cache.get(f)?.stale));
    const computed = await this.diskDiagnostics(missing);
    if (!options.exact) {
      const urgent = files.filter((f) => this.cache.get(f)?.urgent && this.cache.get(f)?.stale);
      for (const [f, d] of await this.diskDiagnostics(urgent, started + (options.budgetMs ?? DELTA_BUDGET_MS))) {
        computed.set(f, d);
        missing.push(f);
      }
    }
    const diags: Diag[] = [];
    for (const f of files) diags.push(...(computed.get(f) ?? this.cache.get(f)?.diags ?? []));
    let pending = 0;
    for (const f of files) if (this.cache.get(f)?.stale) pending++;
    if (pending && this.grade === "resident") void this.sweep();
    return { diags, files: files.length, pending, rechecked: missing.length };
  }

  /**
   * Recheck stale and never-checked files in the background, a few at a time: each step
   * picks its files inside `exclusive` (after a refresh), checks them outside it (their
   * results are cached only if nothing changed meanwhile: diskCheck), and waits while
   * requests are queued, so a request never waits for a background check.
   */
  sweep(): Promise<void> {
    if (this.sweeping) return this.sweeping;
    this.sweeping = (async () => {
      for (;;) {
        while (this.foreground > 0) await this.queue;
        const todo = await this.exclusive(async () => {
          await this.refresh();
          if (this.engine.overlayPaths().length) return null; // nothing it checks now could be cached
          const files = this.onDisk(await this.files());
          return files.filter((f) => (!this.cache.has(f) || this.cache.get(f)?.stale) && !this.inFlight.has(f)).slice(0, SWEEP_PARALLEL);
        }, true);
        if (todo === null) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          continue;
        }
        if (!todo.length) {
          if (!this.inFlight.size) break;
          await Promise.allSettled([...this.inFlight.values()].map((r) => r.promise)); // late checks of a delta: retry what they could not cache
          continue;
        }
        await this.diskDiagnostics(todo, Number.POSITIVE_INFINITY, SWEEP_PARALLEL);
        for (const f of todo) this.diskSurface(f);
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
    })()
      .catch(() => undefined)
      .finally(() => {
        this.sweeping = null;
      });
    return this.sweeping;
  }
}

const workspaces = new WeakMap<ResidentWorkspace, CheckWorkspace>();

/** The check view of this process's resident workspace for `root` (null: this process holds none, or it cannot load). */
export async function residentChecks(root: string, ctx: OpContext): Promise<CheckWorkspace | null> {
  const resident = residentForRequest(root, ctx);
  if (!resident) return null;
  try {
    await resident.ensureLoaded();
  } catch {
    return null; // no index yet: the caller loads an engine for the call
  }
  let cw = workspaces.get(resident);
  if (!cw) {
    cw = CheckWorkspace.resident(root, resident);
    workspaces.set(resident, cw);
  }
  return cw;
}

/** An engine loaded for this call (release it after). */
export async function coldChecks(root: string): Promise<CheckWorkspace> {
  return CheckWorkspace.cold(root, await openSemantic(root));
}
