// The pre-commit gate bench: `svc gate --staged` without a host vs TypeScript 7's own
// `tsc --noEmit` of the same project, measured in one run, interleaved.
//
//   bun scripts/bench/gate-bench.ts [repo=/work/repos/hono] [runs=3]
//
// The repository is cloned into a temp folder; `@types/node` is linked in from svc's own
// install so tsc really type-checks (without it a `types` entry stops tsc at TS2688), and
// svc.json pins the project tsc checks (hono: tsconfig.build.json), so both check the same
// program. Every tsc run starts without .tsbuildinfo (a cold full check, as in CI). Scenarios:
// a harmless staged edit to a widely imported file, and a breaking staged edit whose fix
// sits unstaged in the working tree (the gate must refuse it).

import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const base = join(import.meta.dir, "..", "..");
const repo = process.argv[2] ?? "/work/repos/hono";
const runs = Number(process.argv[3] ?? 3);
const TSC = join(base, "node_modules", ".bin", "tsc");
const BUN = process.execPath;
const MAIN = join(base, "src", "main.ts");

interface Scenario {
  name: string;
  file: string;
  /** The staged content from the committed one. */
  staged(text: string): string;
  /** The working-tree content left unstaged (null: same as staged). */
  unstaged: ((text: string) => string) | null;
  expectExit: number;
}

const PROJECTS: Record<string, { config: string; scenarios: Scenario[] }> = {
  hono: {
    config: "tsconfig.build.json",
    scenarios: [
      { name: "harmless edit to src/types.ts (widely imported)", file: "src/types.ts", staged: (t) => `${t}\nexport type GateBenchMarker = 1\n`, unstaged: null, expectExit: 0 },
      {
        name: "breaking edit to src/utils/url.ts staged, its fix unstaged",
        file: "src/utils/url.ts",
        staged: (t) => t.replace("export const getPath =", "export const getPathRenamed ="),
        unstaged: (t) => t,
        expectExit: 1,
      },
    ],
  },
};

function sh(cmd: string[], cwd: string): { code: number; out: string; err: string; ms: number } {
  const started = performance.now();
  const r = Bun.spawnSync(cmd, { cwd, stdout: "pipe", stderr: "pipe", env: { ...process.env, NO_COLOR: "1", SVC_RUNTIME_DIR: join(cwd, ".bench-runtime") } });
  return { code: r.exitCode ?? -1, out: r.stdout.toString(), err: r.stderr.toString(), ms: performance.now() - started };
}

function git(cwd: string, ...args: string[]): string {
  const r = sh(["git", "-c", "user.email=b@example.com", "-c", "user.name=Bench", ...args], cwd);
  if (r.code !== 0) throw new Error(`git ${args.join(" ")}: ${r.err}`);
  return r.out;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function tscRun(dir: string, config: string): { ms: number; files: number; errors: number; out: string } {
  for (const f of git(dir, "ls-files", "--others", "--ignored", "--exclude-standard", "-z").split("\0")) if (f.endsWith(".tsbuildinfo")) rmSync(join(dir, f), { force: true });
  rmSync(join(dir, "dist"), { recursive: true, force: true });
  const r = sh([TSC, "--noEmit", "-p", config, "--extendedDiagnostics"], dir);
  const files = Number(/^Files:\s+(\d+)/m.exec(r.out)?.[1] ?? 0);
  return { ms: r.ms, files, errors: (r.out.match(/error TS\d+/g) ?? []).length, out: r.out };
}

const name = repo.split("/").filter(Boolean).pop()!;
const project = PROJECTS[name];
if (!project) throw new Error(`no bench setup for ${name} (known: ${Object.keys(PROJECTS).join(", ")})`);
const dir = join(mkdtempSync(join(tmpdir(), "svc-gate-bench-")), name);
git(tmpdir(), "clone", "-q", "--no-hardlinks", repo, dir);
mkdirSync(join(dir, "node_modules", "@types"), { recursive: true });
symlinkSync(join(base, "node_modules", "@types", "node"), join(dir, "node_modules", "@types", "node"));
writeFileSync(join(dir, "svc.json"), JSON.stringify({ tsconfig: [project.config] }));
git(dir, "add", "svc.json");
git(dir, "commit", "-q", "-m", "bench: pin the project tsc checks");

const probe = tscRun(dir, project.config);
if (/TS2688|TS6053|TS5083/.test(probe.out) || probe.files === 0) throw new Error(`tsc does not really type-check ${name}:\n${probe.out.slice(0, 2000)}`);
console.log(`${name}: tsc --noEmit -p ${project.config} checks ${probe.files} files (${probe.errors} errors); TypeScript ${sh([TSC, "--version"], dir).out.trim()}`);

for (const s of project.scenarios) {
  const committed = readFileSync(join(dir, s.file), "utf8");
  writeFileSync(join(dir, s.file), s.staged(committed));
  git(dir, "add", s.file);
  if (s.unstaged) writeFileSync(join(dir, s.file), s.unstaged(committed));
  const gateMs: number[] = [];
  const tscMs: number[] = [];
  let line = "";
  for (let i = 0; i < runs; i++) {
    const g = sh([BUN, "--no-install", MAIN, "gate", "--staged", "--strict"], dir);
    if (g.code !== s.expectExit) throw new Error(`gate exit ${g.code}, expected ${s.expectExit}: ${g.out}${g.err}`);
    line = (g.out || g.err).split("\n")[0]!;
    gateMs.push(g.ms);
    tscMs.push(tscRun(dir, project.config).ms);
  }
  const g = median(gateMs);
  const t = median(tscMs);
  console.log(`- ${s.name}\n  gate --staged (no host) median ${Math.round(g)} ms [${gateMs.map(Math.round).join(", ")}]; tsc --noEmit median ${Math.round(t)} ms [${tscMs.map(Math.round).join(", ")}]; ratio ${(g / t).toFixed(2)}\n  ${line}`);
  git(dir, "reset", "-q", "HEAD", "--", s.file);
  writeFileSync(join(dir, s.file), committed);
}
if (existsSync(dir)) rmSync(join(dir, ".."), { recursive: true, force: true });
