// Grade calibration of `find --kind task`: how often the first file is right for each grade
// (confident | partial | insufficient), on the tuning split (or --split heldout, which is only
// read in aggregate). --dump <file> writes per-task features (tuning split only) for
// choosing the grading rule.
//
//   bun scripts/bench/localize/grades.ts [--split tune|heldout] [--dump /tmp/features.json]

import { join } from "node:path";
import { call } from "../../../src/engine.ts";
import type { FindData } from "../../../src/ops/find.ts";
import type { GradeEvidence } from "../../../src/retrieve/localize.ts";
import { fmt } from "../measure.ts";
import { CUTOFF, scoreRanking } from "./metrics.ts";
import { docsOf, loadTasks } from "./run.ts";
import type { LocalizeTask } from "./task.ts";

const args = process.argv.slice(2);
const split = (args.includes("--split") ? args[args.indexOf("--split") + 1] : "tune") as LocalizeTask["split"];
const dump = args.includes("--dump") ? args[args.indexOf("--dump") + 1] : null;
const detail = args.includes("--detail");
const sweep = args.includes("--sweep");
if ((dump || detail || sweep) && split !== "tune") throw new Error("--dump, --detail and --sweep are for the tuning split only");
const base = join(import.meta.dir, "..", "..", "..");
const { tasks } = await loadTasks(base, null, () => {});
interface Row {
  id: string;
  query: string;
  grade: string;
  right: boolean;
  found: boolean;
  scores: number[];
  first: string;
  reasons: string[];
  unmatched: string[];
  evidence: GradeEvidence | null;
}
const rows: Row[] = [];
const indexedOf = new Map<string, Set<string>>();
for (const task of tasks.filter((t) => t.split === split)) {
  const indexed = indexedOf.get(task.root) ?? new Set((await docsOf(task.root)).map((d) => d.path));
  indexedOf.set(task.root, indexed);
  const targets = task.targets.filter((p) => indexed.has(p));
  if (!targets.length) continue;
  const r = await call("find", { path: task.root, query: task.query, kind: "task", limit: CUTOFF });
  const data = r.data as unknown as FindData;
  const cands = data.candidates ?? [];
  const s = scoreRanking(cands.map((c) => c.path), targets);
  rows.push({ id: task.id, query: task.query, grade: data.grade ?? "?", right: s.acc1 === 1, found: s.rr > 0, scores: cands.slice(0, 6).map((c) => c.score), first: cands[0]?.path ?? "", reasons: cands[0]?.reasons ?? [], unmatched: data.unmatched ?? [], evidence: data.gradeEvidence ?? null });
}
const share = (of: readonly Row[]) => `${String(of.length).padStart(4)}  ${of.length ? fmt(of.filter((r) => r.right).length / of.length, 3) : "  -  "} (${of.filter((r) => r.right).length})`;
console.log(`${split} split, ${rows.length} tasks: grade, tasks, first file right, a target in the first ${CUTOFF}`);
for (const g of ["confident", "partial", "insufficient"]) {
  const of = rows.filter((r) => r.grade === g);
  console.log(`  ${g.padEnd(13)} ${share(of)}  ${of.length ? fmt(of.filter((r) => r.found).length / of.length, 3) : "-"}`);
}
console.log(`  confident on ${fmt(rows.filter((r) => r.grade === "confident").length / Math.max(1, rows.length), 3)} of the tasks; first file right on ${fmt(rows.filter((r) => r.right).length / Math.max(1, rows.length), 3)} of all`);
if (sweep) {
  // The confident rule with one part changed at a time: neighbouring thresholds should give similar precision.
  const graded = rows.filter((r) => r.evidence && r.grade !== "insufficient");
  const rule = (e: GradeEvidence, o: { margin?: number; textFirst?: boolean; pathHit?: boolean; unmatched?: number }) =>
    e.margin >= (o.margin ?? 0.2) && (o.textFirst === false || e.textFirst) && (o.pathHit === false || e.pathHit) && e.unmatchedShare < (o.unmatched ?? 0.5);
  const line = (label: string, o: Parameters<typeof rule>[1]) => console.log(`  ${label.padEnd(40)} ${share(graded.filter((r) => rule(r.evidence as GradeEvidence, o)))}`);
  console.log("confident rule variants: tasks, first file right");
  for (const margin of [0.1, 0.15, 0.175, 0.2, 0.225, 0.25, 0.3]) line(`margin ≥ ${margin}`, { margin });
  for (const unmatched of [0.34, 0.67, 1.01]) line(`unmatched share < ${unmatched}`, { unmatched });
  line("without agreement with the text ranking", { textFirst: false });
  line("without the path hit", { pathHit: false });
  line("margin only (no agreement, no path hit)", { textFirst: false, pathHit: false });
}
if (detail) {
  for (const r of rows.filter((x) => x.grade === "confident" || (x.evidence && x.evidence.margin >= 0.2))) {
    const e = r.evidence as GradeEvidence;
    console.log(`${r.right ? "right" : "WRONG"} ${r.grade.padEnd(10)} ${r.id}  margin ${e.margin}  text-first ${e.textFirst}  path ${e.pathHit}  unmatched ${e.unmatchedShare}\n    ${r.query.slice(0, 110)}\n    → ${r.first}  ${r.reasons.slice(0, 3).join(", ")}`);
  }
}
if (dump) await Bun.write(dump, JSON.stringify(rows, null, 1));
