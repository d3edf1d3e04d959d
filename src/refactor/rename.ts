// rename: the engine's rename (follows re-exports, shorthand properties, JSX) of one
// resolved declaration, applied per file in memory for the verify gate.

import { relative } from "node:path";
import type { CheckWorkspace } from "../check/workspace.ts";
import { applyEdits } from "../check/repair.ts";
import { validationError } from "../errors.ts";
import { renameLocations } from "../semantic/index.ts";
import { toPosix } from "../workspace/root.ts";
import { escapeRegExp } from "../lang/identifier.ts";
import { diskText } from "./stage.ts";
import type { Target } from "./target.ts";
import { notOwnSource } from "./own-source.ts";

const RESERVED = new Set(
  "break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with implements interface let package private protected public static yield await".split(" "),
);

export function validateNewName(newName: string | null): string {
  const name = newName?.trim() ?? "";
  if (!name) throw validationError("rename needs newName (the new identifier)");
  if (!/^[A-Za-z_$][\w$]*$/.test(name) || RESERVED.has(name)) throw validationError(`newName must be a valid identifier that is not a reserved word (got '${newName}')`);
  return name;
}

/** The new content of every file the rename edits (root-relative) and the files that re-export it under its old name, or why it cannot. */
export async function renameContents(cw: CheckWorkspace, target: Extract<Target, { ok: true }>, newName: string): Promise<{ contents: Map<string, string>; keptName: string[] } | { refused: string }> {
  if (target.symbol.name === newName) return { refused: `${target.symbol.name} already has that name` };
  const answer = await renameLocations(cw.engine, cw.abs(target.symbol.path), target.position, newName);
  if ("refused" in answer) return { refused: answer.refused };
  if (!answer.edits.length) return { refused: "the engine found nothing to rename" };
  const byFile = new Map<string, typeof answer.edits>();
  for (const e of answer.edits) {
    const other = notOwnSource(cw.root, e.path);
    if (other) return { refused: `the rename would edit ${other}, not one of the workspace's own sources` };
    const rel = toPosix(relative(cw.root, e.path));
    byFile.set(rel, [...(byFile.get(rel) ?? []), e]);
  }
  const contents = new Map<string, string>();
  for (const [rel, edits] of byFile) contents.set(rel, applyEdits(diskText(cw, rel), edits));
  // The engine keeps a module's exported name where it re-exports the symbol (`export { cost as price } from './a'`): its importers keep the old name
  const alias = new RegExp(`^${escapeRegExp(newName)}\\s+as\\s+${escapeRegExp(target.symbol.name)}$`);
  const keptName = [...byFile].filter(([, edits]) => edits.some((e) => alias.test(e.newText.trim()))).map(([rel]) => rel);
  return { contents, keptName };
}
