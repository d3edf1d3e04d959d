// ask's map of relevant files not packed is cut only as far as the budget needs: when the
// answer leaves out map lines (mapCut), one more line would not have fit — at every budget
// and in both text and format=json (the map is the agent's list of what else to read).

import { expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import type { FusionData } from "../../src/render/fusion.ts";
import { answerTokens } from "../../src/render/fit.ts";
import { mapText } from "../../src/render/manifest.ts";
import { tokenCounter } from "../../src/text/tokens.ts";
import { gitRepo } from "../helpers/repo.ts";

function widget(i: number): string {
  const rows = Array.from({ length: 20 }, (_, j) => `  const row${j} = paint(width + ${j}, "widget ${i} row ${j}");`);
  return `import { paint } from "../paint";\n/** Renders widget ${i}. */\nexport function renderWidget${i}(width: number): string {\n${rows.join("\n")}\n  return [${rows.map((_, j) => `row${j}`).join(", ")}].join("\\n");\n}\n`;
}

test("the map is cut only as far as the budget needs", async () => {
  const files: Record<string, string> = { "package.json": '{ "name": "w" }\n', "src/paint.ts": "export function paint(n: number, s: string): string {\n  return s.padEnd(n);\n}\n" };
  for (let i = 0; i < 30; i++) files[`src/widgets/widget-${i}.ts`] = widget(i);
  const root = gitRepo(files);
  const counter = await tokenCounter();
  const runs: { budget: number; format: string; room: number; cut: number; entries: number }[] = [];
  let lineCost = 0;
  for (let budget = 1500; budget <= 4000; budget += 250) {
    for (const format of ["xml", "json"]) {
      const result = await call("ask", { path: root, task: "render the widget rows with paint", tokenBudget: budget, format }, { surface: "mcp" });
      const data = result.data as unknown as FusionData;
      const used = answerTokens(result, counter);
      expect(used).toBeLessThanOrEqual(budget);
      for (const line of data.map ?? []) lineCost = Math.max(lineCost, counter.count(mapText(line)) + counter.count(JSON.stringify(line)) + 4);
      runs.push({ budget, format, room: budget - used, cut: data.mapCut ?? 0, entries: data.entries.length });
    }
  }
  expect(lineCost).toBeGreaterThan(0);
  // a line of this repository's map costs about lineCost (the paths and reasons differ by a digit or two)
  const wasteful = runs.filter((r) => r.entries > 0 && r.cut > 0 && r.room >= lineCost + 10);
  expect(wasteful).toEqual([]);
}, 300_000);
