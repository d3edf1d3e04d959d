// The load diagnosis: how a workspace loads semantically — engine, projects found and
// loaded (and why not), packages, files outside every project, unresolved imports,
// dependencies not installed — and the tier and advice that follow. Stamped as JSON in
// index_meta `load_diagnosis` by the semantic upgrade; `doctor` renders it.

import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { DiscoveryMethod, WorkspacePackage } from "./projects.ts";

export type Tier = "semantic" | "partial" | "syntax";

export interface ProjectDiagnosis {
  config: string;
  kind: "tsconfig" | "jsconfig" | "inferred";
  via: string;
  status: "loaded" | "partial" | "failed";
  /** Workspace files in the project's program. */
  files: number;
  reasons: string[];
  /** Error diagnostics in the whole program (doctor --refresh counts them; absent otherwise). */
  errors?: number;
}

export interface LoadDiagnosis {
  engine: { version: string; state: string; pid: number | null; error: string | null; embedded: boolean };
  /** The workspace's own `typescript` version (node_modules), when installed. */
  workspaceTypeScript: string | null;
  method: DiscoveryMethod;
  projects: ProjectDiagnosis[];
  packages: { names: string[]; together: boolean };
  outside: { count: number; examples: string[]; packages: string[] };
  unresolved: { packages: number; relative: number; examples: string[] } | null;
  missingDependencies: { dir: string; noNodeModules: boolean; missing: string[] }[];
  problems: string[];
  tier: Tier;
  advice: string[];
  /** Where it came from: the semantic upgrade (stamped) or a live load (doctor --refresh). */
  source: "upgrade" | "refresh";
  at: string;
  elapsedMs: number;
}

/** The version of the workspace's own `typescript` package, looked up from the root. */
export function workspaceTypeScript(root: string): string | null {
  try {
    return String(JSON.parse(readFileSync(join(root, "node_modules", "typescript", "package.json"), "utf8")).version);
  } catch {
    return null;
  }
}

function hasModule(dir: string, root: string, name: string): boolean {
  let current = dir;
  for (;;) {
    if (existsSync(join(current, "node_modules", name))) return true;
    if (current === root) return false;
    const parent = dirname(current);
    if (parent === current) return false;
    current = parent;
  }
}

/** Declared dependencies of each package that no node_modules above it holds (workspace packages excluded). */
export function missingDependencies(root: string, packages: readonly WorkspacePackage[], readText: (path: string) => string | null): LoadDiagnosis["missingDependencies"] {
  const own = new Set(packages.map((p) => p.name));
  const out: LoadDiagnosis["missingDependencies"] = [];
  const dirs = packages.some((p) => p.dir === "") ? packages.map((p) => p.dir) : ["", ...packages.map((p) => p.dir)];
  for (const dir of dirs) {
    const text = readText(dir ? `${dir}/package.json` : "package.json");
    if (text === null) continue;
    let json: Record<string, unknown>;
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      continue;
    }
    const names = new Set<string>();
    for (const field of ["dependencies", "devDependencies", "peerDependencies"]) {
      const deps = json[field];
      if (deps && typeof deps === "object") for (const n of Object.keys(deps)) if (!own.has(n)) names.add(n);
    }
    if (names.size === 0) continue;
    const abs = join(root, dir);
    const missing = [...names].filter((n) => !hasModule(abs, root, n)).sort();
    if (missing.length) out.push({ dir, noNodeModules: !hasModule(abs, root, ""), missing });
  }
  return out;
}

/**
 * Whether a dependency the stamped diagnosis found missing is installed now (`npm install` after a partial index): the
 * store's files did not change (node_modules is not indexed), yet the tier the diagnosis gave may not hold any more.
 */
export function dependenciesArrived(root: string, loadDiagnosis: string | undefined): boolean {
  if (!loadDiagnosis) return false;
  let missing: LoadDiagnosis["missingDependencies"];
  try {
    missing = (JSON.parse(loadDiagnosis) as Partial<LoadDiagnosis>).missingDependencies ?? [];
  } catch {
    return false;
  }
  return missing.some((m) => typeof m?.dir === "string" && Array.isArray(m.missing) && m.missing.some((name) => typeof name === "string" && hasModule(join(root, m.dir), root, name)));
}

/** The tier and what to do, from the facts. */
export function conclude(d: Omit<LoadDiagnosis, "tier" | "advice" | "source" | "at" | "elapsedMs">): { tier: Tier; advice: string[] } {
  const advice: string[] = [];
  const loaded = d.projects.filter((p) => p.status !== "failed");
  if (d.engine.error) advice.push(`the TypeScript engine is unavailable (${d.engine.error}); answers use the syntax tier`);
  if (d.method === "none") advice.push("no TypeScript or JavaScript sources: the semantic tier does not apply");
  for (const p of d.projects) if (p.status !== "loaded") advice.push(`fix ${p.config}: ${p.reasons.join("; ")}`);
  const unresolvedPackages = d.unresolved?.packages ?? 0;
  // declared but unused dependencies (test tooling, build plugins) do not matter to the checker: only unresolved package imports do
  if (unresolvedPackages > 0) {
    const noModules = d.missingDependencies.some((m) => m.noNodeModules);
    advice.push(`install dependencies (npm install, bun install or pnpm install)${noModules ? ": there is no node_modules" : ""} so package types resolve`);
  }
  if (d.outside.packages.length) advice.push(`packages outside every project: ${d.outside.packages.join(", ")} — give them a tsconfig.json or add them to one`);
  else if (d.outside.count > 0 && d.method !== "inferred") advice.push(`${d.outside.count} source file${d.outside.count === 1 ? " is" : "s are"} outside every project (syntax tier for them); add them to a tsconfig include if they matter`);
  for (const p of d.projects) if ((p.errors ?? 0) > 200 && p.files > 0 && (p.errors ?? 0) > p.files * 2) advice.push(`${p.config} has ${p.errors} errors in ${p.files} files: the config may be wrong (lib, jsx, moduleResolution, paths)`);
  let tier: Tier;
  if (d.engine.error || loaded.length === 0) tier = "syntax";
  else if (loaded.length < d.projects.length || d.projects.some((p) => p.status !== "loaded") || unresolvedPackages > 0 || d.outside.packages.length > 0) tier = "partial";
  else tier = "semantic";
  return { tier, advice };
}
