// Which occurrence of an error is which across an edit of its file. The delta keys an error by
// (path, code, message), without its line, so code that merely moved is no change; but by count
// alone, fixing one error and writing an identical one elsewhere in the file (one before, one
// after) read as no change, and the new error passed the gate. With both texts of the file,
// each earlier occurrence is paired with a current one: the line the edit left in place, then
// one inside the same changed region (an edit on the error's line), then one whose line reads
// the same but for its formatting (moved code, reformatted too: imports sorted and requoted by a
// formatter). A current occurrence left unpaired is introduced, whatever the counts.

import { lineChanges } from "../render/diff.ts";

/** A file's text in the baseline and in the current state (null or undefined: the state lacks it). */
export interface FileTexts {
  before: string | null | undefined;
  after: string | null | undefined;
}

/** The texts of a path, when the caller has both (undefined: occurrences are matched by count). */
export type TextsOf = (path: string) => FileTexts | undefined;

/** How the lines of a file's two texts correspond (lines 1-based). */
export interface LineAlignment {
  /** The current line of a baseline line the edit left in place; null when the edit changed or removed it. */
  mapped(line: number): number | null;
  /** The changed region holding a baseline line, -1 when the edit left it in place. */
  regionBefore(line: number): number;
  /** The changed region holding a current line, -1 when it is a line of the baseline left in place. */
  regionAfter(line: number): number;
  textBefore(line: number): string;
  textAfter(line: number): string;
}

/**
 * A line as a formatter cannot change it: no whitespace, one kind of quote, no trailing `;` or `,`
 * (`import { z } from 'z';` moved by an import sort and requoted reads `import{z}from"z"` both
 * times; without it the line's pre-existing error read as introduced and blocked the commit).
 */
const unformatted = (line: string) => line.replace(/\s+/g, "").replace(/['`]/g, '"').replace(/[;,]+$/, "");

export function alignLines(before: string, after: string): LineAlignment {
  const a = before.split("\n");
  const b = after.split("\n");
  const changes = before === after ? [] : lineChanges(a, b);
  // each line's place and changed region, computed once: looked up per occurrence, a file with thousands of one error
  // (`Cannot find name 'expect'` in a test file without its types) took minutes when each lookup walked the changes
  const mappedTo: (number | null)[] = new Array(a.length);
  const regionA = new Array<number>(a.length).fill(-1);
  const regionB = new Array<number>(b.length).fill(-1);
  let ia = 0, offset = 0;
  changes.forEach(([at, bt, deleted, added], k) => {
    for (; ia < at; ia++) mappedTo[ia] = ia + offset + 1;
    for (let j = 0; j < deleted; j++) {
      mappedTo[at + j] = null;
      regionA[at + j] = k;
    }
    for (let j = 0; j < added; j++) regionB[bt + j] = k;
    ia = at + deleted;
    offset += added - deleted;
  });
  for (; ia < a.length; ia++) mappedTo[ia] = ia + offset + 1;
  const texts = (lines: readonly string[]) => {
    const known = new Map<number, string>();
    return (line: number) => {
      if (!known.has(line)) known.set(line, unformatted(lines[line - 1] ?? ""));
      return known.get(line)!;
    };
  };
  return {
    // (a line outside the text, as a diagnostic's line 0: shifted by the whole edit past the end, as it is before the start)
    mapped: (line) => (line < 1 ? line : line > a.length ? line + offset : mappedTo[line - 1]!),
    regionBefore: (line) => regionA[line - 1] ?? -1,
    regionAfter: (line) => regionB[line - 1] ?? -1,
    textBefore: texts(a),
    textAfter: texts(b),
  };
}

/**
 * The occurrences of one error (one key) paired across the edit: `introduced` the current ones
 * no earlier occurrence accounts for, `resolved` the earlier ones no current one continues.
 * Each earlier occurrence accounts for at most one current one: rule by rule, each earlier
 * occurrence in order takes the first open current one that rule keys alike.
 */
export function pairByLines<T extends { line: number }>(before: readonly T[], now: readonly T[], align: LineAlignment): { introduced: T[]; resolved: T[] } {
  const paired = new Array<boolean>(now.length).fill(false);
  let left = [...before];
  // each rule: the key of an earlier occurrence (null: it pairs with none by that rule) and of a current one
  const rules: [(x: T) => number | string | null, (y: T) => number | string][] = [
    [(x) => align.mapped(x.line), (y) => y.line],
    [(x) => (align.regionBefore(x.line) >= 0 ? align.regionBefore(x.line) : null), (y) => align.regionAfter(y.line)],
    [(x) => (align.textBefore(x.line) !== "" ? align.textBefore(x.line) : null), (y) => align.textAfter(y.line)],
  ];
  for (const [keyBefore, keyNow] of rules) {
    if (!left.length || paired.every(Boolean)) break;
    const open = new Map<number | string, number[]>();
    now.forEach((y, j) => {
      if (paired[j]) return;
      const k = keyNow(y);
      open.get(k)?.push(j) ?? open.set(k, [j]);
    });
    left = left.filter((x) => {
      const k = keyBefore(x);
      const queue = k === null ? undefined : open.get(k);
      const j = queue?.shift();
      if (j === undefined) return true;
      paired[j] = true;
      return false;
    });
  }
  return { introduced: now.filter((_, j) => !paired[j]), resolved: left };
}
