// The syntax a signature refactor edits, read with ast-grep: the function-like declaration
// or call whose name sits at an offset the engine reported, and its comma-separated list
// (parameters or arguments) as elements with offsets. List edits keep every byte between
// the elements they do not touch (comments, line breaks, trailing commas).

import { Lang, parse, type SgNode } from "@ast-grep/napi";

export interface Span {
  start: number;
  end: number;
}

export interface Edit extends Span {
  text: string;
}

export interface ListNode {
  /** Offset just after `(` and of `)`. */
  open: number;
  close: number;
  elements: (Span & { text: string; kind: string; node: SgNode })[];
  /** The whole list text (for the line-break test). */
  text: string;
}

export type DeclKind = "function" | "method" | "signature" | "overload" | "arrow" | "annotated";

export interface FunctionDecl {
  kind: DeclKind;
  nameAt: number;
  params: ListNode;
  /** The body (absent for signatures). */
  body: Span | null;
  node: SgNode;
}

export interface CallSite {
  nameAt: number;
  args: ListNode;
  node: SgNode;
}

export function langOf(path: string): Lang | null {
  return /\.(?:[cm]?[jt]s)$/.test(path) ? Lang.TypeScript : /\.[jt]sx$/.test(path) ? Lang.Tsx : null;
}

export function parseRoot(path: string, text: string): SgNode | null {
  const lang = langOf(path);
  return lang === null ? null : parse(lang, text).root();
}

export function listOf(node: SgNode): ListNode {
  const r = node.range();
  const elements = node
    .children()
    .filter((c) => c.isNamed() && c.kind() !== "comment")
    .map((c) => ({ start: c.range().start.index, end: c.range().end.index, text: c.text(), kind: String(c.kind()), node: c }));
  return { open: r.start.index + 1, close: r.end.index - 1, elements, text: node.text() };
}

const DECL_KINDS = ["function_declaration", "generator_function_declaration", "method_definition", "method_signature", "abstract_method_signature", "function_signature"];

function declOf(node: SgNode): FunctionDecl | null {
  const kind = node.kind();
  if (kind === "variable_declarator") {
    const value = node.field("value");
    const params = value && (value.kind() === "arrow_function" || value.kind() === "function_expression") ? value.field("parameters") : null;
    const name = node.field("name");
    if (!params || !name || name.kind() !== "identifier") return null;
    return { kind: node.field("type") ? "annotated" : "arrow", nameAt: name.range().start.index, params: listOf(params), body: spanOf(value!.field("body")), node: value! };
  }
  const name = node.field("name");
  const params = node.field("parameters");
  if (!name || !params) return null;
  const body = spanOf(node.field("body"));
  const overload = kind === "function_signature" || (kind === "method_signature" && node.parent()?.kind() === "class_body");
  const declKind: DeclKind = overload ? "overload" : kind === "method_signature" || kind === "abstract_method_signature" ? "signature" : kind === "method_definition" ? "method" : "function";
  return { kind: declKind, nameAt: name.range().start.index, params: listOf(params), body, node };
}

const spanOf = (n: SgNode | null): Span | null => (n ? { start: n.range().start.index, end: n.range().end.index } : null);

export interface FileSyntax {
  decls: Map<number, FunctionDecl>;
  calls: Map<number, CallSite>;
  /** Import/export specifiers and clauses: a reference inside one only binds the name. */
  bindings: Span[];
}

/** Every function-like declaration and call of a file, by the offset of its name. */
export function fileSyntax(root: SgNode): FileSyntax {
  const decls = new Map<number, FunctionDecl>();
  for (const node of root.findAll({ rule: { any: [...DECL_KINDS, "variable_declarator"].map((kind) => ({ kind })) } })) {
    const d = declOf(node);
    if (d) decls.set(d.nameAt, d);
  }
  const calls = new Map<number, CallSite>();
  for (const node of root.findAll({ rule: { kind: "call_expression" } })) {
    const fn = node.field("function");
    const args = node.field("arguments");
    if (!fn || !args || args.kind() !== "arguments") continue;
    const name = fn.kind() === "member_expression" ? fn.field("property") : fn.kind() === "identifier" ? fn : null;
    if (name) calls.set(name.range().start.index, { nameAt: name.range().start.index, args: listOf(args), node });
  }
  const bindings = root
    .findAll({ rule: { any: ["import_specifier", "export_specifier", "import_clause", "namespace_import", "namespace_export"].map((kind) => ({ kind })) } })
    .map((n) => spanOf(n)!);
  return { decls, calls, bindings };
}

const multiline = (list: ListNode): boolean => list.text.includes("\n");

function indentAt(text: string, offset: number): string {
  const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))![0];
}

/** Insert `items` after the list's last element (or into an empty list), in its layout. */
export function appendToList(text: string, list: ListNode, items: readonly string[]): Edit {
  if (!list.elements.length) return { start: list.open, end: list.open, text: items.join(", ") };
  const last = list.elements[list.elements.length - 1]!;
  const sep = multiline(list) ? `,\n${indentAt(text, last.start)}` : ", ";
  return { start: last.end, end: last.end, text: items.map((i) => `${sep}${i}`).join("") };
}

/** Remove element `i` with one separator next to it. */
export function removeFromList(list: ListNode, i: number): Edit {
  const el = list.elements[i]!;
  const next = list.elements[i + 1];
  if (next) return { start: el.start, end: next.start, text: "" };
  const prev = list.elements[i - 1];
  return prev ? { start: prev.end, end: el.end, text: "" } : { start: el.start, end: el.end, text: "" };
}

/** Put element `order[j]` where element j was (every element of `order` present, order.length elements). */
export function permuteList(list: ListNode, order: readonly number[]): Edit[] {
  const edits: Edit[] = [];
  order.forEach((from, j) => {
    if (from === j) return;
    const at = list.elements[j]!;
    edits.push({ start: at.start, end: at.end, text: list.elements[from]!.text });
  });
  return edits;
}

export function applyOffsetEdits(text: string, edits: readonly Edit[]): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.start - a.start || b.end - a.end)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

/** The parameter's name when it is a plain identifier (`a`, `a?: T`, `a = 1`, `...a`), else null. */
export function paramName(param: { text: string }): string | null {
  const m = /^(?:(?:public|private|protected|readonly|override)\s+)*(?:\.\.\.)?([A-Za-z_$][\w$]*)/.exec(param.text);
  return m ? m[1]! : null;
}

export const isRest = (param: { text: string }): boolean => /^(?:(?:public|private|protected|readonly)\s+)*\.\.\./.test(param.text);

const SIDE_EFFECTS = new Set(["call_expression", "new_expression", "assignment_expression", "augmented_assignment_expression", "update_expression", "await_expression", "yield_expression", "delete_expression"]);
const OPAQUE = new Set(["arrow_function", "function_expression", "function", "class"]);

/** Whether evaluating the expression can have an effect (a call, assignment, await… outside nested functions). */
export function sideEffecting(node: SgNode): boolean {
  const kind = String(node.kind());
  if (OPAQUE.has(kind)) return false;
  if (SIDE_EFFECTS.has(kind)) return true;
  if (kind === "unary_expression" && node.text().startsWith("delete")) return true;
  if (kind === "tagged_template_expression") return true;
  return node.children().some(sideEffecting);
}

export const within = (offset: number, spans: readonly Span[]): boolean => spans.some((s) => offset >= s.start && offset < s.end);

/** 1-based line of an offset. */
export function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}
