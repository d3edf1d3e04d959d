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

export const REGISTRY: readonly OperationSpec[] = [
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
