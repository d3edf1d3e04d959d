// The MCP server is bound to the workspace it was started for: every registered tool that
// takes `path` refuses /etc, `..`, a sibling directory and a symlink out of the repository
// with `workspace_not_allowed:`, as do path-valued parameters (reduce's files, apply's
// file); `--allow-root` widens it; a client's declared roots (roots/list, list_changed)
// replace the start directory's workspace.

import { describe, expect, test } from "bun:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ListRootsRequestSchema, type Tool } from "@modelcontextprotocol/sdk/types.js";
import { chmodSync, existsSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { REGISTRY } from "../../src/registry/index.ts";
import { tokenCounter } from "../../src/text/tokens.ts";
import { git, tempDir, writeFiles } from "../helpers/repo.ts";

const MAIN = join(import.meta.dir, "..", "..", "src", "main.ts");

interface Fixture {
  parent: string;
  repo: string;
  sibling: string;
}

function fixture(): Fixture {
  const parent = tempDir("svc-confine-");
  const repo = join(parent, "repo");
  const sibling = join(parent, "sibling");
  for (const dir of [repo, sibling]) {
    mkdirSync(dir);
    git(dir, "init", "-q");
    writeFiles(dir, { "src/a.ts": "export function a(): number {\n  return 1;\n}\n" });
    git(dir, "add", "-A");
    git(dir, "commit", "-qm", "initial");
  }
  symlinkSync(sibling, join(repo, "elsewhere"));
  return { parent, repo, sibling };
}

async function connect(cwd: string, args: string[] = [], roots?: { current: string[] }): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ["--no-install", MAIN, "mcp", "serve", ...args],
    cwd,
    stderr: "pipe",
    env: { ...(process.env as Record<string, string>), SVC_DAEMON: "0", SVC_RUNTIME_DIR: tempDir("svc-confine-run-") },
  });
  const client = new Client({ name: "t", version: "1" }, roots ? { capabilities: { roots: { listChanged: true } } } : {});
  if (roots) client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: roots.current.map((dir) => ({ uri: /^[a-z]+:/i.test(dir) ? dir : pathToFileURL(dir).href })) }));
  await client.connect(transport);
  return client;
}

/** A value of the schema's type for every required parameter, so a call gets past argument validation. */
function filler(tool: Tool): Record<string, unknown> {
  const props = (tool.inputSchema.properties ?? {}) as Record<string, { type?: string; enum?: string[] }>;
  const out: Record<string, unknown> = {};
  for (const name of tool.inputSchema.required ?? []) {
    const p = props[name] ?? {};
    out[name] = p.enum ? p.enum[0] : p.type === "integer" || p.type === "number" ? 1 : p.type === "boolean" ? false : p.type === "array" ? ["x"] : p.type === "object" ? {} : "x";
  }
  return out;
}

/** Every (tool, action) pair whose tool takes `path`, walked from tools/list (the registry). */
function pathRoutes(tools: Tool[]): { tool: Tool; action?: string }[] {
  const routes: { tool: Tool; action?: string }[] = [];
  for (const tool of tools) {
    const props = (tool.inputSchema.properties ?? {}) as Record<string, { enum?: string[] }>;
    if (!props.path) continue;
    const actions = props.action?.enum ?? [undefined];
    for (const action of actions) routes.push({ tool, ...(action ? { action } : {}) });
  }
  return routes;
}

async function text(client: Client, name: string, args: Record<string, unknown>): Promise<{ isError: boolean; text: string }> {
  const result = await client.callTool({ name, arguments: args });
  return { isError: result.isError === true, text: (result.content as { text?: string }[])[0]?.text ?? "" };
}

describe("MCP workspace confinement", () => {
  test("every tool that takes path refuses /etc, .., a sibling and a symlink out; path-valued parameters too; nothing is indexed or written outside", async () => {
    const { parent, repo, sibling } = fixture();
    const client = await connect(repo);
    try {
      const routes = pathRoutes((await client.listTools()).tools);
      expect(routes.length).toBeGreaterThanOrEqual(20);
      const outside = ["/etc", "..", sibling, join(repo, "elsewhere"), join(parent, "not-there")];
      let calls = 0;
      for (const { tool, action } of routes) {
        for (const path of outside) {
          const answer = await text(client, tool.name, { ...filler(tool), ...(action ? { action } : {}), path });
          calls++;
          expect({ tool: tool.name, action, path, isError: answer.isError, text: answer.text.split(":")[0] }).toEqual({ tool: tool.name, action, path, isError: true, text: "workspace_not_allowed" });
        }
      }
      expect(calls).toBe(routes.length * outside.length);
      // path-valued parameters inside an allowed path
      const reduce = await text(client, "svc_reduce", { path: repo, files: ["/etc/hostname"] });
      expect(reduce.text).toStartWith("workspace_not_allowed: /etc/hostname is not a workspace this server was started for");
      // named inside the repository, carried out by a link: refused as leaving the root (the link named), whatever the policy
      expect((await text(client, "svc_reduce", { path: repo, files: ["elsewhere/src/a.ts"] })).text).toStartWith(`validation_error: refusing to reduce 'elsewhere/src/a.ts': it resolves outside the workspace root ${repo} (a symbolic link leads out of it`);
      expect((await text(client, "svc_reduce", { path: "/etc", files: ["shadow"] })).text).toStartWith("workspace_not_allowed:");
      // every path-valued parameter a tool takes, walked from the registry: a name inside the repository that a link carries out is refused as such
      const tools = (await client.listTools()).tools;
      const valued = REGISTRY.flatMap((spec) =>
        spec.params
          .filter((p) => p.shape === "path")
          .flatMap((p) => (spec.mcp ?? []).filter((b) => (!b.params || b.params.includes(p.name)) && !(p.name in (b.fixed ?? {}))).map((binding) => ({ spec, param: p, binding }))),
      );
      expect(valued.map(({ spec, param, binding }) => `${binding.tool}${binding.action ? `:${binding.action}` : ""}.${param.name} (${spec.op})`).sort()).toEqual(["svc_check.file (check)", "svc_context.files (context)", "svc_reduce.files (reduce)", "svc_refactor.file (refactor)", "svc_workspace:apply.file (apply)"]);
      for (const { param, binding } of valued) {
        const tool = tools.find((t) => t.name === binding.tool)!;
        // what each needs beside the file to get as far as reading it: the edit's content, an operation that takes a file
        const needs: Record<string, Record<string, unknown>> = { svc_workspace: { content: "export const x = 1;\n" }, svc_check: { content: "export const x = 1;\n" }, svc_refactor: { operation: "organize-imports" } };
        const args = { ...filler(tool), ...(binding.action ? { action: binding.action } : {}), ...needs[tool.name], path: repo };
        for (const named of ["elsewhere/src/a.ts", "elsewhere/src/new.ts", "elsewhere"]) {
          const answer = await text(client, tool.name, { ...args, [param.name]: param.type === "string[]" ? [named] : named });
          expect({ tool: tool.name, param: param.name, named, refused: answer.text.startsWith("validation_error: refusing to ") && answer.text.includes(`'${named}': it resolves outside the workspace root ${repo} (a symbolic link leads out of it`) }).toEqual({ tool: tool.name, param: param.name, named, refused: true });
        }
      }
      const apply = await text(client, "svc_workspace", { action: "apply", path: repo, file: "../sibling/new.ts", content: "export const x = 1;\n", write: true });
      expect(apply.text).toStartWith("workspace_not_allowed:");
      expect(existsSync(join(sibling, "new.ts"))).toBe(false);
      expect((await text(client, "svc_check", { path: repo, file: join(sibling, "src/a.ts"), content: "export const y = 2;\n" })).text).toStartWith("workspace_not_allowed:");
      // the served workspace itself still works, relative and absolute
      expect((await text(client, "svc_toc", {})).isError).toBe(false);
      expect((await text(client, "svc_reduce", { path: repo, files: ["src/a.ts"] })).isError).toBe(false);
      // a path inside the repository that does not exist is a plain not-found
      expect((await text(client, "svc_toc", { path: join(repo, "missing") })).text).toStartWith("workspace_not_found:");
      for (const dir of [parent, sibling, "/etc"]) expect(existsSync(join(dir, ".svc"))).toBe(false);
    } finally {
      await client.close();
    }
  }, 240_000);

  test("--allow-root widens the served roots: the same calls are no longer refused", async () => {
    const { parent, repo, sibling } = fixture();
    const client = await connect(repo, ["--allow-root", parent, "--allow-root", "/etc"]);
    try {
      const routes = pathRoutes((await client.listTools()).tools);
      for (const { tool, action } of routes) {
        for (const path of ["..", sibling, join(repo, "elsewhere")]) {
          const answer = await text(client, tool.name, { ...filler(tool), ...(action ? { action } : {}), path });
          expect({ tool: tool.name, action, path, text: answer.text.slice(0, 22) }).not.toEqual({ tool: tool.name, action, path, text: "workspace_not_allowed:" });
        }
      }
      // /etc is read without being indexed (reduce reads the named files only)
      const reduce = await text(client, "svc_reduce", { path: "/etc", files: ["hostname"] });
      expect(reduce.isError).toBe(false);
      expect(existsSync("/etc/.svc")).toBe(false);
    } finally {
      await client.close();
    }
  }, 240_000);

  test("a client's declared roots replace the start directory's workspace, and follow roots/list_changed", async () => {
    const { repo, sibling } = fixture();
    const roots = { current: [join(sibling, "src")] };
    const client = await connect(repo, [], roots);
    try {
      // a declared folder inside a repository serves that repository
      expect((await text(client, "svc_toc", { path: sibling })).isError).toBe(false);
      expect((await text(client, "svc_toc", { path: repo })).text).toStartWith("workspace_not_allowed:");
      roots.current = [repo];
      await client.sendRootsListChanged();
      expect((await text(client, "svc_toc", { path: repo })).isError).toBe(false);
      expect((await text(client, "svc_toc", { path: sibling })).text).toStartWith("workspace_not_allowed:");
    } finally {
      await client.close();
    }
  }, 120_000);

  test("after an explicit --root, declared roots narrow it but never move it elsewhere (an --allow-root admits one)", async () => {
    const { repo, sibling } = fixture();
    const client = await connect(repo, ["--root", repo], { current: [sibling] });
    try {
      expect((await text(client, "svc_toc", { path: sibling })).text).toStartWith(`workspace_not_allowed: ${sibling} is not a workspace this server was started for (it serves ${repo};`);
      expect((await text(client, "svc_toc", { path: repo })).isError).toBe(false);
      expect(existsSync(join(sibling, ".svc"))).toBe(false);
    } finally {
      await client.close();
    }
    const widened = await connect(repo, ["--root", repo, "--allow-root", sibling], { current: [sibling] });
    try {
      expect((await text(widened, "svc_toc", { path: sibling })).isError).toBe(false);
    } finally {
      await widened.close();
    }
  }, 120_000);

  test("a client whose declared roots are all refused is served the start workspace, and every tool's answer says so: the roots refused and why, the workspace it is about", async () => {
    const { repo, sibling } = fixture();
    // the answers came from repo, silently (only stderr said the declared root was refused): an agent took them for its root's
    const client = await connect(repo, ["--root", repo], { current: [sibling] });
    try {
      const note = `the client's declared root ${sibling} (svc was started with --root ${repo}, and a client's roots may narrow that, not move it; --allow-root ${sibling} admits it) is not served, so this answer is about ${repo}, the workspace svc was started for, not a declared root`;
      const tools = (await client.listTools()).tools;
      let calls = 0;
      for (const tool of tools) {
        const actions = ((tool.inputSchema.properties ?? {}) as Record<string, { enum?: string[] }>).action?.enum ?? [undefined];
        for (const action of actions) {
          const answer = await text(client, tool.name, { ...filler(tool), ...(action ? { action } : {}) });
          calls++;
          // an answer leads with the note; an error (symbol_not_found in a workspace the agent did not mean) says it on its line
          const said = answer.isError ? !answer.text.includes("\n") && answer.text.includes(note) : answer.text.startsWith(`<!-- svc: warning: ${note}`);
          expect({ tool: tool.name, action, said, text: said ? "" : answer.text.slice(0, 300) }).toEqual({ tool: tool.name, action, said: true, text: "" });
        }
      }
      expect(calls).toBeGreaterThanOrEqual(20);
      // naming the refused root: refused, with why
      expect((await text(client, "svc_toc", { path: sibling })).text).toStartWith(`workspace_not_allowed: ${sibling} is not a workspace this server was started for (it serves ${repo}; --allow-root <dir> widens it; not served: the client's declared root ${sibling} (svc was started with --root`);
    } finally {
      await client.close();
    }
    // once a declared root is served, no note
    const served = await connect(repo, [], { current: [repo] });
    try {
      expect((await text(served, "svc_toc", {})).text).not.toContain("not served");
    } finally {
      await served.close();
    }
  }, 240_000);

  test("under a tiny budget the refused-roots note keeps its meaning in short (it was cut to \"[cut]\"): every tool with a budget says what its answer is about", async () => {
    const { repo, sibling } = fixture();
    const client = await connect(repo, ["--root", repo], { current: [sibling] });
    try {
      const full = `is not served, so this answer is about ${repo}`;
      const short = `not your declared root: about ${repo}`;
      const problems: string[] = [];
      let calls = 0;
      for (const tool of (await client.listTools()).tools) {
        const props = (tool.inputSchema.properties ?? {}) as Record<string, { enum?: string[] }>;
        const budget = props.maxTokens ? "maxTokens" : props.tokenBudget ? "tokenBudget" : null;
        if (!budget) continue;
        for (const action of props.action?.enum ?? [undefined]) {
          for (const tokens of [100, 150]) {
            const answer = await text(client, tool.name, { ...filler(tool), ...(action ? { action } : {}), [budget]: tokens });
            calls++;
            if (!answer.text.includes(full) && !answer.text.includes(short)) problems.push(`${tool.name}${action ? ` ${action}` : ""} ${budget}=${tokens}: ${answer.text.slice(0, 200)}`);
          }
        }
      }
      expect(problems).toEqual([]);
      expect(calls).toBeGreaterThanOrEqual(20);
    } finally {
      await client.close();
    }
  }, 240_000);

  test("a refused declared root is named as the client declared it (never where a link of it leads), and the refusal is held to maxTokens", async () => {
    const { repo, sibling } = fixture();
    const declared = join(repo, "elsewhere"); // a link to sibling, outside the workspace
    const client = await connect(repo, ["--root", repo], { current: [declared] });
    try {
      const answer = await text(client, "svc_toc", {});
      expect(answer.text).toStartWith(`<!-- svc: warning: the client's declared root ${declared} (svc was started with --root ${repo}`);
      expect(answer.text).not.toContain(sibling);
      // refused before the engine runs: it named every refused root, why, and ran ~hundreds of tokens past the budget
      const counter = await tokenCounter();
      for (const maxTokens of [50, 80]) {
        const refused = await text(client, "svc_toc", { path: sibling, maxTokens });
        expect(refused.text).toStartWith(`workspace_not_allowed: ${sibling} is not a workspace`);
        expect(counter.count(refused.text)).toBeLessThanOrEqual(maxTokens);
      }
    } finally {
      await client.close();
    }
  }, 120_000);

  test("a declared root URI's '..' (also percent-encoded) and trailing slash are normalized to the folder it names, nothing wider", async () => {
    const { parent, repo, sibling } = fixture();
    const client = await connect(repo, [], { current: [`${pathToFileURL(sibling).href}/%2e%2e/repo/src/`] });
    try {
      expect((await text(client, "svc_toc", { path: repo })).isError).toBe(false);
      for (const path of [sibling, parent]) expect((await text(client, "svc_toc", { path })).text).toStartWith(`workspace_not_allowed: ${path} is not a workspace this server was started for (it serves ${repo};`);
    } finally {
      await client.close();
    }
  }, 120_000);

  test("a declared root in another form (https:, file:/x) is set aside alone: the client's other roots are served, not the start folder", async () => {
    const { repo, sibling } = fixture();
    // the SDK's schema refused the whole roots/list answer for one such root, and the server kept serving its start folder (repo), silently
    const client = await connect(repo, [], { current: ["https://example.com/project", `file:${join(sibling, "src")}`] });
    try {
      expect((await text(client, "svc_toc", { path: sibling })).isError).toBe(false);
      expect((await text(client, "svc_toc", { path: repo })).text).toStartWith(`workspace_not_allowed: ${repo} is not a workspace this server was started for (it serves ${sibling};`);
    } finally {
      await client.close();
    }
  }, 120_000);

  test("a declared root that is not served is named on stderr redacted (a token in its path was written whole)", async () => {
    const { repo } = fixture();
    const token = "ghp_" + "Rk3Vw8Ln2Qx7Tz5Hm9Bc4Fd1Gs6Jp0Ya2Ue8Wi";
    let stderr = "";
    const transport = new StdioClientTransport({ command: process.execPath, args: ["--no-install", MAIN, "mcp", "serve"], cwd: repo, stderr: "pipe", env: { ...(process.env as Record<string, string>), SVC_DAEMON: "0", SVC_RUNTIME_DIR: tempDir("svc-confine-run-") } });
    transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const client = new Client({ name: "t", version: "1" }, { capabilities: { roots: { listChanged: true } } });
    client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: [{ uri: `file:///nonexistent/${token}/app` }, { uri: pathToFileURL(repo).href }] }));
    await client.connect(transport);
    try {
      expect((await text(client, "svc_toc", { path: repo })).isError).toBe(false);
      expect(stderr).toContain("is not served");
      expect(stderr).toContain("[REDACTED:github-token]");
      expect(stderr).not.toContain(token.slice(4, 16));
    } finally {
      await client.close();
    }
  }, 120_000);

  test("a client that declares / (or a world-writable folder) as its root widens nothing: the started workspace stays the one served", async () => {
    const { parent, repo, sibling } = fixture();
    const shared = tempDir("svc-confine-shared-");
    chmodSync(shared, 0o1777);
    for (const declared of ["/", shared]) {
      const client = await connect(repo, [], { current: [declared] });
      try {
        for (const path of [sibling, "/etc", parent]) expect((await text(client, "svc_toc", { path })).text).toStartWith(`workspace_not_allowed: ${path} is not a workspace this server was started for (it serves ${repo};`);
        const answer = await text(client, "svc_toc", { path: repo });
        expect(answer.isError).toBe(false);
        expect(answer.text).toStartWith(`<!-- svc: warning: the client's declared root ${declared} (the filesystem root, a home folder or a folder every user may write is not one workspace; declare the project folder) is not served, so this answer is about ${repo}`);
        expect(existsSync(join(sibling, ".svc"))).toBe(false);
      } finally {
        await client.close();
      }
    }
  }, 120_000);

  test("started outside what it serves (a client launching in its home folder) with one root declared, an omitted or relative path is that root", async () => {
    const { repo, sibling } = fixture();
    const shared = tempDir("svc-confine-shared-");
    chmodSync(shared, 0o1777); // not a workspace, as a home folder is not
    const roots = { current: [repo] };
    const client = await connect(shared, [], roots);
    try {
      // `.` was the launch folder, refused, though the answer could only be about the one project declared
      expect((await text(client, "svc_toc", {})).isError).toBe(false);
      expect((await text(client, "svc_reduce", { files: ["src/a.ts"] })).text).toContain("export function a(): number");
      expect((await text(client, "svc_reduce", { path: "src", files: ["a.ts"] })).isError).toBe(false);
      // two roots: which one `.` means is not known; the launch folder stays, refused, naming both
      roots.current = [repo, sibling];
      await client.sendRootsListChanged();
      expect((await text(client, "svc_toc", {})).text).toStartWith(`workspace_not_allowed: ${shared} is not a workspace this server was started for (it serves ${repo}, ${sibling};`);
    } finally {
      await client.close();
    }
  }, 120_000);

  test("a server started in a folder every user may write (a temp folder) serves nothing until told", async () => {
    const shared = tempDir("svc-confine-shared-");
    chmodSync(shared, 0o1777);
    mkdirSync(join(shared, "other-user"));
    writeFileSync(join(shared, "other-user", "notes.txt"), "private\n");
    const client = await connect(shared);
    try {
      const answer = await text(client, "svc_reduce", { path: shared, files: ["other-user/notes.txt"] });
      expect(answer.text).toStartWith(`workspace_not_allowed: ${shared} is not a workspace this server was started for (it serves no workspace yet`);
    } finally {
      await client.close();
    }
  }, 120_000);

  test("a server started in / (as some clients do) serves nothing until told: --root or declared roots", async () => {
    const { repo } = fixture();
    const client = await connect("/");
    try {
      for (const path of ["/", "/etc", repo]) {
        const answer = await text(client, "svc_toc", { path });
        expect(answer.text).toStartWith(`workspace_not_allowed: ${path} is not a workspace this server was started for (it serves no workspace yet: start it in a project folder or with --root <dir>, or declare MCP roots`);
      }
    } finally {
      await client.close();
    }
    const rooted = await connect("/", ["--root", repo]);
    try {
      // relative paths resolve against --root
      expect((await text(rooted, "svc_reduce", { files: ["src/a.ts"] })).isError).toBe(false);
      expect((await text(rooted, "svc_toc", { path: "/etc" })).text).toStartWith(`workspace_not_allowed: /etc is not a workspace this server was started for (it serves ${repo};`);
    } finally {
      await rooted.close();
    }
  }, 120_000);

  test("the CLI, run by the user in a shell, is not confined", async () => {
    const { repo, sibling } = fixture();
    const { runSvc } = await import("../helpers/cli.ts");
    const run = runSvc(["toc", sibling, "--json"], { cwd: repo });
    expect(run.stderr).not.toContain("workspace_not_allowed");
    expect(run.code).toBe(0);
  }, 60_000);
});
