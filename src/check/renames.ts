// The renames a change made by hand, read from the change itself: in a changed file, a
// declaration whose name is gone and one whose name is new at the same declaration site —
// same kind, same container, and the same header once the old name is read as the new one
// (`function foo(a: number)` → `function bar(a: number)`). A pre-existing error that only
// respells the renamed name (`'foo'` → `'bar'`) is then not introduced (renameDelta, diag.ts).

import { isCodeLanguage, languageOf } from "../lang/languages.ts";
import type { Decl } from "../lang/model.ts";
import { outlineOf } from "../lang/outline.ts";
import { identifierRegex, type Rename } from "./diag.ts";

/** A changed file's two texts (null: the side does not have it). */
export interface ChangedText {
  path: string;
  before: string | null | undefined;
  after: string | null | undefined;
}

/** Whether `after` is `before` renamed `before.name` → `after.name` at the same site. */
function sameSite(before: Decl, after: Decl): boolean {
  return before.kind === after.kind && before.container === after.container && before.signature.replace(identifierRegex([before.name]), () => after.name) === after.signature;
}

function declarations(path: string, text: string): Decl[] | null {
  const language = languageOf(path);
  if (!isCodeLanguage(language)) return null;
  const outline = outlineOf(language, text);
  return outline.hasErrors ? null : outline.decls;
}

/** The declarations of one file renamed by the change: a gone name paired with one new name at the same site (none when ambiguous). */
function renamedIn(file: ChangedText): Rename[] {
  if (file.before == null || file.after == null || file.before === file.after) return [];
  const [before, after] = [declarations(file.path, file.before), declarations(file.path, file.after)];
  if (!before || !after) return [];
  const names = (decls: Decl[]) => new Set(decls.map((d) => d.qualifiedName));
  const [had, has] = [names(before), names(after)];
  const gone = before.filter((d) => !has.has(d.qualifiedName));
  const added = after.filter((d) => !had.has(d.qualifiedName));
  const out: Rename[] = [];
  for (const d of gone) {
    const matches = added.filter((a) => sameSite(d, a));
    if (matches.length === 1 && gone.filter((g) => sameSite(g, matches[0]!)).length === 1) out.push({ from: d.name, to: matches[0]!.name });
  }
  return out;
}

/** The renames across the changed files: a name renamed two different ways is left out (which one an error's respelling follows is unknown). */
export function declaredRenames(files: readonly ChangedText[]): Rename[] {
  const to = new Map<string, string | null>();
  for (const r of files.flatMap(renamedIn)) to.set(r.from, to.has(r.from) && to.get(r.from) !== r.to ? null : r.to);
  return [...to].filter((e): e is [string, string] => e[1] !== null && e[0] !== e[1]).map(([from, to]) => ({ from, to }));
}
