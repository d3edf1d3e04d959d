// Where the workspace uses a package, from the store's imports table: per import statement
// of the package (its bare name, not a subpath), the names it binds. A named import or
// re-export of a name uses it; a namespace, default-as-namespace, require() or import()
// binding may use anything (said as "may use").

import type { Database } from "bun:sqlite";

export interface ImportSite {
  path: string;
  line: number;
  /** The package's export names it binds (`default` for a default import); empty with `whole`. */
  names: string[];
  /** Binds the whole module (namespace or default import, require(), import()): may use any export. */
  whole: boolean;
  how: string;
  typeOnly: boolean;
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

export function packageUsage(db: Database, pkg: string): PackageUsage {
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
    sites.push({ path: r.path, line: r.line, names: names.filter((n) => n !== "*"), whole, how: howOf(r.kind, names), typeOnly: r.type_only === 1 });
  }
  return { sites, subpathFiles: [...subpath].sort() };
}

function howOf(kind: string, names: readonly string[]): string {
  if (names.includes("*")) return kind === "export" ? "re-exports all" : "namespace import";
  if (names.length === 0) return kind === "dynamic" ? "import()" : kind === "require" ? "require()" : "side-effect import";
  if (kind === "export") return "re-exports";
  return names.includes("default") ? "default import" : "imports";
}

/**
 * The sites a change to export `name` (`Options.strict` → `Options`) reaches: named
 * bindings of it, and whole-module bindings as "may use". A bare side-effect import binds
 * nothing and is left out.
 */
export function sitesOf(usage: PackageUsage, name: string): { site: ImportSite; certain: boolean }[] {
  const top = name.split(".")[0] as string;
  const out: { site: ImportSite; certain: boolean }[] = [];
  for (const site of usage.sites) {
    if (site.names.includes(top)) out.push({ site, certain: true });
    else if (site.whole && site.how !== "side-effect import") out.push({ site, certain: false });
  }
  return out;
}
