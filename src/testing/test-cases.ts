// One test's result as a runner's machine-readable report gives it, and the shaping shared by
// every report format: the failure message cut to its first lines plus the first stack frame
// inside the workspace (root-relative), and the test's line found by its title in the file
// when the report has none. A passing stand-in for the file itself (node --test's) is not a test.

import { existsSync } from "node:fs";
import { isAbsolute, join, relative } from "node:path";
import { inside } from "../workspace/allowed.ts";
import { escapeRegExp } from "../lang/identifier.ts";
import { readInside } from "../workspace/read-inside.ts";

export type CaseStatus = "pass" | "fail" | "skip";

/** A test as a report parser reads it (file: as the report names it, absolute or root-relative; null: the file that was run). */
export interface RawCase {
  /** Enclosing describe/suite titles, outermost first. */
  ancestors: string[];
  title: string;
  status: CaseStatus;
  file: string | null;
  line: number | null;
  /** Failures: the report's message and stack, unshaped. */
  failure: string | null;
}

export interface ParsedReport {
  cases: RawCase[];
  /** An error the report puts on the file rather than on a test (a suite that did not load). */
  fileError: string | null;
}

export interface TestCase {
  /** The full title: describe titles and the test's, joined by " > ". */
  title: string;
  status: CaseStatus;
  /** Root-relative. */
  file: string;
  line: number | null;
  /** report: the runner's report gave it; title: found by the test's title in the file; null: unknown (title not found, or found more than once). */
  lineFrom: "report" | "title" | null;
  /** Failures: the first lines of the runner's message, then where in the workspace it failed. */
  message: string | null;
}

const MESSAGE_LINES = 6;
const MESSAGE_CHARS = 600;
const FRAME = /^\s*at\s/;
/** A path:line:col in a stack frame (file:// URLs and plain paths; not node:internal/… nor a path inside a word). */
const FRAME_PATH = /(?<![\w:])(?:file:\/\/)?((?:\/|\.{0,2}\/?[\w@.-]+\/)[^\s():]*?):(\d+):(\d+)/;

export const fullTitle = (c: Pick<RawCase, "ancestors" | "title">) => [...c.ancestors, c.title].join(" > ");

/** Root-relative form of a path a report or stack names (already relative ones are kept). */
export function relativeToRoot(root: string, path: string): string {
  const p = path.startsWith("file://") ? decodeURIComponent(path.slice(7)) : path;
  return isAbsolute(p) ? relative(root, p) : p.replace(/^\.\//, "");
}

/** The first stack frame that points at a file of the workspace outside node_modules, as `rel:line:col`. */
function workspaceFrame(root: string, lines: string[]): string | null {
  for (const line of lines) {
    if (!FRAME.test(line) && !/\(file:\/\/|\(\//.test(line)) continue;
    const m = FRAME_PATH.exec(line);
    if (!m) continue;
    const rel = relativeToRoot(root, m[1] as string);
    // a file of the workspace (node:internal/…, a runtime's own frames, are not), outside node_modules
    if (!inside(root, join(root, rel)) || isAbsolute(rel) || rel.split("/").includes("node_modules") || !existsSync(join(root, rel))) continue;
    return `${rel}:${m[2]}:${m[3]}`;
  }
  return null;
}

/** A failure's first lines (before the stack), bounded, then `at <rel:line:col>` when a frame points into the workspace. */
export function shapeMessage(root: string, raw: string): string {
  const lines = raw.replace(/\x1b\[[0-9;]*m/g, "").split("\n").map((l) => l.trimEnd());
  const firstFrame = lines.findIndex((l) => FRAME.test(l));
  const head = (firstFrame < 0 ? lines : lines.slice(0, firstFrame)).filter((l) => l.trim()).slice(0, MESSAGE_LINES);
  let text = head.join("\n");
  if (text.length > MESSAGE_CHARS) text = `${text.slice(0, MESSAGE_CHARS)}…`;
  const at = workspaceFrame(root, lines);
  return [text || "(the report gives no message)", ...(at ? [`at ${at}`] : [])].join("\n");
}

const literalHits = (text: string, title: string, from: number, to: number) =>
  [...text.slice(from, to).matchAll(new RegExp(`(["'\`])${escapeRegExp(title)}\\1`, "g"))].map((m) => from + (m.index ?? 0));

/**
 * Where the call whose first argument is the string literal at `at` ends (`describe("t", () => {…})`):
 * brackets counted from the literal on, strings, template literals and comments skipped; null
 * when the brackets do not close (the block is then unknown).
 */
function callEnd(text: string, at: number): number | null {
  let depth = 1;
  for (let i = at; i < text.length; i++) {
    const ch = text[i] as string;
    if (ch === '"' || ch === "'" || ch === "`") {
      for (i++; i < text.length && text[i] !== ch; i++) if (text[i] === "\\") i++;
    } else if (ch === "/" && text[i + 1] === "/") {
      const nl = text.indexOf("\n", i);
      i = nl < 0 ? text.length : nl;
    } else if (ch === "/" && text[i + 1] === "*") {
      const close = text.indexOf("*/", i + 2);
      i = close < 0 ? text.length : close + 1;
    } else if (ch === "(" || ch === "[" || ch === "{") depth++;
    else if (ch === ")" || ch === "]" || ch === "}") {
      if (--depth === 0) return i;
    }
  }
  return null;
}

/**
 * The 1-based line where the test's title appears as a string literal in the file: the one
 * occurrence; or, when each describe title around it appears once within the block of the
 * one before (in order), the first one inside the innermost describe's block. Otherwise null
 * (not found, ambiguous, or only outside that block: a title made at run time).
 */
function lineOfTitle(text: string | null, ancestors: readonly string[], title: string): number | null {
  if (text === null || !title) return null;
  let from = 0;
  let to = text.length;
  let narrowed = ancestors.length > 0;
  for (const a of ancestors) {
    const hits = literalHits(text, a, from, to);
    const end = hits.length === 1 ? callEnd(text, hits[0] as number) : null;
    if (end === null) {
      narrowed = false;
      break;
    }
    from = hits[0] as number;
    to = end;
  }
  const hits = narrowed ? literalHits(text, title, from, to) : literalHits(text, title, 0, text.length);
  if (!hits.length || (!narrowed && hits.length > 1)) return null;
  return text.slice(0, hits[0]).split("\n").length;
}

/** The parsed report's tests as answers show them: root-relative files, a line for each when it can be had, shaped messages. */
export function toTestCases(root: string, runFile: string, report: ParsedReport): TestCase[] {
  const texts = new Map<string, string | null>();
  const textOf = (rel: string) => {
    if (!texts.has(rel)) {
      let text: string | null = null;
      try {
        text = readInside(root, rel, "utf8");
      } catch {}
      texts.set(rel, text);
    }
    return texts.get(rel) ?? null;
  };
  // node --test names a file's own test by its path; passing, it says only that the file's
  // process exited 0 (with no test reported inside it: none, or it exited early): not a test.
  const standIn = (c: RawCase) => c.status !== "fail" && c.ancestors.length === 0 && (isAbsolute(c.title) || c.title.startsWith("file://")) && relativeToRoot(root, c.title) === runFile;
  return report.cases.filter((c) => !standIn(c)).map((c) => {
    const file = c.file ? relativeToRoot(root, c.file) : runFile;
    const found = c.line === null ? lineOfTitle(textOf(file), c.ancestors, c.title) : null;
    return {
      title: fullTitle(c),
      status: c.status,
      file,
      line: c.line ?? found,
      lineFrom: c.line !== null ? "report" : found !== null ? "title" : null,
      message: c.status === "fail" ? shapeMessage(root, c.failure ?? "") : null,
    };
  });
}
