// TypeScript/JavaScript skeleton and publicApi: walks the top-level statements (and
// namespace bodies) of the tree, keeps imports, re-exports and declarations, drops other
// statements, and reduces each declaration with the outline's offsets: bodies → `{ … }`,
// long initializers → `…`, private members dropped for publicApi. Comments are left for
// the comment pass (which removes them); doc summaries are inserted as protected lines.

import type { SgNode } from "@ast-grep/napi";
import { MEMBER_ASSIGNMENT } from "../../lang/extract/typescript-exports.ts";
import { FUNCTION_VALUES } from "../../lang/extract/typescript-members.ts";
import type { Decl } from "../../lang/model.ts";
import { CALLABLE, prefix, protectWhole, replaceBody, type Ctx } from "./structure.ts";

const LONG_INITIALIZER = 40;

interface Cursor {
  byContainer: Map<string | null, Decl[]>;
}

function kindOf(node: SgNode | null | undefined): string {
  return node ? (node.kind() as string) : "";
}

export function typescriptSkeleton(ctx: Ctx, root: SgNode): void {
  const byContainer = new Map<string | null, Decl[]>();
  for (const d of ctx.decls) {
    const list = byContainer.get(d.container);
    if (list) list.push(d);
    else byContainer.set(d.container, [d]);
  }
  for (const list of byContainer.values()) list.sort((a, b) => a.start - b.start);
  statements(ctx, { byContainer }, root.namedChildren(), null, false);
}

/** Declarations of `container` starting inside [start, end). */
function declsIn(cur: Cursor, container: string | null, start: number, end: number): Decl[] {
  const list = cur.byContainer.get(container) ?? [];
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]!.start < start) lo = mid + 1;
    else hi = mid;
  }
  const out: Decl[] = [];
  for (let i = lo; i < list.length && list[i]!.start < end; i++) out.push(list[i]!);
  return out;
}

function wanted(ctx: Ctx, d: Decl): boolean {
  return ctx.wanted.has(d.qualifiedName);
}

/** Top-level (or namespace-level) declaration kept at this level? */
function keepTop(ctx: Ctx, d: Decl, ambient: boolean): boolean {
  if (wanted(ctx, d)) return true;
  if (ctx.publicApi) return d.exported;
  // a variable is kept when exported, or when its object literal has methods (code, as a class is)
  return (d.kind !== "const" && d.kind !== "variable") || d.exported || ambient || (ctx.children.get(d)?.length ?? 0) > 0;
}

/** The statement block of a namespace / `declare module` / `declare global` statement. */
function namespaceBody(node: SgNode, kind: string): SgNode | null {
  switch (kind) {
    case "internal_module":
    case "module":
      return node.field("body");
    case "expression_statement": {
      const inner = node.namedChildren()[0];
      return inner && kindOf(inner) === "internal_module" ? inner.field("body") : null;
    }
    case "export_statement": {
      const decl = node.field("declaration");
      const k = kindOf(decl);
      return decl && (k === "internal_module" || k === "module" || k === "ambient_declaration") ? namespaceBody(decl, k) : null;
    }
    case "ambient_declaration":
      for (const child of node.namedChildren()) {
        const k = kindOf(child);
        if (k === "statement_block") return child;
        if (k === "internal_module" || k === "module") return child.field("body");
      }
      return null;
    default:
      return null;
  }
}

function statements(ctx: Ctx, cur: Cursor, nodes: SgNode[], container: string | null, ambient: boolean): void {
  for (const node of nodes) {
    const kind = kindOf(node);
    if (kind === "comment" || kind === "empty_statement" || kind === "ERROR") continue; // unread text stays as is
    if (kind === "import_statement") {
      tighten(ctx, node.range().start.index, node.range().end.index);
      continue;
    }
    if (kind === "export_statement") {
      if (node.field("source")) continue; // export … from
      const declaration = node.field("declaration");
      const value = node.field("value");
      if (!declaration && !value) continue; // export { a }; export = X;
      if (value && kindOf(value) === "identifier") continue; // export default x;
    }
    const range = node.range();
    const start = range.start.index;
    const end = range.end.index;
    if (isRequire(ctx, kind, start, end)) continue; // CommonJS imports stay like imports
    const isAmbient = ambient || kind === "ambient_declaration" || /^(?:export\s+)?declare\b/.test(ctx.code.slice(start, start + 40));
    const body = namespaceBody(node, kind);
    if (body) {
      const bodyStart = body.range().start.index;
      const ns = declsIn(cur, container, start, end).find((d) => d.bodyStart === bodyStart);
      if (!ns) continue;
      if (!keepTop(ctx, ns, isAmbient)) {
        ctx.edits.remove(start, end);
        if (container === null) ctx.omitted.push(ns.name);
      }
      else if (ctx.keepWhole.has(ns.qualifiedName)) protectWhole(ctx, ns);
      else {
        prefix(ctx, ns);
        statements(ctx, cur, body.namedChildren(), ns.qualifiedName, isAmbient);
      }
      continue;
    }
    const ds = declsIn(cur, container, start, end);
    if (ds.length === 0) {
      const assigned = container === null && kind === "expression_statement" ? assignedMethod(ctx, cur, start, end) : null;
      if (assigned) method(ctx, assigned, node, isAmbient, start, end);
      else other(ctx, node, kind, start, end);
      continue;
    }
    if (!ds.some((d) => keepTop(ctx, d, isAmbient))) {
      ctx.edits.remove(start, end);
      if (container === null) ctx.omitted.push(...ds.map((d) => d.name));
      continue;
    }
    const exportsObject = kind === "expression_statement" ? moduleExportsObject(ctx, node, start) : null;
    if (exportsObject) value(ctx, exportsObject, 0, ds); // `module.exports = { parse(s) {…} }`: its functions are the module's
    else for (const d of ds) declaration(ctx, d, node);
  }
}

/** The object literal of `module.exports = {…}`, if the statement is one. */
function moduleExportsObject(ctx: Ctx, node: SgNode, start: number): SgNode | null {
  if (!/^module\.exports\s*=\s*\{/.test(ctx.code.slice(start, start + 40))) return null;
  const right = node.namedChildren()[0]?.field("right");
  return right && kindOf(right) === "object" ? right : null;
}

/** `const x = require("y")`, `const { a } = require("y").b`, `require("y");` */
function isRequire(ctx: Ctx, kind: string, start: number, end: number): boolean {
  if (kind !== "lexical_declaration" && kind !== "variable_declaration" && kind !== "expression_statement") return false;
  const code = ctx.code.slice(start, Math.min(end, start + 400));
  return kind === "expression_statement" ? /^require\s*\(\s*"_*"\s*\)\s*;?$/.test(code) : /^(?:const|let|var)\s+[^=]+=\s*require\s*\(\s*"_*"\s*\)/.test(code);
}

/** A statement that declares nothing the outline knows. */
function other(ctx: Ctx, node: SgNode, kind: string, start: number, end: number): void {
  const head = ctx.code.slice(start, start + 60);
  if (kind === "expression_statement") {
    if (/^\s*(?:module\.exports|exports\.[\w$]+)\s*=/.test(head)) return assignment(ctx, node.namedChildren()[0] ?? null);
    if (/^\s*"_*"\s*;?\s*$/.test(ctx.code.slice(start, end))) return; // directive ("use client")
  } else if (kind === "export_statement") {
    return value(ctx, node.field("value")); // `export default {…}`; `export const { a } = x` stays
  }
  ctx.edits.remove(start, end);
}

/** The method a top-level statement declares by assignment (`Queue.prototype.add = function…`; extract/typescript-exports.ts), if it does. */
function assignedMethod(ctx: Ctx, cur: Cursor, start: number, end: number): Decl | null {
  const m = MEMBER_ASSIGNMENT.exec(ctx.code.slice(start, start + 200));
  return m?.[1] ? (declsIn(cur, m[1], start, end).find((d) => d.start === start) ?? null) : null;
}

/** A method declared by assignment: its doc summary and signature with the body collapsed, whole when asked for, gone where its object is (publicApi of an unexported one). */
function method(ctx: Ctx, d: Decl, node: SgNode, ambient: boolean, start: number, end: number): void {
  if (!keepTop(ctx, d, ambient)) ctx.edits.remove(start, end);
  else if (ctx.keepWhole.has(d.qualifiedName)) protectWhole(ctx, d);
  else {
    prefix(ctx, d);
    assignment(ctx, node.namedChildren()[0] ?? null);
  }
}

function assignment(ctx: Ctx, node: SgNode | null): void {
  if (!node || kindOf(node) !== "assignment_expression") return;
  value(ctx, node.field("right"));
}

/** A value that is not a declaration: objects keep their keys with methods collapsed, anything long becomes `…`; `methods`: the object's members the outline declares (a variable's object literal), which keep their doc summaries and stay whole when asked for. */
function value(ctx: Ctx, node: SgNode | null, depth = 0, methods: readonly Decl[] = []): void {
  if (!node) return;
  const kind = kindOf(node);
  const r = node.range();
  if (FUNCTION_VALUES.has(kind)) {
    const body = node.field("body");
    if (body) bodyEdit(ctx, body.range().start.index, body.range().end.index);
    return;
  }
  if (kind === "object" && depth < 2) {
    for (const member of node.namedChildren()) {
      const mk = kindOf(member);
      const declared = methods.length ? methods.find((m) => m.start === member.range().start.index) : undefined;
      if (declared && ctx.keepWhole.has(declared.qualifiedName)) {
        protectWhole(ctx, declared);
        continue;
      }
      if (declared) prefix(ctx, declared);
      if (mk === "method_definition") {
        const body = member.field("body");
        if (body) bodyEdit(ctx, body.range().start.index, body.range().end.index);
      } else if (mk === "pair") value(ctx, member.field("value"), depth + 1);
    }
    return;
  }
  shorten(ctx, r.start.index, r.end.index);
}

function bodyEdit(ctx: Ctx, start: number, end: number): void {
  replaceBody(ctx, start, end, false);
}

/** Replace the text in [start, end) by `…` when it is more than one short line. */
function shorten(ctx: Ctx, start: number, end: number): void {
  while (end > start && /[\s;,]/.test(ctx.code[end - 1] ?? "")) end--;
  while (start < end && /\s/.test(ctx.code[start] ?? "")) start++;
  const text = ctx.text.slice(start, end);
  if (text.length > LONG_INITIALIZER || text.includes("\n")) ctx.edits.replace(start, end, "…");
}

/** Index of the initializer `=` of a declaration in the code view (depth 0, not `==`, `=>`, `<=`…), or -1. */
function initializerAt(code: string, start: number, end: number): number {
  let depth = 0;
  for (let i = start; i < end; i++) {
    const c = code[i];
    if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") depth--;
    else if (c === "=" && depth === 0) {
      const next = code[i + 1];
      const prev = code[i - 1];
      if (next === "=" || next === ">" || prev === "=" || prev === "!" || prev === "<" || prev === ">") continue;
      return i;
    }
  }
  return -1;
}

const JOIN_AFTER = "(,[<|&=:;{";
const JOIN_BEFORE = ")]}>|&";

/**
 * A signature or import wrapped over several lines goes on one line where a line break is
 * never significant: after `( , [ < | & = : ; {` or before `) ] } > | &` (type-literal
 * members separated only by newlines stay apart). Not when a comment or template is inside.
 */
function tighten(ctx: Ctx, start: number, end: number): void {
  while (end > start && /\s/.test(ctx.text[end - 1] ?? "")) end--; // leave the gap before a body to the body edit
  const seg = ctx.text.slice(start, end);
  if (!seg.includes("\n") || seg.includes("`")) return;
  for (let i = start; i < end; i++) {
    const c = ctx.text[i];
    if (ctx.code[i] === " " && c !== " " && c !== "\t") return; // a comment
  }
  const out = seg.replace(/(,?)[ \t]*\n\s*/g, (m: string, comma: string, at: number) => {
    const prev = comma || (seg[at - 1] ?? "");
    const next = seg[at + m.length] ?? "";
    if (!JOIN_AFTER.includes(prev) && !JOIN_BEFORE.includes(next)) return m;
    if (comma && ")]}".includes(next)) return next === "}" ? " " : ""; // trailing comma
    return comma + (prev === "(" || prev === "[" || next === ")" || next === "]" ? "" : " ");
  });
  if (out !== seg) ctx.edits.replace(start, end, out);
}

function declaration(ctx: Ctx, d: Decl, stmt: SgNode | null): void {
  if (ctx.keepWhole.has(d.qualifiedName)) return protectWhole(ctx, d);
  prefix(ctx, d);
  if (CALLABLE.has(d.kind)) {
    tighten(ctx, d.start, d.bodyStart ?? d.end);
    if (d.bodyStart !== undefined && d.bodyEnd !== undefined) bodyEdit(ctx, d.bodyStart, d.bodyEnd);
  } else if (d.kind === "const" || d.kind === "variable" || d.kind === "property") {
    const eq = initializerAt(ctx.code, d.start, d.end);
    // an object literal with methods (the outline's children of the variable), or `export default {…}`, keeps its keys, methods collapsed
    const methods = stmt ? (ctx.children.get(d) ?? []) : [];
    const object = stmt && (methods.length || eq < 0) ? objectOf(stmt, d.name) : null;
    tighten(ctx, d.start, eq >= 0 ? eq : (object?.range().start.index ?? d.end));
    if (object) value(ctx, object, 0, methods);
    else if (eq >= 0) shorten(ctx, eq + 1, d.end);
  } else if (d.kind === "type") {
    tighten(ctx, d.start, d.end);
  } else if (d.kind === "class") {
    members(ctx, d, stmt);
  } else {
    for (const k of ctx.children.get(d) ?? []) {
      if (ctx.keepWhole.has(k.qualifiedName)) continue;
      prefix(ctx, k);
      if (k.kind === "method") tighten(ctx, k.start, k.end);
    }
  }
}

/** The object literal a variable statement binds `name` to (or `export default` exports as `default`), if it does. */
function objectOf(stmt: SgNode, name: string): SgNode | null {
  const exported = kindOf(stmt) === "export_statement";
  const object = exported && name === "default" ? stmt.field("value") : null;
  if (object) return kindOf(object) === "object" ? object : null;
  const list = exported ? stmt.field("declaration") : stmt;
  for (const declarator of list?.namedChildren() ?? []) {
    if (kindOf(declarator) !== "variable_declarator" || declarator.field("name")?.text() !== name) continue;
    const init = declarator.field("value");
    return init && kindOf(init) === "object" ? init : null;
  }
  return null;
}

function members(ctx: Ctx, cls: Decl, stmt: SgNode | null): void {
  const kids = ctx.children.get(cls) ?? [];
  const ctors = kids.filter((k) => k.kind === "constructor");
  for (const k of kids) {
    if (ctors.some((c) => c !== k && k.start >= c.start && k.end <= c.end)) continue; // parameter property
    if (ctx.publicApi && k.visibility === "private" && !wanted(ctx, k)) ctx.edits.remove(k.start, k.end);
    else declaration(ctx, k, null);
  }
  // static initialization blocks are statements, not declarations
  const has = cls.bodyStart !== undefined && /\bstatic\s*\{/.test(ctx.code.slice(cls.bodyStart, cls.bodyEnd));
  const body = stmt && has ? (stmt.field("declaration") ?? stmt).field("body") : null;
  if (body && kindOf(body) === "class_body") {
    for (const m of body.namedChildren()) {
      if (kindOf(m) === "class_static_block") ctx.edits.remove(m.range().start.index, m.range().end.index);
    }
  }
}
