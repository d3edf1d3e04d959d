// Localization tasks WITH the repository's history (issue 20): the most recent qualifying
// non-merge commits of a real TypeScript repository (filters of corpus-git.ts), each judged
// in a clone checked out at its parent commit with every ref deleted, so HEAD (detached at
// the parent) reaches the history up to the parent and nothing after. One clone per corpus
// serves all its tasks, checked out oldest first: the index (and its history) is updated
// incrementally between tasks, as it would be in use. leakCheck verifies, per task, that
// the stored history ends at the parent and holds no file the task commit added.
//
// Corpora (mirrors with full history, fixed before any tuning; hono and ky are left out as
// the independent checks other issues name):
//   effect-git    Effect-TS/effect     monorepo, ~10.5k commits, thousands of source files
//   mikro-orm-git mikro-orm/mikro-orm  ORM/DI monorepo, 1,000+ source files (docs/ left out:
//                                      the mirror lacks some of its large blobs)
//   rxjs-git      ReactiveX/rxjs       mid-size library, ~6k commits (one generated test
//                                      manifest the mirror lacks left out)
//   zod-git       colinhacks/zod       small library, ~3k commits
// Added at loc6 (2026-11-26), committed with their task counts before any ranker ran on them
// (the last tuning round on the four above had overfit their 86 tuning tasks):
//   typeorm-git   typeorm/typeorm      ORM, ~6k commits, ~3.6k files (src/ ~500 sources)
//   medusa-git    medusajs/medusa      commerce monorepo, ~6.9k commits, ~15k files; www/ (the
//                                      docs site: 5.3k .mdx, OpenAPI yaml, generated reference
//                                      .ts) and packages/design-system/icons/ (614 generated
//                                      icon components) left out, decided from the tree alone
// Independent checks (never tuned on; only with --corpus hono-git / ky-git):
//   hono-git      honojs/hono          web framework, ~2.8k commits
//   ky-git        sindresorhus/ky      small HTTP client, ~500 commits
// Tuning at loc6, six corpora, tuning split only (122 tasks: effect 30, mikro-orm 22, rxjs 19, zod 15,
// typeorm 17, medusa 19), Acc@1 / R@10 / MRR, find − BM25F over sources with paired bootstrap 95%:
//   before (db5ae76)   .549 .774 .644   BM25F src .393 .673 .530   Acc@1 +.156 (.049 … .270)  MRR +.114 (.034 … .196)
//   after (scope list) .557 .774 .650                              Acc@1 +.164 (.057 … .270)  MRR +.120 (.040 … .200)
//   new corpora before: typeorm .647 .888 .727 (src .471 .566 .536); medusa .316 .474 .404 (src .421 .454 .502)
// Kept: a conventional-commit scope list (`fix(dashboard,js-sdk): …`) naming packages narrows to them
// (localize-params scopeList; − scope list: Acc@1 −.008, MRR −.006, no task better without it; no npm or
// svc task has a scope list, so their grades are unchanged). Tried and left out (against find, all
// intervals spanning 0): BM25F over the source files (names 3, path 2, body 1 over FTS5, no stems or
// change words) fused as one more piece of evidence at 0.3 / 0.5 / 0.7 (pool 20) and 0.5 (pool 10):
// Acc@1 −.025 / −.025 / −.041 / ±0, MRR −.006 / ±0 / −.012 / +.011 — it wins rxjs's window.ts and
// effect's NodeWorker.ts but loses as many elsewhere (typeorm enum order 1 → 8, medusa exchange 7 → 19);
// ordering files at the 0.999 cap by their uncapped score: Acc@1 −.008; and on the 122 tasks again the
// earlier alternatives: initial word as prose +.008, auxiliary prior 0.8 +.008, basename words 0.3 +.016,
// path name length 0.3 ±0 — each within noise, and each costs the npm/svc grades (localize-params.ts).
// Held-out, read once at loc6 (06:13–06:28 UTC 2026-11-26, code of 0dd388b, nothing tuned after), 137 tasks,
// find / BM25F over sources, Acc@1 R@10 MRR; find − BM25F over sources, paired bootstrap 95%:
//   effect (20)     .650 .902 .787   .600 .809 .685   Acc@1 +.050 (−.300 … .400)  MRR +.102 (−.135 … .341)
//   mikro-orm (28)  .536 .854 .681   .500 .699 .625   Acc@1 +.036 (−.179 … .250)  MRR +.056 (−.075 … .198)
//   rxjs (21)       .667 .929 .759   .714 .905 .779   Acc@1 −.048 (−.286 … .143)  MRR −.020 (−.170 … .124)
//   zod (25)        .360 .810 .552   .160 .673 .380   Acc@1 +.200 (−.040 … .440)  MRR +.172 (−.007 … .335)
//   typeorm (23)    .522 .708 .652   .565 .675 .656   Acc@1 −.043 (−.217 … .130)  MRR −.005 (−.137 … .143)
//   medusa (20)     .350 .722 .511   .200 .530 .388   Acc@1 +.150 (.000 … .300)   MRR +.123 (.014 … .248)
//   old four (94)   .543 .869 .687   .479 .762 .607   Acc@1 +.064 (−.053 … .191)  R@10 +.107 (.041 … .178)  MRR +.080 (−.006 … .170)
//   new two (43)    .442 .714 .586   .395 .607 .531   Acc@1 +.047 (−.093 … .163)  R@10 +.107 (.013 … .208)  MRR +.055 (−.039 … .146)
//   overall (137)   .511 .821 .655   .453 .713 .583   Acc@1 +.058 (−.036 … .153)  R@10 +.107 (.054 … .164)  MRR +.072 (−.001 … .139)
// − scope list on held-out: ±0 on every task. Issue 20's held-out bar is not met: Acc@1 +.058 (needs +.10, interval
// above 0), rxjs and typeorm below BM25F over sources on MRR.
// Tuning at loc7 (2026-11-26, tuning split only, the same 122 tasks; held-out not run). Where find loses to BM25F
// over sources at rank 1 (find's first file wrong, BM25F's right): 16 tasks (effect 4, mikro-orm 3, rxjs 4, zod 1,
// typeorm 1, medusa 3); the reverse 36 (effect 11, mikro-orm 11, rxjs 5, zod 3, typeorm 4, medusa 2: mostly exact
// declarations, package scopes with history words, compound file names). The 16 by cause:
//   a query word is a file's whole name, another file ranks first   6  rxjs window/buffer/repeat behind window-when.ts,
//                                                                      buffer-toggle.ts, repeat-when.ts (same folder,
//                                                                      within 5% on score); rxjs timer behind timeout.ts;
//                                                                      medusa claim (claim.ts, claims.tsx in other
//                                                                      packages than claim-create-form.tsx); effect
//                                                                      "Node worker" = NodeWorker.ts (two words)
//   near-miss among related files (BM25F's body/tf decides)        3  mikro-orm QueryBuilder.ts / QueryBuilderHelper.ts,
//                                                                      SchemaHelper.ts / SchemaComparator.ts; zod
//                                                                      schemas.ts / regexes.ts
//   support code first                                             2  effect packages/tools/api-diff/src/Diff.ts (a
//                                                                      package of its own under tools/); typeorm
//                                                                      packages/codemod/…/relation-count.ts
//   multi-package change (medusa)                                  2  tax region update API (13: add-to-cart.ts by the
//                                                                      change word "add" in its path), taxes + discount
//   a compound names another file                                  1  effect "worker-runner" → WorkerRunner.ts (RpcServer.ts)
//   the declaration site, not the use                              1  mikro-orm `targetKey` → defineEntity.ts
//   same-named module elsewhere                                    1  effect `Prompt.autoComplete` → ai/openai Generated.ts
//                                                                      (no generated marker in its first lines), ai/Prompt.ts
// Variants against find as it was (Acc@1 / R@10 / MRR over the 122; paired Δ, bootstrap 95%):
//   find (775b974)                         .557 .774 .650   BM25F over sources .393 .673 .530
//   stem over sibling, same folder (kept)  .582 .774 .666   Acc@1 +.025 (.000 … .049)  MRR +.016 (.000 … .036): rxjs
//                                          .737/1.00/.826 → .895/1.00/.930 (window 5 → 1, buffer 3 → 1, repeat 2 → 1), no
//                                          other task of any corpus moves; − BM25F over sources: Acc@1 +.189 (.090 … .295),
//                                          MRR +.136 (.059 … .214); rxjs MRR +.110 (−.026 … .241), medusa still −.060
//   … any folder                           .590 .777 .670   +.033 / +.020: medusa claim 3 → 1 but notifications 3 → 5
//                                          (monorepo notification.ts files rise); npm mongoose one lost, one won
//   … any folder, any score                .598 .768 .675   +.041 / +.025, R@10 −.006: 5 tasks worse (tax region 13 → 17,
//                                          notifications 3 → 7, OpenAPI 3 → 5, …), 2 better (claim, exchange)
//   two adjacent words naming a file ×1/0.7 .566 .782 .657  +.008 / +.007: effect NodeWorker 12 → 1; typeorm "inverse
//                                          foreign key" → decorator/ForeignKey.ts 6 → 7 (MRR −.001)
//   path length normalisation b .75 / .3   .557 .778 .652 / .557 .774 .652: Acc@1 ±0, MRR +.002 (ranks below the first)
//   change words not in paths              .549 .772 .646   −.008 / −.004 (effect prompt themes 1 → 2)
//   … over any same-folder file in the band, not only names containing the word: rxjs alone, timer 3 → 2 (timeout.ts
//                                          stays first); no Acc@1 to gain, not run on the other corpora, code not kept
// The kept rule on npm+svc (grades.ts, tuning, 349 tasks): grades, first files and confident share identical; 4 rankings
// differ below the first file (MRR@10 .7596 → .7597). Its two conditions come from there: without "neither imports the
// other" react-i18next's Trans.js rises over TransWithoutContext.js, which it wraps (5 tasks right → wrong); without the
// score band (stemTie 0.1) context.js (0.37) rises over TransWithoutContext.js (0.68) and svc's reach.ts over
// reach-gaps.ts (first file right .645 → .639, confident 67 → 65). Neither condition changes a history task.
// Confirmed on the committed code (rule on by default; run.ts --variants "stem over sibling,name pair"): the same
// .582 .774 .666 per task, "− stem over sibling" equal to the earlier find on every task.
// Held-out, read once by the lead after the merge (1f9ee09, 08:50–09:03 UTC 2026-11-26, nothing tuned after; run.ts --corpus <c>
// --split heldout --variants "− stem over sibling"), find / BM25F over sources, Acc@1 R@10 MRR:
//   rxjs (21)       .762 .929 .816   .714 .905 .779   Acc@1 +.048 (−.095 … .238)  MRR +.037 (−.084 … .159)  (was −.048 / −.020)
//   effect, mikro-orm, zod, typeorm, medusa: unchanged (typeorm .522 .708 .652 against .565 .675 .656: MRR −.005)
//   overall (137)   .526 .821 .664   .453 .713 .583   Acc@1 +.073 (−.015 … .168)  R@10 +.107 (.054 … .167)  MRR +.081 (.020 … .147)
//   − stem over sibling: Acc@1 −.015, MRR −.009 (rxjs's window, buffer and repeat tasks), no task better without it.
// Independent checks (hono-git, ky-git, both splits, 80 tasks): the rule changes no task (Acc@1 ±0 against BM25F over sources,
// R@10 +.069, MRR +.054, as at 0dd388b). Issue 20's held-out bar: R@10 met; Acc@1 +.073 (needs +.10 with the interval above 0)
// and typeorm's MRR (−.005) not met.
// Headroom of a learned combination (loc8, exploration, tuning only, nothing merged): per candidate of find's top 30, the
// max evidence per source (exact, qualified, barrel, wiring, name, body, path, feedback, basename, history words,
// neighbour, co-change), the name rule, noisy-OR, priors, find's score and rank; a listwise linear ranker, leave-one-corpus-
// out over the six corpora (npm tuning tasks in training): Acc@1 .582 → .598, MRR .667 → .679 (2 tasks better, none worse
// at rank 1; by MRR 8 better, 10 worse); evidence alone .590; history tasks alone in training .492. Fitted and scored on the
// same tasks: linear .615, with pairwise products .648 (cross-validated .525). find's misses: the target at rank 2 in 7,
// 3–5 in 18, 6–10 in 8, 11–30 in 10, beyond 30 in 8 of 122; at ranks 2–5 it mostly scores ≥ 0.9 of the first with the
// same kinds of evidence (fr.ts / en.ts, SchemaComparator.ts / SchemaHelper.ts): reweighting cannot tell them apart,
// new evidence must (which declaration the change text describes). Weights: test −.26 and doc −.25 beyond the priors,
// neighbour −.10 — but "test/doc prior 0.6" (run.ts variant, 122 tuning tasks) changes no task: ±0.
// What the tests say a file does (testdesc, exploration, tuning only, offline, nothing merged): per source file a field of
// the describe/it/test titles of the test files (and *.tst.ts type tests) at the task's parent that exercise it — a test's
// titles go to the files its imports resolve to (relative, package subpaths, named imports from a package or folder
// barrel), more sharply to the file its describe("Foo") block or its own name (foo.test.ts → foo.ts) names; scored as
// BM25 over the fields (idf over files with a field; each query word once, its best form; the conventional-commit prefix
// and PR number left out) or as the file's best single title; combined with find's top 40 by score + w × evidence/max
// within a band of the first's score, or by letting only files with a field trade places; w and band chosen leave-one-
// corpus-out (grid w .02–1 × band .02–1). 2,405 of the 4,880 candidates have a field. Acc@1 / MRR, find → with
// titles (weighted sum, LOCO):
//   effect .567 .679 → .533 .647   mikro-orm .591 .694 → .545 .672   rxjs .895 .930 → same   zod .400 .484 → same
//   typeorm .647 .727 → .529 .665   medusa .368 .444 → same   overall .582 .667 → .549 .646 (−4 tasks at rank 1)
//   files with a field trade places: .574 .663 (−1); describe/name mapping only: ±0 traded, −6 summed; best single
//   title: .525 (−7); only same-folder siblings of the first: .566 (−2). No setting nets a task at rank 1 even fitted
//   on all 122 (best +4 −4).
// Why: where find is right the first file's titles beat its rivals' within 0.9 of its score 55 : 17, where it is wrong the
// target's beat the first's 6 : 5 (4 equal) — the titles repeat the evidence find already has and do not separate the
// near-tied siblings (the test of a facade describes what its implementation does: typeorm Repository.ts's increment tests
// for EntityManager.ts's change, mikro-orm EntityManager.ts for EntityLoader.ts, effect cli Argument.ts/Command.ts for
// Prompt.ts, which has no test). npm tarballs ship no tests (one apollo testing/ file, never a candidate): no npm task has
// the evidence, so find would be unchanged there. Gate (≥ 2 tasks at rank 1) not met; not implemented.
// Similar past commits (knn, 2026-11-26, tuning only; BugLocator's "similar bug reports"): the past commits (at or
// before the parent) whose messages are most like the task (BM25 over subject + first body paragraph, stemmed as the
// history stores them, k1 1.2, b .75, each word once) vote for the files they changed, each its similarity relative to
// the nearest's ÷ its file count (α 1); within a band of the first's score files are reordered by score + λ × vote ÷ the
// band's best vote. Offline first over find's dumped top 40 (dumps-v2/hist.jsonl, 0fa12bd; git log of each parent
// from the mirrors, commits of ≤ 30 files; the stem rule re-applied after), Acc@1 / MRR:
//   find (0fa12bd)                         .582 .667   effect .567/.679 mikro-orm .591/.694 rxjs .895/.930 zod .400/.484
//                                                       typeorm .647/.727 medusa .368/.444
//   20 commits, λ .5, band 5 % (kept)      .631 .698   effect .700/.762 mikro-orm .636/.725 rxjs = zod .333/.451
//                                                       typeorm .706/.757 medusa .421/.479 (8 tasks move: 7 → 1, zod's
//                                                       core.ts 1 → 2, its previous commit "install derived internals"
//                                                       changed schemas.ts)
//   leave-one-corpus-out, λ ∈ {.05 .1 .2 .5 1} × band {5 %, 10 %}: with 20 commits every fold chooses λ .5 / 5 %
//   (+6 tasks, MRR +.031, the row above); with 10 / 40 commits +3 / +4; choosing the commit count too (10, 20, 40) +2
//   (MRR +.012; rxjs −1 and typeorm −.009 where folds chose a 10 % band). Age decay, LOCO with 10 / 20 / 40 commits:
//   half-life 2,000 commits +4 / +2 / +1, 500 −2 / −1 / −3. The kept setting with the last 3,000 / 10,000 commits,
//   commits of ≤ 50 files or the body at weight 0 / 1: the same tasks; commits of ≤ 10 files: +4. Without the stem
//   rule after it, rxjs's "centralize window / buffer / repeat subscriptions" series goes back to window-when.ts etc.
//   (−3): a commit series over sibling files is the signal's blind spot. A wider grid (α 0 / .5 / 1, 5 commits, λ .02 /
//   .3, bands 20 % and none — a global additive score) LOCO −3: rxjs −4, medusa −1 (folds choosing no band), zod −1.
//   npm corpora: one root commit each, so no past commit and no change by construction (no npm task in the dump has
//   any history evidence).
// Committed (similarCommitsFirst in localize-history.ts, run before the stem rule; history version 6 keeps the last 5,000
// commits one by one): run.ts --split tune --variants "− similar commits" on the six corpora: .631 .774 .697 (the offline
// figure, the same 8 tasks), − similar commits .582 .774 .666 = find before; Acc@1 +.049 (.008 … .098), MRR +.031
// (.005 … .059); long query .648 .804 .722 vs .590 .804 .687. Against BM25F over sources: Acc@1 +.238 (.139 … .336),
// MRR +.168 (.097 … .242); medusa MRR −.025 (was −.060). Cost: the kept commits add ~50 ms to a full history read of
// effect (4,482 commits kept, 23,091 word rows; the read is 2.0–3.5 s at load 5); a query's lookup p50 1.8 ms, p95 11 ms
// uncached (effect's 10.5k-commit history, in memory); task-latency.ts on the effect-git clone (3,483 files), 30 queries:
// warm p50 27.6 / 27.1 ms with it, 28.2 / 26.3 without (two runs each); each query's first run 52.4 against 42.1 ms
// (CPU 37.8 / 32.3) at load 3. npm+svc (grades.ts, 356 tuning tasks, with and without
// --params '{"similarCommits":0}'): no tree there has a past commit; grades (confident 68, .941) and every ranking identical.
// Which declaration the task describes (loc9, tuning only, held-out not run; localize-declarations.ts): per candidate, its
// best declaration's BM25-like match to the query over chunks_fts (name ×3, leading comment ×1.5, own text ×1; workspace
// idf; k1 0.6, no length normalisation; properties/fields ×0.5); the first 10 files within 0.15 of the first's score
// reordered by score + 0.2 × share of the band's best, a file whose name is a query word not passed by one whose is not.
// Offline first (find's top 40 of the 122 dumped at 0fa12bd, each file extracted at the task's parent with the indexer's
// own extractFile; idf by git grep file counts at the parent), leave-one-corpus-out over k1 {0.6, 1.2} × b {0, 0.5} ×
// minor {0.5, 1} × add / log-linear × α {.02 … 1} × band {.03 … .3}, npm tuning tasks in the objective:
//   corpus          Acc@1 before → LOCO   MRR before → LOCO   chosen (every fold: k1 0.6, b 0, minor 0.5)
//   effect (30)     .567 → .767           .679 → .796         add α .3 band .15
//   mikro-orm (22)  .591 → .591           .694 → .713         add α .2 band .15
//   rxjs (19)       .895 → .895           .930 → .930         add α .3 band .15
//   zod (15)        .400 → .467           .484 → .538         add α .3 band .15
//   typeorm (17)    .647 → .647           .727 → .746         add α .2 band .15
//   medusa (19)     .368 → .368           .444 → .437         add α .3 band .15
//   overall (122)   .582 → .639 (+7)      .667 → .707         npm first files (dump) 111 → 110/111 of 176
// Without npm in the objective LOCO reaches +9 but npm falls to 100; without the name condition npm loses 3–4 first files
// whatever α (observableset.ts, eq.ts, sandbox.js passed by siblings with a richer declaration); idf over the candidates'
// declarations instead of the workspace: LOCO +2, npm −10. Engine (5166153, run.ts --variants "− declaration match"):
//   find .639 .774 .709, − declaration match .582 .774 .666 (= the earlier find on every task): Acc@1 +.057 (.000 … .115),
//   MRR +.043 (.007 … .078); 11 tasks better at rank 1 (effect 6: OpenAPI JSON Pointer, worker-runner, server notifications,
//   Match.fn, Prompt ×2; mikro-orm 3: SchemaComparator ×2, MetadataDiscovery; zod regexes.ts; typeorm SelectQueryBuilder),
//   4 worse (mikro-orm PostgreSqlSchemaHelper.ts ×2 behind SchemaHelper.ts, transformer.ts behind plugin/index.ts; typeorm
//   version-utils); per corpus Acc@1 effect .567 → .767, zod .400 → .467, others level; MRR medusa .442 → .439, no other lower.
//   Long query: Acc@1 .590 → .656. npm+svc (grades.ts, 355 tuning tasks): first file right .645 → .670 (npm 111 → 110, svc
//   118 → 128), confident 68 (.941) → 69 (.942). Warm query on medusa (15k files, busy 2-core machine) p50 155 → 159 ms.
// Both kept, composed in localize.ts as similar commits → the stem rule → declaration match (lead, 2026-11-26, after
// merging knn and decl; run.ts --corpus <six> --split tune --variants "− similar commits,− declaration match"):
//   tuning (122)    find .648 .774 .714   BM25F over sources .393 .673 .530   Acc@1 +.254 (.164 … .352)  MRR +.184 (.113 … .257)
//                   − similar commits .639 .774 .709 (Acc@1 −.008), − declaration match .631 .774 .697 (−.016): the two
//                   overlap (alone +.049 and +.057 over .582, together +.066); medusa MRR −.028 against BM25F over sources.
// Ablation of every signal on tuning, at 830e692 (run.ts --split tune --variants "− history words,− co-change,− recency,
// − package named,− all history signals,− stem over sibling,− similar commits,− declaration match,− scope list,− test/doc
// prior"), each against find (.648 .774 .714), Acc@1 / R@10 / MRR and the paired Δ Acc@1:
//   − history words        .574 .744 .666  −.074 (−.139 … −.008)   − co-change       .648 .751 .718  ±0, R@10 −.023 (−.047 … −.002)
//   − recency              .648 .770 .710  ±0, R@10 −.004          − package named   .631 .770 .702  −.016 (−.057 … .025)
//   − all history signals  .541 .733 .648  −.107 (−.189 … −.033)   − test/doc prior  .648 .759 .713  ±0, R@10 −.015
//   − stem over sibling    .623 .774 .698  −.025 (−.057 … .000)    − scope list      .648 .774 .714  ±0 (−.008 at loc6)
//   − similar commits      .639 .774 .709  −.008 (−.025 … .000)    − declaration match .631 .774 .697 −.016 (−.066 … .033)
// The switches left off at loc7 (two adjacent words naming a file, path length normalisation, change words not in paths)
// were removed from the code after this reading (their figures stay above); the near-tie rules share nearTies/reorderHead
// (localize-signals.ts). Re-run on tuning after the removal: the same .648 .774 .714 on every task.
// Held-out, read once at 4eb916f (11:00–11:11 UTC 2026-11-26; nothing tuned after), find / BM25F over sources, Acc@1 R@10 MRR:
//   effect (20)     .700 .902 .850   .600 .809 .685   Acc@1 +.100 (−.200 … .400)  MRR +.165 (−.044 … .380)
//   mikro-orm (28)  .607 .854 .741   .500 .699 .625   Acc@1 +.107 (−.071 … .286)  MRR +.116 (.005 … .226)
//   rxjs (21)       .810 .929 .866   .714 .905 .779   Acc@1 +.095 (−.095 … .286)  MRR +.087 (−.024 … .213)
//   zod (25)        .600 .810 .704   .160 .673 .380   Acc@1 +.440 (.200 … .640)   MRR +.324 (.166 … .474)
//   typeorm (23)    .652 .708 .717   .565 .675 .656   Acc@1 +.087 (−.130 … .304)  MRR +.061 (−.089 … .203)
//   medusa (20)     .400 .722 .550   .200 .530 .388   Acc@1 +.200 (.050 … .400)   MRR +.162 (.050 … .281)
//   overall (137)   .628 .821 .737   .453 .713 .583   Acc@1 +.175 (.088 … .263)  R@10 +.107 (.054 … .167)  MRR +.154 (.094 … .216)
//   long query      .642 .819 .745   .489 .756 .623   Acc@1 +.153 (.051 … .255); long − subject Acc@1 +.015 (−.029 … .066)
//   ablation: − similar commits .577 .821 .705: Acc@1 −.051 (−.102 … .000), MRR −.033 (−.065 … −.001); − declaration match
//   .650 .821 .740: Acc@1 +.022 (−.022 … .066), MRR +.003 — on held-out the declaration match costs (3 tasks at rank 1, the
//   interval spanning 0) what it gained on tuning; kept, as chosen on tuning (a held-out reading is not a tuning signal), and
//   named here for the next round. Issue 20's held-out bar is met: Acc@1 +.175 and R@10 +.107 with intervals above 0, every
//   corpus above BM25F over sources on MRR (typeorm −.005 → +.061, rxjs +.037 → +.087). Warm p50 73 ms in-process over the
//   137 (the bench's, load 3–5; the issue's 5,000-file target is measured by scale-bench.ts --section host).
// Tasks: the TASKS most recent qualifying commits per corpus (first parent only, merges
// skipped). Split by task id (task.ts splitOf), as for every corpus.

import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Database } from "bun:sqlite";
import { changeTargets, git } from "./corpus-git.ts";
import { longQuery, splitOf, type LocalizeTask } from "./task.ts";

export interface HistoryCorpus {
  name: string;
  mirror: string;
  tasks: number;
  /** Folders ("docs/") or files left out of the checkout (sparse): the mirror lacks some of their large blobs. */
  exclude?: string[];
  /** An independent check (hono, ky): never tuned on, run only when named; every task counts, whatever its split. */
  check?: boolean;
}

export const HISTORY_CORPORA: HistoryCorpus[] = [
  { name: "effect-git", mirror: "/work/.mirror/Effect-TS+effect/repo", tasks: 50 },
  { name: "mikro-orm-git", mirror: "/work/.mirror/mikro-orm+mikro-orm/repo", tasks: 50, exclude: ["docs/"] },
  { name: "rxjs-git", mirror: "/work/.mirror/ReactiveX+rxjs/repo", tasks: 40, exclude: ["packages/rxjs/test/ported/manifest.generated.json"] },
  { name: "zod-git", mirror: "/work/.mirror/colinhacks+zod/repo", tasks: 40 },
  { name: "typeorm-git", mirror: "/work/.mirror/typeorm+typeorm/repo", tasks: 40 },
  { name: "medusa-git", mirror: "/work/.mirror/medusajs+medusa/repo", tasks: 40, exclude: ["www/", "packages/design-system/icons/"] },
  // The independent checks other issues name as examples: built the same way, run once on the frozen code.
  { name: "hono-git", mirror: "/work/.mirror/honojs+hono/repo", tasks: 40, check: true },
  { name: "ky-git", mirror: "/work/.mirror/sindresorhus+ky/repo", tasks: 40, check: true },
];

/** A clone sharing the mirror's objects, with no refs at all (HEAD detached wherever a task puts it). */
function cloneOf(cacheDir: string, spec: HistoryCorpus): string {
  const dir = join(cacheDir, "history", spec.name);
  if (!existsSync(join(dir, ".git"))) {
    mkdirSync(join(cacheDir, "history"), { recursive: true });
    git(cacheDir, "clone", "-q", "--shared", "--no-checkout", spec.mirror, dir);
    if (spec.exclude?.length) git(dir, "sparse-checkout", "set", "--no-cone", "/*", ...spec.exclude.map((d) => `!/${d}`));
  }
  return dir;
}

/** Check `commit` out detached in `dir` and delete every ref, so nothing after it is reachable. */
export function checkoutParent(dir: string, commit: string): void {
  git(dir, "checkout", "-q", "-f", "--detach", commit);
  git(dir, "clean", "-fdq");
  for (const ref of git(dir, "for-each-ref", "--format=%(refname)").split("\n").filter(Boolean)) git(dir, "update-ref", "-d", ref);
}

export function historyTasks(cacheDir: string, spec: HistoryCorpus): { tasks: LocalizeTask[]; skipped: Record<string, number> } {
  const skipped: Record<string, number> = {};
  const skip = (why: string) => (skipped[why] = (skipped[why] ?? 0) + 1);
  const dir = cloneOf(cacheDir, spec);
  const picked: { task: LocalizeTask; time: number }[] = [];
  const log = git(spec.mirror, "log", "--first-parent", "--format=%H %P%x09%ct%x09%s", "-n", "3000", "HEAD").trim().split("\n").filter(Boolean);
  for (const line of log) {
    if (picked.length >= spec.tasks) break;
    const [ids = "", time = "0", subject = ""] = line.split("\t");
    const [commit = "", ...parents] = ids.split(" ").filter(Boolean);
    if (parents.length !== 1) {
      skip(parents.length === 0 ? "root commit" : "merge");
      continue;
    }
    const targets = changeTargets(spec.mirror, subject, parents[0] as string, commit, skip);
    if (!targets) continue;
    const id = `${spec.name}@${commit.slice(0, 12)}`;
    const long = longQuery(subject, git(spec.mirror, "show", "-s", "--format=%b", commit));
    picked.push({ task: { id, corpus: spec.name, query: subject, targets, root: dir, split: splitOf(id), checkout: parents[0] as string, commit, long }, time: Number(time) });
  }
  picked.sort((a, b) => a.time - b.time);
  return { tasks: picked.map((p) => p.task), skipped };
}

/**
 * The leakage check: the index of `dir` at the task's parent stores history up to the
 * parent and no further — its last commit is the parent, the task commit is not reachable,
 * and no path the task commit added is among the paths the history knows. Returns the
 * problems found (none: clean).
 */
export function leakCheck(db: Database, dir: string, task: LocalizeTask): string[] {
  const problems: string[] = [];
  const meta = (key: string) => (db.query("SELECT value FROM index_meta WHERE key = ?").get(key) as { value: string } | null)?.value;
  if (meta("history_state") !== "ready") problems.push(`history not ready: ${meta("history_state")}`);
  if (meta("history_head") !== task.checkout) problems.push(`history head ${meta("history_head")} is not the parent ${task.checkout}`);
  const reachable = Bun.spawnSync(["git", "merge-base", "--is-ancestor", task.commit as string, "HEAD"], { cwd: dir }).exitCode === 0;
  if (reachable) problems.push("the task commit is reachable from HEAD");
  const added = git(dir, "diff-tree", "--no-commit-id", "-r", "--name-only", "--diff-filter=A", "--no-renames", task.checkout as string, task.commit as string).split("\n").filter(Boolean);
  const count = Number(git(dir, "rev-list", "--count", "--no-merges", "--full-history", "HEAD", "--", ".").trim());
  if (Number(meta("history_count")) !== count) problems.push(`history holds ${meta("history_count")} commits, HEAD reaches ${count}`);
  const known = db.prepare("SELECT 1 FROM history_files WHERE path = ?");
  for (const p of added) if (known.get(p)) problems.push(`history knows ${p}, which the task commit adds`);
  // The commits kept one by one (similar past commits): none past the parent, none touching a file the task commit adds.
  const last = (db.query("SELECT max(ordinal) AS n FROM history_commits").get() as { n: number | null }).n ?? 0;
  if (last > count) problems.push(`history keeps commit ${last}, HEAD reaches ${count}`);
  const kept = db.prepare("SELECT 1 FROM history_commits WHERE paths LIKE ? ESCAPE '\\' LIMIT 1");
  for (const p of added) if (kept.get(`%${JSON.stringify(p).replace(/[\\%_]/g, (c) => `\\${c}`)}%`)) problems.push(`a kept commit touches ${p}, which the task commit adds`);
  return problems;
}
