// Which TypeScript projects make up a workspace, decided from the inventory alone (no
// engine): the svc.json `tsconfig` pin; else the root tsconfig.json/jsconfig.json (a
// solution-style config loads every referenced project); else the configs of the
// workspace packages (npm/yarn/bun `workspaces`, pnpm-workspace.yaml) or, without such a
// declaration, every tsconfig.json/jsconfig.json outside examples, fixtures and test
// data; else an inferred project over the inventory's TS/JS files.

import { existsSync, statSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import { FileIndex } from "../index/imports/file-index.ts";
import { Packages } from "../index/imports/packages.ts";
import { baseOf, child, dirOf, joinPath } from "../index/imports/paths.ts";
import type { SvcConfig } from "../workspace/config.ts";

export type DiscoveryMethod = "pin" | "root" | "solution" | "packages" | "configs" | "inferred" | "none";

export interface ProjectConfig {
  /** Root-relative config path; for the inferred project `<inferred>`. */
  config: string;
  kind: "tsconfig" | "jsconfig" | "inferred";
  /** How it was found ("svc.json pin", "root config", "referenced by tsconfig.json", "workspace package @acme/api"…). */
  via: string;
}

export interface WorkspacePackage {
  name: string;
  /** Root-relative folder ("" = the root). */
  dir: string;
  /** Root-relative source entry file, when one resolves. */
  entry: string | null;
}

export interface Discovery {
  method: DiscoveryMethod;
  projects: ProjectConfig[];
  /** Named packages of the workspace (monorepo members and the root package). */
  packages: WorkspacePackage[];
  /** Packages declared by `workspaces`/pnpm-workspace.yaml (true) or none declared (false). */
  declaredWorkspaces: boolean;
  /** Problems with the inputs (a pin that does not exist, an unreadable svc.json). */
  problems: string[];
  /** Inventory TS/JS source files (root-relative), for the inferred project and coverage. */
  sourceFiles: string[];
  /** Inventory files that decide how imports resolve (tsconfig `paths`, package manifests): an import resolver needs them with the sources. */
  configFiles: string[];
}

export const INFERRED = "<inferred>";
const CONFIG_NAMES = ["tsconfig.json", "jsconfig.json"];
const SOURCE_RE = /\.(?:[cm]?ts|tsx|[cm]?js|jsx)$/;
const SKIPPED_DIR_RE = /^(?:examples?|fixtures?|__fixtures__|test-?data|testdata|node_modules|samples?)$/i;

export function isSourceFile(path: string): boolean {
  return SOURCE_RE.test(path) && !path.includes("node_modules/");
}

/** A file that decides what the projects hold or how imports resolve (tsconfig/jsconfig files, package manifests, svc.json). */
export function isProjectConfig(path: string): boolean {
  const name = path.slice(path.lastIndexOf("/") + 1);
  return /^(?:[tj]sconfig.*\.json|package\.json|svc\.json|pnpm-workspace\.yaml)$/.test(name) && !path.includes("node_modules/");
}

function skipped(path: string): boolean {
  return path.split("/").slice(0, -1).some((segment) => SKIPPED_DIR_RE.test(segment));
}

function kindOf(config: string): ProjectConfig["kind"] {
  return baseOf(config).startsWith("jsconfig") ? "jsconfig" : "tsconfig";
}

/** Glob (`packages/*`, `apps/**`) → regex over root-relative folders. */
function globRegex(glob: string): RegExp {
  const clean = glob.replace(/^\.\//, "").replace(/\/+$/, "");
  let re = "";
  for (let i = 0; i < clean.length; i++) {
    const c = clean[i]!;
    if (c === "*" && clean[i + 1] === "*") {
      re += ".*";
      i++;
    } else if (c === "*") re += "[^/]*";
    else re += /[.+?^${}()|[\]\\]/.test(c) ? `\\${c}` : c;
  }
  return new RegExp(`^${re}$`);
}

/** The `workspaces` globs of the root package.json and pnpm-workspace.yaml (null when neither declares any). */
function workspaceGlobs(ix: FileIndex): string[] | null {
  const globs: string[] = [];
  let declared = false;
  const pkg = ix.json("package.json") as Record<string, unknown> | null;
  const ws = pkg?.workspaces;
  const list = Array.isArray(ws) ? ws : ws && typeof ws === "object" ? (ws as { packages?: unknown }).packages : undefined;
  if (Array.isArray(list)) {
    declared = true;
    for (const g of list) if (typeof g === "string") globs.push(g);
  }
  const yaml = ix.text("pnpm-workspace.yaml");
  if (yaml !== null) {
    declared = true;
    let inPackages = false;
    for (const line of yaml.split(/\r?\n/)) {
      if (/^packages\s*:/.test(line)) inPackages = true;
      else if (/^\S/.test(line)) inPackages = false;
      else if (inPackages) {
        const m = /^\s*-\s*["']?([^"'#]+?)["']?\s*(?:#.*)?$/.exec(line);
        if (m?.[1]) globs.push(m[1]);
      }
    }
  }
  return declared ? globs : null;
}

function packageDirs(ix: FileIndex, globs: string[]): string[] {
  const include = globs.filter((g) => !g.startsWith("!")).map(globRegex);
  const exclude = globs.filter((g) => g.startsWith("!")).map((g) => globRegex(g.slice(1)));
  const dirs: string[] = [];
  for (const manifest of ix.named("package.json")) {
    const dir = dirOf(manifest);
    if (dir === "" || manifest.includes("node_modules/")) continue;
    if (include.some((r) => r.test(dir)) && !exclude.some((r) => r.test(dir))) dirs.push(dir);
  }
  return dirs.sort();
}

/** A config's `references`, as config file paths (root-relative), plus whether it is solution-style (no files of its own). */
function references(ix: FileIndex, config: string): { refs: string[]; solution: boolean } {
  const json = ix.json(config) as Record<string, unknown> | null;
  if (!json || typeof json !== "object") return { refs: [], solution: false };
  const refs: string[] = [];
  for (const r of Array.isArray(json.references) ? (json.references as { path?: unknown }[]) : []) {
    if (typeof r?.path !== "string") continue;
    const target = joinPath(dirOf(config), r.path);
    if (target === null) continue;
    refs.push(ix.has(target) && !ix.isDir(target) ? target : child(target, "tsconfig.json"));
  }
  const emptyFiles = Array.isArray(json.files) && json.files.length === 0;
  const emptyInclude = Array.isArray(json.include) && json.include.length === 0;
  return { refs, solution: refs.length > 0 && ((emptyFiles && json.include === undefined) || emptyInclude) };
}

function withReferences(ix: FileIndex, start: string, via: string, out: ProjectConfig[], problems: string[], seen = new Set<string>()): void {
  if (seen.has(start)) return;
  seen.add(start);
  if (!ix.has(start)) {
    problems.push(`${via} names ${start}, which does not exist`);
    return;
  }
  const { refs, solution } = references(ix, start);
  if (!solution) out.push({ config: start, kind: kindOf(start), via });
  for (const ref of refs) withReferences(ix, ref, `referenced by ${start}`, out, problems, seen);
}

export interface DiscoverInput {
  root: string;
  /** Inventory paths (root-relative). */
  paths: readonly string[];
  readText(path: string): string | null;
  config: SvcConfig;
}

export function discoverProjects(input: DiscoverInput): Discovery {
  const ix = new FileIndex(input.paths, input.readText);
  const pkgs = new Packages(ix);
  const problems: string[] = [];
  if (input.config.error) problems.push(input.config.error);
  const sourceFiles = input.paths.filter(isSourceFile);
  const globs = workspaceGlobs(ix);
  const memberDirs = globs ? packageDirs(ix, globs) : [];
  const packages: WorkspacePackage[] = [];
  for (const dir of ["", ...memberDirs]) {
    const pkg = pkgs.nearest(dir);
    if (!pkg || pkg.dir !== dir || !pkg.name) continue;
    packages.push({ name: pkg.name, dir, entry: pkgs.entry(pkg, "") });
  }
  const base = { packages, declaredWorkspaces: globs !== null, sourceFiles, configFiles: input.paths.filter(isProjectConfig) };
  const projects: ProjectConfig[] = [];

  for (const pin of input.config.tsconfig) {
    const rel = pin.replace(/^\.\//, "");
    const abs = join(input.root, rel);
    const config = existsSync(abs) && statSync(abs).isDirectory() ? child(rel, "tsconfig.json") : rel;
    if (!ix.has(config) && (config.split("/").includes("..") || isAbsolute(rel))) {
      problems.push(`svc.json pin names ${pin}, which is outside the root`);
      continue;
    }
    if (!ix.has(config) && existsSync(join(input.root, config))) {
      problems.push(`svc.json pin names ${config}, which is not a workspace file (outside the root through a symlink, or left out by svc's ignore rules)`);
      continue;
    }
    withReferences(ix, config, `svc.json pin`, projects, problems);
  }
  if (projects.length) return { method: "pin", projects, problems, ...base };
  if (input.config.tsconfig.length) problems.push("no pinned tsconfig could be used; discovering projects instead");

  const rootConfig = ix.firstIn("", CONFIG_NAMES);
  if (rootConfig) {
    withReferences(ix, rootConfig, "root config", projects, problems);
    const solution = projects.every((p) => p.config !== rootConfig);
    if (projects.length) return { method: solution ? "solution" : "root", projects, problems, ...base };
  }

  const candidates = globs
    ? memberDirs.map((dir) => ix.firstIn(dir, CONFIG_NAMES)).filter((c): c is string => c !== null)
    : CONFIG_NAMES.flatMap((name) => [...ix.named(name)]).filter((c) => !skipped(c) && dirOf(c) !== "");
  const seen = new Set<string>();
  for (const config of [...new Set(candidates)].sort()) {
    const pkg = pkgs.nearest(dirOf(config));
    withReferences(ix, config, pkg?.name ? `workspace package ${pkg.name}` : `found at ${config}`, projects, problems, seen);
  }
  if (projects.length) return { method: globs ? "packages" : "configs", projects, problems, ...base };

  if (sourceFiles.some((p) => !skipped(p))) {
    return { method: "inferred", projects: [{ config: INFERRED, kind: "inferred", via: "no tsconfig.json or jsconfig.json: inferred from the inventory" }], problems, ...base };
  }
  return { method: "none", projects: [], problems, ...base };
}
