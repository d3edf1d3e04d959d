// What the per-language import extractors share: the import reference they produce, the
// collector of one file's refs, and the statement/line/offset helpers they read text with.

import type { SgNode } from "@ast-grep/napi";
import { splitComments } from "../../lang/comments.ts";

export interface ImportRef {
  /**
   * The module specifier as written: "./order.service", "@app/core", "os.path",
   * "crate::orders", "com.acme.Order", "stdio.h". Marked forms: C system includes keep
   * their brackets ("<stdio.h>"); Ruby `require_relative "x"` gives "./x"; PHP
   * `__DIR__ . '/x.php'` gives "./x.php". Rust `use a::b::{C, D}` gives "a::b" (names C, D)
   * and `use a::b::C` gives "a::b" (name C).
   */
  specifier: string;
  /** 1-based line of the import statement (of the call, for require()/import()). */
  line: number;
  /** `include` also covers `/// <reference path>`; Ruby/PHP loads are `require`/`include`. */
  kind: "import" | "export" | "require" | "dynamic" | "include" | "use" | "mod" | "using";
  /**
   * Imported binding names when syntactically visible: `{ A, B as C }` → A, B; default →
   * "default"; namespace / `import x = require()` → "*"; Python `from x import a, b` → a, b;
   * JVM/PHP single imports → the last segment. Empty for plain module imports and calls.
   */
  names: string[];
  /** TS `import type` / `export type` only. */
  typeOnly: boolean;
}

export type ImportKind = ImportRef["kind"];

/** Collects the refs of one file; statements are read once as text (one range() crossing). */
export class Refs {
  readonly list: ImportRef[] = [];
  constructor(readonly src: string) {}

  add(specifier: string, line: number, kind: ImportKind, names: string[] = [], typeOnly = false): void {
    if (specifier === "") return;
    this.list.push({ specifier, line, kind, names, typeOnly });
  }

  /** A statement's text (comments blanked: `#` ones when `hash`, else C-style) and its first line. */
  stmt(node: SgNode, hash = false): Stmt {
    const r = node.range();
    return { text: blankComments(this.src.slice(r.start.index, r.end.index), hash), line: r.start.line + 1 };
  }
}

export interface Stmt {
  text: string;
  line: number;
}

/** The 1-based line of offset `at` inside a statement's text. */
export function lineIn(s: Stmt, at: number): number {
  let line = s.line;
  for (let i = s.text.indexOf("\n"); i >= 0 && i < at; i = s.text.indexOf("\n", i + 1)) line++;
  return line;
}

/** Replace comments by spaces (newlines kept, so offsets and lines hold), quotes respected. */
export function blankComments(text: string, hash: boolean): string {
  return splitComments(text, hash ? "hash" : "c").code;
}

/** The 1-based line of offset `at` in `src`, counting forward from a known (offset, line). */
export class LineCounter {
  private at = 0;
  private line = 1;
  constructor(private readonly src: string) {}
  lineOf(offset: number): number {
    if (offset < this.at) {
      this.at = 0;
      this.line = 1;
    }
    for (let i = this.src.indexOf("\n", this.at); i >= 0 && i < offset; i = this.src.indexOf("\n", i + 1)) this.line++;
    this.at = offset;
    return this.line;
  }
}

/** Offsets of every match of a global regex in `src`, in order. */
export function offsetsOf(src: string, re: RegExp): number[] {
  const out: number[] = [];
  for (let m = re.exec(src); m; m = re.exec(src)) out.push(m.index);
  return out;
}

/**
 * The top-level nodes (with their spans) that contain any of the sorted source offsets,
 * each once: text hits are mapped to statements by walking siblings only as far as the
 * last hit, so a deep search of the tree visits only the statements that can hold a match.
 */
export function containing(root: SgNode, offsets: readonly number[]): { node: SgNode; start: number; end: number; line: number }[] {
  const out: { node: SgNode; start: number; end: number; line: number }[] = [];
  let j = 0;
  for (let node = root.child(0); node && j < offsets.length; node = node.next()) {
    const r = node.range();
    const start = r.start.index;
    const end = r.end.index;
    while (j < offsets.length && offsets[j]! < start) j++;
    if (j < offsets.length && offsets[j]! < end) {
      out.push({ node, start, end, line: r.start.line + 1 });
      while (j < offsets.length && offsets[j]! < end) j++;
    }
  }
  return out;
}
