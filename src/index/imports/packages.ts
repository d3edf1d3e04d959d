// Workspace packages: every package.json with a name is importable by that name. A bare
// specifier resolves to the package's entry (`exports` subpaths and conditions, else
// types/module/main, else src/index) with source files preferred over build output.
// Also `#internal` specifiers through the nearest package.json `imports` map.

import type { FileIndex } from "./file-index.ts";
import { child, dirOf, joinPath } from "./paths.ts";
import { preferSource, resolveFile, SOURCE_EXTS } from "./ts-files.ts";

interface Pkg {
  name: string;
  dir: string;
  json: Record<string, unknown>;
}

/** Conditions in the order we try them; others follow in their own order. */
const CONDITIONS = ["source", "types", "typings", "import", "module", "default", "require", "node", "browser"];

export class Packages {
  private byName: Map<string, Pkg> | null = null;
  private readonly nearestCache = new Map<string, Pkg | null>();

  constructor(private readonly ix: FileIndex) {}

  /** The package named `name` (longest-established: shallowest path wins on duplicates). */
  get(name: string): Pkg | null {
    if (!this.byName) {
      const map = new Map<string, Pkg>();
      const manifests = [...this.ix.named("package.json")].filter((p) => !p.includes("node_modules/"));
      manifests.sort((a, b) => a.split("/").length - b.split("/").length || (a < b ? -1 : 1));
      for (const p of manifests) {
        const pkg = this.load(p);
        if (pkg && pkg.name !== "" && !map.has(pkg.name)) map.set(pkg.name, pkg);
      }
      this.byName = map;
    }
    return this.byName.get(name) ?? null;
  }

  /** The package.json that owns a folder. */
  nearest(dir: string): Pkg | null {
    let found = this.nearestCache.get(dir);
    if (found !== undefined) return found;
    const p = child(dir, "package.json");
    found = this.ix.has(p) ? this.load(p) : dir === "" ? null : this.nearest(dirOf(dir));
    this.nearestCache.set(dir, found);
    return found;
  }

  private load(path: string): Pkg | null {
    const json = this.ix.json(path);
    if (!json || typeof json !== "object" || Array.isArray(json)) return null;
    const obj = json as Record<string, unknown>;
    return { name: typeof obj.name === "string" ? obj.name : "", dir: dirOf(path), json: obj };
  }

  /** `@scope/pkg[/sub/path]` or `pkg[/sub]` to a workspace file. */
  resolveBare(spec: string): string | null {
    const parts = spec.split("/");
    const n = spec.startsWith("@") ? 2 : 1;
    if (parts.length < n) return null;
    const pkg = this.get(parts.slice(0, n).join("/"));
    if (!pkg) return null;
    return this.entry(pkg, parts.slice(n).join("/"));
  }

  /** `#internal/x` through the `imports` map of the package that owns `fromPath`. */
  resolveHash(fromPath: string, spec: string): string | null {
    const pkg = this.nearest(dirOf(fromPath));
    if (!pkg) return null;
    for (const t of mapTargets(pkg.json.imports, spec)) {
      const r = t.startsWith(".") ? this.target(pkg.dir, t) : this.resolveBare(t);
      if (r) return r;
    }
    return null;
  }

  /** The file a package subpath ("" = the package itself) refers to. */
  entry(pkg: Pkg, sub: string): string | null {
    const { ix } = this;
    if (pkg.json.exports !== undefined && pkg.json.exports !== null) {
      for (const t of mapTargets(pkg.json.exports, sub === "" ? "." : `./${sub}`)) {
        const r = this.target(pkg.dir, t);
        if (r) return r;
      }
    }
    if (sub !== "") return this.target(pkg.dir, sub); // src/<sub> first, then <sub> itself
    for (const field of ["types", "typings", "module", "main"]) {
      const v = pkg.json[field];
      if (typeof v === "string") {
        const r = this.target(pkg.dir, v);
        if (r) return r;
      }
    }
    for (const stem of ["src/index", "index"]) {
      const r = resolveFile(ix, child(pkg.dir, stem), SOURCE_EXTS);
      if (r) return r;
    }
    return null;
  }

  /** A manifest target (`./dist/x.js`), preferring the source file it was built from. */
  target(dir: string, target: string): string | null {
    return preferSource(this.ix, dir, target) ?? resolvePlain(this.ix, dir, target);
  }
}

function resolvePlain(ix: FileIndex, dir: string, target: string): string | null {
  const p = joinPath(dir, target);
  return p === null ? null : resolveFile(ix, p);
}

/** Targets of an `exports`/`imports` map for `key` (".", "./sub", "#x"), patterns substituted, in preference order. */
export function mapTargets(map: unknown, key: string): string[] {
  if (map === undefined || map === null) return [];
  if (typeof map === "string" || Array.isArray(map)) return key === "." ? leaves(map) : [];
  if (typeof map !== "object") return [];
  const obj = map as Record<string, unknown>;
  const keys = Object.keys(obj);
  if (!keys.some((k) => k.startsWith(".") || k.startsWith("#"))) return key === "." ? leaves(obj) : [];
  if (key in obj) return leaves(obj[key]);
  let best: { prefix: string; suffix: string; value: unknown; star: boolean } | null = null;
  for (const k of keys) {
    const star = k.indexOf("*");
    if (star < 0 && !k.endsWith("/")) continue; // exact keys were tried above; "./dir/" is a legacy folder mapping
    const prefix = star < 0 ? k : k.slice(0, star);
    const suffix = star < 0 ? "" : k.slice(star + 1);
    if (!key.startsWith(prefix) || !key.endsWith(suffix) || key.length < prefix.length + suffix.length) continue;
    if (!best || prefix.length > best.prefix.length) best = { prefix, suffix, value: obj[k], star: star >= 0 };
  }
  if (!best) return [];
  const { prefix, suffix, value, star } = best;
  const match = key.slice(prefix.length, key.length - suffix.length);
  return leaves(value).map((t) => (star ? t.replaceAll("*", match) : t + match));
}

/** Every string target of a conditions tree, preferred conditions first. */
function leaves(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(leaves);
  if (!value || typeof value !== "object") return [];
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj);
  // custom source conditions (`@acme/source`, `development`-style `source`) point at sources: first
  const custom = keys.filter((k) => !CONDITIONS.includes(k));
  const ordered = [...custom.filter((k) => /source/i.test(k)), ...CONDITIONS.filter((c) => c in obj), ...custom.filter((k) => !/source/i.test(k))];
  return ordered.flatMap((k) => leaves(obj[k]));
}
