import { describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { checkMcp } from "../../scripts/mcp-check.ts";
import { DEFAULT_BUDGET } from "../../src/engine.ts";
import { REFACTOR_OPERATIONS } from "../../src/refactor/operations.ts";
import { REGISTRY } from "../../src/registry/index.ts";
import { mcpTools } from "../../src/surfaces/mcp/tools.ts";
import { tempDir } from "../helpers/repo.ts";

const MAIN = join(import.meta.dir, "..", "..", "src", "main.ts");

describe("svc mcp serve", () => {
  test("tools/list equals the registry; every tool answers valid input and refuses invalid input with a prefixed isError", async () => {
    const expected = [...new Set(REGISTRY.flatMap((r) => (r.mcp ?? []).map((b) => b.tool)))];
    // the engine's own cache folder: type acquisition (npm downloading @types) must never start
    const cache = tempDir();
    const result = await checkMcp([process.execPath, "--no-install", MAIN], expected, { XDG_CACHE_HOME: cache });
    expect(result.problems).toEqual([]);
    expect(result.tools).toEqual([...expected].sort());
    expect(existsSync(join(cache, "typescript"))).toBe(false);
  }, 60_000);

  test("stdout carries nothing but JSON-RPC messages", async () => {
    // A throwaway repository and no daemon: a test must never leave a host serving the checkout.
    const { gitRepo } = await import("../helpers/repo.ts");
    const root = gitRepo({ "a.ts": "export const a = 1;\n" });
    const child = Bun.spawn([process.execPath, "--no-install", MAIN, "mcp", "serve"], { cwd: root, env: { ...process.env, SVC_DAEMON: "0" }, stdin: "pipe", stdout: "pipe", stderr: "pipe" });
    const send = (msg: unknown) => child.stdin.write(`${JSON.stringify(msg)}\n`);
    send({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } });
    send({ jsonrpc: "2.0", method: "notifications/initialized" });
    send({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "svc_toc", arguments: { path: "/definitely/missing" } } });
    send({ jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "svc_nope", arguments: {} } });
    await child.stdin.end();
    const out = await new Response(child.stdout).text();
    await child.exited;
    const lines = out.split("\n").filter(Boolean);
    for (const line of lines) expect(JSON.parse(line).jsonrpc).toBe("2.0");
    const byId = Object.fromEntries(lines.map((l) => JSON.parse(l)).map((m) => [m.id, m]));
    expect(byId[1].result.serverInfo).toMatchObject({ name: "svc" });
    expect(byId[1].result.instructions).toContain("svc_toc");
    expect(byId[2].result.isError).toBe(true);
    expect(byId[2].result.content[0].text).toStartWith("workspace_not_allowed: /definitely/missing is not a workspace this server was started for");
    expect(byId[3].error.code).toBe(-32602);
    // one prefixed line on the wire (an McpError's message carried "MCP error -32602: ", which the SDK's client added again)
    expect(byId[3].error.message).toStartWith("validation_error: unknown tool 'svc_nope'. Valid tools: ");
    expect(byId[3].error.message).toContain("svc_toc");
    expect(byId[3].error.data).toMatchObject({ prefix: "validation_error" });
  }, 30_000);

  test("an unknown tool, as the SDK's client reports it: its prefix once, then svc's prefixed line", async () => {
    const { mcpClientFor } = await import("../helpers/mcp-client.ts");
    const { gitRepo } = await import("../helpers/repo.ts");
    const client = await mcpClientFor(gitRepo({ "a.ts": "export const a = 1;\n" }));
    try {
      const message = await client.callTool({ name: "svc_nope", arguments: {} }).then(() => "answered", (e: Error) => e.message);
      expect(message).toStartWith("MCP error -32602: validation_error: unknown tool 'svc_nope'. Valid tools: ");
      expect(message.match(/MCP error/g)?.length).toBe(1);
    } finally {
      await client.close();
    }
  }, 60_000);

  test("annotations: read-only everywhere but svc_workspace; closed world; every tool has an output schema and a stated budget", async () => {
    const { INSTRUCTIONS } = await import("../../src/surfaces/mcp/instructions.ts");
    expect(INSTRUCTIONS).toContain("pass it absolute");
    for (const tool of mcpTools()) {
      expect(tool.annotations.openWorldHint).toBe(false);
      expect(tool.annotations.readOnlyHint).toBe(tool.name !== "svc_workspace");
      expect(tool.outputSchema).toBeDefined();
      const props = tool.inputSchema.properties as Record<string, { default?: unknown }>;
      // the engine's MCP default budget is stated: in the maxTokens schema, or the description; ask's own tokenBudget default is within it
      const stated = props.maxTokens?.default === DEFAULT_BUDGET.mcp || Number(props.tokenBudget?.default) <= DEFAULT_BUDGET.mcp || tool.description.includes(`capped at ${DEFAULT_BUDGET.mcp} tokens`);
      expect(stated).toBe(true);
    }
    const workspace = mcpTools().find((t) => t.name === "svc_workspace");
    expect((workspace?.inputSchema.properties as Record<string, { enum?: string[] }>).action?.enum).toEqual(expect.arrayContaining(["status", "index", "map", "apply"]));
    // apply overwrites files: the one destructive tool; everything else is read-only or an idempotent index write.
    expect(workspace?.annotations.destructiveHint).toBe(true);
    const managed = mcpTools().find((t) => t.name === "svc_managed");
    // Nothing advertised that does not work: no tool or parameter description admits it is not available.
    for (const tool of mcpTools()) {
      expect(tool.description).not.toMatch(/not available in this version/);
      for (const [name, p] of Object.entries(tool.inputSchema.properties as Record<string, { description?: string }>)) expect(`${tool.name}.${name}: ${p.description}`).not.toMatch(/not available/);
    }
    const refactor = mcpTools().find((t) => t.name === "svc_refactor");
    expect((refactor?.inputSchema.properties as Record<string, { enum?: string[] }>).operation?.enum).toEqual([...REFACTOR_OPERATIONS]);
    const svcTest = mcpTools().find((t) => t.name === "svc_test");
    // candidate racing works, so it is advertised: an array of {id?, file, content}, at most 5
    const raceParam = (svcTest?.inputSchema.properties as Record<string, { type?: string; maxItems?: number; items?: { required?: string[] } }>).candidates;
    expect(raceParam).toMatchObject({ type: "array", maxItems: 5, items: { required: ["file", "content"] } });
    expect(Object.keys(managed?.inputSchema.properties as object)).not.toContain("template");
  }, 120_000);
});

describe("progress, large answers", () => {
  test("index reports progress when the client asks for it; an answer over ~25k tokens starts with a size note", async () => {
    const { Client } = await import("@modelcontextprotocol/sdk/client/index.js");
    const { StdioClientTransport } = await import("@modelcontextprotocol/sdk/client/stdio.js");
    const { gitRepo } = await import("../helpers/repo.ts");
    const files: Record<string, string> = {};
    for (let i = 0; i < 80; i++) files[`src/m${i}.ts`] = `export class M${i} { run() { return ${i}; } }\n`;
    const root = gitRepo(files);
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ["--no-install", MAIN, "mcp", "serve"],
      cwd: root,
      env: { ...(process.env as Record<string, string>), SVC_DAEMON: "0" },
    });
    const client = new Client({ name: "t", version: "1" });
    await client.connect(transport);
    const progress: { progress: number; total?: number }[] = [];
    const indexed = await client.callTool({ name: "svc_workspace", arguments: { action: "index", path: root, force: true } }, undefined, {
      onprogress: (p) => progress.push(p),
    });
    expect(indexed.isError).toBeFalsy();
    expect(progress.length).toBeGreaterThan(0);
    // MCP's progress only increases: the semantic walk (0..80 again) continues from the extraction's 80
    for (let i = 1; i < progress.length; i++) expect(progress[i]!.progress).toBeGreaterThan(progress[i - 1]!.progress);
    expect(progress.some((p) => p.progress === 80 && p.total === 80)).toBe(true);
    expect(progress[progress.length - 1]!.progress).toBe(progress[progress.length - 1]!.total!);
    const big = "export const words = [\n" + Array.from({ length: 6000 }, (_, i) => `  "word number ${i} of a long list",`).join("\n") + "\n];\n";
    // without maxTokens the default budget holds; maxTokens=0 (unlimited) gets the whole answer, with a size note
    const capped = await client.callTool({ name: "svc_reduce", arguments: { path: root, content: big, level: "none" } });
    expect((capped.content as { text: string }[])[0]?.text).toContain("downgraded to fit");
    const large = await client.callTool({ name: "svc_reduce", arguments: { path: root, content: big, level: "none", maxTokens: 0 } });
    const text = (large.content as { text: string }[])[0]?.text ?? "";
    expect(text).toMatch(/^<!-- svc: this answer is ~\d+\.\dk tokens, more than the ~25k many clients accept; pass maxTokens to cap it/);
    // a budget above 25k given as a string ("26000", validated as the integer) is a budget: no note pushes the answer over it
    const { tokenCounter } = await import("../../src/text/tokens.ts");
    const counter = await tokenCounter();
    const steps = Array.from({ length: 5000 }, (_, i) => `export function step${i}(input: number): number {\n  return input * ${i} + ${i % 7};\n}\n`).join("\n");
    const asString = await client.callTool({ name: "svc_reduce", arguments: { path: root, content: steps, level: "none", maxTokens: "26000" } });
    const held = (asString.content as { text: string }[])[0]?.text ?? "";
    expect(counter.count(held)).toBeGreaterThan(25_000); // the premise: an answer over 25k, fitted to the budget
    expect(held).not.toContain("more than the ~25k many clients accept");
    expect(counter.count(held) + counter.count(JSON.stringify(asString.structuredContent))).toBeLessThanOrEqual(26000);
    await client.close();
  }, 60_000);
});

test("a cancelled index call stops and the server keeps serving", async () => {
  const { Client } = await import("@modelcontextprotocol/sdk/client/index.js");
  const { StdioClientTransport } = await import("@modelcontextprotocol/sdk/client/stdio.js");
  const { gitRepo } = await import("../helpers/repo.ts");
  const files: Record<string, string> = {};
  for (let i = 0; i < 600; i++) files[`src/m${i}.ts`] = `export class M${i} {\n${"  method(): number { return 1; }\n".repeat(40)}}\n`;
  const root = gitRepo(files);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ["--no-install", MAIN, "mcp", "serve"],
    cwd: root,
    env: { ...(process.env as Record<string, string>), SVC_DAEMON: "0", SVC_EXTRACT_INPROCESS_MAX: "100000" },
  });
  const client = new Client({ name: "t", version: "1" });
  await client.connect(transport);
  const controller = new AbortController();
  // Cancel as soon as the server reports that extraction has started (no wall-clock race).
  const pending = client.callTool({ name: "svc_workspace", arguments: { action: "index", path: root } }, undefined, {
    signal: controller.signal,
    onprogress: (p) => {
      if (p.progress > 0) controller.abort();
    },
  });
  await expect(pending).rejects.toThrow();
  const status = await client.callTool({ name: "svc_workspace", arguments: { action: "status", path: root } });
  expect(status.isError).toBeFalsy();
  expect((status.structuredContent as { indexState: string }).indexState).not.toBe("ready");
  await client.close();
}, 60_000);
