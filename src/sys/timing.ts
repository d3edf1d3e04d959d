// Phase timings for benchmarks and diagnosis: SVC_TIMING=1 prints them to stderr (wall time);
// SVC_TIMING=cpu measures the synchronous phases (`timed`) in the process's CPU time instead,
// which a loaded machine does not inflate, and adds each process's whole CPU time
// (`<label> process cpu`: start-up and module loading included).

const mode = process.env.SVC_TIMING;
const enabled = mode === "1" || mode === "cpu";
const cpu = mode === "cpu";
const totals = new Map<string, number>();

export function timingEnabled(): boolean {
  return enabled;
}

function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

export function timed<T>(phase: string, fn: () => T): T {
  if (!enabled) return fn();
  const now = cpu ? cpuMs : () => performance.now();
  const start = now();
  try {
    return fn();
  } finally {
    totals.set(phase, (totals.get(phase) ?? 0) + now() - start);
  }
}

/** Record a phase measured elsewhere (async work, wall time). */
export function addTiming(phase: string, ms: number): void {
  if (enabled) totals.set(phase, (totals.get(phase) ?? 0) + ms);
}

export function reportTimings(label: string): void {
  if (!enabled) return;
  if (cpu) addTiming(`${label} process cpu`, cpuMs());
  if (totals.size === 0) return;
  const parts = [...totals].map(([phase, ms]) => `${phase} ${ms.toFixed(0)}ms`);
  process.stderr.write(`svc timing [${label}]: ${parts.join(", ")}\n`);
  totals.clear();
}

/** Add the phases another process reported (its `svc timing [...]` stderr lines) to ours. */
export function mergeTimings(stderr: string): void {
  if (!enabled) return;
  for (const line of stderr.split("\n")) {
    const m = /^svc timing \[[^\]]*\]: (.*)$/.exec(line);
    if (!m) continue;
    for (const part of (m[1] ?? "").split(", ")) {
      const p = /^(.*) (\d+(?:\.\d+)?)ms$/.exec(part);
      if (p) addTiming(p[1] ?? "", Number(p[2]));
    }
  }
}
