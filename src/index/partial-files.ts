// Files the index holds but could not read whole: the syntax tier's partly read files
// (parse_status partial) and minified code files (one-line bundles: never parsed, not
// full-text indexed, only declarations at their line heads listed). A declaration not found,
// a line not found or an empty list of declarations may be missing what they hold: answers
// that claim "none" over the index name them.

import type { Database } from "bun:sqlite";
import { isCodeLanguage, type LanguageId } from "../lang/languages.ts";

export interface UnreadFiles {
  partial: string[];
  minified: string[];
}

/** Whether an index row is a minified code file (never parsed, not full-text indexed). */
export function isMinifiedRow(row: { language: string | null; is_generated: number; parse_status: string }): boolean {
  return row.parse_status === "none" && row.is_generated === 1 && isCodeLanguage(row.language as LanguageId | null);
}

/** Up to `limit` of each kind (by path), under `relDir` when set. */
export function unreadFiles(db: Database, relDir = "", limit = 6): UnreadFiles {
  const scope = relDir ? " AND path LIKE ? ESCAPE '\\'" : "";
  const args: string[] = relDir ? [`${relDir.replace(/[\\%_]/g, (c) => `\\${c}`)}/%`] : [];
  const partial = (db.query(`SELECT path FROM files WHERE parse_status = 'partial'${scope} ORDER BY path LIMIT ?`).all(...args, limit) as { path: string }[]).map((r) => r.path);
  const rows = db.query(`SELECT path, language, is_generated, parse_status FROM files WHERE parse_status = 'none' AND is_generated = 1${scope} ORDER BY path`).all(...args) as { path: string; language: string | null; is_generated: number; parse_status: string }[];
  return { partial, minified: rows.filter(isMinifiedRow).slice(0, limit).map((r) => r.path) };
}

const files = (paths: readonly string[], limit: number, noun: string) =>
  `${paths.length > limit ? `more than ${limit}` : paths.length} ${noun}${paths.length === 1 ? "" : "s"} (${paths.length > limit ? `${paths.slice(0, limit).join(", ")}, …` : paths.join(", ")})`;

/**
 * "; not conclusive: …" for an answer claiming no declaration (`declarations`: partly read and
 * minified files) or no line of text (`text`: minified files, whose text is not indexed), or "".
 */
export function unreadCaveat(unread: UnreadFiles, what: "declarations" | "text", limit = 5): string {
  const parts: string[] = [];
  if (what === "declarations" && unread.partial.length) parts.push(`the syntax tier could only partly read ${files(unread.partial, limit, "file")}`);
  if (unread.minified.length) parts.push(`${files(unread.minified, limit, "minified file")} ${what === "text" ? "not full-text indexed" : "not parsed (only declarations at line heads listed)"}`);
  if (!parts.length) return "";
  const its = (what === "declarations" ? unread.partial.length : 0) + unread.minified.length === 1 ? "its" : "their";
  return `; not conclusive: ${parts.join("; ")}: ${what === "text" ? `${its} text was not searched` : `${its} declarations may be missing`}`;
}
