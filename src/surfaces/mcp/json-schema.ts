// JSON Schemas for MCP tools, generated from the registry's parameter specifications.

import type { ParamSpec } from "../../params.ts";

export type JsonSchema = Record<string, unknown>;

// The global caps (strings 4,096, lists 1,000, integers 1e9: params.ts, the README's "Limits
// and writes") are enforced by validation on every surface and not repeated on every
// parameter of every tool (about 5 % of tools/list); a parameter's own tighter cap is stated.

export function paramSchema(spec: ParamSpec): JsonSchema {
  const out: JsonSchema = { description: spec.description };
  switch (spec.type) {
    case "string":
      out.type = "string";
      if (spec.maxLength !== undefined) out.maxLength = spec.maxLength;
      break;
    case "int":
      out.type = "integer";
      if (spec.min !== undefined) out.minimum = spec.min;
      if (spec.max !== undefined) out.maximum = spec.max;
      break;
    case "bool":
      out.type = "boolean";
      break;
    case "string[]":
      out.type = "array";
      out.items = { type: "string", ...(spec.maxLength !== undefined ? { maxLength: spec.maxLength } : {}) };
      if (spec.maxItems !== undefined) out.maxItems = spec.maxItems;
      break;
    case "enum":
      out.type = "string";
      out.enum = [...(spec.values ?? [])];
      break;
    case "object":
      out.type = "object";
      break;
    case "object[]":
      out.type = "array";
      out.items = spec.items ?? { type: "object" };
      if (spec.maxItems !== undefined) out.maxItems = spec.maxItems;
      break;
  }
  // false, "" and null are what an absent value means anyway: stating them costs tokens in every tools/list
  if (spec.default !== undefined && spec.default !== null && spec.default !== false && spec.default !== "") out.default = spec.default;
  return out;
}

export function objectSchema(params: readonly ParamSpec[]): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const spec of params) {
    properties[spec.name] = paramSchema(spec);
    if (spec.required) required.push(spec.name);
  }
  return { type: "object", properties, ...(required.length ? { required } : {}), additionalProperties: false };
}

/** The terse MCP form of an output schema: the required properties with their types (others stay allowed). */
export function terseOutputSchema(schema: JsonSchema): JsonSchema {
  const required = (schema.required as string[] | undefined) ?? [];
  const properties = (schema.properties as Record<string, JsonSchema> | undefined) ?? {};
  const kept = Object.fromEntries(required.filter((k) => properties[k]).map((k) => [k, { type: (properties[k] as JsonSchema).type }]));
  return { type: "object", ...(required.length ? { properties: kept, required } : {}) };
}
