// The warm-manifest rule: an index is served as ready only when its build finished
// (`index_build_state=ready`), it was written with this svc's schema and extraction
// versions, it belongs to the requested root, and the recorded file count and inventory
// hash match the `files` table.

import type { Database } from "bun:sqlite";
import { createHash } from "node:crypto";
import { readMeta, type IndexMeta } from "./meta.ts";
import { EXTRACTION_VERSION, SCHEMA_VERSION } from "./schema.ts";

/** Hash over the sorted (path, content hash) pairs of the files table: SHA-256 of `path\0hash\n` lines. */
export function inventoryHash(db: Database): { count: number; hash: string } {
  // One query for all rows and few large updates: per-row updates cost a native call each (~12 ms on 12k files, now ~5).
  const rows = db.query("SELECT path, hash FROM files ORDER BY path").values() as [string, string][];
  const hasher = createHash("sha256");
  let text = "";
  for (const [path, hash] of rows) {
    text += `${path}\0${hash}\n`;
    if (text.length >= 1 << 20) {
      hasher.update(text);
      text = "";
    }
  }
  return { count: rows.length, hash: hasher.update(text).digest("hex") };
}

/** Manifests this process has already verified: (root, completed_at, count, hash). The hash is re-checked once per build. */
const verified = new Set<string>();
const manifestKey = (root: string, completedAt: unknown, count: unknown, hash: unknown) => `${root}\0${completedAt}\0${count}\0${hash}`;

/** A manifest this process has just written, hashed from the committed files table itself: its reads need not hash it again. */
export function trustManifest(root: string, completedAt: string, count: number, hash: string): void {
  verified.add(manifestKey(root, completedAt, count, hash));
}

export type WarmVerdict = { warm: true; meta: IndexMeta } | { warm: false; meta: IndexMeta; why: string };

export function checkWarm(db: Database, root: string): WarmVerdict {
  const meta = readMeta(db);
  if (meta.index_build_state !== "ready") {
    return { warm: false, meta, why: meta.index_build_state === "building" ? "a build did not finish" : "never built" };
  }
  if (meta.schema_version !== String(SCHEMA_VERSION) || meta.extraction_version !== String(EXTRACTION_VERSION)) {
    // Another svc's store: the writer rebuilds it (openWriter); until then it is not served.
    return { warm: false, meta, why: `written with schema ${meta.schema_version ?? "?"} / extraction ${meta.extraction_version ?? "?"}, this svc uses ${SCHEMA_VERSION} / ${EXTRACTION_VERSION}` };
  }
  if (meta.index_workspace_root !== root) return { warm: false, meta, why: `built for another root (${meta.index_workspace_root})` };
  const key = manifestKey(root, meta.index_completed_at, meta.index_inventory_count, meta.index_inventory_hash);
  if (verified.has(key)) {
    const count = (db.query("SELECT count(*) AS n FROM files").get() as { n: number }).n;
    if (String(count) === meta.index_inventory_count) return { warm: true, meta };
  }
  let actual: { count: number; hash: string };
  try {
    actual = inventoryHash(db);
  } catch (error) {
    return { warm: false, meta, why: `unreadable: ${(error as Error).message}` };
  }
  if (String(actual.count) !== meta.index_inventory_count || actual.hash !== meta.index_inventory_hash) {
    return { warm: false, meta, why: "the files table does not match its manifest" };
  }
  verified.add(key);
  return { warm: true, meta };
}
