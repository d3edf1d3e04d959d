// Probes `svc gate --staged` with constructed changes on a real repository and judges every
// verdict against tsc run on the exact staged tree (git checkout-index into a temp dir) and on
// HEAD's tree (git archive): introduced = staged minus HEAD, by code + file + message.
//
//   node_modules/.bin/bun scripts/bench/gate-probe.ts --repo <mirror> [--host] [--worktree] [--only <case>] [--keep]
//
// --host: a `svc host` serves the clone while the gate runs. --worktree: every case runs in a
// linked worktree of the clone (git worktree add). Each case starts from a clean HEAD and sets
// up the index and the disk itself; the JSON (passed, mode, blocking) and the exit code are
// checked to agree (exit 1 iff a block, or an abstain with --strict).
//
// Figures (branch h69, TypeScript 7.0.2, 2 shared cores; cases that do not apply — a tracked
// config to edit, a script .d.ts — are n/a; the probe's new files fall outside immer's and
// ky's configs, so tsc and the gate agree they change nothing there):
//   before (code at 89e81f5): zustand 1 FALSE PASS (script-ts-global-changed: a .ts script's global
//     function re-typed, its caller not rechecked, tsc TS2345); immer delete-imported/kept-on-disk an
//     abstain on an engine failure ("source file not found": files reached only through the removed
//     barrel left the program), tsc 11 introduced.
//   after: immer (also --host, --worktree) 18 cases: true block 5, true pass 8, abstain 5 (config
//     edits with pre-existing errors: the engine cannot load the old config); zustand (also --host
//     --worktree) true block 9, true pass 3, abstain 2; hono true block 9, true pass 6, abstain 2;
//     ky --host --worktree true block 6, true pass 6, abstain 2. FALSE PASS 0, FALSE BLOCK 0, JSON
//     and exit code agreeing on every case.

import { appendFileSync, chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { BUN, cloneForTsc, git, MAIN, sh, TSC } from "./tsc-baseline.ts";

interface TscError {
  code: string;
  file: string;
  message: string;
}

function args() {
  const a = process.argv.slice(2);
  const get = (f: string) => (a.includes(f) ? a[a.indexOf(f) + 1] : undefined);
  const repo = get("--repo");
  if (!repo) throw new Error("usage: gate-probe.ts --repo <path> [--host] [--worktree] [--only <case>] [--keep]");
  return { repo, host: a.includes("--host"), worktree: a.includes("--worktree"), only: get("--only") ?? null, keep: a.includes("--keep") };
}

function parseTsc(out: string): TscError[] | null {
  if (/error TS(2688|6053|5083|5058)/.test(out)) return null;
  const errors: TscError[] = [];
  for (const line of out.split("\n")) {
    const m = /^(.+?)\((\d+),(\d+)\): error (TS\d+): (.*)$/.exec(line);
    if (m) errors.push({ file: m[1]!, code: m[4]!, message: m[5]! });
    else if (/^error (TS\d+): (.*)$/.test(line)) {
      const g = /^error (TS\d+): (.*)$/.exec(line)!;
      errors.push({ file: "", code: g[1]!, message: g[2]! });
    } else if (/^\s/.test(line) && errors.length) errors[errors.length - 1]!.message += `\n${line.trim()}`;
  }
  return errors;
}

/** tsc on a tree materialized in a temp dir, with the clone's ignored pins and node_modules. */
function tscOnTree(dir: string, config: string, fill: (into: string) => void): TscError[] | null {
  const tmp = mkdtempSync(join(tmpdir(), "gate-probe-tree-"));
  try {
    fill(tmp);
    for (const pin of ["svc.json", config]) if (existsSync(join(dir, pin)) && !existsSync(join(tmp, pin))) cpSync(join(dir, pin), join(tmp, pin));
    symlinkSync(join(dir, "node_modules"), join(tmp, "node_modules"));
    if (!existsSync(join(tmp, config))) return [{ file: config, code: "TS5058", message: "config missing" }];
    const r = sh([TSC, "--noEmit", "-p", config, "--pretty", "false"], tmp);
    const errors = parseTsc(r.out);
    if (errors && r.code !== 0 && !errors.length) return null;
    return errors;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

function introducedErrors(before: TscError[], after: TscError[]): TscError[] {
  const count = new Map<string, number>();
  const key = (e: TscError) => `${e.code}\0${e.file}\0${e.message}`;
  for (const e of before) count.set(key(e), (count.get(key(e)) ?? 0) + 1);
  return after.filter((e) => {
    const n = count.get(key(e)) ?? 0;
    if (n > 0) count.set(key(e), n - 1);
    return n === 0;
  });
}

interface Ctx {
  dir: string;
  config: string;
  /** Project source files (not .d.ts), root-relative. */
  files: string[];
}

const read = (c: Ctx, f: string) => readFileSync(join(c.dir, f), "utf8");
const write = (c: Ctx, f: string, text: string) => {
  mkdirSync(dirname(join(c.dir, f)), { recursive: true });
  writeFileSync(join(c.dir, f), text);
};
const tracked = (c: Ctx, f: string) => git(c.dir, "ls-files", f).trim() !== "";
const stage = (c: Ctx, ...f: string[]) => git(c.dir, "add", "-A", "--", ...f);

/** A project file other project files import by a relative specifier (the most importers first). */
function importedFile(c: Ctx): { file: string; importers: string[] } {
  let best = { file: "", importers: [] as string[] };
  for (const f of c.files) {
    const stem = f.replace(/\.(ts|tsx)$/, "");
    const importers = c.files.filter((g) => {
      if (g === f) return false;
      return [...read(c, g).matchAll(/from\s+['"](\.{1,2}\/[^'"]+)['"]/g)].some((m) => join(dirname(g), m[1]!).replace(/\.(js|ts)$/, "") === stem);
    });
    if (importers.length > best.importers.length && !stem.endsWith("/index")) best = { file: f, importers };
  }
  if (!best.file) throw new Error("no imported file found");
  return best;
}

const ERROR_LINE = '\nexport const __probeBad: number = "not a number";\n';

interface Case {
  name: string;
  /** Set up the index and the disk (the clone is at a clean HEAD). Returns false when the case does not apply. */
  apply(c: Ctx): boolean | void;
}

const CASES: Case[] = [
  { name: "staged-error", apply: (c) => (write(c, c.files[0]!, read(c, c.files[0]!) + ERROR_LINE), stage(c, c.files[0]!)) },
  {
    name: "staged-error/fixed-on-disk",
    apply: (c) => {
      const f = c.files[0]!;
      const orig = read(c, f);
      write(c, f, orig + ERROR_LINE);
      stage(c, f);
      write(c, f, orig + "\n// fixed\n");
    },
  },
  { name: "clean-staged/error-on-disk", apply: (c) => {
    const f = c.files[0]!;
    const orig = read(c, f);
    write(c, f, orig + "\n// harmless\n");
    stage(c, f);
    write(c, f, orig + ERROR_LINE);
  } },
  { name: "rename-imported", apply: (c) => {
    const { file } = importedFile(c);
    git(c.dir, "mv", file, file.replace(/(\.tsx?)$/, "Moved$1"));
  } },
  { name: "rename-imported/importers-updated", apply: (c) => {
    const { file, importers } = importedFile(c);
    const base = file.replace(/\.(ts|tsx)$/, "").split("/").pop()!;
    git(c.dir, "mv", file, file.replace(/(\.tsx?)$/, "Moved$1"));
    for (const g of importers) write(c, g, read(c, g).replace(new RegExp(`(from\\s+['"]\\.{1,2}/(?:[^'"]*/)?)${base}((?:\\.js|\\.ts)?['"])`, "g"), `$1${base}Moved$2`));
    stage(c, ...importers);
  } },
  { name: "delete-imported", apply: (c) => void git(c.dir, "rm", "-q", importedFile(c).file) },
  { name: "delete-imported/kept-on-disk", apply: (c) => void git(c.dir, "rm", "-q", "--cached", importedFile(c).file) },
  { name: "mode-only", apply: (c) => {
    const f = c.files[0]!;
    chmodSync(join(c.dir, f), 0o755);
    stage(c, f);
  } },
  { name: "mode-only/error-file", apply: (c) => {
    // a file with errors at HEAD already: only its mode changes
    const f = c.files[1]!;
    write(c, f, read(c, f) + ERROR_LINE);
    git(c.dir, "add", f);
    git(c.dir, "commit", "-q", "--no-verify", "-m", "probe: an error at HEAD");
    chmodSync(join(c.dir, f), 0o755);
    stage(c, f);
  } },
  { name: "new-dts-global-conflict", apply: (c) => {
    // a new script declaration file: a global that every file using the lib's `Promise` now conflicts with
    write(c, "src/probe-globals.d.ts", "declare var __probeGlobal: number;\ninterface Array<T> { at(index: string): T }\n");
    write(c, "src/probe-use.ts", "export const n: string = __probeGlobal;\n");
    stage(c, "src/probe-globals.d.ts", "src/probe-use.ts");
  } },
  { name: "script-dts-changed", apply: (c) => {
    // a script declaration file of the project (no import/export): its first declaration's type changed
    const listed = sh([TSC, "--listFilesOnly", "-p", c.config], c.dir).out.split("\n").map((l) => l.trim()).filter((l) => l.startsWith(c.dir) && !l.includes("/node_modules/") && l.endsWith(".d.ts")).map((l) => relative(c.dir, l));
    const f = listed.find((f) => !/^(import|export)\b/m.test(read(c, f)) && /^declare (const|let|var) \w+: \w+/m.test(read(c, f)));
    if (!f) return false;
    write(c, f, read(c, f).replace(/^(declare (?:const|let|var) \w+): \w+/m, "$1: symbol"));
    stage(c, f);
  } },
  { name: "declare-global-changed", apply: (c) => {
    // one commit adds a global and a user; the staged change makes the global's type another
    write(c, "src/probe-global.ts", "export {};\ndeclare global {\n  var __probeG: number;\n}\n");
    write(c, "src/probe-user.ts", "export const v: number = __probeG;\n");
    stage(c, "src/probe-global.ts", "src/probe-user.ts");
    git(c.dir, "commit", "-q", "--no-verify", "-m", "probe: a global");
    write(c, "src/probe-global.ts", "export {};\ndeclare global {\n  var __probeG: string;\n}\n");
    stage(c, "src/probe-global.ts");
  } },
  { name: "script-ts-global-changed", apply: (c) => {
    // a .ts script (no import/export): its top-level function is global; its signature changes
    write(c, "src/probe-script.ts", "function probeHelper(a: number): number {\n  return a;\n}\n");
    write(c, "src/probe-caller.ts", "export const v: number = probeHelper(1);\n");
    stage(c, "src/probe-script.ts", "src/probe-caller.ts");
    git(c.dir, "commit", "-q", "--no-verify", "-m", "probe: a script");
    write(c, "src/probe-script.ts", "function probeHelper(a: string): number {\n  return a.length;\n}\n");
    stage(c, "src/probe-script.ts");
  } },
  { name: "tsconfig-stricter", apply: (c) => {
    if (!tracked(c, c.config)) return false;
    const t = JSON.parse(read(c, c.config).replace(/^\s*\/\/.*$/gm, ""));
    t.compilerOptions = { ...t.compilerOptions, noUnusedLocals: true, noUnusedParameters: true, noImplicitReturns: true };
    write(c, c.config, JSON.stringify(t, null, 2));
    stage(c, c.config);
  } },
  { name: "tsconfig-harmless", apply: (c) => {
    if (!tracked(c, c.config)) return false;
    write(c, c.config, read(c, c.config).replace(/\{/, '{\n  "compileOnSave": false,'));
    stage(c, c.config);
  } },
  { name: "package-types", apply: (c) => {
    if (!existsSync(join(c.dir, "package.json"))) return false;
    const p = JSON.parse(read(c, "package.json"));
    p.types = "./probe-missing.d.ts";
    write(c, "package.json", JSON.stringify(p, null, 2));
    stage(c, "package.json");
  } },
  { name: "new-tsconfig-project", apply: (c) => {
    write(c, "probe/tsconfig.json", JSON.stringify({ compilerOptions: { strict: true, noEmit: true, types: [] }, include: ["*.ts"] }));
    write(c, "probe/bad.ts", 'export const x: number = "s";\n');
    stage(c, "probe");
  } },
  { name: "pinned-config-removed", apply: (c) => {
    if (!tracked(c, c.config)) return false;
    git(c.dir, "rm", "-q", c.config);
  } },
];

interface GateRun {
  code: number;
  json: { passed?: boolean; mode?: string; blocking?: boolean; reason?: string; introduced?: { path: string; code: string }[]; checked?: number; note?: string } | null;
  err: string;
}

function runGate(dir: string, cwd: string): GateRun {
  const r = sh([BUN, "--no-install", MAIN, "gate", "--staged", "--strict", "--json"], dir, { SVC_RUNTIME_DIR: join(cwd, ".bench-runtime") });
  let json = null;
  try {
    json = JSON.parse(r.out);
  } catch {}
  return { code: r.code, json, err: r.err.trim().split("\n").slice(0, 2).join(" | ") };
}

async function startHost(dir: string, cwd: string): Promise<() => void> {
  const runtime = join(cwd, ".bench-runtime");
  const proc = Bun.spawn([BUN, "--no-install", MAIN, "host"], { cwd: dir, env: { ...process.env, SVC_RUNTIME_DIR: runtime }, stdout: "pipe", stderr: "pipe" });
  for (let i = 0; i < 600 && !readdirSync(runtime).some((f) => f.endsWith(".sock")); i++) await Bun.sleep(250);
  if (!readdirSync(runtime).some((f) => f.endsWith(".sock"))) throw new Error("svc host did not start serving");
  await Bun.sleep(3000); // its warm-up
  return () => proc.kill();
}

async function main(): Promise<void> {
  const { repo, host, worktree, only, keep } = args();
  const clone = cloneForTsc(repo);
  const main = clone.dir;
  const config = clone.project.config;
  appendFileSync(join(main, ".git", "info", "exclude"), "\n/node_modules\n/.bench-runtime\n/.svc\n");
  mkdirSync(join(main, ".bench-runtime"), { recursive: true, mode: 0o700 });
  git(main, "checkout", "-q", "-b", "probe-base");
  // @types/node copied in, not linked: svc's engine reads nothing outside the workspace, tsc follows the link
  const types = join(main, "node_modules", "@types", "node");
  const real = realpathSync(types);
  rmSync(types);
  cpSync(real, types, { recursive: true });
  let dir = main;
  if (worktree) {
    dir = join(dirname(main), "linked");
    git(main, "worktree", "add", "-q", "-b", "probe-linked", dir, "HEAD");
    symlinkSync(join(main, "node_modules"), join(dir, "node_modules"));
    for (const pin of ["svc.json", config]) if (existsSync(join(main, pin)) && !existsSync(join(dir, pin))) cpSync(join(main, pin), join(dir, pin));
    mkdirSync(join(dir, ".bench-runtime"), { recursive: true, mode: 0o700 });
    appendFileSync(join(main, ".git", "info", "exclude"), "\n/linked\n");
  }
  const listed = sh([TSC, "--listFilesOnly", "-p", config], dir).out.split("\n").map((l) => l.trim());
  const files = listed.filter((l) => l.startsWith(dir) && !l.includes("/node_modules/") && /\.tsx?$/.test(l) && !l.endsWith(".d.ts")).map((l) => relative(dir, l));
  const c: Ctx = { dir, config, files };
  const start = git(dir, "rev-parse", "HEAD").trim();
  const stop = host ? await startHost(dir, dir) : null;
  console.log(`${clone.name}${worktree ? " (linked worktree)" : ""}${host ? " (host serving)" : ""}: ${files.length} project files, ${clone.version}`);
  const tally: Record<string, number> = {};
  try {
    for (const k of CASES) {
      if (only && !k.name.startsWith(only)) continue;
      git(dir, "reset", "-q", "--hard", start);
      git(dir, "clean", "-fdq");
      let applies: boolean | void;
      try {
        applies = k.apply(c);
      } catch (error) {
        console.log(`${k.name.padEnd(36)} could not set up: ${(error as Error).message.split("\n")[0]}`);
        continue;
      }
      if (applies === false) {
        console.log(`${k.name.padEnd(36)} n/a`);
        continue;
      }
      const before = tscOnTree(dir, config, (into) => sh(["sh", "-c", `git archive HEAD | tar -x -C '${into}'`], dir));
      const after = tscOnTree(dir, config, (into) => sh(["git", "checkout-index", "-a", `--prefix=${into}/`], dir));
      const g = runGate(dir, dir);
      const j = g.json;
      const intro = before && after ? introducedErrors(before, after) : null;
      const consistent = j !== null && (j.mode === "abstain" ? g.code === (j.blocking ? 1 : 0) && j.passed === false : g.code === (j.passed ? 0 : 1));
      const verdict = !j ? "CRASH" : intro === null ? "tsc could not check" : j.mode === "abstain" ? "abstain" : j.passed ? (intro.length ? "FALSE PASS" : "true pass") : intro.length ? "true block" : "FALSE BLOCK";
      tally[verdict] = (tally[verdict] ?? 0) + 1;
      const gateLine = !j ? `exit ${g.code}: ${g.err}` : j.mode === "abstain" ? `abstain: ${j.reason}` : j.passed ? `ok (${j.checked} checked${j.note ? `; ${j.note}` : ""})` : `blocked: ${j.introduced?.length} (${j.introduced?.slice(0, 2).map((d) => `${d.path} ${d.code}`).join(", ")})`;
      const tscLine = intro === null ? "tsc: could not check" : `tsc: ${intro.length} introduced${intro[0] ? ` (first ${intro[0].file} ${intro[0].code})` : ""}`;
      console.log(`${k.name.padEnd(36)} ${verdict.padEnd(11)} ${tscLine}; gate exit ${g.code} ${gateLine}${consistent ? "" : "  [JSON/EXIT MISMATCH]"}`);
    }
  } finally {
    stop?.();
  }
  console.log(`\n${Object.entries(tally).map(([k, v]) => `${k} ${v}`).join(", ")}`);
  if (keep) console.log(`kept: ${dir}`);
  else clone.cleanup();
  if (tally["FALSE PASS"] || tally["FALSE BLOCK"]) process.exitCode = 1;
}

if (import.meta.main) await main();
