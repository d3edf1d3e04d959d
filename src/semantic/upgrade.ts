// The semantic upgrade of a syntax-ready index: load the workspace's projects, walk every
// owned source file through the checker and replace its checker edges, committing a batch
// at a time so readers keep answering; then stamp `index_mode` (semantic or partial), the
// load diagnosis and the completion time. With `paths` (a sync's or a watcher's
// changes), only what they can reach is walked (incremental.ts) and the stamped diagnosis is
// kept. Every walk leaves a record (walk-records.ts) the next incremental run plans from.
// In the host a reconcile can write the store while a run awaits the checker (one process:
// the writer lock is re-entrant): the run walks the snapshot it took (held to its end), writes
// against the file rows as they are at each write (edge-store.ts), and leaves dirty what a
// reconcile changed meanwhile and what lost a file it uses, so the tier says pending until
// the next run walks them.

import type { Database } from "bun:sqlite";
import { statSync } from "node:fs";
import { join, relative } from "node:path";
import { asSvcError, SvcError } from "../errors.ts";
import { openWriter } from "../store/db.ts";
import { acquireWriterLock } from "../store/lock.ts";
import { addDirty, clearDirty, deleteMeta, readDirty, readMeta, readOutside, writeMeta } from "../store/meta.ts";
import type { SemanticStop } from "./pending.ts";
import { loadConfig } from "../workspace/config.ts";
import { textReader } from "../workspace/files.ts";
import { toPosix } from "../workspace/root.ts";
import { CheckerWalker, type FileRefs } from "./checker-walk.ts";
import { exportAliases } from "./export-aliases.ts";
import { conclude, type LoadDiagnosis } from "./diagnosis.ts";
import { CheckerEdgeWriter, type WalkedFile } from "./edge-store.ts";
import { EngineError, TsEngine } from "./engine.ts";
import { loadWorkspace, type LoadedWorkspace } from "./load.ts";
import { isProjectConfig, isSourceFile } from "./projects.ts";
import { holdsCompilerOptions } from "../index/edges.ts";
import type { Snapshot } from "typescript/unstable/async";
import { WiringCheck } from "../wiring/checker/pass.ts";
import { walkIncrementally } from "./incremental.ts";
import { configDigest, exportMapsAlone, WalkRecords, type WalkRecord } from "./walk-records.ts";
import { exportsReach } from "./exports-change.ts";
import { addTiming, reportTimings } from "../sys/timing.ts";
import { envInt } from "../sys/env.ts";

export interface UpgradeOptions {
  /** A resident engine to use (the host's); else one is started for this upgrade and stopped after. */
  engine?: TsEngine;
  /** A workspace the resident engine already loaded (skips discovery and loading). */
  loaded?: LoadedWorkspace;
  /** Incremental: these root-relative files and the stored dirty list changed (walk what they can reach); all owned files otherwise. */
  paths?: readonly string[];
  /**
   * A full run may resume one that stopped part-way on the same files (same content, same ids): the files it walked
   * keep their records, edges and wiring answers, the rest are walked. Not after a forced rebuild or dependencies
   * installed (what the checker read of node_modules changed: every file is walked again).
   */
  resume?: boolean;
  signal?: AbortSignal;
  progress?: (done: number, total: number, message?: string) => void;
  log?: (message: string) => void;
}

export interface UpgradeResult {
  mode: "semantic" | "partial" | "syntax";
  walked: number;
  edges: number;
  /** The wiring's checker pass: questions asked, time spent asking, storing and linking (ms), of which linking. */
  wiring: { asked: number; ms: number; relinkMs: number };
  loadMs: number;
  walkMs: number;
  elapsedMs: number;
  diagnosis: LoadDiagnosis | null;
  /** The workspace as loaded into the engine; null when nothing needed it (an incremental run with no source file to walk). */
  loaded: LoadedWorkspace | null;
  /** Source files the projects own (from the walk records when the workspace was not loaded). */
  owned: number;
}

const CONCURRENCY = 8;
/** Files walked per batch (one commit: readers see the edges batch by batch). */
const batchFiles = () => Math.max(1, envInt("SVC_WALK_BATCH_FILES", 250));
/**
 * How long a batch may go without finishing a file (or answering one's wiring questions) before the engine is
 * stopped: a limit of progress, not of the batch's time, so a machine under load slows the walk and never fails it.
 */
const stallMs = () => Math.max(1, envInt("SVC_WALK_STALL_MS", 180_000));

export function storePaths(db: Database): string[] {
  return (db.query("SELECT path FROM files ORDER BY path").all() as { path: string }[]).map((r) => r.path);
}

/** Load the workspace from the store's file list (the inventory the index already has). */
export async function loadFromStore(engine: TsEngine, root: string, db: Database): Promise<LoadedWorkspace> {
  return loadWorkspace(engine, { root, paths: storePaths(db), readText: textReader(root), config: loadConfig(root, root) });
}


export async function semanticUpgrade(root: string, options: UpgradeOptions = {}): Promise<UpgradeResult> {
  const started = performance.now();
  const lock = acquireWriterLock(root);
  const store = openWriter(root);
  const db = store.db;
  const ownEngine = options.engine ? null : new TsEngine({ root, log: options.log });
  const engine = options.engine ?? (ownEngine as TsEngine);
  let releaseSnapshot: (() => void) | undefined;
  /** A full run cleared the walk records and the wiring's answers: stopped part-way, no file's checker edges are known current. */
  let fullRunStarted = false;
  /** The run began changing the store: stopped from here on, it leaves its work pending and says why (semantic_stopped). */
  let runStarted = false;
  /** An engine closed under this run (the host or server stopping) is no failure of the tier: the run stops, its changes pending. */
  const stillOpen = () => {
    if (engine.isClosed) throw new SvcError("not_semantic", "cancelled: the TypeScript engine was closed (the process is stopping); the changed files stay pending for the next run");
  };
  try {
    const meta = readMeta(db);
    if (meta.index_build_state !== "ready") throw new SvcError("index_not_built", `the syntax index of ${root} is not ready; run svc index first`);
    const dirty = readDirty(db);
    // a host's reconcile can change files while this run awaits the checker (the writer lock is this process's): what it changed stays dirty
    const contentAtStart = fileHashes(db);
    const records = new WalkRecords(db);
    const changed = dirty === "all" ? [] : [...new Set([...(options.paths ?? []), ...dirty])];
    // without complete walk records (an index from before them) or after a config change, everything is walked once;
    // a config: see configDigests.
    const read = textReader(root);
    const priorConfigs = records.configs();
    const changedConfigs = configDigests(changed, read, priorConfigs);
    const movedConfigs = Object.keys(changedConfigs).filter((p) => priorConfigs[p] !== changedConfigs[p]);
    let incremental = options.paths !== undefined && dirty !== "all" && records.complete();
    /** Files whose module resolution a change to a manifest's export maps can move (exports-change.ts): walked though unchanged. */
    let rewalk: string[] = [];
    if (incremental && movedConfigs.length) {
      const narrowed = movedConfigs.every((p) => exportMapsAlone(priorConfigs[p], changedConfigs[p]!))
        ? exportsReach({ root, paths: storePaths(db), readText: read, config: loadConfig(root, root), manifests: movedConfigs, owned: records.paths() })
        : null;
      if (narrowed) rewalk = narrowed;
      else incremental = false;
    }
    runStarted = true;
    deleteMeta(db, ["semantic_stopped"]);
    const wiring = new WiringCheck(db, root);
    /** Files a full run stopped part-way on these same files walked (resumable): kept, not walked again. */
    let resumed: string[] = [];
    if (!incremental) {
      // every file is pending until this run ends: a run killed outright (no catch below runs) leaves no file's edges claimed current
      writeMeta(db, { semantic_pending: 1 });
      addDirty(db, "all");
      fullRunStarted = true;
      const files = filesDigest(contentAtStart, root);
      if (options.resume && readMeta(db).semantic_resume === files && !records.complete()) resumed = records.paths();
      else {
        records.clear();
        // the answers of a run stopped part-way are kept for a resume; a fresh full run asks again
        wiring.reset();
      }
      writeMeta(db, { semantic_resume: files });
    } else records.markIncomplete(); // until this run ends: one stopped part-way is followed by a full walk
    // The workspace is loaded into the engine only when a file must be walked or asked about: an incremental
    // run whose changes no project can hold (docs, data, build files) restores what it must from the records alone.
    let loaded: LoadedWorkspace | null = options.loaded ?? null;
    let loadMs = 0;
    let loading: Promise<LoadedWorkspace> | null = loaded ? Promise.resolve(loaded) : null;
    const load = (): Promise<LoadedWorkspace> => {
      loading ??= (async () => {
        const t = performance.now();
        loaded = await loadFromStore(engine, root, db);
        loadMs = performance.now() - t;
        stillOpen(); // a load the closing cut short holds no project: not the tier's failure, no plan to walk by
        return loaded;
      })();
      return loading;
    };
    if (!incremental) await load();
    // a changed source file is walked (or, owned by none, needs the projects to tell): the engine loads while the walk plan is read
    else if (changed.some((p) => isSourceFile(p) && read(p) !== null)) load().catch(() => undefined);
    const walkStart = performance.now();
    const writer = new CheckerEdgeWriter(db);
    let edges = 0;
    const known = new Set(storePaths(db));
    const inWorkspace = (abs: string) => known.has(toPosix(relative(root, abs)));
    // the declared names, and the names they are exported under (`export { _null as null }`: `regexes.null` is a use)
    const declaredNames = new Set((db.query("SELECT DISTINCT name FROM symbols").all() as { name: string }[]).map((r) => r.name));
    for (const alias of exportAliases(db, textReader(root))) declaredNames.add(alias);
    // a default export is used as `ns.default` (`import * as ns`, `export * as ns`, `(await import("./x")).default`) whatever its declared name
    declaredNames.add("default");
    const usableOf = (w: LoadedWorkspace) => !w.facts.engine.error && w.projects.some((p) => p.diagnosis.status !== "failed");
    // An incremental run walks what the projects hold: without them it would walk nothing, take every changed file
    // for one no project owns, and end as if the files that reach them were current. It stops instead, the changes
    // pending (the next run walks everything: markIncomplete). A full run without them stamps the syntax tier, saying why.
    const workspace = async (): Promise<LoadedWorkspace> => {
      const w = await load();
      if (incremental && !usableOf(w)) throw new SvcError("not_semantic", `the semantic update could not load the projects (${w.facts.engine.error ?? "none of them loaded"}); the changed files stay pending`);
      return w;
    };
    let snapshot: Snapshot | null | undefined;
    const walkers = new Map<string, CheckerWalker | null>();
    const walkerOf = async (wrapper: string) => {
      // held until the run ends: the walkers read it across many calls while reconciles move the engine on
      if (snapshot === undefined)
        snapshot = loaded && usableOf(loaded)
          ? await engine.call("taking a snapshot", async (_api, s) => {
              releaseSnapshot = engine.hold(s);
              return s;
            })
          : null;
      if (!walkers.has(wrapper)) {
        const project = snapshot?.getProject(wrapper);
        walkers.set(wrapper, project ? new CheckerWalker(project, inWorkspace, declaredNames) : null);
      }
      return walkers.get(wrapper) ?? null;
    };
    const walkedSet = new Set<string>(resumed);
    if (resumed.length) options.log?.(`semantic upgrade: resuming a full run stopped part-way: ${resumed.length} files walked already`);
    /** Surfaces of the files walked in this run. */
    const walkedSurface = new Map<string, { surface: string; global: boolean; shape: string }>();
    /**
     * Owned files this run set out to walk and could not — their project missing from the snapshot, the file
     * missing from its program, or the checker failing on it — with why: never counted walked, left dirty.
     */
    const unwalked = new Map<string, string>();
    let total = 0;
    let walked = 0;
    /** One file's walk: its result, or null when it could not be walked (noted in `unwalked`). A dead or closed engine fails the run. */
    const walkOne = async (walker: CheckerWalker, file: string): Promise<WalkedFile | null> => {
      try {
        const refs = await walker.walk(join(root, file));
        if (refs) return relativize(root, refs);
        unwalked.set(file, "not in its project's program as the engine holds it now");
      } catch (error) {
        if (error instanceof EngineError || engine.isClosed || engine.status().state !== "running") throw error;
        unwalked.set(file, `the checker failed on it: ${(error as Error).message}`);
      }
      return null;
    };
    /** Walk owned files (not walked yet in this run), write their edges and records. */
    const walkFiles = async (paths: Iterable<string>) => {
      // only source files can be owned by a project: nothing else loads the workspace
      const candidates = [...paths].filter((f) => isSourceFile(f) && !walkedSet.has(f));
      if (!candidates.length) return;
      const { owner } = await workspace();
      const byProject = new Map<string, string[]>();
      for (const file of candidates) {
        const wrapper = owner.get(file);
        if (!wrapper || walkedSet.has(file)) continue;
        walkedSet.add(file);
        const list = byProject.get(wrapper);
        if (list) list.push(file);
        else byProject.set(wrapper, [file]);
      }
      total += [...byProject.values()].reduce((n, l) => n + l.length, 0);
      options.progress?.(walked, total, "semantic upgrade");
      for (const [wrapper, files] of byProject) {
        const walker = await walkerOf(wrapper);
        if (!walker) {
          for (const file of files) unwalked.set(file, "its project is not in the engine's snapshot");
          continue;
        }
        files.sort();
        const size = batchFiles();
        for (let at = 0; at < files.length; at += size) {
          if (options.signal?.aborted) throw new SvcError("internal_error", "cancelled");
          const batch = files.slice(at, at + size);
          const results: WalkedFile[] = [];
          let next = 0;
          let tw = performance.now();
          await engine.callProgressing(`walking ${batch.length} files`, async (progress) => {
            await Promise.all(
              Array.from({ length: CONCURRENCY }, async () => {
                while (next < batch.length) {
                  const result = await walkOne(walker, batch[next++]!);
                  progress.step();
                  if (result) results.push(result);
                }
              }),
            );
            addTiming("semantic walk: checker", performance.now() - tw);
            tw = performance.now();
            await wiring.askAll(walker, results.map((r) => r.path), CONCURRENCY, () => progress.step());
            addTiming("semantic walk: wiring ask", performance.now() - tw);
          }, stallMs());
          tw = performance.now();
          const written: { path: string; record: WalkRecord }[] = [];
          const surfaces = new Map(results.map((r) => [r.path, r]));
          edges += writer.write(results, (path, stored) => {
            const r = surfaces.get(path)!;
            const relative = r.unresolved.filter((u) => isRelativeSpecifier(u.specifier));
            const unresolvedTally = { relative: relative.length, packages: r.unresolved.filter((u) => !isRelativeSpecifier(u.specifier)).map((u) => u.specifier) };
            const record = { surface: r.surface.digest, global: r.surface.global, shape: writer.shape(path), unresolvedRelative: r.unresolved.some((u) => u.specifier.startsWith(".")), unresolved: unresolvedTally, edges: stored };
            walkedSurface.set(path, record);
            written.push({ path, record });
          });
          // the answers before the records: a file recorded walked has its answers stored (a resumed run skips it)
          wiring.flush();
          records.put(written);
          addTiming("semantic walk: write", performance.now() - tw);
          tw = performance.now();
          walked += results.length;
          await engine.call("releasing source files", async (api) => api.clearSourceFileCache()); // walked ASTs are not needed again
          addTiming("semantic walk: release", performance.now() - tw);
          options.progress?.(walked + unwalked.size, total, "semantic upgrade");
        }
      }
    };
    const askFiles = async (paths: readonly string[]) => {
      if (!paths.length) return;
      const { owner } = await workspace();
      const byProject = new Map<string, string[]>();
      for (const p of paths) {
        const wrapper = owner.get(p);
        if (wrapper) byProject.set(wrapper, [...(byProject.get(wrapper) ?? []), p]);
      }
      for (const [wrapper, files] of byProject) {
        const walker = await walkerOf(wrapper);
        if (walker) await engine.callProgressing(`asking about ${files.length} files`, (progress) => wiring.askAll(walker, files, CONCURRENCY, () => progress.step()), stallMs());
      }
      wiring.flush();
    };
    let wanted: Set<string> | null = null;
    if (!incremental) await walkFiles([...(await load()).owner.keys()]);
    else wanted = await walkIncrementally({ db, owner: async () => (await workspace()).owner, records, writer, wiring, changed, rewalk, known, walkFiles, askFiles, walkedSet, walkedSurface });
    // the engine closed under the walk (its process stopping): what it was to walk is not done, whatever was written
    stillOpen();
    const ws = loaded as LoadedWorkspace | null;
    const usable = ws !== null && usableOf(ws);
    if (!incremental) {
      // files no longer owned by any project keep no checker edges
      const owned = new Set(ws?.owner.keys() ?? []);
      const stale = (db.query("SELECT DISTINCT f.id, f.path FROM edges e JOIN files f ON f.id = e.from_file WHERE e.provenance = 'checker'").all() as { id: number; path: string }[]).filter((r) => !owned.has(r.path));
      if (stale.length) db.transaction(() => stale.forEach((r) => db.run("DELETE FROM edges WHERE from_file = ? AND provenance = 'checker' AND key IS NULL", [r.id])))();
      if (usable) {
        records.markComplete();
        records.saveConfigs(configDigests(storePaths(db), read));
      }
    } else {
      records.saveConfigs({ ...priorConfigs, ...changedConfigs });
      records.markComplete();
    }
    const relinkStart = performance.now();
    // without a load, the files this run touched were restored from their records: owned, as they were
    const recorded = ws ? null : new Set(records.paths());
    const outside = ws ? (usable ? outsideFiles(db, (p) => ws.owner.has(p), wanted) : null) : outsideFiles(db, (p) => recorded!.has(p), wanted);
    if (walked > 0 || wiring.asked > 0 || !incremental) wiring.relink();
    addTiming("semantic relink", performance.now() - relinkStart);
    clearDirty(db, wanted ? [...wanted] : "all");
    const changedMeanwhile = changedSince(db, contentAtStart);
    if (changedMeanwhile.length || writer.requeued.size) {
      addDirty(db, [...new Set([...changedMeanwhile, ...writer.requeued])]);
      options.log?.(`semantic upgrade: ${changedMeanwhile.length} files changed while it ran, ${writer.requeued.size} lost a file they use; left for the next run`);
    }
    // a file the run could not walk keeps whatever edges it had: stale until a run walks it (the answers say so)
    const notWalked = [...unwalked.keys()].filter((p) => known.has(p));
    /** The run ended with files it could not walk: said as its stop (pending.ts), not as a finished tier. */
    let leftUnwalked: SemanticStop | null = null;
    if (notWalked.length) {
      addDirty(db, notWalked);
      const [first, why] = [...unwalked][0]!;
      const reason = `${notWalked.length} file${notWalked.length === 1 ? "" : "s"} not walked (${first}: ${why})`;
      leftUnwalked = { at: new Date().toISOString(), reason, unwalked: true };
      options.log?.(`semantic upgrade: ${reason}; left for the next run`);
    }
    const walkMs = performance.now() - walkStart - (incremental ? loadMs : 0); // an incremental run loads on its first walk
    addTiming("semantic load", loadMs);
    addTiming("semantic walk", walkMs);
    const owned = ws?.owner.size ?? recorded?.size ?? 0;
    addTiming(`semantic walked ${walked} of ${owned} files${ws ? "" : " (workspace not loaded)"}`, 0);
    reportTimings("semantic");
    let diagnosis: LoadDiagnosis | null = null;
    // The diagnosis (and the tier it gives) follows every run that loaded the workspace and walked: the unresolved imports
    // are tallied from the records of every file, so an incremental run counts an import that appeared or was satisfied.
    if (ws && (!incremental || walked > 0)) {
      const facts = { ...ws.facts, engine: { ...ws.facts.engine, ...engineState(engine, ws) }, unresolved: usable ? records.unresolvedTally() : null };
      const { tier, advice } = conclude(facts);
      diagnosis = { ...facts, tier, advice, source: "upgrade", at: new Date().toISOString(), elapsedMs: Math.round(performance.now() - started) };
    }
    const mode = diagnosis?.tier ?? (readMeta(db).index_mode as UpgradeResult["mode"] | undefined) ?? "syntax";
    const edgeCount = (db.query("SELECT count(*) AS n FROM edges").get() as { n: number }).n;
    // The relink through the checker's answers can add or drop routes: the count follows, as the sync's does.
    const routeCount = (db.query("SELECT count(*) AS n FROM routes").get() as { n: number }).n;
    writeMeta(db, {
      index_mode: mode,
      semantic_pending: readDirty(db).length === 0 ? 0 : 1,
      ...(diagnosis ? { load_diagnosis: JSON.stringify(diagnosis) } : {}),
      edge_count: edgeCount,
      route_count: routeCount,
      ...(outside ? { checker_outside: JSON.stringify(outside) } : {}),
      ...(leftUnwalked ? { semantic_stopped: JSON.stringify(leftUnwalked) } : {}),
      index_completed_at: new Date().toISOString(),
    });
    deleteMeta(db, ["semantic_resume"]);
    return { mode, walked, edges, wiring: { asked: wiring.asked, ms: wiring.elapsedMs, relinkMs: wiring.relinkMs }, loadMs, walkMs, elapsedMs: performance.now() - started, diagnosis, loaded: ws, owned };
  } catch (error) {
    // stopped part-way: a full run's cleared records and answers leave every file pending, never a complete tier;
    // any run that began leaves its changes pending and says why it stopped (status and answers read it)
    if (runStarted) {
      try {
        if (fullRunStarted) addDirty(db, "all");
        const stop: SemanticStop = { at: new Date().toISOString(), reason: asSvcError(error).message };
        writeMeta(db, { semantic_pending: 1, semantic_stopped: JSON.stringify(stop) });
      } catch {
        // the store itself failed: the run's own error says so
      }
    }
    throw error;
  } finally {
    releaseSnapshot?.();
    db.close();
    lock.release();
    await ownEngine?.close();
  }
}

/** Each file's row id and content hash, by path: a file removed and recreated with the same content gets a new id (and lost its edges). */
function fileHashes(db: Database): Map<string, string> {
  return new Map((db.query("SELECT id, path, hash FROM files").all() as { id: number; path: string; hash: string }[]).map((r) => [r.path, `${r.id}:${r.hash}`]));
}

/**
 * One digest of every file's row id and content, and of the root's node_modules folder as listed (its time of change: a
 * package added or removed): a full run resumes only on the files and dependencies it stopped on. A dependency changed
 * deeper than that is caught after: the tier it leaves is partial for the imports it could not resolve, and dependencies
 * arriving for a partial tier walk everything again.
 */
function filesDigest(files: ReadonlyMap<string, string>, root: string): string {
  const hash = new Bun.CryptoHasher("sha256");
  hash.update(`node_modules\0${statSync(join(root, "node_modules"), { throwIfNoEntry: false })?.mtimeMs ?? "none"}\n`);
  for (const [path, idHash] of [...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) hash.update(`${path}\0${idHash}\n`);
  return hash.digest("hex");
}

/** Files added, recreated or re-extracted with other content since `before` was read (a reconcile that ran meanwhile). */
function changedSince(db: Database, before: ReadonlyMap<string, string>): string[] {
  return [...fileHashes(db)].filter(([p, h]) => before.get(p) !== h).map(([p]) => p);
}

/**
 * The source files no loaded project holds: the checker never walks them, so an answer that
 * relies on checker edges is partial where they could reference its symbol. A full upgrade
 * records them all; an incremental one updates the files it was asked about. Null: keep.
 */
function outsideFiles(db: Database, owned: (path: string) => boolean, wanted: Set<string> | null): string[] | null {
  const source = (p: string) => isSourceFile(p) && !p.endsWith(".d.ts");
  if (!wanted) return storePaths(db).filter((p) => source(p) && !owned(p));
  const prior = readOutside(readMeta(db));
  if (!prior) return null;
  const known = new Set(storePaths(db));
  const set = new Set(prior.filter((p) => known.has(p)));
  for (const p of wanted) {
    if (!known.has(p) || !source(p)) continue;
    if (owned(p)) set.delete(p);
    else set.add(p);
  }
  return [...set].sort();
}

/**
 * The digests of the configs among `paths`, each file read once: a file isProjectConfig
 * names, one `known` as a config before, or JSON holding compiler options (what a tsconfig
 * may extend under any name: `"extends": "./base.json"`).
 */
function configDigests(paths: readonly string[], read: (path: string) => string | null, known: Record<string, string> = {}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of paths) {
    const named = isProjectConfig(p) || p in known;
    if (!named && !p.endsWith(".json")) continue;
    const text = read(p);
    if (named || holdsCompilerOptions(p, text)) out[p] = configDigest(p, text);
  }
  return out;
}

function engineState(engine: TsEngine, loaded: LoadedWorkspace): { state: string; pid: number | null } {
  const s = engine.status();
  return { state: loaded.facts.engine.error ? "failed" : s.state, pid: s.pid };
}

const isRelativeSpecifier = (specifier: string) => specifier.startsWith(".") || specifier.startsWith("/");

function relativize(root: string, refs: FileRefs): WalkedFile {
  const rel = (p: string) => toPosix(relative(root, p));
  return {
    path: rel(refs.path),
    refs: refs.refs.map((r) => ({ ...r, target: { ...r.target, path: rel(r.target.path) } })),
    modules: refs.modules.map((m) => ({ ...m, target: rel(m.target) })),
    unresolved: refs.unresolved,
    surface: refs.surface,
  };
}
