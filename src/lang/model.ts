// Shared domain types of the syntax tier: what a parsed file declares.

import type { CodeLanguage } from "./languages.ts";

export type DeclKind =
  | "class"
  | "interface"
  | "type"
  | "enum"
  | "struct"
  | "trait"
  | "record"
  | "object"
  | "namespace"
  | "module"
  | "impl"
  | "function"
  | "method"
  | "constructor"
  | "accessor"
  | "property"
  | "field"
  | "const"
  | "variable"
  | "enum_member"
  | "macro";

/** Kinds that declare a type-like container; toc lists these with their members. */
export const TYPE_KINDS: ReadonlySet<DeclKind> = new Set<DeclKind>([
  "class",
  "interface",
  "type",
  "enum",
  "struct",
  "trait",
  "record",
  "object",
  "impl",
]);

/** The kinds that name a type (TYPE_KINDS without `impl` blocks) as an SQL list, for `kind IN …` over the symbols table. */
export const NAMED_TYPE_KINDS_SQL = `(${[...TYPE_KINDS].filter((k) => k !== "impl").map((k) => `'${k}'`).join(",")})`;

export type Visibility = "public" | "protected" | "private" | "internal" | "package";

export interface Decl {
  kind: DeclKind;
  /** The declared name as written (`constructor` for constructors, `default` for an anonymous default export). */
  name: string;
  /** Qualified name of the enclosing declaration (type, namespace, module), or null at top level. */
  container: string | null;
  /** `container.name`, or `name` at top level. */
  qualifiedName: string;
  /** The declaration's header: source text from its start up to (not including) its body, whitespace collapsed to single spaces, at most 240 characters. */
  signature: string;
  /** Visible outside its file/module/package by the language's rule (TS `export`, Go capital letter, Rust `pub`, Java/C#/Kotlin/Swift `public`, Python no leading underscore). Members are exported when their container is and they are not private. */
  exported: boolean;
  visibility: Visibility;
  /** 1-based, inclusive. */
  startLine: number;
  endLine: number;
  /** UTF-16 offsets into the source: the whole declaration, including its decorators/attributes/doc comment-free start. */
  start: number;
  end: number;
  /** UTF-16 offsets of the body (block, class body…) when the declaration has one. */
  bodyStart?: number;
  bodyEnd?: number;
}

export interface FileOutline {
  language: CodeLanguage;
  decls: Decl[];
  /** Parse produced error nodes (the outline may be partial). */
  hasErrors: boolean;
}
