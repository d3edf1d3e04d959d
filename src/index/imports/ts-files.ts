// TS/JS module files: the extension search of TypeScript's resolver (`./x` → x.ts, x.tsx,
// x.d.ts …, then a folder's package.json types/main and index files), the ESM convention
// `./x.js` → x.ts, and the preference for source files over build output.

import type { FileIndex } from "./file-index.ts";
import { child, extOf, joinPath } from "./paths.ts";

/** TypeScript's search order, then JavaScript, then JSON. */
export const TS_EXTS = [".ts", ".tsx", ".d.ts", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs", ".json"] as const;
/** Files someone wrote (never declarations or JSON). */
export const SOURCE_EXTS = [".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"] as const;

/** ESM output extensions → the TypeScript sources they are compiled from. */
const FROM_OUTPUT: Record<string, readonly string[]> = {
  ".js": [".ts", ".tsx", ".d.ts"],
  ".jsx": [".tsx", ".d.ts"],
  ".mjs": [".mts", ".d.mts"],
  ".cjs": [".cts", ".d.cts"],
};

/** Resolve a candidate module path (root-relative, extension optional) to an inventory file, or null. */
export function resolveFile(ix: FileIndex, path: string, exts: readonly string[] = TS_EXTS, depth = 0): string | null {
  const ext = extOf(path);
  const swaps = FROM_OUTPUT[ext];
  if (swaps) {
    const stem = path.slice(0, -ext.length);
    for (const e of swaps) {
      if (e.startsWith(".d.") && !exts.includes(".d.ts")) continue;
      if (ix.has(stem + e)) return stem + e;
    }
  }
  if (ext !== "" && ix.has(path)) return path;
  for (const e of exts) if (ix.has(path + e)) return path + e;
  if (ix.isDir(path)) return folderEntry(ix, path, exts, depth);
  return null;
}

/** A folder import: its package.json `types`/`typings`/`module`/`main`, then `index.*`. */
function folderEntry(ix: FileIndex, dir: string, exts: readonly string[], depth: number): string | null {
  const manifest = child(dir, "package.json");
  if (depth < 3 && ix.has(manifest)) {
    const json = ix.json(manifest) as Record<string, unknown> | null;
    if (json && typeof json === "object") {
      for (const field of ["types", "typings", "module", "main"]) {
        const v = json[field];
        if (typeof v !== "string") continue;
        const p = joinPath(dir, v);
        const r = preferSource(ix, dir, v) ?? (p === null ? null : resolveFile(ix, p, exts, depth + 1));
        if (r) return r;
      }
    }
  }
  for (const e of exts) {
    const p = child(dir, `index${e}`);
    if (ix.has(p)) return p;
  }
  return null;
}

const BUILT = /\.d\.[mc]?ts$|\.(?:[mc]?js|jsx|[mc]?ts|tsx)$/;
/** Folder names that hold build output, never sources. */
const OUTPUT_DIRS = new Set(["dist", "build", "lib", "out", "esm", "cjs", "es", "mjs", "umd", "types", "typings", "dts", "module", "modules", "bundle", "_esm", "_cjs", "_types", "node", "browser"]);

/**
 * `dist/x.js`, `dist/esm/x.d.ts`, `v3/index.d.cts` … → `src/x.ts`, `src/v3/index.ts` (or
 * `x.ts` at the package root) when such a source exists; a target already naming a
 * source file is taken as is. Only leading build-output folders are dropped.
 */
export function preferSource(ix: FileIndex, dir: string, target: string): string | null {
  const p = joinPath(dir, target);
  if (p === null) return null;
  if (ix.has(p) && /\.(?:[mc]?ts|tsx)$/.test(p) && !/\.d\.[mc]?ts$/.test(p)) return p;
  const rel = (dir === "" ? p : p.slice(dir.length + 1)).replace(BUILT, "");
  const segs = rel.split("/");
  if (segs[0] === "src") return resolveFile(ix, child(dir, rel), SOURCE_EXTS, 3);
  for (let k = 0; k < segs.length; k++) {
    if (k > 0 && !OUTPUT_DIRS.has(segs[k - 1]!)) break;
    const rest = segs.slice(k).join("/");
    const r = resolveFile(ix, child(dir, `src/${rest}`), SOURCE_EXTS, 3) ?? (k > 0 ? resolveFile(ix, child(dir, rest), SOURCE_EXTS, 3) : null);
    if (r) return r;
  }
  return null;
}
