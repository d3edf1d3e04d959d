// Plans: the ordered files a scoped answer will emit, each with a role, a reduction tier,
// a score and the chain that brought it in.

import type { LanguageId } from "../lang/languages.ts";
import type { Level } from "../render/reduce/index.ts";

export type Role =
  | "seed"
  | "match"
  | "changed"
  | "dependency"
  | "dependent"
  | "file"
  | "exact-seed"
  | "route-handler"
  | "request-handler"
  | "di-implementation"
  | "consumer"
  | "config"
  | "test";

export interface PlanEntry {
  fileId: number;
  path: string;
  role: Role;
  tier: Level;
  /** Relevance (null when the plan is unscored: then entries go by path). */
  score: number | null;
  /** Human-readable chain: "seed src/a.ts", "imports src/b.ts" … */
  provenance: string[];
  /** Declarations kept whole at skeleton tiers (search matches, Type.Member focus). */
  keepWhole?: string[];
  /** The keepWhole declarations' lines in the file (1-based, inclusive; same order), for an excerpt of the signatures around them. */
  keepLines?: [number, number][];
  /** What a seed names in the file (a `path:line`, a declared name): kept by any cut of the file, else the cut says it is not shown. */
  pin?: SeedPin;
  language: LanguageId | null;
  generated: boolean;
  /** Index estimate, for planning before content is read. */
  estimate: number;
  /** In-memory content (svc_reduce of given content); otherwise the file is read from disk. */
  text?: string;
  /** Kept whatever the budget (context seeds, changed files under review). */
  mustKeep?: boolean;
  /** Packing for editing: the entry is a guess (what kind, for the manifest); whole it may take at most packing.tentativeShare of the budget, else it goes as signatures (whole if room remains at the end). */
  tentative?: string;
}

/** The line a seed names in its file, the declaration around it and the headers of the declarations enclosing that (1-based lines). */
export interface SeedPin {
  /** "line 2459 (EntityManager.flush)", "EntityManager.flush (line 2459)": what the cut marker says is not shown when it cannot be kept. */
  label: string;
  line: number;
  /** The innermost declaration holding the line: its qualified name and lines (null: the line is in no declaration). */
  decl: { name: string; line: number; endLine: number } | null;
  /** The first lines of the declarations enclosing it, outermost first. */
  headers: number[];
}

export interface Plan {
  mode: string;
  /** When set, entries are listed most needed first (what a budget keeps) and the kept ones are emitted in this order. */
  emitOrder?: (a: PlanEntry, b: PlanEntry) => number;
  /** The level the manifest names when the plan chose it (ask's skeleton strategy). */
  level?: Level;
  entries: PlanEntry[];
  /** Files in the collection the plan was drawn from. */
  collected: number;
  /** Lines placed before the manifest (the ask strategy line, a review map, session notes). */
  prelude: string[];
  /** Items of the prelude (indices, most important first) kept when it is cut to fit, as many as fit: review's API delta count, which the map's lines after it must not push out. */
  preludeKeep?: number[];
  /** Lines added to the manifest (patterns, notes such as deleted files or rerank). */
  manifestNotes: string[];
  /** Data and docs files set aside (not emitted), one row per extension (structured result). */
  notIncluded?: { ext: string; kind: "data" | "docs"; files: number; tokens: number; paths?: string[] }[];
  /** The same as manifest lines (text only). */
  notIncludedLines?: string[];
  /** Per-file suffixes for manifest lines (gitStats). */
  suffixes?: Map<string, string>;
  /** Each <file> carries role, tier, tokens and an "included via" comment (svc_context, svc_review). */
  annotate?: boolean;
  /**
   * The call that fetches a file the budget left out, in the request's surface's terms (default:
   * svc_focus on it); "" when there is none besides raising the budget (raw content has no path).
   */
  fetch?: (path: string) => string;
  /**
   * A map after the packed files (ask): each relevant entry not packed gets one line — why it
   * is relevant and the call that fetches it (`next` + `common`, in the request's surface's
   * terms; the text states `common`, the arguments every call shares, once). `share` of the
   * budget is held for it while packing, out of the signatures' part (whole files keep their
   * room); the map is cut first when the answer would exceed the budget, and says so.
   */
  map?: { share: number; next: (path: string) => string; common: string };
  /**
   * Packing for editing (ask): no fair share; entries planned at a body-keeping tier are kept
   * whole while the answer stays within `wholeShare` of the budget, otherwise as signatures;
   * room left at the end turns entries sent as signatures into whole files, best first (unless `upgrade` is false).
   */
  packing?: {
    wholeShare: number;
    upgrade?: boolean;
    /** One file's signatures take at most this share of the budget (more: a head-and-tail excerpt of them). */
    signatureShare?: number;
    /** A tentative entry (PlanEntry.tentative) whose whole file would take more than this share of the budget goes as signatures. */
    tentativeShare?: number;
    /** An entry planned whole that does not fit whole waits: the entries after it are tried whole first, its signatures placed before the first entry planned at signature level. */
    deferSignatures?: boolean;
    /** A waiting entry keeps this share of the budget for a head-and-tail excerpt of its signatures. */
    deferKeep?: number;
    /**
     * An entry planned whole that arrives as signatures keeps its `keepWhole` declarations whole (as many of
     * them, best first, as fit) while its signatures take at most this share of the budget; beyond it, plain signatures.
     */
    focusShare?: number;
    /** The last step (room left turning signatures whole) takes the entries of role `match` (the task's candidates) first, then the rest, each in plan order. */
    upgradeMatchesFirst?: boolean;
  };
}
