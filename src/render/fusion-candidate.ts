// One file of a fusion answer as the packer weighs it: read, reduced to a tier, redacted,
// put in its block and counted (prepare), cut to a head-and-tail excerpt (excerptOf), and
// described in the structured result (emitted). render/fusion.ts packs these under the budget.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { PlanEntry } from "../plan/model.ts";
import { fileBlock, textTraits, type Format } from "./format.ts";
import { redact } from "../text/redact.ts";
import { reduceFile, type Level } from "./reduce/index.ts";
import { headAndTail } from "./fit.ts";
import { wholeFileCall, type Surface } from "./surface-calls.ts";
import { formatTokens, type TokenCounter } from "../text/tokens.ts";

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
  /** The file has CRLF line endings (the content shows LF). */
  eol?: "crlf";
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
  traits: Record<string, string>;
}

export const CODE_LEVELS: ReadonlySet<Level> = new Set(["skeleton", "publicApi"]);

/** A file planned at another level than the manifest's (search seeds at skeleton with their matches whole) says so. */
export function tierMark(c: Candidate, level: Level): string[] {
  if (c.tier === level) return [];
  const whole = c.entry.keepWhole?.length ? ` with ${c.entry.keepWhole.join(", ")} whole` : "";
  return [`${c.tier}${whole}`];
}

export function readText(root: string, path: string): string | null {
  try {
    return readFileSync(join(root, path), "utf8");
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
  const { text: content, count } = redact(reduced, { path: entry.path });
  const annotated = annotate && options.format !== "json" ? `<!--\nincluded via:\n${entry.provenance.map((p) => `  ${p.replace(/-->/g, "- ->")}`).join("\n")}\n-->\n${content}` : content;
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

/** `candidate` cut to a head-and-tail excerpt whose block costs at most `room` tokens (null when not even that fits). */
export function excerptOf(candidate: Candidate, room: number, options: RenderOptions, counter: TokenCounter, fullTokens: number): Candidate | null {
  const overhead = counter.count(fileBlock(options.format, candidate.entry.path, "", { excerpt: "head-and-tail" })) + 4;
  if (room - overhead < 24) return null;
  const marker = (lines: number, tokens: number) =>
    `… [svc: ${lines} lines (~${formatTokens(tokens)} tokens) not shown to fit ${options.budgetParam ?? "maxTokens"}=${options.maxTokens}; the whole file: ${wholeFileCall(options.surface, candidate.entry.path, fullTokens)}] …`;
  const content = headAndTail(candidate.content, room - overhead, counter, marker);
  if (content === "" || content.startsWith("… [svc:")) return null; // a marker with nothing around it is no excerpt
  const block = fileBlock(options.format, candidate.entry.path, content, { ...candidate.traits, excerpt: "head-and-tail" });
  return { ...candidate, content, block, tokens: counter.count(block), excerpt: true };
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
    ...c.traits,
  };
}
