// Task localization (`find --kind task`): which files a change described in words most
// likely touches. Candidate generators (localize-signals.ts: exact declarations, routes,
// services and config keys, BM25F name and body hits, path hits, pseudo-relevance
// feedback, graph neighbours of the strongest hits, files changed since a git base) are
// merged per file with noisy-OR, nudged by a capped centrality prior, graded, and
// byte-identical files collapsed.

import type { Database } from "bun:sqlite";
import type { FileGraph } from "../graph/file-graph.ts";
import { perFileList, type Collection, type IndexedFile } from "../plan/collect.ts";
import { add, basenameHits, bodyWeight, exactDeclarations, exportBarrels, feedback, lexical, merged, neighbours, newMerge, pathHits, wiringHits } from "./localize-signals.ts";
import { lexicalRanking, lexicalScores, plus, termsCarried } from "./localize-lexical.ts";
import { PARAMS } from "./localize-params.ts";
import { queryTerms, type QueryTerm } from "../text/terms.ts";
import { stem } from "../text/stem.ts";
import { taskTerms } from "./localize-terms.ts";
import { isCodeLanguage } from "../lang/languages.ts";
import { auxiliaryIds, cochange, historyOf, historyPrior, historyWords, namedPackage, pathIds, similarCommitsFirst } from "./localize-history.ts";
import { NAMED_TYPE_KINDS_SQL } from "../lang/model.ts";
import { cochangeOf } from "../history/signals.ts";
import { likelySymbols, SYMBOL_PARAMS, type SymbolAnswer } from "./localize-symbols.ts";
import { gradeEvidence, gradeOf, type Grade, type GradeEvidence } from "./localize-grade.ts";
import { cachedRowids } from "../store/read-cache.ts";
import { exactStemsFirst } from "./localize-stems.ts";
import { declarationMatchFirst } from "./localize-declarations.ts";
import { noSignal, type NoSignal } from "./localize-signal.ts";

export { CONFIDENT_RULE, isConfident, shortOfConfident, type ConfidentRule, type Grade, type GradeEvidence } from "./localize-grade.ts";

export interface Candidate {
  path: string;
  score: number;
  tokens: number;
  reasons: string[];
  /** The declarations of this file the change most likely touches, best first (the best files only; absent when none has evidence). */
  symbols?: SymbolAnswer[];
}

export interface Navigation {
  areas: string[];
  entryPoints: string[];
  nearestSymbols: string[];
}

export interface Localization {
  grade: Grade;
  candidates: Candidate[];
  /** How many candidates form the leading cluster (confident answers). */
  cluster: number;
  navigation?: Navigation;
  lowSignal?: string;
  /** No candidate and no unmatched word to explain it: why, and what to try. */
  noCandidates?: string;
  /** The query carries no usable signal (localize-signal.ts): why; no candidate is ranked. */
  noSignal?: string;
  /** With noSignal: the query's words of three letters or more that occur here all the same ("fix" in 12 files), and what noSignal says of its words. */
  commonWords?: Omit<NoSignal, "why">;
  /** The store has no full-text index: only exact, path, wiring and graph evidence was used. */
  noFullText?: boolean;
  /** The query's topical words (not change words such as "add" or "fix") that occur nowhere in the indexed files (names, paths, comments, bodies). */
  unmatched?: string[];
  /** Why the repository's history was not used (no git, no commits, an index from before history): absent when it was. */
  historyAbsent?: string;
  /** Why the history used is partial (a shallow clone): absent when it is complete. */
  historyPartial?: string;
  /** The package folders the query names (files outside them were damped). */
  packages?: string[];
  /** What the grade was decided on (absent when there are no candidates). */
  gradeEvidence?: GradeEvidence;
}

const LOW_SIGNAL: [RegExp, string][] = [
  [/^\s*merge\b/i, "a merge"],
  [/^\s*apply suggestions from code review/i, "applied review suggestions"],
  [/^\s*(bump|upgrade)\b|dependabot|\bfrom v?\d+(\.\d+)+ to v?\d+(\.\d+)+/i, "a version bump"],
  // Conventional-commit prefixes only ("chore: …", "build(deps)!: …"): "release the lock…" or "build the total…" is a task.
  [/^\s*(ci|build|chore|release|version)(\([^)]*\))?!?:/i, "a chore, build or release change"],
  [/^\s*v?\d+(\.\d+)+\s*$/, "a version number"],
];

export function lowSignal(query: string): string | null {
  if (!query.trim()) return "an empty query";
  for (const [re, why] of LOW_SIGNAL) if (re.test(query)) return why;
  return null;
}

/**
 * Words that say what kind of change a task is, not what it is about: they tell nothing
 * about where the change goes, and shipped code seldom contains them.
 */
const CHANGE_WORDS: ReadonlySet<string> = new Set(
  `add adds added adding fix fixes fixed fixing update updates updated improve improves improved improvement remove
  removes removed removing make makes made perf support supports supported allow allows allowed prevent prevents avoid
  use uses using now more less new better correct correctly incorrect issue bug bugs change changes changed refactor
  handle handles handling ensure ensures instead also via when properly proper rename renamed move moved implement
  implemented feat feature docs doc chore test tests tweak minor small typo typos cleanup clean`
    .trim()
    .split(/\s+/),
);

const joinedLowerPaths = (files: readonly IndexedFile[]) => files.map((f) => f.path.toLowerCase()).join("\n");

/**
 * The query's words (not sub-tokens or stems) that occur nowhere in the indexed files: not
 * in any full-text column, by themselves or by their stem, and not inside any path.
 */
function unmatchedWords(db: Database, collection: Collection, topical: ReadonlySet<string>): string[] {
  const select = { get: (match: string) => (cachedRowids(db, "SELECT rowid FROM files_fts WHERE files_fts MATCH ? LIMIT 1", match).length > 0 ? match : null) };
  const paths = perFileList(collection.files, joinedLowerPaths);
  const out: string[] = [];
  for (const word of topical) {
    const forms = [...new Set([word, stem(word)])];
    const found = forms.some((f) => select.get(`"${f.replaceAll('"', '""')}"`) !== null) || paths.includes(word);
    if (!found) out.push(word);
  }
  return out;
}

/**
 * The verbs a commit subject opens with ("add option…", "attachments: Set the default…"): the change words that are verbs, and a
 * few more. Not the change words that are nouns or adverbs ("Tests of the semantic tier", "perf:", "correctly …"): a task opening
 * with "tests" may well be about the tests.
 */
const LEAD_VERBS: ReadonlySet<string> = new Set(
  `add adds added adding fix fixes fixed fixing update updates updated improve improves improved remove removes removed removing
  make makes made support supports supported allow allows allowed prevent prevents avoid use uses using change changes changed
  refactor handle handles handling ensure ensures rename renamed move moved implement implemented set replace introduce drop bump
  revert enable disable delete create extract split merge expose keep skip`
    .trim()
    .split(/\s+/),
);

/**
 * The verb a task opens with (its first word, or the first after a "scope:" / "fix(x):" label) when the task writes it nowhere
 * else, not even inside a name: the change's kind, not a place — with PARAMS.leadVerb it makes no name match and no path hit
 * (nodemailer@7.0.3's "attachments: Set the default…" ranked lib/mailer/index.js on "declares set (name match)").
 */
export function leadingVerb(query: string): string | null {
  const m = /^\s*(?:[\w./-]+(?:\([^)]*\))?!?:\s*)?([A-Za-z]+)\b/.exec(query);
  const word = m?.[1]?.toLowerCase();
  if (!word || !LEAD_VERBS.has(word)) return null;
  return query.toLowerCase().split(word).length === 2 ? word : null;
}

/** The query's topical words: whole words of three letters or more that are not change words. */
function topicalWords(terms: readonly QueryTerm[]): Set<string> {
  return new Set(terms.filter((t) => t.origin === "word" && t.term.length >= 3 && !CHANGE_WORDS.has(t.term)).map((t) => t.term));
}

/** The workspace's likely entry points (main, app, server… files; shallow index files). */
function entryPointsOf(files: readonly IndexedFile[]): string[] {
  return files
    .filter((f) => !f.isTest && (/(^|\/)(main|app|server|program|startup|cli)\.[a-z]+$/i.test(f.path) || (/(^|\/)index\.[a-z]+$/i.test(f.path) && f.path.split("/").length <= 2)))
    .map((f) => f.path)
    .sort((a, b) => a.split("/").length - b.split("/").length || (a < b ? -1 : 1))
    .slice(0, 5);
}

function navigation(db: Database, collection: Collection, candidates: readonly Candidate[]): Navigation {
  const areas: string[] = [];
  for (const c of candidates) {
    const dir = c.path.split("/").slice(0, -1).slice(0, 2).join("/");
    if (dir && !areas.includes(dir)) areas.push(dir);
  }
  const entryPoints = perFileList(collection.files, entryPointsOf);
  const symbols: string[] = [];
  const byPath = new Map(collection.files.map((f) => [f.path, f.id]));
  for (const c of candidates.slice(0, 8)) {
    const id = byPath.get(c.path);
    if (id === undefined) continue;
    for (const row of db.query(`SELECT name FROM symbols WHERE file_id = ? AND kind IN ${NAMED_TYPE_KINDS_SQL} AND container IS NULL ORDER BY start_offset LIMIT 2`).all(id) as { name: string }[]) {
      if (!symbols.includes(row.name)) symbols.push(row.name);
    }
  }
  return { areas: areas.slice(0, 6), entryPoints, nearestSymbols: symbols.slice(0, 8) };
}

export interface LocalizeOptions {
  query: string;
  limit: number;
  graph: FileGraph;
  /** Files changed since a git base (root-relative), scored 1.0. */
  changed?: readonly string[];
  /** Name the likely declarations of the best files (localize-symbols.ts). */
  symbols?: boolean;
}

/** The likely declarations of the best candidates (in place); the other best files and each file's co-changed files count as users. */
function symbolsOf(db: Database, collection: Collection, candidates: Candidate[], ids: readonly number[], terms: readonly QueryTerm[], query: string, history: boolean): void {
  const ofPath = pathIds(collection);
  const best = new Map(ids.slice(0, 10).map((id, i) => [id, (candidates[i] as Candidate).path]));
  candidates.slice(0, SYMBOL_PARAMS.files).forEach((c, i) => {
    const id = ids[i] as number;
    const users = new Map([...best].filter(([other]) => other !== id));
    if (history) {
      for (const [p] of cochangeOf(db, c.path, 10)) {
        const other = ofPath.get(p);
        if (other !== undefined && other !== id && !users.has(other)) users.set(other, `${p} (changed together)`);
      }
    }
    const symbols = likelySymbols(db, id, terms, query, users, (t) => t.weight ?? 1);
    if (symbols.length) c.symbols = symbols;
  });
}

/** Why a localization with no candidate and no unmatched word is empty, and what to try. */
function emptyWhy(files: number, topical: number): string {
  if (files === 0) return "no file is indexed here: check the path, or index it (CLI: svc index; MCP: svc_workspace action=index)";
  const why = topical === 0 ? "the query has no word to search for (only common or change words such as \"the\", \"fix\", \"add\")" : "none of the query's words ranks a file";
  return `${why}: name a file, symbol, route or service, or describe the behaviour in the code's own words`;
}

export function localize(collection: Collection, options: LocalizeOptions): Localization {
  const db = collection.index.db;
  // A low-signal query (a merge, a version bump) says nothing about where a change goes: it is
  // ranked like any other, so whatever its words match is still shown, but graded insufficient.
  const why = lowSignal(options.query);
  const m = newMerge();
  if (options.changed?.length) {
    const changed = new Set(options.changed);
    for (const file of collection.files) if (changed.has(file.path)) add(m, file.id, PARAMS.changed, "changed since the base");
  }
  const fts = collection.index.meta.fts_available === "1";
  const weighed = taskTerms(db, options.query, collection.files.length, fts);
  const terms = weighed.terms;
  const declaring = exactDeclarations(db, weighed.exactText, collection, m);
  exportBarrels(db, weighed.exactText, declaring, options.graph, collection, m);
  wiringHits(db, options.query, collection, m);
  // (leadVerb: the verb the task opens with names nothing: no path hit, no name match; its body hits still count)
  const lead = PARAMS.leadVerb ? leadingVerb(options.query) : null;
  const naming = lead ? terms.filter((t) => t.term !== lead) : terms;
  pathHits(collection, naming, m);
  const topical = topicalWords(weighed.long ? queryTerms(options.query) : terms);
  const unmatched = fts ? unmatchedWords(db, collection, topical) : [];
  // The files past commits' words name: a task may name what only the history says ("walrus rounding" of a commit's subject).
  const history = historyOf(db);
  const recalled = newMerge();
  if (history.available) historyWords(db, history, collection, terms, recalled);
  // No word that names a place here (localize-signal.ts): nothing is ranked, the answer says why.
  const silent = why || collection.files.length === 0 ? null : noSignal(db, { terms, changeWords: CHANGE_WORDS, topical, unmatched, structured: m.scores.size > 0 || recalled.scores.size > 0, fts });
  if (silent) return { grade: "insufficient", candidates: [], cluster: 0, noSignal: silent.why, ...(silent.common.length ? { commonWords: { words: silent.words, common: silent.common, files: silent.files } } : {}), ...(unmatched.length ? { unmatched } : {}), navigation: navigation(db, collection, []) };
  let textFirst: number | undefined;
  let textRanking: number[] | undefined;
  if (fts) {
    const scores = lexicalScores(db, collection, terms);
    const first = lexical(db, collection, scores, naming, m);
    textFirst = first[0];
    textRanking = first;
    const prf = feedback(db, first.slice(0, PARAMS.prfTop), new Set(terms.map((t) => t.term)), collection.files.length);
    if (prf.length) {
      const seen = new Set(first);
      const carried = termsCarried(collection, prf);
      let added = 0;
      for (const id of lexicalRanking(plus(scores, lexicalScores(db, collection, prf)))) {
        if (seen.has(id) || added >= PARAMS.prfAdd) continue;
        // the feedback words this file has (email/errors.py was "related: declares names like http, read, request" with none of them)
        const words = carried(id).slice(0, 3);
        add(m, id, bodyWeight(collection, id) * PARAMS.prfScore, words.length ? `related: mentions ${words.join(", ")} (names the best matches declare)` : "related: ranks with the best text matches");
        added++;
      }
    }
  }
  basenameHits(collection, weighed.exactText, m, textRanking);
  for (const [id, scores] of recalled.scores) scores.forEach((score, i) => add(m, id, score, recalled.reasons.get(id)?.[i] ?? ""));
  const pkg = namedPackage(collection, options.query);
  const historyFactor = historyPrior(db, history, collection, pkg);
  // Tests and docs follow the code they test or describe, benchmarks, examples and scripts the code they exercise: a change is asked of the code first.
  const auxiliary = PARAMS.auxPrior !== 1 ? auxiliaryIds(collection) : null;
  const prior = (id: number) => {
    const file = collection.byId.get(id);
    const kind = !file ? 1 : file.isTest ? PARAMS.testPrior : !isCodeLanguage(file.language) ? PARAMS.docPrior : auxiliary?.has(id) ? PARAMS.auxPrior : 1;
    return historyFactor(id) * kind;
  };
  neighbours(options.graph, collection, merged(m, options.graph, collection, prior), m);
  if (history.available) cochange(db, collection, merged(m, options.graph, collection, prior), m);
  const note = (id: number, reason: string) => m.reasons.get(id)?.push(reason);
  // Near-ties broken by the files the most similar past commits changed, then by a file named exactly by a query word,
  // then by which declaration the task describes (full-text only: it reads the declaration index).
  const similar = similarCommitsFirst(db, history, collection, options.query, merged(m, options.graph, collection, prior), note);
  const named = exactStemsFirst(similar, collection, options.graph, options.query, CHANGE_WORDS, note);
  const final = fts ? declarationMatchFirst(db, collection, named, terms, options.query, CHANGE_WORDS, note) : named;
  // Byte-identical files (same content hash) collapse onto the first.
  const hashOf = db.prepare("SELECT hash FROM files WHERE id = ?");
  const seenHash = new Map<string, Candidate>();
  const candidates: Candidate[] = [];
  const candidateIds: number[] = [];
  /** The best score past the limit (of a file no candidate is identical to): the grade's margin is to the real second file, whatever the limit. */
  let beyond: number | undefined;
  for (const [id, score] of final) {
    const file = collection.byId.get(id);
    if (!file) continue;
    const hash = (hashOf.get(id) as { hash: string } | null)?.hash ?? String(id);
    const twin = seenHash.get(hash);
    if (candidates.length >= options.limit) {
      if (twin) continue;
      beyond = Math.round(score * 1000) / 1000;
      break;
    }
    if (twin) {
      if (twin.reasons.length < 6) twin.reasons.push(`identical to ${file.path}`);
      continue;
    }
    const c: Candidate = { path: file.path, score: Math.round(score * 1000) / 1000, tokens: file.tokens, reasons: [...(m.reasons.get(id) ?? [])] };
    seenHash.set(hash, c);
    candidates.push(c);
    candidateIds.push(id);
  }
  if (options.symbols) symbolsOf(db, collection, candidates, candidateIds, terms, weighed.exactText, history.available);
  // The grade looks at the best files whatever the limit; the text ranking's first file counts as first when it collapsed onto it (identical content).
  const evidence = gradeEvidence(db, collection, { final, hashOf: (id) => (hashOf.get(id) as { hash: string } | null)?.hash ?? String(id), beyond, textFirst, firstReasons: candidates[0]?.reasons ?? [], query: options.query, topical, unmatched });
  const grade = gradeOf(evidence, topical, unmatched);
  const graded = why ? { grade: "insufficient" as const, cluster: 0, evidence } : { grade, cluster: grade === "confident" ? 1 : 0, evidence };
  const result: Localization = { grade: graded.grade, candidates, cluster: graded.cluster, ...(why ? { lowSignal: why } : {}), ...(fts ? {} : { noFullText: true }), ...(unmatched.length ? { unmatched } : {}), ...(graded.evidence ? { gradeEvidence: graded.evidence } : {}),
    ...(history.available ? {} : { historyAbsent: history.state.replace(/^absent:\s*/, "") }),
    ...(history.available && history.shallow ? { historyPartial: `a shallow clone: only its last ${history.count} commit${history.count === 1 ? "" : "s"} were read (git fetch --unshallow reads the rest)` } : {}),
    ...(pkg ? { packages: pkg.dirs } : {}),
  };
  if (candidates.length === 0 && unmatched.length === 0) result.noCandidates = emptyWhy(collection.files.length, topical.size);
  if (graded.grade !== "confident") result.navigation = navigation(db, collection, candidates);
  return result;
}
