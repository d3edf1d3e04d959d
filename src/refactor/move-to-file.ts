// move-to-file: one top-level declaration (with the comment right above it) moved to a file
// of its own (`newName`, default `<same folder>/<Name><same extension>`), exported there. The
// new file imports what the declaration uses: the source file's imports it needs (relative
// paths re-based) and the source file's exported names; a module-private name it uses is an
// abstention naming it (it cannot be exported without changing the source file's surface).
// The source file imports the declaration back when it still uses it. Every import or
// re-export of it from the source file (found from the engine's references) is rewritten to
// the new file — the whole statement when it names only this declaration, else the
// specifier moves to a new statement beside it. Imports through a barrel stay as they are
// (the barrel is rewritten); uses through a namespace import of the old file (`ns.name`)
// keep working through a re-export the old file gets. An import cycle between the two files
// is allowed only when nothing runs at load across it. Written in the files' style (quotes,
// semicolons, specifier extensions); the verify gate (stage.ts) checks the new file and
// every edited one.

import type { SgNode } from "@ast-grep/napi";
import { existsSync } from "node:fs";
import { dirname, extname, posix, relative } from "node:path";
import type { CheckWorkspace } from "../check/workspace.ts";
import { offsetOf, references } from "../semantic/index.ts";
import { toPosix } from "../workspace/root.ts";
import { diskText } from "./stage.ts";
import { importQuote, keepLineEndings, usesSemicolons } from "./style.ts";
import { applyOffsetEdits, lineOf, listOf, parseRoot, removeFromList, type Edit, type Span } from "./syntax.ts";
import type { Target } from "./target.ts";

type Contents = { contents: Map<string, string> } | { refused: string };

const DECLARATIONS = new Set(["function_declaration", "generator_function_declaration", "class_declaration", "abstract_class_declaration", "lexical_declaration", "variable_declaration", "interface_declaration", "type_alias_declaration", "enum_declaration"]);

/** The top-level statement's declaration node (unwrapping `export`), or null. */
const declOf = (st: SgNode): SgNode | null => (DECLARATIONS.has(String(st.kind())) ? st : st.kind() === "export_statement" ? st.field("declaration") : null);

/** The names a top-level declaration binds. */
function boundNames(decl: SgNode): SgNode[] {
  if (decl.kind() === "lexical_declaration" || decl.kind() === "variable_declaration") {
    return decl.children().filter((c) => c.kind() === "variable_declarator").flatMap((d) => {
      const name = d.field("name");
      return !name ? [] : name.kind() === "identifier" ? [name] : name.findAll({ rule: { any: [{ kind: "identifier" }, { kind: "shorthand_property_identifier_pattern" }] } });
    });
  }
  const name = decl.field("name");
  return name ? [name] : [];
}

interface ImportedName {
  local: string;
  /** How the new file imports it. */
  clause: "default" | "namespace" | "named";
  spec: string;
  source: string;
  typeOnly: boolean;
}

function importsOf(root: SgNode): ImportedName[] {
  const out: ImportedName[] = [];
  for (const st of root.children().filter((c) => c.kind() === "import_statement")) {
    const source = st.field("source")?.text().slice(1, -1);
    const clause = st.children().find((c) => c.kind() === "import_clause");
    if (!source || !clause) continue;
    const typeOnly = st.children().some((c) => c.kind() === "type");
    for (const c of clause.children()) {
      if (c.kind() === "identifier") out.push({ local: c.text(), clause: "default", spec: c.text(), source, typeOnly });
      else if (c.kind() === "namespace_import") {
        const id = c.find({ rule: { kind: "identifier" } });
        if (id) out.push({ local: id.text(), clause: "namespace", spec: id.text(), source, typeOnly });
      } else if (c.kind() === "named_imports") {
        for (const s of c.children().filter((x) => x.kind() === "import_specifier")) out.push({ local: (s.field("alias") ?? s.field("name"))!.text(), clause: "named", spec: s.text(), source, typeOnly });
      }
    }
  }
  return out;
}

const isRelative = (spec: string) => spec.startsWith("./") || spec.startsWith("../");

/** A module specifier from one root-relative file to another, in the extension style given. */
function specifierTo(from: string, to: string, ext: "" | ".js" | ".ts"): string {
  const bare = to.replace(/\.[cm]?[jt]sx?$/, "");
  let rel = posix.relative(posix.dirname(from), bare);
  if (!rel.startsWith(".")) rel = `./${rel}`;
  return `${rel}${ext}`;
}

const extStyle = (spec: string): "" | ".js" | ".ts" => (/\.[cm]?js$/.test(spec) ? ".js" : /\.[cm]?ts$/.test(spec) ? ".ts" : "");

/** Whether a relative specifier written in `from` names the root-relative file `target`. */
function resolvesTo(from: string, spec: string, target: string): boolean {
  if (!isRelative(spec)) return false;
  const base = posix.normalize(posix.join(posix.dirname(from), spec));
  const stem = target.replace(/\.[cm]?[jt]sx?$/, "");
  return base === target || base === stem || base.replace(/\.[cm]?js$/, "") === stem || base === posix.dirname(target) && posix.basename(stem) === "index";
}

function statementOf(node: SgNode): SgNode | null {
  let n: SgNode | null = node;
  while (n && n.kind() !== "import_statement" && n.kind() !== "export_statement") n = n.parent();
  return n;
}

const FUNCTIONS = new Set(["arrow_function", "function_expression", "function_declaration", "generator_function_declaration", "method_definition"]);

/** Whether the declaration runs nothing at load that the uses (offsets in its old file) could reach before it is set. */
function loadSafe(decl: SgNode, root: SgNode, uses: readonly number[]): boolean {
  const kind = String(decl.kind());
  if (["function_declaration", "generator_function_declaration", "interface_declaration", "type_alias_declaration"].includes(kind)) return true;
  const value = kind === "lexical_declaration" ? decl.children().find((c) => c.kind() === "variable_declarator")?.field("value") : null;
  if (!value || (value.kind() !== "arrow_function" && value.kind() !== "function_expression")) return false;
  return uses.every((offset) => {
    for (let n = nodeAt(root, offset); n; n = n.parent()) if (FUNCTIONS.has(String(n.kind()))) return true;
    return false;
  });
}

function nodeAt(root: SgNode, offset: number): SgNode | null {
  let node: SgNode | null = root;
  for (;;) {
    const child: SgNode | undefined = node!.children().find((c) => c.range().start.index <= offset && offset < c.range().end.index);
    if (!child) return node;
    node = child;
  }
}

/** Whether the reference at `offset` is `ns.name` with `ns` a namespace import of the root-relative file `target`. */
function throughNamespace(root: SgNode, offset: number, rel: string, target: string): boolean {
  const member = nodeAt(root, offset)?.parent();
  const object = member?.kind() === "member_expression" ? member.field("object") : null;
  if (!object || object.kind() !== "identifier") return false;
  return root.findAll({ rule: { kind: "namespace_import" } }).some((ns) => {
    const source = statementOf(ns)?.field("source")?.text().slice(1, -1);
    return ns.find({ rule: { kind: "identifier" } })?.text() === object.text() && source !== undefined && resolvesTo(rel, source, target);
  });
}

const endOfImports = (root: SgNode): number => {
  const imports = root.children().filter((c) => c.kind() === "import_statement");
  return imports.length ? imports[imports.length - 1]!.range().end.index : 0;
};

export async function moveToFileContents(cw: CheckWorkspace, target: Extract<Target, { ok: true }>, destination: string | null): Promise<Contents> {
  const from = target.symbol.path;
  const text = diskText(cw, from);
  const root = parseRoot(from, text);
  if (!root) return { refused: `${from} is not a TypeScript/JavaScript source` };
  const at = offsetOf(text, target.position);
  const statements = root.children();
  const st = statements.find((s) => declOf(s) && boundNames(declOf(s)!).some((n) => n.range().start.index === at));
  if (!st) return { refused: `${target.symbol.qualifiedName} at ${from}:${target.line} is not a top-level declaration` };
  const decl = declOf(st)!;
  const name = target.symbol.name;
  const bound = boundNames(decl).map((n) => n.text());
  if (bound.length !== 1) return { refused: `the statement at ${from}:${target.line} declares ${bound.join(", ")}; move-to-file moves one declaration` };
  if (st.kind() === "export_statement" && st.children().some((c) => c.kind() === "default")) return { refused: `${name} is a default export` };
  const to = destination ?? `${dirname(from) === "." ? "" : `${toPosix(dirname(from))}/`}${name}${extname(from)}`;
  if (to === from) return { refused: `${name} is already in ${to}` };
  if (existsSync(cw.abs(to))) return { refused: `${to} already exists` };
  if (!existsSync(cw.abs(posix.dirname(to)))) return { refused: `the folder ${posix.dirname(to)} does not exist; the engine cannot resolve imports of a file there until it does (create it first)` };
  // The moved span: the statement and the comments right above it.
  let start = st.range().start.index;
  for (let prev = st.prev(); prev && prev.kind() === "comment" && !/\n[ \t\r]*\n[ \t\r]*$/.test(text.slice(prev.range().end.index, start)); prev = prev.prev()) start = prev.range().start.index;
  const end = st.range().end.index;
  const moved = text.slice(start, end);
  const span: Span = { start, end };
  const semi = usesSemicolons(cw.root, from, text) ? ";" : "";
  const q = importQuote(cw.root, from, text);
  const relImportExt = extStyle(importsOf(root).find((i) => isRelative(i.source))?.source ?? "");

  // What the declaration uses from its file: imports (re-created) and top-level names (imported back, or an abstention).
  const used = new Set(st.findAll({ rule: { any: [{ kind: "identifier" }, { kind: "type_identifier" }, { kind: "shorthand_property_identifier" }] } }).map((n) => n.text()));
  used.delete(name);
  const exported = new Set<string>();
  const topLevel = new Map<string, SgNode>();
  const types = new Set<string>();
  for (const s of statements) {
    const d = declOf(s);
    if (!d || s === st) continue;
    const typeOnly = d.kind() === "interface_declaration" || d.kind() === "type_alias_declaration";
    for (const n of boundNames(d)) {
      topLevel.set(n.text(), n);
      if (typeOnly) types.add(n.text());
      if (s.kind() === "export_statement" && !s.children().some((c) => c.kind() === "default")) exported.add(n.text());
    }
    if (s.kind() === "export_statement" && !s.field("source")) for (const spec of s.findAll({ rule: { kind: "export_specifier" } })) exported.add(spec.field("name")!.text());
  }
  const local = [...used].filter((n) => topLevel.has(n));
  const hidden = local.filter((n) => !exported.has(n));
  if (hidden.length) return { refused: `${name} uses module-private ${hidden.length === 1 ? "name" : "names"} of ${from} (${hidden.map((n) => `${n} at ${from}:${topLevel.get(n)!.range().start.line + 1}`).join(", ")}); export ${hidden.length === 1 ? "it" : "them"} or move ${hidden.length === 1 ? "it" : "them"} first` };
  const ownExports = statements.filter((s) => s.kind() === "export_statement" && !s.field("source") && s.findAll({ rule: { kind: "export_specifier" } }).some((x) => x.field("name")?.text() === name));
  if (ownExports.length) return { refused: `${from}:${ownExports[0]!.range().start.line + 1} exports ${name} through an export list; edit it by hand` };

  const header: string[] = [];
  const bySource = new Map<string, ImportedName[]>();
  for (const imp of importsOf(root).filter((i) => used.has(i.local))) bySource.set(imp.source, [...(bySource.get(imp.source) ?? []), imp]);
  const rebase = (spec: string) => (isRelative(spec) ? specifierTo(to, posix.normalize(posix.join(posix.dirname(from), spec)), extStyle(spec)).replace(/(\.[cm]?[jt]s)\1$/, "$1") : spec);
  for (const [source, list] of bySource) {
    const typeOnly = list.every((i) => i.typeOnly) ? "type " : "";
    const parts: string[] = [];
    const def = list.find((i) => i.clause === "default");
    const ns = list.find((i) => i.clause === "namespace");
    const named = list.filter((i) => i.clause === "named").map((i) => (i.typeOnly && !typeOnly && !i.spec.startsWith("type ") ? `type ${i.spec}` : i.spec));
    if (def) parts.push(def.spec);
    if (ns) parts.push(`* as ${ns.spec}`);
    if (named.length) parts.push(`{ ${named.join(", ")} }`);
    header.push(`import ${typeOnly}${parts.join(", ")} from ${q}${rebase(source)}${q}${semi}`);
  }
  if (local.length) {
    const all = local.every((n) => types.has(n));
    const names = local.map((n) => (types.has(n) && !all ? `type ${n}` : n));
    header.push(`import ${all ? "type " : ""}{ ${names.join(", ")} } from ${q}${specifierTo(to, from, relImportExt)}${q}${semi}`);
  }
  const exportedText = st.kind() === "export_statement" ? moved : `${moved.slice(0, st.range().start.index - start)}export ${moved.slice(st.range().start.index - start)}`;
  const newFile = `${header.length ? `${header.join("\n")}\n\n` : ""}${exportedText}\n`;

  // The source file: the statement out (with one line break), the name imported back when still used.
  const refs = await references(cw.engine, cw.abs(from), target.position, true);
  const edits = new Map<string, Edit[]>();
  const push = (rel: string, e: Edit) => edits.set(rel, [...(edits.get(rel) ?? []), e]);
  // (a CRLF file's line breaks are "\r\n": cut as a LF file's are, or its blank lines multiply)
  const breakAt = (i: number) => (text.startsWith("\r\n", i) ? 2 : text[i] === "\n" ? 1 : 0);
  let cut = end + breakAt(end);
  if (/\r?\n\r?\n$/.test(text.slice(0, start))) cut += breakAt(cut);
  push(from, { start, end: cut, text: "" });
  const usesInFrom = refs.map((r) => (toPosix(relative(cw.root, r.path)) === from ? offsetOf(text, r) : -1)).filter((o) => o >= 0 && !(o >= span.start && o < span.end));
  const stillUsed = usesInFrom.length > 0;
  // An import cycle is harmless when nothing runs at load across it: a function declaration
  // is hoisted; a const holding an arrow or function expression is fine when the old file
  // only calls it from inside functions. Any other initializer (or a use at load) could run
  // before the other side has set its names.
  const valueLocals = local.filter((n) => !types.has(n));
  if (stillUsed && valueLocals.length && !loadSafe(decl, root, usesInFrom)) {
    return { refused: `moving ${name} would make ${from} and ${to} import each other and something would run at load across the cycle (${name} reads ${valueLocals.join(", ")} from ${from}; ${from} uses ${name} at ${usesInFrom.map((o) => `${from}:${lineOf(text, o)}`).join(", ")}), which could run before it is set` };
  }
  if (stillUsed) {
    const after = endOfImports(root);
    push(from, { start: after, end: after, text: `${after ? "\n" : ""}import ${decl.kind() === "interface_declaration" || decl.kind() === "type_alias_declaration" ? "type " : ""}{ ${name} } from ${q}${specifierTo(from, to, relImportExt)}${q}${semi}${after ? "" : "\n"}` });
  }
  // Every import or re-export of it from the source file, pointed at the new file.
  const texts = new Map<string, string>([[from, text]]);
  const handled = new Set<string>();
  const namespaced: string[] = [];
  for (const r of refs) {
    const rel = toPosix(relative(cw.root, r.path));
    if (rel === from) continue;
    if (rel.startsWith("../") || rel.split("/").includes("node_modules")) continue;
    const t = texts.get(rel) ?? diskText(cw, rel);
    texts.set(rel, t);
    const fileRoot = parseRoot(rel, t);
    if (!fileRoot) continue;
    const off = offsetOf(t, r);
    const spec = fileRoot.findAll({ rule: { any: [{ kind: "import_specifier" }, { kind: "export_specifier" }] } }).find((s) => off >= s.range().start.index && off < s.range().end.index);
    if (!spec) {
      if (throughNamespace(fileRoot, off, rel, from)) namespaced.push(`${rel}:${r.line}`);
      continue;
    }
    const statement = statementOf(spec);
    const source = statement?.field("source");
    if (!statement || !source || !resolvesTo(rel, source.text().slice(1, -1), from)) continue;
    const key = `${rel}:${spec.range().start.index}`;
    if (handled.has(key)) continue;
    handled.add(key);
    const list = spec.parent()!;
    const siblings = list.children().filter((c) => c.kind() === spec.kind());
    const quote = source.text()[0]!;
    const newSpec = specifierTo(rel, to, extStyle(source.text().slice(1, -1)));
    const clause = statement.children().find((c) => c.kind() === "import_clause");
    const only = siblings.length === 1 && (!clause || clause.children().filter((c) => c.isNamed()).length === 1);
    if (only) push(rel, { start: source.range().start.index + 1, end: source.range().end.index - 1, text: newSpec });
    else {
      const typeOnly = statement.children().some((c) => c.kind() === "type") ? "type " : "";
      const keyword = statement.kind() === "import_statement" ? "import" : "export";
      const stSemi = statement.text().trimEnd().endsWith(";") ? ";" : "";
      const elements = listOf(list);
      push(rel, removeFromList(elements, elements.elements.findIndex((e) => e.start === spec.range().start.index)));
      push(rel, { start: statement.range().end.index, end: statement.range().end.index, text: `\n${keyword} ${typeOnly}{ ${spec.text()} } from ${quote}${newSpec}${quote}${stSemi}` });
    }
  }
  // Uses through a namespace import of the old file (`ns.name`) keep working through a re-export there.
  if (namespaced.length) {
    const after = endOfImports(root);
    push(from, { start: after, end: after, text: `${after ? "\n" : ""}export ${decl.kind() === "interface_declaration" || decl.kind() === "type_alias_declaration" ? "type " : ""}{ ${name} } from ${q}${specifierTo(from, to, relImportExt)}${q}${semi}${after ? "" : "\n"}` });
  }
  const contents = new Map<string, string>();
  for (const [rel, list] of edits) contents.set(rel, applyOffsetEdits(texts.get(rel)!, list));
  contents.set(to, keepLineEndings(text, newFile)); // a CRLF file's declaration goes to a CRLF file, not one of mixed endings
  return { contents };
}
