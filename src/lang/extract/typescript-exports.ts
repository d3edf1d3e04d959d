// TypeScript / JavaScript exports that are not `export` keywords on declarations: local
// `export { a, b as c }` clauses and CommonJS `module.exports` / `exports.x` assignments; and
// the methods pre-class JavaScript declares by assignment (`Queue.prototype.add = function…`,
// `res.send = function send…`).

import type { SgNode } from "@ast-grep/napi";
import { kindOf, spanOf, spanOrNull, type Span } from "./core.ts";
import type { Decl } from "../model.ts";
import { FUNCTION_VALUES, objectMethods, type TsCtx } from "./typescript-members.ts";

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

/** `module.exports = X | { a, b: c, d() {…}, e: function… } | class X {} | function…` and `exports.x = …`. */
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
    // the object's functions are the module's, as `exports.d = function…` declares them
    objectMethods(t, right, { container: null, exported: true }, "function");
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

/** `X.prototype.y` / `X.y` at the head of a top-level statement, X not `module`/`exports`/`this`: a method assigned, if a function is. */
export const MEMBER_ASSIGNMENT = /^(?!(?:module|exports|this)\b)([A-Za-z_$][\w$]*)(?:\.prototype)?\.([A-Za-z_$][\w$]*)\s*=(?![=>])/;

/** `Queue.prototype.add = function (…) {…}`, `res.send = function send(…) {…}`: the method `add` of `Queue`, `send` of `res`. */
export function memberAssignment(t: TsCtx, stmt: SgNode): Decl | null {
  const assign = stmt.namedChildren()[0];
  if (!assign || kindOf(assign) !== "assignment_expression") return null;
  const left = assign.field("left");
  const right = assign.field("right");
  if (!left || !right || !FUNCTION_VALUES.has(kindOf(right))) return null;
  const m = MEMBER_ASSIGNMENT.exec(`${t.o.textOf(left).replace(/\s+/g, "")}=`);
  if (!m?.[1] || !m[2]) return null;
  const span = spanOf(stmt);
  return t.o.add({ kind: "method", name: m[2], scope: { container: m[1], exported: false }, span, body: spanOrNull(right.field("body")), exported: false, visibility: "public" });
}
