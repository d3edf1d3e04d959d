// The availability header: how an index-backed answer was obtained, prepended to such
// answers and returned alone when a read cannot proceed.

import type { IndexState } from "../index/open.ts";
import type { IndexMeta } from "../store/meta.ts";
import { residentLine, upgradeUnderway } from "../semantic/resident-status.ts";

const HINTS: Partial<Record<IndexState, string>> = {
  building_syntax: "the index is being built; use your native search for now and retry in a few seconds.",
  index_rebuilding: "many files changed and the index is being rebuilt; retry shortly.",
  index_busy: "another process is writing the index; retry shortly.",
  stale_as_of: "results may lag the latest edits; retry shortly for fresh answers.",
  upgrade_pending: "syntax-tier answers now; the semantic upgrade is queued and results may lag.",
};

/** upgrade_pending with no host, resident workspace or background upgrade for the root: a CLI reader reconciled edits, and nothing brings their checker edges in until the next svc index. */
const NOTHING_UPGRADES = "syntax-tier answers for the files changed since the last semantic pass; no host or background upgrade runs for this root, so svc index (or a running svc host) brings their checker edges up to date.";

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
    lines.push(`hint: ${state === "upgrade_pending" && !upgradeUnderway(meta?.index_workspace_root) ? NOTHING_UPGRADES : (HINTS[state] ?? "retry shortly.")}`);
  }
  return lines.join("\n");
}
