// C#: namespaces (block and file-scoped; contents get them as container), classes,
// structs, interfaces, enums (+ members), records, delegates (type), methods,
// constructors, destructors, operators, properties, indexers, fields, events. Default
// visibility: internal for top-level types, private for members (public in interfaces
// and enums). Exported = public, or protected inside an exported type.

import type { SgNode } from "@ast-grep/napi";
import { kindOf, nameOf, type Name, type Outline } from "./core.ts";
import { fieldParts, type ClassSpec, type Parts } from "./jvm.ts";
import type { DeclKind, Visibility } from "../model.ts";

/** Names of `field_declaration` / `event_field_declaration`: every declarator of the inner variable_declaration. */
function declaratorNames(o: Outline, node: SgNode): Parts {
  const names: Name[] = [];
  for (const child of node.namedChildren()) {
    if (kindOf(child) !== "variable_declaration") continue;
    for (const d of child.namedChildren()) {
      if (kindOf(d) !== "variable_declarator") continue;
      const name = nameOf(o.src, d.field("name"));
      if (name) names.push(name);
    }
  }
  return { names, body: null };
}

/** A name made of a keyword inside the node (`this[…]`, `operator +`). */
function keywordParts(o: Outline, node: SgNode, keyword: string, body: boolean): Parts {
  const r = node.range();
  const text = o.src.slice(r.start.index, Math.min(r.end.index, r.start.index + 400));
  const m = new RegExp(`\\b${keyword}\\b\\s*(?:[^\\s(\\[]*)`).exec(text);
  if (!m) return { names: [], body: null };
  const start = r.start.index + m.index;
  const name = m[0].replace(/\s+/g, " ").trim();
  return { names: [{ text: name, start, end: start + m[0].length }], body: body ? node.field("body") : null };
}

function typeVisibility(prefix: string, container: DeclKind | null): Visibility {
  if (/\bnamespace\s*$/.test(prefix)) return "public";
  const m = /(?:^|\s)(public|private|protected|internal)\b/.exec(prefix);
  if (m?.[1]) return m[1] as Visibility;
  if (container === "interface" || container === "enum") return "public";
  return container === null || container === "namespace" ? "internal" : "private";
}

export const CSHARP: ClassSpec = {
  kinds: {
    namespace_declaration: "namespace",
    file_scoped_namespace_declaration: "namespace",
    class_declaration: "class",
    struct_declaration: "struct",
    interface_declaration: "interface",
    enum_declaration: "enum",
    record_declaration: "record",
    record_struct_declaration: "record",
    delegate_declaration: "type",
    method_declaration: "method",
    constructor_declaration: "constructor",
    destructor_declaration: "method",
    operator_declaration: "method",
    conversion_operator_declaration: "method",
    property_declaration: "property",
    indexer_declaration: "property",
    event_declaration: "property",
    field_declaration: "field",
    event_field_declaration: "field",
    enum_member_declaration: "enum_member",
  },
  scoping: new Set(["file_scoped_namespace_declaration"]),
  parts(o, node, kind) {
    switch (kind) {
      case "field_declaration":
      case "event_field_declaration":
        return declaratorNames(o, node);
      case "indexer_declaration":
        return keywordParts(o, node, "this", false);
      case "operator_declaration":
      case "conversion_operator_declaration":
        return keywordParts(o, node, "operator", true);
      case "destructor_declaration": {
        const p = fieldParts(o, node);
        const n = p.names[0];
        return n ? { ...p, names: [{ ...n, text: `~${n.text}` }] } : p;
      }
      default:
        return fieldParts(o, node);
    }
  },
  visibility(prefix, container) {
    return typeVisibility(prefix, container);
  },
  exported(visibility, scope, container) {
    if (container === null || container === "namespace") return scope.exported && visibility === "public";
    return scope.exported && (visibility === "public" || visibility === "protected");
  },
};
