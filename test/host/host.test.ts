// The host over a real Unix socket: handshake and tokens, every method, framing faults,
// concurrency, large responses, modes, idle shutdown and the watcher.

import { CANARY } from "../helpers/canary.ts";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { connectHost, HostClient } from "../../src/host/client.ts";
import { endpointFor } from "../../src/host/endpoint.ts";
import { MAX_FRAME_BYTES } from "../../src/host/framing.ts";
import { PROTOCOL_VERSION } from "../../src/host/protocol.ts";
import { startHost, type RunningHost } from "../../src/surfaces/host/server.ts";
import { SCHEMA_VERSION } from "../../src/store/schema.ts";
import { hostToken, rawClient, useRuntimeDir } from "../helpers/host.ts";
import { gitRepo, writeFiles } from "../helpers/repo.ts";

const quietLog = () => {};
const MAIN = join(import.meta.dir, "..", "..", "src", "main.ts");

/** The pid a complete registry file names (null while it is missing or half-written). */
function registeredPid(registry: string): number | null {
  try {
    return JSON.parse(readFileSync(registry, "utf8")).pid ?? null;
  } catch {
    return null;
  }
}

describe("svc host", () => {
  let runtime: string;
  let root: string;
  let host: RunningHost;
  let token: string;

  beforeAll(async () => {
    runtime = useRuntimeDir();
    root = gitRepo({
      "src/a.ts": 'import { B } from "./b";\nexport class A { b = new B(); }\n',
      "src/b.ts": "export class B {}\n",
      "src/keys.ts": `export const keys = [\n${Array.from({ length: 50_000 }, (_, i) => `  "AKIA${String(i).padStart(16, "0")}",`).join("\n")}\n];\n`,
    });
    host = await startHost({ root, idleMinutes: 0, log: quietLog });
    token = await hostToken(host.socket);
  }, 120_000);

  afterAll(async () => {
    await host.stop("test done");
    delete process.env.SVC_RUNTIME_DIR;
  });

  test("handshake returns version, protocol, a 32-byte token and the root", async () => {
    const c = await rawClient(host.socket);
    c.send({ jsonrpc: "2.0", id: 1, method: "svc/handshake" });
    const r = (await c.next()).result;
    expect(r).toMatchObject({ protocolVersion: PROTOCOL_VERSION, root });
    expect(Buffer.from(r.sessionToken, "base64url").length).toBe(32);
    c.close();
  }, 120_000);

  test("a client that half-closes after its request gets the answer, then the host closes the connection (it never lingers, keeping the host from idling)", async () => {
    const c = await rawClient(host.socket);
    c.send({ jsonrpc: "2.0", id: 1, method: "svc/graph", params: { sessionToken: token } });
    c.socket.end(); // done sending: the reply may still come
    expect((await c.next())?.result).toBeDefined();
    const closed = await Promise.race([c.closed.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 20_000))]);
    expect(closed).toBe(true);
    c.close();
  }, 120_000);

  test("socket and registry 0600 in a 0700 directory", () => {
    const ep = endpointFor(root);
    expect(statSync(ep.socket).mode & 0o777).toBe(0o600);
    expect(statSync(dirname(ep.socket)).mode & 0o777).toBe(0o700);
    expect(statSync(ep.registry).mode & 0o777).toBe(0o600);
    expect(JSON.parse(require("node:fs").readFileSync(ep.registry, "utf8"))).toMatchObject({ root, pid: process.pid, protocolVersion: PROTOCOL_VERSION });
  }, 120_000);

  test("every method but the handshake refuses a missing or wrong token; another root is refused", async () => {
    const c = await rawClient(host.socket);
    const methods = ["svc/stats", "svc/index", "svc/openIndexed", "svc/graph", "svc/diagnostics", "svc/shutdown", "svc/nope"];
    let id = 1;
    for (const method of methods) {
      for (const params of [{}, { sessionToken: "x".repeat(43) }, { sessionToken: 42 }]) {
        c.send({ jsonrpc: "2.0", id: id++, method, params });
        const r = await c.next();
        expect(r.error).toEqual({ code: -32602, message: "validation_error: Invalid or missing session token.", data: { prefix: "validation_error", message: "Invalid or missing session token." } });
      }
    }
    c.send({ jsonrpc: "2.0", id: id++, method: "svc/graph", params: { sessionToken: token, root: "/elsewhere" } });
    expect((await c.next()).error).toMatchObject({ code: -32602, message: "validation_error: Root does not match the served root." });
    c.send({ jsonrpc: "2.0", id: id++, method: "svc/nope", params: { sessionToken: token } });
    expect((await c.next()).error).toMatchObject({ code: -32601, message: expect.stringMatching(/^validation_error: unknown method 'svc\/nope'\. Valid values: .*svc\/graph.*svc\/handshake.*svc\/shutdown/), data: { prefix: "validation_error" } });
    // a method name is redacted like every other echo of input
    c.send({ jsonrpc: "2.0", id: id++, method: `svc/${CANARY.githubToken}`, params: { sessionToken: token } });
    expect((await c.next()).error.message).toStartWith("validation_error: unknown method 'svc/[REDACTED:github-token]'. Valid values: ");
    // a parameter the method does not take is refused, not ignored (svc/graph has no budget: maxTokens would be dropped silently)
    c.send({ jsonrpc: "2.0", id: id++, method: "svc/graph", params: { sessionToken: token, maxTokens: 10 } });
    expect((await c.next()).error).toMatchObject({ code: -32602, message: "validation_error: unknown parameter 'maxTokens' for svc/graph. Valid parameters: root, detail, scopeMode, seed, query, since, directory" });
    // nor is another path: the host answers for its own root (a path would be overwritten by it); its own root is fine
    c.send({ jsonrpc: "2.0", id: id++, method: "svc/graph", params: { sessionToken: token, path: "/elsewhere" } });
    expect((await c.next()).error).toMatchObject({ code: -32602, message: `validation_error: svc/graph answers for ${root}, not /elsewhere: pass root (or nothing); scope with the method's own parameters (directory, seed, query)` });
    c.send({ jsonrpc: "2.0", id: id++, method: "svc/graph", params: { sessionToken: token, path: root } });
    expect((await c.next()).result.edges).toBeArray();
    c.close();
  }, 120_000);

  test("JSON-RPC edges: a notification is never answered, failures included; an id of another type, a batch and null params are refused by name; a root or path that is no string is refused, never left unanswered", async () => {
    const c = await rawClient(host.socket);
    // notifications (no id) that fail on the token, the method, the parameters: no reply, so the next answer is the request's
    for (const params of [{}, { sessionToken: token, detail: "everything" }]) c.send({ jsonrpc: "2.0", method: "svc/graph", params });
    c.send({ jsonrpc: "2.0", method: "svc/nope", params: { sessionToken: token } });
    c.send({ jsonrpc: "2.0", id: "after", method: "svc/handshake" });
    expect((await c.next()).id).toBe("after");
    // root {toString: 1} used to throw outside the reply path: no answer at all
    c.send({ jsonrpc: "2.0", id: 1, method: "svc/graph", params: { sessionToken: token, root: { toString: 1 } } });
    expect(await c.next()).toMatchObject({ jsonrpc: "2.0", id: 1, error: { code: -32602, message: "validation_error: Root does not match the served root." } });
    c.send({ jsonrpc: "2.0", id: 2, method: "svc/graph", params: { sessionToken: token, path: { toString: 1 } } });
    expect((await c.next()).error).toMatchObject({ code: -32602, message: `validation_error: svc/graph answers for ${root}, not {"toString":1}: pass root (or nothing); scope with the method's own parameters (directory, seed, query)` });
    c.close();
    const refused: [unknown, string][] = [
      [{ jsonrpc: "2.0", id: { a: 1 }, method: "svc/handshake" }, "validation_error: Invalid Request: id must be a string, a number or null"],
      [{ jsonrpc: "2.0", id: true, method: "svc/handshake" }, "validation_error: Invalid Request: id must be a string, a number or null"],
      [[{ jsonrpc: "2.0", id: 1, method: "svc/handshake" }], "validation_error: Invalid Request: batch requests are not supported; send one request per frame"],
      [{ jsonrpc: "2.0", id: 3, method: "svc/stats", params: null }, "validation_error: Invalid Request"],
    ];
    for (const [message, text] of refused) {
      const r = await rawClient(host.socket);
      r.send(message);
      expect((await r.next()).error).toEqual({ code: -32600, message: text, data: { prefix: "validation_error", message: text.slice("validation_error: ".length) } });
      await r.closed;
    }
  }, 120_000);

  test("methods: stats, index, openIndexed, graph (files, directories, directory filter, overlay), diagnostics", async () => {
    const c = await rawClient(host.socket);
    const call = async (method: string, params: Record<string, unknown> = {}) => {
      c.send({ jsonrpc: "2.0", id: method, method, params: { sessionToken: token, ...params } });
      return c.next(60_000);
    };
    const stats = (await call("svc/stats")).result;
    expect(stats).toMatchObject({ pid: process.pid, residentProjects: 0 });
    expect(stats.rssBytes).toBeGreaterThan(0);
    const index = (await call("svc/index", { root })).result;
    expect(index).toMatchObject({ indexState: "ready", mode: "semantic", files: 3, fts: true, schemaVersion: SCHEMA_VERSION });
    expect((await call("svc/openIndexed", { root })).result).toMatchObject({ status: "ready", files: 3 });
    const graph = (await call("svc/graph", { root, detail: "files" })).result;
    expect(graph.edges).toEqual([{ from: "src/a.ts", to: "src/b.ts", weight: 1, kind: "imports" }]);
    expect(graph.nodes.find((n: { path: string }) => n.path === "src/b.ts")).toMatchObject({ declaredTypes: ["B"], centrality: 1 });
    const dirs = (await call("svc/graph", { root, detail: "directories" })).result;
    expect(dirs.nodes.map((n: { path: string }) => n.path)).toEqual(["src"]);
    const overlay = (await call("svc/graph", { root, scopeMode: "focus", seed: "B" })).result;
    expect(overlay.nodes.find((n: { path: string }) => n.path === "src/a.ts").role).toBe("consumer");
    expect(overlay.nodes.find((n: { path: string }) => n.path === "src/b.ts").role).toBe("exact-seed");
    const bad = await call("svc/graph", { root, detail: "everything" });
    expect(bad.error).toMatchObject({ code: -32602, data: { prefix: "validation_error" } });
    const diagnostics = await call("svc/diagnostics", { root });
    expect(diagnostics.result.secrets.length).toBe(50_000);
    expect(diagnostics.result.secrets[0]).toEqual({ path: "src/keys.ts", kind: "aws-access-key", startLine: 1, startColumn: 3, endLine: 1, endColumn: 23 });
    expect(JSON.stringify(diagnostics.result).length).toBeGreaterThan(5 * 1024 * 1024); // a 5 MiB response arrives whole
    expect(diagnostics.result.hotspots[0].path).toBe("src/keys.ts");
    c.close();
  }, 60_000);

  test("a non-JSON line or a bare JSON line (no Content-Length) gets a parse error at once, then the connection closes", async () => {
    for (const line of ["this is not json\n", `${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "svc/handshake" })}\n`]) {
      const bad = await rawClient(host.socket);
      bad.sendBytes(line);
      const reply = await bad.next();
      expect(reply.error.code).toBe(-32700);
      expect(reply.error.message).toStartWith("validation_error: Parse error: expected a 'Content-Length: N' header, got '");
      await bad.closed;
    }
  }, 120_000);

  test("garbage, a bad header, invalid JSON and an oversized frame close only that connection", async () => {
    const good = await rawClient(host.socket);
    for (const payload of ["garbage bytes\r\n\r\n", "Content-Length: abc\r\n\r\n{}", "Content-Length: 4\r\n\r\n{no}", `Content-Length: ${MAX_FRAME_BYTES + 1}\r\n\r\n`]) {
      const bad = await rawClient(host.socket);
      bad.sendBytes(payload);
      const reply = await bad.next();
      expect([-32700, -32600]).toContain(reply.error.code);
      await bad.closed;
    }
    const invalid = await rawClient(host.socket);
    invalid.send({ hello: "world" });
    expect((await invalid.next()).error.code).toBe(-32600);
    await invalid.closed;
    good.send({ jsonrpc: "2.0", id: 9, method: "svc/stats", params: { sessionToken: token } });
    expect((await good.next()).result.pid).toBe(process.pid);
    good.close();
  }, 120_000);

  test("every error the host sends, on every path, is one line starting with its prefix, which data.prefix carries (README 'Errors')", async () => {
    const PREFIX = /^(validation_error|workspace_not_allowed|workspace_not_found|symbol_not_found|index_not_built|index_busy|index_rebuilding|not_semantic|internal_error): [^\n]+$/;
    const seen: string[] = [];
    const check = (where: string, error: { code: number; message: string; data?: { prefix?: string; message?: string } }) => {
      seen.push(where);
      const prefix = PREFIX.exec(error.message)?.[1];
      expect({ where, ok: prefix !== undefined && error.data?.prefix === prefix && error.message === `${prefix}: ${error.data?.message}` }).toEqual({ where, ok: true });
    };
    // framing and JSON faults: each closes its connection after the error
    const raw: [string, string][] = [
      ["garbage bytes", "garbage bytes\r\n\r\n"], ["bad header", "Content-Length: abc\r\n\r\n{}"], ["bare JSON line", '{"jsonrpc":"2.0"}\n'],
      ["invalid JSON", "Content-Length: 4\r\n\r\n{no}"], ["oversize", `Content-Length: ${MAX_FRAME_BYTES + 1}\r\n\r\n`], ["no Content-Length", "X-Other: 1\r\n\r\n"],
    ];
    for (const [where, bytes] of raw) {
      const bad = await rawClient(host.socket);
      bad.sendBytes(bytes);
      check(where, (await bad.next()).error);
      await bad.closed;
    }
    const framed: [string, unknown][] = [
      ["not JSON-RPC", { hello: "world" }], ["batch", [{ jsonrpc: "2.0", id: 1, method: "svc/handshake" }]], ["id of another type", { jsonrpc: "2.0", id: true, method: "svc/handshake" }],
      ["params not an object", { jsonrpc: "2.0", id: 1, method: "svc/stats", params: [1] }],
    ];
    for (const [where, message] of framed) {
      const bad = await rawClient(host.socket);
      bad.send(message);
      check(where, (await bad.next()).error);
      await bad.closed;
    }
    // request errors: the connection stays open; a notification's are never answered (the next reply is the request's)
    const c = await rawClient(host.socket);
    const requests: [string, string, Record<string, unknown>][] = [
      ["no token", "svc/stats", {}], ["wrong token", "svc/graph", { sessionToken: "x" }], ["token of another type", "svc/graph", { sessionToken: 42 }],
      ["unknown method", "svc/nope", { sessionToken: token }], ["another root", "svc/graph", { sessionToken: token, root: "/elsewhere" }],
      ["bad enum", "svc/graph", { sessionToken: token, detail: "everything" }], ["wrong type", "svc/index", { sessionToken: token, force: "yes" }],
      ["unknown param", "svc/graph", { sessionToken: token, maxTokens: 10 }], ["another path", "svc/graph", { sessionToken: token, path: "/elsewhere" }],
      ["operation error", "svc/refactor", { sessionToken: token, request: { operation: "nope" } }],
    ];
    let id = 100;
    for (const [where, method, params] of requests) {
      c.send({ jsonrpc: "2.0", method, params }); // the notification first: no reply
      c.send({ jsonrpc: "2.0", id: ++id, method, params });
      const reply = await c.next(60_000);
      expect({ where, id: reply.id }).toEqual({ where, id });
      check(where, reply.error);
    }
    c.close();
    expect(seen.length).toBe(raw.length + framed.length + requests.length);
  }, 120_000);

  test("100 concurrent clients, pipelined requests; a client that never reads and one killed mid-request do not block others", async () => {
    const slow = await rawClient(host.socket);
    slow.socket.pause(); // never reads
    for (let i = 0; i < 20; i++) slow.send({ jsonrpc: "2.0", id: i, method: "svc/diagnostics", params: { sessionToken: token, root } });
    const killed = await rawClient(host.socket);
    killed.send({ jsonrpc: "2.0", id: 1, method: "svc/diagnostics", params: { sessionToken: token, root } });
    killed.socket.destroy();
    const clients = await Promise.all(Array.from({ length: 100 }, () => rawClient(host.socket)));
    const answers = await Promise.all(
      clients.map(async (c, i) => {
        c.send({ jsonrpc: "2.0", id: `a${i}`, method: "svc/stats", params: { sessionToken: token } });
        c.send({ jsonrpc: "2.0", id: `b${i}`, method: "svc/handshake" });
        const first = await c.next();
        const second = await c.next();
        c.close();
        return [first.id, second.id].sort();
      }),
    );
    expect(answers.every((ids, i) => ids[0] === `a${i}` && ids[1] === `b${i}`)).toBe(true);
    slow.close();
  }, 60_000);

  test("the watcher reflects a saved file in the index", async () => {
    writeFiles(root, { "src/c.ts": 'import { A } from "./a";\nexport class Watched { a = new A(); }\n' });
    const c = await rawClient(host.socket);
    let found = false;
    for (let i = 0; i < 100 && !found; i++) {
      await new Promise((r) => setTimeout(r, 50));
      c.send({ jsonrpc: "2.0", id: i, method: "svc/graph", params: { sessionToken: token, root } });
      const graph = (await c.next()).result;
      found = graph.nodes.some((n: { declaredTypes: string[] }) => n.declaredTypes.includes("Watched"));
    }
    expect(found).toBe(true);
    c.close();
  }, 120_000);
});

describe("host lifecycle", () => {
  test("idle shutdown removes the socket and the registry", async () => {
    useRuntimeDir();
    const root = gitRepo({ "a.ts": "export const a = 1;\n" });
    const host = await startHost({ root, idleMinutes: 0.005, log: quietLog });
    await host.stopped;
    const ep = endpointFor(root);
    expect(existsSync(ep.socket)).toBe(false);
    expect(existsSync(ep.registry)).toBe(false);
    delete process.env.SVC_RUNTIME_DIR;
  }, 120_000);

  test("a host whose workspace root is deleted stops by itself (no orphan serving nothing)", async () => {
    useRuntimeDir();
    const root = gitRepo({ "a.ts": "export const a = 1;\n" });
    const logged: string[] = [];
    const host = await startHost({ root, idleMinutes: 0, log: (line) => logged.push(line) });
    rmSync(root, { recursive: true, force: true });
    await host.stopped;
    expect(logged.some((l) => l.includes("the workspace root is gone"))).toBe(true);
    expect(existsSync(endpointFor(root).registry)).toBe(false);
    delete process.env.SVC_RUNTIME_DIR;
  }, 30_000);

  test("a stale socket file does not stop the next start; a second host for the root says it is already serving", async () => {
    const runtime = useRuntimeDir();
    const root = gitRepo({ "a.ts": "export const a = 1;\n" });
    const ep = endpointFor(root, { create: true });
    const env = { ...process.env, SVC_RUNTIME_DIR: runtime };
    // A host killed with SIGKILL leaves its socket file (and registry) behind.
    const killed = Bun.spawn([process.execPath, "--no-install", MAIN, "host", "--directory", root, "--quiet"], { env, stdout: "ignore", stderr: "pipe" });
    for (let i = 0; i < 200 && registeredPid(ep.registry) !== killed.pid; i++) await Bun.sleep(50);
    killed.kill("SIGKILL");
    await killed.exited;
    expect({ socket: existsSync(ep.socket), registered: registeredPid(ep.registry), stderr: await new Response(killed.stderr).text() }).toEqual({ socket: true, registered: killed.pid, stderr: "" });
    let host: RunningHost | undefined;
    try {
      host = await startHost({ root, idleMinutes: 0, log: quietLog });
      // (spawned asynchronously: this process is the first host and must keep answering)
      const second = Bun.spawn([process.execPath, "--no-install", MAIN, "host", "--directory", root], { env, stdout: "pipe", stderr: "pipe" });
      const [code, stdout, stderr] = await Promise.all([second.exited, new Response(second.stdout).text(), new Response(second.stderr).text()]);
      expect({ code, stdout, stderr }).toEqual({ code: 0, stdout: `svc host: already serving ${root} (pid ${process.pid}) on ${ep.socket}\n`, stderr: "" });
    } finally {
      await host?.stop("done");
      delete process.env.SVC_RUNTIME_DIR;
    }
  }, 60_000); // two bun processes start from source: seconds on a loaded machine

  test("a socket still taking connections for a host process that is gone (a child holds it) does not stop the next start", async () => {
    useRuntimeDir();
    const root = gitRepo({ "a.ts": "export const a = 1;\n" });
    const ep = endpointFor(root, { create: true });
    // Another process listens on the socket path and never answers, as a killed host's child holding its listening socket would.
    const holder = Bun.spawn([process.execPath, "-e", `Bun.listen({ unix: ${JSON.stringify(ep.socket)}, socket: { data() {} } }); setInterval(() => {}, 1000);`], { stdout: "ignore", stderr: "pipe" });
    let host: RunningHost | undefined;
    try {
      for (let i = 0; i < 400 && !(await HostClient.open(ep.socket, 1000).then((c) => (c.close(), true), () => false)); i++) await Bun.sleep(50);
      // The registry names the host process, which is gone.
      const gone = Bun.spawn([process.execPath, "-e", ""], { stdout: "ignore", stderr: "ignore" });
      await gone.exited;
      writeFileSync(ep.registry, JSON.stringify({ root, pid: gone.pid, version: "0", protocolVersion: PROTOCOL_VERSION, startedAt: new Date().toISOString() }));
      host = await startHost({ root, idleMinutes: 0, log: quietLog });
      // the new host answers on the path (the holder's socket is unlinked, its own bound there)
      const client = await connectHost(root, 5_000);
      expect(client?.info?.root).toBe(root);
      client?.close();
    } finally {
      await host?.stop("done");
      holder.kill();
      await holder.exited;
      delete process.env.SVC_RUNTIME_DIR;
    }
  }, 60_000);

  test("svc host as a process: SIGTERM shuts down cleanly; svc index and diagnostics go through it", async () => {
    const runtime = useRuntimeDir();
    const root = gitRepo({ "src/a.ts": "export class A {}\n" });
    const env = { ...process.env, SVC_RUNTIME_DIR: runtime, NO_COLOR: "1" };
    const child = Bun.spawn([process.execPath, "--no-install", MAIN, "host", "--directory", root, "--quiet"], { env, stdout: "pipe", stderr: "pipe" });
    const ep = endpointFor(root);
    for (let i = 0; i < 100 && !existsSync(ep.registry); i++) await new Promise((r) => setTimeout(r, 50));
    const index = Bun.spawnSync([process.execPath, "--no-install", MAIN, "index", root], { env });
    expect(index.stdout.toString()).toMatch(new RegExp(`\\(through the host, pid ${child.pid}\\)\\.\\n$`));
    const status = Bun.spawnSync([process.execPath, "--no-install", MAIN, "diagnostics", root], { env });
    expect(status.stdout.toString()).toMatch(new RegExp(`host: pid ${child.pid}, up \\d+s, RSS \\d+ MB`));
    child.kill("SIGTERM");
    expect(await child.exited).toBe(0);
    expect(existsSync(ep.socket)).toBe(false);
    expect(existsSync(ep.registry)).toBe(false);
    delete process.env.SVC_RUNTIME_DIR;
  }, 60_000);
});

describe("a SIGTERM while the host starts", () => {
  test("at any point of the start (right after spawn, mid-start, just serving): the host exits leaving no socket, registry, start lock or marker, and the next start serves", async () => {
    const runtime = useRuntimeDir();
    const root = gitRepo({ "src/a.ts": "export class A {}\n" });
    const env = { ...process.env, SVC_RUNTIME_DIR: runtime };
    const ep = endpointFor(root, { create: true });
    const left = () => [ep.socket, ep.registry, `${ep.socket}.starting`, join(root, ".svc", "host.json")].filter((p) => existsSync(p));
    try {
      // the signal lands before the handler (module load), between it and the bind, during the start, once serving
      for (const delay of [0, 10, 30, 60, 100, 150, 200, 300, 450, 700]) {
        const child = Bun.spawn([process.execPath, "--no-install", MAIN, "host", "--directory", root, "--quiet"], { env, stdout: "ignore", stderr: "pipe" });
        await Bun.sleep(delay);
        child.kill("SIGTERM");
        await child.exited;
        expect({ delay, left: left() }).toEqual({ delay, left: [] });
      }
      const next = Bun.spawn([process.execPath, "--no-install", MAIN, "host", "--directory", root, "--quiet"], { env, stdout: "ignore", stderr: "pipe" });
      let client: HostClient | null = null;
      for (let i = 0; i < 400 && !client; i++) client = (await connectHost(root, 500)) ?? (await Bun.sleep(50), null);
      expect(client?.info?.root).toBe(root);
      client?.close();
      next.kill("SIGTERM");
      expect(await next.exited).toBe(0);
      expect(left()).toEqual([]);
    } finally {
      delete process.env.SVC_RUNTIME_DIR;
    }
  }, 120_000);
});

describe("host process group", () => {
  test("a terminal's Ctrl-C (SIGINT to the whole process group, the engine child included): the host still exits cleanly", async () => {
    const runtime = useRuntimeDir();
    const root = gitRepo({ "tsconfig.json": '{"compilerOptions":{"strict":true}}\n', "src/a.ts": "export class A {}\n" });
    const env = { ...process.env, SVC_RUNTIME_DIR: runtime, NO_COLOR: "1" };
    const child = Bun.spawn([process.execPath, "--no-install", MAIN, "host", "--directory", root, "--quiet"], { env, stdout: "pipe", stderr: "pipe", detached: true });
    const ep = endpointFor(root);
    for (let i = 0; i < 200 && !existsSync(ep.registry); i++) await new Promise((r) => setTimeout(r, 50));
    const { connectHost } = await import("../../src/host/client.ts");
    // wait until the engine child runs (the checks are warm)
    for (let i = 0; i < 200; i++) {
      const client = await connectHost(root, 1000);
      const stats = await client?.call<{ checksWarm: boolean }>("svc/stats");
      client?.close();
      if (stats?.checksWarm) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    process.kill(-child.pid, "SIGINT");
    const code = await child.exited;
    const stderr = await new Response(child.stderr).text();
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" }); // a crash while stopping (EPIPE from the dead engine) shows here
    expect(existsSync(ep.registry)).toBe(false);
    delete process.env.SVC_RUNTIME_DIR;
  }, 30_000);
});

describe("delegation", () => {
  test("svc mcp serve finds or starts the workspace's host; SVC_DAEMON=0 opts out", async () => {
    const runtime = useRuntimeDir();
    const root = gitRepo({ "src/a.ts": "export class A {}\n" });
    const ep = endpointFor(root);
    // the server shares a host once the client has initialized (and declared its roots, if any)
    const serve = (extra: Record<string, string>) => {
      const child = Bun.spawn([process.execPath, "--no-install", MAIN, "mcp", "serve"], { cwd: root, env: { ...process.env, SVC_RUNTIME_DIR: runtime, ...extra }, stdin: "pipe", stdout: "pipe", stderr: "pipe" });
      child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } })}\n`);
      child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`);
      return child;
    };
    const optedOut = serve({ SVC_DAEMON: "0" });
    await new Promise((r) => setTimeout(r, 800));
    expect(existsSync(ep.registry)).toBe(false);
    optedOut.stdin.end();
    await optedOut.exited;
    const shared = serve({});
    for (let i = 0; i < 200 && !existsSync(ep.registry); i++) await new Promise((r) => setTimeout(r, 50));
    expect(existsSync(ep.registry)).toBe(true);
    shared.stdin.end();
    await shared.exited;
    const { connectHost } = await import("../../src/host/client.ts");
    const client = await connectHost(root, 2000);
    expect(client).not.toBeNull();
    await client?.call("svc/shutdown");
    client?.close();
    for (let i = 0; i < 100 && existsSync(ep.registry); i++) await new Promise((r) => setTimeout(r, 50));
    expect(existsSync(ep.registry)).toBe(false);
    delete process.env.SVC_RUNTIME_DIR;
  }, 60_000);

  test("a host speaking another protocol version is treated as absent (SVC_HOOK_VERBOSE explains)", async () => {
    useRuntimeDir();
    const root = gitRepo({ "a.ts": "export const a = 1;\n" });
    const ep = endpointFor(root, { create: true });
    const { encodeFrame } = await import("../../src/host/framing.ts");
    const fake = Bun.listen({
      unix: ep.socket,
      socket: {
        data(socket) {
          socket.write(encodeFrame({ jsonrpc: "2.0", id: 1, result: { hostVersion: "9.9.9", protocolVersion: 999, sessionToken: "t", root } }));
        },
      },
    });
    const { connectHost } = await import("../../src/host/client.ts");
    expect(await connectHost(root, 1000)).toBeNull();
    fake.stop(true);
    delete process.env.SVC_RUNTIME_DIR;
  }, 120_000);
});

describe("scope, explain and the graph overlay", () => {
  test("svc/scope payloads: 0600, own files only, expired ones swept, all removed at shutdown; explain and graph agree", async () => {
    const runtime = useRuntimeDir();
    const root = gitRepo({
      "src/a.ts": 'import { B } from "./b";\nexport class A { b = new B(); }\n',
      "src/b.ts": "export class B {\n  charge(amount: number) { return amount; }\n}\n",
      "src/c.ts": "export const unrelated = 1;\n",
    });
    const host = await startHost({ root, idleMinutes: 0, log: quietLog });
    const c = await rawClient(host.socket);
    c.send({ jsonrpc: "2.0", id: 0, method: "svc/handshake" });
    const token = (await c.next()).result.sessionToken;
    let id = 1;
    const call = async (method: string, params: Record<string, unknown>) => {
      c.send({ jsonrpc: "2.0", id: id++, method, params: { sessionToken: token, root, ...params } });
      return (await c.next(30_000)).result;
    };
    // Another host's payload in the shared folder is never touched.
    const payloads = join(runtime, "payloads");
    mkdirSync(payloads, { recursive: true, mode: 0o700 });
    const foreign = join(payloads, "scope-0000000000000000-other.xml");
    writeFileSync(foreign, "x");

    const scope = await call("svc/scope", { mode: "focus", seed: "B" });
    expect(scope.files.map((f: { path: string }) => f.path)).toEqual(["src/b.ts", "src/a.ts"]);
    expect(dirname(scope.payloadPath)).toBe(payloads);
    expect(statSync(scope.payloadPath).mode & 0o777).toBe(0o600);
    expect(statSync(payloads).mode & 0o777).toBe(0o700);
    expect(readFileSync(scope.payloadPath, "utf8")).toContain('<file path="src/b.ts" role="exact-seed"');
    expect(scope.totalTokens).toBeGreaterThan(0);

    // An hour-old payload goes with the next write; a fresh one stays.
    const old = await call("svc/scope", { mode: "search", query: "charge amount" });
    const hourAgo = new Date(Date.now() - 3_601_000);
    utimesSync(old.payloadPath, hourAgo, hourAgo);
    const fresh = await call("svc/scope", { mode: "changes" });
    expect(existsSync(old.payloadPath)).toBe(false);
    expect(existsSync(scope.payloadPath)).toBe(true);
    expect(fresh.files).toEqual([]);

    const plan = await call("svc/explain", { mode: "search", query: "charge amount" });
    expect(plan.files[0]).toMatchObject({ path: "src/b.ts", role: "exact-seed" });
    expect(plan.files[0].provenance[0]).toStartWith("seed: task candidate");
    const overlay = await call("svc/graph", { detail: "files", scopeMode: "search", query: "charge amount" });
    const roles = Object.fromEntries(overlay.nodes.map((n: { path: string; role?: string }) => [n.path, n.role ?? null]));
    expect(roles).toEqual(Object.fromEntries(["src/a.ts", "src/b.ts", "src/c.ts"].map((p) => [p, plan.files.find((f: { path: string }) => f.path === p)?.role ?? null])));

    writeFileSync(join(root, "src/c.ts"), "export const unrelated = 2;\n");
    const changes = await call("svc/graph", { detail: "files", scopeMode: "changes", since: "HEAD" });
    expect(changes.nodes.find((n: { path: string }) => n.path === "src/c.ts").role).toBe("changed");
    expect(changes.nodes.find((n: { path: string }) => n.path === "src/b.ts").role).toBeUndefined();
    c.close();
    await host.stop("done");
    expect(existsSync(scope.payloadPath)).toBe(false);
    expect(existsSync(fresh.payloadPath)).toBe(false);
    expect(existsSync(foreign)).toBe(true);
    delete process.env.SVC_RUNTIME_DIR;
  }, 120_000);
});
