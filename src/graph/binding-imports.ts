// Statements of files the checker did not resolve (outside every project, or with an import
// that did not resolve) that bind a declaration without naming it: `import Other from "./x"`
// for x's default export, `import * as ns from "./x"` then `ns.default`, a bare `require` or
// `import()` of it, `export { default as Y } from "./x"`, and a barrel's alias of it
// (`export { helper as assist }`, then `import { assist }`). A use through such a binding is
// one the checker's answer misses, and the file does not mention the declaration's name, so
// the mention test of reach-gaps.ts and unresolved-gaps.ts passed it by (a default export's
// answer said checker-complete while a JavaScript tool outside every tsconfig called it).

import type { Database } from "bun:sqlite";
import { splitComments } from "../lang/comments.ts";
import { exportStatements } from "../lang/export-statements.ts";
import { wordRe } from "./word-re.ts";

/** The declaration whose bindings are looked for: its name, declaring file and signature. */
export interface BoundTarget {
  name: string;
  fileId: number;
  signature: string;
  container: string | null;
}

interface Row {
  path: string;
  toFile: number;
  kind: string;
  names: string;
  line: number;
}

/**
 * The names a module exports one of `locals` as, from its export statements (`export { a as b }`, `export default a`,
 * `export { a as b } from`, `export * from`): the names a file importing it must take. Empty: no statement says.
 */
function exportedAs(text: string, locals: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  for (const st of exportStatements(splitComments(text, "c").code)) {
    if (st.kind === "local" || st.kind === "from") for (const [local, as] of st.pairs) if (locals.has(local)) out.add(as);
    if (st.kind === "default" && locals.has(st.local)) out.add("default");
    // `export * from` forwards every name but the default; `export * as ns` one namespace
    if (st.kind === "star") for (const local of locals) if (local !== "default") out.add(st.as ?? local);
  }
  return out;
}

/** Whether an import or export statement takes every name a file exports: `*` (`import * as ns`, `export * from`), a bare require or import(). */
export const everyName = (r: { kind: string; names: string }): boolean => {
  const names = r.names ? r.names.split(",") : [];
  return names.includes("*") || ((r.kind === "require" || r.kind === "dynamic") && !names.length);
};

/** Whether a top-level declaration's own statement exports it as the default (`export default function f`, an anonymous default). */
export const declaredDefault = (t: { name: string; signature: string }): boolean => t.name === "default" || /^export\s+default\b/.test(t.signature);

/**
 * The names its declaring module exports a top-level declaration as, from the module's text: "default" for `export default
 * function f` (never `f`), its own name when its statement exports it, and the names the module's export statements give it
 * (`export default f`, `export { f as g }`, `export { f as default }`).
 */
export function ownExportNames(text: string | null, decl: { name: string; signature: string }): Set<string> {
  const byDefault = declaredDefault(decl);
  const out = text === null ? new Set<string>() : exportedAs(text, new Set([decl.name, ...(byDefault ? ["default"] : [])]));
  if (byDefault) out.add("default");
  else if (/^export\s/.test(decl.signature)) out.add(decl.name);
  return out;
}

/**
 * The files among `among` with a statement taking a name `exporters` (the declaring file and the barrels re-exporting it)
 * export the target as, where that name is not the target's own (a file mentioning the name is a gap already): path → the
 * first such statement's line. A member's uses name the member, so none for a member.
 */
export function bindingImports(db: Database, target: BoundTarget, exporters: ReadonlySet<number>, among: (path: string) => boolean, readText: (path: string) => string | null): Map<string, number> {
  const out = new Map<string, number>();
  if (target.container !== null || !exporters.size) return out;
  const ids = [...exporters];
  // every statement of the importer with the specifier of the one the syntax edge records (one edge per pair of files)
  const rows = (
    db
      .query(
        `SELECT DISTINCT f.path, e.to_file AS toFile, i.kind, i.names, i.line FROM edges e JOIN imports first ON first.file_id = e.from_file AND first.line = e.evidence_line
          JOIN imports i ON i.file_id = e.from_file AND i.specifier = first.specifier JOIN files f ON f.id = e.from_file
          WHERE e.to_file IN (${ids.map(() => "?").join(",")}) AND e.type = 'imports' AND e.provenance = 'syntax' AND e.from_file <> e.to_file ORDER BY f.path, i.line`,
      )
      .all(...ids) as Row[]
  ).filter((r) => among(r.path));
  if (!rows.length) return out;
  const byDefault = declaredDefault(target);
  const locals = new Set([target.name, ...(byDefault ? ["default"] : [])]);
  const names = new Map<number, Set<string>>();
  const namesOf = (file: number): Set<string> => {
    let set = names.get(file);
    if (!set) {
      const path = (db.query("SELECT path FROM files WHERE id = ?").get(file) as { path: string } | null)?.path;
      const text = path === undefined ? null : readText(path);
      set = file === target.fileId ? ownExportNames(text, target) : text === null ? new Set() : exportedAs(text, locals);
      names.set(file, set);
    }
    return set;
  };
  for (const r of rows) {
    if (out.has(r.path)) continue;
    const as = namesOf(r.toFile);
    const taken = r.names ? r.names.split(",") : [];
    const every = everyName(r);
    const aliases = [...as].filter((a) => a !== target.name);
    let binds: boolean;
    if (!as.size) binds = byDefault; // the barrel's statement is not read (`import x from …; export { x as y }`): a default export may be under any name
    else if (taken.some((n) => aliases.includes(n))) binds = true;
    else if (!every) binds = false;
    else if (r.kind === "export") binds = aliases.some((a) => a !== "default"); // `export * from` forwards an alias, never the default
    else {
      // `import * as ns`, a bare require or import(): `ns.default`, `ns.alias`
      const text = readText(r.path);
      binds = text === null || aliases.some((a) => a === "default" || wordRe(a).test(text));
    }
    if (binds) out.set(r.path, r.line);
  }
  return out;
}
