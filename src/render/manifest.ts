// The manifest and the comments around emitted files: what was included (in emission
// order), what it costs, what was left out and how to get it.

import { commentSafe } from "./format.ts";
import { focusCall } from "./surface-calls.ts";
import { baseName } from "../lang/languages.ts";
import { formatTokens } from "../text/tokens.ts";

export interface ManifestLine {
  path: string;
  tokens: number;
  /** Marks such as "skeleton" (downgraded to fit), "diff" (session), "generated". */
  marks: string[];
  suffix?: string;
}

export interface ManifestInput {
  files: ManifestLine[];
  collected: number;
  totalTokens: number;
  tokenizer: string;
  level: string;
  redacted: number;
  notes: string[];
}

export function manifestComment(m: ManifestInput): string {
  const head = `files: ${m.files.length} (of ${m.collected} collected) | ~${formatTokens(m.totalTokens)} tokens | tokenizer ${m.tokenizer} | level ${m.level} | redacted: ${m.redacted} span${m.redacted === 1 ? "" : "s"}`;
  const lines = m.files.map((f) => `  ${f.path} (~${formatTokens(f.tokens)} tokens)${f.marks.length ? ` [${f.marks.join(", ")}]` : ""}${f.suffix ?? ""}`);
  return ["<!-- svc:manifest", head, ...[...lines, ...m.notes.map((n) => `  ${n}`)].map(commentSafe), "-->"].join("\n");
}

export interface DroppedFile {
  path: string;
  estimate: number;
  /** The fewest tokens it was found to take in the answer (its smallest excerpt, else its smallest view whole, with its manifest line and structured entry), when it was read and left out. */
  least?: number;
}

/** The closing note naming what did not fit, with the cheapest next call to get it (`fetch`: the call in the caller's surface terms, as ask's map writes it). */
export function droppedNote(dropped: readonly DroppedFile[], maxTokens: number, count = dropped.length, nothingFits = false, budgetParam = "maxTokens", fixed = 0, fetch: (path: string) => string = (path) => focusCall(undefined, path)): string {
  if (count === 0) return "";
  const first = dropped[0];
  if (nothingFits && first) {
    // the budget to name counts what the answer holds besides files (`fixed`: notes, a prelude, the caller's reserve) and part of the first file
    // (what the file takes at the least when it was read and left out: its smallest excerpt, not a guess from its size)
    const least = Math.ceil((fixed + (first.least ?? Math.min(first.estimate, 600)) + 120) / 100) * 100;
    const call = fetch(first.path);
    // the file alone may be under the budget: what else the answer must hold is said, or "is ~321" under maxTokens=400 reads as a contradiction
    // (read and left out, it is said at what it takes in the answer — its smallest excerpt or view with its manifest line and structured entry —, which the index's estimate of the file leaves out)
    const size = first.least ? `takes ~${formatTokens(first.least)} in the answer` : `is ~${formatTokens(first.estimate)}`;
    const besides = fixed > 0 ? `, the rest${first.least ? "" : " of the answer"} ~${formatTokens(fixed)}` : "";
    return `<!-- svc: nothing fits ${budgetParam}=${maxTokens} (the first file, ${commentSafe(first.path)}, ${size}${besides}); raise ${budgetParam} to ${Math.max(400, maxTokens * 2, least)}+${call ? ` or call ${commentSafe(call)}` : ""}. -->`;
  }
  // a small budget affords a short list
  const listed = Number.isFinite(maxTokens) ? Math.max(1, Math.min(10, Math.floor(maxTokens / 400))) : 10;
  const shown = dropped.slice(0, listed).map((d) => `${commentSafe(d.path)} (~${formatTokens(d.estimate)})`);
  const more = count > shown.length ? `, and ${count - shown.length} more` : "";
  const call = first ? fetch(first.path) : "";
  return `<!-- svc: omitted ${count} file${count === 1 ? "" : "s"} to fit ${budgetParam}=${maxTokens} (most relevant kept): ${shown.join(", ")}${more}. ${call ? `Fetch ${count > 1 ? "the first" : "it"} with ${commentSafe(call)}.` : ""} -->`;
}

/** One line of ask's map: a relevant file not packed, why, and the call that fetches it. */
export interface MapLine {
  path: string;
  /** Index estimate of the whole file. */
  tokens: number;
  why: string;
  next: string;
}

/** A map line's reason, short (the manifest's provenance without its detail). */
export function shortWhy(provenance: string): string {
  return provenance.length > 90 ? `${provenance.slice(0, 89).replace(/\s+\S*$/, "")}…` : provenance;
}

/** A map line as text: the call without `common`, the arguments every call shares (the map's head states them once). */
export function mapText(line: MapLine, common = ""): string {
  const call = common && line.next.endsWith(common) ? line.next.slice(0, -common.length) : line.next;
  return `  ${line.path} (~${formatTokens(line.tokens)}) — ${line.why} → ${call}`;
}

/** The map after the packed files: each relevant file not packed with why and its next call; says when it was cut to fit. */
export function mapComment(lines: readonly MapLine[], cut: number, budget: number, budgetParam: string, common = ""): string {
  if (lines.length === 0 && cut === 0) return "";
  const calls = lines.length ? `, each with the call that fetches it${common ? ` (add${common} to each)` : ""}` : "";
  const head = `<!-- svc:map — relevant, not packed (${lines.length + cut}), most relevant first${calls}:`;
  const tail = cut ? [`  … ${cut} more${lines.length ? "" : " (all of them)"} cut from this map to fit ${budgetParam}=${budget}; raise ${budgetParam} to list them`] : [];
  return [head, ...lines.map((l) => commentSafe(mapText(l, common))), ...tail, "-->"].join("\n");
}

const k = (n: number) => `${(n / 1000).toFixed(1)}k`;

/** trackTopTokenFiles: files emitted / collected, total, elapsed time, the 5 largest files. */
export function statsComment(files: readonly ManifestLine[], collected: number, totalTokens: number, elapsedMs: number): string {
  const top = [...files]
    .sort((a, b) => b.tokens - a.tokens || (a.path < b.path ? -1 : 1))
    .slice(0, 5)
    .map((f) => `${commentSafe(baseName(f.path))} (${k(f.tokens)})`);
  return `<!-- svc: ${files.length}/${collected} files | ~${formatTokens(totalTokens)} tokens | ${(elapsedMs / 1000).toFixed(1)}s | top: ${top.join(", ")} -->`;
}
