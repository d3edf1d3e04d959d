// Edit distance: exact as Levenshtein's, with the common start and end of two lines taken off first (a long line
// edited in one place costs the edit, not the product of its lengths: apply's whitespace pairing took 9 s on a
// 20,000-character line and minutes on a minified one), and a cap past which two lines are told unlike (Infinity).

import { describe, expect, test } from "bun:test";
import { editDistance } from "../../src/text/edit-distance.ts";
import { keepFileStyle } from "../../src/ops/apply-fidelity.ts";

describe("editDistance", () => {
  test("exact: the classic pairs, case folding, a shared start and end", () => {
    expect(editDistance("kitten", "sitting")).toBe(3);
    expect(editDistance("flaw", "lawn")).toBe(2);
    expect(editDistance("abcXdef", "abcYYdef")).toBe(2);
    expect(editDistance("aaa", "aaaa")).toBe(1);
    expect(editDistance("Hello", "hello", true)).toBe(0);
    expect(editDistance("", "abc")).toBe(3);
  });

  test("a long line edited in one place is compared within the cap (its shared start and end are no work); long lines unlike throughout exceed it", () => {
    const long = `var a=${"x+".repeat(100_000)}1;`;
    expect(editDistance(long, long.replace("var a", "var b"), false, 1_000)).toBe(1);
    expect(editDistance(long, `var b=${"y+".repeat(100_000)}2;`, false, 1_000)).toBe(Infinity);
  });

  test("apply: a 200,000-character line edited at its start keeps the trailing whitespace the view hid", () => {
    const line = `var a=${"x+".repeat(100_000)}1;`;
    const kept = keepFileStyle(`${line.replace("var a", "var b")}\nconst b = 2;\n`, `${line}  \nconst b = 2;\n`);
    expect(kept.text).toBe(`${line.replace("var a", "var b")}  \nconst b = 2;\n`);
  }, 120_000);
});
