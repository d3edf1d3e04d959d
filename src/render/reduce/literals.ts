// Literal masking on top of the lexer: literals become protector tokens (for the regex
// passes, restored at the end) or same-length filler (a "code view" whose offsets match
// the source, for scanning declarations with comments and literals out of the way).
// Also the aggressive-level shortening of long string literals and data URIs.

import { commentStyleOf, splitComments } from "../../lang/comments.ts";
import type { LanguageId } from "../../lang/languages.ts";
import { scanLiterals, type Literal } from "./lexer.ts";
import type { Protector } from "./protect.ts";

/** Every literal of `text` replaced by a protector token. */
export function maskLiterals(text: string, lang: LanguageId, p: Protector, spans: Literal[] = scanLiterals(text, lang)): string {
  if (spans.length === 0) return text;
  const parts: string[] = [];
  let at = 0;
  for (const span of spans) {
    if (span.start < at) continue;
    parts.push(text.slice(at, span.start), p.token(text.slice(span.start, span.end), "literal"));
    at = span.end;
  }
  parts.push(text.slice(at));
  return parts.join("");
}

/**
 * Same offsets as `text`, with literal contents filled with `_` (delimiters and newlines
 * kept) and comments blanked to spaces: safe to search for `=`, `{`, keywords.
 */
export function codeView(text: string, lang: LanguageId, spans: Literal[] = scanLiterals(text, lang)): string {
  const parts: string[] = [];
  let at = 0;
  for (const span of spans) {
    if (span.start < at) continue;
    const body = text.slice(span.start, span.end);
    const filled = span.kind === "stray" ? "_".repeat(body.length) : body.length < 2 ? body : body[0] + body.slice(1, -1).replace(/[^\n]/g, "_") + body[body.length - 1];
    parts.push(text.slice(at, span.start), filled.replace(/['"`]/g, (q, i: number) => (i === 0 || i === filled.length - 1 ? "\u0001" : "_")));
    at = span.end;
  }
  parts.push(text.slice(at));
  const code = splitComments(parts.join(""), commentStyleOf(lang)).code;
  return code.replace(/\u0001/g, '"');
}

const KEEP = 80;
const LONG = 200;
const DATA_URI = /(data:[\w.+-]+\/[\w.+-]+(?:;[\w-]+=[\w.-]+)*;base64,)[A-Za-z0-9+/=]{16,}/g;

/** Aggressive level: a string literal over 200 characters keeps its first 80 + `…`; base64 data-URI payloads become `…`. */
export function shortenLiteral(value: string): string {
  let v = value.includes("data:") ? value.replace(DATA_URI, "$1…") : value;
  const q = v[0];
  if (v.length > LONG && (q === '"' || q === "'" || q === "`") && v[v.length - 1] === q) {
    let cut = KEEP + 1;
    const code = v.charCodeAt(cut - 1);
    if (code >= 0xd800 && code <= 0xdbff) cut--;
    v = `${v.slice(0, cut)}…${q}`;
  }
  return v;
}
