// The uses a symbol refactor may not have reached: files that import the declaring file and
// mention the name, which the compiler's edit left alone — a CommonJS `require`, a file no
// tsconfig/jsconfig includes, a use the language service does not see. The compiler verified
// the files it edited and their dependents; these it never saw, so the answer names them
// instead of implying the change is complete.

import type { Database } from "bun:sqlite";
import { identifierUse } from "../lang/identifier.ts";

/** The files the index records as importing `path` (syntax and checker edges). */
export function importersOf(db: Database, path: string): string[] {
  return (
    db
      .query("SELECT DISTINCT f.path FROM edges e JOIN files f ON f.id = e.from_file JOIN files t ON t.id = e.to_file WHERE t.path = ? AND e.type = 'imports' ORDER BY f.path")
      .all(path) as { path: string }[]
  ).map((r) => r.path);
}

/** Of `importers`, those that mention `name` as an identifier and are not among `edited`. */
export function unreachedUses(importers: readonly string[], name: string, edited: ReadonlySet<string>, read: (path: string) => string | null): string[] {
  const use = new RegExp(identifierUse(name));
  return importers.filter((path) => !edited.has(path) && use.test(read(path) ?? ""));
}

/** The answer's line naming them, or "". */
export function unreachedLine(unreached: readonly string[], declaring: string, name: string): string {
  if (!unreached.length) return "";
  const shown = unreached.length > 10 ? `${unreached.slice(0, 10).join(", ")}, … ${unreached.length - 10} more` : unreached.join(", ");
  const them = unreached.length === 1 ? "it" : "them";
  const one = unreached.length === 1;
  return `not verified: ${unreached.length} file${one ? "" : "s"} import${one ? "s" : ""} ${declaring} and mention${one ? "s" : ""} '${name}' but ${one ? "was" : "were"} not edited (${shown}): a use the compiler does not see (a require, a file outside the checked project, a dynamic import) or another '${name}'; check ${them} by hand`;
}
