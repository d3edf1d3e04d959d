// A gate's warning on what it read that the commit does not carry: a checked file importing a
// file git ignores (generated code, often) or, for the working tree, an untracked one. The
// engine reads such a file from disk, so the import resolves and the check passes on the disk's
// content — which is no failure (a build makes generated files), but no claim about the commit
// alone either: each importer is named, with what it imports.

import { unversionedFiles } from "../git/unversioned.ts";
import { ImportGraph } from "./import-graph.ts";

/** A file a checked TypeScript or JavaScript file can import as code the checker reads (sources, declarations, JSON). */
const IMPORTABLE = /\.([mc]?[jt]sx?|json)$/i;

/**
 * The warnings for `files` (read with `readText`, the gated state's content): one per file
 * importing an ignored file, or with `untracked` an untracked one. A file that is itself
 * unversioned is not named (it is no committed file). None when git cannot list the files
 * (then nothing is claimed about them either way: the warning is the claim's caveat).
 */
export async function unversionedImports(root: string, files: readonly string[], readText: (path: string) => string | null, untracked: boolean): Promise<string[]> {
  if (!files.length) return [];
  const listed = await unversionedFiles(root, untracked);
  if (!listed || (!listed.ignored.length && !listed.untracked.length)) return [];
  // only what a checked file can import is looked up: a Python virtualenv or a build's assets, ignored by the hundred thousand, cost seconds on every gate
  const importable = (p: string) => IMPORTABLE.test(p);
  const why = new Map<string, string>([...listed.ignored.filter(importable).map((p) => [p, "ignored by git"] as const), ...listed.untracked.filter(importable).map((p) => [p, "untracked"] as const)]);
  if (!why.size) return [];
  const importers = files.filter((f) => !why.has(f));
  const graph = ImportGraph.fromFiles(root, [...listed.tracked, ...why.keys()], importers, readText);
  const out: string[] = [];
  for (const f of importers) {
    const targets = graph.imports(f).filter((t) => why.has(t));
    if (!targets.length) continue;
    const shown = targets.slice(0, 3).map((t) => `${t} (${why.get(t)})`).join(", ") + (targets.length > 3 ? `, and ${targets.length - 3} more` : "");
    out.push(`${f} imports ${shown}: checked as the disk has ${targets.length === 1 ? "it" : "them"}, which the commit does not carry`);
  }
  return out;
}
