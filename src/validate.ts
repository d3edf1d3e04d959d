// Request validation from the registry's parameter specifications: defaults, types,
// ranges, enums, required values. Every surface goes through it, so a bad value gets the
// same `validation_error` wherever it comes from.

import { unknownValue, validationError } from "./errors.ts";
import type { ParamSpec } from "./params.ts";

/** How a surface names a parameter in messages (`--max-tokens` on the CLI, `maxTokens` in MCP). */
export type ParamLabel = (spec: ParamSpec) => string;

export const plainLabel: ParamLabel = (spec) => spec.name;

function coerceInt(spec: ParamSpec, value: unknown, label: string): number {
  const n = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
  if (!Number.isInteger(n)) throw validationError(`${label} must be an integer (got '${String(value)}')`);
  if (spec.min !== undefined && n < spec.min) {
    throw validationError(
      spec.max !== undefined
        ? `${label} must be between ${spec.min} and ${spec.max} (got ${n})`
        : `${label} must be at least ${spec.min} (got ${n})`,
    );
  }
  if (spec.max !== undefined && n > spec.max) {
    throw validationError(`${label} must be between ${spec.min ?? 0} and ${spec.max} (got ${n})`);
  }
  return n;
}

function coerceBool(value: unknown, label: string): boolean {
  if (typeof value === "boolean") return value;
  if (typeof value === "string") {
    const v = value.toLowerCase();
    if (["1", "true", "yes", "on"].includes(v)) return true;
    if (["0", "false", "no", "off"].includes(v)) return false;
  }
  throw validationError(`${label} must be true or false (got '${String(value)}')`);
}

function coerceStrings(value: unknown, label: string): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list.map((item) => {
    if (typeof item !== "string" && typeof item !== "number") throw validationError(`${label} must be a list of strings`);
    return String(item);
  });
}

function coerce(spec: ParamSpec, value: unknown, label: string): unknown {
  switch (spec.type) {
    case "int":
      return coerceInt(spec, value, label);
    case "bool":
      return coerceBool(value, label);
    case "string[]":
      return coerceStrings(value, label);
    case "enum": {
      const v = String(value);
      if (!spec.values?.includes(v)) throw unknownValue(spec.name, v, spec.values ?? []);
      return v;
    }
    case "string":
      if (typeof value !== "string" && typeof value !== "number") throw validationError(`${label} must be a string`);
      return String(value);
    case "object":
      if (typeof value !== "object" || Array.isArray(value)) throw validationError(`${label} must be an object`);
      return value;
  }
}

/** Apply defaults and check every parameter; returns the normalized request. */
export function validateRequest(
  params: readonly ParamSpec[],
  raw: Record<string, unknown>,
  label: ParamLabel = plainLabel,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const spec of params) {
    const value = raw[spec.name];
    if (value === undefined || value === null) {
      if (spec.required) throw validationError(`${label(spec)} is required`);
      out[spec.name] = spec.default ?? null;
      continue;
    }
    out[spec.name] = coerce(spec, value, label(spec));
    if (spec.required && spec.type === "string" && String(out[spec.name]).trim() === "") {
      throw validationError(spec.emptyMessage ?? `${label(spec)} must not be empty`);
    }
  }
  return out;
}
