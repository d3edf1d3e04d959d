// Bounded work on a minified bundle (issue 15, deliverable 6): a copy of a real project
// with and without a generated 2.3 MB one-line minified bundle; times `svc toc` and
// `svc skeleton` (cold: index built by the call) on both and prints the ratio (target ≤ 2×).
// Usage: bun scripts/bench/minified-bench.ts [project-dir]   (default /work/repos/hono)

import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const source = process.argv[2] ?? "/work/repos/hono";
const svc = [process.execPath, resolve(import.meta.dir, "../../src/main.ts")];

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
    writeFileSync(join(dir, "src", "vendor-bundle.min.js"), minifiedBundle());
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
    const ms: number[] = [];
    for (const withBundle of [false, true]) {
      const dir = copyRepo(withBundle);
      try {
        ms.push(await timeCommand(command, dir));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
    rows.push(`svc ${command[0]} (cold, index built by the call): without bundle ${(ms[0]! / 1000).toFixed(1)} s, with a 2.3 MB one-line bundle ${(ms[1]! / 1000).toFixed(1)} s — ${(ms[1]! / ms[0]!).toFixed(2)}×`);
  }
  console.log(rows.join("\n"));
}

if (import.meta.main) await main();
