// TypeScript / TSX / JavaScript imports: top-level `import` / `export … from` statements
// (walking only as far as the text announces them), `import x = require()`, `require("x")`
// and `import("x")` anywhere (only the top-level statements whose text holds such a call
// are read), and `/// <reference path>` directives.

import type { NapiConfig, SgNode } from "@ast-grep/napi";
import { containing, LineCounter, lineIn, offsetsOf, type Refs, type Stmt } from "./refs.ts";

const CALLS: NapiConfig = {
  rule: {
    kind: "call_expression",
    has: { field: "function", any: [{ kind: "import" }, { kind: "identifier", regex: "^require$" }] },
  },
};

export function tsImports(refs: Refs, root: SgNode): void {
  const src = refs.src;
  if (!src.includes("import") && !src.includes("export") && !src.includes("require")) return;
  const reexports = count(src, REEXPORT);
  const expected = count(src, IMPORT_WORD) + reexports;
  if (expected > 0) statements(refs, root, expected, reexports > 0);
  if (src.includes("require") || src.includes("import(")) calls(refs, root);
  if (src.includes("/// <reference")) references(refs);
}

/** `import` as a statement keyword (not `import(` / `import.meta`): never fewer than the import statements. */
const IMPORT_WORD = /(?<![\w$.])import(?=[\s{*"'/])/g;
const REEXPORT = /(?<![\w$.])export\s*(?:type\s*)?(?:\*(?:\s*as\s+(?:[\w$]+|"[^"]*"|'[^']*'))?|\{[^}]*\})\s*from\b/g;

function count(src: string, re: RegExp): number {
  re.lastIndex = 0;
  let n = 0;
  while (re.exec(src)) n++;
  return n;
}

/**
 * Top-level import / re-export statements, walking siblings only until as many were seen
 * as the text can hold: imports sit at the top, so most files stop after a few nodes
 * (a sibling step costs about twice a children() entry, so this wins below ~50%).
 */
function statements(refs: Refs, root: SgNode, expected: number, reexports: boolean): void {
  let found = 0;
  for (let node = root.child(0); node && found < expected; node = node.next()) {
    const kind = node.kind() as string;
    if (kind === "import_statement") {
      found++;
      importStatement(refs, node);
    } else if (reexports && kind === "export_statement" && node.field("source")) {
      found++;
      exportStatement(refs, node);
    }
  }
}

const FROM = /\bfrom\s*(["'])(.*?)\1/;

function importStatement(refs: Refs, node: SgNode): void {
  const { text, line } = refs.stmt(node);
  const body = text.slice(6).trimStart(); // after `import`
  const side = /^(["'])(.*?)\1/.exec(body);
  if (side) return refs.add(side[2]!, line, "import");
  const req = /^(type\s+)?[\w$]+\s*=\s*require\s*\(\s*(["'])(.*?)\2/.exec(body);
  if (req) return refs.add(req[3]!, line, "import", ["*"], req[1] !== undefined);
  const from = FROM.exec(body);
  if (!from) return;
  let clause = body.slice(0, from.index);
  const typeOnly = /^type(?:\s+(?!from\b)(?=[\w$])|\s*(?=[{*]))/.test(clause);
  if (typeOnly) clause = clause.slice(4);
  refs.add(from[2]!, line, "import", clauseNames(clause, true), typeOnly);
}

function exportStatement(refs: Refs, node: SgNode): void {
  const { text, line } = refs.stmt(node);
  const from = FROM.exec(text);
  if (!from) return;
  let clause = text.slice(6, from.index).trim(); // after `export`
  const typeOnly = /^type\b/.test(clause);
  if (typeOnly) clause = clause.slice(4);
  refs.add(from[2]!, line, "export", clauseNames(clause, false), typeOnly);
}

/** `a, { B, C as D, type E }` → default, B, C, E; `* as ns` → *; exports: local names only. */
export function clauseNames(clause: string, isImport: boolean): string[] {
  const names: string[] = [];
  const brace = clause.indexOf("{");
  const head = brace < 0 ? clause : clause.slice(0, brace);
  for (const part of head.split(",")) {
    const p = part.trim();
    if (p === "") continue;
    names.push(p.startsWith("*") ? "*" : isImport ? "default" : p);
  }
  if (brace >= 0) {
    const close = clause.lastIndexOf("}");
    const inner = clause.slice(brace + 1, close < brace ? clause.length : close);
    for (const part of inner.split(",")) {
      const m = /^\s*(?:type\s+(?!as\b)(?=[\w$"']))?([\w$]+|"[^"]*"|'[^']*')/.exec(part);
      if (m?.[1]) names.push(m[1].replace(/^["']|["']$/g, ""));
    }
  }
  return names;
}

const CALL_TEXT = /^(require|import)\s*\(\s*(["'`])([^"'`$\\\n]*)\2\s*[,)]/;
const HITS = /(?<![\w$.])(?:require|import)\s*\(/g;
/** Statements up to this size are read as text (strings and comments masked); longer ones are searched in the tree. */
const TEXT_LIMIT = 20_000;

/**
 * `require("x")` and `import("x")` with a literal, anywhere: only the top-level statements
 * holding a text hit are looked at. Reading them as text costs a fraction of a tree search
 * (whose rule set-up alone is ~60µs per call); a regex literal holding a quote can fool the
 * mask, but only up to the end of its line.
 */
function calls(refs: Refs, root: SgNode): void {
  const src = refs.src;
  HITS.lastIndex = 0;
  const hits = offsetsOf(src, HITS);
  if (hits.length === 0) return;
  for (const stmt of containing(root, hits)) {
    const kind = stmt.node.kind() as string;
    if (kind === "comment" || kind === "import_statement") continue;
    if (stmt.end - stmt.start <= TEXT_LIMIT) {
      textCalls(refs, { text: src.slice(stmt.start, stmt.end), line: stmt.line });
      continue;
    }
    for (const call of stmt.node.findAll(CALLS)) {
      const r = call.range();
      const m = CALL_TEXT.exec(src.slice(r.start.index, Math.min(r.end.index, r.start.index + 600)));
      if (m) refs.add(m[3]!, r.start.line + 1, m[1] === "require" ? "require" : "dynamic");
    }
  }
}

function textCalls(refs: Refs, s: Stmt): void {
  const mask = maskCode(s.text);
  const re = new RegExp(HITS.source, "g");
  for (let m = re.exec(mask); m; m = re.exec(mask)) {
    const c = CALL_TEXT.exec(s.text.slice(m.index, m.index + 600));
    if (c) refs.add(c[3]!, lineIn(s, m.index), c[1] === "require" ? "require" : "dynamic");
  }
}

/** Comments and string contents replaced by spaces (same length; quotes kept). No regex-literal or `${}` awareness. */
export function maskCode(text: string): string {
  let out = "";
  let from = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i];
    let start = -1;
    let end = -1;
    if (c === '"' || c === "'" || c === "`") {
      let j = i + 1;
      while (j < n && text[j] !== c && (c === "`" || text[j] !== "\n")) j += text[j] === "\\" ? 2 : 1;
      start = i + 1;
      end = Math.min(j, n);
    } else if (c === "/" && text[i + 1] === "/") {
      start = i;
      end = text.indexOf("\n", i);
      if (end < 0) end = n;
    } else if (c === "/" && text[i + 1] === "*") {
      start = i;
      const close = text.indexOf("*/", i + 2);
      end = close < 0 ? n : close + 2;
    }
    if (start < 0) {
      i++;
      continue;
    }
    out += text.slice(from, start) + " ".repeat(end - start);
    from = end;
    i = c === "/" ? end : end + 1; // past a closing quote
  }
  return out + text.slice(from);
}

/** `/// <reference path="x" />` directives (types="…" references name packages: skipped). */
function references(refs: Refs): void {
  const lines = new LineCounter(refs.src);
  const re = /^[ \t]*\/\/\/[ \t]*<reference\s+path\s*=\s*(["'])([^"'\n]+)\1/gm;
  for (let m = re.exec(refs.src); m; m = re.exec(refs.src)) refs.add(m[2]!, lines.lineOf(m.index), "include");
}
