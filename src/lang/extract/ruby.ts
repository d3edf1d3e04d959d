// Ruby: modules (kind module), classes (`class A::B` → B inside A), methods (`initialize`
// → constructor; top-level defs are functions), singleton methods (`def self.x`),
// `class << self` bodies, constants, `attr_*` properties. Bare `private`/`protected`/
// `public` switch the visibility of the defs after them; `private def x` marks one.

import type { SgNode } from "@ast-grep/napi";
import { kindOf, nameOf, spanOf, spanOrNull, type Outline, type Scope, type Span } from "./core.ts";
import type { DeclKind, Visibility } from "../model.ts";

interface Body {
  scope: Scope;
  /** Kind of the enclosing class/module, null at top level. */
  kind: DeclKind | null;
}

export function extractRuby(o: Outline, root: SgNode): void {
  statements(o, root, { scope: { container: null, exported: true }, kind: null });
}

function statements(o: Outline, parent: SgNode, at: Body): void {
  let mode: Visibility = "public";
  for (const node of parent.namedChildren()) {
    const kind = kindOf(node);
    switch (kind) {
      case "class":
      case "module":
        namespace(o, node, kind, at);
        break;
      case "method":
      case "singleton_method":
        method(o, node, kind, at, kind === "singleton_method" ? "public" : mode, null);
        break;
      case "singleton_class": {
        const body = node.field("body");
        if (body) statements(o, body, at);
        break;
      }
      case "identifier": {
        const word = o.textOf(node);
        if (word === "private" || word === "protected" || word === "public") mode = word;
        break;
      }
      case "call":
        call(o, node, at);
        break;
      case "assignment":
        constant(o, node, at);
        break;
    }
  }
}

function namespace(o: Outline, node: SgNode, kind: string, at: Body): void {
  const name = nameOf(o.src, node.field("name"));
  if (!name) return;
  const parts = name.text.replace(/^::/, "").split("::");
  const own = parts.pop() ?? name.text;
  const outer = [at.scope.container, ...parts].filter((p): p is string => !!p).join(".");
  const scope: Scope = { container: outer || null, exported: at.scope.exported };
  const body = node.field("body");
  const decl = o.add({
    kind: kind === "module" ? "module" : "class",
    name: own,
    scope,
    span: spanOf(node),
    body: spanOrNull(body),
    exported: scope.exported,
    visibility: "public",
  });
  if (body) statements(o, body, { scope: { container: decl.qualifiedName, exported: decl.exported }, kind: decl.kind });
}

function method(o: Outline, node: SgNode, kind: string, at: Body, visibility: Visibility, outer: Span | null): void {
  const name = nameOf(o.src, node.field("name"));
  if (!name) return;
  const declKind: DeclKind = at.kind === null ? "function" : name.text === "initialize" && kind === "method" ? "constructor" : "method";
  const vis = declKind === "constructor" ? "public" : visibility;
  o.add({
    kind: declKind,
    name: name.text,
    scope: at.scope,
    span: outer ?? spanOf(node),
    sigStart: spanOf(node).start,
    body: spanOrNull(node.field("body")),
    exported: at.scope.exported && vis === "public",
    visibility: vis,
  });
}

const MODIFIER_CALL = /^(private|protected|public|private_class_method|module_function)\s+def\b/;
const ATTR_CALL = /^attr_(reader|writer|accessor)\b/;

function call(o: Outline, node: SgNode, at: Body): void {
  const span = spanOf(node);
  const head = o.src.slice(span.start, Math.min(span.end, span.start + 400));
  const modifier = MODIFIER_CALL.exec(head);
  if (modifier) {
    const args = node.field("arguments");
    const def = args?.namedChildren().find((c) => kindOf(c) === "method" || kindOf(c) === "singleton_method");
    const word = modifier[1];
    const vis: Visibility = word === "protected" ? "protected" : word === "public" || word === "module_function" ? "public" : "private";
    if (def) method(o, def, kindOf(def), at, vis, span);
    return;
  }
  if (at.kind === null || !ATTR_CALL.test(head)) return;
  for (const m of head.matchAll(/:([A-Za-z_]\w*[?!]?)/g)) {
    if (!m[1]) continue;
    o.add({
      kind: "property",
      name: m[1],
      scope: at.scope,
      span,
      exported: at.scope.exported,
      visibility: "public",
    });
  }
}

function constant(o: Outline, node: SgNode, at: Body): void {
  const span = spanOf(node);
  const m = /^([A-Z]\w*)\s*=(?!=)/.exec(o.src.slice(span.start, span.start + 100));
  if (!m?.[1]) return;
  o.add({
    kind: "const",
    name: m[1],
    scope: at.scope,
    span,
    sigMode: "value",
    exported: at.scope.exported,
    visibility: "public",
  });
}
