// A staged change (files an agent hands back to apply) is returned whole or refused: a budget
// never cuts it to some of its files.

import { expect, test } from "bun:test";
import { SvcError } from "../../src/errors.ts";
import { fitAnswer } from "../../src/render/fit.ts";
import { tokenCounter } from "../../src/text/tokens.ts";

test("an answer carrying a staged change over its budget is refused, not cut; one within it is untouched", async () => {
  const counter = await tokenCounter();
  const file = (n: number) => ({ file: `src/f${n}.ts`, expectedHash: "abc", content: `export const v${n} = ${"1 + ".repeat(400)}1;\n` });
  const answer = { text: "staged: 4 files", data: { operation: "rename", status: "staged", files: [1, 2, 3, 4].map(file) } };
  expect(fitAnswer(answer, 100_000, counter, { hint: "h" })).toBe(answer);
  let refused: unknown = null;
  try {
    fitAnswer(answer, 1_000, counter, { hint: "h" });
  } catch (error) {
    refused = error;
  }
  expect(refused).toBeInstanceOf(SvcError);
  expect((refused as SvcError).formatted).toStartWith("validation_error: the staged change is ~");
  // an answer without a handoff is still cut to fit
  const plain = { text: "x ".repeat(5_000), data: { items: Array.from({ length: 200 }, (_, i) => `item ${i}`) } };
  const fitted = fitAnswer(plain, 1_000, counter, { hint: "h" });
  expect(counter.count(fitted.text) + counter.count(JSON.stringify(fitted.data))).toBeLessThanOrEqual(1_000);
});
