// Swift: class/struct/enum/actor (by keyword), protocol → interface, extension → impl
// (named by the extended type), functions/methods, init → constructor, properties
// (top-level `let` → const, `var` → variable), typealias, enum cases. Default visibility
// internal; `open`/`public` are public and exported; `fileprivate` counts as private.

import type { SgNode } from "@ast-grep/napi";
import { nameOf, spanOf, type Name, type Outline } from "./core.ts";
import { fieldParts, type ClassSpec, type Parts } from "./jvm.ts";
import type { DeclKind, Visibility } from "../model.ts";

function declarationKind(prefix: string): DeclKind | null {
  const m = /\b(class|struct|enum|extension|actor)\s*$/.exec(prefix);
  switch (m?.[1]) {
    case "struct":
      return "struct";
    case "enum":
      return "enum";
    case "extension":
      return "impl";
    default:
      return "class";
  }
}

function keywordName(o: Outline, node: SgNode, keyword: string): Parts {
  const span = spanOf(node);
  const m = new RegExp(`\\b${keyword}\\b`).exec(o.src.slice(span.start, Math.min(span.end, span.start + 400)));
  const start = span.start + (m?.index ?? 0);
  return { names: [{ text: keyword, start, end: start + keyword.length }], body: node.field("body") };
}

function patternName(o: Outline, node: SgNode): Parts {
  const pattern = nameOf(o.src, node.field("name"));
  if (!pattern) return { names: [], body: null };
  const m = /^(?:(?:let|var)\s+)?([A-Za-z_]\w*|`[^`]+`)$/.exec(pattern.text.trim());
  if (!m?.[1]) return { names: [], body: null };
  const at = pattern.text.indexOf(m[1]);
  const name: Name = { text: m[1], start: pattern.start + at, end: pattern.start + at + m[1].length };
  return { names: [name], body: null };
}

function visibility(prefix: string): Visibility {
  const m = /(?:^|\s)(open|public|private|fileprivate|internal)\b/.exec(prefix);
  switch (m?.[1]) {
    case "open":
    case "public":
      return "public";
    case "private":
    case "fileprivate":
      return "private";
    default:
      return "internal";
  }
}

export const SWIFT: ClassSpec = {
  kinds: {
    class_declaration: declarationKind,
    protocol_declaration: "interface",
    function_declaration: "function",
    protocol_function_declaration: "method",
    init_declaration: "constructor",
    property_declaration: (prefix) => (/\blet\s*$/.test(prefix) ? "const" : "variable"),
    protocol_property_declaration: "property",
    typealias_declaration: "type",
    enum_entry: "enum_member",
  },
  parts(o, node, kind) {
    switch (kind) {
      case "init_declaration":
        return keywordName(o, node, "init");
      case "property_declaration":
      case "protocol_property_declaration":
        return patternName(o, node);
      case "enum_entry":
        return {
          names: node
            .fieldChildren("name")
            .map((n) => nameOf(o.src, n))
            .filter((n): n is Name => n !== null),
          body: null,
        };
      default:
        return fieldParts(o, node);
    }
  },
  visibility,
  exported(vis, scope, container) {
    if (container === "interface" || container === "enum") return scope.exported;
    return (container === null || scope.exported) && vis === "public";
  },
};
