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

export function surfacesOf(path: string, text: string): Surfaces | null {
  const lang = /\.(?:[cm]?ts)$/.test(path) ? Lang.TypeScript : /\.tsx$/.test(path) ? Lang.Tsx : null;
  if (!lang) return null;
  let root: SgNode;
  try {
    root = parse(lang, text).root();
  } catch {
    return null;
  }
  if (root.has({ rule: { kind: "ERROR" } })) return null;
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
    else if (fn.ancestors().some((a) => CLASS_KINDS.has(String(a.kind())))) inClass.push(body.text());
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
