// The check section of scripts/bench: the honesty benchmark (check-honesty.ts) on every
// labelled project and the latency figures (check-latency.ts) on effect (572 files). Runs
// in a child process: the checks hold a resident workspace (SVC_RESIDENT=1) for the run.

import { join } from "node:path";
import { printHonesty, printLatency, type HonestyResult, type LatencyResult } from "./check-report.ts";

export interface CheckBench {
  honesty: HonestyResult[];
  latency: LatencyResult[];
}

const LATENCY_PROJECTS = ["effect", "rxjs"];

export async function benchCheck(root: string): Promise<CheckBench> {
  const child = Bun.spawn([process.execPath, join(import.meta.dir, "check-section.ts"), "--child"], { cwd: root, stdout: "pipe", stderr: "inherit", env: { ...process.env, SVC_RESIDENT: "1" } });
  const [out, code] = await Promise.all([new Response(child.stdout).text(), child.exited]);
  if (code !== 0) throw new Error(`the check bench failed (exit ${code})`);
  return JSON.parse(out.slice(out.lastIndexOf("\n{") + 1)) as CheckBench;
}

export function printCheckBench(r: CheckBench): void {
  printHonesty(r.honesty);
  for (const l of r.latency) printLatency(l);
}

if (import.meta.main && process.argv.includes("--child")) {
  const { labelledProjects } = await import("./check-bench.ts");
  const { honesty } = await import("./check-honesty.ts");
  const { checkLatency } = await import("./check-latency.ts");
  const base = join(import.meta.dir, "..", "..");
  const result: CheckBench = { honesty: [], latency: [] };
  // Latency first: its first check and baseline must load the project (honesty leaves it resident).
  for (const name of LATENCY_PROJECTS) result.latency.push(await checkLatency(base, name, 20));
  for (const lp of await labelledProjects(base)) result.honesty.push(await honesty(lp, 20));
  process.stdout.write(`\n${JSON.stringify(result)}\n`);
  process.exit(0);
}
