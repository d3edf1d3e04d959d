// Whitespace a view could not show, taken back by apply. Every svc view of a file trims
// trailing whitespace and condenses runs of blank lines (render/whitespace.ts, at every
// level), so content an agent rebuilt from a view would otherwise strip them from lines it
// never touched. When the content looks like such a view (no trailing whitespace) and the
// file on disk has what views drop, the lines the
// edit left unchanged — matched line by line as `git diff` matches them, against the file
// as a view shows it — take back their own bytes: the trailing whitespace, the blank lines
// of a condensed run (with their own whitespace); the blank lines before the first line and
// after the last stay where they were. A line the edit changed (paired with the line it
// replaced: editedFrom) and still ending as it did takes back the trailing whitespace the view
// hid from it — the agent changed what it saw, not what it could not; a line whose end the edit
// changed (`done.` rewrapped to `done, and`: a markdown hard break would land mid-sentence) and a
// line the edit added or deleted are as sent; a line replaced one for one by a line too unlike it to pair (a short line
// heavily rewritten) is still the line at that place, and takes it back on the same condition. A line the edit moved (deleted in one place, the
// same text added in another, paired with nothing else) takes its own hidden whitespace with it:
// nothing is written that the agent did not send and the disk did not have on that very line.

import { lineChanges } from "../render/diff.ts";
import { editDistance } from "../text/edit-distance.ts";

/** The file's lines as a view shows them, each with the disk lines it stands for ([from, to)). */
interface ViewLines {
  lines: string[];
  origin: [number, number][];
  /** Blank lines before the first line and after the last, which the view drops: [from, to) of the disk's lines. */
  lead: [number, number];
  trail: [number, number];
}

const TRAILING = /[ \t\f\v]+$/;

function asViewed(disk: readonly string[]): ViewLines {
  const lines: string[] = [];
  const origin: [number, number][] = [];
  let lead: [number, number] = [0, 0];
  let run = -1; // the first disk line of the current run of blank lines
  for (const [i, raw] of disk.entries()) {
    const line = raw.replace(TRAILING, "");
    if (line === "") {
      if (run < 0) run = i;
      continue;
    }
    if (run >= 0) {
      if (lines.length) {
        lines.push("");
        origin.push([run, i]);
      } else lead = [run, i];
      run = -1;
    }
    lines.push(line);
    origin.push([i, i + 1]);
  }
  return { lines, origin, lead, trail: run >= 0 ? [run, disk.length] : [disk.length, disk.length] };
}

/** Lines of a hunk paired at most this many ways (deleted × added) when looking for the lines an edit changed. */
const MAX_PAIRS = 4096;
/** Steps an edit distance of two lines may take (past their common start and end) before they are told unlike. */
const MAX_CELLS = 4_000_000;
/** How alike an edited line is to the one it replaced (1 − edit distance / the longer length): below this it is a new line. */
const ALIKE = 0.6;

/** The trailing whitespace the view hid on its line `i` (none for a condensed run of blank lines). */
function hiddenOf(view: ViewLines, disk: readonly string[], i: number): string {
  const [from, to] = view.origin[i] as [number, number];
  return to - from === 1 ? (TRAILING.exec(disk[from] as string)?.[0] ?? "") : "";
}

/**
 * The lines a hunk edited: pairs of (deleted d, added a) by their indices in the hunk, and the
 * trailing whitespace the view hid that the added line takes back (`hidden`, by a). The agent
 * saw `foo(a);` for `foo(a);   ` and sent `foo(b);`: it changed `a` to `b`, never the three
 * spaces, which are put back. A deleted line and an added one are the same line edited when
 * they are alike (ALIKE), taken most alike first, in order (no two pairs cross); a deleted line
 * paired with none was deleted or moved (movedBack). Only a pair whose added line ends in the
 * character the hidden whitespace followed takes it: an edit at the line's end (a paragraph
 * rewrapped, `…the review.  ` → `…the` + `review. Bring…`) touched where the whitespace stood,
 * and putting it back there would move it (a markdown hard break to mid-sentence).
 */
function editedFrom(view: ViewLines, disk: readonly string[], ci: number, deleted: number, lines: readonly string[], cj: number, added: number): { hidden: Map<number, string>; pairs: [number, number][] } {
  const hidden = new Map<number, string>();
  const taken: [number, number][] = [];
  const hiding = Array.from({ length: deleted }, (_, d) => hiddenOf(view, disk, ci + d));
  if (!hiding.some(Boolean) || deleted * added > MAX_PAIRS) return { hidden, pairs: taken };
  const pairs: [number, number, number][] = [];
  // every deleted line takes part (`c = 3` → `c = 30` is that pair, not `b = 2  ` → `c = 30` beside it); a line that ends in whitespace of its own (a secret's line put back whole) takes none
  for (let d = 0; d < deleted; d++) {
    const before = view.lines[ci + d] as string;
    if (before === "") continue;
    for (let a = 0; a < added; a++) {
      const after = lines[cj + a] as string;
      if (after === "" || TRAILING.test(after)) continue;
      // (two long lines unlike past their common start and end are not compared cell by cell: a regenerated minified line took minutes)
      const alike = 1 - editDistance(before, after, false, MAX_CELLS) / Math.max(before.length, after.length);
      if (alike >= ALIKE) pairs.push([alike, d, a]);
    }
  }
  pairs.sort((x, y) => y[0] - x[0] || x[1] - y[1] || x[2] - y[2]);
  for (const [, d, a] of pairs) {
    if (taken.some(([td, ta]) => td === d || ta === a || (td < d) !== (ta < a))) continue;
    taken.push([d, a]);
    if (hiding[d] && (lines[cj + a] as string).at(-1) === (view.lines[ci + d] as string).at(-1)) hidden.set(a, hiding[d] as string);
  }
  return { hidden, pairs: taken };
}

/** A line that can be told for the same line moved: it holds a letter or digit (`}` or `});` added here and deleted there are as likely other lines). */
export const IDENTIFIABLE = /[\p{L}\p{N}]/u;

/** A deleted line that had whitespace the view hid and no line paired with it: a move's source, or a one-for-one replacement's. */
interface Unpaired {
  /** The line as the view showed it. */
  text: string;
  hidden: string;
  /** Taken by a line it moved to. */
  moved: boolean;
}

/**
 * Moved lines: an added line the edit paired with none (not unchanged, not edited) whose text,
 * stripped, is a deleted line's — one the view showed without the trailing whitespace it has on
 * disk, deleted in the same edit and paired with none either — takes that whitespace back: the
 * agent moved the line it saw (`a  ` cut above and pasted below as `a`), the bytes it could not
 * see go with it. The line as shown, indentation included, is matched first, so two lines alike
 * but for their indentation (`x();  ` and `  x();\t` moved past each other) each take their own;
 * stripped text only then (a line moved and re-indented). A line of punctuation alone (`}`,
 * `});`) is not told for the same line: it stays as sent. Each deleted line gives its whitespace
 * once, in order; `out` is the new content's lines (`added`: their indices there), changed in
 * place; the indices in `out` of the lines that took one.
 */
function movedBack(out: string[], added: readonly number[], deleted: readonly Unpaired[]): Set<number> {
  const took = new Set<number>();
  for (const exact of [true, false]) {
    for (const at of added) {
      if (took.has(at)) continue;
      const line = out[at] as string;
      // a line that ends in whitespace of its own (a secret's line put back whole) takes none
      if (!IDENTIFIABLE.test(line) || TRAILING.test(line)) continue;
      const d = deleted.find((u) => !u.moved && (exact ? u.text === line : u.text.trim() === line.trim()));
      if (!d) continue;
      out[at] += d.hidden;
      d.moved = true;
      took.add(at);
    }
  }
  return took;
}

/**
 * A line replaced one for one — a hunk of one deleted line and one added, too unlike to pair as
 * an edit (`Hi.  ` rewritten `Hello there.`: a short line heavily rewritten) — is still the line
 * at that place: the added line takes the whitespace the view hid from the deleted one when it
 * ends in the same character (a markdown hard break stays after the sentence it ended), unless
 * it took a moved line's own or the deleted line moved elsewhere. How many took one.
 */
function replacedBack(out: string[], replaced: readonly { at: number; from: Unpaired }[], moved: ReadonlySet<number>): number {
  let n = 0;
  for (const { at, from } of replaced) {
    const line = out[at] as string;
    if (moved.has(at) || from.moved || line === "" || TRAILING.test(line) || line.at(-1) !== from.text.at(-1)) continue;
    out[at] = line + from.hidden;
    n++;
  }
  return n;
}

/**
 * Content as a view gives it, edited: no line with trailing whitespace. A blank line first or last
 * is no view's, but is an edit's of one — the first line deleted above a blank line (a header
 * comment), the last below one — as a run of blank lines inside is a line deleted between two;
 * such content took none of the file's hidden whitespace back, on any line.
 */
export function looksViewed(content: string): boolean {
  return content !== "" && (content.endsWith("\n") ? content.slice(0, -1) : content).split("\n").every((l) => !TRAILING.test(l));
}

/**
 * `content` (LF line breaks) with the whitespace of its unchanged lines taken back from the
 * file's lines `disk` (terminators removed), and how many disk lines gave theirs back (0:
 * `content` unchanged — it carries whitespace of its own, or the file has none a view drops).
 * `viewed`: whether the content the agent sent looks like a view (judged before apply put back
 * a redacted line, which brings the file's own trailing whitespace).
 */
export function restoreWhitespace(content: string, disk: readonly string[], viewed = looksViewed(content)): { text: string; restored: number } {
  const final = content.endsWith("\n");
  const lines = (final ? content.slice(0, -1) : content).split("\n");
  const view = asViewed(disk);
  // A file of blank and whitespace-only lines: views show it empty, and empty content is that view written back.
  if (content === "" && !view.lines.length && disk.length) return { text: `${disk.join("\n")}\n`, restored: disk.length };
  if (content === "" || !viewed) return { text: content, restored: 0 };
  if (view.lines.length === disk.length && view.lines.every((l, k) => l === disk[k])) return { text: content, restored: 0 }; // a view shows the file as it is
  const out: string[] = [];
  let restored = 0;
  const keep = (i: number) => {
    const [from, to] = view.origin[i] as [number, number];
    const own = disk.slice(from, to);
    if (own.length !== 1 || own[0] !== view.lines[i]) restored += own.length;
    out.push(...own);
  };
  let i = 0; // the next line of the view
  const same = (n: number) => {
    for (let k = 0; k < n; k++) keep(i++);
  };
  // the blank lines before the first line and after the last, which no view shows: where they were, whatever the edit
  out.push(...disk.slice(...view.lead));
  restored += view.lead[1] - view.lead[0];
  const unpairedAdded: number[] = []; // indices in `out`
  const unpairedDeleted: Unpaired[] = [];
  const replaced: { at: number; from: Unpaired }[] = []; // one line replaced by one too unlike it to pair (replacedBack)
  for (const [ci, cj, deleted, added] of lineChanges(view.lines, lines)) {
    same(ci - i);
    const edited = editedFrom(view, disk, ci, deleted, lines, cj, added);
    // Within a hunk a line equal to the one at its place is unchanged too: the diff gives up past
    // MAX_EDIT_DISTANCE and makes one hunk of a large region (every other line of a big file renamed).
    const unchanged = (k: number) => k < deleted && k < added && view.lines[ci + k] === lines[cj + k];
    for (let k = 0; k < added; k++) {
      if (unchanged(k)) {
        i = ci + k;
        keep(i);
        continue;
      }
      const hidden = edited.hidden.get(k);
      if (!edited.pairs.some(([, a]) => a === k)) unpairedAdded.push(out.length);
      out.push(`${lines[cj + k] as string}${hidden ?? ""}`);
      if (hidden) restored++;
    }
    for (let d = 0; d < deleted; d++) {
      const hidden = hiddenOf(view, disk, ci + d);
      if (!hidden || unchanged(d) || edited.pairs.some(([pd]) => pd === d)) continue;
      const from: Unpaired = { text: view.lines[ci + d] as string, hidden, moved: false };
      unpairedDeleted.push(from);
      if (deleted === 1 && added === 1) replaced.push({ at: out.length - 1, from });
    }
    i = ci + deleted;
  }
  const moved = unpairedDeleted.length ? movedBack(out, unpairedAdded, unpairedDeleted) : new Set<number>();
  restored += moved.size + replacedBack(out, replaced, moved);
  same(view.lines.length - i);
  out.push(...disk.slice(...view.trail));
  restored += view.trail[1] - view.trail[0];
  if (restored === 0) return { text: content, restored: 0 };
  // blank lines after the last line: that line ends with a newline (the file's final-newline state is kept by the caller)
  return { text: `${out.join("\n")}${final || view.trail[1] > view.trail[0] ? "\n" : ""}`, restored };
}
