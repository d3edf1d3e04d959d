// The part of a TypeScript file its importers can see: the text with comments and the
// bodies of functions whose signature is fully written out (an explicit return type, or a
// constructor/setter) left out. When an edit leaves this surface as it was, no other file's
// diagnostics can change (what a body says does not leak through an annotated signature),
// so the checks skip the dependents. Anything uncertain — a JavaScript file (JSDoc types),
// a tree with syntax errors, a parse failure — has no surface (null): treat it as changed.

import { Lang, parse, type SgNode } from "@ast-grep/napi";

const FUNCTION_KINDS = ["function_declaration", "generator_function_declaration", "function_expression", "generator_function", "arrow_function", "method_definition"];

function signatureIsWritten(fn: SgNode): boolean {
  if (fn.field("return_type")) return true;
  if (fn.kind() !== "method_definition") return false;
  const name = fn.field("name")?.text();
  return name === "constructor" || fn.children().some((c) => c.kind() === "set");
}

/** A hash of the file's surface, or null when it cannot be trusted (see above). */
export function surfaceOf(path: string, text: string): string | null {
  const lang = /\.(?:[cm]?ts)$/.test(path) ? Lang.TypeScript : /\.tsx$/.test(path) ? Lang.Tsx : null;
  if (!lang) return null;
  let root: SgNode;
  try {
    root = parse(lang, text).root();
  } catch {
    return null;
  }
  if (root.has({ rule: { kind: "ERROR" } })) return null;
  const cut: [number, number, string][] = [];
  for (const fn of root.findAll({ rule: { any: FUNCTION_KINDS.map((kind) => ({ kind })) } })) {
    const body = fn.field("body");
    if (body && signatureIsWritten(fn)) cut.push([body.range().start.index, body.range().end.index, " {} "]);
  }
  for (const c of root.findAll({ rule: { kind: "comment" } })) {
    if (!c.text().startsWith("///")) cut.push([c.range().start.index, c.range().end.index, " "]);
  }
  cut.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  let out = "";
  let at = 0;
  for (const [start, end, placeholder] of cut) {
    if (end <= at) continue; // inside a range already left out
    if (start > at) out += text.slice(at, start);
    out += placeholder;
    at = end;
  }
  out += text.slice(at);
  return Bun.hash(out.replace(/\s+/g, " ").trim()).toString(36);
}
