// What apply keeps of the file it replaces, so an edit derived from an svc view changes only
// what the agent meant to change:
// - redaction markers (`[REDACTED:<kind>]`, what views show instead of a secret) take back the
//   file's own value (restoreMarkers), or the edit is refused — a marker is never written over
//   the real credential;
// - a file that is not valid UTF-8 is refused (a view showed it decoded with U+FFFD; writing
//   it back would corrupt every non-UTF-8 byte);
// - content without any `\r` (views drop it, and show a lone CR as a line break) takes the
//   file's CRLF and lone-CR line endings back, and
//   content without a BOM the file's BOM; the file's final-newline state is kept;
// - content that looks like a view (no trailing whitespace; LF, or CRLF throughout) takes back
//   the trailing whitespace and condensed blank lines of the lines it left unchanged, edited or
//   moved (apply-whitespace.ts).
// Line endings are restored per line: the lines the edit did not touch (matched by a line
// diff) keep their own terminator, changed lines take the one of the line they replace
// (position by position within the hunk), a moved line its own and, beyond those, the file's
// dominant one.

import { clipInput, validationError } from "../errors.ts";
import { loneSurrogateAt } from "../validate.ts";
import { findSecrets, type SecretSpan } from "../text/redact.ts";
import { fileSecrets, knownSecrets } from "../text/known-secrets.ts";
import { lineChanges } from "../render/diff.ts";
import { editDistance } from "../text/edit-distance.ts";
import { NOTHING_REMEMBERED, withSpans, type Remembered } from "../text/remembered-secrets.ts";
import { IDENTIFIABLE, looksViewed, restoreWhitespace } from "./apply-whitespace.ts";

export const MARKER = /\[REDACTED:[A-Za-z0-9_-]+\]/;
export const MARKERS = /\[REDACTED:([A-Za-z0-9_-]+)\]/g;
const BOM = "\uFEFF";

export interface Fidelity {
  /** The text to write (UTF-8). */
  text: string;
  /** What was taken back from the file on disk ("CRLF line endings", "BOM", "final newline", "no final newline"). */
  kept: string[];
}

function lineNumberAt(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf("\n"); i !== -1 && i < index; i = text.indexOf("\n", i + 1)) line++;
  return line;
}

/** A line of the content as the refusal quotes it: redacted before the cut (errors.ts clipInput), which could leave a token's head. */
const clip = (text: string) => clipInput(text.trim(), 80);

interface DiskSecrets {
  /** Each line of the file as views show it (secrets as markers, no `\r`) → the file's own text of that line, once per distinct text. */
  lines: Map<string, Set<string>>;
  /** Each secret kind → the distinct values the file holds of it. */
  values: Map<string, Set<string>>;
  /** The file as each redactor's view shows it, line by line (trailing whitespace trimmed, as views trim it), with the file's own text of each line holding a marker (null: none). */
  views: { shown: string[]; own: (string | null)[]; marks: (readonly Mark[] | null)[] }[];
}

/** An edited line that replaced a line holding marker text as it is (no secret behind it): its markers stay text. */
const LITERAL = Symbol("literal markers");

/** A marker of a shown line and the file's value behind it, in the line's order. */
interface Mark { kind: string; value: string }

/**
 * The file's secrets as views show them — by the path-aware redactor (a dotenv file), by the output path's own (no path),
 * whose spans can differ, and with each found value taken out wherever else the file holds it (fusion's view:
 * `curl -u [REDACTED:connection-string]` after the URL that gave the pair away).
 */
function diskSecrets(rel: string, disk: string, remembered: Remembered): DiskSecrets {
  const secrets: DiskSecrets = { lines: new Map(), values: new Map(), views: [] };
  const found = findSecrets(disk, { path: rel });
  const spread = knownSecrets(fileSecrets(disk, rel)).spans(disk);
  const elsewhere = spread.filter((k) => !found.some((f) => f.start < k.end && k.start < f.end));
  const views = [found, findSecrets(disk)];
  if (elsewhere.length) views.push([...found, ...elsewhere].sort((a, b) => a.start - b.start));
  // a value the index remembers as a secret, shown as a marker where no detector sees it any more (a renamed password)
  const recalled = remembered.size ? remembered.spans(disk) : [];
  for (const view of recalled.length ? [found, views[1]!] : []) {
    const merged = withSpans(view, recalled);
    if (merged !== view) views.push(merged);
  }
  for (const spans of views) addShown(secrets, disk, spans);
  return secrets;
}

function addTo(map: Map<string, Set<string>>, key: string, value: string): void {
  if (!map.has(key)) map.set(key, new Set());
  map.get(key)!.add(value);
}

/** Record the file with `spans` replaced by markers: each shown line with a marker → the file's text of it; each kind → its values. */
function addShown(secrets: DiskSecrets, disk: string, spans: readonly SecretSpan[]): void {
  const parts: string[] = [];
  const markers: { at: number; marker: string; value: string; kind: string }[] = [];
  let at = 0, length = 0;
  for (const s of spans) {
    const head = disk.slice(at, s.start);
    const value = disk.slice(s.start, s.end);
    const marker = `[REDACTED:${s.kind}]`;
    parts.push(head, marker);
    markers.push({ at: length + head.length, marker, value, kind: s.kind });
    length += head.length + marker.length;
    at = s.end;
    addTo(secrets.values, s.kind, value);
  }
  parts.push(disk.slice(at));
  const shown = parts.join("");
  const view: DiskSecrets["views"][number] = { shown: [], own: [], marks: [] };
  secrets.views.push(view);
  let start = 0, next = 0;
  for (const line of shown.split("\n")) {
    view.shown.push(line.replace(/[ \t\r\f\v]+$/, ""));
    view.own.push(null);
    view.marks.push(null);
    const end = start + line.length;
    const own: string[] = [];
    const marks: Mark[] = [];
    let cursor = start;
    while (next < markers.length && markers[next]!.at < end) {
      const m = markers[next++]!;
      own.push(shown.slice(cursor, m.at), m.value);
      marks.push({ kind: m.kind, value: m.value });
      cursor = m.at + m.marker.length;
    }
    if (own.length) {
      own.push(shown.slice(cursor, end));
      const text = own.join("").replace(/\r$/, "");
      addTo(secrets.lines, line.replace(/\r$/, ""), text);
      view.own[view.own.length - 1] = text;
      view.marks[view.marks.length - 1] = marks;
    }
    start = end + 1;
  }
}

/** Whether `value`, at `offset` of `text`, is still found as a secret of `kind` there (so later views hide it again). */
function stillHidden(rel: string, text: string, offset: number, value: string, kind: string, remembered: Remembered): boolean {
  const end = offset + value.length;
  const hides = (spans: readonly SecretSpan[]) => spans.some((s) => s.start === offset && s.end === end && s.kind === kind);
  // a value the index remembers is taken out of every view wherever it stands (text/remembered-secrets.ts)
  return hides(findSecrets(text, { path: rel })) || hides(findSecrets(text)) || (remembered.size > 0 && hides(remembered.spans(text)));
}

/**
 * Content from an svc view (or a staged refactor) shows the file's secrets as redaction
 * markers: put the file's own values back. A marker line that the file on disk has as it is
 * stays; a line the view showed unchanged takes the file's line (the one at its place, matched
 * by a line diff, when the file has several lines shown alike); a marker on an edited line
 * takes the value the line it replaced had (replacedMarkerLines: a rename on a line of a file
 * holding several values of its kind), else the one value of its kind the file holds. Refused, naming the line: a marker on a new
 * file, a kind the file holds no value of or several values of (which one is meant cannot be
 * told), and a value that would no longer be recognised as a secret where it lands (later
 * views would show it). Returns the text to write and how many values were restored.
 */
/**
 * Each content line the edit left unchanged (matched by a line diff against a view of the file,
 * as `git diff` matches them) that shows a marker → the file's own text of that line. A file
 * with two lines shown alike (two `"password": "[REDACTED:api-token]"` of different values)
 * gets each back where it was, and an edit elsewhere is not refused for them; one that deleted,
 * added or moved one of them still is.
 */
function unchangedMarkerLines(secrets: DiskSecrets, lines: readonly string[]): Map<number, string> {
  const found = new Map<number, string>();
  const trimmed = lines.map((l) => l.replace(/[ \t\r\f\v]+$/, ""));
  const contentCount = new Map<string, number>();
  for (const l of trimmed) contentCount.set(l, (contentCount.get(l) ?? 0) + 1);
  for (const view of secrets.views) {
    if (!view.own.some((o) => o !== null)) continue;
    // content line → the view line it was left as (-1: the edit's own)
    const at = new Int32Array(trimmed.length).fill(-1);
    let i = 0, j = 0;
    for (const [ci, cj, deleted, added] of lineChanges(view.shown, trimmed)) {
      for (; j < cj; i++, j++) at[j] = i;
      i = ci + deleted;
      j = cj + added;
    }
    for (; j < trimmed.length && i < view.shown.length; i++, j++) at[j] = i;
    // A line shown alike with different values is taken only while the edit kept all of them (it
    // deleted or added none: which one a deletion took cannot be told) and the lines around it
    // (a block moved with its marker line would otherwise swap the values).
    const values = new Map<string, Set<string>>();
    const shownCount = new Map<string, number>();
    for (const [k, own] of view.own.entries()) {
      if (own === null) continue;
      addTo(values, view.shown[k]!, own);
      shownCount.set(view.shown[k]!, (shownCount.get(view.shown[k]!) ?? 0) + 1);
    }
    const settled = (line: number, shown: number) => {
      if (values.get(view.shown[shown]!)!.size === 1) return true;
      if (contentCount.get(trimmed[line]!) !== shownCount.get(view.shown[shown]!)) return false;
      const before = line === 0 ? shown === 0 : at[line - 1] === shown - 1;
      const after = line === trimmed.length - 1 ? shown === view.shown.length - 1 : at[line + 1] === shown + 1;
      return before && after;
    };
    for (const [line, shown] of at.entries()) {
      const own = shown < 0 ? null : view.own[shown];
      if (own != null && !found.has(line) && settled(line, shown)) found.set(line, own);
    }
  }
  return found;
}

/**
 * Each content line the edit changed (a hunk's added line, as `git diff` shows it) → the values of the line it replaced: the
 * hunk's deleted line with markers of the same kinds in the same order that is nearest to it (edit distance, at most half
 * the longer line), when each is the other's one nearest and the hunk adds as many such lines as it deletes. A rename on `DATABASE_URL = "postgres://app:[REDACTED:connection-
 * string]@db/app"` keeps the line's own value though the file holds other connection strings; two lines swapped and edited
 * get their own values back, not each other's.
 */
function replacedMarkerLines(secrets: DiskSecrets, lines: readonly string[], literalLines: ReadonlySet<string>): Map<number, readonly Mark[] | typeof LITERAL> {
  const found = new Map<number, readonly Mark[] | typeof LITERAL>();
  const trimmed = lines.map((l) => l.replace(/[ \t\r\f\v]+$/, ""));
  const kindsOf = (line: string) => [...line.matchAll(MARKERS)].map((m) => m[1]!).join(" ");
  for (const view of secrets.views) {
    // a line of the file holding marker text as it is (a comment documenting views), no secret on it in any view: an edit of it keeps its markers as text
    const literal = view.shown.map((l, i) => (view.own[i] === null && literalLines.has(l) ? [...l.matchAll(MARKERS)].map((m) => ({ kind: m[1]!, value: "" })) : null));
    const marksOf = (i: number) => view.marks[i] ?? literal[i] ?? null;
    for (const [ci, cj, deleted, added] of lineChanges(view.shown, trimmed)) {
      const olds = Array.from({ length: deleted }, (_, k) => ci + k).filter((i) => marksOf(i));
      const news = Array.from({ length: added }, (_, k) => cj + k).filter((j) => !found.has(j) && MARKER.test(trimmed[j]!));
      // one added line for each deleted one: a hunk that deletes two lines holding values and adds one (delete the
      // primary's line and rename the replica's to it, or edit the primary's host and delete the replica's?) cannot tell
      if (!olds.length || olds.length !== news.length || olds.length * news.length > 400) continue;
      const near = (i: number, j: number) => kindsOf(trimmed[j]!) !== marksOf(i)!.map((m) => m.kind).join(" ") ? Infinity : editDistance(view.shown[i]!, trimmed[j]!);
      const d = olds.map((i) => news.map((j) => near(i, j)));
      const unique = (row: number[], at: number) => row.every((x, k) => k === at || x > row[at]!);
      news.forEach((j, b) => {
        const column = olds.map((_, a) => d[a]![b]!), a = column.indexOf(Math.min(...column)), best = column[a]!;
        if (best === Infinity || best * 2 > Math.max(view.shown[olds[a]!]!.length, trimmed[j]!.length)) return;
        if (unique(column, a) && unique(d[a]!, b)) found.set(j, view.marks[olds[a]!] ?? LITERAL);
      });
    }
  }
  return found;
}

export function restoreMarkers(rel: string, content: string, before: string | null, remembered: Remembered = NOTHING_REMEMBERED, action = "apply to"): { text: string; restored: number } {
  if (!MARKER.test(content)) return { text: content, restored: 0 };
  // the file's lines holding marker text as it is, as views show them (trailing whitespace trimmed: `X  ` on disk is `X` in a
  // view, and content rebuilt from it names that line — keyed untrimmed, it read as a secret's line shown alike and took the value)
  const bare = (l: string) => l.replace(/[ \t\r\f\v]+$/, "");
  const literal = new Set<string>();
  if (before !== null) for (const line of before.split("\n")) if (MARKER.test(line)) literal.add(bare(line));
  const secrets = before === null ? null : diskSecrets(rel, before, remembered);
  const unchanged = secrets ? unchangedMarkerLines(secrets, content.split("\n")) : new Map<number, string>();
  // the file's lines holding marker text that no view shows a secret on (trailing whitespace trimmed, as views show them)
  const asText = new Set<string>();
  const secretLines = new Set([...(secrets?.lines.keys() ?? [])].map(bare));
  for (const l of literal) if (!secretLines.has(l)) asText.add(l);
  const replaced = secrets ? replacedMarkerLines(secrets, content.split("\n"), asText) : new Map<number, readonly Mark[] | typeof LITERAL>();
  const out: string[] = [];
  const placed: { offset: number; value: string; kind: string; line: number }[] = [];
  let offset = 0, restored = 0, n = 0;
  for (const raw of content.split("\n")) {
    n++;
    const cr = raw.endsWith("\r") ? "\r" : "";
    const line = cr ? raw.slice(0, -1) : raw;
    let text = line;
    const first = MARKER.exec(line);
    const refuse = (why: string, marker: string) => validationError(
      `refusing to ${action} '${rel}': line ${n} contains the redaction marker ${marker} ${why} ('${clip(line)}'). svc views show secrets as markers; keep that line as the view showed it, or write the value you mean.`,
    );
    // The file has this line both as it is (marker included) and as a secret that views show the same way: which one is meant cannot be told.
    if (first && literal.has(bare(line)) && secretLines.has(bare(line))) throw refuse("on a line the file has both literally and as a secret shown the same way (which one is meant cannot be told)", first[0]);
    if (first && !literal.has(bare(line)) && replaced.get(n - 1) !== LITERAL) {
      if (!secrets) throw refuse("and a new file has no value to put back", first[0]);
      const own = secrets.lines.get(line);
      const mine = unchanged.get(n - 1);
      if (mine !== undefined) {
        text = mine;
        restored += line.match(MARKERS)!.length;
      } else if (own && own.size === 1) {
        text = [...own][0]!;
        restored += line.match(MARKERS)!.length;
      } else {
        const parts: string[] = [];
        const was = replaced.get(n - 1) as readonly Mark[] | undefined; // (a line that replaced marker text kept it, above)
        let at = 0, k = 0;
        for (const m of line.matchAll(MARKERS)) {
          const kind = m[1]!;
          const values = was ? new Set([was[k++]!.value]) : secrets.values.get(kind); // the value the line it replaced had
          if (!values || values.size === 0) throw refuse(`where the file on disk has no ${kind} value`, m[0]);
          if (values.size > 1 && own) throw refuse(`on a line the file has several times with different values, where the edit added, deleted or moved one of them or a line next to it (which one is meant cannot be told)`, m[0]);
          if (values.size > 1) throw refuse(`on a line the file does not have as shown, and the file holds ${values.size} different ${kind} values (which one is meant cannot be told)`, m[0]);
          const value = [...values][0]!;
          parts.push(line.slice(at, m.index));
          placed.push({ offset: offset + parts.join("").length, value, kind, line: n });
          parts.push(value);
          at = m.index! + m[0].length;
          restored++;
        }
        parts.push(line.slice(at));
        text = parts.join("");
      }
    }
    out.push(text + cr);
    offset += text.length + cr.length + 1;
  }
  const text = out.join("\n");
  for (const p of placed) {
    if (!stillHidden(rel, text, p.offset, p.value, p.kind, remembered)) {
      throw validationError(`refusing to ${action} '${rel}': line ${p.line} would put the file's ${p.kind} value where svc no longer recognises it as a secret (later views would show it). Keep that line as the view showed it, or write the value you mean.`);
    }
  }
  return { text, restored };
}

/** Decode the file on disk strictly; refuse (naming where) when it is not valid UTF-8. */
export function decodeStrict(rel: string, bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    // (UTF-32's marks first: little-endian's starts as UTF-16's does)
    const utf32 = bytes[0] === 0xff && bytes[1] === 0xfe && bytes[2] === 0 && bytes[3] === 0 ? "little" : bytes[0] === 0 && bytes[1] === 0 && bytes[2] === 0xfe && bytes[3] === 0xff ? "big" : null;
    if (utf32) throw validationError(`refusing to apply to '${rel}': the file on disk is UTF-32 (${utf32}-endian, with a byte order mark), not UTF-8. apply writes UTF-8 and would change every byte; convert the file to UTF-8 first or edit it with a tool that knows its encoding.`);
    if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
      throw validationError(`refusing to apply to '${rel}': the file on disk is UTF-16 (${bytes[0] === 0xff ? "little" : "big"}-endian, with a byte order mark), not UTF-8. apply writes UTF-8 and would change every byte; convert the file to UTF-8 first or edit it with a tool that knows its encoding.`);
    }
    const lenient = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    const bad = lenient.indexOf("\uFFFD");
    const line = bad === -1 ? 1 : lineNumberAt(lenient, bad);
    throw validationError(
      `refusing to apply to '${rel}': the file on disk is not valid UTF-8 (first invalid byte on line ${line}; Latin-1 or another encoding?). apply writes UTF-8 and would corrupt its other bytes; convert the file to UTF-8 first or edit it with a tool that knows its encoding.`,
    );
  }
}

/** Content UTF-8 cannot encode — a lone UTF-16 surrogate (a JSON `\\ud800` escape, a character cut in half) — is refused, naming the line: it would be written as U+FFFD. */
export function refuseUnencodable(rel: string, content: string): void {
  const at = loneSurrogateAt(content);
  if (at < 0) return;
  throw validationError(`refusing to apply to '${rel}': content line ${lineNumberAt(content, at)} holds a lone UTF-16 surrogate (\\u${content.charCodeAt(at).toString(16).toUpperCase()}), half of a character, which UTF-8 cannot encode (it would be written as U+FFFD); send the whole character`);
}

interface Lines {
  bodies: string[];
  /** Terminator of each line: "\r\n", "\r" (a lone CR, which views show as a line break), "\n" or "" (the last line without one). */
  ends: string[];
}

function splitLines(text: string): Lines {
  const bodies: string[] = [];
  const ends: string[] = [];
  let start = 0;
  for (const m of text.matchAll(/\r\n|\r|\n/g)) {
    bodies.push(text.slice(start, m.index));
    ends.push(m[0]);
    start = m.index + m[0].length;
  }
  if (start < text.length) {
    bodies.push(text.slice(start));
    ends.push("");
  }
  return { bodies, ends };
}

/** How the kept endings are named in the answer ("CRLF line endings", "CR line endings", "CRLF and CR line endings"). */
/** The file's line endings as kept, LF named too when it mixes them (`CRLF and LF`: a mixed file kept mixed, not turned CRLF). */
function endingsNote(ends: readonly string[]): string {
  const kinds = [ends.includes("\r\n") ? "CRLF" : "", ends.includes("\r") ? "CR" : "", ends.includes("\n") ? "LF" : ""].filter(Boolean);
  if (kinds.length > 1) return `${kinds.join(" and ").replace(/ and (?=.* and )/g, ", ")} line endings`;
  return `${kinds.join(" and ")} line endings`;
}

/**
 * Give LF-only content the disk file's line endings (CRLF, lone CR): the lines the edit left
 * unchanged — matched as `git diff` matches them, so two edits apart or lines added above do
 * not shift them — keep their own; a changed line takes the ending of the line it replaced
 * (position by position within its hunk); a moved line (added where no line was replaced, its
 * text — holding a letter or digit — a line deleted where none replaced it: apply-whitespace.ts's
 * movedBack) its own; a line beyond those the dominant one.
 */
function restoreEndings(content: string, disk: Lines): string {
  const counts = new Map<string, number>();
  for (const e of disk.ends) if (e) counts.set(e, (counts.get(e) ?? 0) + 1);
  if (!counts.get("\r\n") && !counts.get("\r")) return content;
  const dominant = [...counts].sort((a, b) => b[1] - a[1] || (a[0] === "\r\n" ? -1 : 1))[0]![0];
  const next = splitLines(content);
  // each line of the content → the disk line whose ending it takes (-1: the dominant one)
  const from = new Int32Array(next.bodies.length).fill(-1);
  let i = 0, j = 0;
  const same = (until: number) => {
    while (j < until) from[j++] = i++;
  };
  const gone: number[] = []; // disk lines deleted with none in their place
  for (const [ci, cj, deleted, added] of lineChanges(disk.bodies, next.bodies)) {
    same(cj);
    for (let k = 0; k < added; k++) from[j++] = k < deleted ? ci + k : -1;
    for (let k = added; k < deleted; k++) gone.push(ci + k);
    i = ci + deleted;
  }
  same(next.bodies.length);
  const bare = (body: string) => body.replace(/[ \t\f\v]+$/, "");
  for (const [k, body] of next.bodies.entries()) {
    if (from[k] !== -1 || !gone.length || !IDENTIFIABLE.test(body)) continue;
    const at = gone.findIndex((d) => bare(disk.bodies[d] as string) === bare(body));
    if (at >= 0) from[k] = gone.splice(at, 1)[0]!;
  }
  const parts: string[] = [];
  const own = (k: number) => (from[k]! >= 0 ? disk.ends[from[k]!] : "") || dominant;
  for (const [k, body] of next.bodies.entries()) {
    const end = next.ends[k] as string;
    // the last line sent without a terminator, in a file that ends with one: a line of the file takes its own (the file's
    // final one went with the last line the edit deleted), which keepFileStyle would otherwise give it
    const last = end === "" && k === next.bodies.length - 1 && (disk.ends.at(-1) ?? "") !== "" && from[k]! >= 0 && disk.ends[from[k]!] !== "";
    parts.push(body, end === "" ? (last ? own(k) : "") : own(k));
  }
  return parts.join("");
}

const whitespaceNote = (n: number) => `whitespace views trim and condense on ${n} line${n === 1 ? "" : "s"} (trailing spaces and blank lines)`;

function leadingBoms(text: string): number {
  let n = 0;
  while (text.charCodeAt(n) === 0xfeff) n++;
  return n;
}

/** A line ending other than CRLF: a lone CR or a lone LF. */
const NOT_CRLF = /\r(?!\n)|(?<!\r)\n/;
const crlfThroughout = (text: string): boolean => text.includes("\r\n") && !NOT_CRLF.test(text);

/**
 * The bytes to write for `content` over a file whose current text is `disk` (null: a new file).
 * Whether the agent's content carried its own `\r` (its endings written as given; CRLF throughout
 * still takes back the whitespace views hide) and looks like a view
 * (whitespace restored) is judged on what the agent `sent`, not on `content` after
 * restoreMarkers, whose put-back lines carry the file's own bytes — a PEM key's `\r` of a CRLF
 * file, a secret line's trailing spaces — and would otherwise cost every other line its ending
 * or its whitespace.
 */
export function keepFileStyle(content: string, disk: string | null, sent = content): Fidelity {
  const kept: string[] = [];
  if (disk === null || disk.length === 0) return { text: content, kept };
  const diskBom = disk.startsWith(BOM);
  const body = diskBom ? disk.slice(1) : disk;
  // CRLF throughout over a file of mixed endings: the file's own endings back, as for a view sent LF — an editor or harness
  // writing CRLF does not mean the file's untouched LF (or lone-CR) lines asked to change (over a file of one ending kind
  // the agent's CRLF is its own: a file turned to CRLF on purpose)
  if (crlfThroughout(sent) && NOT_CRLF.test(body) && body.includes("\r\n")) {
    content = content.replace(/\r\n/g, "\n");
    sent = sent.replace(/\r\n/g, "\n");
  }
  const ownEndings = sent.includes("\r");
  let text = content;
  if (!ownEndings) {
    const lines = splitLines(body);
    const spaced = restoreWhitespace(text, lines.bodies, looksViewed(sent));
    if (spaced.restored) kept.push(whitespaceNote(spaced.restored));
    text = spaced.text;
    const restored = restoreEndings(text, lines);
    if (restored !== text) kept.push(endingsNote(lines.ends));
    text = restored;
    const diskFinal = lines.ends[lines.ends.length - 1] ?? "";
    // (content whose last line is blank keeps its newline: taken off, the blank line would read as the final newline — no
    // tool can tell an empty last line without a terminator from none — and both the line and "no final newline" be lost)
    const unterminated = text.slice(0, text.endsWith("\r\n") ? -2 : -1);
    if (diskFinal === "" && /[\r\n]$/.test(text) && unterminated !== "" && !/[\r\n]$/.test(unterminated)) {
      text = unterminated;
      kept.push("no final newline");
    } else if (diskFinal !== "" && text.length > 0 && !/[\r\n]$/.test(text)) {
      text += diskFinal;
      kept.push("final newline");
    }
  } else if (crlfThroughout(sent)) {
    // CRLF throughout, as sent: its endings are the agent's, but a view it was rebuilt from (an editor or a harness
    // writing CRLF) hid the file's trailing whitespace and blank lines just the same — taken back on the LF form
    const lf = (t: string) => t.replace(/\r\n/g, "\n");
    const spaced = restoreWhitespace(lf(text), splitLines(body).bodies, looksViewed(lf(sent)));
    if (spaced.restored) {
      kept.push(whitespaceNote(spaced.restored));
      text = spaced.text.replace(/\n/g, "\r\n");
    }
  }
  // views drop the BOM only: content starting with fewer U+FEFF than the file (a BOM, then the character) lacks the BOM
  if (diskBom && leadingBoms(text) < leadingBoms(disk)) {
    text = BOM + text;
    kept.push("BOM");
  }
  return { text, kept };
}
