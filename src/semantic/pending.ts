// What is left of the semantic tier's work, said as it is: how many files are still to walk,
// whether anything is bringing them in (a process writing the index, a host, a resident or
// background upgrade) or the run stopped part-way — with the reason it recorded, or none when
// its process was killed outright — and what finishes it. Status, the availability header,
// answers' coverage and `svc index`'s last line read it; none says "semantic" or "complete"
// while it is pending.

import { lockOwner } from "../store/lock.ts";
import { parseDirty, type IndexMeta } from "../store/meta.ts";
import { upgradeUnderway } from "./resident-status.ts";

/** Why the last semantic run stopped part-way (index_meta `semantic_stopped`). */
export interface SemanticStop {
  at: string;
  reason: string;
  /** The run ended, leaving files it could not walk (the checker failed on them); else it stopped part-way. */
  unwalked?: boolean;
}

export interface PendingWork {
  /** underway: a process is writing the index or one serving the root brings the work in; stopped: nothing does until svc index. */
  state: "underway" | "stopped";
  /** Files whose checker edges are still to walk: a count, or every file. */
  files: number | "all";
  /** The stopped run's own reason and time; null when none was recorded (its process killed outright, or a reconcile by a command that runs no upgrade). */
  stop: SemanticStop | null;
}

export function readStop(meta: IndexMeta): SemanticStop | null {
  if (!meta.semantic_stopped) return null;
  try {
    const stop = JSON.parse(meta.semantic_stopped) as Partial<SemanticStop>;
    return typeof stop.reason === "string" && typeof stop.at === "string" ? { at: stop.at, reason: stop.reason, ...(stop.unwalked ? { unwalked: true } : {}) } : null;
  } catch {
    return null;
  }
}

/** The semantic work still pending in `root`'s index, or null when none is. */
export function pendingWork(meta: IndexMeta, root: string): PendingWork | null {
  if (meta.semantic_pending !== "1") return null;
  const dirty = parseDirty(meta.semantic_dirty);
  const stop = readStop(meta);
  const underway = stop === null && (lockOwner(root) !== null || upgradeUnderway(root));
  return { state: underway ? "underway" : "stopped", files: dirty === "all" ? "all" : dirty.length, stop };
}

const filesLeft = (files: number | "all") => (files === "all" ? "every file" : `${files} file${files === 1 ? "" : "s"}`);

/** What is pending, whether anything brings it in, and what finishes it (one sentence, no final period). */
export function pendingPhrase(p: PendingWork): string {
  const left = `${filesLeft(p.files)} still to walk through the checker`;
  if (p.state === "underway") return `the semantic upgrade is queued or running: ${left}, and results may lag`;
  if (p.stop?.unwalked) return `the semantic upgrade of ${p.stop.at} ended with ${p.stop.reason}: ${left}; svc index walks them again`;
  if (p.stop) return `the semantic upgrade stopped at ${p.stop.at} (${p.stop.reason}): ${left}; svc index runs it again`;
  if (p.files === "all") return `the semantic upgrade did not finish and is not running (the process running it ended part-way): ${left}; svc index finishes it`;
  return `${filesLeft(p.files)} changed since the last semantic pass still to walk through the checker; no host or background upgrade runs for this root, so svc index (or a running svc host) brings their checker edges up to date`;
}

/** The pending clause of `root`'s index as its meta says, or null when nothing is pending (answers' coverage reads it). */
export function pendingClause(meta: IndexMeta): string | null {
  const pending = meta.index_workspace_root === undefined ? null : pendingWork(meta, meta.index_workspace_root);
  return pending ? pendingPhrase(pending) : null;
}
