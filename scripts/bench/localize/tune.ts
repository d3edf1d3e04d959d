// Tuning PARAMS of localize-params.ts on the tuning split only: every setting given is
// scored over the tuning tasks in one process (the trees' indexes are built once, by the
// first setting), so a handful of settings costs little more than one. The held-out split
// is never loaded here; run.ts judges it.
//
//   bun scripts/bench/localize/tune.ts [--diff] '{"neighbour":0.3}' '{"neighbour":0.5}' …
// The first line is always the current PARAMS.

import { join } from "node:path";
import { call } from "../../../src/engine.ts";
import type { FindData } from "../../../src/ops/find.ts";
import { PARAMS } from "../../../src/retrieve/localize-params.ts";
import { fmt } from "../measure.ts";
import { CUTOFF, mean, scoreRanking, type TaskScore } from "./metrics.ts";
import { docsOf, loadTasks } from "./run.ts";
import type { LocalizeTask } from "./task.ts";

const base = join(import.meta.dir, "..", "..", "..");
const { tasks } = await loadTasks(base, null, () => {});
// As run.ts scores them: targets the index leaves out dropped, tasks left with none skipped.
const tune: LocalizeTask[] = [];
const indexedOf = new Map<string, Set<string>>();
for (const task of tasks.filter((t) => t.split === "tune")) {
  const indexed = indexedOf.get(task.root) ?? new Set((await docsOf(task.root)).map((d) => d.path));
  indexedOf.set(task.root, indexed);
  const targets = task.targets.filter((p) => indexed.has(p));
  if (targets.length) tune.push({ ...task, targets });
}
const defaults = { ...PARAMS };
const args = process.argv.slice(2);
const settings: Record<string, unknown>[] = [{}, ...args.filter((a) => a !== "--diff").map((a) => JSON.parse(a) as Record<string, unknown>)];
let first: TaskScore[] = [];

console.log(`${tune.length} tuning tasks          Acc@1   R@5     R@10    MRR`);
for (const setting of settings) {
  Object.assign(PARAMS, defaults, setting);
  const scores: TaskScore[] = [];
  for (const task of tune) {
    const r = await call("find", { path: task.root, query: task.query, kind: "task", limit: CUTOFF });
    const paths = ((r.data as unknown as FindData).candidates ?? []).map((c) => c.path);
    scores.push(scoreRanking(paths, task.targets));
  }
  const m = mean(scores);
  if (!first.length) first = scores;
  else if (args.includes("--diff")) {
    // --diff: the tasks this setting scores differently from the current PARAMS (R@10, then MRR).
    scores.forEach((x, i) => {
      const was = first[i] as TaskScore;
      if (x.r10 !== was.r10 || x.rr !== was.rr) console.log(`    ${(tune[i] as LocalizeTask).id}: R@10 ${fmt(was.r10, 2)} → ${fmt(x.r10, 2)}, RR ${fmt(was.rr, 2)} → ${fmt(x.rr, 2)}`);
    });
  }
  console.log(`${(JSON.stringify(setting) || "{}").padEnd(28)} ${fmt(m.acc1, 3)}  ${fmt(m.r5, 3)}  ${fmt(m.r10, 3)}  ${fmt(m.rr, 3)}`);
}
