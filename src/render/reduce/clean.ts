// The text pass over code: literals masked (protector tokens), comments removed with the
// shared comment split (lines left empty by a removed comment go too), then import lines,
// `"use strict"` and, at `aggressive`, whitespace compaction. Returns masked text: the
// caller restores the tokens once, after every pass.

import { commentStyleOf, splitComments } from "../../lang/comments.ts";
import type { CodeLanguage } from "../../lang/languages.ts";
import { compact } from "./compact.ts";
import { removeImports, removeUseStrict } from "./imports.ts";
import { maskLiterals } from "./literals.ts";
import type { Protector } from "./protect.ts";

export interface CleanOptions {
  imports: boolean;
  compact: boolean;
}

/** Comments out of masked code; a line that held only a comment disappears. */
export function stripComments(masked: string, lang: CodeLanguage): string {
  const { code, comments } = splitComments(masked, commentStyleOf(lang));
  let out = code;
  if (comments.length > 0) {
    const before = masked.split("\n");
    const after = code.split("\n");
    const kept: string[] = [];
    for (let i = 0; i < after.length; i++) {
      const line = after[i]!;
      const was = before[i] ?? "";
      if (line.trim() === "" && was.trim() !== "") continue;
      kept.push(line === was ? line : line.replace(/\{[ \t]+\}/g, "{}")); // `{/* jsx comment */}` → `{}`
    }
    out = kept.join("\n");
  }
  // PHP also has `#` line comments (`#[…]` is an attribute)
  if (lang === "php" && out.includes("#")) out = out.replace(/^[ \t]*#(?!\[)[^\n]*\n?|[ \t]+#(?!\[)[^\n]*/gm, "");
  return out;
}

export function cleanCode(text: string, lang: CodeLanguage, p: Protector, options: CleanOptions): string {
  let t = maskLiterals(text, lang, p);
  t = stripComments(t, lang);
  const js = lang === "typescript" || lang === "tsx" || lang === "javascript";
  if (js) t = removeUseStrict(t, p);
  if (options.imports) t = removeImports(t, lang, p);
  if (options.compact) t = compact(t, lang, p);
  return t;
}
