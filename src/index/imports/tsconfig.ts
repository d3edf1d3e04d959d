// tsconfig.json / jsconfig.json as the resolver needs them: `baseUrl` and `paths`, merged
// along `extends` chains (relative files and workspace packages; JSONC), found per folder
// (the nearest config above the importing file applies) and cached per folder.

import type { FileIndex } from "./file-index.ts";
import type { Packages } from "./packages.ts";
import { child, dirOf, joinPath } from "./paths.ts";

/** What a config says about module lookup; folders are root-relative. */
export interface TsLookup {
  baseUrl: string | null;
  /** `paths` entries (pattern → targets), targets relative to `pathsBase`. */
  paths: [string, string[]][] | null;
  pathsBase: string;
}

interface Loaded {
  baseUrl: string | null;
  paths: { entries: [string, string[]][]; dir: string } | null;
  references: string[];
  /** The config or one it extends says which files it holds (`files` or `include`). */
  definesInputs: boolean;
}

const NAMES = ["tsconfig.json", "jsconfig.json"];

export class TsConfigs {
  private readonly byDir = new Map<string, TsLookup | null>();
  private readonly byFile = new Map<string, Loaded | null>();

  constructor(
    private readonly ix: FileIndex,
    private readonly packages: Packages,
  ) {}

  /** The lookup rules for files in `dir`: the nearest config file above it, or null. */
  forDir(dir: string): TsLookup | null {
    const cached = this.byDir.get(dir);
    if (cached !== undefined) return cached;
    const file = this.ix.firstIn(dir, NAMES);
    let found: TsLookup | null;
    if (file) found = this.lookup(file);
    else found = dir === "" ? null : this.forDir(dirOf(dir));
    this.byDir.set(dir, found);
    return found;
  }

  /** The lookup rules a given config file defines (merged along its `extends` chain), or null. */
  forConfig(file: string): TsLookup | null {
    return this.lookup(file);
  }

  /** Whether a config (or one it extends) lists its inputs (`files`/`include`); without them it holds every file under its folder. */
  definesInputs(file: string): boolean {
    return this.load(file, 0)?.definesInputs ?? false;
  }

  private lookup(file: string): TsLookup | null {
    let cfg = this.load(file, 0);
    // a "solution" config (files: [], references: [...]) lends the settings of the first referenced config that has some
    if (cfg && !cfg.baseUrl && !cfg.paths) {
      for (const ref of cfg.references) {
        const target = this.ix.has(ref) ? ref : child(ref, "tsconfig.json");
        const sub = this.load(target, 1);
        if (sub && (sub.baseUrl || sub.paths)) {
          cfg = sub;
          break;
        }
      }
    }
    if (!cfg || (!cfg.baseUrl && !cfg.paths)) return null;
    return { baseUrl: cfg.baseUrl, paths: cfg.paths?.entries ?? null, pathsBase: cfg.baseUrl ?? cfg.paths?.dir ?? dirOf(file) };
  }

  private load(file: string, depth: number): Loaded | null {
    if (this.byFile.has(file)) return this.byFile.get(file) ?? null;
    this.byFile.set(file, null); // cycle guard
    const json = this.ix.json(file);
    if (!json || typeof json !== "object" || depth > 12) return null;
    const obj = json as Record<string, unknown>;
    const dir = dirOf(file);
    let merged: Loaded = { baseUrl: null, paths: null, references: [], definesInputs: false };
    const ext = obj.extends;
    for (const spec of typeof ext === "string" ? [ext] : Array.isArray(ext) ? ext : []) {
      if (typeof spec !== "string") continue;
      const parentFile = this.extendsFile(dir, spec);
      const parent = parentFile ? this.load(parentFile, depth + 1) : null;
      if (parent) merged = { baseUrl: parent.baseUrl ?? merged.baseUrl, paths: parent.paths ?? merged.paths, references: [], definesInputs: parent.definesInputs || merged.definesInputs };
    }
    if (obj.files !== undefined || obj.include !== undefined) merged.definesInputs = true;
    const opts = (obj.compilerOptions ?? {}) as Record<string, unknown>;
    if (typeof opts.baseUrl === "string") merged.baseUrl = joinPath(dir, opts.baseUrl);
    if (opts.paths && typeof opts.paths === "object") {
      const entries: [string, string[]][] = [];
      for (const [pattern, targets] of Object.entries(opts.paths as Record<string, unknown>)) {
        if (Array.isArray(targets)) entries.push([pattern, targets.filter((t): t is string => typeof t === "string")]);
      }
      merged.paths = { entries, dir };
    }
    if (Array.isArray(obj.references)) {
      for (const r of obj.references as { path?: unknown }[]) {
        const p = typeof r?.path === "string" ? joinPath(dir, r.path) : null;
        if (p !== null) merged.references.push(p);
      }
    }
    this.byFile.set(file, merged);
    return merged;
  }

  /**
   * A config and every config it extends, in the workspace; `complete` is false when an
   * `extends` names a file the workspace does not hold (a package from node_modules).
   */
  extendsChain(file: string): { files: string[]; complete: boolean } {
    const files: string[] = [];
    let complete = true;
    const visit = (f: string, depth: number) => {
      if (files.includes(f) || depth > 12) return;
      files.push(f);
      const obj = this.ix.json(f) as Record<string, unknown> | null;
      const ext = obj?.extends;
      for (const spec of typeof ext === "string" ? [ext] : Array.isArray(ext) ? ext : []) {
        if (typeof spec !== "string") continue;
        const parent = this.extendsFile(dirOf(f), spec);
        if (parent) visit(parent, depth + 1);
        else complete = false;
      }
    };
    visit(file, 0);
    return { files, complete };
  }

  /** The config file an `extends` names: a relative file (".json" optional) or a workspace package's file. */
  private extendsFile(dir: string, spec: string): string | null {
    const { ix } = this;
    let base: string | null;
    if (spec.startsWith(".") || spec.startsWith("/")) base = joinPath(spec.startsWith("/") ? "" : dir, spec);
    else {
      const parts = spec.split("/");
      const n = spec.startsWith("@") ? 2 : 1;
      const pkg = this.packages.get(parts.slice(0, n).join("/"));
      if (!pkg) return null;
      const sub = parts.slice(n).join("/");
      if (sub === "") {
        const field = pkg.json.tsconfig;
        base = typeof field === "string" ? joinPath(pkg.dir, field) : child(pkg.dir, "tsconfig.json");
      } else base = joinPath(pkg.dir, sub);
    }
    if (base === null) return null;
    for (const p of [base, `${base}.json`, child(base, "tsconfig.json")]) if (ix.has(p)) return p;
    return null;
  }
}

/** Substituted `paths` targets for a specifier: the exact pattern, else the longest matching `prefix*suffix`. */
export function pathTargets(paths: readonly [string, string[]][], spec: string): string[] {
  let best: { prefix: string; suffix: string; targets: string[] } | null = null;
  for (const [pattern, targets] of paths) {
    const star = pattern.indexOf("*");
    if (star < 0) {
      if (pattern === spec) return targets;
      continue;
    }
    const prefix = pattern.slice(0, star);
    const suffix = pattern.slice(star + 1);
    if (spec.length < prefix.length + suffix.length || !spec.startsWith(prefix) || !spec.endsWith(suffix)) continue;
    if (!best || prefix.length > best.prefix.length) best = { prefix, suffix, targets };
  }
  if (!best) return [];
  const match = spec.slice(best.prefix.length, spec.length - best.suffix.length);
  return best.targets.map((t) => t.replace("*", match));
}
