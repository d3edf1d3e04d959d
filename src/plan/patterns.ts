// Pattern summary for the fusion manifest (`patternSummary=true`): detectors over the
// collected files, each adding one `pattern: <Name>: <summary>` line when it finds
// something. TypeScript/JavaScript frameworks come from the wiring facts (src/wiring), the
// rest from cheap regex signals. Detectors live in ./patterns/*.ts.

import { detectDataAccess, detectValidation } from "./patterns/data.ts";
import { detectRoutes } from "./patterns/routes.ts";
import { prepare, type Corpus, type Src } from "./patterns/source.ts";
import { detectAsyncStyle, detectErrorClasses, detectLogging } from "./patterns/style.ts";
import { detectTestFrameworks } from "./patterns/tests.ts";
import { detectCqrs, detectInjection } from "./patterns/wiring.ts";
import { detectConfiguration, detectMessaging } from "./patterns/frameworks.ts";
import { factsFromText } from "../wiring/detect/standalone.ts";
import type { FileFacts } from "../wiring/model.ts";

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
  ["Messaging", detectMessaging],
  ["Configuration", detectConfiguration],
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
 * `wiring`: the files' wiring facts from the index (absent = none); detected here when not given.
 */
export function detectPatterns(files: readonly PatternFile[], wiring?: ReadonlyMap<string, FileFacts>): string[] {
  const all: Src[] = [];
  const facts = new Map<string, FileFacts>();
  for (const f of files) {
    const path = f.path.replaceAll("\\", "/");
    const src = prepare(path, f.text);
    if (src) all.push(src);
    const found = wiring ? wiring.get(path) : factsFromText(path, f.text);
    if (found) facts.set(path, found);
  }
  all.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const corpus: Corpus = { all, code: all.filter((f) => f.lang !== null && !f.test), wiring: facts };
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
