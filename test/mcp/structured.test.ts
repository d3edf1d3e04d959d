// Every MCP tool returns structuredContent that conforms to its outputSchema, and no call
// without maxTokens answers more than the default budget (20,000 tokens counted over the
// text and the structured result) — on a generated corpus with one very large file.

import { expect, test } from "bun:test";
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Ajv from "ajv";
import { generateCorpus } from "../../scripts/bench/generate.ts";
import { DEFAULT_BUDGET } from "../../src/engine.ts";
import { REGISTRY } from "../../src/registry/index.ts";
import { tokenCounter } from "../../src/text/tokens.ts";
import { git } from "../helpers/repo.ts";
import { mcpClientFor } from "../helpers/mcp-client.ts";

function bigFile(): string {
  const out: string[] = [];
  for (let i = 0; i < 3000; i++) out.push(`export function handler${i}(input: string): string {\n  return input.repeat(${i % 7}) + "${i}";\n}\n`);
  return out.join("\n");
}

/** A call per tool, without maxTokens. */
function calls(path: string): Record<string, Record<string, unknown>[]> {
  return {
    svc_workspace: [{ action: "status", path }, { action: "map", path }, { action: "doctor", path }, { action: "apply", path, file: "src/new.ts", content: "export const n = 1;\n" }],
    svc_find: [{ query: "OrderService0", path }, { query: "order create", path, kind: "task" }, { query: "handler", path, kind: "text" }],
    svc_context: [{ path, files: ["src/big.ts"] }],
    svc_review: [{ path }],
    svc_impact: [{ path, symbol: "OrderService0" }],
    svc_test: [{ path, symbol: "OrderService0" }],
    svc_check: [{ path, file: "src/modules/order-0/order.entity.ts", content: "export const x: number = 1;\n" }],
    svc_refactor: [{ path, operation: "organize-imports", file: "src/modules/order-0/order.service.ts" }],
    svc_reduce: [{ path, files: ["src/big.ts"], level: "none" }],
    svc_toc: [{ path }],
    svc_ask: [{ path, task: "how are orders created" }],
    svc_skeleton: [{ path }],
    svc_focus: [{ path, focus: "src/big.ts" }],
    svc_search: [{ path, query: "order create validate" }],
    svc_changes: [{ path, changedSince: "HEAD", review: true }],
    svc_managed: [{ path }],
    svc_generic: [{ path }],
  };
}

test("structuredContent conforms to each tool's outputSchema; no default call exceeds the default budget", async () => {
  // removed at the end of the test itself: a large tree takes longer than an afterAll hook may
  const root = realpathSync(mkdtempSync(join(tmpdir(), "svc-mcp-structured-")));
  // SVC_MCP_CORPUS_FILES=5000 runs the same check on the bench's 5k-file corpus (minutes)
  generateCorpus(root, Number(process.env.SVC_MCP_CORPUS_FILES ?? 600));
  writeFileSync(join(root, "src/big.ts"), bigFile());
  git(root, "init", "-q");
  git(root, "add", "-A");
  git(root, "commit", "-qm", "corpus");
  writeFileSync(join(root, "src/big.ts"), `${bigFile()}\nexport const changed = 1;\n`);

  const client = await mcpClientFor(root);
  const { tools } = await client.listTools();
  const counter = await tokenCounter();
  const ajv = new Ajv({ strict: false });
  const byTool = calls(root);
  expect(Object.keys(byTool).sort()).toEqual([...new Set(REGISTRY.flatMap((r) => (r.mcp ?? []).map((b) => b.tool)))].sort());
  const problems: string[] = [];
  for (const tool of tools) {
    expect(tool.outputSchema).toBeDefined();
    const validate = ajv.compile(tool.outputSchema as object);
    for (const args of byTool[tool.name] ?? []) {
      const t0 = performance.now();
      const result = await client.callTool({ name: tool.name, arguments: args });
      if (process.env.SVC_TEST_TIMING) console.log(tool.name, Math.round(performance.now() - t0), "ms");
      const text = (result.content as { text: string }[]).map((c) => c.text).join("");
      if (result.isError) {
        problems.push(`${tool.name} ${JSON.stringify(args)}: ${text.slice(0, 200)}`);
        continue;
      }
      if (!result.structuredContent || !validate(result.structuredContent)) problems.push(`${tool.name}: structuredContent does not conform: ${ajv.errorsText(validate.errors)}`);
      const used = counter.count(text) + counter.count(JSON.stringify(result.structuredContent));
      if (used > DEFAULT_BUDGET.mcp) problems.push(`${tool.name} ${JSON.stringify(args)}: ${used} tokens`);
    }
  }
  await client.close();
  rmSync(root, { recursive: true, force: true });
  expect(problems).toEqual([]);
}, 1_200_000);
