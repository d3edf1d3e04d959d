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

test("an answer whose staged files fit but whose diffs do not: the files whole, the rest cut around them; none over the budget", async () => {
  const counter = await tokenCounter();
  const files = [1, 2, 3].map((n) => ({ file: `src/f${n}.ts`, expectedHash: `h${n}`, content: `export const v${n} = ${"1 + ".repeat(200)}1;\n` }));
  const diffs = files.map((f) => ({ file: f.file, diff: `--- a/${f.file}\n+++ b/${f.file}\n${"-old line\n+new line\n".repeat(120)}` }));
  const answer = { text: `staged: 3 files\n${diffs.map((d) => d.diff).join("\n")}\napply each file`, data: { operation: "rename", status: "staged", files, diffs } };
  for (const budget of [2_000, 3_000, 5_000]) {
    for (const mode of [{}, { dataOnly: true }] as const) {
      const fitted = fitAnswer(answer, budget, counter, { hint: "h", required: ["operation", "status"], ...mode });
      const data = fitted.data as typeof answer.data & { truncated?: boolean };
      expect(data.files).toEqual(files);
      // what was cut is said: the structured diffs flagged, the text's marker naming where the files are
      if (JSON.stringify(data.diffs) !== JSON.stringify(diffs)) expect(data.truncated).toBe(true);
      if (!("dataOnly" in mode) && fitted.text !== answer.text) expect(fitted.text).toContain("every staged file is whole in the structured result (files)");
      expect(counter.count(JSON.stringify(data)) + ("dataOnly" in mode ? 0 : counter.count(fitted.text))).toBeLessThanOrEqual(budget);
      if (!("dataOnly" in mode)) expect(fitted.text).toStartWith("staged: 3 files\n");
    }
  }
});
