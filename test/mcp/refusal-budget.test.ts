// A refusal is part of the answer and held to the budget the call set, even when the refusal is
// about the call itself: an unknown parameter next to maxTokens=50 was answered with every
// parameter the tool takes (svc_managed: 90 tokens over a 50-token budget) — the MCP surface's
// own check and the engine's validation both left the budget unread when the request did not validate.

import { expect, test } from "bun:test";
import { MIN_BUDGET } from "../../src/params.ts";
import { mcpTools } from "../../src/surfaces/mcp/tools.ts";
import { tokenCounter } from "../../src/text/tokens.ts";
import { mcpClientFor } from "../helpers/mcp-client.ts";
import { gitRepo } from "../helpers/repo.ts";

/** A value for each required parameter (every one is a string): the refusal must come from the unknown parameter, not a missing one. */
function required(tool: ReturnType<typeof mcpTools>[number]): Record<string, unknown> {
  const names = (tool.inputSchema.required as string[] | undefined) ?? [];
  return Object.fromEntries(names.map((n) => [n, n === "changedSince" ? "HEAD" : "a"]));
}

test("every budgeted MCP tool: an unknown parameter, or a bad value, beside the smallest budget is refused within it", async () => {
  const root = gitRepo({ "package.json": '{ "name": "p" }\n', "src/a.ts": "export const a = 1;\n" });
  const client = await mcpClientFor(root);
  const counter = await tokenCounter();
  try {
    const props = (tool: ReturnType<typeof mcpTools>[number]) => (tool.inputSchema.properties ?? {}) as Record<string, unknown>;
    const budgeted = mcpTools().filter((t) => props(t).maxTokens || props(t).tokenBudget);
    expect(budgeted.length).toBeGreaterThan(10);
    const over: string[] = [];
    for (const tool of budgeted) {
      const key = props(tool).maxTokens ? "maxTokens" : "tokenBudget";
      // a long unknown name and an enum value no tool takes: refusals that list what is valid
      const calls: Record<string, unknown>[] = [
        { ...required(tool), path: root, [key]: MIN_BUDGET, [`notAParameterOfThisTool${"x".repeat(40)}`]: 1 },
        { ...required(tool), path: root, [key]: MIN_BUDGET, format: "html".repeat(30) },
      ];
      for (const args of calls) {
        if (args.format && !props(tool).format) continue;
        const r = (await client.callTool({ name: tool.name, arguments: args })) as { isError?: boolean; content: { text: string }[] };
        const text = r.content.map((c) => c.text).join("");
        expect(r.isError).toBe(true);
        expect(text).toStartWith("validation_error: ");
        const used = counter.count(text);
        if (used > MIN_BUDGET) over.push(`${tool.name} ${Object.keys(args).join(",")}: ${used} tokens: ${text.slice(0, 120)}`);
      }
    }
    expect(over).toEqual([]);
  } finally {
    await client.close();
  }
}, 300_000);
