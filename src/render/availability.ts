// The availability header: how an index-backed answer was obtained, prepended to such
// answers and returned alone when a read cannot proceed.

import type { IndexState } from "../index/open.ts";
import type { IndexMeta } from "../store/meta.ts";
import { residentLine } from "../semantic/resident-status.ts";
import { pendingClause } from "../semantic/pending.ts";

const HINTS: Partial<Record<IndexState, string>> = {
  building_syntax: "the index is being built; use your native search for now and retry in a few seconds.",
  index_rebuilding: "many files changed and the index is being rebuilt; retry shortly.",
  index_busy: "another process is writing the index; retry shortly.",
  stale_as_of: "results may lag the latest edits; retry shortly for fresh answers.",
};

/** upgrade_pending: syntax-tier answers where the checker edges are pending, and what is left of the upgrade, whether anything brings it in, what finishes it (pending.ts). */
function pendingHint(meta: IndexMeta | null): string {
  const pending = meta ? pendingClause(meta) : null;
  return `syntax-tier answers where checker edges are pending${pending ? `; ${pending}` : ""}.`;
}

function availabilityLine(state: IndexState, meta: IndexMeta | null, detail?: string): string {
  if (state === "not_indexed" || !meta || meta.index_mode === undefined) {
    return `availability: no index yet; svc index (or any index-backed read) builds it${detail ? `; ${detail}` : ""}.`;
  }
  const parts = [
    `index mode ${meta.index_mode}`,
    meta.fts_available === "1" ? "full-text search available" : "full-text search unavailable (SQLite without FTS5)",
    residentLine(meta.index_workspace_root),
  ];
  if (state === "ready") parts.push("up to date");
  else if (state === "stale_as_of") parts.push(`as of ${meta.index_completed_at ?? "the last build"}`);
  if (detail) parts.push(detail);
  return `availability: ${parts.join("; ")}.`;
}

export function availabilityHeader(state: IndexState, meta: IndexMeta | null, detail?: string): string {
  const lines = [
    `index_state: ${state}`,
    `files_indexed: ${meta?.index_inventory_count ?? 0}`,
    availabilityLine(state, meta, detail),
  ];
  if (state !== "ready" && state !== "not_indexed") {
    lines.push("grade: deferred (not semantic-ready)");
    lines.push(`hint: ${state === "upgrade_pending" ? pendingHint(meta) : (HINTS[state] ?? "retry shortly.")}`);
  }
  return lines.join("\n");
}
