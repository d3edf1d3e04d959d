// Files importing a declaration's file through a symbolic link to it (src/alias.ts -> real.ts):
// the inventory lists no link, so their import resolved to no file and no edge joins them, and
// the engine reads the link as a file of its own — the checker's answer about the declaration
// misses their uses ("checker-complete" was said without them). Their unresolved relative
// imports that may bind the name are looked up on disk, where the link leads.

import type { Database } from "bun:sqlite";
import { realpathSync, statSync } from "node:fs";
import { join, posix, relative } from "node:path";
import { toPosix } from "../workspace/root.ts";

/** What a relative specifier may name, in the resolver's order (a `.js` specifier names its `.ts` source too). */
const SUFFIXES = ["", ".ts", ".tsx", ".d.ts", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs", "/index.ts", "/index.tsx", "/index.js", "/index.jsx"];

/** The file a relative import names on disk leads, through a link, to `file` (root-relative). */
function leadsThroughLinkTo(root: string, named: string, file: string): boolean {
  for (const candidate of new Set([named, named.replace(/\.[cm]?jsx?$/, "")].flatMap((base) => SUFFIXES.map((s) => base + s)))) {
    const abs = join(root, candidate);
    try {
      if (!statSync(abs).isFile()) continue;
      return candidate !== file && toPosix(relative(root, realpathSync(abs))) === file;
    } catch {
      // not there
    }
  }
  return false;
}

/** Imports of other files that name `target`'s file through a symbolic link and may bind `target.name` (by name, `*` or default). */
export function linkedImports(db: Database, root: string, target: { fileId: number; path: string; name: string }): { path: string; line: number }[] {
  const rows = db
    .query(
      `SELECT f.path, i.specifier, i.line, i.names FROM imports i JOIN files f ON f.id = i.file_id
        WHERE i.file_id <> ? AND (i.specifier LIKE './%' OR i.specifier LIKE '../%')
          AND NOT EXISTS (SELECT 1 FROM edges e WHERE e.from_file = i.file_id AND e.type = 'imports' AND e.evidence_line = i.line)
        ORDER BY f.path, i.line`,
    )
    .all(target.fileId) as { path: string; specifier: string; line: number; names: string }[];
  const out: { path: string; line: number }[] = [];
  for (const r of rows) {
    const names = r.names ? r.names.split(",") : [];
    if (names.length && !names.some((n) => n === target.name || n === "*" || n === "default")) continue;
    if (leadsThroughLinkTo(root, posix.join(posix.dirname(r.path), r.specifier), target.path)) out.push({ path: r.path, line: r.line });
  }
  return out;
}
