// Bad input on the MCP stdio transport always gets an answer and the server keeps serving:
// a non-JSON line → -32700, a non-JSON-RPC message → -32600, tool arguments that are no object
// → the tool's validation_error as an isError result (as any invalid parameter; not the SDK's
// -32602 "Invalid params" wording), a tool name that is no string → unknown tool (-32602, one
// prefixed line), another params schema failure of the SDK's → -32602 with one line (not -32603
// with a zod dump), a line over the limit → a note on stderr and -32600 under the request's id.

import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { LineTransport } from "../../src/surfaces/mcp/stdio.ts";
import { mcpTools } from "../../src/surfaces/mcp/tools.ts";
import { gitRepo } from "../helpers/repo.ts";

const MAIN = join(import.meta.dir, "..", "..", "src", "main.ts");

describe("the MCP stdio transport", () => {
  test("non-JSON, non-JSON-RPC, arguments that are no object and a name that is no string each get one line (svc's prefixed error where a tool call is bad); the server keeps serving", async () => {
    const root = gitRepo({ "a.ts": "export const a = 1;\n" });
    const tools = mcpTools().map((t) => t.name);
    const child = Bun.spawn([process.execPath, "--no-install", MAIN, "mcp", "serve"], { cwd: root, env: { ...process.env, SVC_DAEMON: "0" }, stdin: "pipe", stdout: "pipe", stderr: "pipe" });
    const lines = [
      JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } }),
      JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
      "this is not json",
      JSON.stringify({ hello: "world", id: 7 }),
      JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "svc_find", arguments: ["a"] } }),
      JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: 42, arguments: {} } }),
      JSON.stringify({ jsonrpc: "2.0", id: 4, method: "tools/call", params: { name: "svc_find", arguments: { query: ["a"], path: root } } }),
      JSON.stringify({ jsonrpc: "2.0", id: 5, method: "tools/list" }),
      JSON.stringify({ jsonrpc: "2.0", id: 6, method: "tools/call", params: { name: "svc_find", arguments: "query=a" } }),
      JSON.stringify({ jsonrpc: "2.0", id: 8, method: "tools/call", params: { name: "svc_nope", arguments: [1] } }),
      JSON.stringify({ jsonrpc: "2.0", id: 9, method: "tools/call", params: { name: "svc_toc", arguments: null } }),
      JSON.stringify({ jsonrpc: "2.0", id: 10, method: "tools/list", params: { cursor: 5 } }),
      JSON.stringify({ jsonrpc: "2.0", id: 11, method: "resources/list" }), // the SDK's own "Method not found"
      JSON.stringify({ jsonrpc: "2.0", id: 12, method: "tools/call", params: { arguments: {} } }), // no name
      JSON.stringify({ jsonrpc: "2.0", id: 13, method: "tools/call", params: { name: "svc_find", arguments: { kind: "nope", query: "a" } } }),
      ...tools.map((name, i) => JSON.stringify({ jsonrpc: "2.0", id: 100 + i, method: "tools/call", params: { name, arguments: [{ path: root }] } })),
    ];
    child.stdin.write(`${lines.join("\n")}\n`);
    await child.stdin.end();
    const out = await new Response(child.stdout).text();
    const err = await new Response(child.stderr).text();
    await child.exited;
    const messages = out.split("\n").filter(Boolean).map((l) => JSON.parse(l));
    const byId = (id: unknown) => messages.find((m) => m.id === id);
    expect(messages.find((m) => m.id === null && m.error?.code === -32700)?.error.message).toStartWith("validation_error: Parse error: not JSON");
    // every error, the transport's, the SDK's and svc's, is one line starting with its prefix, which data.prefix carries
    const errors = messages.filter((m) => m.error).map((m) => m.error);
    const toolErrors = messages.filter((m) => m.result?.isError).map((m) => m.result.content[0].text as string);
    expect(errors.length + toolErrors.length).toBeGreaterThanOrEqual(8 + tools.length);
    for (const e of errors) expect({ e, ok: /^[a-z_]+: [^\n]+$/.test(e.message) && e.message === `${e.data?.prefix}: ${e.data?.message}` }).toEqual({ e, ok: true });
    for (const text of toolErrors) expect(text).toMatch(/^(validation_error|workspace_not_allowed|workspace_not_found|symbol_not_found|index_not_built|index_busy|index_rebuilding|not_semantic|internal_error): [^\n]+$/);
    expect(byId(11).error).toEqual({ code: -32601, message: "validation_error: Method not found", data: { prefix: "validation_error", message: "Method not found" } });
    expect(byId(13).result.content[0].text).toStartWith("validation_error: unknown kind 'nope'");
    expect(byId(7).error.code).toBe(-32600);
    // arguments that are no object: the tool's validation error, as every other bad parameter gets on MCP
    expect(byId(2)).toEqual({ jsonrpc: "2.0", id: 2, result: { content: [{ type: "text", text: "validation_error: svc_find takes its arguments as an object of named parameters, not an array" }], isError: true } });
    expect(byId(6).result).toEqual({ content: [{ type: "text", text: "validation_error: svc_find takes its arguments as an object of named parameters, not a string" }], isError: true });
    tools.forEach((name, i) => expect(byId(100 + i).result).toEqual({ content: [{ type: "text", text: `validation_error: ${name} takes its arguments as an object of named parameters, not an array` }], isError: true }));
    // a tool that does not exist is one whatever its arguments; a name that is no string names none
    for (const [id, name] of [[3, "42"], [8, "svc_nope"]] as const) {
      expect(byId(id).error.code).toBe(-32602);
      expect(byId(id).error.message).toStartWith(`validation_error: unknown tool '${name}'. Valid tools: svc_workspace, `);
      expect(byId(id).error.data).toEqual({ prefix: "validation_error", message: byId(id).error.message.replace(/^validation_error: /, "") });
      expect(byId(id).error.message).not.toContain("\n");
    }
    // another schema failure of the SDK's (a multi-line -32603 zod dump): -32602 and one line naming the field
    expect(byId(10).error).toMatchObject({ code: -32602, message: "validation_error: Invalid params: params.cursor: Invalid input: expected string, received number" });
    // null arguments are no arguments (null is every parameter's default)
    expect(byId(9).result.isError).toBeUndefined();
    expect(byId(9).result.content[0].text).toContain("a.ts");
    expect(byId(4).result.content[0].text).toBe('validation_error: query takes one value, not a list of 1 (["a"])');
    expect(byId(5).result.tools.length).toBeGreaterThan(5);
    expect(err).toContain("svc mcp: an input line is not JSON");
  }, 60_000);

  test("a line over the limit is dropped as it streams (stderr names it, -32600 under its id); the next line is served", async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const logged: string[] = [];
    const transport = new LineTransport(input, output, (l) => logged.push(l), 1024);
    const received: unknown[] = [];
    transport.onmessage = (m) => received.push(m);
    await transport.start();
    const sent: string[] = [];
    output.on("data", (c) => sent.push(String(c)));
    const big = JSON.stringify({ jsonrpc: "2.0", id: 41, method: "tools/call", params: { name: "svc_find", arguments: { query: "x".repeat(5000) } } });
    for (let i = 0; i < big.length; i += 700) input.write(big.slice(i, i + 700)); // arrives in pieces
    input.write(`\n${JSON.stringify({ jsonrpc: "2.0", id: 42, method: "tools/list" })}\n`);
    await Bun.sleep(20);
    expect(logged).toEqual([`svc mcp: dropped an input line of ${big.length} bytes: over the 1024-byte limit of one message (the server keeps serving)`]);
    const reply = JSON.parse(sent.join("").trim());
    expect(reply).toMatchObject({ jsonrpc: "2.0", id: 41, error: { code: -32600, message: `validation_error: Invalid Request: the message is ${big.length} bytes, over the 1024-byte limit of one line`, data: { prefix: "validation_error" } } });
    expect(received).toEqual([{ jsonrpc: "2.0", id: 42, method: "tools/list" }]);
    // The last message without its newline is read when the input ends.
    input.end(JSON.stringify({ jsonrpc: "2.0", id: 43, method: "tools/list" }));
    await Bun.sleep(20);
    expect(received).toEqual([{ jsonrpc: "2.0", id: 42, method: "tools/list" }, { jsonrpc: "2.0", id: 43, method: "tools/list" }]);
    await transport.close();
  }, 120_000);
});
