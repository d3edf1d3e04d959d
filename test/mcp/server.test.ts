import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { checkMcp } from "../../scripts/mcp-check.ts";
import { REGISTRY } from "../../src/registry.ts";
import { mcpTools } from "../../src/surfaces/mcp/tools.ts";

const MAIN = join(import.meta.dir, "..", "..", "src", "main.ts");

describe("svc mcp serve", () => {
  test("tools/list equals the registry; every tool answers valid input and refuses invalid input with a prefixed isError", async () => {
    const expected = [...new Set(REGISTRY.flatMap((r) => (r.mcp ?? []).map((b) => b.tool)))];
    const result = await checkMcp([process.execPath, "--no-install", MAIN], expected);
    expect(result.problems).toEqual([]);
    expect(result.tools).toEqual([...expected].sort());
  }, 60_000);

  test("stdout carries nothing but JSON-RPC messages", async () => {
    const child = Bun.spawn([process.execPath, "--no-install", MAIN, "mcp", "serve"], { stdin: "pipe", stdout: "pipe", stderr: "pipe" });
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
    expect(byId[2].result.content[0].text).toStartWith("workspace_not_found: directory not found: /definitely/missing");
    expect(byId[3].error.code).toBe(-32602);
  }, 30_000);

  test("annotations: read-only everywhere but svc_workspace; closed world; catalog A has output schemas", () => {
    for (const tool of mcpTools()) {
      expect(tool.annotations.openWorldHint).toBe(false);
      expect(tool.annotations.readOnlyHint).toBe(tool.name !== "svc_workspace");
      if (tool.catalog === "A") expect(tool.outputSchema).toBeDefined();
      expect(tool.description).toContain("absolute `path`");
    }
    const workspace = mcpTools().find((t) => t.name === "svc_workspace");
    expect((workspace?.inputSchema.properties as Record<string, { enum?: string[] }>).action?.enum).toEqual(["status", "index", "map"]);
    const managed = mcpTools().find((t) => t.name === "svc_managed");
    expect(Object.keys(managed?.inputSchema.properties as object)).not.toContain("template");
  });
});
