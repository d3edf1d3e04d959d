// Whether a task carries any signal at all (`svc_ask task="x"` packed 28 files as if they were
// relevant). A task has a usable signal when something in it names a place here: a structured
// hit (a declaration named exactly, a path, a route or service, a changed file), or a word that
// is not a change word ("fix", "add") and occurs in the indexed files — a topical word (three
// letters or more, as the grade counts them) anywhere, a shorter one in at most PARAMS.longMaxDf
// of the files (the localizer's own bound for an informative term: hono's "ws" is in 21 of 470
// files and says where; "x", in 93, says nothing). Without one the localizer ranks noise: it
// answers with no candidate, why, and what to try (ops/find.ts, plan/ask.ts).
// The words of three letters or more that occur here all the same (change words: "fix",
// "update", "support") are named with it: they say what kind of change, not where, but they
// are words of the code — ask searches with them under a low-confidence note (plan/ask.ts),
// where a task whose words occur nowhere ("zzqx"), or only as a letter or two ("x"), gets nothing.

import type { Database } from "bun:sqlite";
import type { QueryTerm } from "../text/terms.ts";
import { cachedCount } from "../store/read-cache.ts";
import { PARAMS } from "./localize-params.ts";

export interface SignalInput {
  /** The weighed query terms (localize-terms.ts). */
  terms: readonly QueryTerm[];
  /** Change words, which say what kind of change a task is, not where. */
  changeWords: ReadonlySet<string>;
  /** The topical words and those of them that occur nowhere here. */
  topical: ReadonlySet<string>;
  unmatched: readonly string[];
  /** A structured generator (exact declaration, path, wiring, changed file) found a file. */
  structured: boolean;
  fts: boolean;
}

/** A task with no usable signal: why, and its words of three letters or more that occur here all the same. */
export interface NoSignal {
  why: string;
  /** What the why says of the task's own words (too common, or nowhere here); "" when it has none to search for. */
  words: string;
  /** Each such word (not a stem) and the indexed files it is in, of `files`; empty when none occurs. */
  common: { word: string; files: number }[];
  files: number;
}

const quote = (t: string) => `"${t.replaceAll('"', '""')}"`;
const list = (words: readonly string[]) => words.map((w) => `"${w}"`).join(", ");

/** Why the task carries no usable signal (null when it does): the words it has and why none says where, and those of them that occur here all the same. */
export function noSignal(db: Database, input: SignalInput): NoSignal | null {
  if (input.structured) return null;
  if ([...input.topical].some((w) => !input.unmatched.includes(w))) return null;
  const short = [...new Set(input.terms.filter((t) => t.origin !== "stem" && t.term.length < 3 && !input.changeWords.has(t.term)).map((t) => t.term))];
  // without the full-text index a short word's spread cannot be counted: it is given the benefit of the doubt
  if (short.length && !input.fts) return null;
  // the share is of the files the full-text index holds (a collection may hold fewer: ask's leaves data files out)
  const files = cachedCount(db, "SELECT count(*) AS n FROM files");
  const spread = (word: string) => cachedCount(db, "SELECT count(*) AS n FROM files_fts WHERE files_fts MATCH ?", `{types members path subtokens comments body} : ${quote(word)}`);
  const common: string[] = [];
  for (const word of short) {
    const n = spread(word);
    if (n > 0 && n <= PARAMS.longMaxDf * files) return null;
    if (n > 0) common.push(`${quote(word)} is in ${n} of the ${files} files`);
  }
  const absent = [...input.unmatched, ...short.filter((w) => !common.some((c) => c.startsWith(quote(w))))];
  const parts = [
    ...(common.length ? [`${common.join(", ")}: too common to say where (a word in at most ${Math.round(PARAMS.longMaxDf * 100)}% of them does)`] : []),
    ...(absent.length ? [`${list(absent)} occur${absent.length === 1 ? "s" : ""} nowhere in the indexed files`] : []),
  ];
  const why = parts.length ? parts.join("; ") : "the task has no word to search for (only punctuation, common or change words such as \"the\", \"fix\", \"add\")";
  // the topical words occur nowhere here (else there would be a signal): the rest are change words
  const spoken = [...new Set(input.terms.filter((t) => t.origin !== "stem" && t.term.length >= 3 && !input.topical.has(t.term)).map((t) => t.term))];
  const occurring = input.fts ? spoken.map((word) => ({ word, files: spread(word) })).filter((w) => w.files > 0) : [];
  return { why, words: parts.join("; "), common: occurring, files };
}
