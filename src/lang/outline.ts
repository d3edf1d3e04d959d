// Syntax-tier outline of one file: parse with ast-grep and list every declaration in
// source order (see model.ts). Never throws for a file's content; the SgRoot does not
// outlive the call. A grammar that cannot be loaded at all is an environment failure and
// does throw (it must not look like a file without declarations).

import { parse, type SgNode } from "@ast-grep/napi";
import { Outline } from "./extract/core.ts";
import { EXTRACTORS } from "./extract/index.ts";
import { ensureGrammars } from "./grammars.ts";
import { patchGrammarGaps } from "./grammar-gaps.ts";
import { grammarOf, type CodeLanguage } from "./languages.ts";
import type { Decl, FileOutline } from "./model.ts";

const BUILT_IN = new Set<CodeLanguage>(["typescript", "tsx", "javascript"]);

/** Parse `source`; null when the parser rejects it. */
export function parseRoot(language: CodeLanguage, source: string): SgNode | null {
  if (!BUILT_IN.has(language)) ensureGrammars();
  try {
    return parse(grammarOf(language), BUILT_IN.has(language) ? patchGrammarGaps(source, language !== "typescript") : source).root();
  } catch {
    return null;
  }
}

/**
 * Declarations of an already parsed file; `failed` when the extractor hit something
 * unexpected (the decls found so far are kept); `unreadable` is the first line of a
 * statement the grammar could not read (the file is only partly understood), else null.
 */
export function declarationsOf(language: CodeLanguage, root: SgNode, source: string): { decls: Decl[]; failed: boolean; unreadable: number | null } {
  const extractor = EXTRACTORS[language];
  const outline = new Outline(source, extractor.annotations);
  try {
    extractor.extract(outline, root);
    return { decls: outline.decls, failed: false, unreadable: outline.unreadable };
  } catch {
    return { decls: outline.decls, failed: true, unreadable: outline.unreadable };
  }
}

/** Whether the tree holds ERROR nodes (a whole-tree search: ~15% of a parse, so only on request). */
export function hasSyntaxErrors(root: SgNode): boolean {
  try {
    return root.has({ rule: { kind: "ERROR" } });
  } catch {
    return true;
  }
}

export function outlineOf(language: CodeLanguage, source: string, options: { checkErrors?: boolean } = {}): FileOutline {
  const root = parseRoot(language, source);
  if (!root) return { language, decls: [], hasErrors: true };
  const { decls, failed } = declarationsOf(language, root, source);
  return { language, decls, hasErrors: failed || (options.checkErrors === true && hasSyntaxErrors(root)) };
}
