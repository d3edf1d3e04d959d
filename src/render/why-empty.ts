// Why an answer is empty and what to try, read from its structured result: what a cut to the budget keeps first.

import { isObject } from "./fit-json.ts";

/** The lists a packing answer shows files in: none holding any is an empty answer (none dropped either: more budget would show none). */
const SHOWN = ["entries", "dropped", "map", "changed"];

/**
 * The notes saying why `data` is empty: its `empty` or `noMatches` (an operation's own, or a part's: map's `symbols.empty`; not a comment),
 * or, for a packing answer that packed and dropped nothing, its notes saying what to try (`nothing packed: … Try: …`,
 * `no files: … check path …`), not comment headers. None when the answer is not empty.
 */
export function whyEmpty(data: unknown, depth = 0): string[] {
  if (!isObject(data) || depth > 2) return [];
  // (a comment — `<!-- svc: nothing fits …` — says the budget is too small: more of it shows more, it is no empty answer)
  const own = ["empty", "noMatches"].map((k) => data[k]).filter((v): v is string => typeof v === "string" && v.length > 0 && !v.startsWith("<!--"));
  if (own.length) return own;
  // (review's context is empty only while nothing `changed` either)
  if (SHOWN.some((k) => Array.isArray(data[k]) && (data[k] as unknown[]).length > 0) || Number(data.droppedCount)) return [];
  // (a packing answer's notes say other things too — the template, the index's state —: the reason is the one saying what to try)
  if (Array.isArray(data.entries) && Array.isArray(data.notes)) return (data.notes as unknown[]).filter((n): n is string => typeof n === "string" && !n.startsWith("<!--") && /\b(try|check)\b/i.test(n));
  return Object.values(data).flatMap((v) => whyEmpty(v, depth + 1));
}
