// Registry rows of the fusion catalog: reduced, budgeted context of files, a directory, a
// task, a seed, a query or a change (reduce, toc, ask, skeleton, focus, search, changes, fuse).

import {
  depthParam,
  EXCL_PARAMS,
  EXTENSION_PARAMS,
  FORMAT_PARAM,
  INCLUDE_DEPENDENTS_PARAM,
  levelParam,
  maxTokensParam,
  MIN_BUDGET,
  PATH_PARAM,
  QUERY_TOP_PARAM,
  SESSION_PARAM,
  SOURCE_CAP,
  TRACK_PARAM,
  type ParamSpec,
} from "../params.ts";
import { arr, int, obj, str, type OperationSpec } from "./spec.ts";

const MAXTOK = maxTokensParam(null);
/** A task in natural language (ask): longer than the 4096 of other strings. */
const TASK_CAP = 16_384;
/** Structured result of every fusion answer: the manifest (files with path, tier, tokens, role, provenance), what was dropped and the call that fetches it; the content is the text. */
const FUSION_OUTPUT = obj({ mode: str, tokenizer: str, level: str, collected: int, files: int, totalTokens: int, maxTokens: { type: ["integer", "null"] }, entries: arr, dropped: arr, droppedCount: int, next: { type: ["string", "null"] }, notes: arr }, ["mode", "files", "entries", "dropped"]);
/** ask adds the map: the relevant files not packed, each with why and the call that fetches it, and how many the budget cut from it. */
const ASK_OUTPUT = {
  ...FUSION_OUTPUT,
  properties: {
    ...(FUSION_OUTPUT.properties as Record<string, unknown>),
    map: { type: "array", items: obj({ path: str, tokens: int, why: str, next: str }, ["path", "why", "next"]) },
    mapCut: int,
  },
};
/** The parameters focus and search end with: what to skip, the level, the budget, stats, the session and the format. */
const SCOPED_TAIL: readonly ParamSpec[] = [...EXCL_PARAMS, levelParam("none"), MAXTOK, TRACK_PARAM, SESSION_PARAM, FORMAT_PARAM];
const FOCUS_SEED: ParamSpec = { name: "focus", type: "string", required: true, description: "Seed: a type name, a file name, a root-relative path (path:line names one declaration) or a directory (Type.Member slices to that member with SVC_SEMANTIC=1).", cli: { positional: true } };

export const FUSION_OPERATIONS: readonly OperationSpec[] = [
  {
    op: "reduce",
    catalog: "A",
    readOnly: true,
    summary: "Compact given files or raw content at a reduction level",
    description:
      "Reduce known files (files=[paths]) or raw content (content + extension) at a level (default standard: comments and imports removed) and return them with the fusion manifest. Works without git and without an index; secrets are redacted.",
    mcp: [{ tool: "svc_reduce" }],
    cli: { command: "reduce" },
    params: [
      { ...PATH_PARAM, cli: { flag: "path" } },
      { name: "files", type: "string[]", default: null, shape: "path", description: "Files to reduce (relative to path, confined to the workspace).", cli: { flag: "files", rest: true } },
      { name: "content", type: "string", default: null, maxLength: SOURCE_CAP, rawText: true, description: "Raw content to reduce (instead of files); on the CLI --stdin reads it from standard input.", cli: { flag: "stdin", fromStdin: true } },
      { name: "extension", type: "string", default: ".ts", shape: "extension", appliesWith: { param: "content" }, description: "Language of content, as a file extension.", cli: { flag: "ext" } },
      levelParam("standard"),
      { name: "maxTokens", type: "int", default: 0, min: 0, orAtLeast: MIN_BUDGET, description: `Token limit (0 = unlimited, else at least ${MIN_BUDGET}).`, cli: { flag: "max-tokens" } },
      FORMAT_PARAM,
    ],
    output: obj({ mode: str, format: str, tokenizer: str, level: str, files: int, totalTokens: int, redacted: int, entries: { type: "array" }, dropped: { type: "array" } }, ["mode", "files", "totalTokens", "entries"]),
    load: async () => (await import("../ops/reduce.ts")).reduce as never,
  },
  {
    op: "toc",
    catalog: "B",
    readOnly: true,
    summary: "Table of contents: directory tree, declared types and members, per-file token costs",
    description:
      "Table of contents of a directory: the file tree with each file's token cost (~N tokens) and the types it declares with their members. No file bodies. The cheapest first call on an unknown codebase; degrades to paths only, then to one row per directory, to fit maxTokens (default 24000).",
    mcp: [{ tool: "svc_toc" }],
    cli: { command: "toc" },
    params: [PATH_PARAM, ...EXCL_PARAMS, maxTokensParam(24000, "Token budget for the table of contents (default 24000); the tree degrades to fit.")],
    output: obj({ root: str, path: str, files: int, readCostTokens: int, tokenizer: str, detail: str, outputTokens: int, entries: arr, notIncluded: arr }, ["root", "files", "detail", "entries"]),
    load: async () => (await import("../ops/toc.ts")).toc as never,
  },
  {
    op: "ask",
    catalog: "B",
    readOnly: true,
    summary: "Task → the right scope (skeleton, focus or search) packed to a token budget",
    description:
      "Give a task in plain words and a token budget; svc picks the strategy (a broad question → skeleton, one named type → focus on it, otherwise search; central — the most depended-on files — when the task's words match no file) and returns the files the task localizer (find kind=task) ranks, source first: the best whole while they fit, then their neighbours (callers, callees, tests) as signatures, then a map of the relevant files not packed, each with why and the call that fetches it (structured: map). The manifest says why each file is in. The first line names the strategy. Use when you do not yet know which files matter.",
    mcp: [{ tool: "svc_ask" }],
    cli: { command: "ask" },
    params: [
      { name: "task", type: "string", required: true, maxLength: TASK_CAP, description: "What you need, in natural language.", emptyMessage: "task must describe what you need", cli: { positional: true } },
      PATH_PARAM,
      { name: "tokenBudget", type: "int", default: 20000, min: MIN_BUDGET, description: `Maximum tokens of returned context (default 20000, at least ${MIN_BUDGET}; at 40000 or more focus and search go two hops deep).`, cli: { flag: "budget" } },
      ...EXCL_PARAMS,
      FORMAT_PARAM,
    ],
    output: ASK_OUTPUT,
    load: async () => (await import("../ops/ask.ts")).ask as never,
  },
  {
    op: "skeleton",
    catalog: "B",
    readOnly: true,
    summary: "Signatures only: every file's declarations without bodies",
    description:
      "Every collected file reduced to signatures (declarations, no bodies; imports and first doc sentences kept). publicApi=true keeps only exported declarations and their public/protected members. Typically a quarter of the raw tokens or less.",
    mcp: [{ tool: "svc_skeleton" }],
    cli: { command: "skeleton" },
    params: [
      PATH_PARAM,
      ...EXCL_PARAMS,
      { name: "semanticMarkers", type: "bool", default: false, description: "Prepend a structural annotation comment (kind, extends, implements, dependencies) to each type." },
      { name: "publicApi", type: "bool", default: false, description: "Keep only public and protected member skeletons of exported declarations." },
      MAXTOK,
      TRACK_PARAM,
      FORMAT_PARAM,
    ],
    output: FUSION_OUTPUT,
    load: async () => (await import("../ops/skeleton.ts")).skeleton as never,
  },
  {
    op: "focus",
    catalog: "B",
    readOnly: true,
    summary: "A type, file or folder and the files around it (dependencies and dependents)",
    description:
      "Scope to a seed — a type name, file name, path or folder — plus the files it depends on and the files that depend on it, best-first up to depth hops (hop 2+ at skeleton). Most relevant first; under maxTokens the farthest files are downgraded, then dropped and named. Use when you know the type or file to work on.",
    mcp: [{ tool: "svc_focus" }],
    cli: { command: "focus" },
    params: [
      FOCUS_SEED,
      PATH_PARAM,
      depthParam("Dependency hops out from the seed (1–10)."),
      ...SCOPED_TAIL,
    ],
    output: FUSION_OUTPUT,
    load: async () => (await import("../ops/focus.ts")).focus as never,
  },
  {
    op: "search",
    catalog: "B",
    readOnly: true,
    summary: "BM25F search: the files that declare and discuss a topic, plus their dependencies",
    description:
      "Rank files for a natural-language or keyword query with BM25F (declared type names, member names and path weigh more than bodies, so the declaring file comes first), take the top queryTop, and expand through the files they depend on. Matched files keep their best-matching members whole and the rest as signatures. Use when you know the topic but not the file.",
    mcp: [{ tool: "svc_search" }],
    cli: { command: "search" },
    params: [
      { name: "query", type: "string", required: true, description: "Natural-language or keyword query.", cli: { positional: true } },
      PATH_PARAM,
      QUERY_TOP_PARAM,
      depthParam("Dependency hops out from the matched files (1–10)."),
      { name: "rerank", type: "bool", default: false, description: "Rerank candidates by embedding similarity (accepted; currently has no effect and says so)." },
      ...SCOPED_TAIL,
    ],
    output: FUSION_OUTPUT,
    load: async () => (await import("../ops/search.ts")).search as never,
  },
  {
    op: "changes",
    catalog: "B",
    readOnly: true,
    summary: "Files changed since a git ref (staged, unstaged, untracked) plus their dependents",
    description:
      "The files changed since a git ref (branch, commit, HEAD~N), including staged, unstaged and untracked files, plus their first-degree dependents at skeleton. review=true prepends a review map: per changed file its +/- counts, direct callers and diff hunks. Use to review or continue a change.",
    mcp: [{ tool: "svc_changes" }],
    cli: { command: "changes" },
    params: [
      { name: "changedSince", type: "string", shape: "ref", required: true, description: "Git ref: branch, commit or HEAD~N.", cli: { positional: true } },
      PATH_PARAM,
      INCLUDE_DEPENDENTS_PARAM,
      { name: "review", type: "bool", default: false, description: "Prepend a review map of diff hunks and direct callers per changed file." },
      ...EXCL_PARAMS,
      levelParam("none"),
      MAXTOK,
      TRACK_PARAM,
      FORMAT_PARAM,
    ],
    output: FUSION_OUTPUT,
    load: async () => (await import("../ops/changes.ts")).changes as never,
  },
  {
    op: "fuse",
    catalog: "B",
    readOnly: true,
    summary: "Full-control fusion for any template (svc_managed for TypeScript, svc_generic for others)",
    description:
      "Full-control fusion: choose the template and extensions, size limit, test exclusion, reduction level, at most one scope (focus, changedSince or query), a cross-codebase pattern summary, git churn stats and collapsed generated code.",
    mcp: [
      {
        tool: "svc_managed",
        fixed: { template: "typescript" },
        params: ["path", "excludeDirectories", "excludeFiles", "excludePatterns", "excludeTestProjects", "includeExtensions", "excludeExtensions", "onlyExtensions", "maxFileSizeKb", "excludeUnitTestProjects", "level", "semanticMarkers", "focus", "depth", "changedSince", "includeDependents", "query", "queryTop", "patternSummary", "collapseGenerated", "maxTokens", "trackTopTokenFiles", "gitStats", "format"],
      },
      {
        tool: "svc_generic",
        params: ["path", "template", "excludeDirectories", "excludeFiles", "excludePatterns", "excludeTestProjects", "includeExtensions", "excludeExtensions", "onlyExtensions", "maxFileSizeKb", "changedSince", "includeDependents", "maxTokens", "trackTopTokenFiles", "gitStats", "format"],
      },
    ],
    cli: { command: "fuse" },
    params: [
      PATH_PARAM,
      { name: "template", type: "string", default: null, description: "Template: typescript (aliases managed, ts, js, node), python, go, rust, java, kotlin, scala, csharp, ruby, php, swift, c, cpp, docs, infrastructure; unset = inferred from the directory." },
      ...EXCL_PARAMS,
      ...EXTENSION_PARAMS,
      { name: "excludeUnitTestProjects", type: "bool", default: false, description: "Skip only unit tests (*.test.*, *.spec.*, __tests__/, test/unit); keep integration and e2e.", cli: { flag: "exclude-unit-tests" } },
      levelParam("none"),
      { name: "semanticMarkers", type: "bool", default: false, description: "Prepend a structural annotation comment to each type." },
      { name: "focus", type: "string", default: null, description: "Focus seed (exclusive with changedSince and query)." },
      { ...depthParam("Traversal depth for focus and query scoping (1–10)."), appliesWith: { param: "focus", or: ["query"] } },
      { name: "changedSince", type: "string", shape: "ref", default: null, description: "Git ref: only files changed since it (exclusive with focus and query)." },
      { ...INCLUDE_DEPENDENTS_PARAM, appliesWith: { param: "changedSince" } },
      { name: "query", type: "string", default: null, description: "BM25 query (exclusive with focus and changedSince)." },
      { ...QUERY_TOP_PARAM, appliesWith: { param: "query" } },
      { name: "patternSummary", type: "bool", default: false, description: "Append a cross-codebase pattern summary (DI, routing, CQRS, logging, errors, validation, data access, async style, tests)." },
      { name: "collapseGenerated", type: "bool", default: false, description: "Collapse generated migration, snapshot and codegen bodies to signatures." },
      MAXTOK,
      TRACK_PARAM,
      { name: "gitStats", type: "bool", default: false, description: "Add git churn (commits in 90 days, last commit date) to each manifest line." },
      FORMAT_PARAM,
    ],
    output: FUSION_OUTPUT,
    load: async () => (await import("../ops/fuse.ts")).fuse as never,
  },
];
