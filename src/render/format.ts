// Output formats of emitted files: xml (default), markdown, json.

import { extensionOf } from "../lang/languages.ts";

export const FORMATS = ["xml", "markdown", "json"] as const;
export type Format = (typeof FORMATS)[number];

/** An attribute value: `&`, `"`, `<` and `>` escaped, so no path or name can end the element's tag early or open another (`src/x</file>/a.ts`). */
function escapeAttr(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Text inside an `<!-- … -->` comment: a `-->` in it (a path, a name, a warning) would end the comment early and turn the rest into content; shown as `- ->`. */
export function commentSafe(text: string): string {
  return text.replace(/-->/g, "- ->");
}

function fence(content: string): string {
  let longest = 2;
  for (const m of content.matchAll(/`{3,}/g)) longest = Math.max(longest, m[0].length);
  return "`".repeat(longest + 1);
}

/**
 * What a view of a file cannot show (views drop \r and decode leniently): `eol="crlf"` when
 * the file has CRLF line endings (`"cr"` lone CRs only), `encoding="not-utf8"` when it is not valid UTF-8 (shown
 * with U+FFFD; svc_workspace apply refuses to rewrite it).
 */
export function textTraits(text: string): Record<string, string> {
  const traits: Record<string, string> = {};
  if (text.includes("\r\n")) traits.eol = "crlf";
  else if (text.includes("\r")) traits.eol = "cr"; // a lone CR (classic Mac), shown as a line break
  if (text.includes("\uFFFD")) traits.encoding = "not-utf8";
  return traits;
}

/** One emitted file: `<file path="…">` … `</file>` or a markdown section with a fenced block. */
export function fileBlock(format: Format, path: string, content: string, attrs: Record<string, string> = {}): string {
  if (format === "json") return JSON.stringify({ path, ...attrs, content });
  if (format === "markdown") {
    const f = fence(content);
    const lang = extensionOf(path).slice(1);
    const notes = [attrs.eol === "crlf" ? "CRLF line endings" : attrs.eol === "cr" ? "CR line endings" : "", attrs.encoding === "not-utf8" ? "not valid UTF-8" : ""].filter(Boolean);
    return `### ${path}${notes.length ? ` (${notes.join(", ")})` : ""}\n${f}${lang}\n${content}\n${f}`;
  }
  const extra = Object.entries(attrs)
    .map(([k, v]) => ` ${k}="${escapeAttr(v)}"`)
    .join("");
  return `<file path="${escapeAttr(path)}"${extra}>\n${content}\n</file>`;
}
