// Imports of Go, Java/Kotlin/Scala, C#, C/C++, Ruby, PHP and Swift. Go, JVM and C# stop
// at the first declaration (imports must precede them); C/C++ `#include` and Ruby
// `require` are line-oriented, so a text scan finds them without touching the tree.

import type { SgNode } from "@ast-grep/napi";
import { LineCounter, lineIn, type Refs, type Stmt } from "./refs.ts";
import { splitTop } from "./extract-py-rs.ts";

const GO_HEAD = new Set(["package_clause", "comment", "import_declaration"]);

export function goImports(refs: Refs, root: SgNode): void {
  for (const node of root.children()) {
    const kind = node.kind() as string;
    if (!GO_HEAD.has(kind)) break;
    if (kind !== "import_declaration") continue;
    const s = refs.stmt(node);
    const re = /"((?:[^"\\\n]|\\.)*)"|`([^`]*)`/g;
    for (let m = re.exec(s.text); m; m = re.exec(s.text)) refs.add(m[1] ?? m[2] ?? "", lineIn(s, m.index), "import");
  }
}

/** Nodes that may precede imports in a JVM file; anything else ends the header (Scala: never). */
const JVM_HEAD = new Set(["package_declaration", "package_header", "package_clause", "import_declaration", "import_list", "import_header", "file_annotation", "shebang_line", "line_comment", "block_comment", "comment", "multiline_comment"]);

export function jvmImports(refs: Refs, root: SgNode): void {
  const scala = root.kind() === "compilation_unit";
  for (const node of root.children()) {
    const kind = node.kind() as string;
    if (kind === "import_declaration" || kind === "import_header") jvmImport(refs, refs.stmt(node));
    else if (kind === "import_list") {
      for (const header of node.children()) if (header.kind() === "import_header") jvmImport(refs, refs.stmt(header));
    } else if (!scala && !JVM_HEAD.has(kind)) break;
  }
}

/** `import [static] a.b.C[.*]`, Kotlin `… as X`, Scala `a.b.{C, D => E}`, `a.b._`, `a, b`. */
function jvmImport(refs: Refs, s: Stmt): void {
  const body = s.text.replace(/^import\s+(?:static\s+)?/, "").replace(/;[\s\S]*$/, "").replace(/\s+/g, " ").trim();
  for (const part of splitTop(body.replace(/\s*([.{},])\s*/g, "$1"))) {
    const brace = part.indexOf("{");
    if (brace >= 0) {
      const names: string[] = [];
      for (const sel of splitTop(part.slice(brace + 1, part.lastIndexOf("}")))) {
        const m = /^(\w+|`[^`]+`|\*)/.exec(sel);
        if (m?.[1]) names.push(m[1] === "_" || m[1] === "given" ? "*" : m[1]);
      }
      refs.add(part.slice(0, brace).replace(/\.$/, ""), s.line, "import", names);
      continue;
    }
    const path = part.replace(/ as \w+$/, "").replace(/ as$/, "").split(" ")[0] ?? "";
    const last = path.slice(path.lastIndexOf(".") + 1);
    refs.add(path, s.line, "import", [last === "_" ? "*" : last]);
  }
}

export function csharpImports(refs: Refs, root: SgNode): void {
  usings(refs, root, 0);
}

function usings(refs: Refs, parent: SgNode, depth: number): void {
  for (const node of parent.children()) {
    const kind = node.kind() as string;
    if (kind === "using_directive") {
      const s = refs.stmt(node);
      const m = /using\s+(?:static\s+)?(?:\w+\s*=\s*)?(?:global::)?([\w.]+)/.exec(s.text);
      if (m?.[1]) refs.add(m[1], s.line, "using");
    } else if (kind === "namespace_declaration" && depth < 4) {
      const body = node.field("body");
      if (body) usings(refs, body, depth + 1);
    }
  }
}

/** `#include "x.h"` → x.h, `#include <x.h>` → <x.h>, found line by line (conditionals included). */
export function cImports(refs: Refs): void {
  const src = refs.src;
  if (!src.includes("include")) return;
  const lines = new LineCounter(src);
  const re = /^[ \t]*#[ \t]*include[ \t]*(?:"([^"\n]+)"|(<[^>\n]+>))/gm;
  for (let m = re.exec(src); m; m = re.exec(src)) refs.add(m[1] ?? m[2] ?? "", lines.lineOf(m.index), "include");
}

/** `require "x"`, `load "x"`, `require_relative "x"` (→ "./x" unless already relative). */
export function rubyImports(refs: Refs): void {
  const src = refs.src;
  if (!src.includes("require") && !src.includes("load")) return;
  const lines = new LineCounter(src);
  const re = /^[ \t]*(require_relative|require|load)\b[ \t]*\(?[ \t]*(["'])([^"'\n]+)\2/gm;
  for (let m = re.exec(src); m; m = re.exec(src)) {
    let spec = m[3]!;
    if (m[1] === "require_relative" && !spec.startsWith(".")) spec = `./${spec}`;
    refs.add(spec, lines.lineOf(m.index), "require");
  }
}

export function phpImports(refs: Refs, root: SgNode): void {
  const includes = /\b(?:require|include)(?:_once)?\b/.test(refs.src);
  php(refs, root, includes, 0);
}

function php(refs: Refs, parent: SgNode, includes: boolean, depth: number): void {
  for (const node of parent.children()) {
    const kind = node.kind() as string;
    if (kind === "namespace_use_declaration") phpUse(refs, refs.stmt(node));
    else if (kind === "expression_statement" && includes) phpInclude(refs, refs.stmt(node));
    else if (kind === "namespace_definition" && depth < 2) {
      const body = node.field("body");
      if (body) php(refs, body, includes, depth + 1);
    }
  }
}

function phpUse(refs: Refs, s: Stmt): void {
  const m = /^use\s+(?:(?:function|const)\s+)?([\s\S]*?)\s*;?\s*$/.exec(s.text);
  if (!m?.[1]) return;
  const body = m[1].replace(/\s+/g, " ").replace(/\s*([{},\\])\s*/g, "$1");
  const brace = body.indexOf("{");
  if (brace >= 0) {
    const names = splitTop(body.slice(brace + 1, body.lastIndexOf("}"))).map((n) => n.replace(/^(?:function|const) /, "").split(" ")[0] ?? "");
    return refs.add(body.slice(0, brace).replace(/^\\|\\$/g, ""), s.line, "use", names.filter((n) => n !== ""));
  }
  for (const part of splitTop(body)) {
    const path = (part.split(" ")[0] ?? "").replace(/^\\/, "");
    refs.add(path, s.line, "use", [path.slice(path.lastIndexOf("\\") + 1)]);
  }
}

/** `require 'x.php'`, `include_once(__DIR__ . '/x.php')` → "./x.php", `dirname(__DIR__) . '/x'` → "../x". */
function phpInclude(refs: Refs, s: Stmt): void {
  const m = /^(require|include)(?:_once)?\b\s*\(?\s*(__DIR__\s*\.\s*|dirname\s*\(\s*__(?:DIR|FILE)__\s*\)\s*\.\s*)?(["'])([^"'\n]+)\3/.exec(s.text);
  if (!m?.[4]) return;
  let spec = m[4];
  if (m[2]) spec = (/dirname\s*\(\s*__DIR__/.test(m[2]) ? ".." : ".") + (spec.startsWith("/") ? spec : `/${spec}`);
  refs.add(spec, s.line, m[1] === "require" ? "require" : "include");
}

export function swiftImports(refs: Refs, root: SgNode): void {
  for (const node of root.children()) {
    if (node.kind() !== "import_declaration") continue;
    const s = refs.stmt(node);
    const m = /\bimport\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([\w.]+)/.exec(s.text);
    if (m?.[1]) refs.add(m[1], s.line, "import");
  }
}
