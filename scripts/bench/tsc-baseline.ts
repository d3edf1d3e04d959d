// The TypeScript 7 baseline the speed benches compare svc with, in the same run: a scratch
// clone of a real repository set up so `tsc --noEmit` really type-checks it (`@types/node`
// linked in from svc's own install — without it a `types` entry stops tsc at TS2688 before
// checking; a config of its own where the repository's `extends` a package that is not
// installed), svc.json pinning the same config so both see the same program, and a cold
// `tsc --noEmit` run (no .tsbuildinfo, as in CI) that refuses to count a run that did not check.

import { appendFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const base = join(import.meta.dir, "..", "..");
export const TSC = join(base, "node_modules", ".bin", "tsc");
export const BUN = process.execPath;
export const MAIN = join(base, "src", "main.ts");

export interface TscProject {
  /** The config tsc checks (and svc.json pins). */
  config: string;
  /** A config written into the clone (when the repository's own cannot be used as is). */
  write?: Record<string, unknown>;
}

export const TSC_PROJECTS: Record<string, TscProject> = {
  hono: { config: "tsconfig.build.json" },
  zod: { config: "tsconfig.json" },
  // immer's own tsconfig (files: the entry points and globals.d.ts) checks as is with @types/node linked in
  immer: { config: "tsconfig.json" },
  // ky's tsconfig extends @sindresorhus/tsconfig (not installed): the same strictness, inline
  ky: {
    config: "tsconfig.bench.json",
    write: { compilerOptions: { strict: true, target: "es2022", module: "nodenext", moduleResolution: "nodenext", lib: ["es2022", "dom", "dom.iterable"], exactOptionalPropertyTypes: true, noEmit: true, skipLibCheck: true, types: [] }, include: ["source"] },
  },
  // zustand's tsconfig names @testing-library/jest-dom types (not installed: TS2688 stops tsc) and
  // includes tests that need vitest: its compiler options over src only
  zustand: {
    config: "tsconfig.bench.json",
    write: {
      compilerOptions: { target: "esnext", strict: true, jsx: "react-jsx", esModuleInterop: true, module: "esnext", moduleResolution: "bundler", skipLibCheck: true, allowImportingTsExtensions: true, noUncheckedIndexedAccess: true, exactOptionalPropertyTypes: true, verbatimModuleSyntax: true, noEmit: true, types: [], paths: { zustand: ["./src/index.ts"], "zustand/*": ["./src/*.ts"] } },
      include: ["src/**/*"],
    },
  },
};

export function sh(cmd: string[], cwd: string, env: Record<string, string> = {}): { code: number; out: string; err: string; ms: number } {
  const started = performance.now();
  const r = Bun.spawnSync(cmd, { cwd, stdout: "pipe", stderr: "pipe", env: { ...process.env, NO_COLOR: "1", SVC_RUNTIME_DIR: join(cwd, ".bench-runtime"), ...env } });
  return { code: r.exitCode ?? -1, out: r.stdout.toString(), err: r.stderr.toString(), ms: performance.now() - started };
}

export function git(cwd: string, ...args: string[]): string {
  const r = sh(["git", "-c", "user.email=b@example.com", "-c", "user.name=Bench", ...args], cwd);
  if (r.code !== 0) throw new Error(`git ${args.join(" ")}: ${r.err}`);
  return r.out;
}

/** A commit at least `wanted` TypeScript source files away from HEAD (first-parent history, nearest first). */
export function commitAway(dir: string, wanted: number, depth = 400): { commit: string; files: number } | null {
  const commits = git(dir, "log", "--first-parent", "--format=%H", `-${depth}`, "HEAD").trim().split("\n");
  for (const c of commits.slice(1)) {
    const files = git(dir, "diff", "--name-only", c, "HEAD").split("\n").filter((f) => /\.(?:[cm]?ts|tsx)$/.test(f)).length;
    if (files >= wanted) return { commit: c, files };
  }
  return null;
}

export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export interface TscRun {
  ms: number;
  files: number;
  errors: number;
  out: string;
}

/** One cold `tsc --noEmit -p config` (build info and output removed first). */
export function tscRun(dir: string, config: string): TscRun {
  for (const f of git(dir, "ls-files", "--others", "--ignored", "--exclude-standard", "-z").split("\0")) if (f.endsWith(".tsbuildinfo")) rmSync(join(dir, f), { force: true });
  rmSync(join(dir, "dist"), { recursive: true, force: true });
  const r = sh([TSC, "--noEmit", "-p", config, "--extendedDiagnostics"], dir);
  const files = Number(/^Files:\s+(\d+)/m.exec(r.out)?.[1] ?? 0);
  return { ms: r.ms, files, errors: (r.out.match(/error TS\d+/g) ?? []).length, out: r.out };
}

/** The project name of a repository path: its folder, or for a mirror (`…/owner+name/repo`) the name after the `+`. */
export function repoName(repo: string): string {
  const parts = repo.split("/").filter(Boolean);
  const last = parts.pop()!;
  return last === "repo" && parts.length ? parts.pop()!.split("+").pop()! : last.replace(/\.git$/, "");
}

/** A scratch clone of `repo` where tsc really type-checks `project.config`, and svc is pinned to it; the probe run is returned. */
export function cloneForTsc(repo: string): { dir: string; name: string; project: TscProject; probe: TscRun; version: string; cleanup(): void } {
  const name = repoName(repo);
  const project = TSC_PROJECTS[name];
  if (!project) throw new Error(`no tsc setup for ${name} (known: ${Object.keys(TSC_PROJECTS).join(", ")})`);
  const scratch = mkdtempSync(join(tmpdir(), `svc-bench-${name}-`));
  const dir = join(scratch, name);
  git(tmpdir(), "clone", "-q", "--no-hardlinks", repo, dir);
  mkdirSync(join(dir, "node_modules", "@types"), { recursive: true });
  symlinkSync(join(base, "node_modules", "@types", "node"), join(dir, "node_modules", "@types", "node"));
  if (project.write) writeFileSync(join(dir, project.config), JSON.stringify(project.write, null, 1));
  writeFileSync(join(dir, "svc.json"), JSON.stringify({ tsconfig: [project.config] }));
  // untracked and ignored: the pin stays when the bench checks out other commits, and no staged diff shows it
  appendFileSync(join(dir, ".git", "info", "exclude"), `\n/svc.json\n${project.write ? `/${project.config}\n` : ""}`);
  const probe = tscRun(dir, project.config);
  if (/TS2688|TS6053|TS5083/.test(probe.out) || probe.files === 0) throw new Error(`tsc does not really type-check ${name}:\n${probe.out.slice(0, 2000)}`);
  const version = sh([TSC, "--version"], dir).out.trim();
  return { dir, name, project, probe, version, cleanup: () => rmSync(scratch, { recursive: true, force: true }) };
}
