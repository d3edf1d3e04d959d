// Python: classes (nested too), functions/methods (decorated: start at the first
// decorator), class-level assignments (property), module-level assignments (UPPER_CASE →
// const, else variable), `type X = …` aliases. Declarations under module/class-level
// `if`/`try` blocks count (not under `if __name__ == "__main__":`). `__all__` overrides
// which top-level names are exported. Assignments are recognised from the source text,
// without crossing into the expression nodes.

import type { SgNode } from "@ast-grep/napi";
import { kindOf, propagateExports, spanOf, spanOrNull, textOrNull, type Outline, type Scope, type Span } from "./core.ts";
import { TYPE_KINDS, type Visibility } from "../model.ts";

interface Py {
  o: Outline;
  /** `__all__` entries when the module declares it. */
  all: Set<string> | null;
}

export function extractPython(o: Outline, root: SgNode): void {
  const py: Py = { o, all: null };
  block(py, root, { container: null, exported: true }, false);
  const all = py.all;
  if (all) {
    propagateExports(
      o.decls,
      (d) => all.has(d.name),
      (d) => d.visibility === "public",
      TYPE_KINDS,
    );
  }
}

export function pythonVisibility(name: string): Visibility {
  if (!name.startsWith("_")) return "public";
  if (name.startsWith("__")) return name.endsWith("__") ? "public" : "private";
  return "protected";
}

const ASSIGNMENT = /^([A-Za-z_]\w*)\s*(?::|=(?!=))/;
const CONSTANT = /^_*[A-Z][A-Z0-9_]*$/;

function block(py: Py, parent: SgNode, scope: Scope, inClass: boolean): void {
  for (const node of parent.namedChildren()) statement(py, node, kindOf(node), scope, inClass);
}

function statement(py: Py, node: SgNode, kind: string, scope: Scope, inClass: boolean): void {
  switch (kind) {
    case "class_definition":
    case "function_definition":
      return definition(py, node, kind, scope, inClass, null);
    case "decorated_definition": {
      const def = node.field("definition");
      if (def) definition(py, def, kindOf(def), scope, inClass, spanOf(node));
      return;
    }
    case "expression_statement":
      return assignment(py, node, scope, inClass);
    case "type_alias_statement":
      return typeAlias(py, node, scope);
    case "if_statement":
    case "try_statement":
      return conditional(py, node, scope, inClass);
  }
}

function definition(py: Py, node: SgNode, kind: string, scope: Scope, inClass: boolean, outer: Span | null): void {
  const { o } = py;
  const name = textOrNull(node.field("name"));
  if (!name) return;
  const own = spanOf(node);
  const body = node.field("body");
  const visibility = pythonVisibility(name);
  const isClass = kind === "class_definition";
  const decl = o.add({
    kind: isClass ? "class" : !inClass ? "function" : name === "__init__" ? "constructor" : "method",
    name,
    scope,
    span: outer ?? own,
    sigStart: own.start,
    body: spanOrNull(body),
    exported: scope.exported && visibility === "public",
    visibility,
  });
  if (isClass && body) block(py, body, { container: decl.qualifiedName, exported: decl.exported }, true);
}

function assignment(py: Py, node: SgNode, scope: Scope, inClass: boolean): void {
  const { o } = py;
  const span = spanOf(node);
  const head = o.src.slice(span.start, Math.min(span.end, span.start + 120));
  const m = ASSIGNMENT.exec(head);
  if (!m?.[1]) {
    if (scope.container === null && /^__all__\s*\+=/.test(head)) readAll(py, o.src.slice(span.start, span.end), head);
    return;
  }
  const name = m[1];
  if (name === "__all__" && scope.container === null) readAll(py, o.src.slice(span.start, span.end), head);
  const visibility = pythonVisibility(name);
  o.add({
    kind: inClass ? "property" : CONSTANT.test(name) ? "const" : "variable",
    name,
    scope,
    span,
    sigMode: "value",
    exported: scope.exported && visibility === "public",
    visibility,
  });
}

function readAll(py: Py, text: string, head: string): void {
  const augmented = /^__all__\s*\+=/.test(head);
  const names = py.all && augmented ? py.all : new Set<string>();
  for (const m of text.matchAll(/["']([A-Za-z_]\w*)["']/g)) if (m[1]) names.add(m[1]);
  py.all = names;
}

function typeAlias(py: Py, node: SgNode, scope: Scope): void {
  const span = spanOf(node);
  const m = /^type\s+([A-Za-z_]\w*)/.exec(py.o.src.slice(span.start, span.start + 100));
  if (!m?.[1]) return;
  const visibility = pythonVisibility(m[1]);
  py.o.add({
    kind: "type",
    name: m[1],
    scope,
    span,
    exported: scope.exported && visibility === "public",
    visibility,
  });
}

const CLAUSES = new Set(["elif_clause", "else_clause", "except_clause", "except_group_clause", "finally_clause"]);

/** Definitions under `if TYPE_CHECKING:` / `try: … except ImportError:` belong to the enclosing scope. */
function conditional(py: Py, node: SgNode, scope: Scope, inClass: boolean): void {
  const at = node.range().start.index;
  if (/^if\s+__name__\s*==/.test(py.o.src.slice(at, at + 40))) return;
  for (const child of node.namedChildren()) {
    const kind = kindOf(child);
    if (kind === "block") block(py, child, scope, inClass);
    else if (CLAUSES.has(kind)) {
      for (const inner of child.namedChildren()) if (kindOf(inner) === "block") block(py, inner, scope, inClass);
    }
  }
}
