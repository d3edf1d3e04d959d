// Kotlin: the grammar has no field names, so names and bodies are found among a
// declaration's named children. Classes (interface / enum class by keyword), objects and
// companion objects, functions, properties (`val`/`var` constructor parameters too),
// secondary constructors, type aliases, enum entries. Default visibility public.

import type { SgNode } from "@ast-grep/napi";
import { kindOf, nameOf, spanOf, type Name, type Outline, type Span } from "./core.ts";
import type { ClassSpec, Parts } from "./jvm.ts";
import type { Decl, DeclKind, Visibility } from "../model.ts";

function classKind(prefix: string): DeclKind {
  if (/\binterface\s*$/.test(prefix)) return "interface";
  if (/\benum\s+class\s*$/.test(prefix)) return "enum";
  return "class";
}

const NAME_KINDS = new Set(["type_identifier", "simple_identifier"]);
const BODY_KINDS = new Set(["class_body", "enum_class_body", "function_body"]);

function childParts(o: Outline, node: SgNode, kind: string): Parts {
  let name: Name | null = null;
  let body: SgNode | null = null;
  let lastHead: SgNode | null = null;
  for (const child of node.namedChildren()) {
    const k = kindOf(child);
    if (!name && NAME_KINDS.has(k)) name = nameOf(o.src, child);
    else if (!name && k === "variable_declaration") name = nameOf(o.src, child.namedChildren()[0] ?? null);
    else if (BODY_KINDS.has(k)) body = child;
    if (k !== "statements") lastHead = child;
  }
  if (kind === "secondary_constructor") return { names: [keywordName(o, node, "constructor")], body: null, bodySpan: braceBody(o, node, lastHead) };
  if (kind === "companion_object" && !name) name = keywordName(o, node, "Companion");
  return { names: name ? [name] : [], body };
}

/** A synthetic name positioned at the declaration's keyword (for prefix/visibility purposes). */
function keywordName(o: Outline, node: SgNode, text: string): Name {
  const span = spanOf(node);
  const keyword = text === "Companion" ? "companion" : text;
  const at = o.src.indexOf(keyword, span.start);
  const start = at >= 0 && at < span.end ? at : span.start;
  return { text, start, end: start };
}

/** `constructor(…) : this(…) { … }` has no body node: take the braces after the header. */
function braceBody(o: Outline, node: SgNode, lastHead: SgNode | null): Span | null {
  const span = spanOf(node);
  if (o.src[span.end - 1] !== "}") return null;
  const from = lastHead ? lastHead.range().end.index : span.start;
  const brace = o.src.indexOf("{", from);
  return brace >= 0 && brace < span.end ? { ...span, start: brace } : null;
}

function visibility(prefix: string): Visibility {
  const m = /(?:^|\s)(public|private|protected|internal)\b/.exec(prefix);
  return (m?.[1] as Visibility | undefined) ?? "public";
}

/** `class A(val x: Int, private var y: Int)` declares properties x and y. */
function constructorProperties(o: Outline, node: SgNode, decl: Decl): void {
  if (kindOf(node) !== "class_declaration") return;
  const ctor = node.namedChildren().find((c) => kindOf(c) === "primary_constructor");
  if (!ctor) return;
  for (const param of ctor.namedChildren()) {
    if (kindOf(param) !== "class_parameter") continue;
    const span = spanOf(param);
    const head = o.prefix(span.start, Math.min(span.end, span.start + 200));
    const m = /^((?:[\w@]+\s+)*?)(val|var)\s+([A-Za-z_]\w*|`[^`]+`)/.exec(head);
    if (!m?.[3]) continue;
    const vis = visibility(`${m[1] ?? ""} `);
    o.add({
      kind: "property",
      name: m[3],
      scope: { container: decl.qualifiedName, exported: decl.exported },
      span,
      sigMode: "value",
      exported: decl.exported && (vis === "public" || vis === "protected"),
      visibility: vis,
    });
  }
}

export const KOTLIN: ClassSpec = {
  kinds: {
    class_declaration: classKind,
    object_declaration: "object",
    companion_object: "object",
    function_declaration: "function",
    property_declaration: (prefix) => (/\bvar\s*$/.test(prefix) ? "variable" : "const"),
    secondary_constructor: "constructor",
    type_alias: "type",
    enum_entry: "enum_member",
  },
  parts: childParts,
  visibility,
  after: constructorProperties,
};
