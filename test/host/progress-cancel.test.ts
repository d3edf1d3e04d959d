// Long operations through the host, over its real socket: a request that asks for progress gets
// svc/progress notifications under its own id (and one that does not, none); svc/cancel, or the
// connection closing, stops it at its next cancellation point and it answers -32800 cancelled,
// never with what it had done; the MCP server relays a client's progressToken and cancel.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { connectHost } from "../../src/host/client.ts";
import { CANCEL_METHOD, PROGRESS_METHOD, RPC } from "../../src/host/protocol.ts";
import { startHost, type RunningHost } from "../../src/surfaces/host/server.ts";
import { ServedRoots } from "../../src/surfaces/mcp/roots.ts";
import { createMcpServer } from "../../src/surfaces/mcp/server.ts";
import { hostToken, rawClient, type RawClient } from "../helpers/host.ts";
import { gitRepo } from "../helpers/repo.ts";
import { useRuntimeDir } from "../helpers/host.ts";

/** Enough files that extraction takes several cancellation points (the pool checks between files). */
function files(): Record<string, string> {
  const out: Record<string, string> = { "tsconfig.json": '{ "compilerOptions": { "strict": true }, "include": ["src"] }\n' };
  for (let i = 0; i < 120; i++) out[`src/m${i}.ts`] = `${i ? `import { f${i - 1} } from "./m${i - 1}";\n` : ""}export function f${i}(x: number): number {\n  return ${i ? `f${i - 1}(x) + ` : ""}${i};\n}\n`;
  return out;
}

/** The next message that is not a progress notification, and the progress notifications before it. */
async function answerOf(c: RawClient, timeoutMs = 300_000): Promise<{ answer: any; progress: any[] }> {
  const progress: any[] = [];
  for (;;) {
    const m = await c.next(timeoutMs);
    if (m?.method === PROGRESS_METHOD) progress.push(m);
    else return { answer: m, progress };
  }
}

/** Wait (bounded) for a host log line containing `text`. */
async function logged(lines: string[], text: string): Promise<string> {
  for (let i = 0; i < 3000; i++) {
    const line = lines.find((l) => l.includes(text));
    if (line) return line;
    await Bun.sleep(20);
  }
  throw new Error(`the host never logged '${text}': ${lines.join(" | ")}`);
}

describe("long operations through the host: progress and cancellation", () => {
  let root: string;
  let host: RunningHost;
  let token: string;
  const lines: string[] = [];

  beforeAll(async () => {
    useRuntimeDir();
    root = gitRepo(files());
    host = await startHost({ root, idleMinutes: 0, log: (line) => lines.push(line) });
    token = await hostToken(host.socket);
  }, 180_000);

  afterAll(async () => {
    await host.stop("test done");
    delete process.env.SVC_RUNTIME_DIR;
  }, 60_000);

  test("svc/index with progress:true: svc/progress notifications under its id before the answer; without it, none", async () => {
    const c = await rawClient(host.socket);
    try {
      c.send({ jsonrpc: "2.0", id: "p1", method: "svc/index", params: { sessionToken: token, root, force: true, progress: true } });
      const asked = await answerOf(c);
      expect(asked.answer).toMatchObject({ id: "p1", result: { indexState: "ready", files: 121 } });
      expect(asked.progress.length).toBeGreaterThan(0);
      for (const p of asked.progress) {
        expect(p.id).toBeUndefined(); // a notification
        expect(p.params).toMatchObject({ id: "p1", done: expect.any(Number), total: expect.any(Number) });
      }
      expect(asked.progress.map((p) => p.params.message)).toContain("extracting");

      c.send({ jsonrpc: "2.0", id: 2, method: "svc/index", params: { sessionToken: token, root, force: true } });
      const plain = await answerOf(c);
      expect(plain.answer).toMatchObject({ id: 2, result: { indexState: "ready" } });
      expect(plain.progress).toEqual([]);

      c.send({ jsonrpc: "2.0", id: 3, method: "svc/index", params: { sessionToken: token, root, progress: "yes" } });
      expect((await answerOf(c)).answer.error).toMatchObject({ code: RPC.invalidParams, data: { prefix: "validation_error" } });
    } finally {
      c.close();
    }
  }, 300_000);

  test("svc/cancel stops a forced svc/index: it answers -32800 cancelled (no result), and the host serves on", async () => {
    const c = await rawClient(host.socket);
    try {
      c.send({ jsonrpc: "2.0", id: 7, method: "svc/index", params: { sessionToken: token, root, force: true, progress: true } });
      const first = await c.next(300_000);
      expect(first).toMatchObject({ method: PROGRESS_METHOD, params: { id: 7 } });
      // a request with an id gets told whether it stopped one; another connection's id is nothing to stop
      const other = await rawClient(host.socket);
      other.send({ jsonrpc: "2.0", id: 1, method: CANCEL_METHOD, params: { sessionToken: token, id: 7 } });
      expect((await other.next(60_000)).result).toEqual({ cancelled: false });
      other.close();
      c.send({ jsonrpc: "2.0", method: CANCEL_METHOD, params: { sessionToken: token, id: 7 } });
      const { answer } = await answerOf(c);
      expect(answer.result).toBeUndefined();
      expect(answer).toMatchObject({ id: 7, error: { code: RPC.requestCancelled, data: { prefix: "internal_error", message: "cancelled" } } });
      expect(await logged(lines, "svc/index: cancelled (svc/cancel)")).toBeDefined();
      // the index the cancelled build left is brought current by the next one
      c.send({ jsonrpc: "2.0", id: 8, method: "svc/index", params: { sessionToken: token, root } });
      expect((await answerOf(c)).answer).toMatchObject({ id: 8, result: { indexState: "ready", files: 121 } });
    } finally {
      c.close();
    }
  }, 300_000);

  test("svc/refactor: its steps come as progress (total not known: 0), and a cancel stops it at the next step with -32800, never a part of its diff", async () => {
    const c = await rawClient(host.socket);
    try {
      const request = { operation: "rename", symbol: "f3", newName: "g3" };
      c.send({ jsonrpc: "2.0", id: 1, method: "svc/refactor", params: { sessionToken: token, root, request, progress: true } });
      const whole = await answerOf(c);
      expect(whole.answer.result.output).toContain("g3");
      expect(whole.progress.length).toBeGreaterThan(1);
      expect(whole.progress[0].params).toEqual({ id: 1, done: 1, total: 0, message: "loading the workspace's projects" });

      c.send({ jsonrpc: "2.0", id: 2, method: "svc/refactor", params: { sessionToken: token, root, request, progress: true } });
      expect(await c.next(300_000)).toMatchObject({ method: PROGRESS_METHOD, params: { id: 2, done: 1 } });
      c.send({ jsonrpc: "2.0", method: CANCEL_METHOD, params: { sessionToken: token, id: 2 } });
      const { answer } = await answerOf(c);
      expect(answer.result).toBeUndefined();
      expect(answer).toMatchObject({ id: 2, error: { code: RPC.requestCancelled, data: { prefix: "internal_error", message: "cancelled" } } });
      expect(await logged(lines, "svc/refactor: cancelled (svc/cancel)")).toBeDefined();
    } finally {
      c.close();
    }
  }, 300_000);

  test("a connection that closes cancels what it still waited for", async () => {
    const c = await rawClient(host.socket);
    c.send({ jsonrpc: "2.0", id: 9, method: "svc/index", params: { sessionToken: token, root, force: true, progress: true } });
    expect(await c.next(300_000)).toMatchObject({ method: PROGRESS_METHOD, params: { id: 9 } });
    c.close();
    expect(await logged(lines, "svc/index: cancelled (its connection closed)")).toBeDefined();
  }, 300_000);

  test("HostClient.call: progress to the caller; an abort rejects with cancelled and reaches the host", async () => {
    const client = await connectHost(root, 60_000);
    expect(client).not.toBeNull();
    try {
      const seen: string[] = [];
      const controller = new AbortController();
      const call = client!.call("svc/index", { root, force: true }, 300_000, {
        signal: controller.signal,
        progress: (_done, _total, message) => {
          seen.push(message ?? "");
          controller.abort();
        },
      });
      await expect(call).rejects.toMatchObject({ prefix: "internal_error", message: "cancelled" });
      expect(seen.length).toBeGreaterThan(0);
      const before = lines.filter((l) => l.includes("svc/index: cancelled (svc/cancel)")).length;
      for (let i = 0; i < 3000 && lines.filter((l) => l.includes("svc/index: cancelled (svc/cancel)")).length === before; i++) await Bun.sleep(20);
      expect(lines.filter((l) => l.includes("svc/index: cancelled (svc/cancel)")).length).toBe(before + 1);
    } finally {
      client!.close();
    }
  }, 300_000);

  test("MCP: svc_workspace action=index through the host forwards notifications/progress, and a client's cancel reaches the host", async () => {
    const server = createMcpServer(new ServedRoots({ root: [root] }, root));
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: "t", version: "1" });
    await client.connect(clientSide);
    try {
      const progress: { progress: number; total?: number; message?: string }[] = [];
      const done = await client.callTool({ name: "svc_workspace", arguments: { action: "index", path: root, force: true } }, undefined, { timeout: 300_000, onprogress: (p) => progress.push(p) });
      expect(done.isError).toBeFalsy();
      expect((done.content as { text: string }[])[0]!.text).toContain("through the host");
      expect(progress.length).toBeGreaterThan(0);
      expect(progress.some((p) => p.message === "extracting" && p.total === 121)).toBe(true);
      // the resident engine's semantic walk the build waits for is followed too, the values still increasing
      expect(progress.some((p) => p.message === "semantic upgrade")).toBe(true);
      for (let i = 1; i < progress.length; i++) expect(progress[i]!.progress).toBeGreaterThan(progress[i - 1]!.progress);

      const before = lines.filter((l) => l.includes("svc/index: cancelled")).length;
      const controller = new AbortController();
      const cancelled = client.callTool({ name: "svc_workspace", arguments: { action: "index", path: root, force: true } }, undefined, { timeout: 300_000, signal: controller.signal, onprogress: () => controller.abort("enough") });
      await expect(cancelled).rejects.toThrow();
      for (let i = 0; i < 3000 && lines.filter((l) => l.includes("svc/index: cancelled")).length === before; i++) await Bun.sleep(20);
      expect(lines.filter((l) => l.includes("svc/index: cancelled")).length).toBe(before + 1);
    } finally {
      await client.close();
    }
  }, 600_000);
});
