// The names the workspace exports under another name (`export { _null as null }`, `export { a as b } from "./a"`):
// a use of one (`regexes.null`, `z.null()` through `import * as`) names no declaration the index holds, and the
// walk sends only declared names to the checker — without them, zod's `_null` and `_undefined` answered
// "checker-complete" without their `ns.null` uses.

import type { Database } from "bun:sqlite";

const EXPORT_LIST = /\bexport\s+(?:type\s+)?\{([^}]*)\}/g;
const RENAMED = /\bas\s+([\w$]+)/g;

/** Per store, each file's `as` names by the content hash they were read at: an incremental walk re-reads only changed files. */
const cache = new Map<string, Map<string, { hash: string; names: string[] }>>();

/** Every `as` name of the export lists of the workspace's TypeScript and JavaScript files (`default` left out). */
export function exportAliases(db: Database, readText: (path: string) => string | null): Set<string> {
  // every source file (the full-text index keeps no keywords to narrow them by); a file read at the hash the index holds is not read again
  const rows = db.query("SELECT path, hash FROM files WHERE language IN ('typescript', 'javascript')").all() as { path: string; hash: string }[];
  const before = cache.get(db.filename) ?? new Map<string, { hash: string; names: string[] }>();
  const now = new Map<string, { hash: string; names: string[] }>();
  const out = new Set<string>();
  for (const { path, hash } of rows) {
    let entry = before.get(path);
    if (entry?.hash !== hash) entry = { hash, names: aliasesIn(readText(path)) };
    now.set(path, entry);
    for (const name of entry.names) out.add(name);
  }
  if (db.filename) cache.set(db.filename, now);
  return out;
}

function aliasesIn(text: string | null): string[] {
  if (!text || !text.includes(" as ")) return [];
  const names: string[] = [];
  for (const list of text.matchAll(EXPORT_LIST)) for (const m of (list[1] as string).matchAll(RENAMED)) if (m[1] !== "default") names.push(m[1] as string);
  return names;
}
