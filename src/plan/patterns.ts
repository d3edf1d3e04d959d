// Pattern summary for the fusion manifest (`patternSummary=true`): cheap, regex-only
// detectors over the collected files, each adding one `pattern: <Name>: <summary>` line
// when it finds something. Detectors live in ./patterns/*.ts.

import { detectDataAccess, detectValidation } from "./patterns/data.ts";
import { detectRoutes } from "./patterns/routes.ts";
import { prepare, type Corpus, type Src } from "./patterns/source.ts";
import { detectAsyncStyle, detectErrorClasses, detectLogging } from "./patterns/style.ts";
import { detectTestFrameworks } from "./patterns/tests.ts";
import { detectCqrs, detectInjection } from "./patterns/wiring.ts";

export interface PatternFile {
  path: string;
  text: string;
}

/** Longest line emitted; a longer summary is cut with `…`. */
export const MAX_PATTERN_LINE = 160;

/** Detectors in output order. */
const DETECTORS: readonly (readonly [string, (corpus: Corpus) => string | null])[] = [
  ["DependencyInjection", detectInjection],
  ["HttpRouting", detectRoutes],
  ["CQRS", detectCqrs],
  ["Logging", detectLogging],
  ["ErrorClasses", detectErrorClasses],
  ["Validation", detectValidation],
  ["DataAccess", detectDataAccess],
  ["AsyncStyle", detectAsyncStyle],
  ["TestFramework", detectTestFrameworks],
];

/**
 * `pattern: <Name>: <summary>` lines, in a fixed order of detectors; a detector that finds
 * nothing adds no line. Deterministic: the input order of `files` does not matter.
 */
export function detectPatterns(files: readonly PatternFile[]): string[] {
  const all: Src[] = [];
  for (const f of files) {
    const src = prepare(f.path.replaceAll("\\", "/"), f.text);
    if (src) all.push(src);
  }
  all.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const corpus: Corpus = { all, code: all.filter((f) => f.lang !== null && !f.test) };
  const lines: string[] = [];
  for (const [name, detect] of DETECTORS) {
    const summary = detect(corpus);
    if (summary) lines.push(clamp(`pattern: ${name}: ${summary}`));
  }
  return lines;
}

/** Over the limit, trailing `; `-segments give way to `; …`; a line that still does not fit is cut with `…`. */
function clamp(line: string): string {
  if (line.length <= MAX_PATTERN_LINE) return line;
  let kept = line.endsWith("; …") ? line.slice(0, -3) : line;
  while (kept.length + 3 > MAX_PATTERN_LINE) {
    const end = kept.lastIndexOf("; ");
    if (end < 0) return `${line.slice(0, MAX_PATTERN_LINE - 1)}…`;
    kept = kept.slice(0, end);
  }
  return `${kept}; …`;
}
