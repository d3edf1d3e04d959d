// svc index / svc_workspace action=index / svc/index: a synchronous full pass over the
// workspace (`force` discards everything derived first).

import { syncIndex } from "../index/sync.ts";
import { SCHEMA_VERSION } from "../store/schema.ts";
import { VERSION } from "../version.ts";
import { resolveWorkspace } from "../workspace/root.ts";
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
  routes: number;
  skipped: number;
  extracted: number;
  removed: number;
  elapsedMs: number;
  schemaVersion: number;
  fts: boolean;
  svcVersion: string;
  languages: { language: string; count: number }[];
}

export async function buildIndex(request: IndexRequest, ctx: OpContext): Promise<OpResult<IndexData>> {
  const ws = resolveWorkspace(request.path, ctx.cwd);
  const result = await syncIndex(ws.root, { force: request.force, signal: ctx.signal, progress: ctx.progress });
  const seconds = (result.elapsedMs / 1000).toFixed(1);
  const change = result.unchanged
    ? " (already up to date)"
    : result.extracted || result.removed
      ? ` (${result.extracted} extracted, ${result.removed} removed)`
      : "";
  const skipped = result.skipped.length ? `; ${result.skipped.length} skipped (diagnostics lists them)` : "";
  const text = `Indexed [${result.mode}] ${result.files} files: ${result.symbols} symbols, ${result.chunks} chunks, ${result.edges} import edges, 0 routes in ${seconds}s${change}${skipped}.`;
  return {
    text,
    data: {
      root: ws.root,
      indexState: "ready",
      mode: result.mode,
      files: result.files,
      symbols: result.symbols,
      chunks: result.chunks,
      edges: result.edges,
      routes: 0,
      skipped: result.skipped.length,
      extracted: result.extracted,
      removed: result.removed,
      elapsedMs: Math.round(result.elapsedMs),
      schemaVersion: SCHEMA_VERSION,
      fts: result.fts,
      svcVersion: VERSION,
      languages: result.languages,
    },
  };
}
