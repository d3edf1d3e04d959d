// A staged refactor larger than its answer's budget, served in pages. The refactor is verified
// as a whole; its staged files (`{file, expectedHash, content}`, what svc_workspace apply takes)
// are split, whole, into pages that each fit the budget. The first answer is page 1 with the
// summary; the rest are served from this process's memory of the staging, keyed by the request
// (its parameters but `page` and `maxTokens`) — never recomputed, never from another staging.
// A page is served only while the workspace is as it was when the staging began: every file
// the loaded projects hold and every config as then (size and modification time), the staged
// files either as then or as staged (applied). Otherwise it refuses and says to re-run.
//
// Memory holds what the answers show: the result redacted as a whole (a value found a secret in
// one file is taken out of every page), never a raw credential.

import { createHash } from "node:crypto";
import { statSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { validationError } from "../errors.ts";
import type { OpResult } from "../ops/types.ts";
import { answerTokens } from "../render/fit.ts";
import type { TokenCounter } from "../text/tokens.ts";
import { ABSENT, type StagedFile } from "./stage.ts";

const sha256 = (bytes: string | Uint8Array): string => createHash("sha256").update(bytes).digest("hex");

/** Stagings kept per process, and for how long. */
const KEPT = 4;
const KEPT_MS = 30 * 60_000;
/** Room each page leaves under the budget for what the surface adds (warnings, notes, escapes). */
const SLACK = 0.1;

export interface Staging {
  key: string;
  /** Short hash of every staged file: the same on every page of one staging. */
  id: string;
  budget: number;
  created: number;
  /** Summary lines (the staged result's text without its diffs), redacted. */
  head: string[];
  /** The structured result's fields every page repeats (operation, checked, grade, style, …), redacted. */
  common: Record<string, unknown>;
  /** Every staged file, redacted as the whole answer was, with its `+a -r` line counts. */
  files: (StagedFile & { counts: string })[];
  /** Per staged file: the SHA-256 of the bytes apply writes (the unredacted content), for telling an applied file from a changed one. */
  written: Map<string, string>;
  /** Files the staging read, with `size:mtime` (or "-" for none) when it began. */
  stamp: Map<string, string>;
  /** Pages: indices into files. */
  pages: number[][];
  /** Files the output path takes secrets from (every staged file: a page quotes them without the rest). */
  secretSources: string[];
}

const kept = new Map<string, Staging>();

/** The request's identity for its pages: every parameter but the page, the budget and the path (the root stands for it). */
export function stagingKey(root: string, request: Record<string, unknown>): string {
  const rest = Object.entries(request)
    .filter(([k, v]) => !["path", "page", "maxTokens"].includes(k) && v !== null && v !== undefined && v !== "")
    .map(([k, v]) => [k, typeof v === "string" ? v.trim() : v] as const)
    .sort(([a], [b]) => a.localeCompare(b));
  return createHash("sha256").update(JSON.stringify([root, rest])).digest("hex");
}

function statOf(abs: string): string {
  const s = statSync(abs, { throwIfNoEntry: false });
  return s ? `${s.size}:${s.mtimeMs}` : "-";
}

/** The state of the files a staging reads (root-relative), taken before it reads them. */
export function stampFiles(root: string, files: Iterable<string>): Map<string, string> {
  return new Map([...files].map((f) => [f, statOf(join(root, f))] as const));
}

/** The SHA-256 of the bytes a file holds now, or null when it does not exist. */
function hashNow(abs: string): string | null {
  try {
    return sha256(readFileSync(abs));
  } catch {
    return null;
  }
}

/** The files a staging's pages are made of, the page text each carries, and the page answer. */
function pageAnswer(s: Staging, index: number, files: number[]): OpResult {
  const pages = s.pages.length || "?";
  const page = index + 1;
  const shown = files.map((i) => s.files[i]!);
  const first = files.length ? files[0]! + 1 : 0;
  const last = files.length ? files[files.length - 1]! + 1 : 0;
  const next = typeof pages === "number" && page < pages ? page + 1 : null;
  const lines = [
    ...s.head,
    `paged: page ${page} of ${pages} (files ${first}–${last} of ${s.files.length}; staging ${s.id}). The refactor is verified only as a whole: apply every file of every page (${pages} pages, ${s.files.length} files) — applying only some leaves the project broken.${next ? ` Next: the same svc_refactor parameters with page=${next} (and the same maxTokens).` : " This is the last page."} A page is refused once the workspace changed other than by applying this staging's files; then re-run without page.`,
    `files in this page: ${shown.map((f) => `${f.file} (${f.counts})`).join(", ")}`,
    `apply each file with svc_workspace action=apply file=<file> content=<content> expectedHash=<expectedHash> write=true (the structured result lists them; diffs are not included in paged answers)`,
  ];
  const data = {
    ...s.common,
    status: "staged",
    files: shown.map(({ counts: _c, ...f }) => f),
    paged: { staging: s.id, page, pages, files: s.files.length, first, last, next, wholeOnly: true },
  };
  return { text: lines.join("\n"), data, secretSources: s.secretSources };
}

/** Split the files into pages that each fit `budget` (less the slack); null with the file that fits no page alone. */
function partition(s: Staging, budget: number, counter: TokenCounter): { pages: number[][] } | { tooLarge: { file: string; tokens: number } } {
  const room = Math.floor(budget * (1 - SLACK));
  const size = (idx: number, files: number[]) => answerTokens(pageAnswer({ ...s, pages: [] }, idx, files), counter) + 8; // "?" pages: its digits
  const pages: number[][] = [];
  let current: number[] = [];
  for (let i = 0; i < s.files.length; i++) {
    const trial = [...current, i];
    if (size(pages.length, trial) <= room) {
      current = trial;
      continue;
    }
    if (!current.length) return { tooLarge: { file: s.files[i]!.file, tokens: size(pages.length, [i]) } };
    pages.push(current);
    current = [i];
    if (size(pages.length, current) > room) return { tooLarge: { file: s.files[i]!.file, tokens: size(pages.length, current) } };
  }
  if (current.length) pages.push(current);
  return { pages };
}

/**
 * Keep a staged result too large for `budget` and answer its first page. `whole` is the answer's
 * summary lines (text) and structured result (with `files` and `diffs`) redacted together;
 * `raw` the staged files as apply writes them; `stamp` the files the staging read as they were.
 */
export function firstPage(key: string, whole: OpResult<object>, raw: readonly StagedFile[], stamp: Map<string, string>, budget: number, counter: TokenCounter): OpResult {
  const data = whole.data as unknown as Record<string, unknown> & { files: StagedFile[]; diffs?: { file: string; diff: string }[] };
  const counts = new Map((data.diffs ?? []).map((d) => [d.file, diffCounts(d.diff)] as const));
  const { files: _f, diffs: _d, status: _s, ...common } = data;
  const id = createHash("sha256").update(JSON.stringify(raw.map((f) => [f.file, f.expectedHash, f.content]))).digest("hex").slice(0, 12);
  const staging: Staging = {
    key,
    id,
    budget,
    created: Date.now(),
    head: whole.text.split("\n"),
    common,
    files: data.files.map((f) => ({ ...f, counts: counts.get(f.file) ?? "" })),
    written: new Map(raw.map((f) => [f.file, sha256(f.content)] as const)),
    stamp,
    pages: [],
    secretSources: whole.secretSources ?? [],
  };
  const cut = partition(staging, budget, counter);
  if ("tooLarge" in cut) {
    const least = Math.ceil(cut.tooLarge.tokens / (1 - SLACK)) + 1;
    // what to pass leads, as every budget refusal's does (`pass maxTokens=N or more`): a budget's cut keeps it
    throw validationError(`pass maxTokens=${least} or more: the staged change (${staging.files.length} files, verified) cannot be paged within maxTokens=${budget}, as its file ${cut.tooLarge.file} alone needs ~${cut.tooLarge.tokens} tokens in a page and a staged file is never split (svc_workspace apply writes a file whole); where the client does not take an answer that large (MCP clients reject results near 25,000 tokens), run it through the host's svc/refactor RPC method, which has no budget`);
  }
  staging.pages = cut.pages;
  keep(staging);
  return pageAnswer(staging, 0, staging.pages[0]!);
}

function keep(staging: Staging): void {
  kept.delete(staging.key);
  kept.set(staging.key, staging);
  const now = Date.now();
  for (const [k, s] of kept) if (now - s.created > KEPT_MS) kept.delete(k);
  while (kept.size > KEPT) kept.delete(kept.keys().next().value!);
}

/** Whether this process keeps a staging for the request. */
export function hasStaging(key: string): boolean {
  const s = kept.get(key);
  return s !== undefined && Date.now() - s.created <= KEPT_MS;
}

/** What changed since the staging began: files read then that differ now, staged files neither as then nor as staged. */
function changedSince(root: string, s: Staging): { changed: string[]; applied: string[] } {
  const changed: string[] = [];
  const applied: string[] = [];
  const staged = new Map(s.files.map((f) => [f.file, f] as const));
  for (const [file, f] of staged) {
    const now = hashNow(join(root, file));
    const before = f.expectedHash === ABSENT ? null : f.expectedHash;
    if (now === s.written.get(file)) applied.push(file);
    else if (now !== before) changed.push(file);
  }
  for (const [file, was] of s.stamp) if (!staged.has(file) && statOf(join(root, file)) !== was) changed.push(file);
  return { changed: changed.sort(), applied: applied.sort() };
}

/** A later page of a kept staging: refused (with what to do) when none is kept or the workspace changed. */
export function laterPage(root: string, key: string, page: number, budget: number | null, operation: string): OpResult | { refused: string } {
  const s = kept.get(key);
  if (!s || Date.now() - s.created > KEPT_MS) {
    return { refused: `no staged result of this request is kept to page (pages are kept by the process that staged them — the host or the MCP server — for ${KEPT_MS / 60_000} minutes, the last ${KEPT} stagings, for the same parameters); re-run svc_refactor without page` };
  }
  if (page > s.pages.length) throw validationError(`page ${page}: staging ${s.id} of this ${operation} has ${s.pages.length} page${s.pages.length === 1 ? "" : "s"}`);
  if (budget !== null && budget < s.budget) throw validationError(`maxTokens=${budget}: staging ${s.id} was paged for maxTokens=${s.budget}; pass maxTokens=${s.budget} for its pages (a page boundary never moves within a staging)`);
  const { changed, applied } = changedSince(root, s);
  if (changed.length) {
    const named = changed.length > 5 ? `${changed.slice(0, 5).join(", ")}, … ${changed.length - 5} more` : changed.join(", ");
    const written = applied.length ? `; ${applied.length} of its ${s.files.length} files are written as staged (${applied.length > 5 ? `${applied.slice(0, 5).join(", ")}, …` : applied.join(", ")}), which the new run starts from` : "";
    return { refused: `the workspace changed since staging ${s.id} began (${changed.length} file${changed.length === 1 ? "" : "s"}: ${named}): its other pages were verified with the files as they were and are not served; re-run svc_refactor without page and apply the new staging whole${written}` };
  }
  return pageAnswer(s, page - 1, s.pages[page - 1]!);
}

/** "+3 -3": the lines a unified diff (render/diff.ts: two header lines, then hunks) adds and removes. */
export function diffCounts(diff: string): string {
  const lines = diff.split("\n").slice(2);
  const count = (sign: string) => lines.filter((l) => l.startsWith(sign)).length;
  return `+${count("+")} -${count("-")}`;
}
