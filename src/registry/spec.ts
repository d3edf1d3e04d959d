// What one row of the surface registry says (src/registry/index.ts assembles the rows), and
// the few parameter and schema pieces rows of several areas share.

import { PATH_PARAM, type ParamSpec } from "../params.ts";
import type { OpContext, OpResult } from "../ops/types.ts";

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
  /** What to do when the answer is over a budget the caller cannot set (the surface's cap; no maxTokens): said in place of "narrow the request (path, limit, …)" where no parameter narrows it. */
  overBudget?: string;
  /** JSON Schema of the structured result (MCP outputSchema). */
  output?: Record<string, unknown>;
  load: () => Promise<(request: Record<string, unknown>, ctx: OpContext) => Promise<OpResult>>;
}

export interface McpBinding {
  tool: string;
  action?: string;
  kind?: string;
  /** The parameters this tool exposes (default: all of the operation's). */
  params?: readonly string[];
  /** Values the tool fixes (svc_managed: template typescript). */
  fixed?: Record<string, unknown>;
}

export const WORKSPACE_PATH: ParamSpec = { ...PATH_PARAM, description: "A directory inside the workspace (default: the working directory); absolute paths recommended." };

/** JSON Schema shorthands for the rows' `output`. */
export const obj = (properties: Record<string, unknown>, required: string[]) => ({ type: "object", properties, required, additionalProperties: true });
export const str = { type: "string" };
export const int = { type: "integer" };
export const bool = { type: "boolean" };
export const arr = { type: "array" };
export const INDEX_STATE = { type: "string", enum: ["not_indexed", "building_syntax", "upgrade_pending", "index_rebuilding", "index_busy", "stale_as_of", "ready"] };
