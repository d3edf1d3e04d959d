// Go: functions, methods (container = receiver type without `*` and type arguments),
// `type` specs (struct → struct with fields, interface → interface with methods, other →
// type), package-level const/var. Exported = upper-case initial (members: and their
// container's); unexported visibility is "package".

import type { SgNode } from "@ast-grep/napi";
import { kindOf, spanOf, spanOrNull, textOrNull, type Outline, type Scope, type Span } from "./core.ts";
import type { DeclKind, Visibility } from "../model.ts";

const TOP: Scope = { container: null, exported: true };

function isUpper(name: string): boolean {
  const c = name.charCodeAt(0);
  return (c >= 65 && c <= 90) || (c > 127 && name[0] !== name[0]!.toLowerCase());
}

function visibilityOf(exported: boolean): Visibility {
  return exported ? "public" : "package";
}

export function extractGo(o: Outline, root: SgNode): void {
  for (const node of root.namedChildren()) {
    switch (kindOf(node)) {
      case "function_declaration":
        func(o, node, TOP, "function");
        break;
      case "method_declaration": {
        const receiver = receiverType(o, node.field("receiver"));
        func(o, node, { container: receiver, exported: receiver !== null && isUpper(receiver) }, "method");
        break;
      }
      case "type_declaration":
        specs(o, node, "type");
        break;
      case "const_declaration":
        specs(o, node, "const");
        break;
      case "var_declaration":
        specs(o, node, "var");
        break;
    }
  }
}

/** `(f *Foo[T])` → `Foo`. */
function receiverType(o: Outline, receiver: SgNode | null): string | null {
  if (!receiver) return null;
  const m = /^\(\s*(?:[A-Za-z_]\w*\s+)?\*?\s*([A-Za-z_]\w*)/.exec(o.textOf(receiver));
  return m?.[1] ?? null;
}

function func(o: Outline, node: SgNode, scope: Scope, kind: DeclKind): void {
  const name = textOrNull(node.field("name"));
  if (!name) return;
  const exported = scope.exported && isUpper(name);
  o.add({
    kind,
    name,
    scope,
    span: spanOf(node),
    body: spanOrNull(node.field("body")),
    exported,
    visibility: visibilityOf(isUpper(name)),
  });
}

/** `type X …`, `const (…)`, `var a, b = …`: one declaration per spec name. */
function specs(o: Outline, decl: SgNode, keyword: "type" | "const" | "var"): void {
  const outer = spanOf(decl);
  let list = decl.namedChildren();
  if (list.length === 1 && kindOf(list[0]) === "var_spec_list") list = list[0]!.namedChildren();
  const specs = list.filter((s) => kindOf(s) !== "comment");
  const grouped = specs.length !== 1 || /^\w+\s*\(/.test(o.src.slice(outer.start, outer.start + 12));
  for (const spec of specs) {
    const specSpan = grouped ? spanOf(spec) : outer;
    const prefix = grouped ? keyword : undefined;
    if (keyword === "type") typeSpec(o, spec, specSpan, prefix);
    else valueSpec(o, spec, specSpan, keyword, prefix);
  }
}

function typeSpec(o: Outline, spec: SgNode, span: Span, sigPrefix: string | undefined): void {
  const name = textOrNull(spec.field("name"));
  if (!name) return;
  const type = kindOf(spec) === "type_alias" ? null : spec.field("type");
  const typeKind = kindOf(type);
  const kind: DeclKind = typeKind === "struct_type" ? "struct" : typeKind === "interface_type" ? "interface" : "type";
  let body: Span | null = null;
  let list: SgNode | null = null;
  if (type && kind === "struct") {
    list = type.namedChildren().find((c) => kindOf(c) === "field_declaration_list") ?? null;
    body = spanOrNull(list);
  } else if (type && kind === "interface") {
    list = type;
    const t = spanOf(type);
    const brace = o.src.indexOf("{", t.start);
    if (brace >= 0 && brace < t.end) body = { ...t, start: brace };
  }
  const exported = isUpper(name);
  const decl = o.add({
    kind,
    name,
    scope: TOP,
    span,
    sigPrefix,
    body,
    exported,
    visibility: visibilityOf(exported),
  });
  if (!list) return;
  const scope: Scope = { container: decl.qualifiedName, exported };
  for (const member of list.namedChildren()) {
    const k = kindOf(member);
    if (k === "field_declaration") field(o, member, scope);
    else if (k === "method_elem") func(o, member, scope, "method");
  }
}

function field(o: Outline, node: SgNode, scope: Scope): void {
  const span = spanOf(node);
  const names = node.fieldChildren("name");
  if (names.length === 0) {
    // embedded field: named by its type (`*pkg.Reader` → Reader)
    const text = o.src.slice(span.start, Math.min(span.end, span.start + 200));
    const m = /^\*?\s*(?:[A-Za-z_]\w*\.)?([A-Za-z_]\w*)/.exec(text);
    if (m?.[1]) addField(o, m[1], span, scope);
    return;
  }
  for (const n of names) addField(o, o.textOf(n), span, scope);
}

function addField(o: Outline, name: string, span: Span, scope: Scope): void {
  const exported = scope.exported && isUpper(name);
  o.add({ kind: "field", name, scope, span, sigMode: "value", exported, visibility: visibilityOf(isUpper(name)) });
}

function valueSpec(o: Outline, spec: SgNode, span: Span, keyword: "const" | "var", sigPrefix: string | undefined): void {
  const k = kindOf(spec);
  if (k !== "const_spec" && k !== "var_spec") return;
  for (const n of spec.fieldChildren("name")) {
    const name = n.text();
    if (name === "_" || name === ",") continue;
    const exported = isUpper(name);
    o.add({
      kind: keyword === "const" ? "const" : "variable",
      name,
      scope: TOP,
      span,
      sigPrefix,
      sigMode: "value",
      exported,
      visibility: visibilityOf(exported),
    });
  }
}
