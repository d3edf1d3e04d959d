// Secret values already found in a source, taken out of text derived from it. A derived
// text can lose the context a detector needs to see a value: a line without its start
// (`  config/app.yaml:3  password: …` is no longer an env-style line), a value cut with `…`
// (a shortened literal, a doc summary), a PEM body line without its header. Every
// occurrence of a known value becomes its marker, and so does the head of one cut right
// before `…`; a plain word (a password's name took `sunshine`) only where it stands alone, not inside a longer name
// (`sunshineLevel`). The index's scrubber (index/scrub.ts) and the output path's redactor
// (render/redact-output.ts, render/fusion-candidate.ts) share it.

import { findSecrets, redact, redactPatch, type RedactOptions, type SecretKind, type SecretSpan } from "./redact.ts";
import { plainWord } from "./secret-values.ts";

/** Where a plain word stands alone: not preceded or followed by a letter, digit or `_`. */
const alone = (word: string) => new RegExp(`(?<![\\w$])${word.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}(?![\\w$])`);

/** A cut value keeps at most this many of its characters before `…`. */
export const CUT_PREFIX = 4;

export interface KnownSecrets {
  /** How many distinct values are known (0: `take` only redacts). */
  readonly size: number;
  /** Every known value in `text` (and a known value's head cut before `…`) replaced by its marker. */
  replace(text: string): { text: string; count: number };
  /** `text` redacted, then `replace`d. */
  take(text: string, options?: RedactOptions): { text: string; count: number };
  /** Where `text` holds a known value (longest first, none overlapping an earlier one; a plain word only where it stands alone), in order. */
  spans(text: string): SecretSpan[];
  /** Every known value in `text` blanked (spaces, newlines kept: same length, so offsets hold). */
  mask(text: string): string;
}

/** Values of at least `minLength` characters, longest first; a value whose whitespace a derived text may collapse is known both ways. */
export function knownSecrets(values: Iterable<readonly [string, SecretKind]>, minLength = CUT_PREFIX): KnownSecrets {
  const map = new Map<string, SecretKind>();
  for (const [value, kind] of values) {
    if (value.length >= minLength) map.set(value, kind);
    const collapsed = value.replace(/\s+/g, " ").trim(); // signatures and one-line renderings collapse whitespace
    if (collapsed !== value && collapsed.length >= minLength) map.set(collapsed, kind);
  }
  const known = [...map.entries()].sort((a, b) => b[0].length - a[0].length);
  const words = new Map(known.filter(([secret]) => plainWord(secret)).map(([secret]) => [secret, alone(secret)]));
  const spans = (value: string): SecretSpan[] => {
    const found: SecretSpan[] = [];
    for (const [secret, kind] of known) {
      if (!value.includes(secret)) continue;
      const word = words.get(secret);
      for (let at = value.indexOf(secret); at >= 0; at = value.indexOf(secret, at + 1)) {
        const end = at + secret.length;
        if (word && !word.test(value.slice(Math.max(0, at - 1), end + 1))) continue;
        if (!found.some((f) => f.start < end && at < f.end)) found.push({ kind, start: at, end });
      }
    }
    return found.sort((a, b) => a.start - b.start);
  };
  /** `value` with each known value's span written as `as` says. */
  const rewrite = (value: string, found: readonly SecretSpan[], as: (span: SecretSpan) => string) => {
    let out = "", at = 0;
    for (const s of found) (out += value.slice(at, s.start) + as(s)), (at = s.end);
    return out + value.slice(at);
  };
  const replace = (value: string, counted = 0): { text: string; count: number } => {
    const found = spans(value);
    let out = rewrite(value, found, (s) => `[REDACTED:${s.kind}]`), count = counted + found.length;
    if (known.length && out.includes("…")) ({ text: out, count } = cutHeads(out, known, count));
    return { text: out, count };
  };
  const take = (value: string, options?: RedactOptions) => {
    const first = redact(value, options);
    return replace(first.text, first.count);
  };
  const mask = (value: string) => rewrite(value, spans(value), (s) => value.slice(s.start, s.end).replace(/[^\r\n]/g, " "));
  return { size: known.length, replace: (value) => replace(value), take, spans, mask };
}

/** Every `…` preceded by the head (CUT_PREFIX characters or more) of a known value: that head becomes the value's marker. */
function cutHeads(text: string, known: readonly (readonly [string, SecretKind])[], count: number): { text: string; count: number } {
  const parts: string[] = [];
  let from = 0;
  for (let at = text.indexOf("…"); at >= 0; at = text.indexOf("…", at + 1)) {
    const body = text.slice(from, at);
    let cut = body;
    for (const [secret, kind] of known) {
      let n = Math.min(secret.length - 1, body.length);
      while (n >= CUT_PREFIX && !body.endsWith(secret.slice(0, n))) n--;
      if (n >= CUT_PREFIX) {
        cut = `${body.slice(0, body.length - n)}[REDACTED:${kind}]`;
        count++;
        break;
      }
    }
    parts.push(cut);
    from = at;
  }
  parts.push(text.slice(from));
  return { text: parts.join(""), count };
}

/**
 * The files asked about most recently, each with the text its secrets were found in (an answer
 * is valid only for that very text): a fusion reduces the same file at several tiers, and a
 * host's line searches read the same files query after query. Bounded by the characters held.
 */
const recent = new Map<string, { text: string; known: KnownSecrets }>();
const RECENT_CHARS = 16 * 1024 * 1024;
let recentChars = 0;

/** The secrets of `text` (the content of `path`, so every value of a dotenv file counts), to take out of texts derived from it. */
export function secretsIn(text: string, path: string): KnownSecrets {
  const hit = recent.get(path);
  if (hit) {
    recent.delete(path);
    recentChars -= hit.text.length;
    if (hit.text === text) {
      recent.set(path, hit); // most recent last
      recentChars += text.length;
      return hit.known;
    }
  }
  const known = knownSecrets(findSecrets(text, { path }).map((s) => [text.slice(s.start, s.end), s.kind] as const));
  if (text.length > RECENT_CHARS / 4) return known;
  for (const [oldest, entry] of recent) {
    if (recentChars + text.length <= RECENT_CHARS) break;
    recent.delete(oldest);
    recentChars -= entry.text.length;
  }
  recent.set(path, { text, known });
  recentChars += text.length;
  return known;
}

/** A line of a multi-line secret taken out on its own: key material (a run of 16 base64 characters), not an armor line (`-----END RSA PRIVATE KEY-----`, `Version: GnuPG v2`). */
const KEY_LINE = /^(?!-----)\S*[A-Za-z0-9+/]{16}/;

/** The secret values of `text` (the content of `path`), a multi-line one also line by line (a derived text may hold one line of it). */
export function fileSecrets(text: string, path: string): [string, SecretKind][] {
  const values: [string, SecretKind][] = [];
  for (const s of findSecrets(text, { path })) {
    const value = text.slice(s.start, s.end);
    values.push([value, s.kind]);
    if (value.includes("\n")) for (const line of value.split(/\r?\n/)) if (KEY_LINE.test(line.trim())) values.push([line.trim(), s.kind]);
  }
  return values;
}

/** A file's text at one version (null when absent there) and its path there (a renamed file's old path at the base). */
export interface FileVersion { text: string | null; path: string }

/**
 * A unified diff of `path`, redacted (redactPatch), with the secrets of the file's versions
 * (its text at the base and in the working tree) taken out too:
 * a hunk shows a few lines of context, so a key's changed body lines come without the header
 * a detector needs. A multi-line secret is also known line by line (a diff line holds one).
 * Each version is judged under its own path: a dotenv file renamed to `config/staging.txt`
 * shows its old values on `-` lines that the new path would not call secrets.
 */
export function redactFilePatch(patch: string, path: string, versions: readonly FileVersion[]): { text: string; count: number } {
  const values = versions.flatMap((v) => (v.text ? fileSecrets(v.text, v.path) : []));
  const first = redactPatch(patch, path);
  if (values.length === 0) return first;
  const known = knownSecrets(values).replace(first.text);
  return { text: known.text, count: first.count + known.count };
}