// Proof that a change to how task localization computes its scores (not what it weighs)
// leaves its answers alone: record every answer of `find --kind task` on a split's tasks
// (the subject and, for history tasks, the long query) — candidates with scores, reasons
// and likely declarations, the grade and its evidence, the unmatched words — then compare
// two recordings answer by answer, with Acc@1 / Recall@10 / MRR of each.
//
//   bun scripts/bench/localize/same-answers.ts record --corpus mobx,fp-ts --split tune --out before.json [--base <checkout>] [--twice]
//   bun scripts/bench/localize/same-answers.ts compare before.json after.json
// (--base: the checkout whose .bench/corpus/localize holds the tasks, this one by default;
// --twice: each query asked twice in a row, the second answer checked against the first)

import { join } from "node:path";
import { call } from "../../../src/engine.ts";
import type { FindData } from "../../../src/ops/find.ts";
import { CUTOFF, mean, scoreRanking, type TaskScore } from "./metrics.ts";
import { loadTasks } from "./run.ts";
import type { LocalizeTask } from "./task.ts";

interface Answer {
  id: string;
  query: string;
  targets: string[];
  answer: Pick<FindData, "grade" | "candidates" | "unmatched" | "gradeEvidence" | "noCandidates">;
}

const unstable: string[] = [];

async function record(base: string, only: string[] | null, split: LocalizeTask["split"] | null, twice: boolean): Promise<Answer[]> {
  const { tasks } = await loadTasks(base, only, (s) => process.stderr.write(`${s}\n`));
  const out: Answer[] = [];
  for (const task of tasks.filter((t) => !split || t.split === split)) {
    for (const [suffix, query] of [["", task.query], ["/long", task.long]] as const) {
      if (query === undefined) continue;
      const ask = async (): Promise<Answer["answer"]> => {
        const { grade, candidates, unmatched, gradeEvidence, noCandidates } = (await call("find", { path: task.root, query, kind: "task", limit: CUTOFF })).data as unknown as FindData;
        return { grade, candidates, unmatched, gradeEvidence, noCandidates };
      };
      const answer = await ask();
      // --twice: asked again, as a warm process answers a query it has seen (from what it kept); both answers must agree
      // (a task whose tree is indexed for the first time in this run may answer "building" first: record once more then).
      if (twice && JSON.stringify(await ask()) !== JSON.stringify(answer)) unstable.push(task.id + suffix);
      out.push({ id: task.id + suffix, query, targets: task.targets, answer });
    }
    if (out.length % 20 === 0) process.stderr.write(`  ${out.length} answers\n`);
  }
  return out;
}

function metrics(answers: readonly Answer[]): TaskScore {
  return mean(answers.map((a) => scoreRanking((a.answer.candidates ?? []).map((c) => c.path), a.targets)));
}

const f3 = (x: number) => x.toFixed(3);

async function compare(a: Answer[], b: Answer[]): Promise<boolean> {
  const byId = new Map(b.map((x) => [x.id, x]));
  let same = 0;
  let sameRanking = 0;
  const differ: string[] = [];
  for (const x of a) {
    const y = byId.get(x.id);
    if (!y) {
      differ.push(`${x.id}: missing from the second recording`);
      continue;
    }
    const rx = (x.answer.candidates ?? []).map((c) => c.path).join("\n");
    const ry = (y.answer.candidates ?? []).map((c) => c.path).join("\n");
    if (rx === ry) sameRanking++;
    if (JSON.stringify(x.answer) === JSON.stringify(y.answer)) same++;
    else differ.push(`${x.id} (${rx === ry ? "same ranking, other details" : "RANKING DIFFERS"}): ${x.query.slice(0, 60)}`);
  }
  const ma = metrics(a);
  const mb = metrics(b.filter((y) => a.some((x) => x.id === y.id)));
  console.log(`${a.length} answers: ${sameRanking} identical rankings, ${same} identical answers (scores, reasons, symbols, grade, evidence)`);
  console.log(`first:  Acc@1 ${f3(ma.acc1)}  R@10 ${f3(ma.r10)}  MRR ${f3(ma.rr)}`);
  console.log(`second: Acc@1 ${f3(mb.acc1)}  R@10 ${f3(mb.r10)}  MRR ${f3(mb.rr)}`);
  for (const d of differ.slice(0, 20)) console.log(`  ${d}`);
  const extra = b.length - a.filter((x) => byId.has(x.id)).length;
  if (extra > 0) console.log(`(${extra} answers of the second recording have no counterpart: tasks added since, e.g. new commits of this repository)`);
  return same === a.length;
}

const args = process.argv.slice(2);
const pick = (flag: string) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
if (args[0] === "record") {
  const base = pick("--base") ?? join(import.meta.dir, "..", "..", "..");
  const out = pick("--out");
  if (!out) throw new Error("record needs --out <file>");
  const answers = await record(base, pick("--corpus")?.split(",") ?? null, (pick("--split") as LocalizeTask["split"] | undefined) ?? null, args.includes("--twice"));
  await Bun.write(out, JSON.stringify(answers));
  const m = metrics(answers);
  console.log(`${answers.length} answers → ${out}: Acc@1 ${f3(m.acc1)}  R@10 ${f3(m.r10)}  MRR ${f3(m.rr)}`);
  if (args.includes("--twice")) console.log(unstable.length ? `asked twice, ${unstable.length} answers differed: ${unstable.join(", ")}` : "asked twice: every second answer identical to the first");
  if (unstable.length) process.exit(1);
} else if (args[0] === "compare") {
  const [a, b] = [args[1], args[2]];
  if (!a || !b) throw new Error("compare needs two recordings");
  const ok = await compare(await Bun.file(a).json(), await Bun.file(b).json());
  process.exit(ok ? 0 : 1);
} else {
  throw new Error("usage: same-answers.ts record --corpus <c,…> --split tune --out <file> [--base <checkout>] | compare <a.json> <b.json>");
}
