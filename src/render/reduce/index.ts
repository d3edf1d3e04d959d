// Reduction levels (fusion.md "Reduction levels"): `reduceFile` turns one file's text into
// its reduced form for the level, by the file's language. Code goes through an optional
// structural pass on the syntax tree (skeleton/publicApi, semantic markers, generated-body
// collapse, keepWhole) and then a text pass (comments, imports, compaction) with every
// literal masked; text formats get their own reducers. Never throws; deterministic.

import { outlineOf, declarationsOf, parseRoot } from "../../lang/outline.ts";
import { isCodeLanguage, languageOf, type CodeLanguage } from "../../lang/languages.ts";
import { normalizeWhitespace } from "../whitespace.ts";
import { isMinified } from "../../workspace/classify.ts";
import { lineDeclarations } from "../../lang/line-declarations.ts";
import { cleanCode } from "./clean.ts";
import { generatedMode, objectMigrationBodies, snapshotSummary, collapsedDecls, type GeneratedMode } from "./collapse.ts";
import { Edits } from "./edits.ts";
import { genericSkeleton } from "./generic.ts";
import { scanLiterals } from "./lexer.ts";
import { codeView, shortenLiteral } from "./literals.ts";
import { Protector } from "./protect.ts";
import { collapseEdits, replaceBody, declTree, markerEdits, omittedMarker, wantedNames, type Ctx } from "./structure.ts";
import { reduceTextFormat } from "./text-formats.ts";
import { typescriptSkeleton } from "./typescript.ts";

export type Level = "none" | "standard" | "aggressive" | "skeleton" | "publicApi";

export const LEVELS: readonly Level[] = ["none", "standard", "aggressive", "skeleton", "publicApi"];

export interface ReduceOptions {
  /** Root-relative path: decides the language/format. */
  path: string;
  level: Level;
  /** Prepend one structural comment per type declaration. */
  semanticMarkers?: boolean;
  /** Collapse bodies of generated code; `generated` says the inventory flagged the file as generated. */
  collapseGenerated?: boolean;
  generated?: boolean;
  /** Qualified names of declarations kept whole (body included) at skeleton/publicApi. */
  keepWhole?: readonly string[];
}

/** Files larger than this (UTF-16 units) skip the syntax tree: skeleton falls back to `standard`. */
const MAX_PARSE = 8 * 1024 * 1024;

function isJs(lang: CodeLanguage): boolean {
  return lang === "typescript" || lang === "tsx" || lang === "javascript";
}

/** The structural pass: edited source (tokens inside), or null when the file cannot be parsed. */
function structure(src: string, lang: CodeLanguage, o: ReduceOptions, level: Level, p: Protector, mode: GeneratedMode | null): string | null {
  const root = parseRoot(lang, src);
  if (!root) return null;
  const { decls, unreadable } = declarationsOf(lang, root, src);
  const literals = scanLiterals(src, lang);
  const keepWhole = level === "skeleton" || level === "publicApi" ? (o.keepWhole ?? []) : [];
  const ctx: Ctx = {
    text: src,
    code: codeView(src, lang, literals),
    lang,
    skeleton: level === "skeleton" || level === "publicApi",
    publicApi: level === "publicApi",
    decls,
    children: declTree(decls),
    literalAt: new Map(literals.map((l) => [l.start, l])),
    p,
    edits: new Edits(src),
    keepWhole: new Set(keepWhole),
    wanted: wantedNames(keepWhole),
    markers: o.semanticMarkers === true,
    collapse: collapsedDecls(decls, mode),
    omitted: [],
  };
  collapseEdits(ctx);
  if (mode === "migration" && isJs(lang)) {
    for (const [start, end] of objectMigrationBodies(root, src)) replaceBody(ctx, start, end, true);
  }
  if (!ctx.skeleton) markerEdits(ctx);
  else if (isJs(lang)) typescriptSkeleton(ctx, root);
  else genericSkeleton(ctx);
  if (ctx.skeleton) {
    omittedMarker(ctx);
    // a file the grammar could not fully read says so; its unread statements are kept as they are
    if (unreadable !== null) ctx.edits.insert(0, `${p.token(`// svc: partial — the syntax tier could not fully read this file (from line ${unreadable}): declarations may be missing or cut here; read it at level none`)}\n`);
  }
  return ctx.edits.apply();
}

function reduceCode(src: string, lang: CodeLanguage, o: ReduceOptions): string {
  let level = o.level;
  const skeleton = level === "skeleton" || level === "publicApi";
  // a minified bundle has no outline worth its parse: one line says what it is
  if (skeleton && isMinified(src)) {
    const names = [...new Set(lineDeclarations(src).map((d) => d.name))];
    const declares = names.length ? `; declares ${names.join(", ")}` : "";
    return `// svc: minified file (${src.length} characters on ${src.split("\n").length} line${src.includes("\n") ? "s" : ""}): not outlined${declares}; read it at level none`;
  }
  const mode = o.collapseGenerated ? generatedMode(o.path, src, o.generated === true) : null;
  const p = new Protector(src);
  let text = src;
  if (skeleton || o.semanticMarkers || mode !== null) {
    const edited = src.length <= MAX_PARSE ? structure(src, lang, o, level, p, mode) : null;
    if (edited !== null) text = edited;
    else if (skeleton) level = "standard";
  }
  if (level === "none") return normalizeWhitespace(p.restore(text));
  const aggressive = level === "aggressive";
  let cleaned = cleanCode(text, lang, p, { imports: level === "standard" || aggressive, compact: aggressive });
  // skeletons: no blank line right after `{` or right before `}`
  if (level === "skeleton" || level === "publicApi") cleaned = cleaned.replace(/\{[ \t]*\n(?:[ \t]*\n)+/g, "{\n").replace(/\n(?:[ \t]*\n)+([ \t]*\})/g, "\n$1");
  return normalizeWhitespace(p.restore(cleaned, aggressive && isJs(lang) ? shortenLiteral : undefined));
}

function reduce(src: string, o: ReduceOptions): string {
  const lang = languageOf(o.path);
  if (o.collapseGenerated) {
    const summary = snapshotSummary(o.path, src);
    if (summary !== null) return summary;
  }
  if (isCodeLanguage(lang)) return reduceCode(src, lang, o);
  if (o.level === "none") return normalizeWhitespace(src);
  return normalizeWhitespace(reduceTextFormat(src, lang, o.path) ?? src);
}

/** The reduced text of one file at `options.level`. Never throws; byte-identical output for identical input. */
export function reduceFile(text: string, options: ReduceOptions): string {
  let src = typeof text === "string" ? text : String(text ?? "");
  if (src.charCodeAt(0) === 0xfeff) src = src.slice(1);
  if (src.includes("\r")) src = src.replace(/\r\n?/g, "\n");
  try {
    return reduce(src, options);
  } catch {
    try {
      return reduce(src, { path: options.path, level: options.level === "none" ? "none" : "standard" });
    } catch {
      return normalizeWhitespace(src);
    }
  }
}

function containsWord(text: string, word: string): boolean {
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
    const before = text[at - 1] ?? "";
    const after = text[at + word.length] ?? "";
    if (!/[\w$]/.test(before) && !/[\w$]/.test(after)) return true;
  }
  return false;
}

/**
 * Declarations a skeleton keeps, for tests and for the caller's checks: the exported
 * declaration names (outline, top level and members) present in the reduced output, and
 * those missing from it.
 */
export function exportedNamesKept(text: string, options: ReduceOptions): { kept: string[]; missing: string[] } {
  const lang = languageOf(options.path);
  if (!isCodeLanguage(lang)) return { kept: [], missing: [] };
  const output = reduceFile(text, options);
  const names = [...new Set(outlineOf(lang, text.replace(/^\ufeff/, "").replace(/\r\n?/g, "\n")).decls.filter((d) => d.exported).map((d) => d.name))];
  const kept: string[] = [];
  const missing: string[] = [];
  for (const name of names) (containsWord(output, name) ? kept : missing).push(name);
  return { kept, missing };
}
