// The check bench's result shapes and their printing (no side effects: the runners set
// SVC_RESIDENT and load the engine; scripts/bench.ts only prints).

export type Verdict = "red" | "green" | "abstain";

export interface Miss {
  id: string;
  kind: string;
  file: string;
  what: string;
  verdict: Verdict;
  tsc: string[];
  svc: string[];
}

export interface HonestyResult {
  project: string;
  edits: number;
  breaking: number;
  neutral: number;
  falseGreen: Miss[];
  falseRed: Miss[];
  abstained: Miss[];
  resident: { p50: number; p95: number };
  cold: { n: number; p50: number; p95: number; disagreements: number };
}

export interface LatencyResult {
  project: string;
  files: number;
  firstMs: number;
  baselineMs: number;
  surfaceEdit: { p50: number; p95: number; n: number };
  bodyEdit: { p50: number; p95: number; n: number };
  /** Edits as the honesty benchmark generates them (wrong member, argument…, rename, comment…). */
  editMix: { p50: number; p95: number; n: number };
  delta: { p50: number; p95: number; n: number; samples: { file: string; ms: number; first: string }[] };
  cold: { p50: number; p95: number; n: number };
}

export function printHonesty(results: readonly HonestyResult[]): void {
  const sum = (f: (r: HonestyResult) => number) => results.reduce((n, r) => n + f(r), 0);
  console.log(`check honesty — ${sum((r) => r.edits)} single-file edits labelled by tsc --noEmit (${sum((r) => r.breaking)} breaking, ${sum((r) => r.neutral)} neutral)`);
  for (const r of results) {
    console.log(
      `  ${r.project.padEnd(6)} ${String(r.edits).padStart(4)} edits: false green ${r.falseGreen.length}, false red ${r.falseRed.length}, abstained ${r.abstained.length}; resident p50 ${r.resident.p50} ms p95 ${r.resident.p95} ms; cold (n=${r.cold.n}) p50 ${r.cold.p50} ms p95 ${r.cold.p95} ms, ${r.cold.disagreements} verdicts differ from resident`,
    );
    for (const m of [...r.falseGreen, ...r.falseRed, ...r.abstained]) {
      console.log(`    ${m.verdict === "green" ? "FALSE GREEN" : m.verdict === "red" ? "FALSE RED" : "ABSTAINED"} ${m.id} ${m.kind} ${m.file}: ${m.what}`);
      for (const t of m.tsc) console.log(`      tsc: ${t}`);
      for (const s of m.svc) console.log(`      svc: ${s}`);
    }
  }
}

export function printLatency(r: LatencyResult): void {
  console.log(`check latency — ${r.project} (${r.files} source files), resident in-process`);
  console.log(`  first check (loads the projects)     ${r.firstMs} ms`);
  console.log(`  session baseline (every file)        ${r.baselineMs} ms`);
  console.log(`  overlay, surface edit (deps checked) p50 ${r.surfaceEdit.p50} ms  p95 ${r.surfaceEdit.p95} ms  (n=${r.surfaceEdit.n})`);
  console.log(`  overlay, body edit (deps skipped)    p50 ${r.bodyEdit.p50} ms  p95 ${r.bodyEdit.p95} ms  (n=${r.bodyEdit.n})`);
  console.log(`  overlay, generated edit mix         p50 ${r.editMix.p50} ms  p95 ${r.editMix.p95} ms  (n=${r.editMix.n})`);
  console.log(`  delta after a one-file edit          p50 ${r.delta.p50} ms  p95 ${r.delta.p95} ms  (n=${r.delta.n})`);
  console.log(`  cold overlay check (engine per call) p50 ${r.cold.p50} ms  p95 ${r.cold.p95} ms  (n=${r.cold.n})`);
}
