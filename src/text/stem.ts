// The Porter (1980) suffix-stripping stemmer, written from the published algorithm
// (steps 1a, 1b, 1c, 2, 3, 4, 5a, 5b with the m() measure and the *v*, *d, *o conditions).
// It follows the paper's rule table (step 2 has "abli → able", not the later "bli → ble"
// and "logi → log" departures of Porter's reference C code). Input is a lower-case ASCII
// word; anything else (non a-z characters, length ≤ 2) is returned unchanged. No regular
// expressions: the word is copied into one reusable byte buffer and edited in place, and
// results are kept in a small bounded cache because identifiers repeat across a repository.

const A = 97, E = 101, I = 105, O = 111, U = 117, Y = 121, W = 119, X = 120;
const L = 108, S = 115, Z = 122, T = 116;

/** The word being stemmed; only buf[0..k] is live. */
let buf = new Uint8Array(64);
/** Index of the last live character. */
let k = 0;
/** Index of the last character of the stem before a suffix matched by ends(). */
let j = 0;
/** First index whose character differs from the input word (> k when the stem is a prefix). */
let dirty = 0;

/** True when buf[i] is a consonant: not a, e, i, o, u, and not a y preceded by a consonant. */
function cons(i: number): boolean {
  const c = buf[i];
  if (c === A || c === E || c === I || c === O || c === U) return false;
  if (c === Y) return i === 0 ? true : !cons(i - 1);
  return true;
}

/** m(): the number of VC sequences in buf[0..j] seen as [C](VC)^m[V]. */
function m(): number {
  let n = 0;
  let i = 0;
  while (i <= j && cons(i)) i++; // optional leading consonants
  for (;;) {
    while (i <= j && !cons(i)) i++; // vowels
    if (i > j) return n;
    while (i <= j && cons(i)) i++; // consonants closing a VC
    n++;
    if (i > j) return n;
  }
}

/** *v*: buf[0..j] contains a vowel. */
function vowelInStem(): boolean {
  for (let i = 0; i <= j; i++) if (!cons(i)) return true;
  return false;
}

/** *d: buf[i-1..i] is a double consonant. */
function doubleC(i: number): boolean {
  return i >= 1 && buf[i] === buf[i - 1] && cons(i);
}

/** *o: buf[i-2..i] is consonant-vowel-consonant and the last consonant is not w, x or y. */
function cvc(i: number): boolean {
  if (i < 2 || !cons(i) || cons(i - 1) || !cons(i - 2)) return false;
  const c = buf[i];
  return c !== W && c !== X && c !== Y;
}

/** buf[0..k] ends with s; on success j marks the end of the stem before it. */
function ends(s: string): boolean {
  const len = s.length;
  const from = k + 1 - len;
  if (from < 0) return false;
  for (let q = len - 1; q >= 0; q--) if (buf[from + q] !== s.charCodeAt(q)) return false;
  j = from - 1;
  return true;
}

/** Replace buf[j+1..k] with s. */
function setTo(s: string): void {
  for (let q = 0; q < s.length; q++) buf[j + 1 + q] = s.charCodeAt(q);
  if (j + 1 < dirty) dirty = j + 1;
  k = j + s.length;
}

/** Replace the matched suffix with s when m() > 0. */
function r(s: string): void {
  if (m() > 0) setTo(s);
}

function step1ab(): void {
  if (buf[k] === S) {
    if (ends("sses")) k -= 2;
    else if (ends("ies")) setTo("i");
    else if (buf[k - 1] !== S) k--;
  }
  if (ends("eed")) {
    if (m() > 0) k--;
  } else if ((ends("ed") || ends("ing")) && vowelInStem()) {
    k = j;
    if (ends("at")) setTo("ate");
    else if (ends("bl")) setTo("ble");
    else if (ends("iz")) setTo("ize");
    else if (doubleC(k)) {
      const c = buf[k];
      if (c !== L && c !== S && c !== Z) k--;
    } else if (m() === 1 && cvc(k)) {
      setTo("e"); // j === k here: the failed ends() calls above leave it alone
    }
  }
}

function step1c(): void {
  if (ends("y") && vowelInStem()) setTo("i");
}

/** Try the suffixes in order; the first that matches is replaced (when m() > 0) or kept. */
function replaceFirst(rules: readonly (readonly [string, string])[]): void {
  for (const [suffix, replacement] of rules) {
    if (ends(suffix)) {
      r(replacement);
      return;
    }
  }
}

// Steps 2 and 3, keyed by the penultimate (step 2) or last (step 3) letter.
const STEP2: Record<number, readonly (readonly [string, string])[]> = {
  [A]: [["ational", "ate"], ["tional", "tion"]],
  99: [["enci", "ence"], ["anci", "ance"]], // c
  [E]: [["izer", "ize"]],
  [L]: [["abli", "able"], ["alli", "al"], ["entli", "ent"], ["eli", "e"], ["ousli", "ous"]],
  [O]: [["ization", "ize"], ["ation", "ate"], ["ator", "ate"]],
  [S]: [["alism", "al"], ["iveness", "ive"], ["fulness", "ful"], ["ousness", "ous"]],
  [T]: [["aliti", "al"], ["iviti", "ive"], ["biliti", "ble"]],
};
const STEP3: Record<number, readonly (readonly [string, string])[]> = {
  [E]: [["icate", "ic"], ["ative", ""], ["alize", "al"]],
  [I]: [["iciti", "ic"]],
  [L]: [["ical", "ic"], ["ful", ""]],
  [S]: [["ness", ""]],
};

// Step 4 suffixes by penultimate letter, longest first where they nest.
const STEP4: Record<number, readonly string[]> = {
  [A]: ["al"],
  99: ["ance", "ence"], // c
  [E]: ["er"],
  [I]: ["ic"],
  [L]: ["able", "ible"],
  110: ["ant", "ement", "ment", "ent"], // n
  [O]: ["ion", "ou"],
  [S]: ["ism"],
  [T]: ["ate", "iti"],
  [U]: ["ous"],
  118: ["ive"], // v
  [Z]: ["ize"],
};

function step4(): void {
  const candidates = STEP4[buf[k - 1] ?? 0];
  if (candidates === undefined) return;
  for (const suffix of candidates) {
    if (!ends(suffix)) continue;
    // (m > 1 and (*S or *T)) ION: without s/t before it "ion" is no match; "ou" may still be.
    if (suffix === "ion" && buf[j] !== S && buf[j] !== T) continue;
    if (m() > 1) k = j;
    return;
  }
}

function step5(): void {
  j = k;
  if (buf[k] === E) {
    const a = m();
    if (a > 1 || (a === 1 && !cvc(k - 1))) k--;
  }
  if (buf[k] === L && doubleC(k) && m() > 1) k--;
}

const CACHE_LIMIT = 8192;
const cache = new Map<string, string>();

/** Porter stem of a lower-case ASCII word; other input comes back unchanged. */
export function stem(word: string): string {
  const n = word.length;
  if (n <= 2) return word;
  const hit = cache.get(word);
  if (hit !== undefined) return hit;
  if (n > buf.length) buf = new Uint8Array(n * 2);
  for (let i = 0; i < n; i++) {
    const c = word.charCodeAt(i);
    if (c < A || c > Z) return word;
    buf[i] = c;
  }
  k = n - 1;
  j = 0;
  dirty = n;
  step1ab();
  if (k > 0) {
    step1c();
    const rules2 = STEP2[buf[k - 1] ?? 0];
    if (rules2 !== undefined) replaceFirst(rules2);
    const rules3 = STEP3[buf[k] ?? 0];
    if (rules3 !== undefined) replaceFirst(rules3);
    step4();
    step5();
  }
  let out = word.slice(0, Math.min(dirty, k + 1));
  for (let i = dirty; i <= k; i++) out += String.fromCharCode(buf[i] ?? 0);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(word, out);
  return out;
}
