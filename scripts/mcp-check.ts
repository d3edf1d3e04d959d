// An end-to-end MCP check through the official SDK client over stdio: tools/list equals the
// registry, every tool answers a valid call and returns isError with a prefixed message
// for an invalid one, and stdout carries only protocol. Used by the test suite (against
// `bun src/main.ts mcp serve`) and by .ci/run (against the compiled binary):
//   bun scripts/mcp-check.ts <svc command…>     (prints problems, exits 1 if any)

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

const FIXTURE: Record<string, string> = {
  "package.json": '{ "name": "fixture", "version": "1.0.0" }\n',
  "src/orders/order.service.ts": 'import { Logger } from "../util/logger";\n\nexport class OrderService {\n  constructor(private readonly log: Logger) {}\n  place(id: string): string {\n    this.log.info(id);\n    return id;\n  }\n}\n',
  "src/util/logger.ts": "export class Logger {\n  info(message: string): void {\n    console.log(message);\n  }\n}\n",
};

export function fixtureRepo(): string {
  const root = mkdtempSync(join(tmpdir(), "svc-mcp-"));
  for (const [path, text] of Object.entries(FIXTURE)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const git = (...args: string[]) => Bun.spawnSync(["git", "-c", "user.email=t@example.com", "-c", "user.name=T", ...args], { cwd: root });
  git("init", "-q");
  git("add", "-A");
  git("commit", "-qm", "fixture");
  return root;
}

/** One valid and one invalid call per tool; the invalid one's message must start with this prefix. */
export function samples(path: string): Record<string, { valid: Record<string, unknown>; invalid: Record<string, unknown>; prefix: string }> {
  return {
    svc_workspace: { valid: { action: "status", path }, invalid: { action: "explode", path }, prefix: "validation_error:" },
    svc_find: { valid: { query: "OrderService", path, kind: "symbol" }, invalid: { query: "", path }, prefix: "validation_error:" },
    svc_reduce: { valid: { content: "const a = 1; // note\n", extension: ".ts", path }, invalid: { path }, prefix: "validation_error:" },
    svc_toc: { valid: { path }, invalid: { path: join(path, "missing") }, prefix: "workspace_not_found:" },
    svc_ask: { valid: { path, task: "give me an overview of the architecture" }, invalid: { path, task: " " }, prefix: "validation_error:" },
    svc_skeleton: { valid: { path }, invalid: { path, format: "html" }, prefix: "validation_error:" },
    svc_focus: { valid: { path, focus: "OrderService" }, invalid: { path, focus: "NoSuchThing" }, prefix: "validation_error:" },
    svc_search: { valid: { path, query: "order" }, invalid: { path, query: "order", queryTop: 0 }, prefix: "validation_error:" },
    svc_changes: { valid: { path, changedSince: "HEAD" }, invalid: { path, changedSince: "no-such-ref" }, prefix: "validation_error:" },
    svc_managed: { valid: { path, query: "order" }, invalid: { path, query: "order", focus: "OrderService" }, prefix: "validation_error:" },
    svc_context: { valid: { path, seeds: ["OrderService"] }, invalid: { path }, prefix: "validation_error:" },
    svc_review: { valid: { path }, invalid: { path, changedSince: "no-such-ref" }, prefix: "validation_error:" },
    svc_generic: { valid: { path, template: "typescript" }, invalid: { path, template: "cobol" }, prefix: "validation_error:" },
    svc_impact: { valid: { path, symbol: "OrderService" }, invalid: { path, symbol: " " }, prefix: "validation_error:" },
    svc_test: { valid: { path, symbol: "OrderService" }, invalid: { path, symbol: "OrderService", candidates: "[]" }, prefix: "validation_error:" },
    svc_refactor: { valid: { path, symbol: "OrderService.place", newName: "submit" }, invalid: { path, operation: "inline", symbol: "place" }, prefix: "validation_error:" },
    svc_check: { valid: { path, file: "src/order.service.ts", content: "export const x: number = 1;\n" }, invalid: { path, markGreen: true }, prefix: "validation_error:" },
  };
}

export interface McpCheck {
  tools: string[];
  problems: string[];
  initializeMs: number;
  callMs: number[];
}

export async function checkMcp(command: string[], expectedTools: readonly string[], env: Record<string, string> = {}): Promise<McpCheck> {
  const repo = fixtureRepo();
  const problems: string[] = [];
  const started = performance.now();
  const transport = new StdioClientTransport({
    command: command[0] as string,
    args: [...command.slice(1), "mcp", "serve"],
    cwd: repo,
    stderr: "pipe",
    env: { ...(process.env as Record<string, string>), SVC_DAEMON: "0", ...env },
  });
  const client = new Client({ name: "svc-mcp-check", version: "1.0.0" });
  await client.connect(transport);
  const initializeMs = performance.now() - started;
  const listed = await client.listTools();
  const tools = listed.tools.map((t) => t.name).sort();
  const expected = [...expectedTools].sort();
  if (JSON.stringify(tools) !== JSON.stringify(expected)) problems.push(`tools/list ${tools.join(",")} != registry ${expected.join(",")}`);
  const callMs: number[] = [];
  const cases = samples(repo);
  for (const tool of listed.tools) {
    const sample = cases[tool.name];
    if (!sample) {
      problems.push(`no sample call for ${tool.name}`);
      continue;
    }
    const t0 = performance.now();
    const ok = await client.callTool({ name: tool.name, arguments: sample.valid });
    callMs.push(performance.now() - t0);
    const okText = (ok.content as { text?: string }[])[0]?.text ?? "";
    if (ok.isError) problems.push(`${tool.name} valid call failed: ${okText}`);
    if (tool.outputSchema && !ok.structuredContent) problems.push(`${tool.name} has an outputSchema but returned no structuredContent`);
    const bad = await client.callTool({ name: tool.name, arguments: sample.invalid });
    const badText = (bad.content as { text?: string }[])[0]?.text ?? "";
    if (!bad.isError) problems.push(`${tool.name} invalid call was not an error: ${badText.slice(0, 120)}`);
    else if (!badText.startsWith(sample.prefix)) problems.push(`${tool.name} invalid call message lacks ${sample.prefix}: ${badText.slice(0, 160)}`);
  }
  await client.close();
  return { tools, problems, initializeMs, callMs };
}

if (import.meta.main) {
  const command = process.argv.slice(2);
  if (command.length === 0) {
    console.error("usage: bun scripts/mcp-check.ts <svc command…>");
    process.exit(2);
  }
  const expected = (process.env.SVC_EXPECTED_TOOLS ?? "").split(",").filter(Boolean);
  const result = await checkMcp(command, expected.length ? expected : Object.keys(samples("")));
  const sorted = [...result.callMs].sort((a, b) => a - b);
  console.log(`mcp: ${result.tools.length} tools; spawn+initialize ${result.initializeMs.toFixed(0)} ms; callTool p50 ${sorted[Math.floor(sorted.length / 2)]?.toFixed(1)} ms`);
  for (const p of result.problems) console.log(`problem: ${p}`);
  process.exit(result.problems.length ? 1 : 0);
}
