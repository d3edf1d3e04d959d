// Shared machinery of the declaration extractors: node spans, the per-file Outline
// collector that turns a few offsets into a Decl, and export propagation. Extractors walk
// top-down through containers only, reading kind()/field()/range() and text() of names;
// everything else is sliced from the JS source string. Each N-API crossing costs ~1-3µs
// (range() is the dearest: it allocates), so none is spent on nodes that cannot declare.

import type { SgNode } from "@ast-grep/napi";
import type { Decl, DeclKind, Visibility } from "../model.ts";
import { signatureOf, skipAnnotations, type AnnotationStyle, type SigMode } from "./signature.ts";
import { treeName } from "../grammar-gaps.ts";

/** A node's extent: UTF-16 offsets and 1-based inclusive lines. */
export interface Span {
  start: number;
  end: number;
  startLine: number;
  endLine: number;
}

export function spanOf(node: SgNode): Span {
  const r = node.range();
  const s = r.start;
  const e = r.end;
  // A node ending at column 0 (trailing newline) ends on the previous line.
  const endLine = e.column === 0 && e.line > s.line ? e.line : e.line + 1;
  return { start: s.index, end: e.index, startLine: s.line + 1, endLine };
}

/** The enclosing declaration as its members see it. */
export interface Scope {
  /** Qualified name of the enclosing declaration, null at top level. */
  container: string | null;
  /** Whether the enclosing declaration is exported (true at top level). */
  exported: boolean;
}

export const TOP: Scope = { container: null, exported: true };

export interface DeclSpec {
  kind: DeclKind;
  name: string;
  scope: Scope;
  /** Extent of the declaration (decorators included). */
  span: Span;
  /** Where the signature text begins (after decorators that sit outside the node); default span.start. */
  sigStart?: number;
  /** Where a bodiless signature ends; default span.end. */
  sigEnd?: number;
  /** The body node's span, if any. */
  body?: Span | null;
  exported: boolean;
  visibility: Visibility;
  /** How to render a bodiless declaration (see signature.ts); default "code". */
  sigMode?: SigMode;
  /** Text placed before the signature (e.g. the `const` keyword of a multi-declarator statement). */
  sigPrefix?: string;
  /** A nested body inside a bodiless declaration, shown as `{…}` (C `typedef struct {…} name`). */
  elide?: Span | null;
}

/** Collects the declarations of one file. */
export class Outline {
  readonly decls: Decl[] = [];
  /** Set by an extractor that met a statement its grammar could not read: the first such line (declarations may be missing). */
  unreadable: number | null = null;
  constructor(
    readonly src: string,
    readonly annotations: AnnotationStyle = {},
  ) {}

  /** The source text of a small node (names, keywords): text() is one crossing, cheaper than range(). */
  textOf(node: SgNode): string {
    return treeName(node.text());
  }

  /** Source between a declaration's start and its name, leading annotations skipped (for modifier keywords). */
  prefix(from: number, nameStart: number): string {
    const i = skipAnnotations(this.src, from, nameStart, this.annotations);
    return this.src.slice(Math.max(i, nameStart - 400), nameStart);
  }

  /** Signature text of an arbitrary source range (see signature.ts). */
  signature(start: number, end: number, mode: SigMode): string {
    return signatureOf(this.src, start, end, mode, this.annotations);
  }

  add(spec: DeclSpec): Decl {
    const { span, scope, body } = spec;
    const sigStart = spec.sigStart ?? span.start;
    const sigEnd = body ? body.start : (spec.sigEnd ?? span.end);
    const mode = body ? "body" : (spec.sigMode ?? "code");
    let signature: string;
    if (spec.elide && !body && spec.elide.start >= sigStart && spec.elide.end <= sigEnd) {
      const head = signatureOf(this.src, sigStart, spec.elide.start, "body", this.annotations);
      signature = clip(`${head} {…} ${signatureOf(this.src, spec.elide.end, sigEnd, mode, this.annotations)}`.trim());
    } else {
      signature = signatureOf(this.src, sigStart, sigEnd, mode, this.annotations);
    }
    if (spec.sigPrefix) signature = clip(`${spec.sigPrefix} ${signature}`);
    const container = scope.container;
    const decl: Decl = {
      kind: spec.kind,
      name: spec.name,
      container,
      qualifiedName: container === null ? spec.name : `${container}.${spec.name}`,
      signature,
      exported: spec.exported,
      visibility: spec.visibility,
      startLine: span.startLine,
      endLine: span.endLine,
      start: span.start,
      end: span.end,
    };
    if (body) {
      decl.bodyStart = body.start;
      decl.bodyEnd = body.end;
    }
    this.decls.push(decl);
    return decl;
  }
}

export function clip(s: string): string {
  return s.length > 240 ? `${s.slice(0, 239)}…` : s;
}

/** A span starting at an earlier point (a decorator or attribute) and ending with `span`. */
export function extend(span: Span, from: { start: number; startLine: number } | null): Span {
  if (!from || from.start >= span.start) return span;
  return { start: from.start, end: span.end, startLine: from.startLine, endLine: span.endLine };
}

/** Node kinds that are comments in every grammar we parse. */
export function isComment(kind: string): boolean {
  return kind === "comment" || kind.endsWith("_comment");
}

/**
 * Re-derive `exported` after file-level facts are known (TS `export { a }`, CommonJS,
 * Python `__all__`): `top` decides top-level declarations (undefined = keep), and
 * members of re-decided type containers follow `member(decl)` when their container is exported.
 */
export function propagateExports(
  decls: Decl[],
  top: (d: Decl) => boolean | undefined,
  member: (d: Decl) => boolean,
  containerKinds: ReadonlySet<DeclKind>,
): void {
  const changed = new Map<string, boolean>();
  for (const d of decls) {
    if (d.container === null) {
      const v = top(d);
      if (v === undefined || v === d.exported) continue;
      d.exported = v;
    } else {
      const parent = changed.get(d.container);
      if (parent === undefined) continue;
      d.exported = parent && member(d);
    }
    if (containerKinds.has(d.kind)) changed.set(d.qualifiedName, d.exported);
  }
}

/** Strip one level of matching quotes from a string-literal name. */
export function unquote(s: string): string {
  const c = s[0];
  if (s.length >= 2 && (c === '"' || c === "'" || c === "`") && s[s.length - 1] === c) return s.slice(1, -1);
  return s;
}

/** A name node's text and offsets. */
export interface Name {
  text: string;
  start: number;
  end: number;
}

export function nameOf(src: string, node: SgNode | null): Name | null {
  if (!node) return null;
  const r = node.range();
  const start = r.start.index;
  const end = r.end.index;
  return { text: src.slice(start, end), start, end };
}

/** The text of an optional small node (a name) when its offsets are not needed. */
export function textOrNull(node: SgNode | null): string | null {
  return node ? treeName(node.text()) : null;
}

/** `spanOf` for an optional node. */
export function spanOrNull(node: SgNode | null): Span | null {
  return node ? spanOf(node) : null;
}

/** A node's kind as a plain string ("" for no node). */
export function kindOf(node: SgNode | null | undefined): string {
  return node ? (node.kind() as string) : "";
}
