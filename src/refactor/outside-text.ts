// What a refactor's edits may write of files outside the workspace. The engine reads every
// file a program reaches (a symbolic link out, a `../` import, a `paths` entry: diag-outside.ts),
// and its edits spell what it read: "Implement interface" wrote an outside interface's members
// into an inside class, extract-interface printed a member's inferred type by its outside name.
// The staged diff showed them, and so did the verify gate's errors about them (the staged file
// then held the words, so they read as its own). A new word an edited file would hold that is an
// outside file's — not in any edited file before, not in the caller's parameters, not the
// compiler lib's — makes the edit refused before it is staged.

import { readFileSync } from "node:fs";
import type { CheckWorkspace } from "../check/workspace.ts";
import { wordsOf } from "../check/diag-outside.ts";

/**
 * The files of `contents` (root-relative → new text) whose new text holds a word or path of a file
 * outside the workspace that neither the edited files' disk texts and paths nor `given` (the
 * caller's parameters) hold; in `contents`' order. Call inside `cw.exclusive`, no overlay left.
 */
export async function writesOutsideText(cw: CheckWorkspace, contents: ReadonlyMap<string, string>, given: readonly string[]): Promise<string[]> {
  const view = await cw.outsideView();
  const own = new Set<string>();
  for (const text of given) for (const w of wordsOf(text)) own.add(w);
  for (const rel of contents.keys()) {
    let before = "";
    try {
      before = readFileSync(cw.abs(rel), "utf8");
    } catch {
      // a new file (move-to-file): no words of its own
    }
    for (const w of wordsOf(before)) own.add(w);
    for (const w of wordsOf(rel)) own.add(w); // an import of an edited file spells its path (move-to-file)
  }
  return [...contents].filter(([rel, text]) => view.quotesOutside(text, cw.abs(rel), own)).map(([rel]) => rel);
}
