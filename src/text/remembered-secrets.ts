// Values once found to be secrets, remembered by digest (never the value), and taken out of
// what svc emits wherever one shows again. A value's secrecy is told by its context: after
// `DB_PASSWORD = "hunter2"` is renamed to `DB_PW`, nothing in the tree calls `hunter2` a
// password any more and no detector sees it. The index keeps the digest of every value the
// redactor found in a file it extracted (index/extract.ts, index/write.ts) or in a commit
// message it read (history/update.ts), through re-extractions and rebuilds; the output path
// (render/redact-output.ts) replaces each exact occurrence with the marker of the kind it was
// found as, and apply puts the value back from disk (ops/apply-fidelity.ts).
//
// A value is remembered only when it cannot plausibly turn up for another reason (rememberable):
// at least REMEMBER_MIN_LENGTH characters and REMEMBER_MIN_BITS bits by its length and the
// character classes it uses (7 lower-case letters, 6 letters and digits or 10 digits pass; `true`,
// `admin`, `1234`, `123456`, `qwerty`, `hunter` do not), and a dotenv value (every one of them is a
// secret there: `NODE_ENV=production`, `HOST=127.0.0.1`) only when it would count as a credential
// name's value; a `high-entropy` literal is not remembered (its shape finds it again, and it is the detector's noisiest
// kind), nor one its own name spells (`POSTGRES_PASSWORD: postgres`, `mysqlPassword = "mysql123"`: a
// service's well-known default, whose every other mention is the service — a package, a driver, an
// image, a call — and stays redacted where a detector finds it). A value of letters only (`sunshine`) is matched only as a value: quoted, or after
// `=` or `:` — not as a word of prose or a part of a name (`sunshineLevel`); any other value
// wherever it stands alone (not inside a longer run of letters, digits or `_`).
//
// A digest is SHA-256 under a fixed prefix, cut to 128 bits: it tells nobody the value, but a
// weak password can be found by guessing it and hashing each guess, as from any digest; the
// store's files are the user's only (store/db.ts).
//
// Never forgotten, deliberately (h136): a digest outlives the file, the line and the name that made it a secret, through
// re-extractions and rebuilds (store/db.ts keeps the table); only deleting `.svc/` drops them. Forgetting is what would break
// trust: a password renamed away, rotated out of a file or left only in history is exactly the value no detector sees any
// more, and the digest is all that keeps it out of answers. What keeping costs: a value once a secret stays a marker where it
// shows again (a rotated password reused as a test fixture — apply still puts it back from disk), the table grows with
// every secret ever seen (a row is ~60 bytes), and a weak remembered value can be guessed from its digest by whoever can
// read the store — who can read the workspace, its history and the same value there anyway.

import { credentialParts } from "./credential-parts.ts";
import type { SecretSpan } from "./redact.ts";
import { credentialValue, type SecretKind } from "./secret-values.ts";

export const REMEMBER_MIN_LENGTH = 6;
export const REMEMBER_MIN_BITS = 30;
/** Longer values are not remembered: a key or a token that long has a shape its detector knows without any name. */
export const REMEMBER_MAX_LENGTH = 256;

export interface RememberedDigest { digest: string; length: number; kind: SecretKind }

/** The digest a value is remembered by. */
export function secretDigest(value: string): string {
  return Buffer.from(Bun.SHA256.hash(`svc-secret\0${value}`) as Uint8Array).toString("hex", 0, 16);
}

/** Bits a guess at random would need, by the value's length and the character classes it uses. */
function guessBits(value: string): number {
  let alphabet = 0;
  if (/[a-z]/.test(value)) alphabet += 26;
  if (/[A-Z]/.test(value)) alphabet += 26;
  if (/[0-9]/.test(value)) alphabet += 10;
  if (/[^A-Za-z0-9]/.test(value)) alphabet += 33;
  return value.length * Math.log2(Math.max(alphabet, 2));
}

/** Whether a value found as a secret of `kind` is remembered (the floor above). */
export function rememberable(value: string, kind: SecretKind): boolean {
  if (value.length < REMEMBER_MIN_LENGTH || value.length > REMEMBER_MAX_LENGTH || /\s/.test(value) || value.startsWith("[REDACTED:")) return false;
  if (guessBits(value) < REMEMBER_MIN_BITS || /[\x00-\x1f\x7f\uFFFD]/.test(value)) return false;
  // a quoted random-looking literal (high-entropy) is found by its shape wherever it is quoted again; remembered, every lock
  // file's long package name that reads as random would be taken out of prose too
  if (kind === "high-entropy") return false;
  return kind !== "env-value" || credentialValue(value);
}

/** Whether the line before a value spells it (its name: `POSTGRES_PASSWORD: postgres`), case aside. */
function namedBy(text: string, start: number, value: string): boolean {
  return text.slice(text.lastIndexOf("\n", start - 1) + 1, start).toLowerCase().includes(value.toLowerCase());
}

/** The digests of the values of `spans` in `text` that are rememberable, one per value. */
export function rememberedDigests(text: string, spans: readonly SecretSpan[]): RememberedDigest[] {
  const out = new Map<string, RememberedDigest>();
  for (const s of spans) {
    const whole = text.slice(s.start, s.end);
    // a URL's password and a connection string's secret values on their own too (text/credential-parts.ts): typed alone, they are the secret
    for (const value of [whole, ...credentialParts(whole, s.kind)]) {
      if (rememberable(value, s.kind) && !namedBy(text, s.start, value)) out.set(value, { digest: secretDigest(value), length: value.length, kind: s.kind });
    }
  }
  return [...out.values()];
}

/**
 * Where a value may stand: a run between blanks, quotes and brackets (`"p@ss:w0rd!"`), the same cut at `=` and `:` too
 * (`DB_PW=hunter2`, `pw: hunter2`), and a run of word characters (`user:hunter2@host`); and a run between blanks and
 * quotes alone, for a value that holds a bracket, a comma or a semicolon itself (`"pa(ss)w0rd!"`, `pw=Xy9;kk2,Lm`).
 */
const RUN = /[^\s"'`,;()[\]{}<>]+/g;
const WIDE_RUN = /[^\s"'`]+/g;
const BRACKETED = /[,;()[\]{}<>]/;
const UNASSIGNED = /[^=:]+/g;
const WORD_RUN = /[\w$]+/g;
const NON_WORD = /[^\w$]/;
const QUOTES = "\"'`";

/** A value of letters only counts alone, quoted (same quote both sides) or after `=` / `:` — not as code's name there (`x = sunshine(…)`, `= sunshine.mode`). */
function asValue(text: string, start: number, end: number): boolean {
  if (start === 0 && end === text.length) return true; // a string that is the value alone (a structured result's `query`)
  const before = text[start - 1];
  if (before !== undefined && QUOTES.includes(before)) return text[end] === before || (text[end] === "\\" && text[start - 2] === "\\" && text[end + 1] === before); // `\"sunshine\"` inside JSON too
  let at = start - 1;
  while (at >= 0 && (text[at] === " " || text[at] === "\t")) at--;
  return (text[at] === "=" || text[at] === ":") && !CALLED_OR_ACCESSED.test(text.slice(end, end + 3));
}

/** What follows a name used as code: a call or a member access. */
const CALLED_OR_ACCESSED = /^\s*\(|^\.[A-Za-z_$]/;

export interface Remembered {
  readonly size: number;
  /** Where `text` holds a remembered value, in order, none overlapping. */
  spans(text: string): SecretSpan[];
  /** `text` with every remembered value replaced by its marker. */
  replace(text: string): { text: string; count: number };
}

export const NOTHING_REMEMBERED: Remembered = { size: 0, spans: () => [], replace: (text) => ({ text, count: 0 }) };

/**
 * Whether a digest read from a store is one svc would have remembered: a value's length within the floor, a kind's name
 * a marker can carry (apply knows `[REDACTED:<kind>]` by it, and puts the value back only for a marker it knows). A store
 * moved aside may be anyone's and its digests are carried (store/digest-rows.ts): a planted row of two characters or a
 * kind of prose is left out.
 */
function usable(d: RememberedDigest): boolean {
  return d.length >= REMEMBER_MIN_LENGTH && d.length <= REMEMBER_MAX_LENGTH && /^[a-z0-9-]{1,40}$/.test(d.kind);
}

/** A matcher of the remembered digests. */
export function rememberedSecrets(digests: Iterable<RememberedDigest>): Remembered {
  const kinds = new Map<string, SecretKind>();
  const lengthSet = new Set<number>();
  let shortest = Infinity;
  for (const d of digests) {
    if (!usable(d)) continue;
    kinds.set(d.digest, d.kind);
    lengthSet.add(d.length);
    shortest = Math.min(shortest, d.length);
  }
  if (kinds.size === 0) return NOTHING_REMEMBERED;
  const spans = (text: string): SecretSpan[] => {
    const found: SecretSpan[] = [];
    if (typeof text !== "string" || text.length < shortest) return found;
    const tried = new Set<number>();
    const consider = (value: string, start: number) => {
      if (!lengthSet.has(value.length) || tried.has(start * 1024 + (value.length & 1023))) return;
      tried.add(start * 1024 + (value.length & 1023));
      const kind = kinds.get(secretDigest(value));
      if (!kind || (/^[A-Za-z]+$/.test(value) && !asValue(text, start, start + value.length))) return;
      const end = start + value.length;
      if (!found.some((f) => f.start < end && start < f.end)) found.push({ kind, start, end });
    };
    RUN.lastIndex = 0;
    for (let m = RUN.exec(text); m; m = RUN.exec(text)) {
      const run = m[0];
      if (run.length < shortest) continue;
      consider(run, m.index);
      if (!NON_WORD.test(run)) continue;
      for (const parts of [UNASSIGNED, WORD_RUN]) for (const p of run.matchAll(parts)) if (p[0].length !== run.length) consider(p[0], m.index + p.index);
    }
    WIDE_RUN.lastIndex = 0;
    for (let m = WIDE_RUN.exec(text); m; m = WIDE_RUN.exec(text)) {
      const run = m[0];
      if (run.length < shortest || !BRACKETED.test(run)) continue;
      consider(run, m.index);
      for (const p of run.matchAll(UNASSIGNED)) if (p[0].length !== run.length) consider(p[0], m.index + p.index);
    }
    return found.sort((a, b) => a.start - b.start);
  };
  const replace = (text: string) => {
    const found = spans(text);
    if (!found.length) return { text, count: 0 };
    let out = "", at = 0;
    for (const s of found) (out += `${text.slice(at, s.start)}[REDACTED:${s.kind}]`), (at = s.end);
    return { text: out + text.slice(at), count: found.length };
  };
  return { size: kinds.size, spans, replace };
}

/** `found` with the spans of `more` that overlap none of it, in order (the detectors' spans first: they keep their kinds). */
export function withSpans(found: SecretSpan[], more: readonly SecretSpan[]): SecretSpan[] {
  const added = more.filter((r) => !found.some((f) => f.start < r.end && r.start < f.end));
  return added.length ? [...found, ...added].sort((a, b) => a.start - b.start) : found;
}
