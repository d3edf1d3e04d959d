// Output formats of emitted files: xml (default), markdown, json.

import { extensionOf } from "../lang/languages.ts";

export const FORMATS = ["xml", "markdown", "json"] as const;
export type Format = (typeof FORMATS)[number];

function escapeAttr(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

function fence(content: string): string {
  let longest = 2;
  for (const m of content.matchAll(/`{3,}/g)) longest = Math.max(longest, m[0].length);
  return "`".repeat(longest + 1);
}

/** One emitted file: `<file path="…">` … `</file>` or a markdown section with a fenced block. */
export function fileBlock(format: Format, path: string, content: string, attrs: Record<string, string> = {}): string {
  if (format === "json") return JSON.stringify({ path, ...attrs, content });
  if (format === "markdown") {
    const f = fence(content);
    const lang = extensionOf(path).slice(1);
    return `### ${path}\n${f}${lang}\n${content}\n${f}`;
  }
  const extra = Object.entries(attrs)
    .map(([k, v]) => ` ${k}="${escapeAttr(v)}"`)
    .join("");
  return `<file path="${escapeAttr(path)}"${extra}>\n${content}\n</file>`;
}
