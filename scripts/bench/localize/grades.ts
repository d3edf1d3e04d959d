// Grade calibration of `find --kind task`: how often the first file is right for each grade
// (confident | partial | insufficient), on the tuning split (or --split heldout, which is only
// read in aggregate). --dump <file> writes per-task features (tuning split only) for
// choosing the grading rule.
//
//   bun scripts/bench/localize/grades.ts [--split tune|heldout] [--dump /tmp/features.json]

import { join } from "node:path";
import { call } from "../../../src/engine.ts";
import type { FindData } from "../../../src/ops/find.ts";
import { fmt } from "../measure.ts";
import { CUTOFF, scoreRanking } from "./metrics.ts";
import { docsOf, loadTasks } from "./run.ts";
import type { LocalizeTask } from "./task.ts";

const args = process.argv.slice(2);
const split = (args.includes("--split") ? args[args.indexOf("--split") + 1] : "tune") as LocalizeTask["split"];
const dump = args.includes("--dump") ? args[args.indexOf("--dump") + 1] : null;
if (dump && split !== "tune") throw new Error("--dump is for the tuning split only");
const base = join(import.meta.dir, "..", "..", "..");
const { tasks } = await loadTasks(base, null, () => {});
const rows: { id: string; query: string; grade: string; right: boolean; found: boolean; scores: number[]; reasons: string[]; unmatched: string[] }[] = [];
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
  rows.push({ id: task.id, query: task.query, grade: data.grade ?? "?", right: s.acc1 === 1, found: s.rr > 0, scores: cands.slice(0, 6).map((c) => c.score), reasons: cands[0]?.reasons ?? [], unmatched: data.unmatched ?? [] });
}
console.log(`${split} split, ${rows.length} tasks: grade, tasks, first file right, a target in the first ${CUTOFF}`);
for (const g of ["confident", "partial", "insufficient"]) {
  const of = rows.filter((r) => r.grade === g);
  const right = of.filter((r) => r.right).length;
  console.log(`  ${g.padEnd(13)} ${String(of.length).padStart(4)}  ${of.length ? fmt(right / of.length, 3) : "  -  "} (${right})  ${of.length ? fmt(of.filter((r) => r.found).length / of.length, 3) : "-"}`);
}
if (dump) await Bun.write(dump, JSON.stringify(rows, null, 1));
