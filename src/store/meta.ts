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
  /**
   * The last semantic run that stopped part-way: JSON `{ at, reason }` (SemanticStop). Removed when a run starts; a run
   * killed outright leaves none, and its pending state with no live writer says the same.
   */
  semantic_stopped?: string;
  /** A full semantic run under way or stopped part-way: the digest of the files it walks (a later full run on the same files resumes it). */
  semantic_resume?: string;
  /** Files whose checker edges are stale: a JSON array of paths, or "all". */
  semantic_dirty?: string;
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
  /** Source files no loaded TypeScript project holds (the checker never walked them): a JSON array of paths. Absent: not recorded. */
  checker_outside?: string;
  /** The inventory's files over the size cap: a JSON array of paths (a targeted reconcile updates it without a listing). */
  too_large_files?: string;
  /** src/history: the last commit whose history is stored, how many commits that is, the weights' scale origin, and "ready" or why history is absent. */
  history_head?: string;
  history_count?: string;
  history_base?: string;
  history_state?: string;
  /** A shallow clone's graft commits the history was read to ("": complete). */
  history_shallow?: string;
  history_version?: string;
  /** The repository's reflog stamp when the history was last read (src/history/head-stamp.ts); another stamp: HEAD moved. */
  history_reflog?: string;
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

export function deleteMeta(db: Database, keys: readonly (keyof IndexMeta)[]): void {
  for (const key of keys) db.run("DELETE FROM index_meta WHERE key = ?", [key]);
}

/** `skipped_files`: "N: path (reason); …" listing the first 20, then "and K more". */
export function formatSkipped(skipped: readonly { path: string; reason: string }[]): string {
  if (skipped.length === 0) return "0";
  const shown = skipped.slice(0, 20).map((s) => `${s.path} (${s.reason})`);
  const more = skipped.length > 20 ? `; and ${skipped.length - 20} more` : "";
  return `${skipped.length}: ${shown.join("; ")}${more}`;
}

/** `semantic_dirty`: files whose checker edges are stale (JSON array), or "all". */
const DIRTY_CAP = 2000;

export function readDirty(db: Database): string[] | "all" {
  const row = db.query("SELECT value FROM index_meta WHERE key = 'semantic_dirty'").get() as { value: string } | null;
  return parseDirty(row?.value);
}

/** `semantic_dirty` as stored (absent: none). */
export function parseDirty(value: string | undefined): string[] | "all" {
  if (value === undefined) return [];
  if (value === "all") return "all";
  try {
    const list = JSON.parse(value) as unknown;
    return Array.isArray(list) ? list.filter((p): p is string => typeof p === "string") : "all";
  } catch {
    return "all";
  }
}

/** Add files to `semantic_dirty` (or mark everything dirty). */
export function addDirty(db: Database, paths: readonly string[] | "all"): void {
  const current = readDirty(db);
  const next = paths === "all" || current === "all" ? "all" : [...new Set([...current, ...paths])];
  const value = next === "all" || next.length > DIRTY_CAP ? "all" : JSON.stringify(next.sort());
  db.prepare("INSERT OR REPLACE INTO index_meta(key, value) VALUES ('semantic_dirty', ?)").run(value);
}

/** Remove walked files from `semantic_dirty` ("all" clears it). */
export function clearDirty(db: Database, walked: readonly string[] | "all"): void {
  const current = readDirty(db);
  const done = new Set(walked === "all" ? [] : walked);
  const next = walked === "all" ? [] : current === "all" ? "all" : current.filter((p) => !done.has(p));
  db.prepare("INSERT OR REPLACE INTO index_meta(key, value) VALUES ('semantic_dirty', ?)").run(next === "all" ? "all" : JSON.stringify(next));
}

/**
 * `checker_outside`: the source files outside every loaded project, or null when the index
 * does not record them. An index stamped before the list was kept still knows them when its
 * load diagnosis counted none, or listed them all among its examples.
 */
export function readOutside(meta: IndexMeta): string[] | null {
  try {
    if (meta.checker_outside !== undefined) {
      const list = JSON.parse(meta.checker_outside) as unknown;
      return Array.isArray(list) ? list.filter((p): p is string => typeof p === "string") : null;
    }
    const outside = meta.load_diagnosis ? (JSON.parse(meta.load_diagnosis) as { outside?: { count?: number; examples?: string[] } }).outside : undefined;
    if (outside && typeof outside.count === "number" && Array.isArray(outside.examples) && outside.examples.length >= outside.count) return outside.examples.slice(0, outside.count);
    return null;
  } catch {
    return null;
  }
}
