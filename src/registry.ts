// The surface registry: one row per engine operation with its MCP tool, CLI command and
// RPC method(s). MCP registration, CLI wiring, --help and the parity test read this table.
// Operations are loaded lazily so that start-up (`svc --version`, `svc --help`) stays cheap.

import { EXCL_PARAMS, PATH_PARAM, maxTokensParam, type ParamSpec } from "./params.ts";
import type { OpContext, OpResult } from "./ops/types.ts";

export type Catalog = "A" | "B" | "host";

export interface OperationSpec {
  /** Engine operation name (`src/engine.ts` exports it). */
  op: string;
  catalog: Catalog;
  readOnly: boolean;
  /** One line for `svc --help`. */
  summary: string;
  /** Agent-facing description: what it returns, when to use it, what it costs. */
  description: string;
  /** MCP tool (and the action/kind value that selects this operation inside a multiplexed tool). */
  mcp?: { tool: string; action?: string; kind?: string };
  /** CLI command name; positional params come from `params`. */
  cli?: { command: string };
  rpc?: string[];
  params: readonly ParamSpec[];
  load: () => Promise<(request: Record<string, unknown>, ctx: OpContext) => Promise<OpResult>>;
}

const WORKSPACE_PATH: ParamSpec = { ...PATH_PARAM, description: "A directory inside the workspace (default: the working directory); absolute paths recommended." };

export const REGISTRY: readonly OperationSpec[] = [
  {
    op: "status",
    catalog: "A",
    readOnly: true,
    summary: "Index state and freshness from index_meta only (never creates the store)",
    description:
      "Workspace status: the availability header, root, index mode, file and symbol counts, full-text search, integrity and the host line. Reads index_meta only and never creates the index; a cold workspace reports not_indexed.",
    mcp: { tool: "svc_workspace", action: "status" },
    cli: { command: "diagnostics" },
    params: [WORKSPACE_PATH],
    load: async () => (await import("./ops/status.ts")).status as never,
  },
  {
    op: "index",
    catalog: "A",
    readOnly: false,
    summary: "Build or refresh the index (.svc/svc.db): a synchronous full pass",
    description:
      "Build or refresh the workspace index at <root>/.svc/svc.db: every inventory file parsed (declarations, chunks, imports resolved to files, full-text fields). Unchanged files are reused; force=true discards everything derived first. Reads build the index on first use, so calling this is optional.",
    mcp: { tool: "svc_workspace", action: "index" },
    cli: { command: "index" },
    rpc: ["svc/index"],
    params: [WORKSPACE_PATH, { name: "force", type: "bool", default: false, description: "Discard the derived tables first and rebuild from scratch." }],
    load: async () => (await import("./ops/build-index.ts")).buildIndex as never,
  },
  {
    op: "map",
    catalog: "A",
    readOnly: true,
    summary: "Workspace map: top-level and exported declarations, routes",
    description:
      "Workspace map: top-level and exported declarations (kind, qualified name, path:line) and routes, each section capped at maxRows, with counts. Exported declarations first.",
    mcp: { tool: "svc_workspace", action: "map" },
    cli: { command: "map" },
    rpc: ["svc/graph"],
    params: [
      WORKSPACE_PATH,
      { name: "detail", type: "enum", values: ["all", "symbols", "routes"], default: "all", description: "Which sections to show." },
      { name: "maxRows", type: "int", default: 200, min: 1, description: "Rows per section." },
    ],
    load: async () => (await import("./ops/map.ts")).map as never,
  },
  {
    op: "find",
    catalog: "A",
    readOnly: true,
    summary: "Exact lookup: declarations by name, paths, full-text hits",
    description:
      "Exact lookup in the index. kind=symbol: declarations whose name matches (exact, then prefix, then substring; exported first) as `kind qualifiedName (path:line)`; kind=path: inventory paths containing the query; kind=text: full-text hits over declarations ranked BM25F-style (the declaring file ranks above files that only mention a name); kind=all: all three sections. Cheap (milliseconds on a warm index).",
    mcp: { tool: "svc_find" },
    cli: { command: "find" },
    params: [
      { name: "query", type: "string", required: true, description: "A name, path fragment or words to look for.", cli: { positional: true } },
      WORKSPACE_PATH,
      { name: "kind", type: "enum", values: ["all", "symbol", "path", "text"], default: "all", description: "What to look up." },
      { name: "limit", type: "int", default: 50, min: 1, max: 1000, description: "Maximum results per section." },
    ],
    load: async () => (await import("./ops/find.ts")).find as never,
  },
  {
    op: "toc",
    catalog: "B",
    readOnly: true,
    summary: "Table of contents: directory tree, declared types and members, per-file token costs",
    description:
      "Table of contents of a directory: the file tree with each file's token cost (~N tokens) and the types it declares with their members. No file bodies. The cheapest first call on an unknown codebase; degrades to paths only, then to one row per directory, to fit maxTokens (default 24000).",
    mcp: { tool: "svc_toc" },
    cli: { command: "toc" },
    params: [PATH_PARAM, ...EXCL_PARAMS, maxTokensParam(24000, "Token budget for the table of contents (default 24000); the tree degrades to fit.")],
    load: async () => (await import("./ops/toc.ts")).toc as never,
  },
];

export function operation(op: string): OperationSpec {
  const spec = REGISTRY.find((row) => row.op === op);
  if (!spec) throw new Error(`no such operation in the registry: ${op}`);
  return spec;
}
