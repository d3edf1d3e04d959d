// The index's passes, in order: assembled here, above index/ (which runs them and owns the
// store) and beside the wiring and the semantic tier (which define theirs). A new pass (the
// history signals, an incremental semantic tier) is one module exporting an IndexPass and
// one entry below; test/indexing/pass-contract.test.ts then holds it to "update after a
// change = full rebuild" over a fixed set of edits.

import { importEdgesPass } from "../index/edges.ts";
import { pipeline, syntaxPass, type FileVisitor, type IndexPass } from "../index/pass.ts";
import { checkerEdgesPass } from "../semantic/checker-pass.ts";
import { wiringLinkPass, wiringVisitor } from "../wiring/pass.ts";

/** The file visitors extraction children may be asked for by name (main.ts hands them over). */
export const FILE_VISITORS: readonly FileVisitor[] = [wiringVisitor];

export const PASSES: readonly IndexPass[] = [syntaxPass(wiringVisitor), importEdgesPass, wiringLinkPass, checkerEdgesPass];

/** The checked, split pass list every sync runs. */
export const INDEX_PIPELINE = pipeline(PASSES);
