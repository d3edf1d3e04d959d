// The issue-20 table from one or more `run.ts --variants --json <file>` results (e.g. one
// per history corpus, run side by side): per corpus and overall, find against BM25F with
// paired bootstrap intervals, the ablation (each history signal off) and the tuning
// alternatives. The alternative kept is chosen on the tuning split alone (best MRR, then
// Acc@1); the held-out split is reported, not looked at for the choice.
//
//   bun scripts/bench/localize/report.ts /tmp/final-*.json

import { fmt, percentile } from "../measure.ts";
import { mean, pairedInterval, scoreRanking, type TaskScore } from "./metrics.ts";
import { isSourceFile } from "./task.ts";
import type { LocalizeBench, TaskResult } from "./run.ts";

const FIND = "find --kind task";
const BM25F = "BM25F (path, names, body)";
/** BM25F over non-test source files only; results from before it was a system get its approximation: BM25F's first 20 with the rest filtered out (a lower bound, marked *). */
const SRC = "BM25F over source files";
const approximated = new Set<string>();

const rows: TaskResult[] = [];
for (const file of process.argv.slice(2)) rows.push(...(JSON.parse(await Bun.file(file).text()) as LocalizeBench).results);

const scoreOf = (r: TaskResult, system: string): TaskScore => {
  if (system === SRC && !(SRC in r.scores)) {
    approximated.add(r.corpus);
    return scoreRanking(r.top[BM25F].filter(isSourceFile), r.targets);
  }
  return system === FIND || system === BM25F || system === SRC ? (r.scores as Record<string, TaskScore>)[system] as TaskScore : (r.variants?.[system] as TaskScore);
};
const line = (label: string, m: TaskScore) => `${label.padEnd(30)} ${fmt(m.acc1, 3).padStart(6)} ${fmt(m.r10, 3).padStart(7)} ${fmt(m.rr, 3).padStart(6)}`;

function diffs(set: TaskResult[], a: string, b: string): string {
  return (["acc1", "r10", "rr"] as const)
    .map((k) => {
      const x = set.map((r) => scoreOf(r, a)[k]);
      const y = set.map((r) => scoreOf(r, b)[k]);
      const d = x.reduce((s, v, i) => s + v - (y[i] as number), 0) / Math.max(1, x.length);
      const [lo, hi] = pairedInterval(x, y);
      return `${k === "acc1" ? "Acc@1" : k === "r10" ? "R@10" : "MRR"} ${d >= 0 ? "+" : ""}${fmt(d, 3)} (${fmt(lo, 3)} … ${fmt(hi, 3)})`;
    })
    .join(", ");
}

const variants = [...new Set(rows.flatMap((r) => Object.keys(r.variants ?? {})))];
const longVariants = [...new Set(rows.flatMap((r) => Object.keys(r.longVariants ?? {})))];
const symbolVariants = [...new Set(rows.flatMap((r) => Object.keys(r.symbolVariants ?? {})))];
const isSymbolVariant = (v: string) => v.includes("symbols:");
const alternatives = variants.filter((v) => !v.startsWith("−") && !isSymbolVariant(v));
const tune = rows.filter((r) => r.split === "tune" && !["hono-git", "ky-git"].includes(r.corpus));
const best = [FIND, ...alternatives]
  .map((v) => [v, mean(tune.map((r) => scoreOf(r, v)))] as const)
  .sort((a, b) => b[1].rr - a[1].rr || b[1].acc1 - a[1].acc1)[0]?.[0] ?? FIND;
console.log(`alternative chosen on the tuning split (best MRR): ${best}`);

/** The independent checks (hono, ky): every task counts, whatever its split. */
const CHECKS = new Set(["hono-git", "ky-git"]);
const LONG = "long query: find --kind task";
const LONG_SRC = "long query: BM25F over source files";
const longOf = (r: TaskResult, system: typeof LONG | typeof LONG_SRC): TaskScore => (r.long?.scores as Record<string, TaskScore>)[system === LONG ? FIND : SRC] as TaskScore;

function longVariant(set: TaskResult[]): void {
  const withLong = set.filter((r) => r.long);
  if (!withLong.length) return;
  const bodied = withLong.filter((r) => r.long?.query !== r.query).length;
  console.log(`  long query (subject + first body paragraph; ${bodied} of ${withLong.length} have a body):`);
  console.log(`    ${line(FIND, mean(withLong.map((r) => longOf(r, LONG))))}`);
  console.log(`    ${line(SRC, mean(withLong.map((r) => longOf(r, LONG_SRC))))}`);
  const pair = (a: (r: TaskResult) => TaskScore, b: (r: TaskResult) => TaskScore) =>
    (["acc1", "r10", "rr"] as const)
      .map((k) => {
        const x = withLong.map((r) => a(r)[k]);
        const y = withLong.map((r) => b(r)[k]);
        const d = x.reduce((s, v, i) => s + v - (y[i] as number), 0) / x.length;
        const [lo, hi] = pairedInterval(x, y);
        return `${k === "acc1" ? "Acc@1" : k === "r10" ? "R@10" : "MRR"} ${d >= 0 ? "+" : ""}${fmt(d, 3)} (${fmt(lo, 3)} … ${fmt(hi, 3)})`;
      })
      .join(", ");
  console.log(`    find − BM25F over sources (long): ${pair((r) => longOf(r, LONG), (r) => longOf(r, LONG_SRC))}`);
  console.log(`    find long − find subject: ${pair((r) => longOf(r, LONG), (r) => scoreOf(r, FIND))}`);
}

function symbolFigures(set: TaskResult[]): void {
  for (const [label, pick] of [["subject", (r: TaskResult) => r.symbols], ["long query", (r: TaskResult) => r.longSymbols]] as const) {
    const scored = set.map(pick).filter((s): s is NonNullable<TaskResult["symbols"]> => Boolean(s));
    const measured = set.filter((r) => pick(r) !== undefined).length;
    if (!measured) continue;
    const avg = (f: (s: (typeof scored)[number]) => number) => fmt(scored.reduce((a, s) => a + f(s), 0) / Math.max(1, scored.length), 3);
    console.log(`  symbols (${label}): ${scored.length} of ${measured} tasks have a target with changed declarations among find's best ${5} files; declarations changed there: median ${percentile(scored.map((s) => s.changed), 50)}`);
    console.log(`    find --kind task  Acc@1 ${avg((s) => s.find.acc1)}  Recall@3 ${avg((s) => s.find.r3)}`);
    console.log(`    BM25 over the file's declarations  Acc@1 ${avg((s) => s.bm25.acc1)}  Recall@3 ${avg((s) => s.bm25.r3)}`);
  }
}

const groups: [string, TaskResult[]][] = [
  ["tuning split", rows.filter((r) => r.split === "tune" && !CHECKS.has(r.corpus))],
  ["held-out split", rows.filter((r) => r.split === "heldout" && !CHECKS.has(r.corpus))],
  ["independent checks (hono, ky; every task)", rows.filter((r) => CHECKS.has(r.corpus))],
];
for (const [title, set] of groups) {
  if (!set.length) continue;
  console.log(`\n## ${title} (${set.length} tasks)          Acc@1    R@10    MRR`);
  for (const corpus of [...new Set(set.map((r) => r.corpus))]) {
    const c = set.filter((r) => r.corpus === corpus);
    console.log(`${corpus} (${c.length})`);
    console.log(`  ${line(FIND, mean(c.map((r) => scoreOf(r, FIND))))}`);
    console.log(`  ${line(BM25F, mean(c.map((r) => scoreOf(r, BM25F))))}`);
    console.log(`  ${line(SRC, mean(c.map((r) => scoreOf(r, SRC))))}${approximated.has(corpus) ? " *" : ""}`);
    console.log(`  find − BM25F: ${diffs(c, FIND, BM25F)}`);
    console.log(`  find − BM25F over sources: ${diffs(c, FIND, SRC)}`);
    longVariant(c);
    symbolFigures(c);
  }
  console.log(`overall (${set.length})`);
  console.log(`  ${line(FIND, mean(set.map((r) => scoreOf(r, FIND))))}`);
  console.log(`  ${line(BM25F, mean(set.map((r) => scoreOf(r, BM25F))))}`);
  console.log(`  ${line(SRC, mean(set.map((r) => scoreOf(r, SRC))))}`);
  console.log(`  find − BM25F: ${diffs(set, FIND, BM25F)}`);
  console.log(`  find − BM25F over sources: ${diffs(set, FIND, SRC)}`);
  longVariant(set);
  symbolFigures(set);
  if (best !== FIND) console.log(`  chosen "${best}" − BM25F: ${diffs(set, best, BM25F)}`);
  console.log(`  variants on the subject (each against find as it is):`);
  for (const v of variants.filter((name) => !isSymbolVariant(name) && set.every((r) => r.variants?.[name]))) console.log(`    ${line(v, mean(set.map((r) => scoreOf(r, v))))}   ${diffs(set, v, FIND)}`);
  const withLong = set.filter((r) => r.long);
  if (withLong.length) {
    console.log(`  variants on the long query (against find on the long query):`);
    const longScore = (r: TaskResult, v: string): TaskScore => (v === LONG ? longOf(r, LONG) : (r.longVariants?.[v] as TaskScore));
    for (const v of longVariants.filter((name) => withLong.every((r) => r.longVariants?.[name]))) {
      const x = withLong.map((r) => longScore(r, v));
      const y = withLong.map((r) => longScore(r, LONG));
      const d = (["acc1", "r10", "rr"] as const).map((k) => {
        const a = x.map((m) => m[k]);
        const b = y.map((m) => m[k]);
        const [lo, hi] = pairedInterval(a, b);
        const mean1 = a.reduce((t, q, i) => t + q - (b[i] as number), 0) / a.length;
        return `${k === "acc1" ? "Acc@1" : k === "r10" ? "R@10" : "MRR"} ${mean1 >= 0 ? "+" : ""}${fmt(mean1, 3)} (${fmt(lo, 3)} … ${fmt(hi, 3)})`;
      });
      console.log(`    ${line(v, mean(x))}   ${d.join(", ")}`);
    }
  }
  if (symbolVariants.length) {
    console.log(`  symbol-level variants (tasks with a found target file that has changed declarations):`);
    for (const v of symbolVariants.filter((name) => set.some((r) => r.symbolVariants && name in r.symbolVariants))) {
      const scored = set.map((r) => r.symbolVariants?.[v]).filter((x): x is NonNullable<TaskResult["symbols"]> => Boolean(x));
      const avg = (f: (x: (typeof scored)[number]) => number) => fmt(scored.reduce((a, x) => a + f(x), 0) / Math.max(1, scored.length), 3);
      console.log(`    ${v.padEnd(30)} n ${scored.length}  Acc@1 ${avg((x) => x.find.acc1)}  Recall@3 ${avg((x) => x.find.r3)}`);
    }
  }
}
if (approximated.size) console.log(`\n* ${[...approximated].join(", ")}: "${SRC}" approximated from BM25F's first 20 (non-sources dropped): a lower bound of that baseline`);
console.log(`\nfind --kind task in-process, warm, p50 ${fmt(percentile(rows.map((r) => r.findMs), 50), 1)} ms over ${rows.length} tasks`);
