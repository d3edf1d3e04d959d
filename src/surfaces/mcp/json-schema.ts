// JSON Schemas for MCP tools, generated from the registry's parameter specifications.

import { INT_CAP, LIST_CAP, STRING_CAP, type ParamSpec } from "../../params.ts";

export type JsonSchema = Record<string, unknown>;

export function paramSchema(spec: ParamSpec): JsonSchema {
  const out: JsonSchema = { description: spec.description };
  switch (spec.type) {
    case "string":
      out.type = "string";
      out.maxLength = spec.maxLength ?? STRING_CAP;
      break;
    case "int":
      out.type = "integer";
      if (spec.min !== undefined) out.minimum = spec.min;
      out.maximum = spec.max ?? INT_CAP;
      break;
    case "bool":
      out.type = "boolean";
      break;
    case "string[]":
      out.type = "array";
      out.items = { type: "string", maxLength: spec.maxLength ?? STRING_CAP };
      out.maxItems = spec.maxItems ?? LIST_CAP;
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
      out.maxItems = spec.maxItems ?? LIST_CAP;
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
