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

/** Whether `after` is `before` renamed `before.name` → `after.name` at the same site (the other names in its header read through `known` renames). */
function sameSite(before: Decl, after: Decl, known: ReadonlyMap<string, string>): boolean {
  if (before.kind !== after.kind || before.container !== after.container) return false;
  const to = new Map([...known, [before.name, after.name]]);
  return before.signature.replace(identifierRegex([...to.keys()]), (n) => to.get(n) ?? n) === after.signature;
}

function declarations(path: string, text: string): Decl[] | null {
  const language = languageOf(path);
  if (!isCodeLanguage(language)) return null;
  const outline = outlineOf(language, text);
  return outline.hasErrors ? null : outline.decls;
}

/** A changed file's declarations whose name is gone, and those whose name is new. */
function goneAndAdded(file: ChangedText): { gone: Decl[]; added: Decl[] } | null {
  if (file.before == null || file.after == null || file.before === file.after) return null;
  const [before, after] = [declarations(file.path, file.before), declarations(file.path, file.after)];
  if (!before || !after) return null;
  const names = (decls: Decl[]) => new Set(decls.map((d) => d.qualifiedName));
  const [had, has] = [names(before), names(after)];
  return { gone: before.filter((d) => !has.has(d.qualifiedName)), added: after.filter((d) => !had.has(d.qualifiedName)) };
}

/** A file's gone names each paired with the one new name at the same site (none when ambiguous). */
function pairs(file: { gone: Decl[]; added: Decl[] }, known: ReadonlyMap<string, string>): Rename[] {
  const out: Rename[] = [];
  for (const d of file.gone) {
    const matches = file.added.filter((a) => sameSite(d, a, known));
    if (matches.length === 1 && file.gone.filter((g) => sameSite(g, matches[0]!, known)).length === 1) out.push({ from: d.name, to: matches[0]!.name });
  }
  return out;
}

/**
 * The renames across the changed files: found in rounds, each reading the headers through the
 * renames found before (`load(id: Id)` → `fetch(id: Key)` once `Id` → `Key` is known). A name
 * renamed two different ways is left out (which one an error's respelling follows is unknown).
 */
export function declaredRenames(files: readonly ChangedText[]): Rename[] {
  const changed = files.map(goneAndAdded).filter((f): f is { gone: Decl[]; added: Decl[] } => f !== null);
  const to = new Map<string, string | null>();
  const known = () => new Map([...to].filter((e): e is [string, string] => e[1] !== null && e[0] !== e[1]));
  for (let round = 0, size = -1; round < 4 && to.size !== size; round++) {
    size = to.size;
    const now = known();
    for (const r of changed.flatMap((f) => pairs(f, now))) to.set(r.from, to.has(r.from) && to.get(r.from) !== r.to ? null : r.to);
  }
  return [...known()].map(([from, to]) => ({ from, to }));
}
