// ask format=json when no file fits the budget: the answer is still ask's own (the note that
// says nothing fits, names the first file and the budget that would), not the engine's
// generic "truncated" stub — data and docs files set aside make the structured result
// larger, and they are what goes first.

import { expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import type { FusionData } from "../../src/render/fusion.ts";
import { answerTokens } from "../../src/render/fit.ts";
import { tokenCounter } from "../../src/text/tokens.ts";
import { gitRepo } from "../helpers/repo.ts";

function bigModule(): string {
  const parts = ['import { helper } from "./helper";', ""];
  for (let i = 0; i < 300; i++) parts.push(`/** Pipeline step ${i}. */`, `export function pipelineStep${i}(input: number): number {`, `  return helper(input) + ${i};`, "}", "");
  return parts.join("\n");
}

/** The same request's text (xml): the nothing-fits note closes it. */
async function callText(root: string, surface: "cli" | "mcp"): Promise<string> {
  return (await call("ask", { path: root, task: "change the pipeline step helper", tokenBudget: 400 }, { surface })).text;
}

test("format=json: nothing fits → ask's note in the structured result, within the budget", async () => {
  const files: Record<string, string> = {
    "package.json": '{ "name": "big" }\n',
    "src/pipeline.ts": bigModule(),
    "src/helper.ts": "export function helper(n: number): number {\n  return n + 1;\n}\n",
  };
  for (let i = 0; i < 12; i++) files[`data/fixture-${i}.json`] = `{ "step": ${i} }\n`;
  for (let i = 0; i < 6; i++) files[`docs/guide-${i}.md`] = `# Guide ${i}\n\nAbout the pipeline.\n`;
  for (let i = 0; i < 4; i++) files[`config/env-${i}.yml`] = `step: ${i}\n`;
  files["config/app.toml"] = "name = 'big'\n";
  files["notes/todo.txt"] = "pipeline\n";
  const root = gitRepo(files);
  const counter = await tokenCounter();
  for (const surface of ["cli", "mcp"] as const) {
    const result = await call("ask", { path: root, task: "change the pipeline step helper", tokenBudget: 400, format: "json" }, { surface });
    const data = result.data as unknown as FusionData & { truncated?: boolean };
    expect(answerTokens(result, counter)).toBeLessThanOrEqual(400);
    expect(data.entries).toEqual([]);
    expect(data.truncated).toBeUndefined();
    // the budget by the surface's own name (CLI --budget, MCP tokenBudget)
    expect(data.notes.join("\n")).toContain(`nothing fits ${surface === "cli" ? "--budget" : "tokenBudget"}=400 (the first file, src/pipeline.ts`);
    expect(JSON.parse(result.text).notes).toEqual(data.notes);
    // the call it names is the surface's own, as the map's are (CLI flags on the CLI, tool parameters over MCP)
    const call_ = surface === "cli" ? `svc reduce --files src/pipeline.ts --path ${root}` : `svc_reduce files=["src/pipeline.ts"] path="${root}"`;
    expect(data.notes.join("\n")).toContain(`or call ${call_}`);
    const text = await callText(root, surface);
    expect(text).toContain(`or call ${call_}`);
    expect(text).not.toContain(surface === "cli" ? "svc_focus" : "svc focus");
  }
}, 120_000);

test("a budget too small for the whole answer: the structured result still says nothing fits (every fusion operation, MCP)", async () => {
  const root = gitRepo({ "package.json": '{ "name": "big" }\n', "src/pipeline.ts": bigModule(), "src/helper.ts": "export function helper(n: number): number {\n  return n + 1;\n}\n" });
  const counter = await tokenCounter();
  const asks: [string, Record<string, unknown>][] = [
    ["ask", { task: "change the pipeline step helper", tokenBudget: 120 }],
    ["context", { seeds: ["pipelineStep3"], maxTokens: 120 }],
    ["focus", { focus: "src/pipeline.ts", maxTokens: 120 }],
    ["search", { query: "pipeline step", maxTokens: 120 }],
    ["skeleton", { maxTokens: 120 }],
  ];
  for (const [op, args] of asks) {
    const result = await call(op, { path: root, ...args }, { surface: "mcp" });
    const data = result.data as unknown as FusionData & { truncated?: boolean };
    expect(answerTokens(result, counter)).toBeLessThanOrEqual(120);
    expect(data.entries ?? []).toEqual([]);
    // the why survives the cut: the note that nothing fits is the first one, cut inside, not dropped
    expect([op, data.notes?.[0] ?? ""]).toEqual([op, expect.stringContaining("nothing fits")]);
  }
}, 120_000);
