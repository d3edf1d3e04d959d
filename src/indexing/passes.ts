// The index's passes, in order: assembled here, above index/ (which runs them and owns the
// store) and beside the wiring and the semantic tier (which define theirs). A new pass is
// one module exporting an IndexPass and one entry below; test/indexing/pass-contract.test.ts
// then holds it to "update after a change = full rebuild" over a fixed set of edits.

import { historyBehind, syncHistory } from "../history/sync.ts";
import { importEdgesPass } from "../index/edges.ts";
import { pipeline, syntaxPass, type AfterPass, type FileVisitor, type IndexPass } from "../index/pass.ts";
import { checkerEdgesPass } from "../semantic/checker-pass.ts";
import { wiringLinkPass, wiringVisitor } from "../wiring/pass.ts";
import { findGitRoot } from "../workspace/root.ts";

/** The git history's signals (src/history): brought up to date from the last commit read, after every sync. */
const historyPass: AfterPass = {
  kind: "after",
  name: "history",
  reads: [],
  writes: ["history_files", "history_words", "history_cochange", "history_commits", "history_commit_words"],
  run: async (db, root) => void (await syncHistory(db, root, findGitRoot(root))),
  behind: (db, root) => historyBehind(db, findGitRoot(root)),
};

/** The file visitors extraction children may be asked for by name (main.ts hands them over). */
export const FILE_VISITORS: readonly FileVisitor[] = [wiringVisitor];

export const PASSES: readonly IndexPass[] = [syntaxPass(wiringVisitor), importEdgesPass, wiringLinkPass, historyPass, checkerEdgesPass];

/** The checked, split pass list every sync runs. */
export const INDEX_PIPELINE = pipeline(PASSES);
