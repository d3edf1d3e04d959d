// Grade calibration of `find --kind task`: how often the first file is right for each grade
// (confident | partial | insufficient), on the tuning split (or --split heldout, which is only
// read in aggregate). By default the npm corpora and svc's own history; --corpus takes the
// corpora to read (run.ts names: `--corpus history` for effect-git, mikro-orm-git, rxjs-git,
// zod-git, each task checked out at its parent with the leakage check of corpus-history.ts).
// Tuning split only: --sweep recomputes the confident rule with one part changed at a time
// (from each answer's gradeEvidence), --detail lists every task graded confident or with a
// lead of 0.2 or a names lead of 2 or more, --dump <file> writes the per-task rows (with the
// first ten files' top-level names). --absent also asks three queries about things these
// libraries lack ("add a refund endpoint", "… to the billing service", "support quux
// frobnication in the zyzzyva adapter") on one tree per corpus. Every run also prints the
// earlier rule's confident row on the same answers (from their evidence).
//
//   bun scripts/bench/localize/grades.ts [--corpus history|<names>] [--split tune|heldout] [--sweep] [--detail] [--absent] [--dump <file>] [--params <json>]
//   e.g. tuning:   bun scripts/bench/localize/grades.ts --sweep --detail
//                  bun scripts/bench/localize/grades.ts --corpus history --sweep --detail   (~7 min after the clones exist)
//        held-out: bun scripts/bench/localize/grades.ts --split heldout; … --corpus history --split heldout
//
// The rule (src/retrieve/localize-grade.ts isConfident), from generic evidence only — the
// merged scores, the text ranking, the query's words in the best files' own names and the
// identifiers the query names — so it holds whatever signals feed the merged score:
//   confident    the text ranking alone (BM25F over names, paths, bodies) puts the first file
//                first too, under half of the query's topical words are missing from the
//                repository, and two of three supports hold: it leads the second file by 0.2
//                or more (merged scores); its path contains a query word; its own names (path
//                segments and top-level declarations, with identifier parts and stems) hold two
//                or more of the query's topical words more than the second file's (namesLead).
//                Never when the query names an identifier (backticked, camelCase, snake_case)
//                that one of the next nine files declares and the first does not
//                (namedElsewhere: "`compact` and `mergeOptions`"), nor when the first file is a
//                test, documentation/data or generated (firstRole);
//   insufficient no candidate, or none of the topical words occurs anywhere in the repository
//                ("add a refund endpoint" with no refunds; the files its other words match are
//                still listed), or a low-signal query (a merge, a version bump, a chore:);
//   partial      everything else; its line names each vetoing part and, when fewer than two
//                supports hold, the ones missing ("the first file has 1 of the 2 supports
//                needed (lead, path, names): it leads the second file by 0.05 (0.2 needed); its
//                path and declarations hold 1 more of the query's words than the second file's
//                (2 more needed)").
//
// Figures (2026-11-26, rule frozen at 867dbe5, ranking of main 62a2e9a): grade, tasks, first
// file right (count). "Before" is the earlier rule (lead 0.2 and path hit, text first,
// unmatched < 0.5; 37b7ac5…62a2e9a) applied to the same answers' evidence.
//                            before (earlier rule)          after (this rule)
//   tuning  npm+svc (303)    confident     33  0.909 (30)   confident     50  0.920 (46)
//                            partial      269  0.576 (155)  partial      252  0.552 (139)
//                            insufficient   1  0.000 (0)    insufficient   1  0.000 (0)
//           history (86)     confident      2  1.000 (2)    confident      5  1.000 (5)
//                            partial       84  0.476 (40)   partial       81  0.457 (37)
//           all (389)        confident     35  0.914 (32)   confident     55  0.927 (51)
//   held-out npm+svc (319)   confident     32  0.844 (27)   confident     58  0.879 (51)
//   (run once, after the                                    partial      256  0.473 (121)
//    rule was committed)                                    insufficient   5  0.400 (2)
//           history (94)     confident      1  1.000 (1)    confident      2  1.000 (2)
//                                                           partial       91  0.495 (45)
//                                                           insufficient   1  1.000 (1)
//           all (413)        confident     33  0.848 (28)   confident     60  0.883 (53)
// Coverage of confident: tuning 9.0% → 14.1%, held-out 8.0% → 14.5% (npm+svc 18.2%, history
// 2.1%). Held-out confident 88.3% (53 of 60; a 95% interval of roughly 78–94%): above the 85%
// target, its lower bound is not. Per kind held-out: npm 33 0.879 (29), svc 25 0.880 (22).
// First file right over all tasks: tuning npm+svc 0.611, history 0.488; held-out 0.545, 0.511.
// --absent (45 answers on the 15 npm/svc trees): confident 0; insufficient 26 (3 with no
// candidate), partial 19, each with some topical word present in that tree; on the 4 history
// trees (--corpus history --absent) 12 answers, all partial.
//
// How the rule was chosen (tuning split only: npm + svc + the four history corpora, 388
// graded tasks, first file right 60%; per-task rows from --dump, each feature alone):
//   the first file's names hold more query words than the second's (namesLead): ≤ 0 49% (218
//     tasks), 1 66% (103), ≥ 2 79% (67); with the text ranking agreeing and under half the
//     words missing, namesLead ≥ 2 is 93% (43 tasks) at any lead — 10 of 10 below 0.05 — and
//     namesLead ≥ 1 with the text agreeing 86% (100);
//   text ranking first 73% against 44%; path hit 63% against 47%; lead < 0.1 51%, 0.1–0.2
//     64%, 0.2–0.3 71%, ≥ 0.3 88% (24 tasks);
//   the query names an identifier another of the best files declares and the first does not:
//     12 tasks, 42% (one of the earlier rule's confident answers, a wrong one);
//   the first file a test, doc or generated: 3 tasks, none right (none was confident);
//   not predictive: two best files in one folder (60% against 57%; as a veto it removed 9 right
//     and 1 wrong confident answers), the best score's height, the first file's share of the
//     query words.
// --sweep (npm+svc tuning; history in brackets), the rule with one part changed: lead ≥ 0.1 78
//   0.846 · 0.15 61 0.885 · 0.2 50 0.920 · 0.225 47 0.936 · 0.25 42 0.929 · 0.3 37 0.919 [all
//   5–8 at 100%]; namesLead ≥ 1 71 0.901 [9 0.889] · 2 50 0.920 · 3 44 0.909 · 4 40 0.925; one
//   support of three 125 0.792 [16 0.875]; all three 12 1.000; without the path support 16
//   1.000; without text agreement 70 0.843 [14 0.857]; without the named-elsewhere veto 52
//   0.904; unmatched share < 0.34 / 0.67: 50 0.920 / 53 0.925. A plateau of 0.88–0.94 around
//   the chosen point, not a spike; the two-of-three form keeps each support's reason (the
//   earlier rule needed lead and path both: 33 0.909).
// Misgraded confident tuning answers (4 of 55): the named declaration's own file when the fix
// is deeper ("`makeObservable` does not respect `options.name`" → makeObservable.ts, the fix
// in types/observableobject.ts); a query word used as a common word ("… to improve tree
// shaking" → es6/Tree.js, the change in many other modules); two svc commits whose long
// subjects name many concepts the first file declares while the change is elsewhere
// ("Refactors keep a CRLF file's line endings … (apply only restores CRLF …)" →
// ops/apply-fidelity.ts, the change in ops/refactor.ts; "Store schema 4: symbol name indexes
// … name lookups …" → retrieve/lookup.ts, the change in store/schema.ts). Nothing generic in
// the evidence separates them from the right ones.
//
// Earlier rules. At 37b7ac5 the margin + path + unmatched rule lifted confident from 62.9% to
// 81.8% on tuning (226 tasks) and 63.0% to 71.9% on held-out; agreement with the text ranking
// (the earlier rule above) then gave tuning 30 0.900, held-out 30 0.833 (31 0.839 after main
// moved), below the target. Its three wrong tuning answers are the first three above.

import { join } from "node:path";
import { call } from "../../../src/engine.ts";
import type { FindData } from "../../../src/ops/find.ts";
import { CONFIDENT_RULE, isConfident, type ConfidentRule, type GradeEvidence } from "../../../src/retrieve/localize.ts";
import { fmt } from "../measure.ts";
import { CUTOFF, scoreRanking } from "./metrics.ts";
import { docsOf, loadTasks } from "./run.ts";
import type { LocalizeTask } from "./task.ts";
import { checkoutParent } from "./corpus-history.ts";
import { PARAMS } from "../../../src/retrieve/localize-params.ts";
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
// --params '{"auxPrior":1}': the ranking with other PARAMS (e.g. an earlier configuration, for a before/after on the same code).
if (args.includes("--params")) Object.assign(PARAMS, JSON.parse(args[args.indexOf("--params") + 1] as string));
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
