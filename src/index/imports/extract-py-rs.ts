// Python and Rust imports. Python: `import a.b as c, d` and `from ..x import y` at top
// level from the tree, nested ones from indented text lines outside triple-quoted strings.
// Rust: `mod x;`, `use` trees flattened to one ref per path prefix, `extern crate`.

import type { SgNode } from "@ast-grep/napi";
import { blankComments, LineCounter, lineIn, type Refs, type Stmt } from "./refs.ts";

const PY_KINDS = new Set(["import_statement", "import_from_statement"]);
/** An import that is no top-level statement: on an indented line, or after `if x:` / `try:` … on one line. */
const NESTED_IMPORT = /^(?:[ \t]+|[ \t]*(?:if|elif|else|try|except|finally|with|while|for|def|class)\b[^\n#'"]*?:[ \t]*)(from[ \t]*\.*[\w.]*[ \t]+import\b|import[ \t]+[\w.])/gm;

/**
 * Top-level imports by kind. Nested ones (try/if/def bodies) start indented lines or follow
 * a one-line `if x:`, so they can only be mistaken for code inside a triple-quoted string:
 * they are read from the text, string spans masked, instead of searching the tree.
 */
export function pythonImports(refs: Refs, root: SgNode): void {
  const src = refs.src;
  if (!src.includes("import")) return;
  for (const node of root.children()) {
    if (PY_KINDS.has(node.kind() as string)) pythonStatement(refs, refs.stmt(node, true));
  }
  const starts: number[] = [];
  NESTED_IMPORT.lastIndex = 0;
  for (let m = NESTED_IMPORT.exec(src); m; m = NESTED_IMPORT.exec(src)) starts.push(m.index + m[0].length - m[1]!.length);
  if (starts.length > 0) nestedImports(refs, starts);
}

function nestedImports(refs: Refs, starts: readonly number[]): void {
  const src = refs.src;
  const strings = tripleQuoted(src);
  const lines = new LineCounter(src);
  let si = 0;
  for (const start of starts) {
    while (si < strings.length && strings[si + 1]! <= start) si += 2;
    if (si < strings.length && strings[si]! <= start) continue;
    const text = blankComments(src.slice(start, logicalEnd(src, start)), true);
    pythonStatement(refs, { text, line: lines.lineOf(start) });
  }
}

/** Flattened [start, end) spans of triple-quoted strings (comments and one-line strings skipped). */
function tripleQuoted(src: string): number[] {
  const spans: number[] = [];
  const re = /#[^\n]*|"""|'''|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g;
  for (let m = re.exec(src); m; m = re.exec(src)) {
    const q = m[0];
    if (q !== '"""' && q !== "'''") continue;
    let close = src.indexOf(q, re.lastIndex);
    while (close > 0 && isEscaped(src, close)) close = src.indexOf(q, close + 1);
    const end = close < 0 ? src.length : close + 3;
    spans.push(m.index, end);
    re.lastIndex = end;
  }
  return spans;
}

function isEscaped(src: string, at: number): boolean {
  let n = 0;
  while (src[at - 1 - n] === "\\") n++;
  return n % 2 === 1;
}

/** End of the logical line from `start`: brackets and backslash continuations joined, `;` ends it. */
function logicalEnd(src: string, start: number): number {
  let depth = 0;
  for (let i = start; i < src.length; i++) {
    const c = src[i];
    if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "#") {
      const nl = src.indexOf("\n", i);
      if (nl < 0) return src.length;
      i = nl - 1;
    } else if (c === "\\" && src[i + 1] === "\n") i++;
    else if ((c === "\n" || c === ";") && depth <= 0) return i;
  }
  return src.length;
}

function pythonStatement(refs: Refs, s: Stmt): void {
  const text = s.text.replace(/\\\r?\n/g, "  ");
  const from = /^from\s*(\.+[\w.]*|[\w.]+)\s*import\b([\s\S]*)$/.exec(text);
  if (from) {
    if (from[1] === "__future__") return;
    const names: string[] = [];
    for (const part of from[2]!.replace(/[()]/g, " ").split(",")) {
      const m = /^\s*(\*|\w+)/.exec(part);
      if (m?.[1]) names.push(m[1]);
    }
    return refs.add(from[1]!, s.line, "import", names);
  }
  if (!text.startsWith("import")) return;
  let at = 6;
  for (const part of text.slice(6).split(",")) {
    const m = /^(\s*)([\w.]+)/.exec(part);
    if (m?.[2]) refs.add(m[2], lineIn(s, at + m[1]!.length), "import");
    at += part.length + 1;
  }
}

export function rustImports(refs: Refs, root: SgNode): void {
  const src = refs.src;
  if (!src.includes("use") && !src.includes("mod") && !src.includes("crate")) return;
  for (const node of root.children()) {
    const kind = node.kind() as string;
    if (kind === "use_declaration") useDeclaration(refs, refs.stmt(node));
    else if (kind === "mod_item") {
      const s = refs.stmt(node);
      const m = /\bmod\s+(?:r#)?(\w+)\s*;\s*$/.exec(s.text);
      if (m?.[1]) refs.add(m[1], s.line, "mod");
    } else if (kind === "extern_crate_declaration") {
      const s = refs.stmt(node);
      const m = /\bcrate\s+(\w+)/.exec(s.text);
      if (m?.[1] && m[1] !== "self") refs.add(m[1], s.line, "use");
    }
  }
}

function useDeclaration(refs: Refs, s: Stmt): void {
  const m = /\buse\s+([\s\S]*?)\s*;?\s*$/.exec(s.text);
  if (!m?.[1]) return;
  const groups = new Map<string, string[]>();
  useTree(m[1].replace(/\s+/g, " ").replace(/\s*(::|[{},])\s*/g, "$1"), "", groups);
  for (const [prefix, names] of groups) refs.add(prefix, s.line, "use", names);
}

/** Flatten a use tree into `prefix → names` (`a::b::{C, d::E, *}` → a::b: C, *; a::b::d: E). */
export function useTree(tree: string, prefix: string, groups: Map<string, string[]>): void {
  for (const item of splitTop(tree)) {
    const brace = item.indexOf("{");
    if (brace >= 0) {
      const path = item.slice(0, brace).replace(/::$/, "");
      useTree(item.slice(brace + 1, item.lastIndexOf("}")), join(prefix, path), groups);
      continue;
    }
    const path = item.replace(/ as \w+$/, "").replace(/^::/, "");
    if (path === "") continue;
    const cut = path.lastIndexOf("::");
    const head = join(prefix, cut < 0 ? "" : path.slice(0, cut));
    const name = cut < 0 ? path : path.slice(cut + 2);
    if (head === "") groups.set(name, groups.get(name) ?? []);
    else {
      const names = groups.get(head);
      if (names) names.push(name);
      else groups.set(head, [name]);
    }
  }
}

function join(a: string, b: string): string {
  return a === "" ? b : b === "" ? a : `${a}::${b}`;
}

/** Split on commas outside braces. */
export function splitTop(s: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === "{") depth++;
    else if (c === "}") depth--;
    else if (c === "," && depth === 0) {
      out.push(s.slice(from, i).trim());
      from = i + 1;
    }
  }
  out.push(s.slice(from).trim());
  return out.filter((x) => x !== "");
}
