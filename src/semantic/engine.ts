// The supervised TypeScript engine of one workspace: one `tsc --lsp --stdio` child serving
// both the language server (references, call hierarchy, rename, code fixes, overlays) and
// its API session (projects, checker, whole-program diagnostics). Restarted on the next
// request after it dies (projects and overlays re-opened), killed with its owner, every
// request time-boxed: a request that overruns kills the child so the next one starts clean.

import type { API, Project, Snapshot } from "typescript/unstable/async";
import { absorbSessionWriteFailures, dropSession, openSession } from "./api-session.ts";
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { configurationSection, EngineError, LspProcess } from "./lsp-process.ts";
import { tscExecutable } from "./tsc-binary.ts";
import { addTiming } from "../sys/timing.ts";

export { EngineError } from "./lsp-process.ts";

export interface EngineOptions {
  root: string;
  /** Default time-box of a query (ms). */
  requestTimeoutMs?: number;
  log?: (message: string) => void;
  /** Called when the engine dies or is stopped by a time-box (the doctor lists these). */
  onDegraded?: (message: string) => void;
}

/** The steps a long call has taken, and when the last one was (callProgressing). */
export class WorkProgress {
  steps = 0;
  lastStep = performance.now();
  step(): void {
    this.steps++;
    this.lastStep = performance.now();
  }
}

export interface EngineStatus {
  state: "stopped" | "starting" | "running" | "failed";
  pid: number | null;
  restarts: number;
  lastExit: string | null;
}

const RESTART_WINDOW_MS = 5 * 60_000;
const MAX_DEATHS = 3;
/** How long closing waits for API work in flight, then for the child to shut down before killing it. */
const CLOSE_GRACE_MS = 1000;
const CLIENT_CAPABILITIES = {
  textDocument: {
    synchronization: { didSave: false },
    codeAction: {
      codeActionLiteralSupport: { codeActionKind: { valueSet: ["", "quickfix", "refactor", "source", "source.organizeImports", "source.fixAll"] } },
      dataSupport: true,
      resolveSupport: { properties: ["edit"] },
      isPreferredSupport: true,
    },
    diagnostic: { dynamicRegistration: false, relatedDocumentSupport: false },
    publishDiagnostics: { relatedInformation: true },
    callHierarchy: { dynamicRegistration: false },
    rename: { prepareSupport: true },
    references: {},
    implementation: {},
    hover: { contentFormat: ["plaintext"] },
  },
  workspace: { workspaceEdit: { documentChanges: false }, configuration: true, didChangeWatchedFiles: { dynamicRegistration: false } },
};

export const fileUri = (path: string): string => pathToFileURL(path).href;

interface Overlay {
  version: number;
  text: string;
}

export class TsEngine {
  private lsp: LspProcess | null = null;
  private api: API<true> | null = null;
  private starting: Promise<void> | null = null;
  private deaths: number[] = [];
  private restarts = 0;
  private lastExit: string | null = null;
  private failed: string | null = null;
  private closed = false;
  /** API work in flight (requests, snapshot releases): closing lets it finish before dropping the session. */
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly configs = new Set<string>();
  /** Each loaded config's text when it was last opened (null: unreadable). */
  private readonly configTexts = new Map<string, string | null>();
  private readonly overlays = new Map<string, Overlay>();
  private current: Snapshot | null = null;
  /** Replaced snapshots not released yet (the engine keeps every program of an unreleased snapshot alive). */
  private retired: Snapshot[] = [];
  /** Requests running on a snapshot: it is released only when none is. */
  private readonly users = new Map<Snapshot, number>();
  /** Bumped by every change the API's snapshot must see (files, overlays); `synced` is the value the current snapshot reflects. */
  private changes = 0;
  private synced = -1;
  private syncing: Promise<void> | null = null;
  private lspPending = false;
  /** Paths last reported deleted (filesChanged). */
  private readonly deleted = new Set<string>();
  /** Paths reported created or deleted since the language server started (filesChanged): its configured projects may not hold them as the disk does (outOfServerProjects). */
  private readonly comeAndGone = new Set<string>();
  /** Editor settings sections (formatting, quote style) the server reads through workspace/configuration. */
  private editorSettings: Record<string, unknown> = {};
  private editorSettingsKey = "{}";
  readonly requestTimeoutMs: number;

  constructor(private readonly options: EngineOptions) {
    this.requestTimeoutMs = options.requestTimeoutMs ?? 30_000;
  }

  get root(): string {
    return this.options.root;
  }

  /** Closed (its process is stopping): nothing more is loaded or walked with it, and a load or walk it cut short is no answer. */
  get isClosed(): boolean {
    return this.closed;
  }

  /** Bumped by every change a snapshot must see (files, overlays): a result computed while it stayed the same is of that state. */
  get changeCount(): number {
    return this.changes;
  }

  status(): EngineStatus {
    const state = this.failed ? "failed" : this.lsp?.alive ? (this.starting ? "starting" : "running") : this.starting ? "starting" : "stopped";
    return { state, pid: this.lsp?.alive ? this.lsp.pid : null, restarts: this.restarts, lastExit: this.lastExit };
  }

  private log(message: string): void {
    this.options.log?.(message);
  }

  private onExit(process: LspProcess, description: string): void {
    if (this.lsp !== process) return;
    this.lastExit = description;
    this.current = null;
    this.retired = []; // they died with the child
    this.api = null; // its socket died with the child: never write to it again
    if (this.closed) return;
    const now = Date.now();
    this.deaths = [...this.deaths.filter((t) => now - t < RESTART_WINDOW_MS), now];
    this.log(`TypeScript engine (pid ${process.pid}) ${description}`);
    this.options.onDegraded?.(`TypeScript engine (pid ${process.pid}) ${description}`);
    if (this.deaths.length >= MAX_DEATHS) this.failed = `the TypeScript engine died ${this.deaths.length} times within 5 minutes (last: ${description}); not restarting`;
  }

  /** Start the child (or restart it after a death): initialize, open the API session, re-open projects and overlays. */
  private async ensure(): Promise<{ lsp: LspProcess; api: API<true> }> {
    if (this.closed) throw new EngineError("the TypeScript engine was closed", true);
    if (this.failed) throw new EngineError(this.failed, true);
    if (this.lsp?.alive && this.api && !this.starting) return { lsp: this.lsp, api: this.api };
    if (!this.starting) {
      const wasStarted = this.lsp !== null;
      this.starting = this.start(wasStarted).finally(() => (this.starting = null));
    }
    await this.starting;
    if (!this.lsp?.alive || !this.api) throw new EngineError(`the TypeScript engine ${this.lastExit ?? "did not start"}`, true);
    return { lsp: this.lsp, api: this.api };
  }

  private async start(restart: boolean): Promise<void> {
    let lsp: LspProcess;
    try {
      lsp = new LspProcess({ executable: tscExecutable(), cwd: this.root, onExit: (d) => this.onExit(lsp, d), settings: () => this.editorSettings });
    } catch (error) {
      throw new EngineError(`the TypeScript engine failed to start: ${(error as Error).message}`, true);
    }
    this.lsp = lsp;
    if (restart) this.restarts++;
    const timeout = Math.max(this.requestTimeoutMs, 30_000);
    const t0 = performance.now();
    try {
      await lsp.request("initialize", { processId: process.pid, rootUri: fileUri(this.root), capabilities: CLIENT_CAPABILITIES, workspaceFolders: [{ uri: fileUri(this.root), name: "workspace" }] }, timeout);
      lsp.notify("initialized", {});
      const session = await lsp.request<{ pipe: string }>("custom/initializeAPISession", {}, timeout);
      this.api = await this.race(openSession(session.pipe), lsp, "the API session", timeout);
      addTiming("engine start (spawn, initialize, API session)", performance.now() - t0);
      absorbSessionWriteFailures();
      for (const [path, overlay] of this.overlays) lsp.notify("textDocument/didOpen", { textDocument: { uri: fileUri(path), languageId: languageId(path), version: overlay.version, text: overlay.text } });
      this.current = null;
      this.comeAndGone.clear(); // a fresh server reads its projects' files from the disk as it is now
      const target = this.changes;
      if (this.configs.size) {
        this.adopt(await this.race(this.api.updateSnapshot({ openProjects: [...this.configs] }), lsp, "loading the projects", Math.max(timeout, 120_000)));
        this.synced = target;
      }
    } catch (error) {
      lsp.kill();
      throw error instanceof EngineError ? error : new EngineError(`the TypeScript engine failed to start: ${(error as Error).message}`, true);
    }
  }

  /**
   * A promise raced against the child's death and the time-box (which kills the child). With `progress`, the box is
   * one of progress: it runs out only `timeoutMs` after the last step the work reported (a long walk that keeps
   * finishing files is never cut short, however loaded the machine; one stuck on a file is).
   */
  private race<T>(promise: Promise<T>, lsp: LspProcess, what: string, timeoutMs: number, progress?: WorkProgress): Promise<T> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      const expire = () => {
        const idle = progress ? performance.now() - progress.lastStep : timeoutMs;
        if (idle < timeoutMs) {
          timer = setTimeout(expire, timeoutMs - idle);
          return;
        }
        lsp.kill();
        const limit = timeoutMs < 1000 ? `${timeoutMs}ms` : `${timeoutMs % 1000 === 0 || timeoutMs >= 10_000 ? Math.round(timeoutMs / 1000) : (timeoutMs / 1000).toFixed(1)}s`;
        const said = progress
          ? `the TypeScript engine made no progress ${what} for ${limit} (${progress.steps} done), its limit without progress (stopped; it restarts on the next request)`
          : `the TypeScript engine did not finish ${what} within ${limit}, its limit for one request (stopped; it restarts on the next request)`;
        reject(new EngineError(said, true));
      };
      timer = setTimeout(expire, timeoutMs);
    });
    this.track(promise);
    const died = lsp.exited.then((d) => Promise.reject(new EngineError(`the TypeScript engine ${d} during ${what}`, true)));
    return Promise.race([promise, timeout, died]).finally(() => clearTimeout(timer));
  }

  /**
   * Notifications to the language server (overlays, file changes) and the API session are
   * separate channels: one round trip on the LSP channel makes sure the server applied them
   * before the API takes its next snapshot.
   */
  private async barrier(lsp: LspProcess): Promise<void> {
    if (!this.lspPending) return;
    this.lspPending = false;
    await lsp.request("svc/barrier", null, this.requestTimeoutMs).catch((error: Error) => {
      if (error instanceof EngineError && error.dead) throw error;
    });
  }

  /** An API call under the time-box; the engine is (re)started first. */
  async call<T>(what: string, fn: (api: API<true>, snapshot: Snapshot) => Promise<T>, timeoutMs = this.requestTimeoutMs): Promise<T> {
    return this.callWith(what, (_progress, api, snapshot) => fn(api, snapshot), timeoutMs);
  }

  /**
   * An API call of many steps (a batch of files) under a time-box of progress: it is stopped only when `stallMs` pass
   * with no step reported (`progress.step()`), so a loaded machine slows it but never fails it.
   */
  async callProgressing<T>(what: string, fn: (progress: WorkProgress, api: API<true>, snapshot: Snapshot) => Promise<T>, stallMs: number): Promise<T> {
    return this.callWith(what, fn, stallMs, new WorkProgress());
  }

  private async callWith<T>(what: string, fn: (progress: WorkProgress, api: API<true>, snapshot: Snapshot) => Promise<T>, timeoutMs: number, progress?: WorkProgress): Promise<T> {
    const { lsp, api } = await this.ensure();
    const snapshot = await this.snapshotOf(api, lsp);
    const release = this.hold(snapshot);
    const steps = progress ?? new WorkProgress();
    try {
      return await this.race(fn(steps, api, snapshot), lsp, what, timeoutMs, progress);
    } finally {
      release();
    }
  }

  /**
   * Keep `snapshot` from being released until the returned function is called: a semantic
   * upgrade walks the one it took across many calls, while a reconcile's changes replace the
   * current one (released under it, the walk failed with "Snapshot is disposed").
   */
  hold(snapshot: Snapshot): () => void {
    this.users.set(snapshot, (this.users.get(snapshot) ?? 0) + 1);
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      const left = (this.users.get(snapshot) ?? 1) - 1;
      if (left > 0) this.users.set(snapshot, left);
      else this.users.delete(snapshot);
      this.releaseRetired();
    };
  }

  /** Make `next` the current snapshot; the one it replaces is released once no request uses it. */
  private adopt(next: Snapshot): void {
    if (this.current && this.current !== next) this.retired.push(this.current);
    this.current = next;
    this.releaseRetired();
  }

  /**
   * Release replaced snapshots no request uses, keeping the two most recent ones (projects a
   * caller got from openProjects are read right after, outside call()).
   */
  private releaseRetired(): void {
    if (this.closed) return; // they go with the child
    const keep = this.retired.slice(-2);
    const older = this.retired.slice(0, -2);
    this.retired = keep;
    for (const snapshot of older) {
      if (this.users.has(snapshot)) this.retired.unshift(snapshot);
      else this.track(snapshot.dispose());
    }
  }

  private track(work: Promise<unknown>): void {
    const settled = work.then(
      () => undefined,
      () => undefined,
    );
    this.inFlight.add(settled);
    void settled.then(() => this.inFlight.delete(settled));
  }

  /** An LSP request under the time-box. */
  async lspRequest<T>(method: string, params: unknown, timeoutMs = this.requestTimeoutMs): Promise<T> {
    const { lsp } = await this.ensure();
    try {
      return await lsp.request<T>(method, params, timeoutMs);
    } catch (error) {
      if (error instanceof EngineError && !error.dead && /did not answer/.test(error.message)) lsp.kill();
      throw error;
    }
  }

  private async snapshotOf(api: API<true>, lsp: LspProcess): Promise<Snapshot> {
    // One update at a time, shared by concurrent requests: each waits until the snapshot reflects every change made before it asked.
    const wanted = this.changes;
    while (!this.current || this.synced < wanted) {
      if (!this.syncing) {
        const target = this.changes;
        this.syncing = (async () => {
          await this.barrier(lsp);
          this.adopt(await this.race(api.updateSnapshot({}), lsp, "updating the snapshot", Math.max(this.requestTimeoutMs, 60_000)));
          this.synced = target;
        })().finally(() => {
          this.syncing = null;
        });
      }
      await this.syncing;
    }
    return this.current;
  }

  /**
   * Load (or keep loaded) these config files; returns the snapshot's projects for them. A
   * config already loaded whose text changed since (svc's wrapper of a project, rewritten by
   * whichever process loaded the workspace after a config change: the index, a cold check) is
   * told changed: nobody else tells the engine, which kept the old one (a new workspace
   * package's `paths` entry missing: its imports unresolved).
   */
  async openProjects(configs: readonly string[], timeoutMs = 300_000): Promise<Project[]> {
    const added = configs.filter((c) => !this.configs.has(c));
    const texts = new Map(configs.map((c) => [c, textOf(c)]));
    this.filesChanged(configs.filter((c) => this.configs.has(c) && this.configTexts.get(c) !== texts.get(c)).map((c) => ({ path: c, kind: "changed" as const })));
    for (const c of configs) {
      this.configs.add(c);
      this.configTexts.set(c, texts.get(c) ?? null);
    }
    const { lsp, api } = await this.ensure();
    if (added.length) {
      const target = this.changes;
      this.adopt(await this.race(api.updateSnapshot({ openProjects: added }), lsp, "loading the projects", timeoutMs));
      this.synced = Math.max(this.synced, target);
    }
    const snapshot = await this.snapshotOf(api, lsp);
    return configs.map((c) => snapshot.getProject(c)).filter((p): p is Project => p !== undefined);
  }

  /**
   * Files changed on disk: the next request sees them. A path the engine last heard was
   * deleted is created when it changes again: told "changed", the server would leave a file
   * only `include` names (nothing imports it) out of its program for good ("source file not
   * found" on every check of it), and whoever reports the change (the index's watcher, the
   * checks' stat scan) may not have seen it go.
   */
  filesChanged(changes: readonly { path: string; kind: "created" | "changed" | "deleted" }[]): void {
    if (!changes.length) return;
    this.changes++;
    this.lspPending = true;
    const type = { created: 1, changed: 2, deleted: 3 } as const;
    const told = changes.map((c) => {
      const kind = c.kind === "changed" && this.deleted.has(c.path) ? "created" : c.kind;
      if (kind === "deleted") this.deleted.add(c.path);
      else this.deleted.delete(c.path);
      if (kind !== "changed") this.comeAndGone.add(c.path);
      return { uri: fileUri(c.path), type: type[kind] };
    });
    this.lsp?.notify("workspace/didChangeWatchedFiles", { changes: told });
  }

  /**
   * Whether the language server's own configured project may not hold `path` as the disk does:
   * a file it was told was created or deleted since it started. TypeScript 7.0.2 does not take a
   * created file into a configured project the server already loaded (the API's projects do):
   * pulled diagnostics for it come from a program only API snapshot updates refresh — an overlay
   * put in since then unseen, one taken out still seen (a false clean, a false error).
   */
  outOfServerProjects(path: string): boolean {
    return this.comeAndGone.has(path);
  }

  /**
   * Editor settings for the edits the server computes (code fixes, organize imports,
   * refactors): `{ "js/ts": {format, preferences}, typescript: …, javascript: … }`. The
   * server gets the whole configuration (its own `workspace/configuration` answers match after a restart);
   * `file` (absolute) is the one the edits are for.
   */
  async setEditorSettings(settings: Record<string, unknown>, file: string): Promise<void> {
    const key = JSON.stringify(settings);
    if (key === this.editorSettingsKey) return;
    this.editorSettings = settings;
    this.editorSettingsKey = key;
    // File changes still pending in the server would take the configuration change with them unapplied (TypeScript 7.0.2):
    // bring the snapshot up to date first.
    await this.call("applying editor settings", async () => undefined);
    const { lsp } = await this.ensure();
    // The whole configuration: the server replaces what it had (type acquisition stays off).
    const sections = Object.fromEntries(["js/ts", "typescript", "javascript"].map((name) => [name, configurationSection(name, settings)]));
    lsp.notify("workspace/didChangeConfiguration", { settings: sections });
    // A language-service request takes the change into the server's snapshot; an API snapshot update taking it first
    // would leave the server's code actions on the old settings (TypeScript 7.0.2).
    await lsp.request("textDocument/foldingRange", { textDocument: { uri: fileUri(file) } }, this.requestTimeoutMs).catch(() => undefined);
  }

  /**
   * In-memory content for a file (nothing touches disk); later requests see it until cleared.
   * Without a leading BOM: the engine reads a file from disk without it, and an overlay that
   * kept it would count it as a character of line 1 (positions one off from the disk's).
   */
  async setOverlay(path: string, content: string): Promise<void> {
    const text = content.charCodeAt(0) === 0xfeff ? content.slice(1) : content;
    const { lsp } = await this.ensure();
    const previous = this.overlays.get(path);
    const version = (previous?.version ?? 0) + 1;
    this.overlays.set(path, { version, text });
    if (previous) lsp.notify("textDocument/didChange", { textDocument: { uri: fileUri(path), version }, contentChanges: [{ text }] });
    else lsp.notify("textDocument/didOpen", { textDocument: { uri: fileUri(path), languageId: languageId(path), version, text } });
    this.changes++;
    this.lspPending = true;
  }

  clearOverlay(path: string): void {
    if (!this.overlays.delete(path)) return;
    this.lsp?.notify("textDocument/didClose", { textDocument: { uri: fileUri(path) } });
    this.changes++;
    this.lspPending = true;
  }

  /** The in-memory content of a file, or null when it has none. */
  overlayText(path: string): string | null {
    return this.overlays.get(path)?.text ?? null;
  }

  overlayPaths(): string[] {
    return [...this.overlays.keys()];
  }

  /**
   * Drop the child and what it read from disk (an install changed node_modules, whose files
   * the server caches and is not told about one by one): the next request starts a fresh one,
   * which re-opens the projects and overlays. Not a death: no restart is counted, nothing degraded.
   */
  restart(): void {
    const lsp = this.lsp;
    if (!lsp || this.starting) return;
    this.lsp = null; // its exit is then not ours to report (onExit)
    this.api = null;
    this.current = null;
    this.retired = [];
    lsp.kill();
  }

  /** Kill the child now (tests, and a request that must not wait). */
  kill(): void {
    this.lsp?.kill();
  }

  /**
   * Stop the session and the child. Nothing is written to the session: its snapshots die
   * with the child, and a child that already died (a terminal's Ctrl-C reaches the whole
   * process group) would never answer, or fail the write (EPIPE).
   */
  async close(): Promise<void> {
    this.closed = true;
    const api = this.api;
    this.api = null;
    if (api) {
      // writes still queued when the socket goes would fail where nothing can catch them
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([Promise.all(this.inFlight), new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_GRACE_MS)))]);
      clearTimeout(timer);
      await dropSession(api);
    }
    await this.lsp?.stop(CLOSE_GRACE_MS);
  }
}

function textOf(path: string): string | null {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return null;
  }
}

export function languageId(path: string): string {
  if (/\.[cm]?tsx?$/.test(path)) return path.endsWith("x") ? "typescriptreact" : "typescript";
  return /\.jsx$/.test(path) ? "javascriptreact" : "javascript";
}
