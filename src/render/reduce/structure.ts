// Shared machinery of the structural (syntax-tree) passes: the per-file context, the
// declaration tree from the outline, the skeleton's keep/drop rules, and the edits every
// language makes the same way (doc summaries and semantic markers before a declaration,
// whole-kept declarations, body replacement, generated-body collapse).

import type { CodeLanguage } from "../../lang/languages.ts";
import type { Decl, DeclKind } from "../../lang/model.ts";
import { docStart, docstringLine, docSummary } from "./docs.ts";
import { Edits, indentAt } from "./edits.ts";
import { markerFor } from "./markers.ts";
import type { Ctx } from "./ctx.ts";

export type { Ctx } from "./ctx.ts";

/** The visible marker for declarations a skeleton/publicApi leaves out: `// 2 declarations omitted (not exported): a, b`. */
export function omittedMarker(ctx: Ctx): void {
  const names = [...new Set(ctx.omitted)];
  if (names.length === 0) return;
  const shown = names.join(", ");
  const why = ctx.publicApi ? "not exported" : "non-exported variables";
  const comment = ctx.lang === "python" || ctx.lang === "ruby" ? "#" : "//";
  ctx.edits.insert(ctx.text.length, `\n${ctx.p.token(`${comment} ${names.length} declaration${names.length === 1 ? "" : "s"} omitted (${why}): ${shown}`)}\n`);
}

export const CALLABLE: ReadonlySet<DeclKind> = new Set<DeclKind>(["function", "method", "constructor", "accessor"]);
/** Kinds that get a semantic marker (type aliases and impl blocks do not). */
export const MARKED: ReadonlySet<DeclKind> = new Set<DeclKind>(["class", "interface", "enum", "struct", "trait", "record", "object"]);
export const GENERATED_BODY = "svc: collapsed generated body";

/** The enclosing declaration of each declaration that has one. */
export function parents(children: Map<Decl, Decl[]>): Map<Decl, Decl> {
  const out = new Map<Decl, Decl>();
  for (const [parent, kids] of children) for (const k of kids) out.set(k, parent);
  return out;
}

/** Declared in its container's header (a primary-constructor property), not its body. */
export function inHeader(d: Decl, parent: Decl | undefined): boolean {
  return parent !== undefined && parent.bodyStart !== undefined && d.start < parent.bodyStart;
}

/** Direct children of each declaration, by container name and containment. */
export function declTree(decls: Decl[]): Map<Decl, Decl[]> {
  const children = new Map<Decl, Decl[]>();
  const stack: Decl[] = [];
  const sorted = [...decls].sort((a, b) => a.start - b.start || b.end - a.end);
  for (const d of sorted) {
    while (stack.length > 0 && stack[stack.length - 1]!.end <= d.start) stack.pop();
    if (d.container !== null) {
      for (let i = stack.length - 1; i >= 0; i--) {
        const parent = stack[i]!;
        if (parent.qualifiedName === d.container && parent.start <= d.start && parent.end >= d.end) {
          const list = children.get(parent);
          if (list) list.push(d);
          else children.set(parent, [d]);
          break;
        }
      }
    }
    stack.push(d);
  }
  return children;
}

export function wantedNames(keepWhole: readonly string[]): Set<string> {
  const wanted = new Set<string>();
  for (const name of keepWhole) {
    const parts = name.split(".");
    for (let i = 1; i <= parts.length; i++) wanted.add(parts.slice(0, i).join("."));
  }
  return wanted;
}

/** Insert the doc summary (skeleton) and semantic marker (any level) lines before `d`. */
export function prefix(ctx: Ctx, d: Decl): void {
  const indent = indentAt(ctx.text, d.start);
  if (indent === null) return;
  const lines: string[] = [];
  if (ctx.skeleton) {
    const doc = docSummary(ctx.text, d.start, ctx.lang, d.qualifiedName);
    if (doc) lines.push(doc);
  }
  if (ctx.markers && MARKED.has(d.kind)) lines.push(markerFor(ctx, d));
  if (lines.length > 0) ctx.edits.insert(d.start, lines.map((l) => `${ctx.p.token(l)}\n${indent}`).join(""));
}

/** A keepWhole declaration: its doc comment and full text, untouched by later passes. */
export function protectWhole(ctx: Ctx, d: Decl): void {
  if (ctx.markers && MARKED.has(d.kind)) {
    const indent = indentAt(ctx.text, d.start);
    if (indent !== null) ctx.edits.insert(docStart(ctx.text, d.start, ctx.lang), `${ctx.p.token(markerFor(ctx, d))}\n${indent}`);
  }
  const from = docStart(ctx.text, d.start, ctx.lang);
  ctx.edits.replace(from, d.end, ctx.p.token(ctx.text.slice(from, d.end)));
}

/** The text that replaces a body starting at `start` (Python: docstring first line, then `...`). */
export function bodyText(ctx: Ctx, start: number, end: number, generated: boolean): string {
  const { lang, text, p } = ctx;
  if (lang === "python") {
    const stub = generated ? p.token(`... # ${GENERATED_BODY}`) : "...";
    const doc = ctx.literalAt.get(start);
    const indent = indentAt(text, start);
    if (!doc || indent === null) return stub;
    const line = docstringLine(text.slice(doc.start, doc.end));
    if (!line) return stub;
    return doc.end >= end - 1 && !generated ? p.token(line) : `${p.token(line)}\n${indent}${stub}`;
  }
  if (lang === "ruby") return generated ? p.token(`# ${GENERATED_BODY}`) : "…";
  const head = text.slice(start, start + 2);
  if (generated) return p.token(`{ /* ${GENERATED_BODY} */ }`);
  if (head[0] === "{") return "{ … }";
  if (head === "=>") return "=> …";
  if (head[0] === "=") return "= …";
  if (head[0] === ":") return ": …";
  return lang === "typescript" || lang === "tsx" || lang === "javascript" ? "{ … }" : "…";
}

/** Replace a body; a brace body on its own line (Allman style) moves up to the header line, comments between go. */
export function replaceBody(ctx: Ctx, start: number, end: number, generated: boolean): void {
  const text = bodyText(ctx, start, end, generated);
  let from = start;
  if (ctx.text[start] === "{" && ctx.lang !== "python") {
    while (from > 0 && /\s/.test(ctx.code[from - 1] ?? "")) from--;
    if (ctx.text.slice(from, start).includes("\n") && from > 0 && ctx.code[from - 1] !== "{" && ctx.code[from - 1] !== "}" && ctx.code[from - 1] !== ";") {
      ctx.edits.replace(from, end, ` ${text}`);
      return;
    }
  }
  ctx.edits.replace(start, end, text);
}

/** Collapse generated bodies first (they win over skeleton bodies at the same range). */
export function collapseEdits(ctx: Ctx): void {
  for (const d of ctx.collapse) {
    if (d.bodyStart === undefined || d.bodyEnd === undefined || ctx.keepWhole.has(d.qualifiedName)) continue;
    replaceBody(ctx, d.bodyStart, d.bodyEnd, true);
  }
}

/** Levels below skeleton: only markers (and collapse, done before). */
export function markerEdits(ctx: Ctx): void {
  if (!ctx.markers) return;
  for (const d of ctx.decls) if (MARKED.has(d.kind)) prefix(ctx, d);
}
