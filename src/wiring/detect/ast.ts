// Reading ast-grep nodes into plain values for the wiring detectors: a call's callee and
// arguments, object literals, strings, names. Each read is a few N-API crossings, spent only
// on the nodes a detector already matched; function bodies are never entered.

import type { SgNode } from "@ast-grep/napi";

export type Val =
  | { k: "str"; v: string; line: number }
  /** A template literal with substitutions: `text` as written (`${base}/orders`). */
  | { k: "tpl"; text: string; line: number; col: number }
  | { k: "id"; v: string; line: number; col: number }
  /** A dotted name: `TYPES.Order`, `this.bus`, `handlers.getOrder`. */
  | { k: "member"; v: string; line: number; col: number }
  | { k: "obj"; pairs: [string, Val][]; line: number }
  | { k: "arr"; items: Val[]; line: number }
  | { k: "call"; fn: string; args: Val[]; line: number; col: number; text: string }
  | { k: "new"; cls: string; args: Val[]; line: number; col: number; text: string }
  | { k: "fn"; params: string[]; name: string | null; line: number }
  /** `raw`: the source of a short binary expression (`base + "/orders"`), for constant folding. */
  | { k: "other"; text: string; line: number; col?: number; raw?: string };

export interface At {
  line: number;
  col: number;
  start: number;
  end: number;
}

export function at(node: SgNode): At {
  const r = node.range();
  return { line: r.start.line + 1, col: r.start.column, start: r.start.index, end: r.end.index };
}

const MAX_TEXT = 120;
const DOTTED = /^(?:this|[A-Za-z_$][\w$]*)(?:\s*\??\.\s*[A-Za-z_$][\w$]*)*$/;
const FUNCTIONS = new Set(["arrow_function", "function_expression", "function", "generator_function", "function_declaration"]);
const WRAPPERS = new Set(["parenthesized_expression", "as_expression", "satisfies_expression", "non_null_expression", "await_expression"]);

/** A string literal's value (simple escapes undone). */
export function unquote(text: string): string {
  const body = text.slice(1, -1);
  return body.includes("\\") ? body.replace(/\\(.)/g, "$1") : body;
}

/** A plain value for `node`, `depth` levels deep (objects, arrays, call arguments). */
export function readValue(node: SgNode, depth = 4): Val {
  const kind = node.kind() as string;
  if (WRAPPERS.has(kind)) {
    const inner = node.namedChildren()[0];
    if (inner) return readValue(inner, depth);
  }
  const a = at(node);
  switch (kind) {
    case "string":
      return { k: "str", v: unquote(node.text()), line: a.line };
    case "template_string": {
      const text = node.text();
      return text.includes("${") ? { k: "tpl", text: text.slice(1, -1), line: a.line, col: a.col } : { k: "str", v: text.slice(1, -1), line: a.line };
    }
    case "identifier":
    case "property_identifier":
    case "shorthand_property_identifier":
    case "type_identifier":
    case "this":
      return { k: "id", v: node.text(), line: a.line, col: a.col };
    case "member_expression":
    case "nested_identifier":
    case "nested_type_identifier": {
      const text = node.text();
      if (DOTTED.test(text)) return { k: "member", v: text.replace(/\s+/g, "").replace(/\?\./g, "."), line: a.line, col: a.col };
      return { k: "other", text: clipText(text), line: a.line };
    }
    case "object":
      return { k: "obj", pairs: depth > 0 ? objectPairs(node, depth - 1) : [], line: a.line };
    case "array":
      return { k: "arr", items: depth > 0 ? node.namedChildren().filter((c) => c.kind() !== "comment").map((c) => readValue(c, depth - 1)) : [], line: a.line };
    case "call_expression": {
      const fn = node.field("function");
      const args = node.field("arguments");
      return {
        k: "call",
        fn: fn ? clipText(fn.text()) : "",
        args: args && depth > 0 ? argumentValues(args, depth - 1) : [],
        line: a.line,
        col: a.col,
        text: clipText(node.text()),
      };
    }
    case "new_expression": {
      const cls = node.field("constructor");
      const args = node.field("arguments");
      return { k: "new", cls: cls ? clipText(cls.text()) : "", args: args && depth > 0 ? argumentValues(args, depth - 1) : [], line: a.line, col: a.col, text: clipText(node.text()) };
    }
    default:
      if (FUNCTIONS.has(kind)) return { k: "fn", params: paramNames(node), name: nameOf(node), line: a.line };
      if (kind === "binary_expression") {
        const raw = node.text();
        if (raw.length <= 300) return { k: "other", text: clipText(raw), line: a.line, col: a.col, raw };
      }
      return { k: "other", text: clipText(node.text()), line: a.line };
  }
}

export function argumentValues(args: SgNode, depth = 3): Val[] {
  return args.namedChildren().filter((c) => c.kind() !== "comment").map((c) => readValue(c, depth));
}

function objectPairs(node: SgNode, depth: number): [string, Val][] {
  const out: [string, Val][] = [];
  for (const child of node.namedChildren()) {
    const kind = child.kind() as string;
    if (kind === "pair") {
      const key = child.field("key");
      const value = child.field("value");
      if (!key || !value) continue;
      const k = key.kind() as string;
      const name = k === "string" ? unquote(key.text()) : k === "computed_property_name" ? key.text() : key.text();
      out.push([name, readValue(value, depth)]);
    } else if (kind === "shorthand_property_identifier") {
      const a = at(child);
      out.push([child.text(), { k: "id", v: child.text(), line: a.line, col: a.col }]);
    } else if (kind === "method_definition") {
      const name = child.field("name");
      if (name) out.push([name.text(), { k: "fn", params: paramNames(child), name: name.text(), line: at(child).line }]);
    }
  }
  return out;
}

function nameOf(node: SgNode): string | null {
  const name = node.field("name");
  return name ? name.text() : null;
}

/** Parameter names of a function-like node (`(app, opts)`, `app =>`, destructured → `{…}`). */
export function paramNames(node: SgNode): string[] {
  const single = node.field("parameter");
  if (single) return [single.text()];
  const params = node.field("parameters");
  if (!params) return [];
  const out: string[] = [];
  for (const p of params.namedChildren()) {
    const kind = p.kind() as string;
    if (kind === "comment") continue;
    const pattern = kind === "required_parameter" || kind === "optional_parameter" ? p.field("pattern") : p;
    const text = pattern ? pattern.text() : p.text();
    out.push(/^[A-Za-z_$][\w$]*$/.test(text) ? text : text.startsWith("{") ? "{…}" : text);
  }
  return out;
}

export function clipText(text: string, max = MAX_TEXT): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

/** Evidence text for a site: the source from `start`, whitespace collapsed, cut before a function body. */
export function evidence(src: string, start: number, end: number, max = 90): string {
  let text = src.slice(start, Math.min(end, start + 400)).replace(/\s+/g, " ").trim();
  const body = text.search(/=>\s*\{|\)\s*\{|\bfunction\b/);
  if (body > 0 && body < text.length - 1) {
    const cut = text.indexOf("{", body);
    const arrow = text.indexOf("=>", body);
    const stop = arrow >= 0 && (cut < 0 || arrow < cut) ? arrow + 2 : cut >= 0 ? cut + 1 : -1;
    if (stop > 0 && stop < text.length) text = `${text.slice(0, stop)} …`;
  }
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** The text of a string-ish value, or null when not static. */
export function staticString(v: Val | undefined): string | null {
  return v && v.k === "str" ? v.v : null;
}

/** A name value (identifier or dotted) as a Ref-able name, else null. */
export function nameValue(v: Val | undefined): { name: string; line: number; col: number } | null {
  if (!v) return null;
  if (v.k === "id" || v.k === "member") return { name: v.v, line: v.line, col: v.col };
  return null;
}

export function pair(v: Val | undefined, key: string): Val | undefined {
  if (!v || v.k !== "obj") return undefined;
  for (const [k, value] of v.pairs) if (k === key) return value;
  return undefined;
}

/** Canonical DI / request token text for a value: `Name`, `'string'`, `TYPES.Order`, `Symbol.for('x')`. */
export function tokenText(v: Val | undefined): string | null {
  if (!v) return null;
  if (v.k === "obj") return objectKey(v);
  return v.k === "str" || v.k === "id" || v.k === "member" || v.k === "call" || v.k === "new" ? valueText(v) : null;
}

/** A message pattern object (`{ cmd: 'get_order' }`) as a canonical key: `{cmd:'get_order'}`. */
export function objectKey(v: Val & { k: "obj" }): string {
  const parts = v.pairs.map(([k, value]) => `${k}:${value.k === "str" ? `'${value.v}'` : value.k === "id" || value.k === "member" ? value.v : "?"}`);
  return `{${parts.join(",")}}`;
}

export function isFunctionNode(kind: string): boolean {
  return FUNCTIONS.has(kind);
}

/** A value as it reads in evidence text. */
export function valueText(v: Val): string {
  switch (v.k) {
    case "str":
      return `'${v.v}'`;
    case "tpl":
      return `\`${v.text}\``;
    case "id":
    case "member":
      return v.v;
    case "call":
    case "new":
      return v.text;
    case "other":
      return v.text;
    case "fn":
      return "(…) => …";
    case "obj":
      return "{ … }";
    case "arr":
      return "[ … ]";
  }
}
