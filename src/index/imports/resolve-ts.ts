// TS/JS specifiers to workspace files: relative paths, tsconfig `paths` then `baseUrl`
// (nearest config above the importing file), then `#imports` or workspace packages by name.
// Anything else (node_modules packages, node: builtins, URLs) is external: null.

import type { FileIndex } from "./file-index.ts";
import type { Packages } from "./packages.ts";
import { dirOf, joinPath } from "./paths.ts";
import { pathTargets, type TsConfigs } from "./tsconfig.ts";
import { resolveFile } from "./ts-files.ts";

export function resolveTs(ix: FileIndex, configs: TsConfigs, packages: Packages, fromPath: string, specifier: string): string | null {
  const q = specifier.search(/[?#]/);
  const spec = q > 0 && specifier[0] !== "#" ? specifier.slice(0, q) : specifier; // Vite-style `./x.svg?raw`
  if (spec === "" || /^[a-z][\w+.-]*:/i.test(spec)) return null; // node:fs, https://…, data:
  if (spec[0] === "." || spec[0] === "/") {
    const p = joinPath(spec[0] === "/" ? "" : dirOf(fromPath), spec);
    return p === null ? null : resolveFile(ix, p);
  }
  const cfg = configs.forDir(dirOf(fromPath));
  if (cfg) {
    if (cfg.paths) {
      for (const target of pathTargets(cfg.paths, spec)) {
        const p = joinPath(cfg.pathsBase, target);
        const r = p === null ? null : resolveFile(ix, p);
        if (r) return r;
      }
    }
    if (cfg.baseUrl !== null) {
      const p = joinPath(cfg.baseUrl, spec);
      const r = p === null ? null : resolveFile(ix, p);
      if (r) return r;
    }
  }
  return spec[0] === "#" ? packages.resolveHash(fromPath, spec) : packages.resolveBare(spec);
}
