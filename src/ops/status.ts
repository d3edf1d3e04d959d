// svc diagnostics / svc_workspace action=status: index state from index_meta only. Never
// creates the store; a cold workspace reports not_indexed and leaves no file behind.

import type { IndexState } from "../index/open.ts";
import { availabilityHeader } from "../render/availability.ts";
import { openReader, storePath } from "../store/db.ts";
import { lockOwner } from "../store/lock.ts";
import { readMeta, type IndexMeta } from "../store/meta.ts";
import { connectHost } from "../host/client.ts";
import { resolveWorkspace } from "../workspace/root.ts";
import type { OpContext, OpResult } from "./types.ts";

export interface StatusRequest {
  path: string;
}

export interface StatusData {
  root: string;
  indexState: IndexState;
  mode: string | null;
  files: number;
  symbols: number;
  fts: boolean | null;
  integrity: string | null;
  skippedFiles: string | null;
  completedAt: string | null;
  svcVersion: string | null;
  store: string | null;
  host: string;
}

export function stateOf(meta: IndexMeta, root: string): IndexState {
  if (meta.index_build_state === "building") {
    if (lockOwner(root) === null) return "index_rebuilding"; // a build died mid-way: the next read rebuilds
    return Number(meta.stale_dirty_count ?? 0) > 0 ? "index_rebuilding" : "building_syntax";
  }
  if (meta.index_build_state !== "ready") return "not_indexed";
  if (meta.index_workspace_root !== root) return "index_rebuilding";
  // pending in any mode: a first build's upgrade runs (or stopped) with the store still in the syntax tier, never "up to date"
  if (meta.semantic_pending === "1") return "upgrade_pending";
  return "ready";
}

function hostLine(pid: number, uptimeMs: number, rssBytes: number): string {
  const up = uptimeMs >= 3_600_000 ? `${(uptimeMs / 3_600_000).toFixed(1)}h` : uptimeMs >= 60_000 ? `${Math.round(uptimeMs / 60_000)}m` : `${Math.round(uptimeMs / 1000)}s`;
  return `host: pid ${pid}, up ${up}, RSS ${Math.round(rssBytes / 1024 / 1024)} MB`;
}

async function askHost(root: string): Promise<string> {
  const client = await connectHost(root, 500);
  if (!client) return "host: none (this process serves the workspace)";
  try {
    const stats = await client.call<{ pid: number; uptimeMs: number; rssBytes: number }>("svc/stats", {}, 500);
    return hostLine(stats.pid, stats.uptimeMs, stats.rssBytes);
  } catch {
    return "host: none (this process serves the workspace)";
  } finally {
    client.close();
  }
}

export async function status(request: StatusRequest, ctx: OpContext): Promise<OpResult<StatusData>> {
  const ws = resolveWorkspace(request.path, ctx.cwd);
  const db = openReader(ws.root);
  let meta: IndexMeta = {};
  if (db) {
    try {
      meta = readMeta(db);
    } finally {
      db.close();
    }
  }
  const indexState: IndexState = db ? stateOf(meta, ws.root) : "not_indexed";
  const host = ctx.host ? hostLine(process.pid, process.uptime() * 1000, process.memoryUsage().rss) : await askHost(ws.root);
  const data: StatusData = {
    root: ws.root,
    indexState,
    mode: meta.index_mode ?? null,
    files: Number(meta.index_inventory_count ?? 0),
    symbols: Number(meta.symbol_count ?? 0),
    fts: meta.fts_available === undefined ? null : meta.fts_available === "1",
    integrity: meta.index_integrity ?? null,
    skippedFiles: meta.skipped_files ?? null,
    completedAt: meta.index_completed_at ?? null,
    svcVersion: meta.svc_version ?? null,
    store: db ? storePath(ws.root) : null,
    host,
  };
  const lines = [availabilityHeader(indexState, db ? meta : null)];
  lines.push(`root: ${ws.root}`);
  if (db) {
    lines.push(`store: ${storePath(ws.root)}`);
    lines.push(`index mode: ${data.mode ?? "unknown"}; files: ${data.files}; symbols: ${data.symbols}`);
    lines.push(`full-text search: ${data.fts === null ? "unknown" : data.fts ? "available (FTS5)" : "unavailable: this SQLite has no FTS5; text search cannot run"}`);
    lines.push(`integrity: ${data.integrity ?? "not checked"}`);
    lines.push(`skipped files: ${data.skippedFiles ?? "0"}`);
    if (data.completedAt) lines.push(`last build: ${data.completedAt} (svc ${data.svcVersion ?? "?"})`);
  } else {
    lines.push("store: none (run svc index to build it)");
  }
  lines.push(host);
  return { text: lines.join("\n"), data };
}
