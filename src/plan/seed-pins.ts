// What a context or focus seed names inside its file — the line of a `path:line`, the
// declaration of a symbol — with the declaration around it and its enclosing headers: the
// packer keeps these through any cut of the file (render/pinned-excerpt.ts).

import type { Database } from "bun:sqlite";
import type { SeedPin } from "./model.ts";
import type { ResolvedSeed } from "./seeds.ts";

interface DeclRow {
  qualified_name: string;
  start_line: number;
  end_line: number;
}

/** The declarations of `fileId` holding `line`, outermost first. */
function holding(db: Database, fileId: number, line: number): DeclRow[] {
  return db
    .query("SELECT qualified_name, start_line, end_line FROM symbols WHERE file_id = ? AND start_line <= ? AND end_line >= ? ORDER BY start_line, end_line DESC")
    .all(fileId, line, line) as DeclRow[];
}

/** `line` in the file, the declaration `decl` holding it (default: the innermost) and the headers of the declarations around that. */
function pinAt(db: Database, fileId: number, line: number, label: (decl: DeclRow | undefined) => string, named?: DeclRow): SeedPin {
  const around = holding(db, fileId, line);
  const decl = named ?? around[around.length - 1];
  const headers = around.filter((d) => decl && d.start_line < decl.start_line).map((d) => d.start_line);
  return {
    label: label(decl),
    line,
    decl: decl ? { name: decl.qualified_name, line: decl.start_line, endLine: decl.end_line } : null,
    headers: [...new Set(headers)],
  };
}

/** The pin of a resolved seed in one of its files (null for a seed naming a whole file, a file name or a folder). */
export function seedPin(db: Database, seed: ResolvedSeed, name: string, fileId: number): SeedPin | null {
  if (seed.how === "declaration" && seed.line !== undefined) {
    const line = seed.line;
    return pinAt(db, fileId, line, (d) => `line ${line}${d ? ` (${d.qualified_name})` : ""}`);
  }
  if (seed.how !== "symbol" && seed.how !== "member") return null;
  // the declaration named: top-level (or the qualified member) first, the first in the file
  const column = seed.how === "member" ? "qualified_name" : "name";
  const row = db
    .query(`SELECT qualified_name, start_line, end_line FROM symbols WHERE file_id = ? AND ${column} = ? ORDER BY (container IS NULL OR container = '') DESC, start_line LIMIT 1`)
    .get(fileId, name.trim()) as DeclRow | null;
  if (!row) return null;
  return pinAt(db, fileId, row.start_line, () => `${row.qualified_name} (line ${row.start_line})`, row);
}
