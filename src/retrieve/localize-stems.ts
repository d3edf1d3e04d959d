// A file named exactly by a query word ranks over a file whose name only contains it:
// "centralize window subscriptions" asks about window.ts, not window-when.ts, though the
// longer-named file may gather more evidence. Only a reordering among the candidates
// (localize.ts): the exactly named file takes the place (and the score) of the best such
// file ranked above it; nothing is added or removed. Tuned by PARAMS.stemOverSibling.

import type { FileGraph } from "../graph/file-graph.ts";
import { isCodeLanguage, type LanguageId } from "../lang/languages.ts";
import { isAuxiliary } from "../workspace/classify.ts";
import { splitIdentifier, STOP_WORDS } from "../text/terms.ts";
import { stem } from "../text/stem.ts";
import { PARAMS } from "./localize-params.ts";

/** What this file reads of a collected file (plan/collect.ts IndexedFile; not imported: retrieve sits below plan). */
interface NamedFile {
  id: number;
  path: string;
  isTest: boolean;
  isGenerated: boolean;
  language: LanguageId | null;
}

/** A file name's words: identifier parts of its base name without the extension (and the .d of .d.ts). */
export const nameParts = (path: string): string[] => splitIdentifier((path.split("/").pop() as string).replace(/(\.d)?\.[^.]*$/, ""));
const dirOf = (path: string): string => path.slice(0, Math.max(0, path.lastIndexOf("/")));
const linked = (graph: FileGraph, a: number, b: number): boolean => (graph.out.get(a) ?? []).some((e) => e.to === b) || (graph.out.get(b) ?? []).some((e) => e.to === a);
/** Product code: not a test, generated, docs/data, or support code (benchmarks, examples, scripts, tools). */
export const isProduct = (f: NamedFile): boolean => !f.isTest && !f.isGenerated && isCodeLanguage(f.language) && !isAuxiliary(f.path);

/**
 * `final` (merged scores, best first) with each product file whose one-word name is a query
 * word (or its stem: claims.tsx for "claim") moved above the best file ranked over it that
 *  - names the word too, with at least one more word (of three letters or more) the query,
 *    scope included, does not write: window-when.ts for "window"; not repeat-when.ts for
 *    "repeat-when subscriptions", nor to-json-schema.ts for "feat(json-schema): … schema …";
 *  - scores within stemTie of it: the name breaks a near-tie, it does not overturn evidence;
 *  - neither imports nor is imported by it (stemUnlinked): a family of independent siblings
 *    (window, window-when, window-time) is told apart by the exact name, a file and the one
 *    it wraps or uses (Trans.js, TransWithoutContext.js) are not;
 *  - is in its folder ("folder") or anywhere ("any").
 * The conventional-commit scope names an area, not a file: it picks no exactly named file.
 */
export function exactStemsFirst(
  final: readonly [number, number][],
  collection: { byId: ReadonlyMap<number, NamedFile> },
  graph: FileGraph,
  query: string,
  skip: ReadonlySet<string>,
  moved?: (id: number, reason: string) => void,
): [number, number][] {
  const out = [...final];
  if (PARAMS.stemOverSibling === "off") return out;
  const text = query.replace(/^\s*\w+(\([^)]*\))?!?:/, "");
  // What the query writes, its scope included: to-json-schema.ts writes nothing more than "feat(json-schema): … root schema …".
  const written = new Set<string>();
  for (const token of query.match(/[A-Za-z][A-Za-z0-9]*/g) ?? []) for (const part of splitIdentifier(token)) written.add(stem(part));
  const unwritten = (part: string) => part.length > 2 && !written.has(stem(part));
  const words = new Set<string>();
  for (const token of text.match(/\b[A-Za-z][a-z]*\b/g) ?? []) {
    const w = token.toLowerCase();
    if (w.length >= 4 && !STOP_WORDS.has(w) && !skip.has(w)) words.add(stem(w));
  }
  if (words.size === 0) return out;
  const fileOf = (id: number) => collection.byId.get(id);
  for (let i = 1; i < out.length; i++) {
    const file = fileOf((out[i] as [number, number])[0]);
    if (!file || !isProduct(file)) continue;
    const parts = nameParts(file.path);
    if (parts.length !== 1 || !words.has(stem(parts[0] as string))) continue;
    const word = stem(parts[0] as string);
    const score = (out[i] as [number, number])[1];
    const above = out.findIndex(([id, over], j) => {
      // Nearly level evidence only (within stemTie of the file above): the name breaks a tie, it does not overturn the evidence.
      if (j >= i || score < (1 - PARAMS.stemTie) * over) return false;
      const other = fileOf(id);
      if (!other || (PARAMS.stemOverSibling === "folder" && dirOf(other.path) !== dirOf(file.path))) return false;
      // One imports the other (Trans.js wraps TransWithoutContext.js, apply.ts uses apply-fidelity.ts): the name does not tell which the change goes to.
      if (PARAMS.stemUnlinked && linked(graph, file.id, other.id)) return false;
      const otherParts = nameParts(other.path);
      return otherParts.length >= 2 && otherParts.some((p) => stem(p) === word) && otherParts.some(unwritten);
    });
    if (above < 0) continue;
    const [lifted] = out.splice(i, 1) as [[number, number]];
    const [over, overScore] = out[above] as [number, number];
    out.splice(above, 0, [lifted[0], overScore]);
    moved?.(lifted[0], `its whole name is the task's word, ranked over ${fileOf(over)?.path.split("/").pop()}, which only contains it`);
  }
  return out;
}
