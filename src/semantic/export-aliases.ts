// The names the workspace exports under another name (`export { _null as null }`, `export { a as b } from "./a"`):
// a use of one (`regexes.null`, `z.null()` through `import * as`) names no declaration the index holds, and the
// walk sends only declared names to the checker — without them, zod's `_null` and `_undefined` answered
// "checker-complete" without their `ns.null` uses.

import type { Database } from "bun:sqlite";

const EXPORT_LIST = /\bexport\s+(?:type\s+)?\{([^}]*)\}/g;
const RENAMED = /\bas\s+([\w$]+)/g;

/** Every `as` name of the export lists of the workspace's TypeScript and JavaScript files (`default` left out). */
export function exportAliases(db: Database, readText: (path: string) => string | null): Set<string> {
  // every source file (the full-text index keeps no keywords to narrow them by)
  const rows = db.query("SELECT path FROM files WHERE language IN ('typescript', 'javascript')").all() as { path: string }[];
  const out = new Set<string>();
  for (const { path } of rows) {
    const text = readText(path);
    if (!text || !text.includes(" as ")) continue;
    for (const list of text.matchAll(EXPORT_LIST)) for (const m of (list[1] as string).matchAll(RENAMED)) if (m[1] !== "default") out.add(m[1] as string);
  }
  return out;
}
