// Loading a workspace into the engine: discover its projects, write their wrapper configs,
// open them, and read back what each holds and what went wrong (config parse errors,
// `extends` not found, no inputs, options TypeScript 7 removed). Every source file is
// owned by one project (the nearest config), which is the program its edges come from.

import type { Project } from "typescript/unstable/async";
import { relative } from "node:path";
import { toPosix } from "../workspace/root.ts";
import type { SvcConfig } from "../workspace/config.ts";
import { missingDependencies, workspaceTypeScript, type LoadDiagnosis, type ProjectDiagnosis } from "./diagnosis.ts";
import { EngineError, type TsEngine } from "./engine.ts";
import { discoverProjects, isSourceFile, type Discovery } from "./projects.ts";
import { leadsOutside } from "./outside-files.ts";
import { TS_VERSION } from "./tsc-binary.ts";
import { IS_COMPILED } from "../version.ts";
import { writeWrappers, type WrappedProject } from "./wrappers.ts";
import { addTiming } from "../sys/timing.ts";

export interface LoadedProject extends WrappedProject {
  diagnosis: ProjectDiagnosis;
  /** Root-relative workspace files of its program. */
  files: string[];
  /** Absolute paths of the files of its program that lead out of the workspace root (outsideReads). */
  outside: string[];
}

export interface LoadedWorkspace {
  root: string;
  discovery: Discovery;
  projects: LoadedProject[];
  /** Root-relative source file → the wrapper config of the project that owns it. */
  owner: Map<string, string>;
  /**
   * Files outside the workspace root the programs read (absolute; through a symbolic link, a
   * `paths` mapping, a `../` import, a `typeRoots`/`types` entry), the compiler's own lib files
   * aside: their text is no workspace file's, and no answer quotes it (check/diag-outside.ts).
   */
  outsideReads?: readonly string[];
  /** Facts for the diagnosis (everything but the walk's unresolved imports). */
  facts: Omit<LoadDiagnosis, "tier" | "advice" | "unresolved" | "source" | "at" | "elapsedMs">;
}

export interface LoadInput {
  root: string;
  /** Inventory paths (root-relative). */
  paths: readonly string[];
  readText(path: string): string | null;
  config: SvcConfig;
}

function configReason(code: number, message: string, file: string | undefined, config: string, root: string): string {
  // an error in a config outside the workspace (an `extends` that climbs out): its code, not its path or text
  if (file && leadsOutside(root, file)) return `TS${code} in a config ${config} extends from outside the workspace (its path and text are not shown)`;
  const where = file ? toPosix(relative(root, file)) : config;
  if (code === 5083) {
    const missing = /'([^']+)'/.exec(message)?.[1];
    const rel = missing ? toPosix(relative(root, missing)) : message;
    return rel === config ? `config file not found: ${config}` : `extends not found: ${rel}`;
  }
  if (code === 18003) return "no input files (include/files match nothing)";
  if (code >= 1000 && code < 2000) return `config does not parse (${where}): ${message}`;
  if (code >= 5000 && code < 6000) return `config option error (TS${code}): ${message}`;
  return `TS${code}: ${message}`;
}

/** Distinct reasons, parse errors of one file folded into the first one. */
function summarize(reasons: string[]): string[] {
  const out: string[] = [];
  const folded = new Map<string, number>();
  for (const r of new Set(reasons)) {
    const key = /^config does not parse \([^)]*\)/.exec(r)?.[0];
    if (key && folded.has(key)) folded.set(key, (folded.get(key) ?? 0) + 1);
    else {
      if (key) folded.set(key, 0);
      out.push(r);
    }
  }
  return out.map((r) => {
    const key = /^config does not parse \([^)]*\)/.exec(r)?.[0];
    const more = key ? (folded.get(key) ?? 0) : 0;
    return more ? `${r} (and ${more} more parse error${more === 1 ? "" : "s"})` : r;
  });
}

async function describe(project: Project | undefined, wrapped: WrappedProject, root: string, inventory: ReadonlySet<string>): Promise<{ files: string[]; outside: string[]; diagnosis: ProjectDiagnosis }> {
  const base = { config: wrapped.config, kind: wrapped.kind, via: wrapped.via };
  if (!project) return { files: [], outside: [], diagnosis: { ...base, status: "failed", files: 0, reasons: ["the engine did not load it"] } };
  const [names, configDiags] = await Promise.all([project.program.getSourceFileNames(), project.program.getConfigFileParsingDiagnostics()]);
  const files: string[] = [];
  const outside: string[] = [];
  for (const name of names) {
    const rel = toPosix(relative(root, name));
    if (inventory.has(rel) && isSourceFile(rel)) files.push(rel); // build output and dependencies are not the workspace's files
    if (leadsOutside(root, name)) outside.push(name);
  }
  const reasons = summarize(configDiags.filter((d) => d.category === 1).map((d) => configReason(d.code, d.text, d.fileName, wrapped.config, root)));
  const status = files.length === 0 ? "failed" : reasons.length ? "partial" : "loaded";
  return { files, outside, diagnosis: { ...base, status, files: files.length, reasons } };
}

/** Discover, wrap and open the workspace's projects in the engine. Engine failures are reported in the facts, not thrown. */
export async function loadWorkspace(engine: TsEngine, input: LoadInput): Promise<LoadedWorkspace> {
  const { root } = input;
  let t = performance.now();
  const discovery = discoverProjects(input);
  const wrapped = writeWrappers({ root, paths: input.paths, readText: input.readText, discovery });
  addTiming("semantic discover+wrap", performance.now() - t);
  t = performance.now();
  const projects: LoadedProject[] = [];
  const inventory = new Set(input.paths);
  let engineError: string | null = null;
  let opened: Project[] = [];
  if (wrapped.length) {
    try {
      opened = await engine.openProjects(wrapped.map((w) => w.wrapper));
    } catch (error) {
      engineError = error instanceof EngineError ? error.message : `the TypeScript engine failed: ${(error as Error).message}`;
    }
  }
  addTiming("semantic engine start+open projects", performance.now() - t);
  t = performance.now();
  for (const w of wrapped) {
    const project = opened.find((p) => p.configFileName === w.wrapper);
    const { files, outside, diagnosis } = engineError ? { files: [], outside: [], diagnosis: { config: w.config, kind: w.kind, via: w.via, status: "failed" as const, files: 0, reasons: [engineError] } } : await describe(project, w, root, inventory);
    projects.push({ ...w, files, outside, diagnosis });
  }
  addTiming("semantic describe projects", performance.now() - t);
  // The owner of a file: the project whose config folder is the nearest above it (else the first that holds it).
  const owner = new Map<string, string>();
  const ownerDepth = new Map<string, number>();
  for (const p of projects) {
    const dir = p.kind === "inferred" ? "" : p.config.includes("/") ? p.config.slice(0, p.config.lastIndexOf("/")) : "";
    const depth = p.kind === "inferred" ? -1 : dir === "" ? 0 : dir.split("/").length;
    for (const f of p.files) {
      const rank = dir === "" || f.startsWith(`${dir}/`) ? depth : -2;
      if (!owner.has(f) || rank > (ownerDepth.get(f) ?? -3)) {
        owner.set(f, p.wrapper);
        ownerDepth.set(f, rank);
      }
    }
  }
  for (const p of projects) if (p.diagnosis.status !== "failed") p.diagnosis.files = p.files.filter((f) => owner.get(f) === p.wrapper).length;
  // without an engine nothing is known about which files the projects hold
  const outsideFiles = engineError ? [] : discovery.sourceFiles.filter((f) => !owner.has(f) && !f.endsWith(".d.ts"));
  const outsidePackages = engineError ? [] : discovery.packages
    .filter((pkg) => pkg.dir !== "" && discovery.sourceFiles.some((f) => f.startsWith(`${pkg.dir}/`)) && !discovery.sourceFiles.some((f) => f.startsWith(`${pkg.dir}/`) && owner.has(f)))
    .map((pkg) => pkg.name);
  const status = engine.status();
  const facts: LoadedWorkspace["facts"] = {
    engine: { version: TS_VERSION, state: status.state, pid: status.pid, error: engineError, embedded: IS_COMPILED },
    workspaceTypeScript: workspaceTypeScript(root),
    method: discovery.method,
    projects: projects.map((p) => p.diagnosis),
    packages: { names: discovery.packages.filter((p) => p.dir !== "").map((p) => p.name), together: discovery.packages.filter((p) => p.dir !== "").length >= 2 },
    outside: { count: outsideFiles.length, examples: outsideFiles.slice(0, 5), packages: outsidePackages },
    missingDependencies: missingDependencies(root, discovery.packages, input.readText),
    problems: discovery.problems,
  };
  return { root, discovery, projects, owner, outsideReads: [...new Set(projects.flatMap((p) => p.outside))], facts };
}
