// Files a loaded project holds whose imports did not all resolve (an untyped or uninstalled
// package, a relative path to no file): the checker reads what such an import binds as `any`,
// so a use the compiler would resolve once the module resolves is no reference in the walk.
// They matter to one declaration's answer only where they could refer to it — they mention its
// name (a reference is its name, `import { x as y }` and `ns.x` too), or bind it under another
// name (`import Any from …` of a default export, a barrel's alias: binding-imports.ts) — so an untyped import in a
// corner of the workspace no longer makes every answer partial (the index mode does: svc doctor),
// only the answers whose symbol such a file could reach.

import type { Database } from "bun:sqlite";

export interface UnresolvedFile {
  path: string;
  /** The first specifier that did not resolve (a package name, or `relative` when only relative ones did not). */
  specifier: string;
}

/** The walked files with an import that did not resolve, by path (the table's order changed with every record rewritten), read by the partial index checker_walks_unresolved (store/schema.ts), whose condition this repeats. */
export const UNRESOLVED_FILES_SQL = `SELECT path, tally FROM checker_walks WHERE unresolved = 1 OR tally <> '{"relative":0,"packages":[]}' ORDER BY path`;

/** Every walked file with an import that did not resolve; null when a file's record predates the tally (the walk is older: answer as the index mode does). */
export function unresolvedFiles(db: Database): UnresolvedFile[] | null {
  let rows: { path: string; tally: string }[];
  try {
    rows = db.query(UNRESOLVED_FILES_SQL).all() as { path: string; tally: string }[];
  } catch {
    return null;
  }
  const out: UnresolvedFile[] = [];
  for (const r of rows) {
    let tally: { relative?: unknown; packages?: unknown };
    try {
      tally = JSON.parse(r.tally) as typeof tally;
    } catch {
      return null;
    }
    const packages = Array.isArray(tally.packages) ? tally.packages.map(String) : [];
    if (packages.length) out.push({ path: r.path, specifier: packages[0]! });
    else if (Number(tally.relative) > 0) out.push({ path: r.path, specifier: "relative" });
  }
  return out;
}

/**
 * The files of `files` (unresolvedFiles) that could refer to the declaration: they mention `re` (its name as a word) or bind it
 * under another name (`binders`: path → line, binding-imports.ts).
 */
export function unresolvedGaps(files: readonly UnresolvedFile[], re: RegExp, binders: ReadonlyMap<string, number>, readText: (path: string) => string | null): (UnresolvedFile & { line: number | null })[] {
  const out: (UnresolvedFile & { line: number | null })[] = [];
  for (const f of files) {
    const text = readText(f.path);
    const m = text === null ? null : re.exec(text);
    if (m) out.push({ ...f, line: text!.slice(0, m.index).split("\n").length });
    else if (text === null || binders.has(f.path)) out.push({ ...f, line: binders.get(f.path) ?? null });
  }
  return out;
}
