// The honesty benchmark: svc_check's verdict on every labelled edit (check-bench.ts) against
// the real `tsc --noEmit` label. Red = the check reports an error the edit introduces (in
// the file or a dependent); green = it ran and found none; abstain = it did not run (never
// counted as green). False green = tsc says the edit breaks the build and svc said green;
// false red = tsc says it does not and svc said red. Resident: in-process resident
// workspace, as the host holds it; cold: an engine loaded for the call, on a sample.
//   bun scripts/bench/check-honesty.ts [--cold N] [--only rxjs]

import { join } from "node:path";
import { labelledProjects, type LabelledProject } from "./check-bench.ts";
import { percentile } from "./measure.ts";
import { printHonesty, type HonestyResult, type Miss, type Verdict } from "./check-report.ts";

process.env.SVC_RESIDENT = "1";
const { call } = await import("../../src/engine.ts");
const { coldOverlay } = await import("../../src/check/file-check.ts");


interface FileCheck {
  grade: string;
  introducedErrors: number;
  diagnostics: { code: string; path: string; line: number; message: string; severity: string }[];
  preExisting: { code: string; path: string; line: number; message: string }[];
  dependentDiagnostics: { code: string; path: string; line: number; message: string }[];
}

function verdictOf(data: FileCheck): Verdict {
  if (data.grade === "abstain") return "abstain";
  return data.introducedErrors > 0 ? "red" : "green";
}

function introducedLines(data: FileCheck): string[] {
  const pre = new Set(data.preExisting.map((d) => `${d.path}:${d.line}:${d.code}`));
  return [...data.diagnostics.filter((d) => d.severity === "error" && !pre.has(`${d.path}:${d.line}:${d.code}`)), ...data.dependentDiagnostics].map((d) => `${d.code} ${d.path}:${d.line} ${d.message.split("\n")[0]!.slice(0, 120)}`);
}

export async function honesty(lp: LabelledProject, coldSample: number): Promise<HonestyResult> {
  const { project, edits, labels } = lp;
  const ctx = { longLived: true };
  await call("index", { path: project.dir }, ctx);
  await call("check", { path: project.dir, session: "honesty", markGreen: true }, ctx); // loads and warms the resident workspace
  const times: number[] = [];
  const result: HonestyResult = { project: project.name, edits: 0, breaking: 0, neutral: 0, falseGreen: [], falseRed: [], abstained: [], resident: { p50: 0, p95: 0 }, cold: { n: 0, p50: 0, p95: 0, disagreements: 0 } };
  const verdicts = new Map<string, Verdict>();
  let done = 0;
  for (const edit of edits) {
    const label = labels.get(edit.id);
    if (!label) continue;
    const t = performance.now();
    const r = await call("check", { path: project.dir, file: edit.file, content: edit.content }, ctx);
    times.push(performance.now() - t);
    const data = r.data as unknown as FileCheck;
    const verdict = verdictOf(data);
    verdicts.set(edit.id, verdict);
    result.edits++;
    if (label.breaking) result.breaking++;
    else result.neutral++;
    const miss: Miss = { id: edit.id, kind: edit.kind, file: edit.file, what: edit.what, verdict, tsc: label.introduced, svc: introducedLines(data) };
    if (verdict === "abstain") result.abstained.push({ ...miss, svc: [r.text.split("\n")[0]!] });
    else if (label.breaking && verdict === "green") result.falseGreen.push(miss);
    else if (!label.breaking && verdict === "red") result.falseRed.push(miss);
    if (++done % 50 === 0) process.stderr.write(`  ${project.name}: ${done}/${edits.length} checked\n`);
  }
  result.resident = { p50: Math.round(percentile(times, 50)), p95: Math.round(percentile(times, 95)) };
  const cold: number[] = [];
  const step = Math.max(1, Math.floor(edits.length / Math.max(1, coldSample)));
  for (let i = 0; i < edits.length && cold.length < coldSample; i += step) {
    const edit = edits[i]!;
    const t = performance.now();
    const outcome = await coldOverlay(project.dir, edit.file, edit.content);
    cold.push(performance.now() - t);
    const coldVerdict: Verdict = !outcome.ran ? "abstain" : outcome.dependentDiagnostics.length + outcome.diagnostics.filter((d) => d.severity === "error" && !outcome.preExisting.includes(d)).length > 0 ? "red" : "green";
    if (coldVerdict !== verdicts.get(edit.id)) result.cold.disagreements++;
  }
  result.cold = { ...result.cold, n: cold.length, p50: Math.round(percentile(cold, 50)), p95: Math.round(percentile(cold, 95)) };
  return result;
}

if (import.meta.main) {
  const base = join(import.meta.dir, "..", "..");
  const args = process.argv.slice(2);
  const coldSample = args.includes("--cold") ? Number(args[args.indexOf("--cold") + 1]) : 20;
  const only = args.includes("--only") ? args[args.indexOf("--only") + 1] : null;
  const results: HonestyResult[] = [];
  for (const lp of await labelledProjects(base, only)) {
    results.push(await honesty(lp, coldSample));
  }
  printHonesty(results);
  await Bun.write(join(base, ".bench", "check", "honesty.json"), JSON.stringify(results, null, 1));
  process.exit(0);
}
