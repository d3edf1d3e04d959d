// Files the syntax tier could only partly read (parse_status partial): a declaration not
// found, or a count of declarations, may be missing what they declare. Answers that claim
// "none" over the index name them.

import type { Database } from "bun:sqlite";

/** Up to `limit` partly read files (by path), under `relDir` when set. */
export function partialFiles(db: Database, relDir = "", limit = 6): string[] {
  const scope = relDir ? " AND path LIKE ? ESCAPE '\\'" : "";
  const args: (string | number)[] = relDir ? [`${relDir.replace(/[\\%_]/g, (c) => `\\${c}`)}/%`] : [];
  return (db.query(`SELECT path FROM files WHERE parse_status = 'partial'${scope} ORDER BY path LIMIT ?`).all(...args, limit) as { path: string }[]).map((r) => r.path);
}

/** "; 2 files … could only be partly read (a.ts, b.ts): …" for an answer claiming no declaration, or "". */
export function partialCaveat(files: readonly string[], limit = 5): string {
  if (files.length === 0) return "";
  const shown = files.length > limit ? `${files.slice(0, limit).join(", ")}, …` : files.join(", ");
  const n = files.length > limit ? `more than ${limit} files` : `${files.length} file${files.length === 1 ? "" : "s"}`;
  return `; not conclusive: the syntax tier could only partly read ${n} (${shown}), whose declarations may be missing`;
}
