// Separating comments from code, string literals respected (a `//` inside a string is
// not a comment). Used for the comments field of the full-text index and doc comments
// of declarations.

import type { LanguageId } from "./languages.ts";

export type CommentStyle = "c" | "hash" | "none";

const HASH: ReadonlySet<LanguageId> = new Set<LanguageId>(["python", "ruby", "shell", "yaml", "toml", "terraform", "dockerfile"]);
const NONE: ReadonlySet<LanguageId> = new Set<LanguageId>(["json", "markdown", "text", "html", "xml"]);

export function commentStyleOf(language: LanguageId | null): CommentStyle {
  if (language === null || NONE.has(language)) return "none";
  return HASH.has(language) ? "hash" : "c";
}

// Where a string literal can end or escape: one global regex per quote, so scanning skips
// ordinary characters natively instead of one JS step per character.
const STRING_STOPS: Record<string, RegExp> = { '"': /["\\\n]/g, "'": /['\\\n]/g, "`": /[`\\]/g };
const STOPS = { c: /["'`/]/g, hash: /["'#]/g } as const;

function skipString(text: string, i: number, quote: string): number {
  const re = STRING_STOPS[quote] as RegExp;
  re.lastIndex = i + 1;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const j = m.index;
    const c = text[j];
    if (c === "\\") re.lastIndex = j + 2;
    else if (c === quote) return j + 1;
    else return j; // a newline: unterminated single-line string
  }
  return text.length;
}

/** The comments of `text` (markers stripped), and the code with comments replaced by spaces (newlines kept). */
export function splitComments(text: string, style: CommentStyle): { code: string; comments: string[] } {
  const comments: string[] = [];
  if (style === "none" || !(style === "hash" ? text.includes("#") : text.includes("/"))) return { code: text, comments };
  const parts: string[] = [];
  const n = text.length;
  let from = 0;
  let i = 0;
  const stops = STOPS[style];
  while (i < n) {
    stops.lastIndex = i;
    const next = stops.exec(text);
    if (!next) break;
    i = next.index;
    const c = text[i];
    if (c === '"' || c === "'" || (c === "`" && style === "c")) {
      i = skipString(text, i, c);
      continue;
    }
    let end = -1;
    let body = "";
    if (style === "hash" ? c === "#" : c === "/" && text[i + 1] === "/") {
      const nl = text.indexOf("\n", i);
      end = nl < 0 ? n : nl;
      body = text.slice(i + (style === "hash" ? 1 : 2), end);
    } else if (style === "c" && c === "/" && text[i + 1] === "*") {
      const close = text.indexOf("*/", i + 2);
      end = close < 0 ? n : close + 2;
      body = text.slice(i + 2, close < 0 ? n : close).replace(/^\s*\*+/gm, "");
    }
    if (end < 0) {
      i++;
      continue;
    }
    comments.push(body.trim());
    parts.push(text.slice(from, i), text.slice(i, end).replace(/[^\n]/g, " "));
    i = from = end;
  }
  parts.push(text.slice(from));
  return { code: parts.join(""), comments };
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

/** The comment block that ends right before `start` (JSDoc, `///`, `#` lines), markers stripped, or "". */
export function leadingComment(text: string, start: number, style: CommentStyle): string {
  if (style === "none") return "";
  let end = start;
  while (end > 0 && isSpace(text.charCodeAt(end - 1))) end--;
  if (end === 0) return "";
  if (style === "c" && text.charCodeAt(end - 1) === 47 && text.charCodeAt(end - 2) === 42) {
    const open = text.lastIndexOf("/*", end - 2);
    if (open < 0 || end - open > 8000) return "";
    return text.slice(open + 2, end - 2).replace(/^\s*\*+ ?/gm, "").trim();
  }
  const marker = style === "c" ? "//" : "#";
  const out: string[] = [];
  let lineEnd = end;
  for (let guard = 0; guard < 200 && lineEnd > 0; guard++) {
    const lineStart = text.lastIndexOf("\n", lineEnd - 1) + 1;
    const line = text.slice(lineStart, lineEnd).trim();
    if (!line.startsWith(marker)) break;
    out.unshift(line.slice(marker.length).replace(/^\/\s?/, "").trim());
    lineEnd = lineStart - 1;
    while (lineEnd > 0 && isSpace(text.charCodeAt(lineEnd - 1)) && text.charCodeAt(lineEnd - 1) !== 10) lineEnd--;
  }
  return out.join("\n");
}
