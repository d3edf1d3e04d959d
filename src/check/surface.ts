// The part of a TypeScript file its importers can see, as text hashes, so that a check can
// skip the dependents of an edit that cannot reach them:
//
//  - `strict`: the text without comments and without the bodies of functions whose
//    signature is fully written out (an explicit return type, or a constructor/setter). What
//    such a body says does not leak through the signature: equal strict surfaces mean no
//    other file's diagnostics can change.
//  - `loose`: the text without comments and without any function body. When only `loose` is
//    equal, bodies with inferred return types changed: the importers can only see that
//    through the types of the module's exports, which the caller then compares with the
//    checker (export-types.ts) — provided no changed body sits in a class (its members'
//    inferred types are not in the export's printed type: `classBodies`), and nothing in the
//    file would print by name only (`opaque`): a `typeof value` type query (a type alias
//    could capture an unexported function's inferred type), or a class, interface, type
//    alias or enum declared inside a function body.
//
// Anything uncertain — a JavaScript file (JSDoc types), a tree with syntax errors, a parse
// failure — has no surfaces (null): treat it as changed.

import { Lang, parse, type SgNode } from "@ast-grep/napi";

const FUNCTION_KINDS = ["function_declaration", "generator_function_declaration", "function_expression", "generator_function", "arrow_function", "method_definition"];
const CLASS_KINDS = new Set(["class_declaration", "class", "abstract_class_declaration"]);
const LOCAL_TYPE_KINDS = [...CLASS_KINDS, "interface_declaration", "type_alias_declaration", "enum_declaration"];

export interface Surfaces {
  strict: string;
  loose: string;
  /** The bodies with inferred return types inside classes. */
  classBodies: string;
  /** A `typeof value` type query, or a class/interface/type/enum declared inside a function body. */
  opaque: boolean;
}

function signatureIsWritten(fn: SgNode): boolean {
  if (fn.field("return_type")) return true;
  if (fn.kind() !== "method_definition") return false;
  const name = fn.field("name")?.text();
  return name === "constructor" || fn.children().some((c) => c.kind() === "set");
}

type Cut = [number, number, string];

function hashWithout(text: string, cuts: Cut[]): string {
  const sorted = [...cuts].sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  let out = "";
  let at = 0;
  for (const [start, end, placeholder] of sorted) {
    if (end <= at) continue; // inside a range already left out
    if (start > at) out += text.slice(at, start);
    out += placeholder;
    at = end;
  }
  out += text.slice(at);
  return Bun.hash(out.replace(/\s+/g, " ").trim()).toString(36);
}

/** A type parameter's variance annotation (`<in out A`, `, out B =`). */
const VARIANCE = /(?<=[<,]\s*)(?:in\s+out|in|out)\s+(?=[A-Za-z_$][\w$]*\s*(?:extends\b|=|,|>))/g;
/** A line starting with type parameters (a generic call signature member, or a generic arrow function). */
const TYPE_PARAMS_LINE = /^([ \t]*)[ \t](?=<[A-Za-z_$][\w$]*\s*(?:extends\b|=|,|>))/;
/** How a member can end without its `;` (an identifier, a closing bracket or a quote). */
const MEMBER_END = /[\w$)\]>'"`]$/;

/**
 * The text in a form the tree-sitter grammar parses, when TypeScript takes it but the grammar
 * does not, with every offset kept (same length: the ranges found in it are ranges of the
 * original text): variance annotations on type parameters blanked, and a `;` put in the
 * indent of a generic call signature that starts a line after a member ended without one
 * (comment lines between skipped). Null when there is nothing to rewrite.
 */
export function tolerated(text: string): string | null {
  let out = text.replace(VARIANCE, (m) => " ".repeat(m.length));
  const lines = out.split("\n");
  let previous = "";
  let inComment = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const trimmed = line.trim();
    const commentLine = inComment || trimmed.startsWith("//") || trimmed.startsWith("/*");
    if (commentLine) inComment = !trimmed.includes("*/") && (inComment || trimmed.startsWith("/*"));
    if (commentLine || !trimmed) continue;
    const m = TYPE_PARAMS_LINE.exec(line);
    if (m && MEMBER_END.test(previous)) lines[i] = `${m[1]};${line.slice(m[1]!.length + 1)}`;
    previous = trimmed;
  }
  out = lines.join("\n");
  return out === text ? null : out;
}

function parsed(lang: Lang, text: string): SgNode | null {
  try {
    const root = parse(lang, text).root();
    if (!root.has({ rule: { kind: "ERROR" } })) return root;
    const retry = lang === Lang.TypeScript ? tolerated(text) : null;
    if (retry === null) return null;
    const again = parse(lang, retry).root();
    return again.has({ rule: { kind: "ERROR" } }) ? null : again;
  } catch {
    return null;
  }
}

export function surfacesOf(path: string, text: string): Surfaces | null {
  const lang = /\.(?:[cm]?ts)$/.test(path) ? Lang.TypeScript : /\.tsx$/.test(path) ? Lang.Tsx : null;
  if (!lang) return null;
  const root = parsed(lang, text);
  if (!root) return null;
  const comments: Cut[] = root
    .findAll({ rule: { kind: "comment" } })
    .filter((c) => !c.text().startsWith("///"))
    .map((c) => [c.range().start.index, c.range().end.index, " "]);
  const written: Cut[] = [];
  const all: Cut[] = [];
  const inClass: string[] = [];
  for (const fn of root.findAll({ rule: { any: FUNCTION_KINDS.map((kind) => ({ kind })) } })) {
    const body = fn.field("body");
    if (!body) continue;
    const cut: Cut = [body.range().start.index, body.range().end.index, " {} "];
    all.push(cut);
    if (signatureIsWritten(fn)) written.push(cut);
    else if (fn.ancestors().some((a) => CLASS_KINDS.has(String(a.kind())))) inClass.push(text.slice(cut[0], cut[1])); // the original text (the parsed one may be rewritten)
  }
  return {
    strict: hashWithout(text, [...written, ...comments]),
    loose: hashWithout(text, [...all, ...comments]),
    classBodies: Bun.hash(inClass.join("\0")).toString(36),
    opaque: root.has({ rule: { kind: "type_query" } }) || root.has({ rule: { any: LOCAL_TYPE_KINDS.map((kind) => ({ kind })), inside: { any: FUNCTION_KINDS.map((kind) => ({ kind })), stopBy: "end" } } }),
  };
}

/** The strict surface hash alone (null: none to trust). */
export function surfaceOf(path: string, text: string): string | null {
  return surfacesOf(path, text)?.strict ?? null;
}

/**
 * How an edit from `before` to `after` can reach the importers: not at all (`none`), only
 * through the types of the module's exports (`exports`: compare them), or anyhow (`any`).
 */
export function reach(before: Surfaces | null, after: Surfaces | null): "none" | "exports" | "any" {
  if (!before || !after) return "any";
  if (before.strict === after.strict) return "none";
  if (before.loose === after.loose && before.classBodies === after.classBodies && !before.opaque && !after.opaque) return "exports";
  return "any";
}
