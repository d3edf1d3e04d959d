// Import lines per language, removed at `standard`/`aggressive`. Runs on masked text: every
// string literal is a protector token (`T` below), so module specifiers are one opaque
// word and no pattern can reach into a literal. Patterns are anchored at a line start and
// swallow their line end, so a removed import leaves no blank line. Re-exports stay
// (`export … from`, Rust `pub use`, Swift `@_exported import`).

import type { LanguageId } from "../../lang/languages.ts";
import type { Protector } from "./protect.ts";

const END = String.raw`[ \t]*;?[ \t]*(?:\n|$)`;

function patterns(lang: LanguageId, T: string): string[] {
  const BINDING = String.raw`(?:[\w$]+|\{[^}]*\}|\[[^\]]*\])`;
  const REQUIRE = String.raw`require\s*\(\s*${T}\s*\)(?:\.[\w$]+|\(\s*[^()\n]*\))*`;
  switch (lang) {
    case "typescript":
    case "tsx":
    case "javascript":
      return [
        String.raw`^[ \t]*import\s+(?:type\s+)?[\w$\s{},*]*?\bfrom\s*${T}(?:\s*(?:with|assert)\s*\{[^}]*\})?${END}`,
        String.raw`^[ \t]*import\s*${T}${END}`,
        String.raw`^[ \t]*import\s+(?:type\s+)?[\w$]+\s*=\s*${REQUIRE}${END}`,
        String.raw`^[ \t]*(?:const|let|var)\s+${BINDING}\s*=\s*${REQUIRE}(?:\s*,\s*${BINDING}\s*=\s*${REQUIRE})*${END}`,
        String.raw`^[ \t]*${REQUIRE}${END}`,
      ];
    case "python":
      return [String.raw`^import[ \t]+[^\n]*(?:\\\n[^\n]*)*(?:\n|$)`, String.raw`^from[ \t]+[\w.]+[ \t]+import[ \t]+(?:\([^)]*\)|[^\n]*(?:\\\n[^\n]*)*)[ \t]*(?:\n|$)`];
    case "go":
      return [String.raw`^import\s*\([^)]*\)${END}`, String.raw`^import[ \t]+(?:[\w.]+[ \t]+)?${T}${END}`];
    case "rust":
      return [String.raw`^[ \t]*use\s+[^;]*;[ \t]*(?:\n|$)`, String.raw`^[ \t]*extern\s+crate\s+[^;]*;[ \t]*(?:\n|$)`];
    case "java":
      return [String.raw`^[ \t]*import\s+(?:static\s+)?[\w.*]+\s*;[ \t]*(?:\n|$)`];
    case "kotlin":
      return [String.raw`^[ \t]*import\s+(?:[\w.*]|${T})+(?:\s+as\s+\w+)?${END}`];
    case "scala":
      return [String.raw`^[ \t]*import\s+(?:[^\n{]*\{[^}]*\}[^\n]*|[^\n]*)(?:\n|$)`];
    case "csharp":
      return [String.raw`^[ \t]*(?:global\s+)?using\s+(?:static\s+)?(?:[\w.]+\s*=\s*)?[\w.]+(?:<[^;\n]*>)?\s*;[ \t]*(?:\n|$)`];
    case "c":
    case "cpp":
      return [String.raw`^[ \t]*#[ \t]*(?:include|import)\s*(?:<[^>\n]*>|${T})[^\n]*(?:\n|$)`];
    case "ruby":
      return [String.raw`^[ \t]*(?:require|require_relative|load)\s*\(?\s*${T}\s*\)?[ \t]*(?:\n|$)`];
    case "php":
      return [
        String.raw`^use\s+[^;{\n]*(?:\{[^}]*\})?\s*;[ \t]*(?:\n|$)`,
        String.raw`^(?:require|require_once|include|include_once)\b[^;\n]*;[ \t]*(?:\n|$)`,
      ];
    case "swift":
      return [String.raw`^[ \t]*(?:@testable\s+)?import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?[\w.]+${END}`];
    default:
      return [];
  }
}

/** `masked` without the language's import statements (and, for JS/TS, `require` bindings and `"use strict"`). */
export function removeImports(masked: string, lang: LanguageId, p: Protector): string {
  const T = `${p.open}[0-9a-z]+${p.close}`;
  let out = masked;
  for (const source of patterns(lang, T)) out = out.replace(new RegExp(source, "gm"), "");
  return out;
}

/** JS/TS `"use strict";` directives (the literal is a token: its value decides). */
export function removeUseStrict(masked: string, p: Protector): string {
  const re = new RegExp(String.raw`^[ \t]*(${p.open}[0-9a-z]+${p.close})${END}`, "gm");
  return masked.replace(re, (line, token: string) => (/^["']use strict["']$/.test(p.valueOf(token) ?? "") ? "" : line));
}
