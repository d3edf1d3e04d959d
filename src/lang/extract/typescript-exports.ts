// TypeScript / JavaScript exports that are not `export` keywords on declarations: local
// `export { a, b as c }` clauses and CommonJS `module.exports` / `exports.x` assignments.

import type { SgNode } from "@ast-grep/napi";
import { kindOf, spanOf, type Span } from "./core.ts";
import { FUNCTION_VALUES, type TsCtx } from "./typescript-members.ts";

/** Declares a class/function value under `name` (the exported property, if any). */
export type Declare = (t: TsCtx, value: SgNode, kind: string, span: Span, name: string | undefined) => void;

/** Local names of `{ a, b as c, type d }` (the part before `as`). */
export function exportClauseNames(text: string): string[] {
  const names: string[] = [];
  for (const part of text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, "").replace(/[{}]/g, "").split(",")) {
    const m = /^\s*(?:type\s+)?([\w$]+)/.exec(part);
    if (m?.[1] && m[1] !== "type") names.push(m[1]);
  }
  return names;
}

/** `module.exports = X | { a, b: c } | class X {} | function…` and `exports.x = …`. */
export function commonJs(t: TsCtx, stmt: SgNode, declare: Declare): void {
  const { o } = t;
  const assign = stmt.namedChildren()[0];
  if (!assign || kindOf(assign) !== "assignment_expression") return;
  const left = assign.field("left");
  const right = assign.field("right");
  if (!left || !right) return;
  const m = /^(?:module\.)?exports(?:\.([\w$]+))?$/.exec(o.textOf(left).replace(/\s+/g, ""));
  if (!m) return;
  const prop = m[1];
  const kind = kindOf(right);
  if (kind === "identifier") t.marks.add(o.textOf(right));
  else if (kind === "class" || FUNCTION_VALUES.has(kind)) declare(t, right, kind, spanOf(stmt), prop);
  else if (kind === "object" && prop === undefined) {
    for (const entry of right.namedChildren()) {
      const k = kindOf(entry);
      if (k === "shorthand_property_identifier") t.marks.add(o.textOf(entry));
      else if (k === "pair") {
        const value = entry.field("value");
        if (value && kindOf(value) === "identifier") t.marks.add(o.textOf(value));
      }
    }
  }
}
