// One file of a fusion answer as the packer weighs it: read, reduced to a tier, redacted,
// put in its block and counted (prepare), cut to a head-and-tail excerpt (excerptOf), and
// described in the structured result (emitted). render/fusion.ts packs these under the budget.

import { join } from "node:path";
import type { PlanEntry } from "../plan/model.ts";
import { commentSafe, fileBlock, textTraits, type Format } from "./format.ts";
import { secretsIn } from "../text/known-secrets.ts";
import { rememberedAt } from "../text/remembered-at.ts";
import { reduceFile, type Level } from "./reduce/index.ts";
import { excerptAround, headAndTail } from "./fit.ts";
import { wholeFileCall, type Surface } from "./surface-calls.ts";
import { lineStarts } from "../text/lines.ts";
import { formatTokens, type TokenCounter } from "../text/tokens.ts";
import { readInside } from "../workspace/read-inside.ts";

export interface RenderOptions {
  root: string;
  format: Format;
  /** null = unlimited. */
  maxTokens: number | null;
  /** The request's budget parameter as the answer's notes name it (default maxTokens; ask's is tokenBudget). */
  budgetParam?: string;
  /** The surface the request came through: the notes' next calls are in its terms. */
  surface?: Surface;
  /** The client is shown the text alone (the CLI without --json): the budget counts the text, not the structured result. */
  textOnly?: boolean;
  /** The level named in the manifest (the request's). */
  level: Level;
  semanticMarkers?: boolean;
  collapseGenerated?: boolean;
  trackTopTokenFiles?: boolean;
  sessionId?: string | null;
  startedAt?: number;
}

export interface EmittedEntry {
  path: string;
  role: string;
  tier: Level;
  score: number | null;
  provenance: string[];
  tokens: number;
  /** "full", "diff" (changed since sent in this session) */
  sent: "full" | "diff";
  /** Cut to a head-and-tail excerpt to fit the budget (the marker names the call for the rest). */
  excerpt?: boolean;
  /** Signatures (skeleton, publicApi) with these declarations kept whole. */
  keptWhole?: string[];
  /** The file has CRLF (or only lone CR) line endings (the content shows LF). */
  eol?: "crlf" | "cr";
  /** The file is not valid UTF-8 (the content shows U+FFFD where its bytes were). */
  encoding?: "not-utf8";
}

export interface Candidate {
  entry: PlanEntry;
  tier: Level;
  content: string;
  block: string;
  tokens: number;
  redacted: number;
  sent: "full" | "diff";
  excerpt?: boolean;
  /** The excerpt keeps the entry's keepWhole declarations whole (focusedExcerptOf), not a head and a tail. */
  focused?: boolean;
  traits: Record<string, string>;
}

/** The declarations a candidate at signature level holds whole (none when an excerpt may have cut them). */
export const keptOf = (c: Candidate): string[] => (CODE_LEVELS.has(c.tier) && (!c.excerpt || c.focused) ? (c.entry.keepWhole ?? []) : []);

export const CODE_LEVELS: ReadonlySet<Level> = new Set(["skeleton", "publicApi"]);

/** A file planned at another level than the manifest's (search seeds at skeleton with their matches whole) says so. */
export function tierMark(c: Candidate, level: Level): string[] {
  if (c.tier === level) return [];
  const kept = keptOf(c);
  const whole = kept.length ? ` with ${kept.join(", ")} whole` : "";
  return [`${c.tier}${whole}`];
}

/** A downgraded entry's mark (`skeleton: …`) naming the declarations its signatures keep whole. */
export function keptMark(c: Candidate, mark: string): string {
  const kept = keptOf(c);
  return kept.length ? mark.replace(/^skeleton/, `skeleton with ${kept.join(", ")} whole`) : mark;
}

export function readText(root: string, path: string): string | null {
  try {
    return readInside(root, path, "utf8");
  } catch {
    return null;
  }
}

export function prepare(entry: PlanEntry, tier: Level, text: string, options: RenderOptions, counter: TokenCounter, annotate = false): Omit<Candidate, "sent"> {
  const reduced = reduceFile(text, {
    path: entry.path,
    level: tier,
    semanticMarkers: options.semanticMarkers,
    collapseGenerated: options.collapseGenerated,
    generated: entry.generated,
    keepWhole: entry.keepWhole,
  });
  // the file's own secrets, found in the whole file: a reduction can cut a value (`…`) or drop the context its detector needs
  const own = secretsIn(text, entry.path).take(reduced, { path: entry.path });
  // and a value the index remembers as a secret (the engine takes it out of the answer too: counted and priced here)
  const recalled = rememberedAt(options.root).replace(own.text);
  const content = recalled.text, count = own.count + recalled.count;
  const annotated = annotate && options.format !== "json" ? `<!--\nincluded via:\n${entry.provenance.map((p) => `  ${commentSafe(p)}`).join("\n")}\n-->\n${content}` : content;
  const traits = textTraits(text);
  const attrs: Record<string, string> = { ...(annotate ? { role: entry.role, tier } : {}), ...traits };
  let block = fileBlock(options.format, entry.path, annotated, attrs);
  if (annotate && options.format === "xml") {
    // The tokens attribute counts the whole element, itself included (one refinement settles it).
    const withCount = (n: number) => block.replace(/^<file ([^>]*)>/, (_m, a: string) => `<file ${a} tokens="${n}">`);
    block = withCount(counter.count(withCount(counter.count(block))));
  }
  return { entry, tier, content, block, tokens: counter.count(block), redacted: count, traits };
}

/** The indexes of the entry's keepWhole declarations that may fit in `room` tokens, best first: their text alone within it at ~4.5 characters a token (an optimistic guess, checked by rendering them). */
export function keptThatMayFit(entry: PlanEntry, text: string, room: number): number[] {
  const { keepWhole = [], keepLines = [] } = entry;
  if (keepWhole.length !== keepLines.length) return [];
  const starts = lineStarts(text);
  const out: number[] = [];
  let chars = 0;
  for (const [k, [line, endLine]] of keepLines.entries()) {
    const size = (starts[endLine] ?? text.length) - (starts[line - 1] ?? text.length);
    if ((chars + size) / 4.5 > room) continue;
    chars += size;
    out.push(k);
  }
  return out;
}

/** The marker line in place of what an excerpt cuts: how much, and the call for the whole file (`lost`: what a seed named that the cut could not keep). */
export const cutMarker = (options: RenderOptions, path: string, fullTokens: number, lost = "") => (lines: number, tokens: number) =>
  `… [svc: ${lines} lines (~${formatTokens(tokens)} tokens) not shown to fit ${options.budgetParam ?? "maxTokens"}=${options.maxTokens}${lost ? `, ${lost} among them` : ""}; the whole file: ${wholeFileCall(options.surface, path, fullTokens)}] …`;

/**
 * Signatures keeping declarations whole (`candidate`: a skeleton of the entry's keepWhole) cut to an
 * excerpt whose block costs at most `room` tokens: the kept declarations found in it as the file has them,
 * redacted (`text`: the file, for their lines) and as much of the signatures from the top as fits, at most
 * `headRoom` tokens of them. Null when none is found or they do not fit.
 */
export function focusedExcerptOf(candidate: Candidate, text: string, room: number, headRoom: number, options: RenderOptions, counter: TokenCounter, fullTokens: number): Candidate | null {
  const { keepWhole = [], keepLines = [] } = candidate.entry;
  const source = text.replace(/\r\n?/g, "\n").split("\n");
  const shown = candidate.content.split("\n");
  const pins: [number, number][] = [];
  const found: number[] = [];
  for (const [k, [line, endLine]] of keepLines.entries()) {
    // as the content shows it: redacted (a credential in a kept declaration is a marker there too)
    const decl = secretsIn(text, candidate.entry.path).take(source.slice(line - 1, endLine).join("\n"), { path: candidate.entry.path }).text.split("\n");
    const at = decl.length ? shown.findIndex((l, i) => l === decl[0] && decl.every((d, j) => shown[i + j] === d)) : -1;
    if (at < 0) continue;
    pins.push([at, at + decl.length]);
    found.push(k);
  }
  if (!found.length) return null;
  const attrs = { ...candidate.traits, excerpt: "kept-declarations" };
  const overhead = counter.count(fileBlock(options.format, candidate.entry.path, "", attrs)) + 4;
  const content = excerptAround(candidate.content, pins, room - overhead, counter, cutMarker(options, candidate.entry.path, fullTokens), headRoom);
  if (content === null) return null;
  const entry = { ...candidate.entry, keepWhole: found.map((k) => keepWhole[k] as string), keepLines: found.map((k) => keepLines[k] as [number, number]) };
  const block = fileBlock(options.format, entry.path, content, attrs);
  return { ...candidate, entry, content, block, tokens: counter.count(block), excerpt: true, focused: true };
}

/** The short marker of an excerpt on a budget of a few hundred tokens: how many lines, and the call for the whole file. */
const shortCutMarker = (options: RenderOptions, path: string, fullTokens: number, lost = "") => (lines: number) => `… [svc: ${lines} lines cut${lost ? `, ${lost} among them` : ""}; the whole file: ${wholeFileCall(options.surface, path, fullTokens)}] …`;

/** A head-and-tail excerpt of whole lines (two from the head for one from the tail) within `maxTokens`: on a tiny budget a line cut in two would be most of what is shown. "" when not one line fits. */
function wholeLinesHeadAndTail(text: string, maxTokens: number, counter: TokenCounter, marker: (lines: number) => string): string {
  const lines = text.split("\n");
  const build = (head: number) => {
    const tail = Math.floor(head / 2);
    if (head + tail >= lines.length) return text;
    return [...lines.slice(0, head), marker(lines.length - head - tail), ...(tail ? lines.slice(lines.length - tail) : [])].join("\n");
  };
  let best = "";
  let lo = 1;
  let hi = lines.length;
  while (lo <= hi) {
    const mid = Math.floor((lo + hi) / 2);
    const shown = build(mid);
    if (counter.count(shown) <= maxTokens) {
      best = shown;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return best;
}

/**
 * `candidate` cut to a head-and-tail excerpt whose block costs at most `room` tokens (null when not even that fits); `short`: with the short
 * marker and a few lines at least (the last resort of a tiny budget); `lost`: what a seed named there that the cut does not keep (the marker says so).
 */
export function excerptOf(candidate: Candidate, room: number, options: RenderOptions, counter: TokenCounter, fullTokens: number, short = false, lost = ""): Candidate | null {
  const overhead = counter.count(fileBlock(options.format, candidate.entry.path, "", { excerpt: "head-and-tail" })) + 4;
  if (room - overhead < (short ? 8 : 24)) return null;
  const content = short
    ? wholeLinesHeadAndTail(candidate.content, room - overhead, counter, shortCutMarker(options, candidate.entry.path, fullTokens, lost))
    : headAndTail(candidate.content, room - overhead, counter, cutMarker(options, candidate.entry.path, fullTokens, lost));
  if (content === "" || content.startsWith("… [svc:")) return null; // a marker with nothing around it is no excerpt
  if (short && content === candidate.content) return candidate; // it fits whole
  const block = fileBlock(options.format, candidate.entry.path, content, { ...candidate.traits, excerpt: "head-and-tail" });
  return { ...candidate, content, block, tokens: counter.count(block), excerpt: true, focused: false };
}

export function emitted(c: Candidate): EmittedEntry {
  return {
    path: c.entry.path,
    role: c.entry.role,
    tier: c.tier,
    score: c.entry.score,
    // an unscored plan's "collected" says nothing the role does not (and costs tokens per entry)
    provenance: c.entry.provenance.length === 1 && c.entry.provenance[0] === "collected" ? [] : c.entry.provenance,
    tokens: c.tokens,
    sent: c.sent,
    ...(c.excerpt ? { excerpt: true } : {}),
    ...(keptOf(c).length ? { keptWhole: keptOf(c) } : {}),
    ...c.traits,
  };
}
