// Code-aware pre-tokenizer shared by indexing and querying: finds identifiers in text,
// splits them into camel/snake/kebab/dotted parts, adds Porter stems, and produces the
// space-separable lower-case tokens of the FTS5 columns (words, subtokens, stems) and the
// origin-tagged terms of a query. Scanning works on char codes (ASCII fast path); the
// per-identifier analysis is kept in a small bounded cache since identifiers repeat a lot.

import { stem } from "./stem.ts";

// Character classes: OTHER is a letter without case (CJK, Arabic, ...); a MARK (combining
// accent) belongs to the letter before it; JOIN ("_", "$") continues an identifier but
// separates its parts; SEP is everything else.
const SEP = 0, UPPER = 1, LOWER = 2, DIGIT = 3, OTHER = 4, MARK = 5, JOIN = 6;

const ASCII_CLASS = new Uint8Array(128);
for (let c = 65; c <= 90; c++) ASCII_CLASS[c] = UPPER;
for (let c = 97; c <= 122; c++) ASCII_CLASS[c] = LOWER;
for (let c = 48; c <= 57; c++) ASCII_CLASS[c] = DIGIT;
ASCII_CLASS[95] = ASCII_CLASS[36] = JOIN;

const NON_ASCII_CLASSES = [
  [/^[\p{Lu}\p{Lt}]$/u, UPPER], [/^\p{Ll}$/u, LOWER], [/^\p{L}$/u, OTHER], [/^\p{M}$/u, MARK], [/^\p{Nd}$/u, DIGIT],
] as const;
/** Lazily filled classes of BMP code points ≥ 128, stored as class + 1 (0 = unknown). */
const BMP_CLASS = new Uint8Array(65536);

function classifyCodePoint(cp: number): number {
  const ch = String.fromCodePoint(cp);
  for (const [re, cls] of NON_ASCII_CLASSES) if (re.test(ch)) return cls;
  return SEP;
}

/** Class of the code point at i of s (an astral one spans i and i + 1; see width()). */
function classAt(s: string, i: number): number {
  const c = s.charCodeAt(i);
  if (c < 128) return ASCII_CLASS[c] ?? SEP;
  if (c < 0xd800 || c > 0xdfff) {
    const known = BMP_CLASS[c] ?? 0;
    if (known !== 0) return known - 1;
    const cls = classifyCodePoint(c);
    BMP_CLASS[c] = cls + 1;
    return cls;
  }
  const cp = s.codePointAt(i) ?? c;
  return cp > 0xffff ? classifyCodePoint(cp) : SEP; // lone surrogates separate
}

function width(s: string, i: number): number {
  const c = s.charCodeAt(i);
  return c >= 0xd800 && c <= 0xdbff && i + 1 < s.length ? 2 : 1;
}

/**
 * Split an identifier into lower-case parts: camelCase, PascalCase with acronyms
 * (parseHTTPResponse → parse, http, response; XMLHttpRequest → xml, http, request; a plural
 * acronym stays whole: URLs → urls), snake_case, kebab-case, dotted and slashed names, digits
 * as their own parts (v2Api → v, 2, api), a caseless script next to a cased one
 * (getName名前 → get, name, 名前). Every character that is not a letter, mark or digit
 * separates. Returns [] for non-identifiers: input without any letter ("", "_", "42", "+=").
 */
export function splitIdentifier(identifier: string): string[] {
  const parts: string[] = [];
  const n = identifier.length;
  let start = -1; // start of the current part, -1 when between parts
  let prev = SEP; // class of the previous non-mark character of the current part
  let hasLetter = false;
  for (let i = 0; i < n; ) {
    const w = width(identifier, i);
    let cls = classAt(identifier, i);
    if (cls === MARK) cls = start < 0 ? SEP : prev; // combining marks extend what they follow
    if (cls === SEP || cls === JOIN) {
      if (start >= 0) parts.push(identifier.slice(start, i).toLowerCase());
      start = -1;
    } else {
      if (cls !== DIGIT) hasLetter = true;
      if (start < 0) start = i;
      else if (isBoundary(identifier, i, w, prev, cls)) {
        parts.push(identifier.slice(start, i).toLowerCase());
        start = i;
      }
      prev = cls;
    }
    i += w;
  }
  if (start >= 0) parts.push(identifier.slice(start).toLowerCase());
  return hasLetter ? parts : [];
}

/** Whether a new part starts at i (class cls, width w) after a character of class prev. */
function isBoundary(s: string, i: number, w: number, prev: number, cls: number): boolean {
  if ((cls === DIGIT) !== (prev === DIGIT) || (cls === OTHER) !== (prev === OTHER)) return true;
  if (cls !== UPPER) return false;
  if (prev === LOWER) return true;
  if (prev !== UPPER || i + w >= s.length || classAt(s, i + w) !== LOWER) return false;
  // An acronym ending where a capitalised word starts (HTTPResponse) splits before the
  // word's capital, unless the "word" is a lone plural s (URLs, getIDsFor).
  return s.charCodeAt(i + w) !== 115 || (i + w + 1 < s.length && classAt(s, i + w + 1) === LOWER);
}

/** The identifier last found by findIdentifier(): text[idStart, idEnd) and its FNV-1a hash. */
let idStart = 0, idEnd = 0, idHash = 0;

/**
 * Find the next identifier-like token of text at or after i: a maximal run of letters, marks,
 * digits, "_" and "$" ([A-Za-z_$][A-Za-z0-9_$]* extended to unicode letters). Runs that begin
 * with a digit are numeric literals (42, 0xff, 1e9, 10px) and are skipped whole. The hash
 * (over UTF-16 code units) lets the analysis cache be probed without slicing the text.
 */
function findIdentifier(text: string, i: number): boolean {
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    const first = c < 128 ? ASCII_CLASS[c] : classAt(text, i);
    if (first === SEP) {
      i += c < 128 ? 1 : width(text, i);
      continue;
    }
    const start = i;
    let h = 0x811c9dc5;
    while (i < n) {
      const d = text.charCodeAt(i);
      if (d < 128 ? ASCII_CLASS[d] === SEP : classAt(text, i) === SEP) break;
      h = Math.imul(h ^ d, 0x01000193);
      if (d >= 0xd800 && d <= 0xdbff) h = Math.imul(h ^ text.charCodeAt(++i), 0x01000193); // astral
      i++;
    }
    if (first === DIGIT) continue;
    idStart = start;
    idEnd = i;
    idHash = h;
    return true;
  }
  return false;
}

/** Identifier-like tokens of a text in order of appearance (see findIdentifier). */
export function identifiersIn(text: string): string[] {
  const out: string[] = [];
  for (let i = 0; findIdentifier(text, i); i = idEnd) out.push(text.slice(idStart, idEnd));
  return out;
}

/**
 * Words dropped from queries and from the index (a term no query can contain is dead weight
 * in the index, and these are the most frequent tokens of any text): English function words,
 * then (last two lines) declaration keywords, literals, self references and built-in type names
 * that occur in nearly every file of their language and so name no topic. Deliberately absent:
 * get, set, test, type, class, error, find, use, make, add, run, ... which are how people name
 * what code does.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  `a about after all also am an and any are as at be been before being both but by can could did do does doing done
  each either else etc ever every for from had has have having he her here him his how i if in into is it its itself
  just may me might my no nor not of off on one only or other our she should so some such than that the their them
  then there these they this those to too us very was we were what when where whether which while who whom whose
  why will with within would you your
  const let var def fn func function return import export new true false null nil none undefined self
  public private protected static void string number boolean bool int str`
    .trim()
    .split(/\s+/),
);

/** Index-time field text: space-separated lower-case tokens for an FTS5 column. */
export interface FieldTokens {
  /** Whole identifiers, case-folded with separators removed (OrderService, order_service → "orderservice"). */
  words: string[];
  /** Parts of identifiers with 2+ parts ("order", "service"); 1-character parts are dropped. */
  subtokens: string[];
  /** Porter stems of the words and sub-tokens whose stem differs from the token ("servic"). */
  stems: string[];
}

/** Identifiers longer than this are data (base64, hashes, minified blobs), not names. */
const MAX_IDENTIFIER_LENGTH = 128;

/** One identifier's tokens, stop words removed; word is null when it is one. */
interface Analysis {
  word: string | null;
  subtokens: readonly string[];
  stems: readonly string[];
}

const NOTHING: Analysis = { word: null, subtokens: [], stems: [] };

// Bounded analysis cache: open addressing over 2^15 slots, 4 probes, the home slot
// overwritten when all are taken. Keys are copies: a slice would keep its file alive.
const SLOTS = 1 << 15, PROBES = 4;
const slotKeys = new Array<string | undefined>(SLOTS).fill(undefined);
const slotValues = new Array<Analysis>(SLOTS).fill(NOTHING);

/** Analysis of the identifier text[start, end) whose findIdentifier() hash is hash. */
function analysisAt(text: string, start: number, end: number, hash: number): Analysis {
  const len = end - start;
  const home = (hash ^ (hash >>> 15)) & (SLOTS - 1);
  let free = home;
  for (let p = 0; p < PROBES; p++) {
    const slot = (home + p) & (SLOTS - 1);
    const key = slotKeys[slot];
    if (key === undefined) {
      free = slot;
      break;
    }
    if (key.length !== len) continue;
    let q = 0;
    while (q < len && key.charCodeAt(q) === text.charCodeAt(start + q)) q++;
    if (q === len) return slotValues[slot] ?? NOTHING;
  }
  // padEnd builds a fresh string, so the key does not pin the file text as a slice would.
  const identifier = text.slice(start, end).padEnd(len + 1).slice(0, len);
  const analysis = analyse(identifier);
  slotKeys[free] = identifier;
  slotValues[free] = analysis;
  return analysis;
}

function analyse(identifier: string): Analysis {
  const parts = identifier.length <= MAX_IDENTIFIER_LENGTH ? splitIdentifier(identifier) : [];
  if (parts.length === 0) return NOTHING;
  const joined = parts.length === 1 ? (parts[0] ?? "") : parts.join("");
  const word = STOP_WORDS.has(joined) ? null : joined;
  const subtokens = parts.length > 1 ? parts.filter((p) => p.length > 1 && !STOP_WORDS.has(p)) : [];
  const stems: string[] = [];
  for (const token of word === null ? subtokens : [word, ...subtokens]) {
    const s = stem(token);
    if (s !== token && !STOP_WORDS.has(s)) stems.push(s);
  }
  return { word, subtokens, stems };
}

/**
 * Index-time tokens of a text, in order and with repeats (term frequency matters for BM25).
 * Stop words are left out. Once words + subtokens + stems reach maxTokens (default 20000)
 * the rest of the text is ignored, so one huge file cannot blow up the index.
 */
export function fieldTokens(text: string, options?: { maxTokens?: number }): FieldTokens {
  const max = Math.max(0, options?.maxTokens ?? 20000);
  const words: string[] = [];
  const subtokens: string[] = [];
  const stems: string[] = [];
  for (let i = 0; words.length + subtokens.length + stems.length < max && findIdentifier(text, i); i = idEnd) {
    const a = analysisAt(text, idStart, idEnd, idHash);
    if (a.word !== null) words.push(a.word);
    for (const t of a.subtokens) subtokens.push(t);
    for (const t of a.stems) stems.push(t);
  }
  // The last identifier may overshoot the cap by a few tokens: take them back, stems first.
  let excess = words.length + subtokens.length + stems.length - max;
  for (const list of [stems, subtokens, words]) for (; excess > 0 && list.length > 0; excess--) list.pop();
  return { words, subtokens, stems };
}

/** A query term tagged with its origin so the ranker can weight it. */
export interface QueryTerm {
  term: string;
  origin: "word" | "subtoken" | "stem";
  /** How much the term counts (1 when absent): task localization weighs a long query's later words by their information. */
  weight?: number;
}

const ORIGIN_RANK = { word: 0, subtoken: 1, stem: 2 } as const;

/**
 * Query processing: identifiers of the query (anything else separates), each giving its
 * folded word, its subtokens and their stems, stop words dropped. De-duplicated in order of
 * first appearance; a term reached twice keeps its first position and the strongest origin
 * (word > subtoken > stem).
 */
export function queryTerms(query: string): QueryTerm[] {
  const out: QueryTerm[] = [];
  const seen = new Map<string, QueryTerm>();
  const add = (term: string, origin: QueryTerm["origin"]): void => {
    const prior = seen.get(term);
    if (prior === undefined) {
      const entry = { term, origin };
      seen.set(term, entry);
      out.push(entry);
    } else if (ORIGIN_RANK[origin] < ORIGIN_RANK[prior.origin]) prior.origin = origin;
  };
  for (let i = 0; findIdentifier(query, i); i = idEnd) {
    const a = analysisAt(query, idStart, idEnd, idHash);
    if (a.word !== null) add(a.word, "word");
    for (const t of a.subtokens) add(t, "subtoken");
    for (const t of a.stems) add(t, "stem");
  }
  return out;
}

/** `"a" OR "b" ...` for an FTS5 MATCH (each term quoted, inner quotes doubled); null if none. */
export function ftsOrExpression(terms: readonly string[]): string | null {
  const quoted: string[] = [];
  for (const t of terms) if (t.length > 0) quoted.push(`"${t.replaceAll('"', '""')}"`);
  return quoted.length > 0 ? quoted.join(" OR ") : null;
}
