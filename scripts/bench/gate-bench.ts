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

import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BUN, cloneForTsc, git, MAIN, median, sh, tscRun } from "./tsc-baseline.ts";

export interface Scenario {
  name: string;
  file: string;
  /** The staged content from the committed one. */
  staged(text: string): string;
  /** The working-tree content left unstaged (null: same as staged). */
  unstaged: ((text: string) => string) | null;
  expectExit: number;
}

export const GATE_SCENARIOS: Record<string, Scenario[]> = {
  hono: [
    { name: "harmless edit to src/types.ts (widely imported)", file: "src/types.ts", staged: (t) => `${t}\nexport type GateBenchMarker = 1\n`, unstaged: null, expectExit: 0 },
    {
      name: "breaking edit to src/utils/url.ts staged, its fix unstaged",
      file: "src/utils/url.ts",
      staged: (t) => t.replace("export const getPath =", "export const getPathRenamed ="),
      unstaged: (t) => t,
      expectExit: 1,
    },
  ],
};

export interface GateRow {
  scenario: string;
  gateMs: number[];
  tscMs: number[];
  /** The gate's first line of output. */
  line: string;
}

/** Each scenario staged in `dir`, `svc gate --staged --strict` (no host) and a cold tsc interleaved `runs` times. */
export function gateVersusTsc(dir: string, config: string, scenarios: readonly Scenario[], runs: number): GateRow[] {
  const rows: GateRow[] = [];
  for (const s of scenarios) {
    const committed = readFileSync(join(dir, s.file), "utf8");
    writeFileSync(join(dir, s.file), s.staged(committed));
    git(dir, "add", s.file);
    if (s.unstaged) writeFileSync(join(dir, s.file), s.unstaged(committed));
    const row: GateRow = { scenario: s.name, gateMs: [], tscMs: [], line: "" };
    for (let i = 0; i < runs; i++) {
      const g = sh([BUN, "--no-install", MAIN, "gate", "--staged", "--strict"], dir);
      if (g.code !== s.expectExit) throw new Error(`gate exit ${g.code}, expected ${s.expectExit}: ${g.out}${g.err}`);
      row.line = (g.out || g.err).split("\n")[0]!;
      row.gateMs.push(g.ms);
      row.tscMs.push(tscRun(dir, config).ms);
    }
    rows.push(row);
    git(dir, "reset", "-q", "HEAD", "--", s.file);
    writeFileSync(join(dir, s.file), committed);
  }
  return rows;
}

if (import.meta.main) {
  const repo = process.argv[2] ?? "/work/repos/hono";
  const runs = Number(process.argv[3] ?? 3);
  const clone = cloneForTsc(repo);
  const scenarios = GATE_SCENARIOS[clone.name];
  if (!scenarios) throw new Error(`no gate scenarios for ${clone.name} (known: ${Object.keys(GATE_SCENARIOS).join(", ")})`);
  console.log(`${clone.name}: tsc --noEmit -p ${clone.project.config} checks ${clone.probe.files} files (${clone.probe.errors} errors); TypeScript ${clone.version}`);
  for (const r of gateVersusTsc(clone.dir, clone.project.config, scenarios, runs)) {
    const g = median(r.gateMs);
    const t = median(r.tscMs);
    console.log(`- ${r.scenario}\n  gate --staged (no host) median ${Math.round(g)} ms [${r.gateMs.map(Math.round).join(", ")}]; tsc --noEmit median ${Math.round(t)} ms [${r.tscMs.map(Math.round).join(", ")}]; ratio ${(g / t).toFixed(2)}\n  ${r.line}`);
  }
  clone.cleanup();
}
