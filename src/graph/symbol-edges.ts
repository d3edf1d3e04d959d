// How complete the index's symbol-level evidence is (graph/incoming-edges.ts reads it), and
// the wording an answer may use: "checker-complete" and "none" only when they were earned.

import type { Database } from "bun:sqlite";
import { isCheckerLanguage } from "../lang/languages.ts";
import { readDirty, readOutside, type IndexMeta } from "../store/meta.ts";
import { gapPhrase, type ReachGaps } from "./reach-gaps.ts";

export interface Coverage {
  /** The checker's edges are in the store (index mode semantic or partial). */
  checker: boolean;
  mode: string;
  /** Files changed since the last semantic update (their references may be missing). */
  stale: number | "all";
  /** Why there are no checker edges (syntax tier). */
  why: string | null;
  /** The declaring file was walked by the checker (it belongs to a loaded project). */
  declaringFileCovered: boolean;
  /**
   * Index mode partial for reasons each answer can weigh for itself (partialScoped): a package or file outside every project,
   * a project that did not load, an import that did not resolve — the answer's gaps name the files among them that could
   * refer to its symbol, so it is complete without them. False for a project loaded with config errors (its reading of every
   * file is in doubt) or a diagnosis that cannot be read.
   */
  scoped: boolean;
}

/** Whether every cause of the stamped diagnosis' partial tier is one an answer's gaps (reach-gaps.ts) weigh for its symbol alone. */
export function partialScoped(loadDiagnosis: string | undefined): boolean {
  if (!loadDiagnosis) return false;
  try {
    const d = JSON.parse(loadDiagnosis) as { tier?: string; engine?: { error?: string | null }; projects?: { status?: string; files?: number }[]; unresolved?: unknown };
    if (d.tier !== "partial" || d.engine?.error || !Array.isArray(d.projects)) return false;
    // a project that failed holds no file (its files are outside every project, which the answers weigh); one loaded with config errors does
    return d.projects.every((p) => p.status === "loaded" || (p.status === "failed" && !p.files)) && d.unresolved !== null;
  } catch {
    return false;
  }
}

/** Why the checker cannot speak for the declaring file's references: it is in a language the semantic tier does not read (null: it may). */
function outsideCheckerLanguages(db: Database, fileId: number | null): string | null {
  if (fileId === null) return null;
  const file = db.query("SELECT path, language FROM files WHERE id = ?").get(fileId) as { path: string; language: string | null } | null;
  // the checker walks TypeScript and JavaScript: a declaration in any other language (Python, Go, YAML…) has only the syntax tier's evidence, whatever the index mode
  if (!file || isCheckerLanguage(file.language)) return null;
  return `${file.path} is ${file.language ? `a ${file.language} file` : "not source code"}: the semantic tier reads TypeScript and JavaScript only`;
}

/** `pending`: what is left of the semantic upgrade, when something is (semantic/pending.ts says it: whether it runs, stopped part-way or nothing runs it). */
export function coverageOf(db: Database, meta: IndexMeta, fileId: number | null, pending: string | null): Coverage {
  const mode = meta.index_mode ?? "syntax";
  // in any mode: a Go file's answer says the checker never reads Go, not that the semantic upgrade has not run yet
  const otherLanguage = outsideCheckerLanguages(db, fileId);
  const checker = (mode === "semantic" || mode === "partial") && otherLanguage === null;
  const dirty = checker ? readDirty(db) : [];
  let why: string | null = otherLanguage;
  if (!checker && !why) {
    let diagnosis: { tier?: string; advice?: string[]; engine?: { error?: string | null } } | null = null;
    try {
      diagnosis = meta.load_diagnosis ? JSON.parse(meta.load_diagnosis) : null;
    } catch {
      diagnosis = null;
    }
    // pending: whether it runs, stopped part-way (why) or nothing runs it, and what finishes it — never "running" for a run that ended
    why = pending ?? diagnosis?.engine?.error ?? diagnosis?.advice?.[0] ?? "the semantic upgrade has not run (svc index runs it; svc doctor explains)";
  }
  return { checker, mode, stale: dirty === "all" ? "all" : dirty.length, why, declaringFileCovered: checker && fileId !== null && declaringFileLoaded(db, meta, fileId), scoped: mode === "partial" && partialScoped(meta.load_diagnosis) };
}

/**
 * Whether the checker walked the declaring file: the index records the TypeScript and
 * JavaScript sources outside every project (one not among them is in a loaded project, edges
 * or none); for other files, and in an older index that does
 * not only knows it from the file's checker edges, which a file nothing imports and that
 * imports nothing has none of.
 */
function declaringFileLoaded(db: Database, meta: IndexMeta, fileId: number): boolean {
  const outside = readOutside(meta);
  if (outside !== null) {
    const file = db.query("SELECT path, language FROM files WHERE id = ?").get(fileId) as { path: string; language: string | null } | null;
    if (file && (file.language === "typescript" || file.language === "javascript") && !file.path.endsWith(".d.ts")) return !outside.includes(file.path);
  }
  return (db.query("SELECT 1 FROM edges WHERE provenance = 'checker' AND (from_file = ? OR to_file = ?) LIMIT 1").get(fileId, fileId) ?? null) !== null;
}

/**
 * Whether an answer may say "checker-complete": the semantic tier (or a partial one whose causes the gaps weigh per answer,
 * the walk recording which files have unresolved imports), nothing stale, and no file that could reference it left unread.
 */
export function checkerComplete(c: Coverage, gaps: ReachGaps): boolean {
  const tier = c.mode === "semantic" || (c.mode === "partial" && c.scoped && gaps.unresolvedRecorded);
  return c.checker && !c.stale && tier && gapPhrase(gaps) === null;
}

/** `coverage: …` for an answer built from `checkerCount` checker and `syntaxCount` syntax references. */
export function coverageLine(c: Coverage, checkerCount: number, syntaxCount: number, gaps: ReachGaps): string {
  if (!c.checker) return `coverage: syntax tier (index mode ${c.mode}: ${c.why}); only imports are known: calls inside files, references through renamed, default or re-exported bindings, method calls (dynamic dispatch) and imports by string are not`;
  const stale = c.stale === "all" ? "; the semantic update is pending for every file" : c.stale ? `; ${c.stale} changed file${c.stale === 1 ? "" : "s"} not re-walked yet` : "";
  const total = checkerCount + syntaxCount;
  const from = syntaxCount ? `${checkerCount} from the checker, ${syntaxCount} from syntax` : "all from the checker";
  const gap = gapPhrase(gaps);
  const complete = checkerComplete(c, gaps) ? " (checker-complete)" : c.mode === "partial" && !c.scoped ? " (index mode partial: svc doctor says what is missing)" : "";
  return `coverage: ${total} reference${total === 1 ? "" : "s"}, ${total ? from : "checker-resolved"}${complete}${stale}${gap ? `; ${gap}` : ""}`;
}

/** An empty answer of the checker tier, said as much as it was earned: `none` only without gaps, stale files or a syntax tier. */
export function emptyPhrase(c: Coverage, gaps: ReachGaps, none: string): string {
  if (!c.checker) return "none found (syntax tier: only imports are known; may be incomplete)";
  if (c.stale) return `none found (${c.stale === "all" ? "the semantic update is pending" : "changed files not re-walked yet"}; may be incomplete)`;
  const gap = gapPhrase(gaps);
  if (gap) return `none found; ${gap}`;
  if (checkerComplete(c, gaps)) return `${none} (checker-complete)`;
  return `${none} (every file that could reference it is in a loaded project; index mode ${c.mode}: svc doctor)`;
}
