// The render pipeline of every fusion answer: reduce → redact → count → pack → format.
// Entries go out most relevant first; under a budget, lower entries are first downgraded
// to skeleton, then dropped (named in a closing note); the first entry is always emitted.
// Output bytes depend only on the inputs (timings appear only in the trackTopTokenFiles
// stats comment).

import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Plan, PlanEntry } from "../plan/model.ts";
import { unifiedDiff } from "./diff.ts";
import { fileBlock, textTraits, type Format } from "./format.ts";
import { droppedNote, manifestComment, statsComment, type DroppedFile, type ManifestLine } from "./manifest.ts";
import { redact } from "./redact.ts";
import { reduceFile, type Level } from "./reduce/index.ts";
import { compareSent, recordSent, session as sessionFor } from "./session.ts";
import { tokenCounter, type TokenCounter } from "./tokens.ts";

export interface RenderOptions {
  root: string;
  format: Format;
  /** null = unlimited. */
  maxTokens: number | null;
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
  content: string;
  /** "full", "diff" (changed since sent in this session) */
  sent: "full" | "diff";
  /** The file has CRLF line endings (the content shows LF). */
  eol?: "crlf";
  /** The file is not valid UTF-8 (the content shows U+FFFD where its bytes were). */
  encoding?: "not-utf8";
}

export interface FusionData {
  mode: string;
  format: Format;
  tokenizer: string;
  level: Level;
  collected: number;
  files: number;
  totalTokens: number;
  redacted: number;
  maxTokens: number | null;
  entries: EmittedEntry[];
  dropped: DroppedFile[];
  omittedBySession: string[];
  notes: string[];
}

interface Candidate {
  entry: PlanEntry;
  tier: Level;
  content: string;
  block: string;
  tokens: number;
  redacted: number;
  sent: "full" | "diff";
  traits: Record<string, string>;
}

const CODE_LEVELS: ReadonlySet<Level> = new Set(["skeleton", "publicApi"]);

/** A file planned at another level than the manifest's (search seeds at skeleton with their matches whole) says so. */
function tierMark(c: Candidate, level: Level): string[] {
  if (c.tier === level) return [];
  const whole = c.entry.keepWhole?.length ? ` with ${c.entry.keepWhole.join(", ")} whole` : "";
  return [`${c.tier}${whole}`];
}

function readText(root: string, path: string): string | null {
  try {
    return readFileSync(join(root, path), "utf8");
  } catch {
    return null;
  }
}

function prepare(entry: PlanEntry, tier: Level, text: string, options: RenderOptions, counter: TokenCounter, annotate = false): Omit<Candidate, "sent"> {
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

export async function renderPlan(plan: Plan, options: RenderOptions): Promise<{ text: string; data: FusionData }> {
  const counter = await tokenCounter();
  const budget = options.maxTokens ?? Number.POSITIVE_INFINITY;
  const session = options.sessionId ? sessionFor(options.sessionId) : null;
  const chosen: Candidate[] = [];
  const dropped: DroppedFile[] = [];
  const omitted: string[] = [];
  const diffed: string[] = [];
  const prelude = plan.prelude.join("\n");
  let used = (prelude ? counter.count(prelude) : 0) + 60 + plan.manifestNotes.length * 20;

  for (const entry of plan.entries) {
    // Entries that cannot fit even as signatures (a skeleton is rarely under a fifth of the
    // file) are dropped without being read, so a small budget over a big plan stays cheap.
    if (chosen.length > 0 && !entry.mustKeep && (budget - used < 40 || entry.estimate * 0.2 > budget - used)) {
      dropped.push({ path: entry.path, estimate: entry.estimate });
      continue;
    }
    const text = entry.text ?? readText(options.root, entry.path);
    if (text === null) continue;
    let candidate: Candidate = { ...prepare(entry, entry.tier, text, options, counter, plan.annotate), sent: "full" };
    if (session) {
      const verdict = compareSent(session, entry.path, candidate.content);
      if (verdict.kind === "same") {
        omitted.push(entry.path);
        continue;
      }
      if (verdict.kind === "changed") {
        const patch = unifiedDiff(verdict.previous, candidate.content, { path: entry.path });
        const patchBlock = fileBlock(options.format, entry.path, patch, { sent: "diff" });
        const patchTokens = counter.count(patchBlock);
        if (patchTokens < candidate.tokens) {
          candidate = { ...candidate, block: patchBlock, tokens: patchTokens, sent: "diff" };
          diffed.push(entry.path);
        }
      }
    }
    const lineCost = 12;
    if (chosen.length === 0 || entry.mustKeep || used + candidate.tokens + lineCost <= budget) {
      chosen.push(candidate);
      used += candidate.tokens + lineCost;
      continue;
    }
    if (!CODE_LEVELS.has(entry.tier) && candidate.sent === "full") {
      const skeleton: Candidate = { ...prepare(entry, "skeleton", text, options, counter, plan.annotate), sent: "full" };
      if (used + skeleton.tokens + lineCost <= budget) {
        chosen.push(skeleton);
        used += skeleton.tokens + lineCost;
        continue;
      }
    }
    dropped.push({ path: entry.path, estimate: entry.estimate });
  }

  const order = new Map(plan.entries.map((e, i) => [e.path, i]));
  const buildData = (total: number, redacted: number): FusionData => ({
    mode: plan.mode,
    format: options.format,
    tokenizer: counter.id,
    level: plan.level ?? options.level,
    collected: plan.collected,
    files: chosen.length,
    totalTokens: total,
    redacted,
    maxTokens: options.maxTokens,
    entries: chosen.map((c) => ({
      path: c.entry.path,
      role: c.entry.role,
      tier: c.tier,
      score: c.entry.score,
      provenance: c.entry.provenance,
      tokens: c.tokens,
      content: c.content,
      sent: c.sent,
      ...c.traits,
    })),
    dropped: [...dropped].sort((x, y) => (order.get(x.path) ?? 0) - (order.get(y.path) ?? 0)),
    omittedBySession: omitted,
    notes: [...plan.prelude, ...plan.manifestNotes],
  });
  const assemble = () => {
    const files: ManifestLine[] = chosen.map((c) => ({
      path: c.entry.path,
      tokens: c.tokens,
      marks: [...(c.tier !== c.entry.tier ? ["skeleton: downgraded to fit"] : tierMark(c, plan.level ?? options.level)), ...(c.sent === "diff" ? ["diff since last sent"] : [])],
      suffix: plan.suffixes?.get(c.entry.path),
    }));
    const total = chosen.reduce((sum, c) => sum + c.tokens, 0);
    const redacted = chosen.reduce((sum, c) => sum + c.redacted, 0);
    const data = buildData(total, redacted);
    if (options.format === "json") return { text: JSON.stringify(data), data };
    const sessionNote =
      omitted.length || diffed.length
        ? `<!-- svc: session ${options.sessionId}: ${omitted.length ? `omitted ${omitted.length} unchanged file${omitted.length === 1 ? "" : "s"} already sent (${omitted.join(", ")})` : ""}${omitted.length && diffed.length ? "; " : ""}${diffed.length ? `sent ${diffed.length} changed file${diffed.length === 1 ? "" : "s"} as a diff (${diffed.join(", ")})` : ""}. Call without session for full copies. -->`
        : "";
    const manifest = manifestComment({
      files,
      collected: plan.collected,
      totalTokens: total,
      tokenizer: counter.id,
      level: plan.level ?? options.level,
      redacted,
      notes: plan.manifestNotes,
    });
    const parts = [prelude, sessionNote, manifest, ...chosen.map((c) => c.block), droppedNote(data.dropped, budget)].filter(Boolean);
    if (options.trackTopTokenFiles) parts.push(statsComment(files, plan.collected, total, performance.now() - (options.startedAt ?? performance.now())));
    return { text: parts.join("\n"), data };
  };

  let out = assemble();
  while (Number.isFinite(budget) && chosen.length > 1 && !chosen[chosen.length - 1]?.entry.mustKeep && counter.count(out.text) > budget) {
    const last = chosen.pop() as Candidate;
    dropped.push({ path: last.entry.path, estimate: last.tokens });
    out = assemble();
  }
  if (session) for (const c of chosen) recordSent(session, c.entry.path, c.content);
  return out;
}
