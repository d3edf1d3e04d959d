// Registry rows that look code up: find (names, paths, text, wiring, the checker's
// neighbours), context from seeds, a review packet, the blast radius of a change.

import { FORMAT_PARAM, MIN_BUDGET, PATH_PARAM } from "../params.ts";
import { INDEX_STATE, int, obj, str, WORKSPACE_PATH, type OperationSpec } from "./spec.ts";

/** find kind=task: one ranked file, and for the best files the declarations the change most likely touches. */
const TASK_CANDIDATE = obj(
  {
    path: str,
    score: { type: "number" },
    tokens: int,
    reasons: { type: "array", items: str },
    symbols: { type: "array", items: obj({ name: str, kind: str, line: int, endLine: int, score: { type: "number" }, reasons: { type: "array", items: str } }, ["name", "kind", "line", "endLine", "score", "reasons"]) },
  },
  ["path", "score", "tokens", "reasons"],
);

/** svc_context seeds per kind: each is resolved against the index, so the list is kept short. */
const SEED_CAP = 100;

/** A parameter of the packed content (its format, a session, the handoff packet): a plan without content (planOnly) has none. */
const WITH_CONTENT = { param: "planOnly", values: ["false"] } as const;
/** review's packet of files (its format, its session): not the handoff, which renders a PR packet of its own. */
const NOT_HANDOFF = { param: "handoff", values: ["false"] } as const;

export const LOOKUP_OPERATIONS: readonly OperationSpec[] = [
  {
    op: "find",
    catalog: "A",
    readOnly: true,
    summary: "Exact lookup: declarations by name, paths, full-text hits, framework wiring",
    description:
      "Exact lookup in the index. kind=symbol: declarations whose name matches (exact, then prefix, then substring; exported first) as `kind qualifiedName (path:line)`; kind=path: inventory paths containing the query; kind=text: full-text hits over declarations ranked BM25F-style (the declaring file ranks above files that only mention a name); kind=all: all three sections. kind=signatures: the exact signature of each declaration of a name (overloads listed; `pkg#export` and a dependency's `Type.member` through the resident compiler). kind=neighbors: every caller, reference, implementer and subclass of one declaration (Name, Type.member or path:line) from the type checker — a member's include the calls through the interface, abstract or base members it satisfies (`via Router.match`) — the importers outside every loaded project, and a coverage line (checker-complete only when no file that could reference it is outside the projects or holds an unresolved import; otherwise partial, naming those files). Wiring kinds answer hop by hop with the edge kind and evidence location (`[di_resolves_to] class OrderService  (src/orders/order.service.ts:8)`): kind=route takes \"GET /api/orders/:id\", a bare pattern or a concrete URL and lists the handler with its prefix chain (controller paths, mounts, global prefix); kind=service a DI token or class; kind=request a command/query/event class, message pattern, queue or event name; kind=config a key or section (values are never read). Nothing found says `no matches` with the nearest names, and dynamic registrations that could not be resolved are listed. Cheap (milliseconds on a warm index).",
    mcp: [{ tool: "svc_find" }],
    cli: { command: "find" },
    params: [
      { name: "query", type: "string", required: true, description: "A name, path fragment or words to look for.", cli: { positional: true } },
      WORKSPACE_PATH,
      { name: "kind", type: "enum", values: ["all", "symbol", "path", "text", "task", "signatures", "neighbors", "service", "request", "route", "config"], default: "all", description: "What to look up: symbol, path, text, all three, task (which files a change described in words touches, ranked and graded, with the declarations of the best files it most likely changes), signatures (exact signatures of a name; pkg#export and Type.member of dependencies with a resident compiler), neighbors (callers, references, implementers and subclasses of one declaration, from the type checker), or framework wiring: service (DI token or class → implementation, registrations, injection sites), request (command/query/event/message/job → handler and senders), route (\"METHOD /pattern\" or a bare pattern or URL → handler with its prefix chain), config (key or section → definitions and readers)." },
      { name: "limit", type: "int", default: 50, min: 1, max: 1000, description: "Maximum results per section (task: at most 100 candidates)." },
      { name: "changedSince", type: "string", shape: "ref", default: null, appliesWith: { param: "kind", values: ["task"] }, description: "kind=task: files changed since this git ref are candidates too." },
    ],
    output: obj({ query: str, kind: str, root: str, indexState: INDEX_STATE, symbols: { type: "object" }, paths: { type: "object" }, text: { type: "object" }, nearest: { type: "array", items: str }, grade: str, candidates: { type: "array", items: TASK_CANDIDATE }, unmatched: { type: "array", items: str }, noCandidates: str, gradeEvidence: { type: "object" }, navigation: { type: "object" }, wiring: { type: "object" } }, ["query", "kind", "root", "indexState"]),
    load: async () => (await import("../ops/find.ts")).find as never,
  },
  {
    op: "context",
    catalog: "A",
    readOnly: true,
    summary: "Scoped, reduced context from seeds (symbols, files, services, requests, configs, routes)",
    description:
      "Everything needed to work on the given seeds: the seed files (kept whole at standard level) and, best-first through typed edges in both directions, their handlers, implementations, consumers, configs, tests and dependencies (as signatures), packed under maxTokens with seeds always kept. Each file says its role, tier and why it is included. Use after find (kind task or symbol) has named the starting points.",
    mcp: [{ tool: "svc_context" }],
    cli: { command: "context" },
    params: [
      PATH_PARAM,
      { name: "seeds", type: "string[]", default: null, maxItems: SEED_CAP, description: "Symbol names (OrderService, OrderService.place), or path:line for one declaration of a name several files declare.", cli: { flag: "seed" } },
      { name: "files", type: "string[]", default: null, shape: "path", maxItems: SEED_CAP, description: "Files (root-relative or absolute, inside the workspace).", cli: { flag: "file" } },
      { name: "services", type: "string[]", default: null, maxItems: SEED_CAP, description: "DI services or tokens.", cli: { flag: "service" } },
      { name: "requests", type: "string[]", default: null, maxItems: SEED_CAP, description: "Commands, queries, events or messages.", cli: { flag: "request" } },
      { name: "configs", type: "string[]", default: null, maxItems: SEED_CAP, description: "Config keys or sections.", cli: { flag: "config" } },
      { name: "routes", type: "string[]", default: null, maxItems: SEED_CAP, description: "Routes: \"METHOD /pattern\" or a pattern.", cli: { flag: "route" } },
      { name: "depth", type: "int", default: 2, min: 1, max: 10, description: "Expansion hops from the seeds." },
      { name: "maxTokens", type: "int", default: 0, min: 0, orAtLeast: MIN_BUDGET, description: `Token budget (0 = unlimited, else at least ${MIN_BUDGET}); seeds are always kept.`, cli: { flag: "max-tokens" } },
      { ...FORMAT_PARAM, appliesWith: WITH_CONTENT },
      { name: "planOnly", type: "bool", default: false, description: "Return the plan (files, roles, tiers, scores, provenance) without content." },
      { name: "sessionId", type: "string", shape: "sessionId", default: null, appliesWith: WITH_CONTENT, description: "Session id: files already sent with the same content are omitted.", cli: { flag: "session" } },
    ],
    output: obj({ mode: str, files: int, totalTokens: int, entries: { type: "array" } }, ["mode"]),
    load: async () => (await import("../ops/context.ts")).context as never,
  },
  {
    op: "review",
    catalog: "A",
    readOnly: true,
    summary: "Review a change since a git base: context, public API delta, hunks and callers",
    description:
      "A review packet for the change since a git ref (default HEAD; tracked and untracked files): the changed files as must-keep seeds with their dependents and dependencies (depth 2), the public API delta (removed, changed or narrowed exports are BREAKING), and per changed file its hunks and direct callers. handoff=true renders a paste-ready PR packet instead.",
    mcp: [{ tool: "svc_review" }],
    cli: { command: "review" },
    params: [
      PATH_PARAM,
      { name: "changedSince", type: "string", shape: "ref", default: "HEAD", description: "Git base: branch, commit or HEAD~N." },
      { name: "maxTokens", type: "int", default: 0, min: 0, orAtLeast: MIN_BUDGET, description: `Token budget (0 = unlimited, else at least ${MIN_BUDGET}); changed files are always kept.`, cli: { flag: "max-tokens" } },
      { name: "includeTests", type: "bool", default: true, description: "Include test files that reach the change.", cli: { flag: "tests", negate: true } },
      { ...FORMAT_PARAM, appliesWith: [WITH_CONTENT, NOT_HANDOFF] },
      { name: "sessionId", type: "string", shape: "sessionId", default: null, appliesWith: [WITH_CONTENT, NOT_HANDOFF], description: "Session id: files already sent with the same content are omitted.", cli: false },
      { name: "handoff", type: "bool", default: false, appliesWith: WITH_CONTENT, description: "Render a paste-ready PR packet (changed files, API delta, compiler status, tests, residual risk)." },
      { name: "checkSession", type: "string", shape: "sessionId", default: null, appliesWith: { param: "handoff", values: ["true"] }, description: "The check session whose compiler status the handoff reports." },
      { name: "maxChangedFiles", type: "int", default: 150, min: 1, description: "Above this many changed files only the list is returned." },
      { name: "planOnly", type: "bool", default: false, description: "Return the plan without content." },
    ],
    output: obj({ changedSince: str, changed: { type: "array" }, apiDelta: { type: "array" }, context: { type: "object" }, plan: { type: "object" } }, ["changedSince", "changed", "apiDelta"]),
    load: async () => (await import("../ops/review.ts")).review as never,
  },
  {
    op: "impact",
    catalog: "A",
    readOnly: true,
    summary: "Blast radius of a declaration (dependents by hop, implementers, public surface, covering tests) or of a package upgrade",
    description:
      "Everything that would feel a change to one declaration (Name, Type.member or path:line): direct references and callers, implementers and overriders, transitive dependents grouped by hop up to depth, whether the package's entry points expose it, the test files that reach it, and a coverage line (checker-complete only when every file that could reference it is in a loaded TypeScript project with its imports resolved; otherwise partial, naming those files). Top-level code counts as a caller (`(module) path`: inline route handlers, exported object literals) reached by every file importing that module; re-export barrels are followed to their importers; a member is reached through the interface, abstract and base members it satisfies (`via Router.match`). Use before changing a signature or removing code. Package mode (package, fromVersion, toVersion, all required; no symbol): the package's exported API at the two versions, found locally only (node_modules, nested node_modules, pnpm's store, the Bun cache, an `npm pack` tarball in the workspace root), diffed — removed, signature changed or visibility reduced is BREAKING, added is additive — each BREAKING export with the workspace files importing it (path:line; namespace/default imports as 'may use'); a version not found abstains and names the `npm pack` command that fetches it.",
    mcp: [{ tool: "svc_impact" }],
    cli: { command: "impact" },
    params: [
      { name: "symbol", type: "string", default: null, description: "The declaration: Name, Type.member, or path:line as answers print it.", cli: { positional: true } },
      WORKSPACE_PATH,
      { name: "limit", type: "int", default: 50, min: 1, max: 1000, description: "Dependents listed per hop (package mode: BREAKING changes listed)." },
      // package mode lists the upgrade's breaking changes and their uses, no hops: a depth there was ignored
      { name: "depth", type: "int", default: 3, min: 1, max: 10, appliesWith: { param: "package", unset: true }, description: "Hops of transitive dependents." },
      { name: "package", type: "string", default: null, description: "Package mode: the npm dependency whose upgrade to check (zod, @scope/name)." },
      { name: "fromVersion", type: "string", default: null, description: "Package mode: the version used now (exact, e.g. 3.22.0)." },
      { name: "toVersion", type: "string", default: null, description: "Package mode: the version to upgrade to (exact)." },
    ],
    output: obj({ root: str, indexState: INDEX_STATE, status: str, symbol: { type: "object" }, candidates: { type: "array" }, publicSurface: { type: "object" }, overriders: { type: "array" }, dependents: { type: "array" }, tests: { type: "array" }, coverage: { type: "object" }, package: { type: "object" } }, ["root", "status"]),
    load: async () => (await import("../ops/impact.ts")).impact as never,
  },
];
