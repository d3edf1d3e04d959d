// A task with no usable signal whose words occur here all the same — a commit subject of change
// words only ("Fix handling of updates") — gets what a search with the task matches, under a
// first line that says so: confidence=low, which words occur in how many files, that none names
// a place, and the next call to narrow it; the structured result's notes say it too. A task whose
// words occur nowhere ("zzqx"), only as a letter ("x") or as punctuation still gets nothing, and
// why; find --kind task ranks nothing for either (test/ops/no-signal.test.ts).

import { afterAll, describe, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import type { FindData } from "../../src/ops/find.ts";
import { ASK_PARAMS } from "../../src/plan/ask.ts";
import { mcpClientFor } from "../helpers/mcp-client.ts";
import { gitRepo } from "../helpers/repo.ts";

const files: Record<string, string> = {};
for (let i = 0; i < 30; i++) {
  // "x" in a third of the files: too common to say where
  const x = i % 3 === 0 ? `  const x = value${i} * 2;\n  return x;\n` : `  return value${i};\n`;
  files[`src/area${i}/piece${i}.ts`] = `export function piece${i}(value${i}: number): number {\n${x}}\n`;
}
// the only files where the task's (change) words occur
files["src/sync/queue.ts"] =
  "// Applies pending updates in order; a failed update is retried once.\nexport function drain(pending: string[]): string[] {\n  const done: string[] = [];\n  for (const update of pending) done.push(update);\n  return done;\n}\n";
files["src/sync/repair.ts"] = "// fix the order of entries written out of turn\nexport function reorder(entries: number[]): number[] {\n  return [...entries].sort((a, b) => a - b);\n}\n";

type AskData = { files: number; entries: { path: string }[]; notes: string[] };

describe("ask: a task of common words only", () => {
  const root = gitRepo(files);
  const task = "Fix handling of updates";
  const client = mcpClientFor(root);
  afterAll(async () => (await client).close());

  test("gets the search's matches under a low-confidence first line with the next call; the structured result says so", async () => {
    const r = await call("ask", { path: root, task, tokenBudget: 4000 }, { surface: "mcp" });
    const data = r.data as unknown as AskData;
    const first = r.text.split("\n")[0] as string;
    expect(first).toStartWith("<!-- svc_ask: strategy=search confidence=low (no word of the task names a place here, only common words (");
    expect(first).toMatch(/"fix" is in 1 of the \d+ files/);
    expect(first).toContain("these files merely share them. Try: name a file, symbol, route or service the change touches (svc_find query=<name>)");
    expect(data.entries.map((e) => e.path)).toContain("src/sync/queue.ts");
    expect(data.entries.map((e) => e.path)).toContain("src/sync/repair.ts");
    expect(data.entries.map((e) => e.path).some((p) => p.startsWith("src/area"))).toBe(false);
    expect(data.notes.some((n) => n.startsWith('low confidence: no word of the task names a place here, only common words ("fix" is in 1 of the'))).toBe(true);
    expect(r.text).not.toContain("strategy=none");
  }, 120_000);

  test("svc_ask over the MCP server: the text's first line and the structured result's notes", async () => {
    const result = (await (await client).callTool({ name: "svc_ask", arguments: { task, tokenBudget: 4000 } })) as { content: { text: string }[]; structuredContent?: AskData; isError?: boolean };
    expect(result.isError).toBeFalsy();
    expect(result.content[0]?.text.split("\n")[0]).toContain("strategy=search confidence=low (no word of the task names a place here");
    expect(result.structuredContent?.notes.some((n) => n.startsWith("low confidence: ") && n.includes("Try: "))).toBe(true);
    expect(result.structuredContent?.entries.map((e) => e.path)).toContain("src/sync/repair.ts");
  }, 120_000);

  test("on the CLI too, and under a tiny budget the first line keeps confidence=low", async () => {
    const r = await call("ask", { path: root, task, tokenBudget: 300 }, { surface: "cli" });
    expect(r.text.split("\n")[0]).toBe("<!-- svc_ask: strategy=search confidence=low budget=300 -->");
  }, 120_000);

  test("with the fallback off (commonSearch 0) the same task packs nothing, as before", async () => {
    const saved = ASK_PARAMS.commonSearch;
    ASK_PARAMS.commonSearch = 0;
    try {
      const r = await call("ask", { path: root, task, tokenBudget: 700 }, { surface: "mcp" });
      expect((r.data as unknown as AskData).files).toBe(0);
      expect(r.text).toContain("strategy=none");
    } finally {
      ASK_PARAMS.commonSearch = saved;
    }
  }, 120_000);

  test("find --kind task still ranks nothing for it, and says why", async () => {
    const f = await call("find", { path: root, query: task, kind: "task" }, { surface: "mcp" });
    const data = f.data as unknown as FindData;
    expect(data.candidates).toEqual([]);
    expect(data.noCandidates).toContain("the task carries no signal");
  }, 120_000);

  test.each(["zzqx", "x", "???", "zzqx x"])("a task whose words occur nowhere, or only as a letter (%p), still gets nothing and why", async (nothing) => {
    // (a budget that cannot hold the whole workspace, ~0.6k tokens and each file's tag: one that can gets all of it, below)
    const r = await call("ask", { path: root, task: nothing, tokenBudget: 700 }, { surface: "mcp" });
    const data = r.data as unknown as AskData;
    expect(data.files).toBe(0);
    expect(r.text.split("\n")[0]).toBe("<!-- svc_ask: strategy=none budget=700 -->");
    expect(data.notes.some((n) => n.startsWith("nothing packed: the task carries no signal: "))).toBe(true);
    expect(r.text).toContain("Try: name a file, symbol, route or service");
  }, 120_000);

  test("a task with no signal on a workspace the budget holds whole gets all of it, said to be chosen for nothing in the task", async () => {
    const r = await call("ask", { path: root, task: "zzqx", tokenBudget: 4000 }, { surface: "mcp" });
    const data = r.data as unknown as AskData;
    expect(data.files).toBe(32);
    expect(r.text.split("\n")[0]).toMatch(/^<!-- svc_ask: strategy=central confidence=low \(the task carries no signal: .+; the whole workspace fits the budget \(32 files, ~\d+ tokens\), so it is all here, chosen for nothing in the task\. Try: name a file/);
    expect(data.notes.some((n) => n.startsWith("low confidence: the task carries no signal: "))).toBe(true);
  }, 120_000);
});
