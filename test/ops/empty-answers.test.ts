// Every operation of the registry, asked for something that yields nothing (an empty
// workspace, a query matching nothing, a symbol that does not exist): the answer says why it
// is empty and what to try, in the text AND in the structured result (what MCP
// structuredContent and --json carry), or it is a prefixed error that does. Never a bare
// empty list. A new operation fails here until it says which of these it is.

import { describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { call } from "../../src/engine.ts";
import { SvcError } from "../../src/errors.ts";
import { REGISTRY } from "../../src/registry/index.ts";
import { startHost } from "../../src/surfaces/host/server.ts";
import { rawClient, useRuntimeDir } from "../helpers/host.ts";
import { git, gitRepo, tempDir } from "../helpers/repo.ts";

type Explain = (data: Record<string, unknown>) => string | undefined;
const note: Explain = (d) => (d.notes as string[] | undefined)?.find((n) => n.startsWith("no files:") || n.includes("changed since"));

/** The request that yields nothing, and where the structured result says why (null: a prefixed error is the answer). */
const EMPTY: Record<string, Array<{ args: Record<string, unknown>; why: Explain | null }>> = {
  map: [{ args: {}, why: (d) => (d.symbols as { empty?: string }).empty }, { args: { detail: "routes" }, why: (d) => (d.routes as { empty?: string }).empty }],
  find: ["all", "symbol", "path", "text"].map((kind) => ({ args: { query: "zzqqxx", kind }, why: (d: Record<string, unknown>) => d.noMatches as string | undefined })),
  toc: [{ args: {}, why: (d) => d.empty as string | undefined }],
  skeleton: [{ args: {}, why: note }],
  ask: [{ args: { task: "zzqqxx frobnicate" }, why: note }],
  fuse: [{ args: {}, why: note }],
  changes: [{ args: { changedSince: "HEAD" }, why: note }],
  review: [{ args: { changedSince: "HEAD" }, why: (d) => note((d.context ?? {}) as Record<string, unknown>) }],
  index: [{ args: {}, why: (d) => d.empty as string | undefined }],
  contextDiagnostics: [{ args: {}, why: (d) => d.empty as string | undefined }],
  graph: [{ args: {}, why: (d) => d.empty as string | undefined }, { args: { detail: "directories" }, why: (d) => d.empty as string | undefined }],
  context: [{ args: { seeds: ["zzqqxx"] }, why: null }],
  impact: [{ args: { symbol: "zzqqxx" }, why: null }],
  test: [{ args: { symbol: "zzqqxx" }, why: null }],
  focus: [{ args: { focus: "zzqqxx" }, why: null }],
  search: [{ args: { query: "zzqqxx" }, why: null }],
  scope: [{ args: { mode: "search", query: "zzqqxx" }, why: null }, { args: { mode: "changes", since: "HEAD" }, why: (d) => d.empty as string | undefined }],
};

/** Operations whose answer is never an empty list (a state, a report, a verdict or a write), or that need real input to run at all. */
const NOT_A_LIST = new Set([
  "status", "doctor", "apply", "check", "checkDelta", "gate", "checkSession", "checkOverlay", "checkCapture",
  "refactor", "refactorRpc", "reduce", "openIndexed", "explain",
]);

describe("an empty answer says why and what to try, in the text and the structured result", () => {
  const root = tempDir();
  git(root, "init", "-q");
  git(root, "commit", "-q", "--allow-empty", "-m", "empty");

  test("every registered operation is covered", () => {
    const missing = REGISTRY.map((r) => r.op).filter((op) => !(op in EMPTY) && !NOT_A_LIST.has(op));
    expect(missing).toEqual([]);
  });

  test("on an empty workspace", async () => {
    const problems: string[] = [];
    for (const [op, cases] of Object.entries(EMPTY)) {
      for (const { args, why } of cases) {
        const label = `${op} ${JSON.stringify(args)}`;
        let result;
        try {
          result = await call(op, { path: root, ...args }, { surface: "mcp" });
        } catch (error) {
          if (!(error instanceof SvcError) || error.prefix === "internal_error") problems.push(`${label}: ${String(error)}`);
          else if (why !== null) problems.push(`${label}: refused (${error.formatted}) where an answer saying why was expected`);
          else if (!/svc_|try |pass /.test(error.message)) problems.push(`${label}: the refusal says nothing to try: ${error.formatted}`);
          continue;
        }
        if (why === null) continue; // an answer instead of the refusal: fine when it has content
        const reason = why(result.data as Record<string, unknown>);
        if (!reason) problems.push(`${label}: the structured result does not say why it is empty: ${JSON.stringify(result.data).slice(0, 300)}`);
        else if (!result.text.includes(reason)) problems.push(`${label}: the text does not carry the structured reason '${reason}'`);
        else if (!/check path|svc_|try |pass /.test(reason)) problems.push(`${label}: the reason says nothing to try: ${reason}`);
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);

  test("on a workspace whose sources the index could not read whole (a syntax-broken file, a minified bundle), every 'none' names them", async () => {
    const bundle = `!function(){${Array.from({ length: 3000 }, (_, i) => `function m${i}(a,b){return a*${i}+b}`).join("")}}();`;
    const broken = gitRepo({ "package.json": '{ "name": "b" }\n', "src/broken.ts": "export function broken( {\n  return 1 +;\n}\n", "src/bundle.min.js": `${bundle}\n`, "notes.md": "m1 is the first step\n" });
    // [operation, request, the files the answer must name]
    const both = ["src/broken.ts", "src/bundle.min.js"];
    const cases: [string, Record<string, unknown>, string[]][] = [
      ["map", {}, both],
      ["find", { query: "m1", kind: "symbol" }, both],
      ["find", { query: "m1", kind: "text" }, ["notes.md", "src/bundle.min.js"]], // lines found, but not every file searched
      ["find", { query: "m1" }, ["notes.md", "src/bundle.min.js"]],
      ["find", { query: "m2", kind: "text" }, ["src/bundle.min.js"]],
      ["context", { seeds: ["m1"] }, both],
      ["focus", { focus: "m1" }, both],
      ["impact", { symbol: "m1" }, both],
      ["test", { symbol: "m1" }, both],
      ["neighbors", { query: "m1", kind: "neighbors" }, both],
    ];
    const problems: string[] = [];
    for (const [op, args, named] of cases) {
      const said = await call(op === "neighbors" ? "find" : op, { path: broken, ...args }, { surface: "mcp" }).then(
        (r) => `${r.text}\n${JSON.stringify(r.data)}`,
        (e: SvcError) => e.formatted,
      );
      for (const path of named) if (!said.includes(path)) problems.push(`${op} ${JSON.stringify(args)}: claims none without naming ${path}: ${said.slice(0, 300)}`);
    }
    expect(problems).toEqual([]);
  }, 120_000);

  test("changes since a ref with an older one names that call on each surface; map routes say what was looked for", async () => {
    const repo = gitRepo({ "src/a.ts": "export const a = 1;\n" });
    git(repo, "commit", "-q", "--allow-empty", "-m", "second");
    const mcp = await call("changes", { path: repo, changedSince: "HEAD" }, { surface: "mcp" });
    expect(note(mcp.data as Record<string, unknown>)).toBe("no collected file changed since HEAD (the working tree matches it; no untracked file); try an older ref: svc_changes changedSince=HEAD~1");
    const cli = await call("changes", { path: repo, changedSince: "HEAD" }, { surface: "cli" });
    expect(cli.text).toContain("try an older ref: svc changes HEAD~1");
    const routes = await call("map", { path: repo, detail: "routes" }, { surface: "cli" });
    expect(routes.text).toBe(`routes: none: ${(routes.data as { routes: { empty: string } }).routes.empty}`);
    expect(routes.text).toStartWith("routes: none: no route registrations found under the workspace root (looked for express, koa, fastify, hono, elysia, NestJS, Bun.serve, Next.js, SvelteKit, Remix, React Router routes)");
    expect(routes.text).toContain("svc find --kind text");
    const graph = await call("graph", { path: repo, directory: "lib" }, { surface: "rpc" });
    expect(graph.text).toBe("0 files, 0 edges: no indexed file under directory 'lib' (1 file collected; top folders: src); pass directory as a folder relative to the workspace root, or leave it out for the whole graph");
    expect((await call("graph", { path: repo, directory: "." }, { surface: "rpc" })).text).toStartWith("1 files, 0 edges");
  }, 120_000);

  test("svc/graph over the host's RPC on an empty workspace says why and what to try", async () => {
    useRuntimeDir();
    const host = await startHost({ root, idleMinutes: 0, log: () => {} });
    const c = await rawClient(host.socket);
    try {
      c.send({ jsonrpc: "2.0", id: 1, method: "svc/handshake" });
      const token = (await c.next()).result.sessionToken;
      c.send({ jsonrpc: "2.0", id: 2, method: "svc/graph", params: { sessionToken: token } });
      const r = (await c.next()).result;
      expect(r).toMatchObject({ nodes: [], edges: [] });
      expect(r.empty).toStartWith("no files: nothing indexed under the workspace root can be collected");
      expect(r.empty).toContain("svc/stats"); // the status call as an RPC client makes it
    } finally {
      c.close();
      await host.stop("test done");
      delete process.env.SVC_RUNTIME_DIR;
    }
  }, 120_000);

  test("a map of a folder of docs only names what is there and what to try", async () => {
    const docs = tempDir();
    git(docs, "init", "-q");
    writeFileSync(`${docs}/README.md`, "# notes\n");
    git(docs, "add", "-A");
    git(docs, "commit", "-qm", "docs");
    const r = await call("map", { path: docs }, { surface: "mcp" });
    const empty = (r.data as { symbols: { empty?: string } }).symbols.empty;
    expect(empty).toStartWith("none of the 1 indexed file under the workspace root (markdown 1) declares a top-level symbol");
    expect(empty).toContain("svc_find kind=text");
    expect(r.text).toContain(`  none: ${empty}`);
  }, 120_000);
});
