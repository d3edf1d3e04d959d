// svc/openIndexed: prepare the store for a reader — a cold syntax-first build, a
// reconcile, or nothing when it is current — and say where it stands.

import { indexForRead, indexVerified } from "../indexing/fresh.ts";
import { resolveWorkspace } from "../workspace/root.ts";
import type { OpContext, OpResult } from "./types.ts";

export interface OpenIndexedData {
  status: "ready" | "building_syntax" | "index_busy" | "index_rebuilding" | "not_indexed";
  detail?: string;
  files: number;
  mode?: string;
}

export async function openIndexed(request: { path: string; watched?: boolean }, ctx: OpContext): Promise<OpResult<OpenIndexedData>> {
  const ws = resolveWorkspace(request.path, ctx.cwd);
  // `watched`: a reader in another process asks before listing the tree itself — the host's
  // own read path answers (its live watcher, fenced, else a listing here). Otherwise the
  // reader found the store behind the tree: list and reconcile, whatever the watcher has seen.
  const index = request.watched === true && ctx.host === true ? await indexForRead(ws.root, ctx) : await indexVerified(ws.root, ctx);
  if (!index.available) {
    const status = index.state === "index_busy" || index.state === "index_rebuilding" ? index.state : "building_syntax";
    const data: OpenIndexedData = { status, detail: index.detail, files: Number(index.meta?.index_inventory_count ?? 0) };
    return { text: `${status}: ${index.detail}`, data };
  }
  const data: OpenIndexedData = { status: "ready", files: Number(index.meta.index_inventory_count ?? 0), mode: index.meta.index_mode };
  if (index.state === "stale_as_of") data.detail = index.detail;
  index.db.close();
  return { text: `ready: ${data.files} files (${data.mode})`, data };
}
