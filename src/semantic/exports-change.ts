// A package.json whose only change that can move a program is in its export maps (`exports`,
// `typesVersions`): module resolution reads them for a specifier naming the package (a
// self-reference from inside it, `import "pkg/sub"`; an import from elsewhere, which without an
// installed or linked copy in node_modules can only go through the same name) — and
// `typesVersions` also for an import of the package's folder itself (`"../.."`). So instead of
// walking every file, the incremental tier walks the owned files that name the package in a
// string outside comments (an import, `require`, `import("…")`, a `/// <reference types>`),
// in a `@jsxImportSource` pragma, or import the manifest's folder by a specifier of dots alone,
// and whatever reaches them. It walks everything as before when that cannot be told from the
// files: a copy of the package in a node_modules folder next to any manifest (another module
// could resolve through it), a project config (or one it extends) naming the package (a
// `jsxImportSource`, `types` or `paths` entry), an `extends` outside the workspace, a
// workspace of several packages (the engine's configs map package names to their entries),
// or a package without a name.

import { existsSync } from "node:fs";
import { join } from "node:path";
import { FileIndex } from "../index/imports/file-index.ts";
import { escapeRegExp } from "../lang/identifier.ts";
import { Packages } from "../index/imports/packages.ts";
import { dirOf, joinPath } from "../index/imports/paths.ts";
import { TsConfigs } from "../index/imports/tsconfig.ts";
import type { SvcConfig } from "../workspace/config.ts";
import { discoverProjects } from "./projects.ts";
import { normalize } from "./surface.ts";

export interface ExportsChangeInput {
  root: string;
  /** Inventory paths (root-relative). */
  paths: readonly string[];
  readText(path: string): string | null;
  config: SvcConfig;
  /** The package.json files whose export maps alone moved. */
  manifests: readonly string[];
  /** The owned files that could be walked (their records). */
  owned: readonly string[];
}

/** Files whose module resolution can depend on these manifests' export maps, or null when that cannot be told (walk everything). */
export function exportsReach(input: ExportsChangeInput): string[] | null {
  const ix = new FileIndex(input.paths, input.readText);
  const discovery = discoverProjects(input);
  if (discovery.packages.filter((p) => p.dir !== "").length >= 2) return null;
  const names: string[] = [];
  // an installed or linked copy next to any manifest (the root's, a nested package's) could be resolved by any module
  const folders = new Set(["", ...ix.named("package.json").filter((p) => !p.includes("node_modules/")).map(dirOf)]);
  for (const manifest of input.manifests) {
    const name = (ix.json(manifest) as { name?: unknown } | null)?.name;
    if (typeof name !== "string" || name === "") return null;
    for (const folder of folders) if (existsSync(join(input.root, folder, "node_modules", name))) return null;
    names.push(name);
  }
  const alt = names.map(escapeRegExp).join("|");
  const quoted = new RegExp(`["'\`](?:${alt})(?:/|["'\`])`);
  const pragma = new RegExp(`@jsxImportSource\\s+(?:${alt})(?![\\w.-])`);
  const folder = /["'`](\.{1,2}(?:\/\.\.)*\/?)["'`]/g;
  const manifestDirs = new Set(input.manifests.map(dirOf));
  /** Whether a specifier of dots alone in this file names a changed manifest's folder (`"../.."` from two folders down). */
  const namesFolder = (file: string, code: string) => [...code.matchAll(folder)].some((m) => {
    const target = joinPath(dirOf(file), m[1]!);
    return target !== null && manifestDirs.has(target);
  });
  const configs = new TsConfigs(ix, new Packages(ix));
  for (const project of discovery.projects) {
    if (project.kind === "inferred") continue;
    const chain = configs.extendsChain(project.config);
    if (!chain.complete) return null;
    if (chain.files.some((f) => quoted.test(input.readText(f) ?? ""))) return null;
  }
  return input.owned.filter((p) => {
    const text = input.readText(p);
    if (text === null) return true;
    // comments cannot import (a JSDoc example naming the package), but JavaScript's JSDoc types can
    const code = normalize(text, /\.(?:[cm]?js|jsx)$/.test(p));
    return quoted.test(code) || namesFolder(p, code) || pragma.test(text);
  });
}
