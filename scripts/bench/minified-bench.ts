// Bounded work on a minified bundle (issue 15, deliverable 6): a copy of a real project
// with and without a generated 2.3 MB one-line minified bundle; times `svc toc` and
// `svc skeleton` on both, cold (the call builds the index) and warm (run again), and prints
// the ratios (target ≤ 2×). The bundle is named like hand-written code (vendor-bundle.js):
// only its content says it is minified.
// Usage: bun scripts/bench/minified-bench.ts [project-dir]   (default /work/repos/hono)

import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const source = process.argv[2] ?? "/work/repos/hono";
// SVC_MAIN=<path to another checkout's src/main.ts> measures that build instead (a baseline)
const svc = [process.execPath, process.env.SVC_MAIN ?? resolve(import.meta.dir, "../../src/main.ts")];

/** ~2.3 MB of minified-looking JavaScript on one line (deterministic). */
export function minifiedBundle(bytes = 2_300_000): string {
  const parts: string[] = ['!function(e,t){"use strict";'];
  let size = parts[0]!.length;
  for (let i = 0; size < bytes; i++) {
    const chunk = `var a${i}=function(n,r){return n&&r?{k${i}:"${i.toString(36)}",v:[n,r,${i}].map(function(x){return x*${i % 7}})}:t.e${i % 97}(n)};e.f${i}=a${i};`;
    parts.push(chunk);
    size += chunk.length;
  }
  parts.push("}(this,{});");
  return parts.join("");
}

function sh(argv: string[], cwd: string): void {
  const r = Bun.spawnSync(argv, { cwd, stdout: "ignore", stderr: "pipe" });
  if (r.exitCode !== 0) throw new Error(`${argv.join(" ")}: ${r.stderr.toString().slice(0, 300)}`);
}

function copyRepo(withBundle: boolean): string {
  const dir = mkdtempSync(join(tmpdir(), "svc-minified-"));
  cpSync(source, dir, { recursive: true, filter: (p) => !p.includes("/.svc") && !p.includes("/node_modules") });
  if (withBundle) {
    writeFileSync(join(dir, "src", "vendor-bundle.js"), minifiedBundle());
    sh(["git", "add", "-A"], dir);
    sh(["git", "-c", "user.email=bench@svc", "-c", "user.name=bench", "commit", "-qm", "bundle"], dir);
  }
  return dir;
}

async function timeCommand(args: string[], cwd: string): Promise<number> {
  const t = performance.now();
  const p = Bun.spawn([...svc, ...args], { cwd, stdout: "ignore", stderr: "ignore" });
  await p.exited;
  return performance.now() - t;
}

async function main(): Promise<void> {
  const rows: string[] = [];
  for (const command of [["toc", "."], ["skeleton", "."]]) {
    const cold: number[] = [];
    const warm: number[] = [];
    for (const withBundle of [false, true]) {
      const dir = copyRepo(withBundle);
      try {
        cold.push(await timeCommand(command, dir));
        warm.push(await timeCommand(command, dir));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    rows.push(`svc ${command[0]}: cold ${s(cold[0]!)} without the bundle, ${s(cold[1]!)} with it (${(cold[1]! / cold[0]!).toFixed(2)}×); warm ${s(warm[0]!)} → ${s(warm[1]!)} (${(warm[1]! / warm[0]!).toFixed(2)}×)`);
  }
  console.log(rows.join("\n"));
}

if (import.meta.main) await main();
