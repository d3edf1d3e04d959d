// The MCP tool list, generated from the registry: one tool per MCP name; a tool backed by
// several operations (svc_workspace actions) selects them with its `action` parameter.

import { DEFAULT_BUDGET } from "../../engine.ts";
import { INT_CAP, LIST_CAP, MIN_BUDGET, STRING_CAP, type ParamSpec } from "../../params.ts";
import { REGISTRY, type McpBinding, type OperationSpec } from "../../registry/index.ts";
import { objectSchema, terseOutputSchema, type JsonSchema } from "./json-schema.ts";

export interface McpRoute {
  spec: OperationSpec;
  binding: McpBinding;
  params: ParamSpec[];
}

export interface McpTool {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchema;
  outputSchema?: JsonSchema;
  annotations: { readOnlyHint: boolean; openWorldHint: boolean; destructiveHint?: boolean; idempotentHint?: boolean };
  catalog: "A" | "B";
  /** action value → route (the single route under "" when the tool has no action parameter). */
  routes: Map<string, McpRoute>;
}

/**
 * Parameters many tools share are explained once, in the server instructions
 * (`SHARED_PARAMS_NOTE`); their schemas carry a few words only, so tools/list stays small.
 */
const SHARED_PARAMS: Record<string, string> = {
  path: "Directory (absolute).",
  excludeDirectories: "Folder names to skip.",
  excludeFiles: "File names to skip.",
  excludePatterns: "Globs to skip, relative to path.",
  excludeTestProjects: "Skip tests.",
  level: "Reduction level.",
  maxTokens: `Hard cap on the whole answer (default ${DEFAULT_BUDGET.mcp}; at least ${MIN_BUDGET}).`,
  trackTopTokenFiles: "Append top-5 files by tokens.",
  format: "Output format.",
  session: "Session id: omit files already sent.",
  queryTop: "Top files that seed expansion.",
  includeDependents: "Add first-degree dependents.",
  includeExtensions: "Extensions to add.",
  excludeExtensions: "Extensions to remove.",
  onlyExtensions: "Only these extensions.",
  maxFileSizeKb: "Skip larger files (0 = no limit).",
};

export const SHARED_PARAMS_NOTE = [
  "Common parameters: path = the directory to work on (pass it absolute; relative resolves against the server's working directory, or the one root served when that is not).",
  "excludeDirectories/excludeFiles/excludePatterns/excludeTestProjects narrow what is collected; includeExtensions/excludeExtensions/onlyExtensions adjust the template's extensions (data and docs files such as .json and .md are listed, not emitted, unless named here).",
  "level: none (whitespace only) | standard (no comments/imports) | aggressive (compacted) | skeleton (signatures) | publicApi (exported signatures).",
  `maxTokens: a hard cap on everything the answer holds (text and structured result, an error too); default ${DEFAULT_BUDGET.mcp}, at least ${MIN_BUDGET}. Most relevant first; what is cut or left out is named with the call that fetches it.`,
  "format: xml (default) | markdown | json. session: an id under which files already sent are omitted (changed ones come as a diff).",
  `Limits unless a parameter states its own: strings ${STRING_CAP} characters, lists ${LIST_CAP} items, integers ${INT_CAP}; over one is a validation_error naming it.`,
].join("\n");

/** Parameters whose values the tool description already explains. */
const DESCRIBED_BY_TOOL = new Set(["kind", "operation"]);

/** The MCP form of a parameter: a shared one with its few words, maxTokens with the MCP default. */
function mcpParam(p: ParamSpec): ParamSpec {
  const terse = SHARED_PARAMS[p.name] ?? (DESCRIBED_BY_TOOL.has(p.name) ? "See the tool description." : undefined);
  // the operation's own minimum: where it takes 0 (no cap: svc_context, svc_review, svc_reduce) the schema says so
  if (p.name === "maxTokens") return { ...p, default: DEFAULT_BUDGET.mcp, description: p.min === 0 ? `${terse} 0: no cap.` : (terse as string) };
  return terse ? { ...p, description: terse } : p;
}

function titleOf(tool: string): string {
  return tool.replace(/^svc_/, "svc ").replace(/_/g, " ");
}

function routeParams(spec: OperationSpec, binding: McpBinding): ParamSpec[] {
  const fixed = new Set(Object.keys(binding.fixed ?? {}));
  const chosen = binding.params ? spec.params.filter((p) => binding.params?.includes(p.name)) : [...spec.params];
  return chosen.filter((p) => !fixed.has(p.name));
}

export function mcpTools(registry: readonly OperationSpec[] = REGISTRY): McpTool[] {
  const tools = new Map<string, McpTool>();
  for (const spec of registry) {
    for (const binding of spec.mcp ?? []) {
      let tool = tools.get(binding.tool);
      if (!tool) {
        tool = {
          name: binding.tool,
          title: titleOf(binding.tool),
          description: "",
          inputSchema: {},
          annotations: { readOnlyHint: true, openWorldHint: false },
          catalog: spec.catalog === "B" ? "B" : "A",
          routes: new Map(),
        };
        tools.set(binding.tool, tool);
      }
      tool.routes.set(binding.action ?? "", { spec, binding, params: routeParams(spec, binding) });
      if (!spec.readOnly) tool.annotations.readOnlyHint = false;
    }
  }
  for (const tool of tools.values()) finish(tool);
  return [...tools.values()];
}

function finish(tool: McpTool): void {
  const routes = [...tool.routes.entries()];
  const multiplexed = routes.length > 1 || (routes[0]?.[0] ?? "") !== "";
  const params = new Map<string, ParamSpec>();
  if (multiplexed) {
    const actions = routes.map(([action]) => action);
    params.set("action", {
      name: "action",
      type: "enum",
      values: actions,
      default: actions[0],
      description: `What to do: ${actions.join(", ")} (default ${actions[0]}).`,
    });
  }
  for (const [, route] of routes) for (const p of route.params) if (!params.has(p.name)) params.set(p.name, mcpParam(p));
  tool.inputSchema = objectSchema([...params.values()]);
  const budgeted = params.has("maxTokens") || params.has("tokenBudget");
  const budgetNote = budgeted ? "" : ` Answers are capped at ${DEFAULT_BUDGET.mcp} tokens.`;
  tool.description = multiplexed
    ? `${routes.map(([action, r]) => `action=${action}: ${r.spec.description}`).join("\n")}${budgetNote}`
    : `${routes[0]?.[1].spec.description ?? ""}${budgetNote}`;
  const outputs = routes.map(([, r]) => r.spec.output).filter((o): o is JsonSchema => o !== undefined);
  tool.outputSchema = outputs.length === 1 && routes.length === 1 ? terseOutputSchema(outputs[0] as JsonSchema) : { type: "object" };
  if (!tool.annotations.readOnlyHint) {
    tool.annotations.destructiveHint = routes.some(([, r]) => r.spec.writesTree === true);
    tool.annotations.idempotentHint = true;
  }
}
