// Measuring helpers for scripts/bench: wall time, percentiles, and peak RSS of a process
// tree sampled from /proc.

import { readFileSync, readdirSync } from "node:fs";

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

function rssKb(pid: number): number {
  try {
    const m = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/);
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

function childrenOf(pid: number): number[] {
  const out: number[] = [];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const text = readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim();
      if (text) out.push(...text.split(/\s+/).map(Number));
    }
  } catch {
    // gone
  }
  return out;
}

function treeRssKb(pid: number): number {
  let total = rssKb(pid);
  for (const child of childrenOf(pid)) total += treeRssKb(child);
  return total;
}

export interface RunStats {
  wallMs: number;
  exitCode: number;
  stdout: string;
  stderr: string;
  /** Peak RSS of the process alone and of the process with its children, in MB. */
  peakRssMb: number;
  peakTreeRssMb: number;
}

/** The kernel's own peak RSS of one process (VmHWM), in MB; 0 once it is gone. */
export function hwmMb(pid: number): number {
  try {
    const m = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmHWM:\s+(\d+)/);
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** Sample the RSS of a process and of it with its children every `everyMs`; peek() and stop() give the peaks so far in MB. */
export function sampleRss(pid: number, everyMs = 20): { peek(): { peakRssMb: number; peakTreeRssMb: number }; stop(): { peakRssMb: number; peakTreeRssMb: number } } {
  let peak = 0;
  let peakTree = 0;
  const tick = () => {
    peak = Math.max(peak, rssKb(pid));
    peakTree = Math.max(peakTree, treeRssKb(pid));
  };
  const timer = setInterval(tick, everyMs);
  return {
    peek: () => ({ peakRssMb: peak / 1024, peakTreeRssMb: peakTree / 1024 }),
    stop() {
      tick();
      clearInterval(timer);
      return { peakRssMb: peak / 1024, peakTreeRssMb: peakTree / 1024 };
    },
  };
}

/** Run a command, sampling the RSS of it and its children every 20 ms. */
export async function measureRun(argv: string[], options: { cwd?: string; env?: Record<string, string> } = {}): Promise<RunStats> {
  const start = performance.now();
  const child = Bun.spawn(argv, { cwd: options.cwd, env: { ...process.env, ...options.env }, stdout: "pipe", stderr: "pipe" });
  const rss = sampleRss(child.pid);
  const [stdout, stderr, exitCode] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  return { wallMs: performance.now() - start, exitCode, stdout, stderr, ...rss.stop() };
}

/** The machine's 1-minute load average now (other engineers bench on the same 2 cores). */
export function loadAverage(): string {
  try {
    return readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  } catch {
    return "?";
  }
}

export async function timeAsync<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await fn();
  return { ms: performance.now() - start, value };
}

export const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : "n/a");

/** A small deterministic PRNG (mulberry32), so generated edits and bootstraps are reproducible. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
