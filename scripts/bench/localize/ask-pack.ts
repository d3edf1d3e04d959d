// Context efficiency of `svc ask` (issue 23): on the localization corpora's tasks (run.ts's
// loadTasks; targets = the non-test source files the commit changed), the share of the
// targets an answer of N tokens contains — at any level, and whole (tier none/standard, not
// an excerpt) — and whether it contains all of them, next to the simplest packer a user could
// script: rank files with BM25F (baselines.ts) and pack whole files in rank order while they
// fit (a file that does not fit is skipped, the next ones still tried), counted with the
// tokenizer svc uses. Differences are paired over tasks with run.ts's bootstrap interval.
//
//   bun scripts/bench/localize/ask-pack.ts [--split tune|heldout] [--corpus a,b] [--budgets 8000,20000]
//       [--params '{"…":…}'] [--variants '{"name":{"…":…}}'] [--per-corpus N] [--ids id,id] [--surface cli|mcp] [--json <file>] [--detail]
// --surface: ask as `svc ask <task> --budget N` answers (cli, the default: the text alone is printed, so the
// budget counts the text) or as svc_ask does over MCP (text and structured result both sent and counted).
// --split defaults to tune: held-out is for the final look. --params overrides ask's
// ASK_PARAMS in this process; --variants scores named overrides (of ASK_PARAMS, or of the localizer's PARAMS) on every task next to the
// default, same index, same run (ablations, before/after, each with its own p50). --corpus
// takes the history corpora (effect-git, mikro-orm-git, rxjs-git, zod-git: one clone per
// corpus checked out per task, leak-checked as in run.ts; ~1–3 min per task) and svc (its
// own history); --per-corpus N keeps each corpus's N most recent tasks (in --corpus order;
// --json is rewritten after each task group, so a long run's partial rows survive).
// ask latency: in-process, warm, at the first budget.
// Bodies: on history tasks (and npm tasks whose next version's package is unpacked in the cache), the share of the
// declarations the change touched (symbols.ts) whose bodies the answer holds: its file whole, or the declaration kept
// whole in its signatures (keptWhole); the pack holds those of the files it packs.
//
// At cf03718 (2026-11-27, h133), issue 23's whole-file losses looked at target by target on the npm tuning split (held-out not
// run): every target-budget where the BM25F pack has a target whole and ask does not (a scratch script, not committed: the pack's
// files, ask's entries with their tier, tokens and "task candidate N", the target's size and text rank). 17 target-budgets (15
// task-budgets: 12 at 8k, 3 at 20k), by cause:
//   wrong candidates ranked ahead of the target went whole and took the room  8 (7 tasks, all 8k)
//     one large (6.0–6.5k as ask renders it) 1st or 2nd   4  nodemailer@6.7.8 and @6.6.5 (lib/mime-node/index.js, 1st: "declares
//                                                           getAddresses", "path contains node"), bull@3.24.0 (lib/queue.js, 2nd:
//                                                           "declares add", the subject's verb), @apollo/client@4.0.9 (the named
//                                                           type's core/ObservableQuery.js)
//     several mid-size (1.4–2.7k) at ranks 1–6           4  @apollo/client@3.9.11 (sibling hooks on "use", "query" of
//                                                           `useSuspenseQuery`), nodemailer@7.0.3 (mail-message.js 3rd; mime-node and
//                                                           mailer/index.js waiting on "declares setHeader / set": "Set", the
//                                                           subject's verb), nodemailer@6.4.4 x2 (smtp-connection's 1.4k of
//                                                           signatures, xoauth2 1.8k on "auth" of `forceAuth`)
//   the localizer's recall: the target past the 12 whole candidates (17, 21, 22) or no candidate  6 (4 at 20k): sinon@9.0.1 8k,
//                                                           fp-ts@2.9.3 20k, fp-ts@2.1.2 20k; sinon@7.1.1 8k, @apollo/client@4.0.12
//                                                           20k, sinon@2.3.5 20k (a graph neighbour only)
//   another target whole took the room (ranking right, the budget binding)  3: fp-ts@2.16.6, bull@4.10.3, bull@3.29.1 (8k)
// The lead's hypothesis (a large wrong file 1st or 2nd) is 4 of 17 (no mongoose task on tuning). In all 4 the pack wins only
// because the wrong file does not fit raw (mime-node 9.2k, queue.js 8.3k, ObservableQuery 11.4k tokens with comments) and it
// skips it, where ask's standard view (comments stripped) fits it. No size or reason separates the wrong large first files: on
// the tuning split's not-confident top 3, files over ~5k tokens (estimated) led by a partial name match are targets 10 of 15 at
// rank 1, 7 of 21 at ranks 2–3. The largest group's causes are several (the subject's verb as a name 2 tasks, an identifier's
// parts as path words 2, a topic word inside a large file's name 1, the runtime's name "Node" 1, the named type 1); the one
// change taken attacks the first: the verb a task opens with (its first word, or the first after a "scope:" label; add, fix, set,
// allow, make, …, written nowhere else in the task) makes no name match and no path hit, its body hits still counting (localizer
// PARAMS.leadVerb, localize.ts leadingVerb). Taken as the default. Tuning, --variants '{"verb":{"leadVerb":1}}' against the
// default in the same run, present / whole / all-present:
//   npm (176)  8k 86.6 / 74.8 / 79.0 → 86.6 / 75.1 (+0.3, 0.0 … 0.9) / 79.0; 20k 93.2 / 89.6 / 89.2 → 93.3 (+0.1, 0.0 … 0.4) /
//              89.6 / 89.2 (pack 63.1 / 63.1 / 55.7, 81.8 / 81.8 / 73.3); 2 task-budgets differ, both up: nodemailer@7.0.3 8k
//              (lib/dkim/index.js whole: mailer/index.js, "declares set", no longer ranked and waiting ahead of it;
//              nodemailer 8k whole 41.7 → 44.2, still below the pack's 50.0), fp-ts@2.9.3 20k (+1 of 4 targets present);
//              bodies 8k +0.3; every other corpus identical. bull@3.24.0 unchanged: lib/queue.js stays 2nd on its body (0.457 vs lib/job.js 0.453).
//   svc (150)  8k 84.8 / 73.1 / 70.7, 20k 89.9 / 85.7 / 80.0: identical (svc's subjects open with a scope and a noun: the rule
//              fires on 1 of 150; npm 102 of 176). p50 npm 677 vs 680 ms, svc 584 vs 653 ms (both runs and a diagnostic side by
//              side on the shared 2 cores: absolute times ~7x the quiet ones).
//   The localizer (find --kind task) on npm tuning: top 12 moved on 17 tasks, a target up on 3 (mongoose@5.10.17's first file
//   lib/aggregate.js → lib/document.js, right; mobx@6.13.0 8th → 6th; nodemailer@7.0.3 6th → 5th), down on 1 (sinon@6.0.1 2nd
//   → 4th). Measured with the change nouns in the list too ("Tests of…", "perf", "correctly": 4 npm and 2 svc subjects, no
//   score changed on them), then narrowed to the verbs: the answers on the other tasks are the measured ones. Then (lead) the localization
//   benchmark's tuning split, history corpora included (tune.ts '{"leadVerb":0}', 665 tasks): Acc@1 0.671 vs 0.669 off,
//   R@5 0.805 and R@10 0.900 both, MRR 0.781 vs 0.780.
//   bun scripts/bench/localize/ask-pack.ts --split tune --corpus mobx,rxjs,dayjs,fp-ts,knex,@apollo/client,nodemailer,bull,
//       react-i18next,axios,express,body-parser,mongoose,sinon --variants '{"verb":{"leadVerb":1}}' --detail;  --corpus svc
//       --per-corpus 150 (same variants; now the default: '{"before":{"leadVerb":0}}')
//   Confirmed at b85f1e6 (the verbs only, the default), --variants '{"before":{"leadVerb":0}}', the two splits one after the
//   other: every task-budget as in the first runs, both arms (npm 176, svc 150); p50 npm 344 vs 319 ms (1.08×), svc 518 vs 507
//   ms (1.02×), other helpers' benchmarks alongside.
//
// Held-out, read once at 93ecbf3 (2026-11-27, lead; nothing tuned after): 617 tasks (193 npm as before, 424 svc). 8k ask
// 82.8 / 68.7 vs the pack 54.3 (Δ +28.5 / +14.5), 20k 90.2 / 86.1 vs 72.0 (+18.2 / +14.1); bodies 8k 72.1 vs 60.9, 20k 87.8
// vs 79.6; p50 98.7 ms. The three npm tasks the no-signal rule emptied at ae1e6f7 answer strategy=search confidence=low
// (react-i18next's and sinon's get their file); mobx@6.12.5 8k lost one of two targets (unexplained, not looked into).
// Below the pack on whole: @apollo/client 8k 59.1 vs 62.9, mobx 20k 54.8 vs 59.1, mongoose 20k 33.3 vs 46.7, sinon 8k
// 84.9 vs 88.1; mongoose 20k present +6.7.
//
// At 0d09ec9 (2026-11-27, h131), issue 23's per-file share, tuning split only (held-out not run): a later candidate (rank
// 2–12) that no exact declaration backs and the task does not name, whose index estimate is over laterShare (0.5) of the
// budget, waits as a candidate that does not fit waits (deferKeep's room, focused signatures) — even when it would fit
// whole — while the candidates after it are tried whole; only files taking at most laterPass (0.25) of the budget whole pass
// it, together at most laterPassTotal (0.35): the next file over gives it the room first (whole if it fits, else it keeps
// waiting), then is placed as any other (render/fusion.ts laterWait; ASK_PARAMS.laterShare / laterPass / laterPassTotal).
// Taken. Tuning, --variants against the default in the same run, present / whole / all-present (npm, 176 tasks):
//                   8k default  86.6 / 74.8 / 79.0   20k  93.2 / 89.6 / 89.2   (pack 63.1 / 63.1 / 55.7, 81.8 / 81.8 / 73.3)
//   wait, all pass (laterShare 0.5 alone)   8k present +0.4 (−0.5 … 1.2), whole −2.0 (−4.5 … 1.0), all +1.1; 20k ±0 — fixes
//                   apollo@3.9.11 and mobx@6.4.1, but the large waiting one is often the target and the small ones passing
//                   it fill its room: nodemailer@9.0.1 (mail-composer 3.7k, candidate 2, lib/mailer/index.js 2.4k passes),
//                   bull@3.25.0, axios@1.8.2 (http.js 4.0k: seven files under 1.3k pass), fp-ts@2.4.2 lose their target whole
//   + laterPass 0.25   8k +0.1 (−0.8 … 0.9) / +0.2 (−1.6 … 2.3) / +0.6 (0.0 … 1.7), 20k ±0 — axios 8k whole 66.7 → 46.7
//                   (below the pack's 60.0): many small files still pass
//   + laterPassTotal 0.35 (taken)  8k +0.1 (−0.8 … 0.9) / +0.9 (0.0 … 2.6) / +0.6 (0.0 … 1.7); 20k identical (176 tasks);
//                   3 task-budgets differ: @apollo/client@3.9.11 (QueryReference.js whole: useQuery.js, candidate 5, waits)
//                   and mobx@6.4.1 (+1 present, +1 whole) gain; mongoose@5.10.17 loses lib/helpers/promiseOrCallback.js
//                   (it arrived as a neighbour of lib/aggregate.js whole, a wrong candidate 2 that now waits: its focused
//                   signatures take 1.5k). Per corpus 8k, present / whole, before → after: @apollo/client 77.0 / 64.7 →
//                   77.0 / 73.0 (pack 52.6), mobx 85.0 / 75.0 → 88.3 / 78.3 (pack 65.0), mongoose 73.6 / 62.5 → 68.1 /
//                   62.5 (pack 56.9); the rest identical (nodemailer 8k 41.7 vs 50.0 and sinon 8k 81.1 vs 81.7 still below
//                   the pack on whole: not this pattern). p50 60.3 ms (default 60.9 in the same run).
//   Dropped on the way (same commands): the waiting one placed by the first later file not arriving whole (laterWait 2),
//   or whole only within 0.4 of the budget (laterCap): identical to laterShare alone (26 tasks, apollo and nodemailer);
//   laterShare 0.35: apollo@3.7.17 20k +1 present, nodemailer@8.0.7 20k −1 whole; the size by the renderer's count
//   (comments stripped) at 0.3 with the threshold 0.3: 8k present −0.9 / whole −1.1 (119 tasks). Yielding to a larger file
//   must not drop the waiting one (estimate × 0.2 over the room left): it keeps waiting (bull@4.5.5, @3.24.0, @3.22.3 lost
//   lib/queue.js before that fix: 8k present −1.3).
//   bun scripts/bench/localize/ask-pack.ts --split tune --corpus @apollo/client,nodemailer,bull,axios,sinon,mongoose,mobx,
//       rxjs,dayjs,fp-ts,knex,react-i18next,express,body-parser --variants '{"p25":{"laterShare":0.5,"laterPass":0.25},
//       "p25t35":{"laterShare":0.5,"laterPass":0.25,"laterPassTotal":0.35}}' --detail   (then, the default taken:
//       --variants '{"before":{"laterShare":0}}')
//   The default taken, against before (laterShare 0) in one run: the same 3 task-budgets, 8k 86.7 / 75.7 / 79.5 vs 86.6 /
//   74.8 / 79.0 (before = the old default exactly), 20k identical; p50 62.0 ms vs 57.0 (1.09×).
// Then reverted (lead, same day): on svc's own tuning split, which h131 did not use (--corpus svc --per-corpus 150
//   --variants '{"off":{"laterShare":0}}'), the rule off against on: 8k present −0.1 (−0.4 … 0.0), whole +1.1 (0.0 … 2.8);
//   20k present −0.7 (−1.7 … 0.0), whole −0.5 (−1.3 … 0.0); p50 76.9 vs 84.9 ms. With npm's +0.9 at 8k the rule nets about
//   nothing, its thresholds were chosen on four tasks, and it adds a second waiting path to the packer: not kept. Disclosed:
//   this check was run after the held-out reading below, which had the rule on.
// Held-out, read once at b9268b5 (the rule on; nothing tuned on it), --surface cli, 681 tasks (193 npm, 488 svc: svc's
//   history has grown): 8k 83.6 / 68.2 vs the pack 54.3 (+29.3 / +13.9), 20k 90.8 / 86.5 vs 72.5 (+18.3 / +14.0); bodies
//   8k 71.2 vs 60.9, 20k 87.4 vs 79.6; p50 97.6 ms. Below the pack on whole: @apollo/client 8k 59.5 vs 62.9, mobx 20k 54.8
//   vs 59.1, mongoose 20k 33.3 vs 46.7, sinon 8k 84.9 vs 88.1 (as at 93ecbf3), dayjs 20k 90.0 vs 100 (one of 5 tasks). On
//   the 617 tasks both readings share, 26 of 1,234 task-budgets differ from 93ecbf3 in present, whole or all (npm: present
//   +0.5, whole −4.0 in task units over 9; svc: 8k present +1, whole −3; 20k +0.9, +0.8); not attributed (no held-out
//   ablation run).
//
// At d447e39 (2026-11-27, h130), the weak whole-file cells looked at again on the tuning split (held-out not run); nothing
// taken (patch off the branch: h130-ablation in the report). The default reproduces /work/s19/tune1.json exactly (456
// task-budgets compared). Tuning cells below or at the pack on whole: nodemailer 8k 41.7 vs 50.0, sinon 8k 81.1 vs 81.7,
// dayjs 8k, knex, @apollo/client 20k equal. Tried, each --variants against the default in the same run:
//   a later candidate (rank 2–12) that no exact declaration backs and the task does not name, whose index estimate is over
//   a share of the budget, planned at signature level (whole at the end if room remains): 0.5 — 8k present −1.5 (−3.4 … 0.1),
//   whole −1.8 (−4.6 … 0.8), 20k ±0; @apollo/client 8k whole 64.7 → 73.0 (3.9.11: QueryReference.js whole once useQuery.js,
//   candidate 5, goes as signatures), but bull 70.4 → 59.3, axios 66.7 → 40.0, nodemailer 89.2 / 41.7 → 79.2 / 39.2: the large
//   later candidate is often the target, and planned at signature level it loses what a waiting candidate has (deferKeep's
//   room, focused signatures), so targets drop out (nodemailer@8.0.7: lib/mime-node/index.js gone, its estimate × 0.2 over
//   the room left). 0.35 (mobx, dayjs only): mobx@6.13.0 loses its target. The same held back only for candidates found by
//   path words alone (laterPathOnly): identical on all 176 (apollo's siblings have other reasons too). Planned whole but after
//   the other candidates planned whole (listed at rank): 8k present −4.8 (−8.2 … −1.8), 20k −1.6. The grade does not separate
//   the gains from the losses (apollo@3.9.11 partial; the losses 2 confident, 9 partial). Later candidates tentative at
//   tentativeShare (0.6; always, or when not confident) and the named type's file no longer exempt: identical on the 50 tasks
//   run (mobx … nodemailer's first 3): a later candidate over 0.6 already waits, and apollo@4.0.9's named type is an exact
//   declaration match. A per-entry share (fusion.ts) is what the first rule lacked; not tried (outside this round's files).
//   bun scripts/bench/localize/ask-pack.ts --split tune --corpus fp-ts,knex,@apollo/client,nodemailer,bull,react-i18next,axios,
//       express,body-parser,mongoose,sinon --variants '{"ls50":{"laterShare":0.5},"ls50o":{"laterShare":0.5,"laterMode":2}}'
//
// After h105 (2026-11-27, lead): a task with no signal on a workspace whose files, with each one's tag (~30 tokens) and the
// header (~400), fit the budget gets all of them under `strategy=central confidence=low (…; the whole workspace fits the
// budget (N files, ~T tokens), so it is all here, chosen for nothing in the task. Try: …)` rather than nothing. On the tuning
// split it changes one task, the body-parser CVE subject above (7 files): body-parser tune 8k and 20k 88.9 → 100.0 present
// and whole (`--corpus body-parser`: 9 tasks, the pack 77.8); no other tuning task reaches the branch (fire rate below).
//
// At 5378eca (2026-11-27, h105), the no-signal rule (retrieve/localize-signal.ts) on the whole tuning split, and a task of
// common words only (no word names a place, some of three letters or more occur here: "fix", "update") given the search's
// matches packed as ask packs under a first line `strategy=search confidence=low (…which words, in how many files…; Try: …)`
// (ASK_PARAMS.commonSearch 2; 0 = nothing, as at 6ee7b82), where a task whose words occur nowhere ("zzqx"), only as a letter
// ("x") or punctuation still gets nothing and why; find --kind task unchanged. Fire rate: npm 1 of 176 — body-parser@1.20.9
// "Security fix for GHSA-27r3-jxmh-p828 (CVE-2026-111181)" (target lib/read.js): none of its words, "fix" included, is in
// 1.20.8's 7 files, so the fallback has nothing to search either (nothing before and after; the BM25F pack 0 tokens, nothing
// scores); svc 0 of 419: the bench at 6ee7b82 (the rule as now) on all 419 tuning tasks, trees built, the ~129 newer ones
// among them, answered strategy=search 397, focus 22 (8k 86.0 / 68.9 vs pack 53.3, 20k 91.9 / 87.9 vs 70.0; p50 132 ms),
// and a scratch screen of every subject in its parent tree (its topical words as whole words in the tree's .ts files,
// `git grep -iw`) finds at least two present in each of 420 (h105's own commit too; the rule needs all absent). Together
// 1 of 595. Before/after, --variants '{"before":{"commonSearch":0}}' (npm: the corpora below, 176 tasks, at commonSearch 1;
// body-parser's 9 again at 2 against 1 and 0): all 352 task-budgets identical (8k 86.0 / 74.8, 20k 92.6 / 89.0; bodies
// identical) — the change is inside the rule's branch. The tuning split holds no task of common words only, so the
// fallback's worth was probed on it: each npm tuning subject reduced to its change words (128 have some: "fix now", "add",
// "perf"), the rule fires on 123: nothing (0) present 0 / whole 0; the search at its own tiers (1) 40.1 / 0.8 at 8k (2.7k
// tokens), 41.1 / 0.8 at 20k (3.6k); packed as ask packs (2) 40.1 / 17.0 (4.4k), 41.1 / 36.1 (8.3k); 36 of the 123 still
// get nothing (no word occurs). Taken: 2. Not looked at: held-out (whether its three emptied tasks hold a common word).
//   bun scripts/bench/localize/ask-pack.ts --corpus mobx,rxjs,dayjs,fp-ts,knex,@apollo/client,nodemailer,bull,react-i18next,
//       axios,express,body-parser,mongoose,sinon --variants '{"before":{"commonSearch":0}}';  … --corpus svc (at 6ee7b82)
//
// At 0fecc5d (2026-11-27, h92), the two tuning cells still below the pack on whole files looked at again; nothing taken
// (patches off the branch: h92-ablation in the report). nodemailer 8k 41.7 vs 50.0 is 8.3 vs 10 task-targets: ask loses
// 6.7.8 and 6.6.5 (lib/mime-node/index.js ~6.0k whole first, exempt from tentativeShare by the text ranking agreeing,
// wrong; the target 2nd / 3rd goes as signatures), 6.4.4 (smtp-connection 9.9k does not fit: 1.4k of focused
// signatures, then xoauth2 "path contains auth" 1.8k whole, wrong; smtp-transport 2.2k no longer fits) and 7.0.3
// (deferKeep, as above), and gains 8.0.10 and 6.3.0 (mime-node whole, right). sinon 8k 81.1 vs 81.7 is one task:
// sinon@9.0.1 (6 targets), get-property-descriptor.js (66 tokens whole, candidate 17, after the neighbours) left in the
// map with the budget full of candidates' and neighbours' signatures. Calibration (a .scratch script: each plan's
// candidates planned whole with their whole cost and their place in the localizer's text ranking; npm tuning, 176):
//   first candidate right by text rank: 1st 95/133 (.71), 2nd–3rd 12/32, 4th–10th 3/9; non-confident, text-first, path-led
//   23 (.70 right), declaration-led 31 (.61), body-led 22 (.64) — the text ranking agreeing is evidence, but not enough
//   to tell the large first guesses apart: of the 12 over 4k tokens on no exact declaration that it exempts, 6 are right
//   (@apollo/client@4.2.2, nodemailer@6.3.0, bull@4.11.1, @3.29.3, react-i18next@16.5.4, express@4.19.2), 6 wrong (fp-ts@2.16.2,
//   nodemailer@6.7.8, @6.6.5, @6.4.4, @6.4.3, react-i18next@16.5.8), and the text ranking's own margin (its 2nd file's score
//   over its 1st's: .45–.84 wrong, .55–.92 right) does not separate them either.
//   Candidates 2–12 over 15–40 % of the budget that the text ranking puts below its k-th (k 1, 2, 3, 5, 10) waiting for
//   the rest (pack-ceiling.ts's greedy model): 8k whole 77.0 → 70.5 … 77.3, 20k 87.7 → 86.3 … 87.8 — they are targets 9 %
//   (text rank 4–10) and 3 % (beyond) of the time, the small files they displace 2–7 % (plan ranks 4–12). The first guess
//   whole or as signatures by expected targets whole (leave-one-corpus-out hit rate by plan rank and text rank): 77.0 →
//   76.8, 20k 87.7 → 87.5. Candidates outside the text ranking's pool (7 targets of 349 at ranks 5–12) never whole: 8k
//   75.8 … 77.0, 20k 86.3 … 87.7 (fp-ts's few are targets). None run.
// Tuning, --surface cli, --variants against the default in the same run (npm: the command below; svc --per-corpus 20),
// default npm 8k 86.6 / 75.4, 20k 93.2 / 89.6; svc 8k 76.7 / 57.9, 20k 87.9 / 78.3 (as at 3382c64); present / whole Δ:
//   a first candidate too large whole waits as the others do (deferFirst)  npm 8k −0.2 / +0.2, bodies −0.3; 20k ±0; svc ±0 —
//                                        nodemailer@6.4.4 +1 file whole (41.7 → 43.3), mongoose@5.10.17 loses a target,
//                                        nodemailer@8.0.4 the changed body (a 3 % excerpt instead of focused signatures)
//   source candidates past the 12 whose file is ≤ 100 tokens planned whole after them (tinyWhole 100)  npm 8k +0.1 / +0.1,
//                                        bodies +0.2 (sinon@9.0.1: sinon 8k 81.1 → 81.7, the pack's); 20k ±0 / −0.1
//                                        (sinon@7.1.1: 7 tiny files whole take the room the upgrade gave assert.js, candidate
//                                        21); svc ±0. ≤ 200: the same, bodies 8k −0.5 (nodemailer@6.6.5); the first 2 only:
//                                        sinon@7.1.1 kept, sinon@9.0.1's target (the third tiny one) not whole (the two tasks alone)
//   them at signature level before the neighbours (tinyEarly 100)  npm 8k +0.1 / ±0, 20k ±0 / −0.1 (sinon@7.1.1); svc ±0
//   signatures about as large as the file (≤ +10 % or 15 tokens) sent whole (sameSizeWhole)  identical everywhere
//   the text ranking's agreement exempting a first candidate only when the localizer's first reason is a declaration
//   (tentativeTextDeclares 2; with any declaration among its reasons, 1: identical)  npm 8k ±0 / +0.6 (nodemailer@6.6.5:
//                                        46.7, still below 50.0), 20k ±0; svc ±0 — clears the gate on one task, not taken:
//                                        it makes every path-led agreement a guess again (.70 right over all first
//                                        candidates, above declaration-led .61; the tentativeText test fails with it)
// npm run on the bench's own trees (not the lead's linked trees; identical figures). p50 83–253 ms npm, 86–167 ms svc (the
// machine shared with other helpers' benchmarks; the same code).
// Held-out, read once at ae1e6f7 (h92's round above, nothing taken; the session's trust fixes in, among them a task with no
//   signal answered with no candidate: strategy=none; nothing tuned after), --surface cli, 581 tasks (svc's history has 24
//   more): 8k 82.9 / 68.9 vs pack 55.0: +27.8 (24.7 … 31.1) / +13.9 (10.8 … 17.0); 20k 90.3 / 86.1 vs 72.7: +17.6 (15.0 … 20.4)
//   / +13.5 (11.0 … 16.1); bodies 8k 71.0 vs 60.9, 20k 86.7 vs 79.6; p50 96.5 ms (helpers' benchmarks alongside). Against
//   90f9db5's reading (193 npm, paired): 4 tasks differ — dayjs 20k back to 100 (the pack's), and three tasks (react-i18next,
//   mongoose, sinon, one each) answered strategy=none at both budgets, packing nothing: the no-signal rule fired on 3 of
//   193 held-out npm tasks against 1 of 414 tuning subjects. Not looked into, not changed after. Below the pack: whole
//   @apollo/client 8k 59.1 vs 62.9, mobx 20k 54.8 vs 59.1, mongoose 20k 33.3 vs 46.7 (unchanged), sinon 8k 84.9 vs 88.1 and
//   20k 94.4 vs 98.4, present sinon 20k 95.2 vs 98.4 (new: the emptied task, 1 of 21).
//
// At the upgrade-order commit (after f31abd6, 2026-11-27, h87), the budget left at the end turns the task's candidates whole
// before the graph neighbours (ASK_PARAMS.upgradeMatchesFirst 1; render/fusion.ts's upgrade took them in plan order, where the
// neighbours of the best three come before candidates 13–30). Why the pack had more targets whole than ask (tuning, at
// f31abd6): mikro-orm-git, all 22 tuning tasks: none at either budget — 8k 65.4 / 6.1 vs pack 0.0 / 0.0, 20k 68.8 / 20.1 vs
// 12.9 / 12.9 (the "20 vs 40" above was its 5 most recent tasks at 99b6dc1; of its 27 targets 12 are over 8k tokens raw, 5
// over 20k, up to 41k; the pack has none at 8k: the files it ranks first fill the budget); npm (176) 11 task-budgets (8 at 8k, 3 at 20k), svc (20) 2 (20k). The 13, ask's target as signatures 11,
// absent 2:
//   a large earlier candidate whole, not a target                         4  nodemailer@6.7.8 and @6.6.5 (lib/mime-node/index.js ~6.0k,
//                                                                            first, exempt from tentativeShare: the text ranking puts it
//                                                                            first too), bull@3.24.0 (lib/queue.js 6.1k, second: the guard
//                                                                            is the first's), @apollo/client@4.0.9 (the named type's
//                                                                            core/ObservableQuery.js 6.5k first) — all 8k
//   smaller higher-ranked candidates whole filled the room                2  @apollo/client@3.9.11 (QueryReference.js 7th), sinon@9.0.1
//                                                                            (stub.js 10th), 8k
//   room kept for waiting candidates' excerpts (deferKeep)                1  nodemailer@7.0.3 8k: lib/dkim/index.js (~1.3k, 6th) fits
//                                                                            whole without the 2 × 240 tokens kept for mime-node and
//                                                                            mailer/index.js
//   a non-fitting first candidate's focused signatures + a wrong second  1  nodemailer@6.4.4 8k (smtp-connection 1.4k of signatures,
//                                                                            xoauth2 1.8k whole)
//   past the 12 planned whole, the last step's room spent on neighbours  3  sinon@7.1.1 (candidates 14, 17, 21), sinon@2.3.5 (spy.js, a
//                                                                            neighbour after others), svc@171ec26696a8 (candidate 18), 20k
//   the localizer's misses (absent, or in the map only)                   2  fp-ts@2.9.3 20k, svc@42d49c5626f8 20k (scripts/build.ts)
// Tuning, --surface cli, --variants '{"before":{"upgradeMatchesFirst":0}}' against the default in the same run (npm: --corpus
// mobx,rxjs,dayjs,fp-ts,knex,@apollo/client,nodemailer,bull,react-i18next,axios,express,body-parser,mongoose,sinon; svc: --corpus
// svc --per-corpus 20; --corpus mikro-orm-git --per-corpus 40), present / whole, default − before:
//   npm (176)  8k 86.6 / 75.4 ±0.0 / ±0.0; 20k 93.2 / 89.6: ±0.0 / +0.5 (−0.8 … 2.1) — axios@1.12.2, sinon@7.1.1 and @4.2.1 gain
//              targets whole, sinon@9.1.0 and @5.0.5 lose one (stub.js, a neighbour, now after candidates 13–30); bodies ±0.0
//   svc (20)   8k 76.7 / 57.9, 20k 87.9 / 78.3: identical; mikro-orm (22) 8k 65.4 / 6.1, 20k 68.8 / 20.1: identical
//   p50 66.6 ms npm, 94.3 ms svc, 269.9 ms mikro-orm (before 83.0 / 201.7 ms in the same runs, the machine shared).
//   Still below the pack (whole, tuning): nodemailer 8k 41.7 vs 50.0, sinon 8k 81.1 vs 81.7; sinon 20k now 93.2 vs 90.5.
// Tried and dropped (same commands, patch kept off the branch: h87-ablation in the report), Δ against the default:
//   a later candidate that fits whole in the room kept for the waiting ones borrows it, their excerpts getting what remains
//   (deferLend): npm 8k present −0.8 (−1.8 … 0.0), whole +0.4 (0.0 … 1.1) — nodemailer@7.0.3 and @apollo/client@4.0.12 gain a
//   file whole, nodemailer@7.0.13, @6.1.0 and bull@4.5.1 lose a waiting target (no room left for its excerpt); 20k ±0; svc 8k
//   −3.8 / +1.3; mikro-orm 20k whole +1.5 (one task), bodies 8k −1.5. One waiting candidate keeping room (deferKeepCount 1):
//   npm 8k −2.9 (−4.9 … −1.2) / ±0.0. deferKeep 0.02: npm 8k −0.4 / −0.3. One file's signatures also capped by a share of the
//   room left (signatureRemain 0.5 / 0.33): npm 8k −3.0 / −0.3 and −4.5 / +0.6, svc 20k −2.5 / ±0, mikro-orm 8k present −4.5 /
//   −9.8 (bodies −2.0 / −12.6). The text-agreeing first candidate still a guess beyond 70 % / 80 % of the budget whole
//   (tentativeTextShare): npm 8k ±0 / −0.3 and ±0 / −0.6 (nodemailer@6.7.8 and @6.6.5 get their target whole at 0.7;
//   @apollo/client@4.2.2, nodemailer@6.3.0 and bull@3.29.3 lose one) — the guard trades the same few tasks, as before.
// Held-out, read once at 90f9db5 (this and the session's redaction rounds in; nothing tuned after), --surface cli, 557 tasks
//   (svc's history has 20 more): 8k 83.0 / 68.8 vs pack 55.0: +28.0 (24.6 … 31.3) / +13.8 (10.6 … 17.1); 20k 90.6 / 86.2 vs
//   72.9: +17.8 (15.1 … 20.5) / +13.3 (10.8 … 16.1); p50 92.3 ms (the suite, CI and the check bench alongside). Against
//   f31abd6's reading (537 paired): npm 8k identical, 20k whole −0.6 (dayjs@1.11.21, @apollo/client@3.8.4, sinon@4.4.3 each
//   lose a file whole, none gain; not attributed: this order or the redaction's token counts); svc 8k whole −0.3. Whole below
//   the pack: @apollo/client 8k 59.1 vs 62.9, mongoose 20k 33.3 vs 46.7, mobx 20k 54.8 vs 59.1 (unchanged), dayjs 20k 90.0 vs
//   100.0 (new, 5 tasks).
//
// At the text-agreement commit, a first candidate the text ranking alone (BM25F) puts first too is no guess
// (ASK_PARAMS.tentativeText 1: it stays whole however much of the budget it takes, as an exact declaration match does).
// Tuning, --surface cli, --variants '{"text":{"tentativeText":1},"ts70":{"tentativeShare":0.7}}' against the default in the
// same run: npm (176) whole 8k 75.1 → 75.4 (+0.3, −2.0 … 2.6; @apollo/client 56.3 → 64.7, bull 64.8 → 70.4, nodemailer 49.2
// → 41.7), 20k level, present level; hono/ky + svc (259) whole 8k 72.8 → 73.2 (+0.5, −0.9 … 1.9; ky 74.9 → 78.3), 20k +0.1,
// present level, bodies −0.4 (one ky task). 7 task-budgets gain a file whole, 4 lose one. tentativeShare 0.7 instead: level
// on npm, ±0.0 on git. Also tried and dropped: a top candidate arriving as signatures going whole by turning later-ranked
// whole files into signatures (swap of the first 3 or 12): no answer changed on npm (the room is taken by the candidates
// before it, the later ones are small); the text ranking's first one or two source files moved up to just after the
// localizer's first (textLead 1 / 2, npm tuning): 1 changed no answer, 2 lost 4 task-budgets at 8k (present −0.8, whole −0.5).
// Held-out, read once after it (nothing tuned after), --surface cli, 409 tasks (svc's history has 20 more than at 6646bed):
//   8k 82.5 / 68.7 vs pack 55.3: +27.1 (23.4 … 31.0) / +13.4 (9.7 … 17.4); 20k 89.9 / 85.5 vs 74.1: +15.8 (12.8 … 18.8) /
//   +11.4 (8.5 … 14.3); p50 84.2 ms (the test suite ran alongside). Whole below the pack: @apollo/client 8k 59.1 vs 62.9
//   (62.4 at 6646bed), mongoose 20k 33.3 vs 46.7 and mobx 20k 54.8 vs 59.1 (unchanged). Not compared with tentativeText 0
//   on held-out (that would tune on it).
//
// After a9e2f76, a test, doc, benchmark or script file the task asks for by name stays with the source instead of going
// after it (ASK_PARAMS.askedByName 2: its file name written with the extension, or a distinctive name: compound, or the
// task's "name:" scope). Tuning, --surface cli, two runs with --variants (levels 0 and 3 against 1, then 2 against 1):
// hono/ky + svc (242), present / whole, level 0 (before) → 2: 8k 84.2 / 71.2 → 86.9 / 73.5 (9 svc tasks gain, 2 lose a
// quarter of their files: a large benchmark the task names takes the room of another target), 20k 88.0 / 85.1 → 90.9 /
// 87.9 (10 gain, none lose). Level 1 alone gains 5 of those; any bare name (level 3) one more task, but it loses a file
// whole elsewhere ("run" and "task" are words of sentences too). npm (176) and the two monorepos (12): identical at every
// level.
// Held-out, read once at 6646bed (nothing tuned after), --surface cli, 389 tasks: 8k 82.9 / 69.0 vs pack 56.0: +26.8
//   (22.9 … 30.7) / +12.9 (9.3 … 16.7); 20k 90.1 / 85.6 vs 75.2: +14.9 (11.9 … 17.9) / +10.5 (7.6 … 13.4); on the 387 tasks
//   of the 445f170 scoring 8k 81.8 / 68.0 → 82.8 / 68.9, 20k 88.9 / 84.6 → 90.1 / 85.6 (6 and 7 svc tasks gain, none
//   lose; every npm answer identical, so the same three whole cells stay below the pack); p50 86.3 ms (alone).
//
// At the focus commit (after 549a261), a candidate that arrives as signatures keeps whole the declarations the localizer
// finds the task most likely touches (localize-symbols.ts; ASK_PARAMS.focusShare 0.35 of the budget at most; around them an
// excerpt of its signatures when those are larger). Tuning, --surface cli, --variants off (focusShare 0) in the same run
// (at 445f170, bodies counting a focused excerpt's kept declarations too):
// npm (176; 159 with changed declarations) bodies 8k 76.1 → 77.5 (nodemailer@8.0.4 and @6.10.1: the function the change
// edits now arrives in the signatures of a file too large whole), 20k 91.4 → 91.6; present 86.4 → 86.6 (bull@4.5.1), whole
// level; hono/ky + svc (239; 43 with declarations) bodies 8k 81.8 → 85.9, 20k level; present 84.4 → 84.3, whole 71.5 → 71.4
// (one svc task each way, one ky task −1 file whole). No task loses a body. p50 65.5 → 75.4 ms (npm), 85.0 → 105.0
// ms (git corpora; the two runs side by side on the 2 cores). Tried and left: a waiting candidate keeping room for its likely
// declarations (present −2.1 / −4.4, whole −0.9 / −1.0 at 8k, bodies level); the likely declarations of the best 12
// candidates, not 5 (bodies +0.4 npm, level on git, slower); focusShare 0.25 (bodies −0.6) and 0.5 (level).
// Held-out, read once at ceea975 (nothing tuned after), --surface cli, 385 tasks (svc's history has two more): 8k 81.7 / 67.9
//   vs pack 56.5: +25.2 (21.0 … 29.6) / +11.4 (7.6 … 15.4); 20k 88.8 / 84.5 vs 75.0: +13.8 (10.7 … 17.0) / +9.4 (6.5 … 12.4);
//   every npm corpus as at c6d15ce (the same three whole cells below the pack: @apollo/client 8k, mongoose 20k, mobx 20k);
//   p50 80.9 ms (alone). Scored again at 445f170 (the bodies count fixed, ask unchanged): the 385 answers identical task for
//   task, 387 tasks (two more svc commits): 8k 81.8 / 68.0 vs 56.2, 20k 88.9 / 84.6 vs 75.2; bodies (182 tasks) 8k 71.8 vs
//   60.9: +10.9 (5.7 … 16.2), 20k 87.3 vs 79.6: +7.6 (3.6 … 11.8); p50 101.1 ms (alone; the same code as the 80.9 reading).
// Monorepos, tuning, --corpus mikro-orm-git,medusa-git --per-corpus 6 (12 tasks; files too large whole at 8k), at 445f170:
//   bodies 8k 11.7 → 24.2 with the likely declarations kept (pack 13.7), 20k 35.0 → 41.3 (pack 39.2); present 46.4 → 45.2 (a
//   mikro-orm task of 7 files: 1 present → 0), whole level; p50 306.7 → 331.6 ms.
//
// At 58a2d03, a module's object literal declares its functions (`module.exports = { parse(s) {…} }` → function parse,
// `export default { fetch() {…} }` → const default and method default.fetch; EXTRACTION_VERSION 9). Tuning, --surface cli:
// npm (176) and hono/ky (43) identical task for task at 8k and 20k (the pack's npm 8k 63.4 → 63.1: its names field reads
// the new declarations); grades.ts npm first file right 111 → 110 (sinon@4.1.3; sinon@6.1.2 now confident and wrong:
// default-behaviors.js declares the task's callsArg exactly, the commit changed behavior.js). Taken as an extraction fix.
// Held-out, read once at c6d15ce (the v9 extraction; nothing tuned after), --surface cli, 383 tasks (svc's history has one
//   more): 8k 81.7 / 67.8 vs pack 56.5: +25.1 (21.1 … 29.5) / +11.3 (7.4 … 15.2); 20k 88.8 / 84.4 vs 74.9: +13.9 (10.6 … 17.0)
//   / +9.5 (6.3 … 12.6); against 2ba8a43 (382 paired) two tasks better (nodemailer 8k 44.7 → 50.0 whole, above the pack's
//   44.7; sinon 20k), none worse. Whole below the pack, unchanged: @apollo/client 8k 62.4 vs 62.9, mongoose 20k 33.3 vs
//   46.7, mobx 20k 54.8 vs 59.1. p50 90.0 ms (the test suite ran alongside).
// Path words from their start (localizer PARAMS.pathWordStart: "auth" no longer a path hit in xoauth2.js), --variants
// against the default on tuning: npm 8k ±0 / +0.1, 20k ±0 / +0.1 (one task each); svc (194) 8k −0.2 / +0.1, 20k −0.4 / −0.2;
// run.ts npm+svc (370) Acc@1 .678 → .684, MRR .779 → .783, R@5 .789 → .787; the six history corpora (122) Acc@1 .648 →
// .639, R@5 .705 → .693, MRR .715 → .711. Left off.
//
// At 7a3544c, an object literal's methods became its variable's declarations (`export const api = { get(id) {…} }`, sinon's
// `var proto = { reset: function () {…} }`; skeletons keep such an object's keys, methods collapsed; EXTRACTION_VERSION 8).
// Tuning, --surface cli, npm (176), against bc251a3 in the same conditions: 8k present −1.0 / whole ±0 (sinon −4.9 present:
// the feedback now draws on proto's method names, "related: declares names like reset, behavior, add"), 20k −0.2 / −0.5;
// hono/ky tuning (43) identical; grades.ts npm + svc first file right unchanged (111, 137 + 1 new task), history corpora
// (122) unchanged task for task. Taken as an extraction fix (outline, find, impact and skeletons of object-literal APIs),
// not as a gain. Feedback from top-level names only (members left out) moved nothing on run.ts tuning (Acc@1 .631, R@10
// .872, MRR .747 either way) and one task at 20k in ask: not taken. pack-ceiling.ts (same commit, tuning): the greedy rule
// 76.9 / 87.7 % whole at 8k / 20k, a rank-calibrated knapsack 74.1 / 87.2, the oracle 85.0 / 89.0.
// At 2ba8a43, a broad question is asked, not a change to make: a broad phrase maps to skeleton only in a question, a request
// or a few words, not in a change ("feat(pretty-json): support structured JSON content-types" went to a skeleton of the whole
// project; "structured" alone no longer counts). On tuning it moved 9 of 515 tasks off strategy=skeleton (hono 1, svc 8),
// and only them: svc (191, paired with the code before) 8k +3.7 / +2.9, 20k +3.8 / +3.8; hono/ky (43) +2.3 / +2.3 at both
// budgets (hono 20k 93.7 vs the pack's 90.5, below it before). Held-out, read at 2ba8a43 (second reading of this stop; the
// held-out tasks then on strategy=skeleton had been listed, by an inspection slip, before the rule was written from the
// tuning ones), 382 tasks: 8k 81.4 / 67.7 vs pack 56.6: +24.8 (20.7 … 29.0) / +11.1 (7.2 … 15.0); 20k 88.8 / 84.4 vs 74.9:
// +13.9 (10.6 … 17.2) / +9.5 (6.1 … 12.7); strategy=skeleton 7 → 0; against 04b0da2 (380 paired) 8k +0.7 / +1.0, 20k
// +1.1 / +1.5 (svc, nodemailer). Whole below the pack: @apollo/client 8k 62.4 vs 62.9, mongoose 20k 33.3 vs 46.7, mobx 20k
// 54.8 vs 59.1; nodemailer 8k now 44.7 = 44.7. p50 77.8 ms.
// After the held-out reading below, tuning only (npm 176, --variants against the default, present / whole): tentativeShare 0 (no guard on a
// large first guess) 8k ±0 / +0.3 (@apollo/client +8.3, bull +5.6, nodemailer −7.5 to 41.7 vs the pack's 52.5), 0.75 ±0 / +0.3
// (one nodemailer task), 0.45 ±0 / −2.3 (express −11.1, react-i18next −6.9); exempting a first candidate that declares a name
// of the task (not only an exact one) as tentativeShare 0. None taken: the guard trades the same few tasks between corpora
// (on tuning, 11 first candidates are large guesses: 6 right, 5 wrong).
// Held-out, read once at 04b0da2 (all of the above; nothing tuned after), --surface cli, 380 tasks: 8k 80.6 / 66.5 vs pack
//   56.9: +23.7 (19.4 … 28.0) / +9.6 (5.7 … 13.7); 20k 87.6 / 82.8 vs 74.8: +12.8 (9.5 … 16.4) / +8.0 (4.6 … 11.7); against
//   1068e1f (378 paired) 8k +0.6 / −0.1, 20k ±0.0 / −0.5. Whole below the pack: @apollo/client 8k 62.4 vs 62.9, nodemailer
//   8k 39.5 vs 44.7, mongoose 20k 33.3 vs 46.7 (all three unchanged), mobx 20k 54.8 vs 59.1 (one task of 17 lost its whole
//   file). p50 82.9 ms (the suite ran alongside).
// Held-out, read once at dae998a (the CommonJS requires and the map's hold above; nothing tuned after), --surface cli, 377
// tasks (svc's own history has 5 more): 8k 79.7 / 66.5 vs pack 57.0: +22.7 (18.3 … 27.0) / +9.5 (5.4 … 13.6); 20k 87.8 / 83.5
//   vs 74.8: +13.0 (9.5 … 16.4) / +8.7 (5.3 … 12.2). mobx 20k 60.7 vs 59.1 (it was 53.6); whole below the pack: @apollo/client
//   8k 62.4 vs 62.9 (unchanged), nodemailer 8k 39.5 vs 44.7 (42.1 at 4eb916f; 19 tasks, −5.3, −23.7 … 13.2). p50 69.8 ms.
//   Why not the suggested next lever (a large whole file on an exact declaration sent as that declaration's region): at 8k
//   on tuning (.scratch diagnostic, npm 176), 79 whole files took ≥ 40 % of the budget, 39 of them targets; 13 of the 79
//   were on an exact declaration, 10 of those targets — a region would have cost more whole targets than its room wins.
// Then methods declared by assignment (`Queue.prototype.add = function…`, `res.send = function send…`) became declarations
// (kind method, container Queue / res, exported with it) and stay in skeletons as `res.send = function send(body) { … };`
// (express's response.js skeleton had none of its 20-odd res.* methods; EXTRACTION_VERSION 7). Tuning npm (176), against
// dae998a's defaults in the same conditions: 8k +0.2 / −0.7 (bull@4.5.5, bull@3.24.0 lose a whole target: lib/job.js now
// "declares _isQueueClosing (name match)" first for "worker: better closing when disconnected", as a class method would),
// 20k +0.2 / −0.3; grades.ts npm first file right 111 = 111 (bull +2, express −1, mongoose −1), confident 33 at .909 → 32
// at .938. Taken as an extraction fix (outline, skeletons, find and definitions of pre-class JavaScript), not as a gain.
// Held-out, read once at 1068e1f (all of the above; nothing tuned after), --surface cli, 378 tasks: 8k 79.9 / 66.5 vs pack
//   56.9: +23.0 (18.6 … 27.2) / +9.5 (5.5 … 13.6); 20k 87.5 / 83.2 vs 74.7: +12.9 (9.2 … 16.3) / +8.6 (5.1 … 12.1). Whole
//   below the pack: @apollo/client 8k 62.4 vs 62.9, nodemailer 8k 39.5 vs 44.7, mongoose 20k 33.3 vs 46.7 (5 tasks; 53.3 at
//   dae998a: one task, from the assigned methods); against dae998a express 8k whole 78.8 → 87.9, bull 8k 57.6 → 53.6. p50
//   73.6 ms. Independent checks (--corpus hono-git,ky-git, both splits, 80 tasks, --variants before = mapShare 0.05,
//   wholeShare 0.9): 8k 95.1 / 82.8 (before 95.0 / 82.1), 20k 95.9 / 95.9 (same), pack 56.7 and 64.8; hono tuning 20k 88.9
//   vs 90.5 below the pack, as before.
//
// At dfd664b, the map's hold cut from 5 % of the budget to 2 % (mapShare 0.02), whole files still allowed up to 95 % of it
// (wholeShare 0.93 + the hold; it was 0.9 + 0.05): the hold is room kept from every file until the files are placed, and
// the map takes whatever is left afterwards anyway. Tuning, --surface cli, --variants, each against the default (0.05 /
// 0.9), present / whole Δ; npm (176) then svc (--per-corpus 20):
//   mapShare 0.02 (whole room 92 %)        npm 8k +1.1 (0.1 … 2.6) / +0.3, 20k +0.4 / +0.4; svc 8k +5.8 / ±0, 20k +3.3 / ±0
//   mapShare 0.02, wholeShare 0.93 (taken) npm 8k +0.2 (−1.6 … 2.1) / +1.2 (0.3 … 2.4), 20k +0.4 / +0.6 (0.1 … 1.4);
//                                          svc 8k +4.6 / ±0, 20k +3.3 / ±0
//   mapShare 0.02, wholeShare 0.95 (97 %)  npm 8k −0.5 / +1.5, 20k +0.4 / +0.6; svc 8k −0.4 / ±0, 20k +3.3 / +1.3
//   mapShare 0.02, wholeShare 0.98 (100 %) npm 8k −1.1 / +2.7, 20k +0.4 / +0.6; svc 8k −0.4 / −5.0
//   mapShare 0.03                          npm 8k +0.3 / +0.3, 20k ±0 / +0.3; svc 8k +0.8 / ±0, 20k +0.8 / ±0
//   mapShare 0.01 (93 %) / with 0.94 (95 %) npm 8k +0.6 / +0.3, −0.7 / +1.5; svc 8k +5.8 / ±0, +0.8 / ±0
//   wholeShare 0.95 alone (100 %)          npm 8k −1.4 (−3.1 … −0.3) / +1.3, 20k ±0 / +0.2 (1.0 is the same answer)
// Taken: no mean below the default at either budget on either set, whole up on npm at both.
//
// At 5dcc40b, CommonJS requires no longer declare (`const base64 = require('../base64')` made nodemailer's mime-node "declare
// base64 (exact)", first for a task about base64, 6.3k tokens whole at 8k; EXTRACTION_VERSION 6). Tuning, --surface cli, npm
// (176), two runs paired by task: 8k present +0.4 / whole +0.4 (nodemailer 44.2 → 49.2 whole; bull −1.9 whole, mongoose
// −5.6 present), 20k −0.2 / −0.1 (mongoose, sinon@9.0.1). grades.ts on tuning: npm first file right 110 → 111 (nodemailer@8.0.6
// now lib/base64/index.js), confident 31 at .935 → 33 at .909 (bull@4.10.3 now confident and wrong), svc unchanged. Taken as
// an extraction fix (outline, find and definitions no longer list a module's imports as its declarations), not as a gain.
//
// At 46120d5, the whole files' room shared among the first candidates, tried and dropped (patch kept off the branch,
// 5713147 in the report): on a localization not confident (and not a named type, not a file the task names), a source
// candidate whose whole file would take more than roomShare of the budget waits, as deferSignatures makes a non-fitting one
// wait, while the smaller candidates after it are tried whole; it then goes whole if it still fits, else as signatures (the
// manifest: "whole it would take ~N% of tokenBudget=B on a partial match; the smaller candidates after it went whole first";
// a first candidate waits only when its signatures fit, their room kept, so it is still emitted). roomFirst 0: only the
// candidates after the first. Tuning, --surface cli, same commands as below, --variants '{"roomA2":{"roomShare":0.5},
// "later50":{"roomShare":0.5,"roomFirst":0},"later35":{"roomShare":0.35,"roomFirst":0}}', against the default (npm 176:
// 8k 86.6 / 74.1, 20k 93.0 / 89.3; pack 63.4, 81.5), present / whole Δ:
//   roomA2 8k +0.7 / −2.6 (−5.5 … 0.0), 20k ±0.0 / −0.6 — whole better on 2 (fp-ts@2.10.1, nodemailer@8.0.6), worse on 7
//   (bull ×3 lib/queue.js, axios@1.8.2 lib/adapters/http.js, express@4.19.2 lib/response.js, react-i18next@16.5.4,
//   @apollo/client@4.0.6) at 8k; nodemailer@6.10.1 at 20k. later50 8k +0.7 / −1.8 (−4.0 … 0.0; up fp-ts@2.10.1; down bull ×3,
//   axios@1.8.2), 20k ±0.0 / ±0.0. later35 8k +1.7 / −3.8 (−7.1 … −0.9; 4 up, 10 down), 20k +0.3 / −0.1. A first run
//   without the signatures guard: 0.5 8k +0.8 / −3.8, 20k +0.2 / −0.6; 0.35 8k +2.2 / −9.7, 20k +0.5 / −1.1 (nodemailer 8k
//   whole 49.2 / 45.8, still under the pack's 52.5). svc (20): ±0.0 at 0.5 (roomA2, later50, first run); 0.35 8k
//   +2.5 / +1.3, 20k ±0.0 / +1.3 (first run), later35 8k +2.5 / ±0.0, 20k ±0.0 / +1.3.
//   Not taken (the rule needs whole +0.5 with present within 0.3): the large file ahead is the target more often than the
//   small ones behind it (bull's queue.js, axios's http.js, express's response.js), so waiting trades more whole targets
//   for more present ones. p50 54–61 ms (default 53–59 ms).
//
// At a9fd069, a hedge under uncertainty, tried and dropped (patch kept off the branch, 9223495 in the
// report): on a localization not confident, the text ranking's first file (textHedge 1) or first two
// (textHedge 2) — BM25F over names, paths and bodies, the file the confident grade checks — moved up to
// second/third among the source candidates planned whole when find ranks them lower (find's own
// ranking unchanged; the manifest saying "the text ranking's first file: the localization is not
// confident"). Tuning, --surface cli, same run (--corpus mobx,rxjs,dayjs,fp-ts,knex,@apollo/client,
// nodemailer,bull,react-i18next,axios,express,body-parser,mongoose,sinon --variants '{"hedge1":
// {"textHedge":1},"hedge2":{"textHedge":2}}'; then --corpus svc --per-corpus 20), against the default:
//   npm (176): default 8k 86.6 / 74.1, 20k 93.0 / 89.3 (pack 63.4, 81.5). hedge1: 8k present −0.2
//   (−0.6 … 0.0), whole ±0.0; 20k ±0.0 / ±0.0 — the answer's tokens or files changed on 16 tasks at each budget, a score on one
//   (mongoose 8k, one target pushed out). hedge2: 8k −0.6 (−1.3 … 0.0) / ±0.0 (nodemailer, mongoose
//   ×2 lose a target); 20k ±0.0 / +0.1 (sinon@7.1.1) — answers changed on 54 / 57 tasks. svc (20): ±0.0 everywhere,
//   both. p50 55 / 54 ms (default 60 ms). Why it cannot close the gap: of the 10 task-budget pairs
//   where the pack has more targets whole (8 at 8k, 2 at 20k), 9 have a target in ask already, as
//   signatures; in the three looked at (candidate 3, 2, 7) the room went to larger whole candidates
//   before it (nodemailer@8.0.6: lib/mime-node/index.js, ~6.3k tokens whole on an exact "declares
//   base64", leaves no room at 8k; base64/index.js is the text ranking's 2nd and stays 3rd, behind its
//   1st, dkim/relaxed-body.js, still as signatures; nodemailer@7.0.10: shared/index.js ~3.9k and
//   fetch/index.js ~1.6k whole; @apollo/client@3.9.11: six hooks whole); 1 (fp-ts@2.9.3, 20k) has no
//   target in ask at all. A second tuning run, --variants
//   '{"noexact":{"tentativeExact":0},"hedge2-noexact":{"textHedge":2,"tentativeExact":0}}' (an exact
//   declaration no longer exempting the first candidate from tentativeShare): npm 8k whole −0.9
//   (−2.8 … 1.1; nodemailer@8.0.6 whole, fp-ts@2.9.5, @apollo/client@4.0.6, bull@4.11.1 not), 20k
//   present +0.2 (mongoose); with hedge2 8k −0.6 / −0.9, 20k +0.2 / −0.1; svc ±0.0 — neither taken.
//
// At 7601c49 (the CLI counts what it prints: without --json the text and warnings, not the structured result it never
// prints; MCP, RPC and --json count both as before). Tuning, npm (176), --surface cli against --surface mcp, same code:
//   the six corpora below the pack before (mobx, nodemailer, sinon, @apollo/client, fp-ts, mongoose; 88 tasks), present / whole:
//   8k cli 78.3 / 63.8, mcp 79.6 / 64.3; 20k cli 89.6 / 83.3, mcp 88.1 / 82.3 — the room comes back (8.0k of text used
//   against 7.9k of text and data) but spends it both ways: 7 tasks differ, 3 better, 4 worse (mobx 6.0.1 at 8k: a larger
//   file now fits whole and 5 smaller ones drop out). Still below the pack (whole): nodemailer 8k 49.2 vs 52.5, sinon 8k
//   81.1 vs 81.7, as over MCP. The whole npm tuning split through the CLI: 8k 85.8 / 74.1 vs pack 63.4; 20k 92.8 / 89.3 vs
//   81.5. Knobs re-measured on it (--variants, paired against the defaults): mapShare 0.02 +0.5 / −0.2 at 8k;
//   tentativeShare 0.75 +0.3 / +0.3 (nodemailer 8k whole 51.7); signatureShare 0.10 ±0; wholeShare 0.95 −1.1 / +0.8;
//   wholeCandidates 16 ±0 / −0.2 (20k +0.1 / +0.5) — none taken: what the pack has whole and ask has not are the
//   localizer's misses (nodemailer's `forceAuth` task ranks xoauth2/index.js second on "auth", the targets 3rd–5th).
//   Independent checks through the CLI (--corpus hono-git,ky-git, both splits, 80 tasks): 8k present 93.6, whole 80.1
//   (pack 56.6); 20k 95.9 / 95.9 (pack 64.9) — as over MCP before (93.8 / 79.6, 95.9 / 95.9); hono tuning 20k 88.9 vs 90.5
//   below the pack, as before. p50 85–92 ms.
// Held-out, read once at 1f9ee09 (the CLI's count above and loc7's exact file names in find; nothing tuned after; npm and
// svc's own history, 367 tasks: svc has 5 more than at e932fda), `--split heldout` with --surface cli, then --surface mcp:
//   cli: 8k 80.4 / 66.1 vs pack 57.3: +23.0 (18.7 … 27.5) / +8.8 (4.8 … 12.9); 20k 87.1 / 82.5 vs 74.6: +12.5 (8.9 … 15.9)
//   / +8.0 (4.4 … 11.3). Whole below the pack: mobx 20k 53.6 vs 59.1 (−5.5, −19.1 … 3.9), @apollo/client 8k 62.8 vs 62.9;
//   nodemailer 8k (47.4 vs 44.7) and sinon 20k (98.4 = 98.4) no longer. p50 85.6 ms.
//   mcp: 8k 79.0 / 66.1, 20k 86.8 / 82.3 — below the pack (whole) as at e932fda: mobx 20k 52.9, @apollo/client 8k 62.8,
//   nodemailer 8k 39.5 vs 44.7, sinon 20k 93.7 vs 98.4. p50 66.3 ms.
//   cli − mcp, paired: 8k present +1.4 (0.3 … 2.5), 16 tasks better, 7 worse; whole ±0.0 (−1.1 … 1.0); 20k present +0.3
//   (−0.3 … 1.0), whole +0.2 (−0.5 … 1.1).
// Held-out, read once at 4eb916f (find's near-tie rules: similar past commits — absent on npm trees, which have no past
// commit — and declaration match; nothing tuned after), --surface cli, 372 tasks (svc's own history has 5 more):
//   8k 80.0 / 66.2 vs pack 57.7: +22.4 (18.2 … 26.8) / +8.5 (4.6 … 12.5); 20k 87.4 / 82.3 vs 74.8: +12.6 (9.4 … 16.1) / +7.6
//   (4.4 … 11.1) — as at 1f9ee09 within 0.4. Whole below the pack: mobx 20k 53.6 vs 59.1 (unchanged), @apollo/client 8k
//   62.4 vs 62.9 (−0.5, was −0.1), nodemailer 8k 42.1 vs 44.7 (was 47.4; on npm
//   trees only the declaration match changed find since 1f9ee09).
//   p50 83.0 ms.
// At 99b6dc1 (ask5: a candidate planned whole that does not fit whole waits while the candidates
// after it are tried whole, keeping 3% of the budget for a head-and-tail excerpt of its signatures,
// which go in before the neighbours'; ASK_PARAMS deferSignatures/deferKeep). Why the pack had a
// target whole and ask did not (tuning, npm, 17 target-budget pairs; svc's 20 most recent, 7): the
// room whole files may use was taken first — by earlier whole candidates 6 + svc 2 (a named type's
// 6.5k-token file, a right 6.4k-token queue.js, wrong mid-size candidates), by the signatures of an
// earlier candidate that did not fit whole 3 (a held-back guess's 977 tokens, a 9k-token file's 778)
// — candidates past the 12 planned whole 3 (20k), small ranked files dropped with the budget full
// or not in the plan 4 + svc 4 (map, absent), the tentative rule 1 (svc). Same run, "before" =
// {"deferSignatures":0,"deferKeep":0} (--corpus mobx,rxjs,dayjs,fp-ts,knex,@apollo/client,nodemailer,
// bull,react-i18next,axios,express,body-parser,mongoose,sinon --variants '{"before":{…},"no keep":
// {"deferKeep":0},"+wholeShare 0.95":{"wholeShare":0.95}}'; then --corpus svc --per-corpus 20, the
// same variants); present / whole, Δ against the BM25F pack (paired 95%):
//   npm (176, @apollo/client included): 8k ask 86.8 / 73.6 (before 86.3 / 72.9), BM25F 63.4 / 63.4:
//   +23.4 (18.0 … 29.1) / +10.3 (5.3 … 15.2); 20k 92.1 / 89.0 (before 92.1 / 88.8) vs 81.5 / 81.5:
//   +10.6 (6.9 … 14.3) / +7.4 (4.3 … 10.7). The rule against before: 8k present +0.4 (0.1 … 0.9),
//   whole +0.7 (0.0 … 1.9); 20k ±0.0 / +0.1. Per corpus at 8k: fp-ts 56.9 / 47.0 (before 53.8 /
//   36.1), @apollo/client 77.0 / 53.6 (75.8 / 53.6); still below the pack (whole): nodemailer 8k
//   49.2 vs 52.5 and sinon 8k 81.1 vs 81.7, unchanged (a wrong ~4k-token first candidate whole, a
//   held-back guess's signatures; sinon's 77- and 220-token targets ranked 19th/20th with the budget
//   full: ask's manifest and structured result cost ~12-19% of the budget, the pack's nothing).
//   p50 72.9 ms (before 70.3 ms, same run, load ~2-4).
//   svc (20 most recent tuning tasks): 8k 70.4 / 59.2 (before 69.6 / 51.7) vs 52.1 / 52.1: +18.3
//   (7.5 … 31.7) / +7.1 (0.0 … 14.6); 20k 83.3 / 78.3 (before 84.6 / 78.3) vs 69.2 / 69.2. p50 103 ms
//   (before 75 ms, same run; "no keep" 90 ms).
//   history corpora (--corpus effect-git,mikro-orm-git,rxjs-git,zod-git --per-corpus 5, "before" as
//   above): 8k 54.8 / 31.0 (before 52.3 / 31.0) vs 16.0 / 16.0; 20k 77.3 / 36.0 (before 63.3 / 36.0)
//   vs 32.0 / 32.0 — the rule against before: present +2.5 (0.0 … 7.5) at 8k (zod), +14.0 (0.2 … 30.0)
//   at 20k (effect 8 → 44, zod 75 → 85, mikro-orm 70 → 80: large files that waited now arrive as
//   excerpts of their signatures); whole unchanged. Still below the pack (whole): effect 4 / 4 vs 24
//   and 28, mikro-orm 20k 20 vs 40 (the localizer's misses and files too large whole at 20k, as
//   before). p50 403 ms (before 382 ms).
// Ablations there: the rule without the kept room (waiting signatures placed only if room is left):
//   npm 8k present −6.0 (−9.5 … −3.0), whole −0.2 — the excerpt room is what keeps presence; svc 8k
//   −3.3 / −2.5. wholeShare 0.95 on top: npm 8k present −1.5 (−2.8 … −0.5), whole +1.0 (−0.2 … 2.6);
//   svc 8k −2.5 / −1.3 — not taken. Dropped before (tuning, same index): the held-back guess waiting
//   too (its signatures placed once a later candidate fails to fit whole): npm 8k present −1.4, whole
//   +0.2 (nodemailer 50.8), with wholeShare 0.95 −3.0 / +1.3, with the rule −1.0 / +1.9 (nodemailer
//   still 50.8 < 52.5); all 30 source candidates planned whole (wholeCandidates 30): 8k ±0, 20k
//   present −0.5, whole −0.3; relevant files left out filled in whole with the map's hold handed back
//   (fill, keeping 2% for the map): ±0.0 everywhere (the budget is full when files are left out);
//   tentativeShare 0.45: whole −1.2 (nodemailer 46.7).
// Held-out, read once after the merge (e932fda, nothing tuned after; npm corpora and svc's own
// history, 362 tasks; `--split heldout`), present / whole against the BM25F pack:
//   8k 78.9 / 66.1 vs 57.3: +21.6 (17.3 … 25.8) / +8.8 (5.0 … 12.7); 20k 86.8 / 82.2 vs 74.5: +12.3
//   (8.8 … 15.8) / +7.7 (4.1 … 11.1). Whole below the pack, as at 34a8b93: mobx 20k 52.9 vs 59.1,
//   nodemailer 8k 39.5 vs 44.7, sinon 20k 93.7 vs 98.4, @apollo/client 8k 62.8 vs 62.9; present at
//   or above it everywhere. p50 74.7 ms. Independent checks (--corpus hono-git,ky-git, both splits,
//   80 tasks; before = 7747114): 8k present 91.8 → 93.8, whole 79.6 = 79.6, pack 56.6; 20k 95.9 /
//   95.9 both, pack 64.9; hono tuning 20k 88.9 vs 90.5 below the pack, before and after.
//
// At 3f3f9e7 (ask4: the first candidate, when a guess — grade not confident, no exact declaration
// match, the task not naming its file — goes as signatures if whole it would take over 60% of the
// budget, whole only if room remains at the end; one file's signatures at most 15% of the budget,
// was 30%). Tuning split, same run, "before" = {"tentativeShare":0,"signatureShare":0.3}; present / whole:
//   npm (164): 8k ask 87.1 / 74.3 (before 86.2 / 74.1), BM25F 64.1 / 64.1; 20k 93.2 / 89.7 (before
//   the same), BM25F 81.8 / 81.8. Per corpus at 8k: nodemailer 86.7 / 49.2 (before 84.2 / 41.7;
//   pack 52.5), fp-ts 53.8 / 36.1 (44.7 / 28.5), bull 96.3 / 62.0 (96.3 / 73.1; pack 50.9: bull's
//   queue.js is a big first file that is usually right), the rest unchanged; sinon 8k 81.1 vs 81.7
//   (one task of six targets). p50 184 ms (before 190 ms, same run).
//   svc (20 most recent tuning tasks): 8k 69.6 / 51.7 (before 66.3 / 50.0), pack 52.1 / 52.1;
//   20k 84.6 / 78.3 (unchanged), pack 69.2 / 69.2. p50 114 ms (before 130 ms).
//   history corpora (5 most recent tuning tasks each, 20): 8k 47.3 / 31.0 (before 46.0 / 36.0), BM25F
//   16.0 / 16.0; 20k 63.3 / 36.0 (before 55.8 / 37.3), BM25F 32.0 / 32.0. Per corpus: mikro-orm 8k
//   40 / 0 (before 40 / 20, pack 0: one task's first candidate, right, held back), 20k 70 / 20 vs
//   pack 40 / 40 (before 60 / 20); zod 20k 75 / 20 (before 55 / 25, pack 20); effect 4 / 4 and
//   8 / 4 vs pack 24 and 28 at both budgets, before and after (the localizer misses NodeWorker.ts
//   and the others: no packing reaches them); rxjs 100 / 100. p50 686 ms (before 516 ms, same run).
// Ablations there (tuning, nodemailer/sinon/fp-ts/mobx/mongoose unless said): whole files first
// (a candidate that does not fit whole passed over, the signatures of those placed after the whole
// files): 8k whole +2.9…+4.1, present −3…−5; 20k whole ±0.5, present −1.0…−1.4; history 20k present
// −7.5 — removed. With wholeShare 1.0: 8k whole +3.4, present −8.6 — removed. Letting the last step
// (signatures turned whole) take back the map's hold: ±0.0 / −0.3 — removed. Demoting every large
// candidate (raw size over 0.5/0.7 of the budget, grade not confident): 8k whole −1.2…−5.0 (fp-ts,
// mongoose: large files that are right) — removed; gating on the rendered cost instead of the raw
// size and exempting exact declaration matches is what stayed (tentativeShare 0.4: whole −0.7;
// 0.5/0.6: +2.4 at 8k, 0.6 loses less at 20k; 0.7 = 0.6 on npm). signatureShare 0.15 alone: npm 8k
// present +0.6, whole +0.3 (fp-ts), 20k ±0; history 20k present +5.0 (zod).
//
// At 914fa1b (the map after the packed files, mapShare 0.05), the same run with
// "before" = {"mapShare":0} (the packing of 5660412, no map). Tuning split (npm 164 tasks),
// present / whole:
//   8k: ask 85.9 / 74.1, BM25F 64.1 / 64.1: +21.8 (15.9 … 27.6) / +10.0 (4.4 … 15.4)
//   20k: ask 93.2 / 89.7, BM25F 81.8 / 81.8: +11.3 (7.4 … 15.5) / +7.8 (4.5 … 11.5)
//   per corpus below the BM25F pack (whole): nodemailer 8k 41.7 / 52.5; sinon 8k 81.1 / 81.7.
//   svc (30 oldest tuning tasks): 8k 65.0 / 53.3 vs 51.9 / 51.9; 20k 88.6 / 82.5 vs 63.6 / 63.6.
//   history corpora, 10 most recent tuning tasks each, measured before (f258754 packing):
//   effect 8k 27.0 / 2.0 vs 17.0 / 17.0, 20k 32.0 / 12.0 vs 29.0 / 29.0; mikro-orm 8k 30.0 / 0.0
//   vs 0 / 0, 20k 44.8 / 10.0 vs 28.3 / 28.3; rxjs 100 / 100 vs 20 / 20 (8k); zod 8k 39.2 / 18.3
//   vs 33.3 / 33.3, 20k 54.2 / 36.7 vs 43.3 / 43.3. Whole files below the pack there come from
//   targets the localizer misses (effect NodeWorker.ts, zod regexes.ts) and targets too large to
//   send whole at either budget (Schema.ts, schemas.ts, QueryBuilder.ts).
// Held-out, read once (npm 162 tasks):
//   8k: ask 80.8 / 68.7 (before 82.6 / 68.9), BM25F 59.1 / 59.1: +21.8 (15.6 … 28.6) / +9.6 (3.8 … 15.3)
//   20k: ask 90.3 / 85.2 (before 90.3 / 86.3), BM25F 78.4 / 78.4: +12.0 (7.5 … 16.7) / +6.8 (2.2 … 11.8)
//   the map's cost, paired: present −1.7 (−3.9 … −0.1) at 8k, whole −1.1 (−2.7 … −0.1) at 20k.
//   per corpus below the pack (whole): nodemailer 8k 36.8 / 44.7 (before 36.8), mobx 20k
//   52.9 / 59.1 (before 54.8), sinon 20k 93.7 / 98.4 (before 98.4: the map's hold keeps the
//   leftover budget from turning one signature file whole).
//   svc (30 most recent held-out tasks with an index): 8k 63.7 / 50.2 vs 42.7 / 42.7 (+21.0 / +7.5),
//   20k 82.3 / 75.8 vs 64.1 / 64.1 (+18.3 / +11.7); before 61.3 / 48.5 and 80.4 / 75.8.
// At 747e2f9 (signatureShare 0.3: one file's signatures at most 30% of the budget), held-out
// once more, same run with "before" = {"signatureShare":0,"mapShare":0}:
//   npm + svc (191 tasks; --per-corpus 30 drops one react-i18next task): 8k ask 78.2 / 65.9,
//   BM25F 56.6 / 56.6: +21.6 (15.7 … 27.5) / +9.3 (4.1 … 14.5); 20k 89.0 / 83.6 vs 76.1 / 76.1:
//   +12.9 (8.7 … 17.2) / +7.5 (3.1 … 12.0); the cap changes nothing there (no npm or svc file's
//   signatures reach 30%). p50 121 ms (before 136 ms).
//   history corpora (6 most recent held-out tasks each, 24): 8k 64.2 / 36.3 vs 24.1 / 24.1:
//   +40.1 (17.9 … 59.7) / +12.2 (−6.3 … 31.3); 20k 70.9 / 44.6 vs 35.2 / 35.2: +35.7 (15.6 … 55.0)
//   / +9.4 (−12.2 … 31.3); before: 44.9 / 29.5 and 64.5 / 40.6; the cap alone: present +14.6
//   (2.1 … 29.2) and whole +6.3 at 8k. Below the pack (whole): zod 22.2 / 25.0 at 8k (5.6
//   before the cap) and 11.1 / 25.0 at 20k, mikro-orm 18.8 / 35.4 at 8k. p50 446 ms (before 396).
//   (zod was looked at on its tuning tasks after the first held-out read showed it below; the
//   cap was chosen there, on the tuning split.)
// ask p50 (warm, 8k, load average ~19 on 2 cores): npm held-out 413 ms (before 588 ms in the
// same run), svc 668 ms; at 5660412 on a quieter machine 203 ms.
// Ablations (tuning, npm): knapsack over the candidates' forms with a prior fitted on the
// tuning split (best 0.63, others 0.30·(score/best)^4), whole only: 8k 70.8 / 71.4 greedy (n.s.);
// counting presence too: present +2.8 (0.8 … 5.3), whole −2.7 (−5.7 … −0.2) — removed. The map's
// share held from the whole files' room: whole −2.4 at 8k; held from the signatures' part only:
// ±0.0 whole, −1.0 present at 20k (n.s.); mapShare 0.03: +0.4 / +0.0 at 8k (n.s.; 0.05 kept for
// a longer map). Prior fits (rank 1 right: partial grade 0.59, confident 0.90; nodemailer 0.40):
// nodemailer's gap at 8k is its localizer's first candidate (often a 6k-token file, wrong 60%
// of the time there), which the BM25F pack never sends because that file does not fit whole raw.
//
// Measured at 5660412 (issue 23) on the 13 npm-history corpora (--corpus mobx,rxjs,dayjs,
// fp-ts,knex,nodemailer,bull,react-i18next,axios,express,body-parser,mongoose,sinon; svc's
// own history and @apollo/client left out for time: a fresh tree per task). Present / whole
// (% of the changed files), Δ against the BM25F pack with the paired bootstrap 95% interval:
//
//   split     budget  ask before (f258754)  ask after     BM25F pack   Δ present            Δ whole
//   tuning    8k      86.3 /  3.8           85.9 / 73.5   64.1 / 64.1  +21.8 (15.7 … 27.8)  +9.4 (3.9 … 14.7)
//   tuning    20k     93.7 /  4.4           94.2 / 89.6   81.8 / 81.8  +12.4 (8.3 … 16.7)   +7.8 (4.4 … 11.4)
//   held-out  8k      86.3 /  7.7           82.6 / 68.9   59.1 / 59.1  +23.5 (17.3 … 30.0)  +9.9 (4.1 … 15.6)
//   held-out  20k     91.7 /  7.9           90.3 / 86.3   78.4 / 78.4  +12.0 (7.5 … 16.7)   +7.9 (3.2 … 12.6)
//
// Held-out per corpus, present whole below the BM25F pack: nodemailer at 8k (36.8 against
// 44.7: its files run to 6–15k tokens, the best candidate whole leaves the second as
// signatures) and mobx at 20k (54.8 against 59.1); present is never below it. ask p50 (warm,
// 8k, the held-out run, old and new run side by side on the same machine): 209 ms before,
// 203 ms after.
// Ablations on the tuning split (8k present / whole; 20k present / whole; the last three with wholeShare 1.0):
//   wholeShare 0.6 / 0.8 / 0.9 / 1.0: 89.0/65.9, 87.1/70.0, 85.9/73.5, 82.3/74.6 at 8k — the
//     share of the budget whole files may take trades files present for files whole; 0.9 kept;
//   leftover budget turning signatures whole (upgrade 0): 20k whole 88.4 against 90.0;
//   neighbours (callers, callees, tests) off: 82.6/74.6 and 93.5/90.5 against 82.3/74.6 and
//     94.0/90.0 — no measurable effect on changed-file recall; kept for what they show an editor;
//   source first (tests, docs, benchmarks, generated copies after the source) off: identical
//     figures — npm packages ship little besides source; the fixture test shows its effect.

import { existsSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { call } from "../../../src/engine.ts";
import { ASK_PARAMS } from "../../../src/plan/ask.ts";
import { PARAMS } from "../../../src/retrieve/localize-params.ts";
import { answerTokens } from "../../../src/render/fit.ts";
import { fileBlock } from "../../../src/render/format.ts";
import type { FusionData } from "../../../src/render/fusion.ts";
import { tokenCounter, type TokenCounter } from "../../../src/text/tokens.ts";
import { fmt, percentile } from "../measure.ts";
import { Baselines } from "./baselines.ts";
import { pairedInterval } from "./metrics.ts";
import { checkoutParent } from "./corpus-history.ts";
import { docsAndDecls, loadTasks } from "./run.ts";
import type { ChangedDecls } from "./symbols.ts";
import type { LocalizeTask } from "./task.ts";

export interface PackScore {
  /** Share of the targets present at any level. */
  present: number;
  /** Share of the targets present whole (none/standard, not an excerpt). */
  whole: number;
  /** 1 when every target is present. */
  all: number;
  tokens: number;
  files: number;
  /** History tasks (and npm tasks with the next version's package): share of the declarations the change touched whose bodies the answer holds (the file whole, or the declaration kept whole in its signatures); absent when the targets' changes touch no declaration. */
  bodies?: number;
}

export interface PackRow {
  id: string;
  corpus: string;
  query: string;
  targets: string[];
  strategy: string;
  askMs: number;
  ask: Record<number, PackScore>;
  bm25f: Record<number, PackScore>;
  /** Per budget: the tier each target arrived at in ask's answer ("-" when absent). */
  askTiers: Record<number, string[]>;
  /** --variants: ask with other ASK_PARAMS on the same task and index (ablations, before/after). */
  variants?: Record<string, { askMs: number; ask: Record<number, PackScore> }>;
}

const WHOLE = new Set(["none", "standard"]);

function score(targets: readonly string[], any: ReadonlySet<string>, whole: ReadonlySet<string>, tokens: number, files: number, bodies?: number): PackScore {
  const n = Math.max(1, targets.length);
  const present = targets.filter((t) => any.has(t)).length;
  return { present: present / n, whole: targets.filter((t) => whole.has(t)).length / n, all: present === targets.length ? 1 : 0, tokens, files, ...(bodies === undefined ? {} : { bodies }) };
}

/** The share of the changed declarations whose bodies are in an answer: every one of a whole file, and those `kept` names (or a declaration around them) in a file's signatures. */
export function bodiesShare(changed: ChangedDecls | null, targets: readonly string[], whole: ReadonlySet<string>, kept: ReadonlyMap<string, readonly string[]>): number | undefined {
  let total = 0;
  let held = 0;
  for (const t of targets) {
    for (const key of changed?.[t]?.changed ?? []) {
      const name = key.slice(0, key.lastIndexOf(":"));
      total++;
      if (whole.has(t) || (kept.get(t) ?? []).some((k) => name === k || name.startsWith(`${k}.`))) held++;
    }
  }
  return total ? held / total : undefined;
}

/** BM25F ranked whole-file pack: files in rank order, each as an xml <file> block, while they fit. */
function bm25fPack(ranking: readonly string[], cost: (path: string) => number, budget: number): { paths: Set<string>; tokens: number } {
  const paths = new Set<string>();
  let used = 0;
  for (const p of ranking) {
    if (budget - used < 20) break;
    const c = cost(p);
    if (used + c > budget) continue;
    paths.add(p);
    used += c;
  }
  return { paths, tokens: used };
}

/** The surface ask is called through: the CLI (`svc ask <task> --budget N`, the text alone shown and counted) or MCP (text and structured result, both counted). */
export type AskSurface = "cli" | "mcp";

const surfaceContext = (surface: AskSurface) => (surface === "cli" ? { surface, textOnly: true } : { surface });

async function askScore(root: string, task: LocalizeTask, budget: number, counter: TokenCounter, surface: AskSurface, changed: ChangedDecls | null): Promise<{ score: PackScore; strategy: string; tiers: string[] }> {
  const r = await call("ask", { path: root, task: task.query, tokenBudget: budget }, surfaceContext(surface));
  const data = r.data as unknown as FusionData;
  const entries = data.entries ?? [];
  const any = new Set(entries.map((e) => e.path));
  const whole = new Set(entries.filter((e) => WHOLE.has(e.tier) && !e.excerpt).map((e) => e.path));
  const tier = new Map(entries.map((e) => [e.path, `${e.tier}${e.excerpt ? "/excerpt" : ""}`]));
  // (a task of common words only: strategy=search confidence=low, counted apart)
  const strategy = /svc_ask: (strategy=\S+(?: confidence=\S+)?)/.exec(r.text)?.[1] ?? "?";
  // (keptWhole is there only where the bodies are: in a skeleton, or an excerpt around them)
  const kept = new Map(entries.filter((e) => e.keptWhole?.length).map((e) => [e.path, e.keptWhole as string[]]));
  const bodies = bodiesShare(changed, task.targets, whole, kept);
  return { score: score(task.targets, any, whole, answerTokens(r, counter, surface === "cli"), entries.length, bodies), strategy, tiers: task.targets.map((t) => tier.get(t) ?? "-") };
}

export interface AskPackOptions {
  only: string[] | null;
  split: LocalizeTask["split"];
  budgets: number[];
  /** Named overrides of ASK_PARAMS and of the localizer's PARAMS (a key goes where it is declared), scored on every task next to the default (in the same run). */
  variants?: Record<string, Partial<typeof ASK_PARAMS> & Partial<typeof PARAMS>>;
  /** At most this many tasks per corpus (the most recent; history corpora take ~1 min per task). */
  perCorpus?: number;
  /** Only these tasks (ids as the rows name them: svc@1a2b3c4d5e6f), e.g. the ones a rule fires on. */
  ids?: string[];
  /** The surface ask is called through (default cli). */
  surface?: AskSurface;
  log: (s: string) => void;
  /** Called with the rows so far after each task group (a long run's partial results survive it). */
  progress?: (rows: readonly PackRow[]) => void | Promise<void>;
}

/** ask's warm latency and scores at each budget on one task (the first budget timed). */
async function askRun(root: string, task: LocalizeTask, budgets: readonly number[], counter: TokenCounter, surface: AskSurface, changed: ChangedDecls | null) {
  await call("ask", { path: root, task: task.query, tokenBudget: budgets[0] as number }, surfaceContext(surface)); // warm
  const out = { ms: 0, strategy: "?", ask: {} as Record<number, PackScore>, tiers: {} as Record<number, string[]> };
  for (const [i, budget] of budgets.entries()) {
    const t0 = performance.now();
    const a = await askScore(root, task, budget, counter, surface, changed);
    if (i === 0) {
      out.ms = performance.now() - t0;
      out.strategy = a.strategy;
    }
    out.ask[budget] = a.score;
    out.tiers[budget] = a.tiers;
  }
  return out;
}

export async function benchAskPack(base: string, options: AskPackOptions): Promise<PackRow[]> {
  const counter = await tokenCounter();
  const loaded = await loadTasks(base, options.only, options.log);
  let tasks = loaded.tasks.filter((t) => t.split === options.split && (!options.ids || options.ids.includes(t.id)));
  if (options.perCorpus) {
    const keep = new Set<string>();
    for (const c of new Set(tasks.map((t) => t.corpus))) for (const t of tasks.filter((x) => x.corpus === c).slice(-options.perCorpus)) keep.add(t.id);
    tasks = tasks.filter((t) => keep.has(t.id));
  }
  // corpora in the order --corpus names them (the slow history corpora last when listed last)
  if (options.only) {
    const rank = (c: string) => (options.only as string[]).indexOf(c);
    tasks = tasks.map((t, i) => ({ t, i })).sort((a, b) => rank(a.t.corpus) - rank(b.t.corpus) || a.i - b.i).map((x) => x.t);
  }
  // History corpora share one clone per corpus, checked out per task: each task is its own group (run.ts does the same).
  const key = (t: LocalizeTask) => (t.checkout ? `${t.root}@${t.checkout}` : t.root);
  const byRoot = new Map<string, LocalizeTask[]>();
  for (const t of tasks) byRoot.set(key(t), [...(byRoot.get(key(t)) ?? []), t]);
  const rows: PackRow[] = [];
  let done = 0;
  const defaults = { ...ASK_PARAMS };
  const localizerDefaults = { ...PARAMS };
  for (const [, group] of byRoot) {
    const root = (group[0] as LocalizeTask).root;
    if (group[0]?.checkout) checkoutParent(root, group[0].checkout);
    // a history task is its own group (its own checkout): the declarations its commit changed
    // (an npm task's: those its next version's package changed)
    const newTree = (t: LocalizeTask) => {
      const dir = join(realpathSync(join(base, ".bench", "corpus", "localize")), "unpacked", t.id.replace("/", "+"));
      return !t.checkout && existsSync(join(dir, "package.json")) ? dir : undefined;
    };
    const { docs, changed: changedFirst } = await docsAndDecls(root, group[0], newTree(group[0] as LocalizeTask));
    const baselines = new Baselines(docs);
    const bodies = new Map(docs.map((d) => [d.path, d.body]));
    const costs = new Map<string, number>();
    const cost = (p: string) => costs.get(p) ?? (costs.set(p, counter.count(fileBlock("xml", p, bodies.get(p) ?? ""))), costs.get(p) as number);
    for (const original of group) {
      const task = { ...original, targets: original.targets.filter((p) => bodies.has(p)) };
      if (!task.targets.length) continue;
      const ranking = baselines.bm25f(task.query, docs.length);
      const changed = original === group[0] ? changedFirst : original.checkout || newTree(original) ? (await docsAndDecls(root, original, newTree(original))).changed : null;
      const a = await askRun(root, task, options.budgets, counter, options.surface ?? "cli", changed);
      const row: PackRow = { id: task.id, corpus: task.corpus, query: task.query, targets: task.targets, strategy: a.strategy, askMs: a.ms, ask: a.ask, bm25f: {}, askTiers: a.tiers };
      for (const budget of options.budgets) {
        const pack = bm25fPack(ranking, cost, budget);
        row.bm25f[budget] = score(task.targets, pack.paths, pack.paths, pack.tokens, pack.paths.size, bodiesShare(changed, task.targets, pack.paths, new Map()));
      }
      for (const [name, change] of Object.entries(options.variants ?? {})) {
        for (const [k, v] of Object.entries(change)) {
          if (!(k in ASK_PARAMS) && !(k in PARAMS)) throw new Error(`ask-pack: --variants ${name}: no parameter ${k} in ASK_PARAMS or the localizer's PARAMS`);
          Object.assign(k in ASK_PARAMS ? ASK_PARAMS : PARAMS, { [k]: v });
        }
        try {
          const v = await askRun(root, task, options.budgets, counter, options.surface ?? "cli", changed);
          (row.variants ??= {})[name] = { askMs: v.ms, ask: v.ask };
        } finally {
          Object.assign(ASK_PARAMS, defaults);
          Object.assign(PARAMS, localizerDefaults);
        }
      }
      rows.push(row);
    }
    done += group.length;
    if (!group[0]?.checkout || done % 5 === 0 || done === tasks.length) options.log(`  ${done}/${tasks.length} tasks`);
    await options.progress?.(rows);
  }
  return rows;
}

const pct = (x: number) => `${(100 * x).toFixed(1)}`;

function summarize(label: string, rows: readonly PackRow[], budgets: readonly number[]): string[] {
  const out: string[] = [];
  const avg = (f: (r: PackRow) => number) => rows.reduce((s, r) => s + f(r), 0) / Math.max(1, rows.length);
  for (const b of budgets) {
    const side = (k: "ask" | "bm25f") =>
      `${pct(avg((r) => r[k][b]?.present ?? 0)).padStart(5)} ${pct(avg((r) => r[k][b]?.whole ?? 0)).padStart(5)} ${pct(avg((r) => r[k][b]?.all ?? 0)).padStart(5)} ${fmt(avg((r) => r[k][b]?.tokens ?? 0) / 1000, 1).padStart(5)}k`;
    const diff = (m: "present" | "whole") => {
      const a = rows.map((r) => r.ask[b]?.[m] ?? 0);
      const c = rows.map((r) => r.bm25f[b]?.[m] ?? 0);
      const [lo, hi] = pairedInterval(a, c);
      const d = avg((r) => (r.ask[b]?.[m] ?? 0) - (r.bm25f[b]?.[m] ?? 0));
      return `${d >= 0 ? "+" : ""}${pct(d)} (${pct(lo)} … ${pct(hi)})`;
    };
    out.push(`  ${label.padEnd(16)} ${String(rows.length).padStart(4)} ${String(b).padStart(6)} | ${side("ask")} | ${side("bm25f")} | ${diff("present").padEnd(24)} ${diff("whole")}`);
  }
  return out;
}

export function printAskPack(rows: readonly PackRow[], budgets: readonly number[], split: string, detail: boolean, surface: AskSurface = "cli"): void {
  console.log(`\n## ask context efficiency — ${split} split, ${rows.length} tasks, ask through ${surface === "cli" ? "the CLI (the text counted: what it prints)" : "MCP (text and structured result counted)"}`);
  console.log(`  ${"corpus".padEnd(16)} ${"n".padStart(4)} ${"budget".padStart(6)} | ask: present whole   all  tokens | BM25F pack: present whole all tokens | present Δ (95%)          whole Δ (95%)`);
  const corpora = [...new Set(rows.map((r) => r.corpus))];
  for (const c of corpora) for (const line of summarize(c, rows.filter((r) => r.corpus === c), budgets)) console.log(line);
  for (const line of summarize("ALL", rows, budgets)) console.log(line);
  const withBodies = rows.filter((r) => budgets.every((b) => r.ask[b]?.bodies !== undefined));
  if (withBodies.length) {
    console.log(`changed declarations with their bodies in the answer (history tasks whose change touches a declaration: ${withBodies.length}):`);
    for (const b of budgets) {
      const a = withBodies.map((r) => r.ask[b]?.bodies ?? 0);
      const c = withBodies.map((r) => r.bm25f[b]?.bodies ?? 0);
      const [lo, hi] = pairedInterval(a, c);
      const mean = (xs: number[]) => xs.reduce((x, y) => x + y, 0) / xs.length;
      console.log(`  ${String(b).padStart(6)} | ask ${pct(mean(a)).padStart(5)} | BM25F pack ${pct(mean(c)).padStart(5)} | Δ ${mean(a) >= mean(c) ? "+" : ""}${pct(mean(a) - mean(c))} (${pct(lo)} … ${pct(hi)})`);
    }
  }
  console.log(`ask in-process, warm, at ${budgets[0]} tokens: p50 ${fmt(percentile(rows.map((r) => r.askMs), 50), 1)} ms, p90 ${fmt(percentile(rows.map((r) => r.askMs), 90), 1)} ms`);
  const strategies = new Map<string, number>();
  for (const r of rows) strategies.set(r.strategy, (strategies.get(r.strategy) ?? 0) + 1);
  console.log(`strategies: ${[...strategies].map(([s, n]) => `${s} ${n}`).join(", ")}`);
  const names = [...new Set(rows.flatMap((r) => Object.keys(r.variants ?? {})))];
  if (names.length) {
    console.log(`\nvariants (same tasks and index; Δ = variant − ask as run, paired 95%):`);
    for (const name of names) {
      const vs = rows.filter((r) => r.variants?.[name]);
      for (const b of budgets) {
        const avg = (f: (r: PackRow) => number) => vs.reduce((s, r) => s + f(r), 0) / Math.max(1, vs.length);
        const d = (m: "present" | "whole") => {
          const a = vs.map((r) => r.variants?.[name]?.ask[b]?.[m] ?? 0);
          const c = vs.map((r) => r.ask[b]?.[m] ?? 0);
          const [lo, hi] = pairedInterval(a, c);
          const mean = a.reduce((s, x, i) => s + x - (c[i] as number), 0) / Math.max(1, a.length);
          return `${mean >= 0 ? "+" : ""}${pct(mean)} (${pct(lo)} … ${pct(hi)})`;
        };
        const vb = vs.filter((r) => r.ask[b]?.bodies !== undefined);
        const bodies = vb.length ? ` bodies ${pct(vb.reduce((s, r) => s + (r.variants?.[name]?.ask[b]?.bodies ?? 0) - (r.ask[b]?.bodies ?? 0), 0) / vb.length)} (${vb.length})` : "";
        console.log(`  ${name.padEnd(28)} ${String(b).padStart(6)} | ${pct(avg((r) => r.variants?.[name]?.ask[b]?.present ?? 0)).padStart(5)} ${pct(avg((r) => r.variants?.[name]?.ask[b]?.whole ?? 0)).padStart(5)} | present ${d("present").padEnd(24)} whole ${d("whole")}${bodies}`);
      }
      for (const c of [...new Set(vs.map((r) => r.corpus))]) {
        const cr = vs.filter((r) => r.corpus === c);
        const line = budgets.map((b) => `${b}: ${pct(cr.reduce((s, r) => s + (r.variants?.[name]?.ask[b]?.present ?? 0), 0) / cr.length)}/${pct(cr.reduce((s, r) => s + (r.variants?.[name]?.ask[b]?.whole ?? 0), 0) / cr.length)}`).join("  ");
        console.log(`      ${c.padEnd(16)} ${line}`);
      }
      console.log(`      p50 ${fmt(percentile(vs.map((r) => r.variants?.[name]?.askMs ?? 0), 50), 1)} ms (ask as run: ${fmt(percentile(vs.map((r) => r.askMs), 50), 1)} ms)`);
    }
  }
  if (!detail) return;
  const b = budgets[0] as number;
  for (const r of rows) {
    const a = r.ask[b] as PackScore;
    const m = r.bm25f[b] as PackScore;
    if (a.present >= m.present && a.whole >= m.whole) continue;
    console.log(`  ${r.id} [${r.strategy}] ${r.query.slice(0, 90)}\n      ask ${pct(a.present)}/${pct(a.whole)} bm25f ${pct(m.present)}/${pct(m.whole)}; ${r.targets.map((t, i) => `${t}=${r.askTiers[b]?.[i]}`).join(" ")}`);
  }
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const arg = (name: string) => (args.includes(name) ? (args[args.indexOf(name) + 1] as string) : null);
  const only = arg("--corpus")?.split(",") ?? null;
  const split = (arg("--split") ?? "tune") as LocalizeTask["split"];
  const budgets = (arg("--budgets") ?? "8000,20000").split(",").map(Number);
  if (arg("--params")) Object.assign(ASK_PARAMS, JSON.parse(arg("--params") as string));
  const variants = arg("--variants") ? (JSON.parse(arg("--variants") as string) as AskPackOptions["variants"]) : undefined;
  const perCorpus = arg("--per-corpus") ? Number(arg("--per-corpus")) : undefined;
  const ids = arg("--ids")?.split(",");
  const surface = (arg("--surface") ?? "cli") as AskSurface;
  if (surface !== "cli" && surface !== "mcp") throw new Error(`--surface cli|mcp, not ${surface}`);
  const base = join(import.meta.dir, "..", "..", "..");
  const json = arg("--json");
  const rows = await benchAskPack(base, { only, split, budgets, variants, perCorpus, ids, surface, log: (s) => process.stderr.write(`${s}\n`), progress: json ? (r) => void Bun.write(json, JSON.stringify(r, null, 2)) : undefined });
  printAskPack(rows, budgets, split, args.includes("--detail"), surface);
  if (arg("--json")) await Bun.write(arg("--json") as string, JSON.stringify(rows, null, 2));
}
