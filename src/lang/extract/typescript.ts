// TypeScript / TSX / JavaScript statements: export wrappers, declarations, namespaces and
// `declare module` blocks, top-level variables, local `export { … }` clauses and CommonJS
// `module.exports` / `exports.x` assignments. Class/interface/enum bodies are in
// typescript-members.ts. Function bodies are never entered.

import type { SgNode } from "@ast-grep/napi";
import { kindOf, propagateExports, spanOf, spanOrNull, textOrNull, unquote, type Outline, type Span } from "./core.ts";
import { classMembers, enumMembers, FUNCTION_VALUES, interfaceMembers, objectMethods, type TsCtx, type TsScope } from "./typescript-members.ts";
import { skipAnnotations } from "./signature.ts";
import { commonJs, exportClauseNames, MEMBER_ASSIGNMENT, memberAssignment } from "./typescript-exports.ts";
import { TYPE_KINDS } from "../model.ts";

/** How an enclosing `export` / `declare` wrapper shapes the declaration inside it. */
interface Wrap {
  span: Span;
  sigStart: number;
  exported: boolean;
  ambient: boolean;
  sigPrefix?: string;
}

export function extractTypeScript(o: Outline, root: SgNode, js: boolean): void {
  const t: TsCtx = { o, js, marks: new Set() };
  statements(t, root, { container: null, exported: true, ambient: false });
  if (t.unreadable) o.unreadable = t.unreadable;
  if (t.marks.size > 0) {
    propagateExports(
      o.decls,
      (d) => (t.marks.has(d.name) ? true : undefined),
      (d) => d.visibility !== "private",
      TYPE_KINDS,
    );
  }
  // a method assigned to an object or its prototype, or defined in the object literal a variable is bound to, is exported with it
  if (t.assigned) {
    const exported = new Set(o.decls.filter((d) => d.container === null && d.exported).map((d) => d.name));
    for (const d of t.assigned) d.exported = exported.has(d.container ?? "");
  }
}

function statements(t: TsCtx, parent: SgNode, scope: TsScope): void {
  for (const node of parent.namedChildren()) {
    const kind = kindOf(node);
    // a statement the grammar could not read may hide declarations: the file is partial
    if (kind === "ERROR") t.unreadable ??= spanOf(node).startLine;
    else statement(t, node, kind, scope, null);
  }
}

/** Exported by the `export` keyword inside an exported container, or implicitly inside an ambient one. */
function exportedBy(scope: TsScope, wrap: Wrap | null): boolean {
  if (scope.ambient) return scope.exported;
  return (wrap?.exported ?? false) && scope.exported;
}

/** `name` names an anonymous declaration (`export default`, CommonJS); `renames` makes it win over the own name. */
function statement(
  t: TsCtx,
  node: SgNode,
  kind: string,
  scope: TsScope,
  wrap: Wrap | null,
  name?: string,
  renames = false,
): void {
  switch (kind) {
    case "export_statement":
      return exportStatement(t, node, scope);
    case "class_declaration":
    case "abstract_class_declaration":
    case "class":
      return classLike(t, node, scope, wrap, name, renames);
    case "function_declaration":
    case "generator_function_declaration":
    case "function_signature":
    case "function_expression":
    case "function":
    case "generator_function":
    case "arrow_function":
      return functionLike(t, node, scope, wrap, name, renames);
    case "interface_declaration":
    case "type_alias_declaration":
    case "enum_declaration":
      return typeLike(t, node, kind, scope, wrap);
    case "lexical_declaration":
    case "variable_declaration":
      return variables(t, node, scope, wrap);
    case "ambient_declaration":
      return ambient(t, node, scope, wrap);
    case "internal_module":
    case "module":
      return namespace(t, node, kind, scope, wrap);
    case "expression_statement":
      return expressionStatement(t, node, scope);
    case "object":
      if (name === "default") defaultObject(t, node, scope, wrap);
  }
}

/** `export default { fetch(req) {…}, name: "x" }`: the constant `default`, its object's functions its methods. */
function defaultObject(t: TsCtx, node: SgNode, scope: TsScope, wrap: Wrap | null): void {
  const span = wrap?.span ?? spanOf(node);
  const decl = t.o.add({ kind: "const", name: "default", scope, span, sigStart: wrap?.sigStart ?? span.start, elide: spanOf(node), exported: exportedBy(scope, wrap), visibility: "public" });
  objectMethods(t, node, { container: decl.qualifiedName, exported: decl.exported });
}

function exportStatement(t: TsCtx, node: SgNode, scope: TsScope): void {
  const { o } = t;
  const span = spanOf(node);
  const at = skipAnnotations(o.src, span.start, span.end, o.annotations);
  const isDefault = /^export\s+default\b/.test(o.src.slice(at, at + 40));
  const wrap: Wrap = { span, sigStart: span.start, exported: true, ambient: false };
  const top = scope.container === null;
  // the common case costs one crossing: `export <declaration>` / `export default <expression>`
  const inner = node.field("declaration") ?? node.field("value");
  if (inner) {
    const kind = kindOf(inner);
    if (kind === "identifier") {
      if (top) t.marks.add(o.textOf(inner)); // `export default foo;`
    } else statement(t, inner, kind, scope, wrap, isDefault ? "default" : undefined);
    return;
  }
  let clause: SgNode | null = null;
  let fromSource = false;
  for (const child of node.namedChildren()) {
    const kind = kindOf(child);
    if (kind === "export_clause") clause = child;
    else if (kind === "string") fromSource = true;
    else if (kind === "identifier" && top) t.marks.add(o.textOf(child)); // `export = Foo;`
  }
  if (clause && !fromSource && top) {
    for (const local of exportClauseNames(o.textOf(clause))) t.marks.add(local);
  }
}

function classLike(t: TsCtx, node: SgNode, scope: TsScope, wrap: Wrap | null, name?: string, renames = false): void {
  const own = renames ? null : textOrNull(node.field("name"));
  const body = node.field("body");
  const span = wrap?.span ?? spanOf(node);
  const decl = t.o.add({
    kind: "class",
    // a named class keeps its name under `export default` and in `module.exports = class X {}`
    name: own ?? name ?? "default",
    scope,
    span,
    sigStart: wrap?.sigStart ?? span.start,
    sigPrefix: wrap?.sigPrefix,
    body: spanOrNull(body),
    exported: exportedBy(scope, wrap),
    visibility: "public",
  });
  if (body) classMembers(t, body, { container: decl.qualifiedName, exported: decl.exported });
}

function functionLike(t: TsCtx, node: SgNode, scope: TsScope, wrap: Wrap | null, name?: string, renames = false): void {
  const own = renames ? null : textOrNull(node.field("name"));
  const span = wrap?.span ?? spanOf(node);
  t.o.add({
    kind: "function",
    name: own ?? name ?? "default",
    scope,
    span,
    sigStart: wrap?.sigStart ?? span.start,
    sigPrefix: wrap?.sigPrefix,
    body: spanOrNull(node.field("body")),
    exported: exportedBy(scope, wrap),
    visibility: "public",
  });
}

function typeLike(t: TsCtx, node: SgNode, kind: string, scope: TsScope, wrap: Wrap | null): void {
  const own = textOrNull(node.field("name"));
  if (!own) return;
  const span = wrap?.span ?? spanOf(node);
  const alias = kind === "type_alias_declaration";
  const body = alias ? null : node.field("body");
  const decl = t.o.add({
    kind: alias ? "type" : kind === "enum_declaration" ? "enum" : "interface",
    name: own,
    scope,
    span,
    sigStart: wrap?.sigStart ?? span.start,
    body: spanOrNull(body),
    exported: exportedBy(scope, wrap),
    visibility: "public",
  });
  if (!body) return;
  const inner = { container: decl.qualifiedName, exported: decl.exported, ambient: false };
  if (decl.kind === "enum") enumMembers(t, body, inner);
  else interfaceMembers(t, body, inner);
}

function variables(t: TsCtx, node: SgNode, scope: TsScope, wrap: Wrap | null): void {
  const { o } = t;
  const stmt = wrap?.span ?? spanOf(node);
  const declarators = node.namedChildren().filter((c) => kindOf(c) === "variable_declarator");
  const first = declarators[0];
  if (!first) return;
  const firstSpan = spanOf(first);
  const keyword = o.src.slice(wrap?.sigStart ?? stmt.start, firstSpan.start).replace(/\s+/g, " ").trim();
  const isConst = /\bconst$/.test(keyword);
  const exported = exportedBy(scope, wrap);
  declarators.forEach((d, i) => {
    const nameNode = d.field("name");
    const name = nameNode ? o.textOf(nameNode) : "";
    const own = i === 0 ? firstSpan : spanOf(d);
    const value = d.field("value");
    // CommonJS and dynamic imports (`const x = require("x")`, `const { a } = require("x").b`, `await import("x")`) bind, they declare nothing
    if (value && importBinding(o.src, value)) return;
    if (!/^[\w$]+$/.test(name)) {
      // `const { a, b: c, ...rest } = …` / `const [x, y = 1] = …`: one declaration per bound name
      const span: Span = declarators.length === 1 ? stmt : own;
      for (const bound of patternNames(t, nameNode)) {
        o.add({ kind: isConst ? "const" : "variable", name: bound, scope, span, sigStart: own.start, sigPrefix: keyword, sigMode: "value", exported, visibility: "public" });
      }
      return;
    }
    const span: Span =
      declarators.length === 1
        ? stmt
        : i === 0
          ? { ...own, start: stmt.start, startLine: stmt.startLine }
          : own;
    const valueKind = kindOf(value);
    const inner: Wrap = { span, sigStart: own.start, exported, ambient: false, sigPrefix: keyword };
    if (value && FUNCTION_VALUES.has(valueKind)) {
      o.add({
        kind: "function",
        name,
        scope,
        span,
        sigStart: own.start,
        sigPrefix: keyword,
        body: spanOrNull(value.field("body")),
        exported,
        visibility: "public",
      });
    } else if (value && valueKind === "class") {
      classLike(t, value, scope, { ...inner, exported: wrap?.exported ?? false }, name, true);
    } else {
      const decl = o.add({
        kind: isConst ? "const" : "variable",
        name,
        scope,
        span,
        sigStart: own.start,
        sigPrefix: keyword,
        sigMode: "value",
        exported,
        visibility: "public",
      });
      // an object literal's methods are the variable's (exported with it: at top level decided at the end, as for assigned methods)
      if (value && valueKind === "object") {
        const methods = objectMethods(t, value, { container: decl.qualifiedName, exported });
        if (scope.container === null && methods.length) (t.assigned ??= []).push(...methods);
      }
    }
  });
}

const IMPORT_CHAIN = new Set(["call_expression", "member_expression", "subscript_expression", "await_expression"]);

/** An initializer that is an import: a `require(…)`/`import(…)` call, awaited or not, or a chain of members, indexes and calls on one (not an expression that merely starts with one). */
function importBinding(src: string, value: SgNode): boolean {
  if (!IMPORT_CHAIN.has(kindOf(value))) return false;
  const at = value.range().start.index;
  return /^(?:await\s+)?(?:require|import)\s*\(/.test(src.slice(at, at + 40));
}

/** The names a destructuring pattern binds, in source order. */
function patternNames(t: TsCtx, node: SgNode | null, out: string[] = []): string[] {
  if (!node) return out;
  switch (kindOf(node)) {
    case "identifier":
    case "shorthand_property_identifier_pattern":
      out.push(t.o.textOf(node));
      break;
    case "pair_pattern":
      patternNames(t, node.field("value"), out);
      break;
    case "object_assignment_pattern":
    case "assignment_pattern":
      patternNames(t, node.field("left"), out);
      break;
    case "object_pattern":
    case "array_pattern":
    case "rest_pattern":
      for (const child of node.namedChildren()) patternNames(t, child, out);
      break;
  }
  return out;
}

function ambient(t: TsCtx, node: SgNode, scope: TsScope, wrap: Wrap | null): void {
  const span = wrap?.span ?? spanOf(node);
  const inner: Wrap = { span, sigStart: wrap?.sigStart ?? span.start, exported: wrap?.exported ?? false, ambient: true };
  for (const child of node.namedChildren()) {
    const kind = kindOf(child);
    if (kind === "statement_block") {
      // `declare global { … }`
      const decl = t.o.add({
        kind: "module",
        name: "global",
        scope,
        span,
        sigStart: inner.sigStart,
        body: spanOf(child),
        exported: true,
        visibility: "public",
      });
      statements(t, child, { container: decl.qualifiedName, exported: true, ambient: true });
    } else if (kind !== "comment") {
      statement(t, child, kind, scope, inner);
    }
  }
}

function namespace(t: TsCtx, node: SgNode, kind: string, scope: TsScope, wrap: Wrap | null): void {
  const own = textOrNull(node.field("name"));
  if (!own) return;
  const quoted = /^["'`]/.test(own);
  const ambientCtx = (wrap?.ambient ?? false) || scope.ambient;
  const body = node.field("body");
  const span = wrap?.span ?? spanOf(node);
  const decl = t.o.add({
    kind: quoted || kind === "module" ? "module" : "namespace",
    name: unquote(own),
    scope,
    span,
    sigStart: wrap?.sigStart ?? span.start,
    body: spanOrNull(body),
    exported: quoted && ambientCtx ? true : exportedBy(scope, wrap),
    visibility: "public",
  });
  if (body) statements(t, body, { container: decl.qualifiedName, exported: decl.exported, ambient: ambientCtx });
}

function expressionStatement(t: TsCtx, node: SgNode, scope: TsScope): void {
  const { src } = t.o;
  const r = node.range();
  const at = r.start.index;
  if (src.startsWith("namespace", at) || src.startsWith("module", at)) {
    if (src.startsWith("module.exports", at)) {
      if (scope.container === null) commonJs(t, node, declareExport);
      return;
    }
    const inner = node.namedChildren()[0];
    if (inner && kindOf(inner) === "internal_module") namespace(t, inner, "internal_module", scope, null);
  } else if (src.startsWith("exports.", at) && scope.container === null) {
    commonJs(t, node, declareExport);
  } else if (scope.container === null && MEMBER_ASSIGNMENT.test(src.slice(at, at + 200))) {
    const d = memberAssignment(t, node);
    if (d) (t.assigned ??= []).push(d);
  }
}

/** A class or function assigned to `module.exports` / `exports.name`: declared at top level, exported. */
function declareExport(t: TsCtx, value: SgNode, kind: string, span: Span, name: string | undefined): void {
  const top: TsScope = { container: null, exported: true, ambient: false };
  const wrap: Wrap = { span, sigStart: span.start, exported: true, ambient: false };
  statement(t, value, kind, top, wrap, name, name !== undefined);
}
