// The grade of a task localization (`find --kind task`): confident | partial | insufficient,
// from generic evidence only — the merged scores, the text ranking, the query's words in the
// best files' own names (path segments and top-level declarations) and the code identifiers
// the query names — so it holds whatever signals feed the merged score. Calibrated on the
// localization benchmark's tuning split (scripts/bench/localize/grades.ts has the figures and
// the held-out check).

import type { Database } from "bun:sqlite";
import { isCodeLanguage, type LanguageId } from "../lang/languages.ts";
import { stem } from "../text/stem.ts";
import { identifiersIn, splitIdentifier } from "../text/terms.ts";

export type Grade = "confident" | "partial" | "insufficient";

export interface GradeEvidence {
  /** The first candidate's score minus the second's. */
  margin: number;
  /** The text ranking alone (BM25F over names, paths and bodies) puts the first candidate first too. */
  textFirst: boolean;
  /** The first candidate's path contains a query word. */
  pathHit: boolean;
  /** Share of the query's topical words that occur nowhere in the repository. */
  unmatchedShare: number;
  /** How many more of the query's topical words (those the repository has) the first file's own names — path segments and top-level declarations — carry than the second file's (negative: fewer). */
  namesLead: number;
  /** Code identifiers the query names (`compact`, mergeOptions) that one of the next best files declares and the first does not, as "name (path)". */
  namedElsewhere: string[];
  /** What the first file is when it is not source code: "a test", "documentation or data", "generated". */
  firstRole?: string;
}

/** The confident rule's parts; scripts/bench/localize/grades.ts --sweep varies them one at a time. */
export interface ConfidentRule {
  /** A lead over the second file of at least this much counts as one of the supports. */
  margin: number;
  /** A path naming a query word counts as one of the supports. */
  pathHit: boolean;
  /** The first file's names carrying at least this many more query words than the second's counts as one of the supports. */
  namesLead: number;
  /** How many of the three supports (lead, path, names) are needed. */
  supports: number;
  /** The text ranking alone must put the first file first too. */
  textFirst: boolean;
  /** Confident only while under this share of the topical words is missing from the repository. */
  unmatchedShare: number;
  /** Never confident when the query names an identifier another of the best files declares and the first does not. */
  namedElsewhere: boolean;
  /** Never confident when the first file is a test, documentation, data or generated. */
  sourceFirst: boolean;
}

export const CONFIDENT_RULE: ConfidentRule = { margin: 0.2, pathHit: true, namesLead: 2, supports: 2, textFirst: true, unmatchedShare: 0.5, namedElsewhere: true, sourceFirst: true };

/** The supports of the first file that hold (at most three: lead, path, names). */
function supportsOf(e: GradeEvidence, rule: ConfidentRule): number {
  return (e.margin >= rule.margin ? 1 : 0) + (rule.pathHit && e.pathHit ? 1 : 0) + (e.namesLead >= rule.namesLead ? 1 : 0);
}

/**
 * `confident` needs independent evidence to agree on the first file: the text ranking alone
 * puts it first, most of the query's topical words occur in the repository, and two of three
 * supports hold — it leads the second file by 0.2 or more, its path names a query word, its
 * own names (path and top-level declarations) carry two or more query words more than the
 * second file's. Never when the query names an identifier one of the next best files declares
 * and the first does not (the change may well be there), nor when the first file is a test,
 * documentation, data or generated file.
 */
export function isConfident(e: GradeEvidence, rule: ConfidentRule = CONFIDENT_RULE): boolean {
  return (!rule.textFirst || e.textFirst) && e.unmatchedShare < rule.unmatchedShare && (!rule.namedElsewhere || e.namedElsewhere.length === 0) && (!rule.sourceFirst || e.firstRole === undefined) && supportsOf(e, rule) >= rule.supports;
}

/** The parts of the confident rule an answer misses, in words (why it is partial). */
export function shortOfConfident(e: GradeEvidence, rule: ConfidentRule = CONFIDENT_RULE): string[] {
  const out: string[] = [];
  if (rule.textFirst && !e.textFirst) out.push("the text alone ranks another file first");
  if (e.unmatchedShare >= rule.unmatchedShare) out.push("half or more of the query's topical words occur nowhere here");
  if (rule.namedElsewhere && e.namedElsewhere.length) out.push(`the query also names ${e.namedElsewhere.join(", ")}, not declared in the first file`);
  if (rule.sourceFirst && e.firstRole) out.push(`the first file is ${e.firstRole}`);
  const supports = supportsOf(e, rule);
  if (supports < rule.supports) {
    const missing: string[] = [];
    if (e.margin < rule.margin) missing.push(`it leads the second file by ${e.margin.toFixed(2)} (${rule.margin} needed)`);
    if (rule.pathHit && !e.pathHit) missing.push("its path names no query word");
    if (e.namesLead < rule.namesLead) missing.push(`its path and declarations hold ${e.namesLead > 0 ? `${e.namesLead} more` : e.namesLead === 0 ? "no more" : `${-e.namesLead} fewer`} of the query's words than the second file's (${rule.namesLead} more needed)`);
    out.push(`the first file has ${supports} of the ${rule.supports} supports needed (lead, path, names): ${missing.join("; ")}`);
  }
  return out;
}

/** Lower-case forms a name or path segment answers to: itself, its identifier parts, their stems. */
function formsOf(name: string): string[] {
  const lower = name.toLowerCase();
  return [lower, stem(lower), ...splitIdentifier(name).flatMap((p) => [p, stem(p)])];
}

/** The code identifiers a query names: backticked spans and camelCase, PascalCase or snake_case words ("`compact`", mergeOptions, SVC_GATE). */
export function namedIdentifiers(query: string): string[] {
  const quoted = [...query.matchAll(/`([^`]+)`/g)].map((m) => (m[1] as string).trim().replace(/\(.*$/, ""));
  const coded = identifiersIn(query).filter((w) => /[a-z][A-Z]|_|^[A-Z][a-z]+[A-Z]/.test(w));
  return [...new Set([...quoted, ...coded])].filter(Boolean);
}

/** How many of the best files the grade looks at (the first, the second, and the ones that may declare what the query names). */
const PEERS = 10;

export interface GradeInput {
  /** The merged ranking, best first: [file id, score]. */
  final: readonly (readonly [number, number])[];
  /** A file's content hash: identical files collapse onto the first, as in the answer. */
  hashOf: (id: number) => string;
  /** The best score past the answer's limit (a fallback for the second file's score). */
  beyond?: number;
  /** The text ranking's first file. */
  textFirst: number | undefined;
  /** The first file's reasons (a path hit is one of them). */
  firstReasons: readonly string[];
  query: string;
  topical: ReadonlySet<string>;
  unmatched: readonly string[];
}

/** The indexed files the grade looks at (a collection's byId, kept structural so retrieve/ does not import plan/). */
export interface GradeFiles {
  byId: ReadonlyMap<number, { path: string; isTest: boolean; isGenerated: boolean; language: LanguageId | null }>;
}

/** The evidence of the grade, from the best files of the merged ranking whatever the answer's limit (absent when there is no candidate). */
export function gradeEvidence(db: Database, collection: GradeFiles, input: GradeInput): GradeEvidence | undefined {
  const ranked: { id: number; score: number; hash: string }[] = [];
  const seen = new Set<string>();
  for (const [id, score] of input.final) {
    if (ranked.length >= PEERS) break;
    if (!collection.byId.has(id)) continue;
    const hash = input.hashOf(id);
    if (seen.has(hash)) continue;
    seen.add(hash);
    ranked.push({ id, score: Math.round(score * 1000) / 1000, hash });
  }
  const [first, second] = ranked;
  if (!first) return undefined;
  const namesOf = db.prepare("SELECT DISTINCT name FROM symbols WHERE file_id = ? AND container IS NULL");
  const peers = ranked.map(({ id }) => ({ id, path: collection.byId.get(id)?.path ?? "", names: (namesOf.all(id) as { name: string }[]).map((r) => r.name) }));
  const present = [...input.topical].filter((w) => !input.unmatched.includes(w));
  const carried = (peer: (typeof peers)[number] | undefined): number => {
    if (!peer) return 0;
    const forms = new Set([...peer.path.split(/[/.]/), ...peer.names].flatMap(formsOf));
    return present.filter((w) => forms.has(w) || forms.has(stem(w))).length;
  };
  const declares = (peer: (typeof peers)[number], id: string) => peer.names.some((n) => n.toLowerCase() === id.toLowerCase());
  const namedElsewhere: string[] = [];
  for (const id of namedIdentifiers(input.query)) {
    if (declares(peers[0] as (typeof peers)[number], id)) continue;
    const other = peers.slice(1).find((p) => declares(p, id));
    if (other) namedElsewhere.push(`${id} (${other.path})`);
  }
  const file = collection.byId.get(first.id);
  const firstRole = !file ? undefined : file.isTest ? "a test" : file.isGenerated ? "generated" : isCodeLanguage(file.language) ? undefined : "documentation or data";
  const round = (x: number) => Math.round(x * 1000) / 1000;
  return {
    margin: round(first.score - (second?.score ?? input.beyond ?? 0)),
    textFirst: input.textFirst !== undefined && input.hashOf(input.textFirst) === first.hash,
    pathHit: input.firstReasons.some((r) => r.startsWith("path ")),
    unmatchedShare: round(input.unmatched.length / Math.max(1, input.topical.size)),
    namesLead: carried(peers[0]) - carried(peers[1]),
    namedElsewhere,
    ...(firstRole ? { firstRole } : {}),
  };
}

/** The grade from its evidence: insufficient without a candidate or when none of the topical words occurs here; confident by isConfident; partial otherwise. */
export function gradeOf(evidence: GradeEvidence | undefined, topical: ReadonlySet<string>, unmatched: readonly string[]): Grade {
  if (!evidence) return "insufficient";
  if (topical.size > 0 && unmatched.length === topical.size) return "insufficient";
  return isConfident(evidence) ? "confident" : "partial";
}
