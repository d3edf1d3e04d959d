// Request validation from the registry's parameter specifications: defaults, types,
// ranges, enums, required values. Every surface goes through it, so a bad value gets the
// same `validation_error` wherever it comes from.

import { clipInput, unknownValue, validationError } from "./errors.ts";
import { appliesRules, CONTENT_CAP, INT_CAP, LIST_CAP, SESSION_ID, STRING_CAP, type AppliesRule, type ParamSpec } from "./params.ts";

/** How a surface names a parameter in messages (`--max-tokens` on the CLI, `maxTokens` in MCP). */
export type ParamLabel = (spec: ParamSpec) => string;

export const plainLabel: ParamLabel = (spec) => spec.name;

function capString(spec: ParamSpec, value: string, label: string): string {
  const cap = spec.maxLength ?? STRING_CAP;
  if (value.length > cap) throw validationError(`${label} is too long: ${value.length} characters (at most ${cap})`);
  if (!spec.rawText && value.includes("\0")) throw validationError(`${label} must not contain a NUL character (\\0, at index ${value.indexOf("\0")})`);
  // half of a character (a JSON `\ud800` escape): UTF-8 — the file system, SQLite, git — cannot hold it, and apply created 'src/\uFFFD.ts' for 'src/\ud800.ts'
  const half = spec.rawText ? -1 : loneSurrogateAt(value);
  if (half >= 0) throw validationError(`${label} holds a lone UTF-16 surrogate (\\u${value.charCodeAt(half).toString(16).toUpperCase()}, at index ${half}), half of a character, which UTF-8 cannot encode; send the whole character`);
  return value;
}

/** Where `text` holds a lone UTF-16 surrogate (half of a character; a JSON `\ud800` escape), or -1. */
export function loneSurrogateAt(text: string): number {
  if (!/[\uD800-\uDFFF]/.test(text)) return -1;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code < 0xd800 || code > 0xdfff) continue;
    if (code <= 0xdbff && (text.charCodeAt(at + 1) & 0xfc00) === 0xdc00) at++; // a whole pair
    else return at;
  }
  return -1;
}

/** Any C0 control character or DEL: no git ref and no session id holds one. */
const CONTROL_CHAR = /[\x00-\x1f\x7f]/;

/** A file extension with or without its dot (.ts, md, .d.ts), or a dotfile's whole name (.env): no separator, wildcard, space or control character. */
const EXTENSION = /^\.?[^./\\\s*?[\]{}\x00-\x1f\x7f]+(\.[^./\\\s*?[\]{}\x00-\x1f\x7f]+)*$/;

/**
 * A path as an agent may write it for a shell or a URI, which names something else here: `~/x`
 * (svc expands no home folder: it named a folder `~` in the workspace, and apply created one)
 * and a `file:` URI (apply created `file:/etc/passwd` in the workspace). `./` spells a folder
 * really named so.
 */
export function checkPathForm(value: string, label: string): string {
  if (/^~(?:[\w.-]*[/\\]|$)/.test(value)) throw validationError(`${label} must not start with '~' (got '${clipInput(value, 40)}'): svc expands no home folder, and a workspace path is relative to its root or absolute (./~/… names a folder really called '~')`);
  if (/^file:\//i.test(value)) throw validationError(`${label} must be a path, not a file: URI (got '${clipInput(value, 40)}'): pass the path it names, relative to the workspace root or absolute`);
  return value;
}

/**
 * A path or a ref that holds a redaction marker: svc showed a name holding a credential (`notes/ghp_….txt`, a tag
 * `deploy/ghp_…`) as `[REDACTED:<kind>]` and cannot map the marker back to it (it keeps no value to put back). Refused with
 * what to pass instead, never looked up as written (a silent "no such file", "bad revision").
 */
function refuseMarker(spec: ParamSpec, value: string, label: string): void {
  const marker = /\[REDACTED:[a-z0-9-]*\]?/.exec(value)?.[0];
  if (marker === undefined) return;
  const instead = spec.shape === "ref"
    ? "pass the commit it points at (git rev-parse), or rename the branch or tag so its name holds no credential"
    : "rename the file or folder so its name holds no credential (svc leaves such a file out of the index and shows its name redacted), or pass a path that names it without the marker";
  throw validationError(`${label} holds a redaction marker (${marker} in '${clipInput(value, 80)}'): svc showed a credential in this name as a marker and cannot map it back; ${instead}`);
}

/** The seeds that name a file as a path parameter does (focus, scope's seed, context's seeds). */
const SEED_PARAMS: ReadonlySet<string> = new Set(["focus", "seed", "seeds"]);

/** Whether a parameter names a file, a folder or a ref, so a redaction marker in it is refused (refuseMarker). */
export function namesByPath(spec: ParamSpec): boolean {
  return spec.shape === "path" || spec.shape === "ref" || spec.name === "path" || (SEED_PARAMS.has(spec.name) && (spec.type === "string" || spec.type === "string[]"));
}

/** A string of a known shape (`ParamSpec.shape`), checked here so the message names the parameter as the caller passed it; "" is no value (the default applies). */
function checkShape(spec: ParamSpec, value: string, label: string): string {
  if (namesByPath(spec)) refuseMarker(spec, value, label);
  if (!spec.shape || value === "") return value;
  if (spec.shape === "sessionId") {
    if (!SESSION_ID.test(value)) throw validationError(`${label} must be 1–128 characters of A-Z a-z 0-9 . _ : - (got '${clipInput(value, 40)}')`);
    return value;
  }
  if (spec.shape === "extension") {
    if (!EXTENSION.test(value)) throw validationError(`${label} must be a file extension such as .ts or .md (got '${clipInput(value, 40)}'): no path, wildcard or space`);
    return value;
  }
  if (spec.shape === "ref") {
    if (!value.trim()) throw validationError(`${label} must name a git ref (branch, tag, commit or HEAD~N), not only spaces`);
    if (value.startsWith("-")) throw validationError(`${label} must not start with '-' (got '${clipInput(value, 40)}'): a git ref never does`);
  }
  if (spec.shape === "path") checkPathForm(value, label);
  const at = value.search(CONTROL_CHAR);
  if (at >= 0) throw validationError(`${label} must not contain a control character (got '${clipInput(value, 40)}', one at index ${at}): ${spec.shape === "ref" ? "a git ref holds none" : "svc reads and writes no file whose name holds one"}`);
  return value;
}

/** A string inside a structured value (an object[] item's field) held to what a parameter of this spec would be: its cap, no NUL, its shape. */
export function checkText(spec: Pick<ParamSpec, "maxLength" | "rawText" | "shape">, value: string, label: string): string {
  const full = { name: label, type: "string", description: "", ...spec } as ParamSpec;
  return checkShape(full, capString(full, value, label), label);
}

/** An integer as text (the CLI's values, an agent's stringified number): decimal digits with an optional minus, nothing else — not "0x10", " 5 ", "5.0", "1e3" or "+5", which Number() would read. */
const INT_TEXT = /^-?\d{1,16}$/;

function coerceInt(spec: ParamSpec, value: unknown, label: string): number {
  const n = typeof value === "number" ? value : typeof value === "string" && INT_TEXT.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n)) throw validationError(`${label} must be an integer (got '${clipInput(value)}')`);
  const max = spec.max ?? INT_CAP;
  if (spec.min !== undefined && n < spec.min) {
    throw validationError(
      spec.max !== undefined
        ? `${label} must be between ${spec.min} and ${spec.max} (got ${n})`
        : `${label} must be at least ${spec.min} (got ${n})`,
    );
  }
  if (n > max || n < -INT_CAP) throw validationError(`${label} must be between ${spec.min ?? 0} and ${max} (got ${n})`);
  if (spec.orAtLeast !== undefined && n !== 0 && n < spec.orAtLeast) throw validationError(`${label} must be 0 (no limit) or at least ${spec.orAtLeast} (got ${n})`);
  return n;
}

/** A boolean: true or false, as JSON or as text (the CLI's `--flag=false`, any case) — one spelling per value, so neither 0/1 nor "yes"/"on" is read as one. */
function coerceBool(value: unknown, label: string): boolean {
  if (typeof value === "boolean") return value;
  if (typeof value === "string") {
    const v = value.toLowerCase();
    if (v === "true") return true;
    if (v === "false") return false;
  }
  throw validationError(`${label} must be true or false (got '${clipInput(value)}')`);
}

/**
 * What a request sent as JSON (MCP, the host's RPC) may hold where the schema says string: a string. The CLI's argv is text,
 * which its parser reads as numbers where it can (`svc find 42`), so there a number is the text it was typed as; over JSON a
 * number is no name, path, ref or query (`path: 42` became the folder …/42, `query: 7` was searched as "7").
 *
 * Lenient on purpose, on every surface (each reads one way only): an integer as its decimal digits ("5") and a boolean
 * as "true"/"false" (agents stringify them), a list of objects as its JSON text (object[]), a lone string where a list of
 * strings is asked for (`seeds: "Hono"` is the list of that one seed), and an empty string for an optional string: no
 * value, the default applies (`template: ""` infers the template, as leaving it out does). An enum's empty string names
 * none of its values and is refused listing them.
 */
function textOf(value: unknown, label: string, json: boolean, what = "a string"): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" && !json) return String(value);
  throw validationError(`${label} must be ${what} (got ${value === null ? "null" : Array.isArray(value) ? "a list" : `${typeof value === "object" ? "an object" : `a ${typeof value}`}`}${typeof value === "number" || typeof value === "boolean" ? ` ${value}` : ""})`);
}

function coerceStrings(spec: ParamSpec, value: unknown, label: string, json: boolean): string[] {
  const list = Array.isArray(value) ? value : [value];
  const cap = spec.maxItems ?? LIST_CAP;
  if (list.length > cap) throw validationError(`${label} has too many items: ${list.length} (at most ${cap})`);
  const items = list.map((item, i) => {
    if (typeof item !== "string" && typeof item !== "number") throw validationError(`${label} must be a list of strings`);
    const text = Array.isArray(value) ? textOf(item, `${label}[${i}]`, json) : textOf(item, label, json, "a list of strings");
    // a blank item names nothing: an empty route seed matched a file by text, an empty seed beside others was dropped unsaid
    if (text.trim() === "") throw validationError(`${label}[${i}] is empty; pass a value, or leave it out of the list`);
    return capString(spec, text, `${label}[${i}]`);
  });
  // each item's shape once every item is a string within its cap (a NUL anywhere is named first)
  return items.map((item, i) => checkShape(spec, item, `${label}[${i}]`));
}

/** A list of objects: an array, or a string holding the JSON of one (agents sometimes pass it stringified); items and size capped. */
function coerceObjects(spec: ParamSpec, value: unknown, label: string): Record<string, unknown>[] {
  let list = value;
  if (typeof value === "string") {
    if (value.length > (spec.maxLength ?? CONTENT_CAP)) throw validationError(`${label} is too large (at most ${spec.maxLength ?? CONTENT_CAP} characters of JSON)`);
    try {
      list = JSON.parse(value);
    } catch {
      throw validationError(`${label} must be an array of objects (the string given is not JSON)`);
    }
  }
  if (!Array.isArray(list)) throw validationError(`${label} must be an array of objects`);
  const cap = spec.maxItems ?? LIST_CAP;
  if (list.length > cap) throw validationError(`${label} has too many items: ${list.length} (at most ${cap})`);
  list.forEach((item, i) => {
    if (typeof item !== "object" || item === null || Array.isArray(item)) throw validationError(`${label}[${i}] must be an object`);
  });
  if (typeof value !== "string" && JSON.stringify(list).length > (spec.maxLength ?? CONTENT_CAP)) throw validationError(`${label} is too large (at most ${spec.maxLength ?? CONTENT_CAP} characters of JSON)`);
  return list as Record<string, unknown>[];
}

/** The parameter types that take one value: a list for one (a flag given twice, `[5]`) is named as such, not as a value of the wrong type. */
const SCALAR: ReadonlySet<ParamSpec["type"]> = new Set(["int", "bool", "enum", "string"]);

function coerce(spec: ParamSpec, value: unknown, label: string, json: boolean): unknown {
  if (SCALAR.has(spec.type) && Array.isArray(value)) throw validationError(`${label} takes one value, not a list of ${value.length} (${clipInput(value)})`);
  switch (spec.type) {
    case "int":
      return coerceInt(spec, value, label);
    case "bool":
      return coerceBool(value, label);
    case "string[]":
      return coerceStrings(spec, value, label, json);
    case "enum": {
      const v = typeof value === "string" ? value : clipInput(value);
      if (!spec.values?.includes(v)) throw unknownValue(spec.name, clipInput(v), spec.values ?? []);
      return v;
    }
    case "string":
      return checkShape(spec, capString(spec, textOf(value, label, json), label), label);
    case "object":
      if (typeof value !== "object" || Array.isArray(value)) throw validationError(`${label} must be an object`);
      if (JSON.stringify(value).length > (spec.maxLength ?? CONTENT_CAP)) throw validationError(`${label} is too large (at most ${spec.maxLength ?? CONTENT_CAP} characters of JSON)`);
      return value;
    case "object[]":
      return coerceObjects(spec, value, label);
  }
}

/** Refuses a parameter the call does not take (a misspelt `maxTokens` would otherwise be ignored and its budget with it). */
export function rejectUnknownParams(keys: readonly string[], known: readonly string[], where: string, shown: readonly string[] = known): void {
  for (const key of keys) {
    if (!known.includes(key)) throw validationError(`unknown parameter '${clipInput(key)}' for ${where}. Valid parameters: ${shown.join(", ")}`);
  }
}

/**
 * Apply defaults and check every parameter; returns the normalized request. A key the
 * parameters do not name is refused (`where`: the call, as the message names it), so a
 * misspelt `maxTokens` never reaches an operation as no budget, from any surface or caller.
 * A key set to undefined is not passed (an internal caller's optional value left out).
 */
export function validateRequest(
  params: readonly ParamSpec[],
  raw: Record<string, unknown>,
  label: ParamLabel = plainLabel,
  where = "this call",
  /** The request came as JSON (MCP, RPC): its values have their JSON types, held to the schema's (textOf). */
  json = false,
): Record<string, unknown> {
  const passed = Object.keys(raw).filter((key) => raw[key] !== undefined);
  rejectUnknownParams(passed, params.map((p) => p.name), where, params.map(label));
  const out: Record<string, unknown> = {};
  for (const spec of params) {
    const value = raw[spec.name];
    if (value === undefined || value === null) {
      if (spec.required) throw validationError(`${label(spec)} is required`);
      out[spec.name] = spec.default ?? null;
      continue;
    }
    out[spec.name] = coerce(spec, value, label(spec), json);
    if (spec.required && spec.type === "string" && String(out[spec.name]).trim() === "") {
      throw validationError(spec.emptyMessage ?? `${label(spec)} must not be empty`);
    }
  }
  for (const spec of params) refuseInapplicable(spec, params, out, label);
  return out;
}

/** A value the call passed for a parameter that means nothing with the others (`appliesWith`, every rule): refused, never ignored. */
function refuseInapplicable(spec: ParamSpec, params: readonly ParamSpec[], request: Record<string, unknown>, label: ParamLabel): void {
  const value = request[spec.name];
  if (value === null || value === "" || (Array.isArray(value) && value.length === 0) || JSON.stringify(value) === JSON.stringify(spec.default ?? null)) return;
  for (const rule of appliesRules(spec)) refuseUnless(rule, spec, params, request, label);
}

function refuseUnless(rule: AppliesRule, spec: ParamSpec, params: readonly ParamSpec[], request: Record<string, unknown>, label: ParamLabel): void {
  // a rule naming a parameter outside the list checked (a subset of an operation's) does not apply; the registry test holds every rule to a parameter of its operation
  const other = params.find((p) => p.name === rule.param);
  if (!other) return;
  const isSet = (name: string) => request[name] !== null && request[name] !== undefined && request[name] !== "" && !(Array.isArray(request[name]) && (request[name] as unknown[]).length === 0);
  const has = request[rule.param];
  const set = isSet(rule.param);
  if (rule.unset) {
    if (!set) return;
    throw validationError(`${label(spec)} applies only without ${label(other)} (this call has ${label(other)}=${clipInput(has)}); leave one of them out`);
  }
  const alternatives = rule.values ? [] : params.filter((p) => rule.or?.includes(p.name));
  if (rule.values ? set && rule.values.includes(String(has)) : set || alternatives.some((p) => isSet(p.name))) return;
  const needs = rule.values ? `${label(other)}=${rule.values.join("|")}` : [other, ...alternatives].map(label).join(" or ");
  const now = rule.values ? ` (this call has ${label(other)}=${set ? clipInput(has) : "none"})` : "";
  throw validationError(`${label(spec)} applies only with ${needs}${now}; pass ${needs} or leave ${label(spec)} out`);
}
