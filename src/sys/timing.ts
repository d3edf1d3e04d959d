// Phase timings for benchmarks and diagnosis: SVC_TIMING=1 prints them to stderr.

const enabled = process.env.SVC_TIMING === "1";
const totals = new Map<string, number>();

export function timed<T>(phase: string, fn: () => T): T {
  if (!enabled) return fn();
  const start = performance.now();
  try {
    return fn();
  } finally {
    totals.set(phase, (totals.get(phase) ?? 0) + performance.now() - start);
  }
}

/** Record a phase measured elsewhere (async work). */
export function addTiming(phase: string, ms: number): void {
  if (enabled) totals.set(phase, (totals.get(phase) ?? 0) + ms);
}

export function reportTimings(label: string): void {
  if (!enabled || totals.size === 0) return;
  const parts = [...totals].map(([phase, ms]) => `${phase} ${ms.toFixed(0)}ms`);
  process.stderr.write(`svc timing [${label}]: ${parts.join(", ")}\n`);
  totals.clear();
}
