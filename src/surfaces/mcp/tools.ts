// The MCP tool list, generated from the registry: one tool per MCP name; a tool backed by
// several operations (svc_workspace actions) selects them with its `action` parameter.

import type { ParamSpec } from "../../params.ts";
import { REGISTRY, type McpBinding, type OperationSpec } from "../../registry.ts";
import { objectSchema, type JsonSchema } from "./json-schema.ts";

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
  annotations: { readOnlyHint: boolean; openWorldHint: boolean; destructiveHint?: boolean; idempotentHint?: boolean; title: string };
  catalog: "A" | "B";
  /** action value → route (the single route under "" when the tool has no action parameter). */
  routes: Map<string, McpRoute>;
}

const PATH_NOTE = " Pass an absolute `path`; a relative one resolves against the server's working directory.";

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
          annotations: { readOnlyHint: true, openWorldHint: false, title: titleOf(binding.tool) },
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
  for (const [, route] of routes) for (const p of route.params) if (!params.has(p.name)) params.set(p.name, p);
  tool.inputSchema = objectSchema([...params.values()]);
  tool.description = multiplexed
    ? `${routes.map(([action, r]) => `action=${action}: ${r.spec.description}`).join("\n")}${PATH_NOTE}`
    : `${routes[0]?.[1].spec.description ?? ""}${PATH_NOTE}`;
  const outputs = routes.map(([, r]) => r.spec.output).filter((o): o is JsonSchema => o !== undefined);
  if (tool.catalog === "A" && outputs.length === routes.length) {
    tool.outputSchema = outputs.length === 1 ? outputs[0] : { type: "object", additionalProperties: true };
  }
  if (!tool.annotations.readOnlyHint) {
    tool.annotations.destructiveHint = routes.some(([, r]) => r.spec.writesTree === true);
    tool.annotations.idempotentHint = true;
  }
}
