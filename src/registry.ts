// The surface registry: one row per engine operation with its MCP tool, CLI command and
// RPC method(s). MCP registration, CLI wiring, --help and the parity test read this table.
// Operations are loaded lazily so that start-up (`svc --version`, `svc --help`) stays cheap.

import {
  CONTENT_CAP,
  depthParam,
  SOURCE_CAP,
  EXCL_PARAMS,
  EXTENSION_PARAMS,
  FORMAT_PARAM,
  INCLUDE_DEPENDENTS_PARAM,
  levelParam,
  maxTokensParam,
  PATH_PARAM,
  QUERY_TOP_PARAM,
  SESSION_PARAM,
  TRACK_PARAM,
  type ParamSpec,
} from "./params.ts";
import type { OpContext, OpResult } from "./ops/types.ts";
import { REFACTOR_OPERATIONS } from "./refactor/operations.ts";

export type Catalog = "A" | "B" | "host";

export interface OperationSpec {
  /** Engine operation name (`src/engine.ts` exports it). */
  op: string;
  catalog: Catalog;
  readOnly: boolean;
  /** Writes the working tree (svc_workspace action=apply): the MCP tool is marked destructive. */
  writesTree?: boolean;
  /** One line for `svc --help`. */
  summary: string;
  /** Agent-facing description: what it returns, when to use it, what it costs. */
  description: string;
  /** MCP tools serving this operation (the action/kind value that selects it inside a multiplexed tool; a parameter subset and fixed values when one operation backs several tools). */
  mcp?: McpBinding[];
  /** CLI command name; positional params come from `params`. */
  cli?: { command: string };
  rpc?: string[];
  params: readonly ParamSpec[];
  /** JSON Schema of the structured result (MCP outputSchema). */
  output?: Record<string, unknown>;
  load: () => Promise<(request: Record<string, unknown>, ctx: OpContext) => Promise<OpResult>>;
}

const WORKSPACE_PATH: ParamSpec = { ...PATH_PARAM, description: "A directory inside the workspace (default: the working directory); absolute paths recommended." };

export interface McpBinding {
  tool: string;
  action?: string;
  kind?: string;
  /** The parameters this tool exposes (default: all of the operation's). */
  params?: readonly string[];
  /** Values the tool fixes (svc_managed: template typescript). */
  fixed?: Record<string, unknown>;
}

const MAXTOK = maxTokensParam(null);
/** svc_context seeds per kind: each is resolved against the index, so the list is kept short. */
const SEED_CAP = 100;
/** A task in natural language (ask): longer than the 4096 of other strings. */
const TASK_CAP = 16_384;

const obj = (properties: Record<string, unknown>, required: string[]) => ({ type: "object", properties, required, additionalProperties: true });
const str = { type: "string" };
const int = { type: "integer" };
/** The most candidates a race takes. */
const RACE_CAP = 5;
const bool = { type: "boolean" };
const INDEX_STATE = { type: "string", enum: ["not_indexed", "building_syntax", "upgrade_pending", "index_rebuilding", "index_busy", "stale_as_of", "ready"] };
const arr = { type: "array" };
/** Structured result of every fusion answer: the manifest (files with path, tier, tokens, role, provenance), what was dropped and the call that fetches it; the content is the text. */
const FUSION_OUTPUT = obj({ mode: str, tokenizer: str, level: str, collected: int, files: int, totalTokens: int, maxTokens: { type: ["integer", "null"] }, entries: arr, dropped: arr, droppedCount: int, next: { type: ["string", "null"] }, notes: arr }, ["mode", "files", "entries", "dropped"]);
const FOCUS_SEED: ParamSpec = { name: "focus", type: "string", required: true, description: "Seed: a type name, a file name, a root-relative path or a directory (Type.Member slices to that member with SVC_SEMANTIC=1).", cli: { positional: true } };

export const REGISTRY: readonly OperationSpec[] = [
  {
    op: "status",
    catalog: "A",
    readOnly: true,
    summary: "Index state and freshness from index_meta only (never creates the store)",
    description:
      "Workspace status: the availability header, root, index mode, file and symbol counts, full-text search, integrity and the host line. Reads index_meta only and never creates the index; a cold workspace reports not_indexed.",
    mcp: [{ tool: "svc_workspace", action: "status" }],
    cli: { command: "diagnostics" },
    params: [WORKSPACE_PATH],
    output: obj({ root: str, indexState: INDEX_STATE, mode: { type: ["string", "null"] }, files: int, symbols: int, fts: { type: ["boolean", "null"] }, integrity: { type: ["string", "null"] }, host: str }, ["root", "indexState", "files", "host"]),
    load: async () => (await import("./ops/status.ts")).status as never,
  },
  {
    op: "index",
    catalog: "A",
    readOnly: false,
    summary: "Build or refresh the index (.svc/svc.db): a synchronous full pass",
    description:
      "Build or refresh the workspace index at <root>/.svc/svc.db: every inventory file parsed (declarations, chunks, imports resolved to files, full-text fields). Unchanged files are reused; force=true discards everything derived first. Reads build the index on first use, so calling this is optional.",
    mcp: [{ tool: "svc_workspace", action: "index" }],
    cli: { command: "index" },
    rpc: ["svc/index"],
    params: [WORKSPACE_PATH, { name: "force", type: "bool", default: false, description: "Discard the derived tables first and rebuild from scratch." }],
    output: obj({ root: str, indexState: str, mode: str, files: int, symbols: int, chunks: int, routes: int, elapsedMs: int, schemaVersion: int, fts: bool, svcVersion: str, languages: { type: "array" } }, ["root", "indexState", "mode", "files", "symbols"]),
    load: async () => (await import("./ops/build-index.ts")).buildIndex as never,
  },
  {
    op: "map",
    catalog: "A",
    readOnly: true,
    summary: "Workspace map: top-level and exported declarations, routes",
    description:
      "Workspace map: top-level and exported declarations (kind, qualified name, path:line) and routes, each section capped at maxRows, with counts. Exported declarations first.",
    mcp: [{ tool: "svc_workspace", action: "map" }],
    cli: { command: "map" },
    params: [
      WORKSPACE_PATH,
      { name: "detail", type: "enum", values: ["all", "symbols", "routes"], default: "all", description: "Which sections to show." },
      { name: "maxRows", type: "int", default: 200, min: 1, description: "Rows per section." },
    ],
    output: obj({ root: str, path: str, indexState: INDEX_STATE, symbols: { type: "object" }, routes: { type: "object" } }, ["root", "indexState"]),
    load: async () => (await import("./ops/map.ts")).map as never,
  },
  {
    op: "doctor",
    catalog: "A",
    readOnly: true,
    summary: "Semantic load diagnosis: TypeScript projects found and loaded, why not, the tier and what to do",
    description:
      "How the workspace loads semantically: the TypeScript engine and version, the projects found (tsconfig/jsconfig files, solution references, workspace packages), which loaded and which did not and why (config parse error, extends not found, dependencies not installed, files outside every project), the resulting tier (semantic, partial, syntax) and what to do; store, integrity and hosts. Reads the diagnosis stamped by the last index; refresh=true loads the projects now (seconds).",
    mcp: [{ tool: "svc_workspace", action: "doctor" }],
    cli: { command: "doctor" },
    rpc: ["svc/doctor"],
    params: [WORKSPACE_PATH, { name: "refresh", type: "bool", default: false, description: "Load the projects now instead of reading the stamped diagnosis (through the host when one serves the root)." }],
    output: obj({ root: str, indexState: str, tier: str, diagnosis: { type: ["object", "null"] }, source: str, hosts: { type: "array" }, degraded: { type: "array" }, report: str }, ["root", "indexState", "tier", "report"]),
    load: async () => (await import("./ops/doctor.ts")).doctor as never,
  },
  {
    op: "find",
    catalog: "A",
    readOnly: true,
    summary: "Exact lookup: declarations by name, paths, full-text hits, framework wiring",
    description:
      "Exact lookup in the index. kind=symbol: declarations whose name matches (exact, then prefix, then substring; exported first) as `kind qualifiedName (path:line)`; kind=path: inventory paths containing the query; kind=text: full-text hits over declarations ranked BM25F-style (the declaring file ranks above files that only mention a name); kind=all: all three sections. kind=signatures: the exact signature of each declaration of a name (overloads listed; `pkg#export` and a dependency's `Type.member` through the resident compiler). kind=neighbors: every caller, reference, implementer and subclass of one declaration (Name, Type.member or path:line) from the type checker — a member's include the calls through the interface, abstract or base members it satisfies (`via Router.match`) — the importers outside every loaded project, and a coverage line (checker-complete only when no file outside the projects could reference it). Wiring kinds answer hop by hop with the edge kind and evidence location (`[di_resolves_to] class OrderService  (src/orders/order.service.ts:8)`): kind=route takes \"GET /api/orders/:id\", a bare pattern or a concrete URL and lists the handler with its prefix chain (controller paths, mounts, global prefix); kind=service a DI token or class; kind=request a command/query/event class, message pattern, queue or event name; kind=config a key or section (values are never read). Nothing found says `no matches` with the nearest names, and dynamic registrations that could not be resolved are listed. Cheap (milliseconds on a warm index).",
    mcp: [{ tool: "svc_find" }],
    cli: { command: "find" },
    params: [
      { name: "query", type: "string", required: true, description: "A name, path fragment or words to look for.", cli: { positional: true } },
      WORKSPACE_PATH,
      { name: "kind", type: "enum", values: ["all", "symbol", "path", "text", "task", "signatures", "neighbors", "service", "request", "route", "config"], default: "all", description: "What to look up: symbol, path, text, all three, task (which files a change described in words touches, ranked and graded), signatures (exact signatures of a name; pkg#export and Type.member of dependencies with a resident compiler), neighbors (callers, references, implementers and subclasses of one declaration, from the type checker), or framework wiring: service (DI token or class → implementation, registrations, injection sites), request (command/query/event/message/job → handler and senders), route (\"METHOD /pattern\" or a bare pattern or URL → handler with its prefix chain), config (key or section → definitions and readers)." },
      { name: "limit", type: "int", default: 50, min: 1, max: 1000, description: "Maximum results per section (task: at most 100 candidates)." },
      { name: "changedSince", type: "string", default: null, description: "kind=task: files changed since this git ref are candidates too." },
    ],
    output: obj({ query: str, kind: str, root: str, indexState: INDEX_STATE, symbols: { type: "object" }, paths: { type: "object" }, text: { type: "object" }, nearest: { type: "array", items: str }, grade: str, candidates: { type: "array" }, navigation: { type: "object" }, wiring: { type: "object" } }, ["query", "kind", "root", "indexState"]),
    load: async () => (await import("./ops/find.ts")).find as never,
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
      { name: "seeds", type: "string[]", default: null, maxItems: SEED_CAP, description: "Symbol names (OrderService, OrderService.place).", cli: { flag: "seed" } },
      { name: "files", type: "string[]", default: null, maxItems: SEED_CAP, description: "Files (root-relative or absolute, inside the workspace).", cli: { flag: "file" } },
      { name: "services", type: "string[]", default: null, maxItems: SEED_CAP, description: "DI services or tokens.", cli: { flag: "service" } },
      { name: "requests", type: "string[]", default: null, maxItems: SEED_CAP, description: "Commands, queries, events or messages.", cli: { flag: "request" } },
      { name: "configs", type: "string[]", default: null, maxItems: SEED_CAP, description: "Config keys or sections.", cli: { flag: "config" } },
      { name: "routes", type: "string[]", default: null, maxItems: SEED_CAP, description: "Routes: \"METHOD /pattern\" or a pattern.", cli: { flag: "route" } },
      { name: "depth", type: "int", default: 2, min: 1, max: 10, description: "Expansion hops from the seeds." },
      { name: "maxTokens", type: "int", default: 0, min: 0, description: "Token budget (0 = unlimited); seeds are always kept.", cli: { flag: "max-tokens" } },
      FORMAT_PARAM,
      { name: "planOnly", type: "bool", default: false, description: "Return the plan (files, roles, tiers, scores, provenance) without content." },
      { name: "sessionId", type: "string", default: null, description: "Session id: files already sent with the same content are omitted.", cli: { flag: "session" } },
    ],
    output: obj({ mode: str, files: int, totalTokens: int, entries: { type: "array" } }, ["mode"]),
    load: async () => (await import("./ops/context.ts")).context as never,
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
      { name: "changedSince", type: "string", default: "HEAD", description: "Git base: branch, commit or HEAD~N." },
      { name: "maxTokens", type: "int", default: 0, min: 0, description: "Token budget (0 = unlimited); changed files are always kept.", cli: { flag: "max-tokens" } },
      { name: "includeTests", type: "bool", default: true, description: "Include test files that reach the change.", cli: { flag: "tests", negate: true } },
      FORMAT_PARAM,
      { name: "sessionId", type: "string", default: null, description: "Session id: files already sent with the same content are omitted.", cli: false },
      { name: "handoff", type: "bool", default: false, description: "Render a paste-ready PR packet (changed files, API delta, compiler status, tests, residual risk)." },
      { name: "checkSession", type: "string", default: null, description: "The check session whose compiler status the handoff reports." },
      { name: "maxChangedFiles", type: "int", default: 150, min: 1, description: "Above this many changed files only the list is returned." },
      { name: "planOnly", type: "bool", default: false, description: "Return the plan without content." },
    ],
    output: obj({ changedSince: str, changed: { type: "array" }, apiDelta: { type: "array" } }, ["changedSince", "changed", "apiDelta"]),
    load: async () => (await import("./ops/review.ts")).review as never,
  },
  {
    op: "apply",
    catalog: "A",
    readOnly: false,
    writesTree: true,
    summary: "Apply a verified single-file edit: dry run unless write=true, atomic, conflict-checked",
    description:
      "The one write path: replace (or create) one file inside the workspace with content. A dry run unless write=true; expectedHash (SHA-256 hex of the content the edit was derived from, as svc_refactor returns it) must match the file now, on dry runs too, or the answer is a conflict. Keeps what views do not show: content without \\r gets the file's CRLF endings back, the file's BOM and final-newline state are kept. Refuses content with a [REDACTED:<kind>] marker on a line the file does not have as it is (it would overwrite the real secret) and files that are not valid UTF-8. Writes atomically; the index sees the new content at once.",
    mcp: [{ tool: "svc_workspace", action: "apply" }],
    params: [
      WORKSPACE_PATH,
      { name: "file", type: "string", default: null, description: "The file to write, root-relative (or absolute inside the workspace)." },
      { name: "content", type: "string", default: null, maxLength: CONTENT_CAP, description: "The complete new content of the file." },
      { name: "write", type: "bool", default: false, description: "Actually write (default false: a dry run that only says what would happen)." },
      { name: "expectedHash", type: "string", default: "", description: "SHA-256 hex of the file content the edit was derived from, or \"absent\" for a file the edit creates; a mismatch is a conflict and nothing is written." },
    ],
    output: obj({ root: str, file: str, action: str, written: bool, chars: int, kept: { type: "array", items: str }, previousHash: { type: ["string", "null"] }, hash: str }, ["root", "file", "action", "written"]),
    load: async () => (await import("./ops/apply.ts")).apply as never,
  },
  {
    op: "impact",
    catalog: "A",
    readOnly: true,
    summary: "Blast radius of a declaration (dependents by hop, implementers, public surface, covering tests) or of a package upgrade",
    description:
      "Everything that would feel a change to one declaration (Name, Type.member or path:line): direct references and callers, implementers and overriders, transitive dependents grouped by hop up to depth, whether the package's entry points expose it, the test files that reach it, and a coverage line (checker-complete only when every file that could reference it is in a loaded TypeScript project; otherwise partial, naming the files outside). Top-level code counts as a caller (`(module) path`: inline route handlers, exported object literals) reached by every file importing that module; re-export barrels are followed to their importers; a member is reached through the interface, abstract and base members it satisfies (`via Router.match`). Use before changing a signature or removing code. Package mode (package, fromVersion, toVersion, all required; no symbol): the package's exported API at the two versions, found locally only (node_modules, nested node_modules, pnpm's store, the Bun cache, an `npm pack` tarball in the workspace root), diffed — removed, signature changed or visibility reduced is BREAKING, added is additive — each BREAKING export with the workspace files importing it (path:line; namespace/default imports as 'may use'); a version not found abstains and names the `npm pack` command that fetches it.",
    mcp: [{ tool: "svc_impact" }],
    cli: { command: "impact" },
    params: [
      { name: "symbol", type: "string", default: null, description: "The declaration: Name, Type.member, or path:line as answers print it.", cli: { positional: true } },
      WORKSPACE_PATH,
      { name: "limit", type: "int", default: 50, min: 1, max: 1000, description: "Dependents listed per hop (package mode: BREAKING changes listed)." },
      { name: "depth", type: "int", default: 3, min: 1, max: 10, description: "Hops of transitive dependents." },
      { name: "package", type: "string", default: null, description: "Package mode: the npm dependency whose upgrade to check (zod, @scope/name)." },
      { name: "fromVersion", type: "string", default: null, description: "Package mode: the version used now (exact, e.g. 3.22.0)." },
      { name: "toVersion", type: "string", default: null, description: "Package mode: the version to upgrade to (exact)." },
    ],
    output: obj({ root: str, indexState: INDEX_STATE, status: str, symbol: { type: "object" }, candidates: { type: "array" }, publicSurface: { type: "object" }, overriders: { type: "array" }, dependents: { type: "array" }, tests: { type: "array" }, coverage: { type: "object" }, package: { type: "object" } }, ["root", "status"]),
    load: async () => (await import("./ops/impact.ts")).impact as never,
  },
  {
    op: "test",
    catalog: "A",
    readOnly: true,
    summary: "Covering tests of a declaration, run with the workspace's test runner (failures first)",
    description:
      "The test files that reach one declaration (Name, Type.member or path:line) through references or imports, nearest first (hop), at most limit, run one file at a time with the workspace's runner (bun test, vitest, jest, mocha, node --test — from package.json scripts.test or dependencies; svc.json testCommand overrides) with cwd = the workspace root and a timeout per file. Answer: counts, failing files first with the runner's failure lines, then passing files. `none reach it` when no test file reaches the symbol and every file that could reference it is in a loaded TypeScript project (otherwise `none found; partial:` naming the files outside — tests outside the tsconfig, .mjs, dynamic namespace access), and the selection alone when no runner is detected or installed — both said plainly (selection only). Use after changing a declaration to run just the tests that can see it. MCP only: candidates races 2..5 proposed edits (typecheck on the overlay, then the covering tests in an isolated copy per candidate; winner, tie or none, time-boxed by budgetSeconds, default 120; nothing written).",
    mcp: [{ tool: "svc_test" }],
    cli: { command: "test" },
    params: [
      { name: "symbol", type: "string", required: true, description: "The declaration: Name, Type.member, or path:line as answers print it.", emptyMessage: "symbol must name a declaration (Name, Type.member or path:line)", cli: { positional: true } },
      WORKSPACE_PATH,
      { name: "limit", type: "int", default: 20, min: 1, max: 200, description: "Test files selected and run (nearest first)." },
      {
        name: "candidates",
        type: "object[]",
        default: null,
        maxItems: RACE_CAP,
        maxLength: RACE_CAP * SOURCE_CAP + 64 * 1024,
        items: { type: "object", properties: { id: { type: "string", maxLength: 64 }, file: { type: "string" }, content: { type: "string", maxLength: SOURCE_CAP } }, required: ["file", "content"], additionalProperties: false },
        description:
          "Candidate racing: 2..maxCandidates proposed single-file edits {id?, file, content} (content = the file's complete proposed text). Each is typechecked on the overlay; each that introduces no error runs the covering tests in its own isolated temporary copy of the workspace (installed node_modules linked). The winner is the one candidate passing the most covering test files; equal best is reported as a tie with no winner. Nothing is written to the workspace.",
        cli: false,
      },
      { name: "maxCandidates", type: "int", default: 4, min: 2, max: RACE_CAP, description: "Racing: the most candidates accepted.", cli: false },
      { name: "budgetSeconds", type: "int", default: 120, min: 1, max: 1800, description: "Racing: the time budget of the whole race (typechecks and test runs); the answer states it and the time used; a candidate cut by it means no winner.", cli: false },
    ],
    output: obj({ root: str, indexState: INDEX_STATE, status: str, symbol: { type: "object" }, candidates: { type: "array" }, nearest: { type: "array" }, grade: str, runner: { type: ["object", "null"] }, reason: { type: ["string", "null"] }, counts: { type: "object" }, tests: { type: "array" }, race: { type: "object", properties: { budgetMs: int, elapsedMs: int, selected: int, candidates: { type: "array" }, verdict: { type: "object", properties: { status: { type: "string", enum: ["winner", "tie", "none"] }, winner: { type: ["string", "null"] }, tied: { type: "array" }, basis: { type: ["string", "null"] }, reason: str } } } } }, ["root", "status"]),
    load: async () => (await import("./ops/test.ts")).test as never,
  },
  {
    op: "check",
    catalog: "A",
    readOnly: true,
    summary: "Typecheck a proposed edit before writing it, or the session delta of diagnostics",
    description:
      "Single-file mode (file + content): typechecks the proposed content of one file against its project without writing it — the file's diagnostics and the errors the edit introduces in files that import it — first line the verification grade (resident, cold, or cannot verify (abstain): reason), `clean: no errors in <file>` when clean; errors come with repair packets (the compiler's fixes as `apply:` lines, nearest member names, candidate imports, callee signatures). Delta mode (session, no content): the diagnostics introduced and resolved since the session's baseline (the first call sets it; markGreen resets it; full lists every current diagnostic). Only introduced errors are yours; pre-existing ones never count.",
    mcp: [{ tool: "svc_check" }],
    params: [
      WORKSPACE_PATH,
      { name: "file", type: "string", default: null, description: "Single-file mode: the file the edit changes (root-relative, or absolute inside the workspace)." },
      { name: "content", type: "string", default: null, maxLength: SOURCE_CAP, description: "Single-file mode: the complete proposed content of the file." },
      { name: "session", type: "string", default: null, description: "Delta mode: the check session id (1–128 chars of A-Za-z0-9._:-); the first call stores its baseline." },
      { name: "markGreen", type: "bool", default: false, description: "Delta mode: reset the session's baseline to the diagnostics present now." },
      { name: "full", type: "bool", default: false, description: "Delta mode: also list every current diagnostic." },
    ],
    output: obj({ mode: { type: "string", enum: ["file", "delta"] }, file: str, grade: str, gradeLine: str, clean: bool, diagnostics: { type: "array" }, dependentDiagnostics: { type: "array" }, repairs: { type: "array" }, resident: bool, session: str, introduced: { type: "array" }, resolved: { type: "array" } }, ["mode"]),
    load: async () => (await import("./ops/check.ts")).check as never,
  },
  {
    op: "checkDelta",
    catalog: "host",
    readOnly: true,
    summary: "Hook: the serving host's diagnostics delta since the session baseline (silent when none; always exit 0)",
    description:
      "For agent hooks after an edit: asks the host serving the root for the session delta and prints `svc: N introduced, M resolved` and the lines only when something changed. Never builds or loads anything itself; silent with exit 0 when no host serves the root; always exit 0.",
    cli: { command: "check" },
    params: [
      PATH_PARAM,
      { name: "delta", type: "bool", default: false, description: "Report the session delta (required; the single-file check is the svc_check MCP tool)." },
      { name: "fast", type: "bool", default: false, description: "Look for the host for 150 ms instead of 500 ms." },
      { name: "session", type: "string", default: "hook", description: "The check session id." },
    ],
    load: async () => (await import("./ops/check-cli.ts")).checkDelta as never,
  },
  {
    op: "gate",
    catalog: "host",
    readOnly: true,
    summary: "Exit 1 while the change has introduced compiler errors (listed on stderr)",
    description:
      "For pre-commit and agent stop hooks: exit 1 when introduced errors remain, listing them on stderr; exit 0 otherwise (pre-existing errors never block). With a serving host: its session delta. Without one (or with --since): the errors present now but not at the ref in the changed files and every file importing them, from the ref's content of the changed files overlaid in one engine instance, time-boxed by SVC_GATE_TIMEOUT_MS (default 60000); with --staged: the commit the index would make against HEAD. A gate that cannot run says so on stderr in one line and exits 0 unless --strict (the pre-commit hook runs `svc gate --staged --strict`: it fails closed).",
    cli: { command: "gate" },
    params: [
      PATH_PARAM,
      { name: "session", type: "string", default: "hook", description: "The check session id (with a serving host)." },
      { name: "since", type: "string", default: null, description: "Compare with this git ref instead of the host's session (default without a host: HEAD)." },
      { name: "staged", type: "bool", default: false, description: "Check exactly what will be committed: the index's content of every staged file against HEAD; unstaged edits and untracked files are left out (the installed pre-commit hook passes it)." },
      { name: "strict", type: "bool", default: false, description: "Exit 1 also when the gate cannot run (no engine, timeout); the installed pre-commit hook passes it." },
    ],
    load: async () => (await import("./ops/check-cli.ts")).gate as never,
  },
  {
    op: "checkSession",
    catalog: "host",
    readOnly: false,
    summary: "The session delta of the resident engine (the first call stores the baseline)",
    description: "Current whole-workspace diagnostics of the resident engine against the session's stored baseline: {resident, baselineAt, introduced, resolved}.",
    rpc: ["svc/check"],
    params: [
      WORKSPACE_PATH,
      { name: "session", type: "string", default: "hook", description: "The check session id." },
      { name: "markGreen", type: "bool", default: false, description: "Reset the baseline to now." },
      { name: "full", type: "bool", default: false, description: "Also return every current diagnostic." },
    ],
    load: async () => (await import("./ops/check-session.ts")).checkSession as never,
  },
  {
    op: "checkOverlay",
    catalog: "host",
    readOnly: true,
    summary: "Check proposed content of one file on the resident engine",
    description: "The resident engine's diagnostics of one file with proposed content overlaid, and the errors it introduces in direct dependents: {hasResident, diagnostics, dependentDiagnostics}.",
    rpc: ["svc/checkOverlay"],
    params: [
      WORKSPACE_PATH,
      { name: "file", type: "string", required: true, description: "Root-relative file." },
      { name: "content", type: "string", default: null, maxLength: SOURCE_CAP, description: "Proposed content (required; may be empty)." },
      { name: "dependents", type: "bool", default: true, description: "Also check direct dependents for introduced errors." },
    ],
    load: async () => (await import("./ops/check-overlay.ts")).checkOverlay as never,
  },
  {
    op: "checkCapture",
    catalog: "host",
    readOnly: true,
    summary: "Check proposed content of one file on an engine loaded for this call",
    description: "The cold path: load the owning project on demand (not held resident) and check the overlay: {available, reason?, diagnostics}.",
    rpc: ["svc/checkCapture"],
    params: [
      WORKSPACE_PATH,
      { name: "file", type: "string", required: true, description: "Root-relative file." },
      { name: "content", type: "string", default: null, maxLength: SOURCE_CAP, description: "Proposed content (required; may be empty)." },
    ],
    load: async () => (await import("./ops/check-overlay.ts")).checkCapture as never,
  },
  {
    op: "openIndexed",
    catalog: "host",
    readOnly: false,
    summary: "Prepare the index for a reader (cold build, reconcile) and report its state",
    description: "Prepare the store for a reader: a cold syntax-first build, a reconcile, or nothing; returns the status.",
    rpc: ["svc/openIndexed"],
    params: [WORKSPACE_PATH],
    load: async () => (await import("./ops/open-indexed.ts")).openIndexed as never,
  },
  {
    op: "graph",
    catalog: "host",
    readOnly: true,
    summary: "The file graph (or directories) with centrality, token costs and an optional scope overlay",
    description: "File or directory graph of the workspace: nodes with declared types, centrality and token cost; import edges; optionally restricted to a directory and overlaid with the roles of a focus, search or changes scope.",
    rpc: ["svc/graph"],
    params: [
      WORKSPACE_PATH,
      { name: "detail", type: "enum", values: ["files", "directories"], default: "files", description: "Nodes per file or folded into directories." },
      { name: "scopeMode", type: "enum", values: ["focus", "search", "changes"], default: null, description: "Overlay the roles of this scope." },
      { name: "seed", type: "string", default: null, description: "Focus seed for scopeMode=focus." },
      { name: "query", type: "string", default: null, description: "Query for scopeMode=search." },
      { name: "since", type: "string", default: null, description: "Git ref for scopeMode=changes (default HEAD)." },
      { name: "directory", type: "string", default: null, description: "Only nodes under this root-relative directory." },
    ],
    load: async () => (await import("./ops/graph.ts")).graph as never,
  },
  {
    op: "scope",
    catalog: "host",
    readOnly: true,
    summary: "Render a scope (focus, search, changes) to a payload file",
    description: "Renders the scoped context of a focus seed, a search query or the changes since a ref to a payload file (0600, removed at host shutdown or after an hour).",
    rpc: ["svc/scope"],
    params: [
      WORKSPACE_PATH,
      { name: "mode", type: "enum", values: ["focus", "search", "changes"], default: "search", description: "How to scope." },
      { name: "seed", type: "string", default: null, description: "Focus seed." },
      { name: "query", type: "string", default: null, description: "Search query (task localization)." },
      { name: "since", type: "string", default: null, description: "Git ref for changes (default HEAD)." },
      { name: "maxTokens", type: "int", default: null, min: 1, description: "Token budget." },
    ],
    load: async () => (await import("./ops/scope.ts")).scope as never,
  },
  {
    op: "explain",
    catalog: "host",
    readOnly: true,
    summary: "The plan of a scope, without content",
    description: "The plan of a focus, search or changes scope: files with role, tier, score and provenance.",
    rpc: ["svc/explain"],
    params: [
      WORKSPACE_PATH,
      { name: "mode", type: "enum", values: ["focus", "search", "changes"], default: "search", description: "How to scope." },
      { name: "seed", type: "string", default: null, description: "Focus seed." },
      { name: "query", type: "string", default: null, description: "Search query (task localization)." },
      { name: "since", type: "string", default: null, description: "Git ref for changes (default HEAD)." },
    ],
    load: async () => (await import("./ops/scope.ts")).explain as never,
  },
  {
    op: "contextDiagnostics",
    catalog: "host",
    readOnly: true,
    summary: "Secret spans, token hotspots, graph gaps and generated files",
    description: "Context diagnostics: secret spans (locations only), the 20 largest files, files no edge touches, generated files.",
    rpc: ["svc/diagnostics"],
    params: [WORKSPACE_PATH],
    load: async () => (await import("./ops/context-diagnostics.ts")).contextDiagnostics as never,
  },
  {
    op: "refactor",
    catalog: "A",
    readOnly: true,
    summary: "Compiler-executed refactor: a verified, staged diff (never written) or an abstention",
    description:
      "Compiler-executed refactor, staged and never written: the TypeScript language service computes the edits, they are applied in memory, the edited files and their dependents are re-checked, and the result comes back only when no new error appears — a unified diff per file plus, per file, {file, expectedHash, content} to write with svc_workspace action=apply (write=true). Otherwise `cannot <operation>: <reason naming the sites>` (ambiguous symbol → pass containingType or file; a colliding name → the error it would introduce). Operations: rename (symbol, newName; containingType/file disambiguate), add-parameter (symbol, parameterName, parameterType, argument: appended to the signature of the function or method and of its whole interface family, the argument passed at every call; abstains on a rest parameter, overloads, spread arguments or a use as a value such as a callback or bind), remove-parameter (symbol, parameterName; abstains when the body uses it or a call passes a side-effecting argument), reorder-parameters (symbol, newOrder; abstains on spread arguments and calls omitting moved arguments), extract-interface (symbol = the class, newName default I<Class>: an interface of its public instance members declared before it, the class implements it; abstains when it has none), move-to-file (symbol = a top-level declaration, newName = the new file, default <folder>/<Name><ext>: moved with its comment, exported, its imports re-created, the source file imports it back when it still uses it, every import and re-export of it from the source file rewritten; a new file has expectedHash \"absent\" (apply refuses if such a file has appeared); abstains when it uses module-private names), organize-imports (file), apply-codefix (file, diagnosticId such as TS2304: the engine's fix on each occurrence in the file). Seconds cold; well under a second on a warm host.",
    mcp: [{ tool: "svc_refactor" }],
    params: [
      WORKSPACE_PATH,
      { name: "operation", type: "enum", values: REFACTOR_OPERATIONS, default: "rename", description: `The refactor: ${REFACTOR_OPERATIONS.join(", ")}.` },
      { name: "symbol", type: "string", default: null, description: "rename and the parameter operations: the declaration (Name, Type.member, or path:line as answers print it)." },
      { name: "file", type: "string", default: null, description: "The file (root-relative): where the symbol is declared (disambiguates), or the file organize-imports and apply-codefix act on." },
      { name: "newName", type: "string", default: null, description: "rename: the new identifier; extract-interface: the interface's name (default I<Class>); move-to-file: the new file, root-relative (default <folder>/<Name><ext>)." },
      { name: "containingType", type: "string", default: null, description: "The class, interface or namespace declaring the symbol (disambiguates a member name)." },
      { name: "parameterName", type: "string", default: null, description: "add-parameter/remove-parameter: the parameter's name." },
      { name: "parameterType", type: "string", default: null, description: "add-parameter: the new parameter's type (default unknown; none in JavaScript files)." },
      { name: "argument", type: "string", default: null, description: "add-parameter: the expression passed at every call site (default undefined)." },
      { name: "newOrder", type: "string", default: null, description: "reorder-parameters: every parameter name once, comma-separated, in the new order." },
      { name: "diagnosticId", type: "string", default: null, description: "apply-codefix: the diagnostic code, TS2304 or 2304." },
    ],
    output: obj({ operation: str, status: { type: "string", enum: ["staged", "refused"] }, reason: str, files: { type: "array" }, diffs: { type: "array" }, checked: int, grade: str, style: { type: "object" } }, ["operation", "status"]),
    load: async () => (await import("./ops/refactor.ts")).refactor as never,
  },
  {
    op: "refactorRpc",
    catalog: "host",
    readOnly: true,
    summary: "Run an svc_refactor request on the resident engine",
    description: "The host's side of svc_refactor: the request (svc_refactor's parameters) runs on the resident engine; the answer is {output, files?} (output is the tool's text).",
    rpc: ["svc/refactor"],
    params: [WORKSPACE_PATH, { name: "request", type: "object", required: true, description: "The svc_refactor parameters (operation, symbol, newName, file, …)." }],
    load: async () => (await import("./ops/refactor.ts")).refactorRpc as never,
  },
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
      { name: "files", type: "string[]", default: null, description: "Files to reduce (relative to path, confined to the workspace).", cli: { flag: "files", rest: true } },
      { name: "content", type: "string", default: null, maxLength: SOURCE_CAP, description: "Raw content to reduce (instead of files); on the CLI --stdin reads it from standard input.", cli: { flag: "stdin", fromStdin: true } },
      { name: "extension", type: "string", default: ".ts", description: "Language of content, as a file extension.", cli: { flag: "ext" } },
      levelParam("standard"),
      { name: "maxTokens", type: "int", default: 0, min: 0, description: "Token limit (0 = unlimited).", cli: { flag: "max-tokens" } },
      FORMAT_PARAM,
    ],
    output: obj({ mode: str, format: str, tokenizer: str, level: str, files: int, totalTokens: int, redacted: int, entries: { type: "array" }, dropped: { type: "array" } }, ["mode", "files", "totalTokens", "entries"]),
    load: async () => (await import("./ops/reduce.ts")).reduce as never,
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
    load: async () => (await import("./ops/toc.ts")).toc as never,
  },
  {
    op: "ask",
    catalog: "B",
    readOnly: true,
    summary: "Task → the right scope (skeleton, focus or search) packed to a token budget",
    description:
      "Give a task in plain words and a token budget; svc picks the strategy (a broad question → skeleton, one named type → focus on it, otherwise search) and returns reduced context packed most relevant first. The first line names the strategy. Use when you do not yet know which files matter.",
    mcp: [{ tool: "svc_ask" }],
    cli: { command: "ask" },
    params: [
      { name: "task", type: "string", required: true, maxLength: TASK_CAP, description: "What you need, in natural language.", emptyMessage: "task must describe what you need", cli: { positional: true } },
      PATH_PARAM,
      { name: "tokenBudget", type: "int", default: 20000, min: 1, description: "Maximum tokens of returned context (default 20000; at 40000 or more focus and search go two hops deep).", cli: { flag: "budget" } },
      ...EXCL_PARAMS,
      FORMAT_PARAM,
    ],
    output: FUSION_OUTPUT,
    load: async () => (await import("./ops/ask.ts")).ask as never,
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
    load: async () => (await import("./ops/skeleton.ts")).skeleton as never,
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
      ...EXCL_PARAMS,
      levelParam("none"),
      MAXTOK,
      TRACK_PARAM,
      SESSION_PARAM,
      FORMAT_PARAM,
    ],
    output: FUSION_OUTPUT,
    load: async () => (await import("./ops/focus.ts")).focus as never,
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
      ...EXCL_PARAMS,
      levelParam("none"),
      MAXTOK,
      TRACK_PARAM,
      SESSION_PARAM,
      FORMAT_PARAM,
    ],
    output: FUSION_OUTPUT,
    load: async () => (await import("./ops/search.ts")).search as never,
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
      { name: "changedSince", type: "string", required: true, description: "Git ref: branch, commit or HEAD~N.", cli: { positional: true } },
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
    load: async () => (await import("./ops/changes.ts")).changes as never,
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
      depthParam("Traversal depth for focus and query scoping (1–10)."),
      { name: "changedSince", type: "string", default: null, description: "Git ref: only files changed since it (exclusive with focus and query)." },
      INCLUDE_DEPENDENTS_PARAM,
      { name: "query", type: "string", default: null, description: "BM25 query (exclusive with focus and changedSince)." },
      QUERY_TOP_PARAM,
      { name: "patternSummary", type: "bool", default: false, description: "Append a cross-codebase pattern summary (DI, routing, CQRS, logging, errors, validation, data access, async style, tests)." },
      { name: "collapseGenerated", type: "bool", default: false, description: "Collapse generated migration, snapshot and codegen bodies to signatures." },
      MAXTOK,
      TRACK_PARAM,
      { name: "gitStats", type: "bool", default: false, description: "Add git churn (commits in 90 days, last commit date) to each manifest line." },
      FORMAT_PARAM,
    ],
    output: FUSION_OUTPUT,
    load: async () => (await import("./ops/fuse.ts")).fuse as never,
  },
];

export function operation(op: string): OperationSpec {
  const spec = REGISTRY.find((row) => row.op === op);
  if (!spec) throw new Error(`no such operation in the registry: ${op}`);
  return spec;
}

/** Whether this build has a CLI command (install helpers refuse to install hooks calling a missing one). */
export function hasCliCommand(name: string): boolean {
  return REGISTRY.some((row) => row.cli?.command === name);
}
