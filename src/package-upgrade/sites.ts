// Where the workspace uses a package, from the store's imports table: per import statement
// of the package (its bare name, not a subpath), the names it binds. A named import or
// re-export of a name uses it; a namespace, default-as-namespace, require() or import()
// binding may use anything (said as "may use") — unless the importing file only ever
// reads members off the binding (`Z.string()`): then it uses exactly those members.

import type { Database } from "bun:sqlite";
import { escapeRegExp, identifierUse } from "../lang/identifier.ts";
import { readInside } from "../workspace/read-inside.ts";

export interface ImportSite {
  path: string;
  line: number;
  /** The package's export names it binds (`default` for a default import); empty with `whole`. */
  names: string[];
  /** Binds the whole module (namespace or default import, require(), import()): may use any export. */
  whole: boolean;
  how: string;
  typeOnly: boolean;
  /**
   * Bindings the file only reads members off (`z.string()`): per imported name, and `*` for
   * a whole-module binding, those members. A binding not listed may be used any way.
   */
  reads?: Record<string, string[]>;
}

export interface PackageUsage {
  sites: ImportSite[];
  /** Files importing a subpath (`pkg/sub`): not compared (the diff covers the package root). */
  subpathFiles: string[];
}

interface Row {
  path: string;
  specifier: string;
  kind: string;
  names: string;
  type_only: number;
  line: number;
}

export function packageUsage(db: Database, root: string, pkg: string): PackageUsage {
  const rows = db
    .query("SELECT f.path, i.specifier, i.kind, i.names, i.type_only, i.line FROM imports i JOIN files f ON f.id = i.file_id WHERE i.specifier = ? OR substr(i.specifier, 1, ?) = ? ORDER BY f.path, i.line")
    .all(pkg, pkg.length + 1, `${pkg}/`) as Row[];
  const sites: ImportSite[] = [];
  const subpath = new Set<string>();
  for (const r of rows) {
    if (r.specifier !== pkg) {
      subpath.add(r.path);
      continue;
    }
    const names = r.names === "" ? [] : r.names.split(",");
    // a default import of a CommonJS package is its whole module.exports: "may use" anything
    const whole = names.length === 0 || names.includes("*") || names.includes("default");
    const site: ImportSite = { path: r.path, line: r.line, names: names.filter((n) => n !== "*"), whole, how: howOf(r.kind, names), typeOnly: r.type_only === 1 };
    const reads = r.kind === "export" ? undefined : readsOf(root, r.path, pkg, site.names, whole);
    if (reads) site.reads = reads;
    sites.push(site);
  }
  return { sites, subpathFiles: [...subpath].sort() };
}

const IDENT = "[\\w$]+";

/** The file's text without comments, or null when it cannot be read. */
function codeOf(root: string, path: string): string | null {
  try {
    return readInside(root, path, "utf8").replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, "");
  } catch {
    return null;
  }
}

/** The statements binding `pkg`: `import … from`, `import X = require`, `const X = require`. */
function bindersOf(pkg: string): { statement: RegExp; whole: RegExp[] } {
  const spec = `["']${escapeRegExp(pkg)}["']`;
  return {
    statement: new RegExp(`import\\s[^;]*?from\\s*${spec}|import\\s+${IDENT}\\s*=\\s*require\\(\\s*${spec}\\s*\\)|(?:const|let|var)\\s+${IDENT}\\s*=\\s*require\\(\\s*${spec}\\s*\\)`, "g"),
    whole: [
      new RegExp(`import\\s+(?:type\\s+)?\\*\\s+as\\s+(${IDENT})\\s+from\\s*${spec}`, "g"),
      new RegExp(`import\\s+(?:type\\s+)?(${IDENT})\\s*(?:,\\s*\\{[^}]*\\}\\s*)?from\\s*${spec}`, "g"),
      new RegExp(`import\\s+(${IDENT})\\s*=\\s*require\\(\\s*${spec}\\s*\\)`, "g"),
      new RegExp(`(?:const|let|var)\\s+(${IDENT})\\s*=\\s*require\\(\\s*${spec}\\s*\\)`, "g"),
    ],
  };
}

/**
 * The members `rest` reads off the binding `local` when every mention of it is
 * `local.member` (or `local?.member`); null when it escapes (passed on, indexed, spread,
 * used as a type) or is never mentioned (an alias we did not follow).
 */
function memberReads(rest: string, local: string): string[] | null {
  const members = new Set<string>();
  for (const m of rest.matchAll(new RegExp(`${identifierUse(local)}(\\s*\\??\\.\\s*(${IDENT}))?`, "g"))) {
    if (m[2] === undefined) return null;
    members.add(m[2]);
  }
  return members.size ? [...members].sort() : null;
}

/** Per binding of `pkg` in the file (`*` for its one whole-module binding), the members it only reads. */
function readsOf(root: string, path: string, pkg: string, names: readonly string[], whole: boolean): Record<string, string[]> | undefined {
  const code = codeOf(root, path);
  if (code === null) return undefined;
  const binders = bindersOf(pkg);
  const rest = code.replace(binders.statement, "");
  const out: Record<string, string[]> = {};
  for (const name of names) {
    const reads = name === "default" || name === "*" ? null : memberReads(rest, name);
    if (reads) out[name] = reads;
  }
  if (whole) {
    const locals = new Set<string>();
    for (const re of binders.whole) for (const m of code.matchAll(re)) locals.add(m[1] as string);
    const reads = locals.size === 1 ? memberReads(rest, [...locals][0] as string) : null;
    if (reads) out["*"] = reads;
  }
  return Object.keys(out).length ? out : undefined;
}

function howOf(kind: string, names: readonly string[]): string {
  if (names.includes("*")) return kind === "export" ? "re-exports all" : "namespace import";
  if (names.length === 0) return kind === "dynamic" ? "import()" : kind === "require" ? "require()" : "side-effect import";
  if (kind === "export") return "re-exports";
  return names.includes("default") ? "default import" : "imports";
}

/**
 * The sites a change to export `name` (`Options.strict` → `Options`) reaches: named
 * bindings of it, and whole-module bindings as "may use" — except bindings the file only
 * reads other members off (`z.string()` does not reach `z.number`). A bare side-effect
 * import binds nothing and is left out.
 */
export function sitesOf(usage: PackageUsage, name: string): { site: ImportSite; certain: boolean }[] {
  const [top, member] = name.split(".") as [string, string | undefined];
  const out: { site: ImportSite; certain: boolean }[] = [];
  for (const site of usage.sites) {
    if (site.names.includes(top)) {
      const reads = site.reads?.[top];
      // how this statement binds that name ("imports", not the statement's "default import" beside it)
      const how = site.how === "default import" && top !== "default" ? "imports" : site.how;
      if (!reads || member === undefined || reads.includes(member)) out.push({ site: { ...site, how }, certain: true });
    } else if (site.reads?.["*"]) {
      if (site.reads["*"].includes(top)) out.push({ site: { ...site, how: `${site.how}, uses` }, certain: true });
    } else if (site.whole && site.how !== "side-effect import") out.push({ site, certain: false });
  }
  return out;
}
