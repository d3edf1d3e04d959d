// Per-language lexical rules of the literal scanner (lexer.ts): which comment and string
// syntaxes a language has, and the stateless end-finders for its special literals (C#
// verbatim strings, JS/Ruby regexes, Rust/C++ raw strings, Ruby percent literals).

import type { LanguageId } from "../../lang/languages.ts";

export interface Spec {
  slash: boolean;
  hash: boolean;
  nested: boolean;
  apostrophe: "string" | "char" | "lifetime" | "separator" | "none";
  backtick: "template" | "raw" | "name" | "none";
  triple: boolean;
  /** Quoted strings may span lines. */
  multiline: boolean;
  regex: boolean;
  interp: string | null;
  lang: LanguageId;
}

export function specOf(lang: LanguageId): Spec {
  const base: Spec = { slash: true, hash: false, nested: false, apostrophe: "char", backtick: "none", triple: false, multiline: false, regex: false, interp: null, lang };
  switch (lang) {
    case "typescript":
    case "tsx":
    case "javascript":
      return { ...base, apostrophe: "string", backtick: "template", regex: true, interp: "${" };
    case "python":
      return { ...base, slash: false, hash: true, apostrophe: "string", triple: true };
    case "ruby":
      return { ...base, slash: false, hash: true, apostrophe: "string", multiline: true, regex: true, interp: "#{" };
    case "php":
      return { ...base, hash: true, apostrophe: "string", multiline: true };
    case "go":
      return { ...base, backtick: "raw" };
    case "rust":
      return { ...base, nested: true, apostrophe: "lifetime", multiline: true };
    case "scala":
      return { ...base, nested: true, apostrophe: "lifetime", backtick: "name", triple: true, interp: "${" };
    case "kotlin":
      return { ...base, nested: true, backtick: "name", triple: true, interp: "${" };
    case "swift":
      return { ...base, nested: true, apostrophe: "none", triple: true, interp: "\\(" };
    case "java":
    case "csharp":
      return { ...base, triple: true };
    case "c":
    case "cpp":
      return { ...base, apostrophe: "separator" };
    case "css":
      return { ...base, apostrophe: "string" };
    default:
      return { ...base, slash: false, apostrophe: "none" };
  }
}

export const REGEX_KEYWORDS = new Set(["return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case", "do", "else", "yield", "await", "if", "unless", "when", "and", "or", "not", "elsif", "while", "until"]);
export const REGEX_AFTER = "(,=:[!&|?{};+-*%~^>";

export function isWord(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 36 || c > 127;
}

/** C# `@"…"` from its body start `j`: `""` is an escaped quote, newlines allowed. */
export function verbatimEnd(s: string, j: number): number {
  const n = s.length;
  while (j < n) {
    if (s[j] === '"') {
      if (s[j + 1] === '"') j += 2;
      else return j + 1;
    } else j++;
  }
  return n;
}

/** End of a regex literal at `i` (flags included), or -1 when the line ends first (it was a division). */
export function regexEnd(s: string, i: number): number {
  const n = s.length;
  let inClass = false;
  for (let j = i + 1; j < n; j++) {
    const c = s[j];
    if (c === "\\") j++;
    else if (c === "\n") return -1;
    else if (c === "[") inClass = true;
    else if (c === "]") inClass = false;
    else if (c === "/" && !inClass) {
      j++;
      while (j < n && isWord(s.charCodeAt(j))) j++;
      return j;
    }
  }
  return -1;
}

/** Rust `r#"…"#` / `br"…"`, C++ `R"delim(…)delim"`: the end of the raw string right after `word` (at `j`), or `j`. */
export function rawStringEnd(s: string, lang: LanguageId, word: string, j: number): number {
  if (lang === "rust" && /^[bc]?r$/.test(word) && (s[j] === '"' || s[j] === "#")) {
    const m = /^(#*)"/.exec(s.slice(j, j + 64));
    if (!m) return j;
    const close = s.indexOf(`"${m[1]}`, j + m[0].length);
    return close < 0 ? s.length : close + 1 + (m[1] ?? "").length;
  }
  if (lang === "cpp" && /^(?:u8|[uUL])?R$/.test(word) && s[j] === '"') {
    const m = /^"([^()\\\s]{0,16})\(/.exec(s.slice(j, j + 20));
    if (!m) return j;
    const close = s.indexOf(`)${m[1]}"`, j + m[0].length);
    return close < 0 ? s.length : close + 2 + (m[1] ?? "").length;
  }
  return j;
}

/** Ruby `%w[…]`, `%q(…)`, `%r{…}`, `%(…)` at `i` (a bare `%(` only where an expression may start), or -1. */
export function percentEnd(s: string, i: number, expressionStart: boolean): number {
  let j = i + 1;
  if (/[qQwWiIrsx]/.test(s[j] ?? "")) j++;
  else if (!expressionStart) return -1;
  const open = s[j] ?? "";
  const pairs: Record<string, string> = { "(": ")", "[": "]", "{": "}", "<": ">" };
  const close = pairs[open] ?? (/[|!/^]/.test(open) ? open : "");
  if (!close) return -1;
  let depth = 0;
  for (j++; j < s.length; j++) {
    const c = s[j];
    if (c === "\\") j++;
    else if (c === open && close !== open) depth++;
    else if (c === close) {
      if (depth === 0) return j + 1;
      depth--;
    }
  }
  return s.length;
}
