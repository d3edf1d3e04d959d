// The engine's view of each project: a small wrapper config under `.svc/ts/` that extends
// the project's own tsconfig/jsconfig and turns emit off (declaration emit never slows a
// check), maps the workspace's packages to their sources (so packages load together even
// without project references or an install), or — for a workspace without any config —
// lists the inventory's TS/JS files with permissive defaults (the inferred project).

import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { FileIndex } from "../index/imports/file-index.ts";
import { Packages } from "../index/imports/packages.ts";
import { dirOf } from "../index/imports/paths.ts";
import { TsConfigs } from "../index/imports/tsconfig.ts";
import { ensureStoreDir, storeEntry } from "../store/db.ts";
import { INFERRED, type Discovery, type ProjectConfig } from "./projects.ts";

// Emit layout (outDir/rootDir) is reset too: TypeScript 7 checks files against rootDir (which defaults to the config's folder, here `.svc/ts`).
// `declaration` stays as the project says (wrapper options): off, an option that needs it (`isolatedDeclarations`) is an
// options error tsc never gives (TS5069), and the declaration errors tsc and editors report (TS9007…) are never computed.
const EMIT_OFF = { noEmit: true, declarationMap: false, emitDeclarationOnly: false, composite: false, incremental: false, outDir: null, rootDir: null, declarationDir: null, tsBuildInfoFile: null };
const NO_EMIT = { ...EMIT_OFF, declaration: false };

export const INFERRED_OPTIONS = {
  allowJs: true,
  checkJs: false,
  strict: false,
  module: "esnext",
  moduleResolution: "bundler",
  target: "es2022",
  jsx: "preserve",
  skipLibCheck: true,
  ...NO_EMIT,
};

export interface WrappedProject extends ProjectConfig {
  /** Absolute path of the wrapper config the engine loads. */
  wrapper: string;
}

function wrapperName(config: string): string {
  return config === INFERRED ? "inferred.json" : `${config.replace(/[/\\]/g, "__")}.json`;
}

function writeIfChanged(file: string, json: unknown): void {
  const text = `${JSON.stringify(json, null, 2)}\n`;
  if (existsSync(file) && readFileSync(file, "utf8") === text) return;
  writeFileSync(file, text);
}

/** `paths` entries mapping each workspace package to its sources, plus the config's own entries made absolute. */
function packagePaths(root: string, discovery: Discovery, own: [string, string[]][] | null, ownBase: string): Record<string, string[]> {
  const paths: Record<string, string[]> = {};
  for (const [pattern, targets] of own ?? []) paths[pattern] = targets.map((t) => join(root, ownBase, t));
  for (const pkg of discovery.packages) {
    if (pkg.dir === "" || paths[pkg.name]) continue;
    if (pkg.entry) paths[pkg.name] = [join(root, pkg.entry)];
    paths[`${pkg.name}/*`] = [join(root, pkg.dir, "src", "*"), join(root, pkg.dir, "*")];
  }
  return paths;
}

export interface WrapInput {
  root: string;
  paths: readonly string[];
  readText(path: string): string | null;
  discovery: Discovery;
}

/** Options of a config merged along its `extends` chain in the workspace (the config's own last); a config outside it (a package's) is not read. */
function effectiveOptions(configs: TsConfigs, ix: FileIndex, config: string, names: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const file of configs.extendsChain(config).files.reverse()) {
    const options = (ix.json(file) as { compilerOptions?: Record<string, unknown> } | null)?.compilerOptions;
    if (options && typeof options === "object") for (const n of names) if (n in options) out[n] = options[n];
  }
  return out;
}

/** Write (when changed) the wrapper config of every discovered project. */
export function writeWrappers(input: WrapInput): WrappedProject[] {
  const { root, discovery } = input;
  // `.svc/` is never part of the project (git status, svc gate's changed files): it carries the store's ignore file
  ensureStoreDir(root, "ts");
  const ix = new FileIndex(input.paths, input.readText);
  const configs = new TsConfigs(ix, new Packages(ix));
  const mapPackages = discovery.packages.filter((p) => p.dir !== "").length >= 2;
  const out: WrappedProject[] = [];
  for (const project of discovery.projects) {
    const wrapper = storeEntry(root, "ts", wrapperName(project.config)); // never written through a link
    if (project.kind === "inferred") {
      writeIfChanged(wrapper, { compilerOptions: INFERRED_OPTIONS, files: discovery.sourceFiles.map((p) => join(root, p)) });
    } else {
      const compilerOptions: Record<string, unknown> = { ...EMIT_OFF };
      // `composite` (turned off: its rootDir would be `.svc/ts`) implies `declaration`: said outright when the project leaves it to composite
      const own = effectiveOptions(configs, ix, project.config, ["composite", "declaration"]);
      if (own.composite === true && own.declaration === undefined) compilerOptions.declaration = true;
      if (project.kind === "jsconfig") compilerOptions.allowJs = true;
      if (mapPackages) {
        const own = configs.forConfig(project.config);
        compilerOptions.paths = packagePaths(root, discovery, own?.paths ?? null, own?.pathsBase ?? "");
      }
      // A config without files/include holds every file under its own folder; the wrapper must say so or it would mean `.svc/ts/**`.
      const inputs = configs.definesInputs(project.config) ? {} : { include: [join(root, dirOf(project.config), "**", "*")] };
      writeIfChanged(wrapper, { extends: join(root, project.config), compilerOptions, ...inputs });
    }
    out.push({ ...project, wrapper });
  }
  return out;
}
