// index_meta: the key/value record of what the index holds and how fresh it is. Status
// reads only this table.

import type { Database } from "bun:sqlite";

export type IndexMode = "syntax" | "partial" | "semantic";
export type BuildState = "building" | "ready";

export interface IndexMeta {
  index_mode?: IndexMode;
  semantic_pending?: string;
  svc_version?: string;
  schema_version?: string;
  extraction_version?: string;
  fts_available?: string;
  index_integrity?: string;
  skipped_files?: string;
  load_diagnosis?: string;
  stale_dirty_count?: string;
  index_workspace_root?: string;
  index_build_state?: BuildState;
  index_inventory_count?: string;
  index_inventory_hash?: string;
  index_completed_at?: string;
  /** Extra keys of ours: counts for status without touching other tables. */
  symbol_count?: string;
  chunk_count?: string;
  edge_count?: string;
  route_count?: string;
  languages?: string;
}

export function readMeta(db: Database): IndexMeta {
  const meta: Record<string, string> = {};
  try {
    for (const row of db.query("SELECT key, value FROM index_meta").all() as { key: string; value: string }[]) {
      meta[row.key] = row.value;
    }
  } catch {
    // a store without index_meta reads as empty
  }
  return meta as IndexMeta;
}

export function writeMeta(db: Database, values: Partial<Record<keyof IndexMeta, string | number>>): void {
  const put = db.prepare("INSERT OR REPLACE INTO index_meta(key, value) VALUES (?, ?)");
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined) put.run(key, String(value));
  }
}

/** `skipped_files`: "N: path (reason); …" listing the first 20, then "and K more". */
export function formatSkipped(skipped: readonly { path: string; reason: string }[]): string {
  if (skipped.length === 0) return "0";
  const shown = skipped.slice(0, 20).map((s) => `${s.path} (${s.reason})`);
  const more = skipped.length > 20 ? `; and ${skipped.length - 20} more` : "";
  return `${skipped.length}: ${shown.join("; ")}${more}`;
}
