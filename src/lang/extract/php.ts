// PHP: namespaces (`namespace X;` scopes the rest of the file, `namespace X { }` its
// block), classes, interfaces, traits, enums (+ cases), functions, methods
// (`__construct` → constructor), properties (named without `$`), class and global
// constants. Default visibility public; everything top-level is exported.

import type { SgNode } from "@ast-grep/napi";
import { kindOf, nameOf, type Name, type Outline } from "./core.ts";
import { fieldParts, type ClassSpec, type Parts } from "./jvm.ts";
import type { Visibility } from "../model.ts";

/** Names of the elements of a property/const declaration (`$a = 1, $b`, `A = 1, B = 2`). */
function elementNames(o: Outline, node: SgNode, element: string): Parts {
  const names: Name[] = [];
  for (const child of node.namedChildren()) {
    if (kindOf(child) !== element) continue;
    const first = element === "property_element" ? child.field("name") : child.namedChildren()[0] ?? null;
    const name = nameOf(o.src, first);
    if (!name) continue;
    names.push(name.text.startsWith("$") ? { ...name, text: name.text.slice(1), start: name.start + 1 } : name);
  }
  return { names, body: null };
}

function visibility(prefix: string): Visibility {
  const m = /(?:^|\s)(public|private|protected)\b/.exec(prefix);
  return (m?.[1] as Visibility | undefined) ?? "public";
}

export const PHP: ClassSpec = {
  kinds: {
    namespace_definition: "namespace",
    class_declaration: "class",
    interface_declaration: "interface",
    trait_declaration: "trait",
    enum_declaration: "enum",
    function_definition: "function",
    method_declaration: (_prefix, name) => (name === "__construct" ? "constructor" : "method"),
    property_declaration: "property",
    const_declaration: "const",
    enum_case: "enum_member",
  },
  scoping: new Set(["namespace_definition"]),
  constants: new Set(["const_declaration"]),
  parts(o, node, kind) {
    if (kind === "property_declaration") return elementNames(o, node, "property_element");
    if (kind === "const_declaration") return elementNames(o, node, "const_element");
    return fieldParts(o, node);
  },
  visibility,
};
