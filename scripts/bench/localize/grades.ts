// Grade calibration of `find --kind task`: how often the first file is right for each grade
// (confident | partial | insufficient), on the tuning split (or --split heldout, which is only
// read in aggregate). Tuning split only: --sweep recomputes the confident rule with one part
// changed at a time (from each answer's gradeEvidence), --detail lists every task graded
// confident or with a margin of 0.2 or more, --dump <file> writes the per-task rows.
// --absent also asks three queries about things these libraries lack ("add a refund
// endpoint", "… to the billing service", "support quux frobnication in the zyzzyva adapter")
// on one tree per corpus.
//
//   bun scripts/bench/localize/grades.ts [--split tune|heldout] [--sweep] [--detail] [--absent] [--dump <file>]
//
// The rule (src/retrieve/localize.ts grade()), from generic evidence only — the merged scores,
// the text ranking, the first file's path and the query's words — so it holds whatever
// signals feed the merged score:
//   confident    the first file is 0.2 or more ahead of the second (merged scores), the text
//                ranking alone (BM25F over names, paths, bodies) puts it first too, its path
//                contains a query word, and under half of the query's topical words are
//                missing from the repository;
//   insufficient no candidate, or none of the topical words occurs anywhere in the repository
//                ("add a refund endpoint" with no refunds; the files its other words match are
//                still listed), or a low-signal query (a merge, a version bump, a chore:);
//   partial      everything else, including a weak best score (the old "best score < 0.2 →
//                insufficient" is gone: no tuning task had one, and a weak match is evidence).
//
// Figures: grade, tasks, first file right (count). The svc corpus grows with each commit (269
// tuning tasks before, 271 after; held-out 285 both).
//                         before (37b7ac5 rule)            after (this rule)
//   tuning                confident     36  0.833 (30)     confident     30  0.900 (27)
//                         partial      232  0.578 (134)    partial      240  0.579 (139)
//                         insufficient   1  0.000 (0)      insufficient   1  0.000 (0)
//   held-out              confident     39  0.718 (28)     confident     30  0.833 (25)
//   (run once on the      partial      241  0.510 (123)    partial      250  0.504 (126)
//    frozen rule)         insufficient   5  0.200 (1)      insufficient   5  0.400 (2)
// After merging main (161d6ba, 276 tuning tasks): confident 31 0.903 (28), partial 244 0.582
// (142), insufficient 1 0.000 (0); the --sweep plateau below moves by at most one task.
// Coverage of confident: tuning 13.4% → 11.1%, held-out 13.7% → 10.5%. First file right over
// all tasks: tuning 0.613, held-out 0.537. Held-out confident is 83.3% — below the 85% target,
// 30 tasks (a 95% interval of roughly 66–93%). The held-out "after" insufficient row is with the
// low-signal fix of af9b0d8 (queries starting "release…"/"build…" got zero candidates).
// --absent (45 answers on 15 trees): confident 0; insufficient 26 (3 with no candidate: the
// other 23 list the files the change words match, "add", "support"); partial 19, each with
// some topical word present in that tree (svc's own tests mention refunds; others have
// "endpoint", "service" or "adapter"), the rest listed as unmatched.
// At 37b7ac5 (226 tuning tasks) the margin + path + unmatched rule had lifted confident from
// 62.9% to 81.8% on tuning and 63.0% to 71.9% on held-out.
//
// How the rule was chosen (tuning split, 268 tasks with candidates, first file right 61%):
// first-file-right by one feature at a time —
//   margin (first − second): < 0.05 58%, 0.05–0.1 53%, 0.1–0.15 56%, 0.15–0.2 63%,
//     0.2–0.3 66%, 0.3–0.4 85%, ≥ 0.4 90%: a weak signal alone;
//   the text ranking's first file is the merged first: 71% (168 tasks) against 45% (100);
//   the first file's path contains a query word: 67% (171) against 51% (97);
//   the first file holds every topical word the repository has: 75% (61), under half 40% (55);
//   it holds two or more topical words more than the second: 73% (74), fewer 44% (64);
//   not predictive: the height of the best score (flat 61–65% except 8 tasks at 0.9–0.95),
//   query length (2–8+ topical words: 59–65%), relative margin (second/first) and spread
//   (z-score of the first against the next nine) — with agreement and path hit they give
//   the same 86–92% on fewer tasks than the absolute margin; a test file first: 2 tasks.
// Agreement with the text ranking removes 6 of the 36 confident answers of the 37b7ac5 rule,
// 3 right and 3 wrong; the wrong ones were first by name or declaration evidence the text did
// not prefer ("Fix 2022.3 @action decorators … no longer require makeObservable" →
// makeObservable.ts, the change in types/actionannotation.ts; "Overlay checks …" →
// semantic/engine.ts by its path and an exact declaration, the change in check/overlay.ts).
// --sweep, the rule with one part changed (tasks, right):
//   margin ≥ 0.1 56 0.786 · 0.15 42 0.857 · 0.175 38 0.842 · 0.2 30 0.900 · 0.225 27 0.926 ·
//   0.25 20 0.900 · 0.3 13 0.846 — a plateau of 84–93% from 0.15 to 0.3, not a spike;
//   unmatched share < 0.34 / 0.5 / 0.67 / any: 30 0.900 / 30 0.900 / 33 0.909 / 33 0.909;
//   without agreement 36 0.833; without path hit 43 0.860; margin alone 56 0.732.
// The three wrong confident tuning answers name a declaration whose own file is not the one
// changed: "`makeObservable` does not respect `options.name`" → src/api/makeObservable.ts
// (the fix is in types/observableobject.ts), "Ensure that `compact` and `mergeOptions`
// preserve symbol keys" → mergeOptions.js (compact.js changed), "add more /*#__PURE__*/
// comments to improve tree shaking" → es6/Tree.js (a word, not the subject). Nothing generic
// in the evidence separates them from the right ones.

import { join } from "node:path";
import { call } from "../../../src/engine.ts";
import type { FindData } from "../../../src/ops/find.ts";
import { CONFIDENT_RULE, isConfident, type ConfidentRule, type GradeEvidence } from "../../../src/retrieve/localize.ts";
import { fmt } from "../measure.ts";
import { CUTOFF, scoreRanking } from "./metrics.ts";
import { docsOf, loadTasks } from "./run.ts";
import type { LocalizeTask } from "./task.ts";
import { checkoutParent } from "./corpus-history.ts";
import { openCurrentIndex } from "../../../src/indexing/fresh.ts";

/** The first candidates with their top-level declaration names and test/generated flags (for --dump). */
async function topOf(root: string, cands: readonly { path: string; score: number; reasons: string[] }[]): Promise<Row["top"]> {
  const index = await openCurrentIndex(root, { waitForBuild: true });
  if (!index.available) return [];
  try {
    const file = index.db.prepare("SELECT id, is_test, is_generated FROM files WHERE path = ?");
    const names = index.db.prepare("SELECT DISTINCT name FROM symbols WHERE file_id = ? AND container IS NULL");
    return cands.map((c) => {
      const f = file.get(c.path) as { id: number; is_test: number; is_generated: number } | null;
      return { ...c, names: f ? (names.all(f.id) as { name: string }[]).map((r) => r.name) : [], test: f?.is_test === 1, generated: f?.is_generated === 1 };
    });
  } finally {
    index.db.close();
  }
}

const args = process.argv.slice(2);
const split = (args.includes("--split") ? args[args.indexOf("--split") + 1] : "tune") as LocalizeTask["split"];
const dump = args.includes("--dump") ? args[args.indexOf("--dump") + 1] : null;
const detail = args.includes("--detail");
const sweep = args.includes("--sweep");
const absent = args.includes("--absent");
if ((dump || detail || sweep) && split !== "tune") throw new Error("--dump, --detail and --sweep are for the tuning split only");
const only = args.includes("--corpus") ? (args[args.indexOf("--corpus") + 1] ?? "").split(",") : null;
const base = join(import.meta.dir, "..", "..", "..");
const { tasks } = await loadTasks(base, only, () => {});
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
  corpus: string;
  targets: string[];
  top: { path: string; score: number; reasons: string[]; names: string[]; test: boolean; generated: boolean }[];
}
const rows: Row[] = [];
const indexedOf = new Map<string, Set<string>>();
for (const task of tasks.filter((t) => t.split === split)) {
  // History corpora: one clone per corpus, checked out at each task's parent (docsOf runs the leakage check).
  if (task.checkout) checkoutParent(task.root, task.checkout);
  const indexed = (task.checkout ? undefined : indexedOf.get(task.root)) ?? new Set((await docsOf(task.root, task)).map((d) => d.path));
  indexedOf.set(task.root, indexed);
  const targets = task.targets.filter((p) => indexed.has(p));
  if (!targets.length) continue;
  const r = await call("find", { path: task.root, query: task.query, kind: "task", limit: CUTOFF });
  const data = r.data as unknown as FindData;
  const cands = data.candidates ?? [];
  const s = scoreRanking(cands.map((c) => c.path), targets);
  rows.push({ id: task.id, query: task.query, grade: data.grade ?? "?", right: s.acc1 === 1, found: s.rr > 0, scores: cands.slice(0, 6).map((c) => c.score), first: cands[0]?.path ?? "", reasons: cands[0]?.reasons ?? [], unmatched: data.unmatched ?? [], evidence: data.gradeEvidence ?? null, corpus: task.corpus, targets, top: dump ? await topOf(task.root, cands.slice(0, 10)) : [] });
  if (task.checkout) process.stderr.write(`  ${rows.length} ${task.id}\n`);
}
const share = (of: readonly Row[]) => `${String(of.length).padStart(4)}  ${of.length ? fmt(of.filter((r) => r.right).length / of.length, 3) : "  -  "} (${of.filter((r) => r.right).length})`;
console.log(`${split} split, ${rows.length} tasks: grade, tasks, first file right, a target in the first ${CUTOFF}`);
for (const g of ["confident", "partial", "insufficient"]) {
  const of = rows.filter((r) => r.grade === g);
  console.log(`  ${g.padEnd(13)} ${share(of)}  ${of.length ? fmt(of.filter((r) => r.found).length / of.length, 3) : "-"}`);
}
const kindOf = (r: Row) => (r.corpus === "svc" ? "svc" : r.corpus.endsWith("-git") ? "history" : "npm");
for (const kind of ["npm", "svc", "history"]) {
  const of = rows.filter((r) => kindOf(r) === kind);
  if (of.length) console.log(`    ${kind.padEnd(8)} ${String(of.length).padStart(4)} tasks; confident ${share(of.filter((r) => r.grade === "confident"))}, partial ${share(of.filter((r) => r.grade === "partial"))}, insufficient ${share(of.filter((r) => r.grade === "insufficient"))}`);
}
// The rule before 2026-11-26 (calib2), from the same answers' evidence: lead and path both, the text ranking agreeing, under half of the topical words missing.
const EARLIER: ConfidentRule = { ...CONFIDENT_RULE, supports: 2, namesLead: Number.POSITIVE_INFINITY, namedElsewhere: false, sourceFirst: false };
console.log(`  the earlier rule (lead 0.2 and path, text first, unmatched < 0.5) on the same answers: confident ${share(rows.filter((r) => r.evidence && r.grade !== "insufficient" && isConfident(r.evidence, EARLIER)))}`);
console.log(`  confident on ${fmt(rows.filter((r) => r.grade === "confident").length / Math.max(1, rows.length), 3)} of the tasks; first file right on ${fmt(rows.filter((r) => r.right).length / Math.max(1, rows.length), 3)} of all`);
if (sweep) {
  // The confident rule with one part changed at a time: neighbouring thresholds should give similar precision.
  const graded = rows.filter((r) => r.evidence && r.grade !== "insufficient");
  const line = (label: string, o: Partial<ConfidentRule>) => console.log(`  ${label.padEnd(40)} ${share(graded.filter((r) => isConfident(r.evidence as GradeEvidence, { ...CONFIDENT_RULE, ...o })))}`);
  console.log("confident rule variants: tasks, first file right");
  for (const margin of [0.1, 0.15, 0.175, 0.2, 0.225, 0.25, 0.3]) line(`lead ≥ ${margin}`, { margin });
  for (const namesLead of [1, 2, 3, 4]) line(`names lead ≥ ${namesLead}`, { namesLead });
  line("one support of three", { supports: 1 });
  line("all three supports", { supports: 3 });
  line("no path support (two of lead, names)", { pathHit: false });
  for (const unmatchedShare of [0.34, 0.67, 1.01]) line(`unmatched share < ${unmatchedShare}`, { unmatchedShare });
  line("without agreement with the text ranking", { textFirst: false });
  line("without the named-elsewhere veto", { namedElsewhere: false });
  line("without the source-first veto", { sourceFirst: false });
}
if (detail) {
  for (const r of rows.filter((x) => x.grade === "confident" || (x.evidence && (x.evidence.margin >= 0.2 || x.evidence.namesLead >= 2)))) {
    const e = r.evidence as GradeEvidence;
    console.log(`${r.right ? "right" : "WRONG"} ${r.grade.padEnd(10)} ${r.id}  margin ${e.margin}  text-first ${e.textFirst}  path ${e.pathHit}  names lead ${e.namesLead}  unmatched ${e.unmatchedShare}${e.namedElsewhere.length ? `  named elsewhere ${e.namedElsewhere.join(", ")}` : ""}${e.firstRole ? `  first is ${e.firstRole}` : ""}\n    ${r.query.slice(0, 110)}\n    → ${r.first}  ${r.reasons.slice(0, 3).join(", ")}`);
  }
}
if (absent) {
  // Queries about things these libraries do not have, on one tree per corpus: never confident;
  // insufficient when none of their topical words occurs in the tree, partial (with the words
  // listed as unmatched) when some do.
  const QUERIES = ["add a refund endpoint", "add a refund endpoint to the billing service", "support quux frobnication in the zyzzyva adapter"];
  const roots = new Map<string, string>();
  for (const t of tasks) roots.set(t.corpus, t.root);
  const counts: Record<string, number> = {};
  for (const [corpus, root] of roots) {
    for (const query of QUERIES) {
      const data = (await call("find", { path: root, query, kind: "task", limit: CUTOFF })).data as unknown as FindData;
      const key = `${data.grade}${(data.candidates ?? []).length ? "" : " (no candidate)"}`;
      counts[key] = (counts[key] ?? 0) + 1;
      if (data.grade === "confident" || detail) console.log(`  ${corpus}: "${query}" → ${data.grade}, unmatched ${(data.unmatched ?? []).join(" ") || "none"}, first ${data.candidates?.[0]?.path ?? "-"}`);
    }
  }
  console.log(`absent-topic queries (${QUERIES.length} on ${roots.size} trees): ${Object.entries(counts).map(([k, n]) => `${k} ${n}`).join(", ")}`);
}
if (dump) await Bun.write(dump, JSON.stringify(rows, null, 1));
