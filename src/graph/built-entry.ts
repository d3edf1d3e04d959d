// A package manifest's entry point that names build output (`./distribution/index.js`,
// `./dist/types/index.d.ts`), mapped back to the source it is built from through the
// package's tsconfigs: a path under `outDir` or `declarationDir` corresponds to the same
// path under `rootDir` (else under the config's `include` folders, else the config's own
// folder), with the source extension. Works on an unbuilt checkout (no `distribution/`).

import { FileIndex } from "../index/imports/file-index.ts";
import { dirOf } from "../index/imports/paths.ts";

export interface BuiltEntry {
  /** Root-relative source file. */
  path: string;
  /** How it was mapped: `./distribution/index.js → source/index.ts (outDir of tsconfig.dist.json)`. */
  via: string;
}

interface OutputMap {
  config: string;
  out: string;
  option: "outDir" | "declarationDir";
  sourceRoots: string[];
}

const BUILT_EXT = /\.(d\.[mc]?ts|[mc]?js|jsx|d\.ts\.map|js\.map)$/;
const SOURCE_EXTS = [".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"];

function norm(path: string): string | null {
  const out: string[] = [];
  for (const seg of path.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") {
      if (!out.length) return null;
      out.pop();
    } else out.push(seg);
  }
  return out.join("/");
}

const join = (dir: string, rel: string) => norm(dir ? `${dir}/${rel}` : rel);

/** compilerOptions and include of a config, following relative `extends` (a package's shared config in node_modules is not read). */
function options(ix: FileIndex, config: string, depth = 0): { outDir?: string; declarationDir?: string; rootDir?: string; include?: string[] } {
  const json = ix.json(config) as { extends?: unknown; compilerOptions?: Record<string, unknown>; include?: unknown } | null;
  if (!json || typeof json !== "object") return {};
  const dir = dirOf(config);
  let base: ReturnType<typeof options> = {};
  for (const ext of Array.isArray(json.extends) ? json.extends : [json.extends]) {
    if (typeof ext !== "string" || !ext.startsWith(".") || depth > 5) continue;
    const target = join(dir, ext.endsWith(".json") ? ext : `${ext}.json`);
    if (target !== null) base = { ...base, ...options(ix, target, depth + 1) };
  }
  const own: ReturnType<typeof options> = {};
  const co = json.compilerOptions ?? {};
  for (const key of ["outDir", "declarationDir", "rootDir"] as const) {
    const v = co[key];
    if (typeof v === "string") {
      const p = join(dir, v.replace(/^\$\{configDir\}\/?/, ""));
      if (p !== null) own[key] = p;
    }
  }
  if (Array.isArray(json.include)) own.include = json.include.filter((i): i is string => typeof i === "string").map((i) => join(dir, i) ?? "").filter((i) => i !== null);
  return { ...base, ...own };
}

/** The output folders of the tsconfigs in a package's folder, with where their sources live. */
function outputMaps(ix: FileIndex, pkgDir: string): OutputMap[] {
  const maps: OutputMap[] = [];
  for (const file of ix.filesIn(pkgDir)) {
    const name = file.slice(file.lastIndexOf("/") + 1);
    if (!/^tsconfig(\.[\w-]+)?\.json$/.test(name) && name !== "jsconfig.json") continue;
    const o = options(ix, file);
    const includeRoots = (o.include ?? []).map((i) => i.split("/").filter((seg) => !/[*?{]/.test(seg) && !/\.\w+$/.test(seg)).join("/"));
    const sourceRoots = o.rootDir !== undefined ? [o.rootDir] : [...new Set([...includeRoots, dirOf(file)])];
    for (const option of ["declarationDir", "outDir"] as const) {
      const out = o[option];
      if (out !== undefined) maps.push({ config: file, out, option, sourceRoots });
    }
  }
  return maps;
}

/** The source file a manifest target under a tsconfig's outDir/declarationDir is built from, or null. */
export function sourceOfBuiltEntry(ix: FileIndex, pkgDir: string, target: string): BuiltEntry | null {
  const built = join(pkgDir, target);
  if (built === null) return null;
  for (const map of outputMaps(ix, pkgDir)) {
    if (!built.startsWith(map.out === "" ? "" : `${map.out}/`)) continue;
    const stem = built.slice(map.out === "" ? 0 : map.out.length + 1).replace(BUILT_EXT, "");
    for (const root of map.sourceRoots) {
      for (const ext of SOURCE_EXTS) {
        const candidate = join(root, `${stem}${ext}`);
        if (candidate !== null && ix.has(candidate) && !/\.d\.[mc]?ts$/.test(candidate)) {
          return { path: candidate, via: `${target} → ${candidate} (${map.option} of ${map.config})` };
        }
      }
    }
  }
  return null;
}

/** Every manifest target of a package: `exports` (all conditions, non-wildcard subpaths), `main`, `module`, `types`, `typings`. */
export function manifestTargets(json: Record<string, unknown>): string[] {
  const out = new Set<string>();
  const walk = (v: unknown) => {
    if (typeof v === "string") {
      if (v.startsWith("./") && !v.includes("*")) out.add(v);
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object") for (const x of Object.values(v)) walk(x);
  };
  walk(json.exports);
  for (const field of ["types", "typings", "module", "main"]) if (typeof json[field] === "string") out.add((json[field] as string).startsWith(".") ? (json[field] as string) : `./${json[field] as string}`);
  return [...out];
}

