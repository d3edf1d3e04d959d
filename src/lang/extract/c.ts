// C and C++: function definitions and prototypes, struct/union/enum/class specifiers with
// a name (+ fields, enumerators, methods), typedefs and `using X =` (type), globals,
// macros (#define with a value), C++ namespaces, templates (span includes `template<…>`),
// `extern "C"` blocks and #if/#ifdef branches (walked through), access sections, and
// out-of-class definitions (`int Foo::bar()` → method bar in Foo). Exported = not
// `static` (and, in classes, public/protected inside an exported class).

import type { SgNode } from "@ast-grep/napi";
import { clip, kindOf, nameOf, spanOf, spanOrNull, type Outline, type Scope, type Span } from "./core.ts";
import { parseDeclarator } from "./c-declarator.ts";
import type { DeclKind, Visibility } from "../model.ts";

interface At {
  scope: Scope;
  /** Enclosing class-like kind, null at file/namespace level. */
  kind: DeclKind | null;
  /** The enclosing class's simple name (for constructors). */
  className: string | null;
}

const SPECIFIERS: Record<string, DeclKind> = {
  struct_specifier: "struct",
  union_specifier: "struct",
  class_specifier: "class",
  enum_specifier: "enum",
};

const TRANSPARENT = new Set(["preproc_if", "preproc_ifdef", "preproc_else", "preproc_elif", "preproc_elifdef"]);

export function extractC(o: Outline, root: SgNode): void {
  items(o, root, { scope: { container: null, exported: true }, kind: null, className: null }, "public");
}

function items(o: Outline, parent: SgNode, at: At, initialAccess: Visibility): void {
  let access = initialAccess;
  for (const node of parent.namedChildren()) {
    const kind = kindOf(node);
    if (kind === "access_specifier") {
      const word = o.textOf(node).trim();
      access = word === "private" || word === "protected" ? word : "public";
    } else if (TRANSPARENT.has(kind)) {
      items(o, node, at, access);
    } else {
      item(o, node, kind, at, access, null);
    }
  }
}

function item(o: Outline, node: SgNode, kind: string, at: At, access: Visibility, outer: Span | null): void {
  switch (kind) {
    case "function_definition":
    case "declaration":
    case "field_declaration":
      return declaration(o, node, kind, at, access, outer);
    case "type_definition":
      return typedef(o, node, at, access, outer);
    case "alias_declaration": {
      const name = nameOf(o.src, node.field("name"));
      if (name) add(o, "type", name.text, at, access, outer ?? spanOf(node), null);
      return;
    }
    case "namespace_definition":
      return namespace(o, node, at);
    case "template_declaration": {
      const span = outer ?? spanOf(node);
      for (const child of node.namedChildren()) {
        const k = kindOf(child);
        if (k !== "template_parameter_list") item(o, child, k, at, access, span);
      }
      return;
    }
    case "linkage_specification": {
      const body = node.field("body");
      if (!body) return;
      const k = kindOf(body);
      if (k === "declaration_list") items(o, body, at, access);
      else item(o, body, k, at, access, outer ?? spanOf(node));
      return;
    }
    case "preproc_def":
    case "preproc_function_def": {
      const span = spanOf(node);
      const m = /^#\s*define\s+([A-Za-z_]\w*)([^\S\n]*[^\s\\])?/.exec(o.src.slice(span.start, span.start + 200));
      // `#define NAME` alone (include guards, feature flags) declares nothing worth listing
      if (m?.[1] && (kind === "preproc_function_def" || m[2])) add(o, "macro", m[1], at, "public", span, null);
      return;
    }
    default:
      if (SPECIFIERS[kind]) specifier(o, node, kind, at, access, outer);
  }
}

/** Sets `decl.exported` from the `static` keyword and the enclosing access section. */
function add(
  o: Outline,
  kind: DeclKind,
  name: string,
  at: At,
  access: Visibility,
  span: Span,
  body: Span | null,
  scope: Scope = at.scope,
  elide: Span | null = null,
): ReturnType<Outline["add"]> {
  const head = o.src.slice(span.start, Math.min(span.end, span.start + 300));
  const isStatic = at.kind === null && /(?:^|\s)static\s/.test(head.slice(0, Math.max(0, head.indexOf(name))));
  const visibility: Visibility = isStatic ? "private" : access;
  return o.add({
    kind,
    name,
    scope,
    span,
    sigStart: span.start,
    body,
    sigMode: "value",
    elide,
    exported: scope.exported && (visibility === "public" || (at.kind !== null && visibility === "protected")),
    visibility,
  });
}

/** Emits a named type with a body; returns the body's span (also for anonymous types). */
function specifier(o: Outline, node: SgNode, kind: string, at: At, access: Visibility, outer: Span | null): Span | null {
  const body = node.field("body");
  if (!body) return null; // forward declaration / reference
  const name = nameOf(o.src, node.field("name"));
  if (name) typeWithBody(o, kind, name.text, at, access, outer ?? spanOf(node), body);
  return spanOf(body);
}

function typeWithBody(o: Outline, kind: string, name: string, at: At, access: Visibility, span: Span, body: SgNode): void {
  const declKind = SPECIFIERS[kind] ?? "struct";
  const decl = add(o, declKind, name.replace(/<.*$/s, ""), at, access, span, spanOf(body));
  const inner: At = { scope: { container: decl.qualifiedName, exported: decl.exported }, kind: declKind, className: decl.name };
  if (declKind === "enum") {
    for (const e of body.namedChildren()) {
      if (kindOf(e) !== "enumerator") continue;
      const n = nameOf(o.src, e.field("name"));
      if (n) add(o, "enum_member", n.text, inner, "public", spanOf(e), null);
    }
  } else {
    items(o, body, inner, kind === "class_specifier" ? "private" : "public");
  }
}

function typedef(o: Outline, node: SgNode, at: At, access: Visibility, outer: Span | null): void {
  const span = outer ?? spanOf(node);
  const type = node.field("type");
  const typeKind = kindOf(type);
  const names = node
    .fieldChildren("declarator")
    .map((d) => {
      const r = d.range();
      return parseDeclarator(o.src, r.start.index, r.end.index);
    })
    .filter((d) => d !== null);
  const body = type && SPECIFIERS[typeKind] ? type.field("body") : null;
  const own = body && type ? nameOf(o.src, type.field("name")) : null;
  // `typedef struct node {…} node_t;` declares node_t and struct node (listed after it:
  // same start, and its fields follow); `typedef struct {…} point;` only the struct point
  if (!body || own) {
    const elided = body ? spanOf(body) : null;
    for (const d of names) add(o, "type", d.name.text, at, access, span, null, at.scope, elided);
  }
  const structName = own?.text ?? names[0]?.name.text;
  if (!type || !body || !structName) return;
  const index = o.decls.length;
  typeWithBody(o, typeKind, structName, at, access, span, body);
  const decl = o.decls[index];
  if (decl && !own) {
    // `typedef struct {…} point;` reads better than `typedef struct`
    const b = spanOf(body);
    decl.signature = clip(`${o.signature(span.start, b.start, "body")} {…} ${o.signature(b.end, span.end, "code")}`);
  }
}

function declaration(o: Outline, node: SgNode, kind: string, at: At, access: Visibility, outer: Span | null): void {
  const span = outer ?? spanOf(node);
  const isDefinition = kind === "function_definition";
  if (!isDefinition && /^\s*friend\b/.test(o.src.slice(span.start, span.start + 20))) return;
  // only a declaration with braces can define a struct/union/enum in its type
  const type = !isDefinition && o.src.slice(span.start, span.end).includes("{") ? node.field("type") : null;
  const typeKind = kindOf(type);
  const elided = type && SPECIFIERS[typeKind] ? specifier(o, type, typeKind, at, access, span) : null;
  const body = isDefinition ? node.field("body") : null;
  for (const d of node.fieldChildren("declarator")) {
    const r = d.range();
    const decl = parseDeclarator(o.src, r.start.index, r.end.index);
    if (!decl) continue;
    let scope = at.scope;
    let className = at.className;
    if (decl.scopes.length > 0) {
      const prefix = decl.scopes.join(".");
      scope = { container: scope.container ? `${scope.container}.${prefix}` : prefix, exported: scope.exported };
      className = decl.scopes[decl.scopes.length - 1] ?? null;
    }
    const inClass = className !== null && (at.kind !== null || decl.scopes.length > 0);
    let declKind: DeclKind;
    if (decl.isFunction) declKind = inClass ? (decl.name.text === className ? "constructor" : "method") : "function";
    else if (at.kind !== null) declKind = "field";
    else declKind = /(?:^|\s)const\s/.test(o.src.slice(span.start, decl.name.start)) ? "const" : "variable";
    add(o, declKind, decl.name.text, at, access, span, spanOrNull(body), scope, elided);
  }
}

function namespace(o: Outline, node: SgNode, at: At): void {
  const name = nameOf(o.src, node.field("name"));
  const body = node.field("body");
  const text = name?.text.replace(/::/g, ".") ?? "(anonymous)";
  const decl = o.add({
    kind: "namespace",
    name: text,
    scope: at.scope,
    span: spanOf(node),
    body: spanOrNull(body),
    exported: at.scope.exported && name !== null,
    visibility: name ? "public" : "private",
  });
  if (body) items(o, body, { scope: { container: decl.qualifiedName, exported: decl.exported }, kind: null, className: null }, "public");
}
