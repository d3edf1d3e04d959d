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
  const region = (index: number, side: 0 | 1) => changes.findIndex((c) => index >= c[side] && index < c[side] + c[side + 2]!);
  return {
    mapped(line) {
      const i = line - 1;
      let offset = 0;
      for (const [at, , deleted, added] of changes) {
        if (i < at) break;
        if (i < at + deleted) return null;
        offset += added - deleted;
      }
      return i + offset + 1;
    },
    regionBefore: (line) => region(line - 1, 0),
    regionAfter: (line) => region(line - 1, 1),
    textBefore: (line) => unformatted(a[line - 1] ?? ""),
    textAfter: (line) => unformatted(b[line - 1] ?? ""),
  };
}

/**
 * The occurrences of one error (one key) paired across the edit: `introduced` the current ones
 * no earlier occurrence accounts for, `resolved` the earlier ones no current one continues.
 * Each earlier occurrence accounts for at most one current one.
 */
export function pairByLines<T extends { line: number }>(before: readonly T[], now: readonly T[], align: LineAlignment): { introduced: T[]; resolved: T[] } {
  const left = [...before];
  const open = [...now];
  const rules: ((x: T, y: T) => boolean)[] = [
    (x, y) => align.mapped(x.line) === y.line,
    (x, y) => align.regionBefore(x.line) >= 0 && align.regionBefore(x.line) === align.regionAfter(y.line),
    (x, y) => align.textBefore(x.line) !== "" && align.textBefore(x.line) === align.textAfter(y.line),
  ];
  for (const same of rules) {
    for (let i = 0; i < left.length && open.length; ) {
      const at = open.findIndex((y) => same(left[i]!, y));
      if (at < 0) i++;
      else {
        left.splice(i, 1);
        open.splice(at, 1);
      }
    }
  }
  return { introduced: open, resolved: left };
}
