// svc index / svc_workspace action=index / svc/index: a synchronous full pass over the
// workspace (`force` discards everything derived first).

import { syncIndex } from "../indexing/sync.ts";
import { upgradeAfterSync } from "../semantic/after-sync.ts";
import { pendingPhrase } from "../semantic/pending.ts";
import { SCHEMA_VERSION } from "../store/schema.ts";
import { VERSION } from "../version.ts";
import { connectHost } from "../host/client.ts";
import { resolveWorkspace } from "../workspace/root.ts";
import { SvcError } from "../errors.ts";
import { waitForWriter, waitNote, type WaitedFor } from "../store/wait-writer.ts";
import { nothingCollected } from "./fusion.ts";
import type { OpContext, OpResult } from "./types.ts";

export interface IndexRequest {
  path: string;
  force: boolean;
}

export interface IndexData {
  root: string;
  indexState: "ready";
  mode: string;
  files: number;
  symbols: number;
  chunks: number;
  edges: number;
  wiringEdges: number;
  routes: number;
  skipped: number;
  extracted: number;
  removed: number;
  elapsedMs: number;
  /** Of elapsedMs: the syntax pass (the index answers from then on) and the semantic upgrade after it. */
  syntaxMs: number;
  semanticMs: number;
  /** Source files the semantic upgrade walked (an incremental pass walks what the change can reach), of those the projects hold. */
  semanticWalked?: { files: number; of: number };
  schemaVersion: number;
  fts: boolean;
  svcVersion: string;
  languages: { language: string; count: number }[];
  unchanged: boolean;
  /** Checker edges in the store after the semantic upgrade (0 in the syntax tier). */
  checkerEdges: number;
  /** Why the semantic upgrade did not run or failed, when it did not complete. */
  semanticNote?: string;
  /**
   * Semantic work this build left pending (semantic/pending.ts): files still to walk, whether anything brings them in,
   * why the run stopped. Stopped (nothing brings it in): the build did not finish and `svc index` exits 1.
   */
  semanticPending?: { state: "underway" | "stopped"; files: number | "all"; reason: string | null; said: string; unwalked?: true };
  /** Files this pass skipped because extraction crashed on them twice (kept until they change or --force). */
  crashed?: string[];
  /** No file was indexed: why, and what to try. */
  empty?: string;
}

/** `waited`: this call waited for another writer, whose pass is what brought the index current. */
function describe(data: Omit<IndexData, "root">, unchanged: boolean, via: string, waited = false): string {
  const seconds = (data.elapsedMs / 1000).toFixed(1);
  const details = [
    ...(data.semanticMs > 0 && !unchanged ? [`syntax ${(data.syntaxMs / 1000).toFixed(1)}s, semantic ${(data.semanticMs / 1000).toFixed(1)}s`] : []),
    ...(unchanged ? [waited ? "up to date after the pass of the writer it waited for" : "already up to date"] : data.extracted || data.removed ? [`${data.extracted} extracted, ${data.removed} removed`] : []),
  ];
  const skipped = data.skipped ? `; ${data.skipped} skipped (diagnostics lists them)` : "";
  const crashed = data.crashed?.length ? `; extraction crashed twice on ${data.crashed.length} file${data.crashed.length === 1 ? "" : "s"}, skipped until changed or --force: ${data.crashed.slice(0, 10).join(", ")}${data.crashed.length > 10 ? ` and ${data.crashed.length - 10} more` : ""}` : "";
  const checker = data.checkerEdges ? `, ${data.checkerEdges} checker edges` : "";
  // a build whose semantic work is left pending never reads as a finished tier: the bracket says so, the last sentence what is left
  const mode = data.semanticPending ? `${data.mode}; semantic upgrade ${data.semanticPending.state === "stopped" ? "not finished" : "pending"}` : data.mode;
  const pending = data.semanticPending ? ` Not finished: ${data.semanticPending.said}.` : "";
  const wiring = data.wiringEdges ? `, ${data.wiringEdges} wiring edges` : "";
  const imports = data.edges - data.checkerEdges - (data.wiringEdges ?? 0);
  return `Indexed [${mode}] ${data.files} files: ${data.symbols} symbols, ${data.chunks} chunks, ${imports} import edges${checker}${wiring}, ${data.routes} routes in ${seconds}s${details.length ? ` (${details.join("; ")})` : ""}${skipped}${crashed}${via}.${pending}`;
}

/** `svc/index` on the host serving `root`, or null when none answers within `timeoutMs`; the caller's progress and cancellation go through to the host. */
async function throughHost(root: string, force: boolean, timeoutMs: number, waited: boolean, ctx: OpContext): Promise<OpResult<IndexData> | null> {
  const host = await connectHost(root, timeoutMs);
  if (!host) return null;
  try {
    const data = await host.call<IndexData>("svc/index", { root, force }, 3_600_000, { signal: ctx.signal, progress: ctx.progress });
    const { pid } = await host.call<{ pid: number }>("svc/stats");
    return { text: describe(data, data.unchanged, ` (through the host, pid ${pid})`, waited), data, ...unfinished(data) };
  } finally {
    host.close();
  }
}

async function hostAnswers(root: string): Promise<boolean> {
  const host = await connectHost(root, 1_000);
  host?.close();
  return host !== null;
}

export async function buildIndex(request: IndexRequest, ctx: OpContext): Promise<OpResult<IndexData>> {
  const ws = resolveWorkspace(request.path, ctx.cwd);
  // While a host serves the root it is the only writer: delegate. Another writer holding the
  // lock (a host too busy to answer at once, an MCP server's build, another `svc index`) is
  // waited for, never answered with index_busy.
  let waitedFor: WaitedFor | null = null;
  let result;
  for (;;) {
    if (!ctx.host) {
      const delegated = await throughHost(ws.root, request.force, waitedFor ? 5_000 : 500, waitedFor !== null, ctx);
      if (delegated) return waitedFor ? { ...delegated, warnings: [...(delegated.warnings ?? []), waitNote(waitedFor)] } : delegated;
    }
    try {
      result = await syncIndex(ws.root, { force: request.force, signal: ctx.signal, progress: ctx.progress });
      break;
    } catch (error) {
      if (!(error instanceof SvcError && error.prefix === "index_busy")) throw error;
      waitedFor = await waitForWriter(ws.root, { signal: ctx.signal, progress: ctx.progress, ...(ctx.host ? {} : { hostAnswers: () => hostAnswers(ws.root) }) }, waitedFor);
    }
  }
  const semantic = await upgradeAfterSync(ws.root, result, { force: request.force, signal: ctx.signal, progress: ctx.progress });
  const pending = semantic.pending;
  const data: IndexData = {
    root: ws.root,
    indexState: "ready",
    mode: semantic.mode,
    files: result.files,
    symbols: result.symbols,
    chunks: result.chunks,
    edges: semantic.edges ?? result.edges,
    checkerEdges: semantic.checkerEdges,
    wiringEdges: semantic.wiringEdges ?? result.wiringEdges,
    ...(semantic.note ? { semanticNote: semantic.note } : {}),
    ...(pending ? { semanticPending: { state: pending.state, files: pending.files, reason: pending.stop?.reason ?? null, said: pendingPhrase(pending), ...(pending.stop?.unwalked ? { unwalked: true as const } : {}) } } : {}),
    routes: semantic.routes ?? result.routes,
    skipped: result.skipped.length,
    extracted: result.extracted,
    removed: result.removed,
    elapsedMs: Math.round(result.elapsedMs + semantic.elapsedMs),
    syntaxMs: Math.round(result.elapsedMs),
    semanticMs: Math.round(semantic.elapsedMs),
    ...(semantic.walked ? { semanticWalked: semantic.walked } : {}),
    schemaVersion: SCHEMA_VERSION,
    fts: result.fts,
    svcVersion: VERSION,
    languages: result.languages,
    // never "already up to date" while semantic work is pending
    unchanged: result.unchanged && !semantic.worked && !pending,
    ...(result.crashed ? { crashed: result.crashed.paths } : {}),
    // an index of no file says why and what to try, never a bare "0 files"
    ...(result.files === 0 ? { empty: nothingCollected("", {}, ctx.surface) } : {}),
  };
  const warnings = [...(semantic.note ? [semantic.note] : []), ...(waitedFor ? [waitNote(waitedFor)] : []), ...(result.crashed?.detail ? [result.crashed.detail] : []), ...(result.warnings ?? [])];
  const text = describe(data, data.unchanged, "", waitedFor !== null);
  return { text: data.empty ? `${text}\n${data.empty}` : text, data, ...(warnings.length ? { warnings } : {}), ...unfinished(data) };
}

/**
 * A build that ended with its semantic work stopped part-way (nothing brings it in: the run stalled, failed, was cancelled
 * or its engine went away) did not finish: exit 1, so a script or CI never takes it for a complete index. Work still
 * underway (a host walking what changed during the build) is said, not failed; so is a run that walked every file it
 * could and left the ones the checker failed on pending (named in the last sentence, their answers partial) — like
 * extraction that crashed on a file, or every index of a workspace holding one file the compiler throws on would fail.
 */
function unfinished(data: IndexData): { exitCode?: number } {
  return data.semanticPending?.state === "stopped" && !data.semanticPending.unwalked ? { exitCode: 1 } : {};
}
