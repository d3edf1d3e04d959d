// Bad input on every surface, walking the registry: every operation, every parameter, given
// values of the wrong type, out of range, empty, huge, with NUL or control characters, names of
// files that do not exist, folders, binary files, `..` and unicode names, and a parameter it does
// not take — through the engine, one stdio MCP server (the SDK's client), one host (JSON-RPC on
// its socket) and the CLI. Each answer is one prefixed line (never a stack, never internal_error
// for input validation could judge), the same kind of answer on every surface that takes the
// value (an error with the same prefix, or an answer), the right JSON-RPC code and CLI exit code,
// structuredContent that conforms to the tool's outputSchema whenever it is sent, and nothing
// written to the working tree. A new operation or parameter is probed without anyone listing it.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import Ajv from "ajv";
import { call } from "../src/engine.ts";
import { ERROR_PREFIXES, SvcError } from "../src/errors.ts";
import { BAD_ROOT, RPC } from "../src/host/protocol.ts";
import { appliesRules, type ParamSpec } from "../src/params.ts";
import { operation, REGISTRY, type McpBinding, type OperationSpec } from "../src/registry/index.ts";
import { startHost, type RunningHost } from "../src/surfaces/host/server.ts";
import { cliArgv, runCliHere, runSvc } from "./helpers/cli.ts";
import { hostToken, rawClient, useRuntimeDir, type RawClient } from "./helpers/host.ts";
import { git, gitRepo } from "./helpers/repo.ts";

const MAIN = join(import.meta.dir, "..", "src", "main.ts");

/** An answer reduced to its kind: "ok", or the error's prefix; with the message for the report. */
interface Outcome {
  kind: string;
  message: string;
}

const ok = (text: string): Outcome => ({ kind: "ok", message: text });

/** One probe: a value for one parameter (null: a parameter the call does not take). */
interface Case {
  what: string;
  param: string | null;
  value: unknown;
  /** Validation can judge it without running the operation: every surface must answer validation_error. */
  invalid: boolean;
  /** Other parameters the case sets (the one it conflicts with). */
  also?: Record<string, unknown>;
}

const MB = 1024 * 1024;

/** Paths as a shell or a URI spells them, which name something else here (apply created `~/x.ts` and `file:/etc/passwd` in the workspace). */
const PATH_FORMS: Array<[string, unknown]> = [
  ["a home-folder path", "~/.ssh/id_rsa"],
  ["another user's home folder", "~root/x.ts"],
  ["a file: URI", "file:///etc/passwd"],
];

/** The bad values of one parameter, by its type: each is refused by validation whatever the operation. */
function invalidValues(p: ParamSpec): Array<[string, unknown]> {
  switch (p.type) {
    case "string":
      return [
        ["an array", ["a", "b"]],
        ["an object", { a: 1 }],
        ...(p.rawText ? [] : ([["1 MB", "x".repeat(MB)], ["a NUL", "to\0tal"], ["half a character (a lone surrogate)", "src/\ud800.ts"]] as Array<[string, unknown]>)),
        ...(p.shape ? ([["control characters", "a\x1b[2Jb"]] as Array<[string, unknown]>) : []),
        ...(p.shape === "path" ? PATH_FORMS : []),
        ...(p.shape === "extension" ? ([["a glob", "*.ts"], ["a path", "../x.ts"]] as Array<[string, unknown]>) : []),
      ];
    case "int":
      return [["text", "abc"], ["negative", -1], ["a fraction", 1.5], ["huge", 1e308], ["a boolean", true], ...((p.min ?? 0) > 0 ? ([["zero", 0]] as Array<[string, unknown]>) : [])];
    case "bool":
      return [["text", "yes"], ["a number", 1]];
    case "enum":
      return [["an unknown value", "no-such-value"], ["a number", 5], ["empty", ""]];
    case "string[]":
      return [
        ["an object", { a: 1 }],
        ["a list of objects", [{}]],
        ["an item with NUL", ["a\0b"]],
        ["an item with half a character", ["src/math.ts", "\udc00"]],
        ["an empty item beside a real one", ["src/math.ts", ""]],
        ["an item of spaces", ["  "]],
        ...(p.shape === "extension" ? ([["a glob item", [".md", "*.ts"]], ["a path item", ["src/a.ts"]]] as Array<[string, unknown]>) : []),
        ...(p.shape === "path" ? PATH_FORMS.map(([what, value]): [string, unknown] => [`${what} item`, ["src/math.ts", value]]) : []),
      ];
    case "object":
      return [["an array", []], ["text", "x"]];
    case "object[]":
      return [["a number", 5], ["a list of numbers", [5]]];
  }
}

/** Names of things on disk for the parameters that take a file, folder, seed or query: validation passes them; the operation answers or refuses, the same way everywhere. */
const NAMES: Array<[string, string]> = [
  ["a missing file", "no/such/file.ts"],
  ["a folder", "src"],
  ["a binary file", "data.bin"],
  ["a FIFO", "pipe"],
  ["a path with ..", "../outside.ts"],
  ["a unicode name", "src/ünï/ä.ts"],
  ["control characters", "a\x01\x1b[31mb"],
  ["only spaces", "   "],
];

/** A value of `p` other than its default (for a parameter passed where it means nothing). */
function otherValue(p: ParamSpec): unknown {
  if (p.type === "bool") return !(p.default ?? false);
  if (p.type === "enum") return p.values?.find((v) => v !== p.default);
  if (p.type === "int") {
    const value = Math.max(p.min ?? 1, p.orAtLeast ?? 1, 2) + 1;
    return value === p.default ? value + 1 : value;
  }
  if (p.type === "string[]") return p.shape === "extension" ? [".ts"] : ["src/math.ts"];
  return p.shape === "ref" ? "HEAD" : p.shape === "sessionId" ? "s1" : "src/math.ts";
}

/** Conflicting parameters: one passed while another has a value with which it means nothing (appliesWith) — refused, never ignored. */
function conflicts(spec: OperationSpec): Case[] {
  const out: Case[] = [];
  for (const p of spec.params) {
    for (const rule of appliesRules(p)) {
      const other = spec.params.find((o) => o.name === rule.param);
      if (!other) continue;
      if (rule.unset) {
        out.push({ what: `with ${other.name} set`, param: p.name, value: otherValue(p), invalid: true, also: { [other.name]: otherValue(other) } });
        continue;
      }
      if (!rule.values) continue;
      const takes = other.type === "bool" ? ["true", "false"] : (other.values ?? []);
      const without = takes.find((v) => !rule.values?.includes(v));
      if (without === undefined) continue;
      out.push({ what: `with ${other.name}=${without}`, param: p.name, value: otherValue(p), invalid: true, also: { [other.name]: other.type === "bool" ? without === "true" : without } });
    }
  }
  return out;
}

function cases(spec: OperationSpec): Case[] {
  const out: Case[] = [{ what: "an unknown parameter", param: null, value: 1, invalid: true }, ...conflicts(spec)];
  for (const p of spec.params) {
    for (const [what, value] of invalidValues(p)) out.push({ what, param: p.name, value, invalid: true });
    if (p.name === "path") continue; // names of folders: the workspace is probed on its own below
    // names of things on disk for the parameters that take a file, a folder, a seed or a query (a path's control characters are refused above)
    if (p.type === "string" && !p.rawText && (!p.shape || p.shape === "path")) for (const [what, value] of NAMES) if (!(p.shape && what === "control characters")) out.push({ what, param: p.name, value, invalid: false });
    if (p.type === "string[]") for (const [what, value] of NAMES.slice(0, 5)) out.push({ what: `[${what}]`, param: p.name, value: [value], invalid: false });
  }
  return out;
}

/** The least request that passes validation: every required parameter set to something real. */
function baseArgs(spec: OperationSpec, root: string): Record<string, unknown> {
  const args: Record<string, unknown> = { path: root };
  for (const p of spec.params) {
    if (!p.required || p.name === "path") continue;
    args[p.name] = p.type === "object" ? { operation: "organize-imports", file: "src/math.ts" } : p.shape === "ref" ? "HEAD" : p.name === "file" ? "src/math.ts" : "total";
  }
  return args;
}

function argsOf(spec: OperationSpec, root: string, c: Case): Record<string, unknown> {
  return { ...baseArgs(spec, root), ...c.also, [c.param ?? "notAParameter"]: c.value };
}

/** The MCP tool (and action) that takes this parameter of the operation, or null. */
function mcpRoute(spec: OperationSpec, param: string | null): McpBinding | null {
  for (const b of spec.mcp ?? []) {
    if (param === null || ((!b.params || b.params.includes(param)) && !(param in (b.fixed ?? {})))) return b;
  }
  return null;
}

const STACK = /\n\s+at |\bat .+\.ts:\d+|Error: .*\n/;

/** Problems with one error line, whichever surface carried it: a known prefix, one line, no stack, not the input echoed whole. */
function lineProblems(where: string, line: string): string[] {
  const problems: string[] = [];
  if (!(ERROR_PREFIXES as readonly string[]).includes(line.split(":")[0] ?? "")) problems.push(`${where}: no known prefix: ${line.slice(0, 300)}`);
  if (line.includes("\n") || STACK.test(line)) problems.push(`${where}: not one line / a stack: ${line.slice(0, 300)}`);
  if (line.length > 2200) problems.push(`${where}: ${line.length} characters (the input echoed?)`);
  return problems;
}

/** The files of the working tree (not .git, not .svc) with their sizes and modification times. */
function treeSnapshot(root: string): string {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      if (name === ".git" || name === ".svc") continue;
      const abs = join(dir, name);
      const st = statSync(abs);
      if (st.isDirectory()) walk(abs);
      else out.push(`${abs.slice(root.length)} ${st.size} ${st.mtimeMs}`);
    }
  };
  walk(root);
  return out.join("\n");
}

/**
 * The one difference by design: the MCP server is confined to the workspaces it serves, and a
 * path named outside them is refused as such (workspace_not_allowed, workspace/confine.ts) where the
 * unconfined engine refuses it as leaving the workspace root (validation_error).
 */
function confinedByMcp(surface: string, got: Outcome, engine: Outcome): boolean {
  return surface === "MCP" && got.kind === "workspace_not_allowed" && engine.kind === "validation_error" && /resolves outside the workspace root/.test(engine.message);
}

describe("bad input on every surface", () => {
  let root: string;
  let host: RunningHost;
  let token: string;
  let rpc: RawClient;
  let mcp: Client;
  let schemas: Map<string, (data: unknown) => boolean>;
  const ajv = new Ajv({ strict: false });
  let rpcId = 1;

  beforeAll(async () => {
    useRuntimeDir();
    root = gitRepo({
      "src/math.ts": "export function total(a: number, b: number): number {\n  return a + b;\n}\n",
      "src/use.ts": 'import { total } from "./math";\nexport const three = total(1, 2);\n',
      "src/ünï/ä.ts": "export const ä = 1;\n",
      "data.bin": new Uint8Array([0, 1, 2, 255, 0, 0, 3, 4]),
      "package.json": '{"name":"bad-input"}\n',
    });
    // a named pipe: reading it waits for a writer for ever (reduce's files did)
    expect(Bun.spawnSync(["mkfifo", join(root, "pipe")]).exitCode).toBe(0);
    await call("index", { path: root });
    host = await startHost({ root, idleMinutes: 0, log: () => {} });
    token = await hostToken(host.socket);
    rpc = await rawClient(host.socket);
    mcp = new Client({ name: "bad-input", version: "1" });
    await mcp.connect(new StdioClientTransport({ command: process.execPath, args: ["--no-install", MAIN, "mcp", "serve"], cwd: root, env: { ...(process.env as Record<string, string>), SVC_DAEMON: "0" }, stderr: "ignore" }));
    schemas = new Map((await mcp.listTools()).tools.map((t) => [t.name, ajv.compile(t.outputSchema ?? { type: "object" })]));
  }, 120_000);

  afterAll(async () => {
    rpc?.close();
    await mcp?.close();
    await host?.stop("test done");
    delete process.env.SVC_RUNTIME_DIR;
  });

  async function viaEngine(spec: OperationSpec, args: Record<string, unknown>): Promise<Outcome> {
    return viaEngineIn(process.cwd(), spec, args);
  }

  /** The engine called as a surface would from `cwd` (the MCP server and the CLI run in the workspace). */
  async function viaEngineIn(cwd: string, spec: OperationSpec, args: Record<string, unknown>): Promise<Outcome> {
    try {
      return ok((await call(spec.op, args, { cwd })).text);
    } catch (error) {
      if (!(error instanceof SvcError)) return { kind: "not an SvcError", message: String(error).slice(0, 300) };
      return { kind: error.prefix, message: error.formatted };
    }
  }

  async function viaMcp(binding: McpBinding, args: Record<string, unknown>, problems: string[], where: string): Promise<Outcome> {
    const { path, ...rest } = args;
    const fixed = Object.keys(binding.fixed ?? {});
    const callArgs = { ...(binding.action ? { action: binding.action } : {}), path, ...Object.fromEntries(Object.entries(rest).filter(([k]) => !fixed.includes(k))) };
    let result: Awaited<ReturnType<Client["callTool"]>>;
    try {
      result = await mcp.callTool({ name: binding.tool, arguments: callArgs }, undefined, { timeout: 120_000 });
    } catch (error) {
      // the SDK's client refuses structuredContent that does not conform to the tool's outputSchema
      problems.push(`${where} MCP: the call failed: ${String(error).slice(0, 300)}`);
      return { kind: "protocol error", message: String(error).slice(0, 200) };
    }
    const text = (result.content as { type: string; text?: string }[]).map((c) => c.text ?? "").join("");
    if (result.structuredContent !== undefined && !schemas.get(binding.tool)?.(result.structuredContent)) problems.push(`${where} MCP: structuredContent does not conform to ${binding.tool}'s outputSchema`);
    if (!result.isError) {
      if (result.structuredContent === undefined) problems.push(`${where} MCP: an answer without structuredContent`);
      return ok(text);
    }
    problems.push(...lineProblems(`${where} MCP`, text));
    return { kind: text.split(":")[0] ?? "", message: text };
  }

  /** The host answers for its root: `path` is sent only when `withPath` (it is then refused unless it is the root). */
  async function viaRpc(method: string, args: Record<string, unknown>, problems: string[], where: string, withPath = false): Promise<Outcome> {
    const { path, ...rest } = args;
    if (withPath) rest.path = path;
    rpc.send({ jsonrpc: "2.0", id: rpcId++, method, params: { sessionToken: token, ...rest } });
    const reply = await rpc.next(120_000);
    if (!reply) throw new Error("the host closed the connection");
    if (!reply.error) return ok(JSON.stringify(reply.result));
    const { code, message, data } = reply.error as { code: number; message: string; data?: { prefix: string; message: string } };
    problems.push(...lineProblems(`${where} RPC`, message));
    const prefix = data?.prefix ?? "";
    if (`${prefix}: ${data?.message}` !== message) problems.push(`${where} RPC: error.data does not restate the message: ${JSON.stringify(reply.error).slice(0, 300)}`);
    const expected = prefix === "validation_error" ? RPC.invalidParams : RPC.operationError;
    if (code !== expected) problems.push(`${where} RPC: code ${code} for ${prefix} (expected ${expected})`);
    return { kind: prefix, message };
  }

  async function viaCli(spec: OperationSpec, args: Record<string, unknown>, problems: string[], where: string): Promise<Outcome | null> {
    const argv = cliArgv(spec, args);
    if (!argv) return null;
    const run = await runCliHere([...argv, "--quiet", "--cwd", root]); // run in the workspace, as the MCP server is: a call that names no path works there, not in this checkout
    if (run.code === 0) return ok(run.stdout);
    const line = run.stderr.trimEnd();
    if (run.code !== 2) problems.push(...lineProblems(`${where} CLI`, line)); // a usage error is its own two lines (svc: …, usage: …)
    const kind = run.code === 2 ? "usage_error" : (line.split(":")[0] ?? "");
    if (run.code !== 1 && run.code !== 2) problems.push(`${where} CLI: exit ${run.code}`);
    return { kind, message: line };
  }

  test("every operation, every parameter: one prefixed line, the same kind of answer on the engine, MCP, RPC and the CLI; nothing written", async () => {
    const before = treeSnapshot(root);
    const problems: string[] = [];
    const counts = { engine: 0, mcp: 0, rpc: 0, cli: 0 };
    for (const spec of REGISTRY) {
      for (const c of cases(spec)) {
        const where = `${spec.op}.${c.param ?? "(unknown)"} given ${c.what}`;
        const args = argsOf(spec, root, c);
        const engine = await viaEngine(spec, args);
        counts.engine++;
        if (engine.kind === "internal_error" || engine.kind === "not an SvcError") problems.push(`${where}: ${engine.message}`);
        else if (engine.kind !== "ok") problems.push(...lineProblems(`${where} engine`, engine.message));
        // an answer says something (`svc check --delta` alone stays silent without a host, by design: a hook's output goes to the agent)
        else if (engine.message.trim() === "" && spec.op !== "checkDelta") problems.push(`${where}: an empty answer`);
        if (c.invalid && engine.kind !== "validation_error") problems.push(`${where}: ${engine.kind} (expected validation_error): ${engine.message}`);
        if (c.invalid && c.param && engine.kind === "validation_error" && !engine.message.includes(c.param)) problems.push(`${where}: the message does not name ${c.param}: ${engine.message}`);
        const same = (surface: string, got: Outcome | null) => {
          if (got && got.kind !== engine.kind && !confinedByMcp(surface, got, engine)) problems.push(`${where}: ${surface} answered ${got.kind} (${got.message.slice(0, 160)}), the engine ${engine.kind} (${engine.message.slice(0, 160)})`);
        };
        const binding = mcpRoute(spec, c.param);
        if (binding) {
          same("MCP", await viaMcp(binding, args, problems, where));
          counts.mcp++;
        }
        if (spec.rpc?.[0]) {
          same("RPC", await viaRpc(spec.rpc[0], args, problems, where, c.param === "path"));
          counts.rpc++;
        }
        // the command line spells text: values of another type, and an unknown flag (a usage error there, exit 2), are the other surfaces' cases
        const param = spec.params.find((p) => p.name === c.param);
        const spelled = typeof c.value === "string" || typeof c.value === "number" || (param?.type === "string[]" && Array.isArray(c.value) && c.value.every((v) => typeof v === "string"));
        if (spec.cli && param && spelled && param.type !== "bool") {
          const cli = await viaCli(spec, args, problems, where);
          if (cli) counts.cli++;
          same("CLI", cli);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(treeSnapshot(root)).toBe(before);
    expect(git(root, "status", "--porcelain")).toBe("");
    // the walk reached every surface, conflicting parameters included
    expect(REGISTRY.flatMap(conflicts).length).toBeGreaterThan(15);
    expect(counts.engine).toBeGreaterThan(400);
    expect(counts.mcp).toBeGreaterThan(300);
    expect(counts.rpc).toBeGreaterThan(50);
    expect(counts.cli).toBeGreaterThan(150);
  }, 600_000);

  test("git refs, session ids, file extensions and file names are judged by validation and named as the caller passed them (a ref reached git as \"bad revision 'a??b'\", review's session ids were named 'session', an extension glob, includeExtensions beside onlyExtensions or impact's depth in package mode was ignored, refactor answered a name that declares nothing as a refusal, reduce waited on a FIFO for ever and read a file of any size, apply created a file named with ESC or U+FFFD for half a character); NaN is named NaN", async () => {
    // every parameter that takes a git ref or a session id says so (a new one is held to it)
    const undeclared = REGISTRY.flatMap((spec) =>
      spec.params
        .filter((p) => (/^(changedSince|since)$/.test(p.name) && p.shape !== "ref") || (/session/i.test(p.name) && p.shape !== "sessionId"))
        .map((p) => `${spec.op}.${p.name}`),
    );
    expect(undeclared).toEqual([]);
    const message = async (op: string, args: Record<string, unknown>) => (await viaEngine(REGISTRY.find((s) => s.op === op) as OperationSpec, { path: root, ...args })).message;
    expect(await message("review", { changedSince: "a\x01\x1b[31mb" })).toBe("validation_error: changedSince must not contain a control character (got 'a\\x01\\x1b[31mb', one at index 1): a git ref holds none");
    expect(await message("changes", { changedSince: "--output=/tmp/x" })).toBe("validation_error: changedSince must not start with '-' (got '--output=/tmp/x'): a git ref never does");
    expect(await message("gate", { since: "   " })).toBe("validation_error: since must name a git ref (branch, tag, commit or HEAD~N), not only spaces");
    expect(await message("review", { handoff: true, checkSession: "../../tmp/x" })).toBe("validation_error: checkSession must be 1–128 characters of A-Z a-z 0-9 . _ : - (got '../../tmp/x')");
    expect(await message("context", { seeds: ["total"], sessionId: "a b" })).toBe("validation_error: sessionId must be 1–128 characters of A-Z a-z 0-9 . _ : - (got 'a b')");
    // an extension is one: a glob, a path or spaces matched nothing and were ignored (excludeExtensions ["*.ts"] left every .ts file in)
    expect(await message("fuse", { excludeExtensions: [".md", "*.ts"] })).toBe("validation_error: excludeExtensions[1] must be a file extension such as .ts or .md (got '*.ts'): no path, wildcard or space");
    expect(await message("reduce", { content: "x", extension: "../../etc" })).toBe("validation_error: extension must be a file extension such as .ts or .md (got '../../etc'): no path, wildcard or space");
    expect(await message("reduce", { content: "const a = 1;", extension: "" })).toContain('<file path="content.ts">');
    expect(await message("fuse", { onlyExtensions: ["md", ".d.ts", ".env"] })).toContain("no files: onlyExtensions");
    // a file name with a control character: apply created 'src/a\x1b[2Jb.ts' (a name that rewrites the terminal listing it)
    expect(await message("apply", { file: "src/a\x1b[2Jb.ts", content: "x", write: true, expectedHash: "absent" })).toBe("validation_error: file must not contain a control character (got 'src/a\\x1b[2Jb.ts', one at index 5): svc reads and writes no file whose name holds one");
    expect(await message("reduce", { files: ["src/math.ts", "src/a\nb.ts"] })).toBe("validation_error: files[1] must not contain a control character (got 'src/a b.ts', one at index 5): svc reads and writes no file whose name holds one");
    expect(await message("test", { symbol: "total", candidates: [{ file: "src/a\x1bb.ts", content: "x" }, { file: "src/math.ts", content: "x" }] })).toBe("validation_error: candidates[0].file must not contain a control character (got 'src/a\\x1bb.ts', one at index 5): svc reads and writes no file whose name holds one");
    // half a character: apply created 'src/\uFFFD.ts' for 'src/\ud800.ts'
    expect(await message("apply", { file: "src/\ud800.ts", content: "x", write: true, expectedHash: "absent" })).toBe("validation_error: file holds a lone UTF-16 surrogate (\\uD800, at index 4), half of a character, which UTF-8 cannot encode; send the whole character");
    expect(git(root, "status", "--porcelain")).toBe("");
    expect(await message("reduce", { files: ["pipe"] })).toBe("validation_error: cannot reduce 'pipe': it is not a regular file (a FIFO, socket or device)");
    // a file over the per-file cap is skipped, said, as the inventory skips it (a 37 MB file took 33 s and 2 GB to answer "nothing fits")
    const big = gitRepo({ "big.ts": `export const big = "${"x".repeat(3000)}";\n`, "small.ts": "export const small = 1;\n" });
    process.env.SVC_MAX_FILE_BYTES = "2000";
    try {
      const reduced = await call("reduce", { path: big, files: ["big.ts", "small.ts"] });
      expect(reduced.text).toContain("skipped big.ts: 3023 bytes, over the 2000-byte cap of one file (SVC_MAX_FILE_BYTES)");
      expect(reduced.text).toContain('<file path="small.ts">');
    } finally {
      delete process.env.SVC_MAX_FILE_BYTES;
    }
    // a name that declares nothing is symbol_not_found for refactor too, as for impact and test (refactor answered "cannot rename: no declaration named …")
    expect(await message("refactor", { symbol: "nothingLikeThis", newName: "x" })).toStartWith("symbol_not_found: no declaration named 'nothingLikeThis' in ");
    expect(await message("impact", { symbol: "nothingLikeThis" })).toStartWith("symbol_not_found: no declaration named 'nothingLikeThis' in ");
    // package mode has no hops: impact's depth was ignored there
    expect(await message("impact", { package: "zod", fromVersion: "3.22.0", toVersion: "3.23.0", depth: 5 })).toBe("validation_error: depth applies only without package (this call has package=zod); leave one of them out");
    // onlyExtensions replaces the template's extensions: what to add to them or take from them was ignored beside it
    expect(await message("fuse", { onlyExtensions: [".ts"], excludeExtensions: [".ts"] })).toBe(`validation_error: excludeExtensions applies only without onlyExtensions (this call has onlyExtensions=[".ts"]); leave one of them out`);
    expect(await message("fuse", { onlyExtensions: [], includeExtensions: [".md"] })).toContain("<file path=\"src/math.ts\">");
    expect(await message("find", { query: "total", limit: Number.NaN })).toBe("validation_error: limit must be an integer (got 'NaN')");
    expect(await message("toc", { maxTokens: Number.POSITIVE_INFINITY })).toBe("validation_error: maxTokens must be an integer (got 'Infinity')");
    // a ref that is well formed and names nothing is still git's to judge
    expect(await message("review", { changedSince: "no-such-branch" })).toStartWith("validation_error: ");
    // the same line on the other surfaces, named as each names it
    const problems: string[] = [];
    const review = operation("review");
    const viaTool = await viaMcp(mcpRoute(review, "changedSince") as McpBinding, { path: root, changedSince: "a\x1bb" }, problems, "review");
    expect(viaTool.message).toBe("validation_error: changedSince must not contain a control character (got 'a\\x1bb', one at index 1): a git ref holds none");
    const viaHost = await viaRpc("svc/scope", { mode: "changes", since: "-x" }, problems, "scope");
    expect(viaHost.message).toBe("validation_error: since must not start with '-' (got '-x'): a git ref never does");
    const viaCommand = await viaCli(operation("changes"), { changedSince: "a\x1bb", path: root }, problems, "changes");
    expect(viaCommand?.message).toBe("validation_error: <changedSince> must not contain a control character (got 'a\\x1bb', one at index 1): a git ref holds none");
    expect(problems).toEqual([]);
  }, 120_000);

  test("paths inside parameters, over the host: graph's directory named absolute is the folder it names (its '/' was stripped: 0 files), one outside the root is refused; svc/refactor refuses another workspace inside its request (it was overwritten, silently)", async () => {
    const problems: string[] = [];
    const absolute = await viaRpc("svc/graph", { directory: join(root, "src", "ünï") }, problems, "graph");
    expect(JSON.parse(absolute.message).nodes.map((n: { path: string }) => n.path)).toEqual(["src/ünï/ä.ts"]);
    const relative = await viaRpc("svc/graph", { directory: "src/ünï/" }, problems, "graph");
    expect(relative.message).toBe(absolute.message);
    // outside the workspace: refused as every path parameter is, named as given
    for (const directory of ["/etc", "../elsewhere", "src/../../elsewhere"]) {
      expect((await viaRpc("svc/graph", { directory }, problems, "graph")).message).toBe(`validation_error: refusing to graph '${directory}': it resolves outside the workspace root ${root}`);
    }
    // the whole workspace, however spelled
    const whole = (await viaRpc("svc/graph", {}, problems, "graph")).message;
    for (const directory of ["", ".", "/", "./"]) expect((await viaRpc("svc/graph", { directory }, problems, "graph")).message).toBe(whole);
    const other = await viaRpc("svc/refactor", { request: { path: "/etc", operation: "organize-imports", file: "src/use.ts" } }, problems, "refactor");
    expect(other.message).toBe(`validation_error: request.path: svc/refactor answers for ${root}, not /etc; leave request.path out`);
    const same = await viaRpc("svc/refactor", { request: { path: root, operation: "organize-imports", file: "src/use.ts" } }, problems, "refactor");
    expect(same.kind).toBe("ok");
    expect(problems).toEqual([]);
  }, 120_000);

  test("the workspace (path) of every operation: missing, a file, a binary file, empty, with .., unicode, control characters — the same kind of answer on the engine, MCP and the CLI; the host answers for its root only", async () => {
    const problems: string[] = [];
    const paths: Array<[string, string]> = [
      ["a missing folder", join(root, "nope")],
      ["a file", join(root, "src/math.ts")],
      ["a binary file", join(root, "data.bin")],
      ["empty (the working directory)", ""],
      ["a path with ..", join(root, "src", "..")],
      ["a unicode folder", join(root, "src/ünï")],
      ["control characters", join(root, "a\x01\x1b[31mb")],
    ];
    for (const spec of REGISTRY) {
      for (const [what, path] of paths) {
        const where = `${spec.op}.path given ${what}`;
        const args = { ...baseArgs(spec, root), path };
        const engine = await viaEngineIn(root, spec, args);
        if (engine.kind === "internal_error" || engine.kind === "not an SvcError") problems.push(`${where}: ${engine.message}`);
        // (an operation missing another parameter says so first)
        if (what === "a missing folder" && !["workspace_not_found", "validation_error"].includes(engine.kind)) problems.push(`${where}: ${engine.kind} (expected workspace_not_found): ${engine.message}`);
        if (what.includes("file") && engine.kind !== "validation_error") problems.push(`${where}: ${engine.kind} (expected validation_error): ${engine.message}`);
        const binding = mcpRoute(spec, "path");
        if (binding) {
          const got = await viaMcp(binding, args, problems, where);
          if (got.kind !== engine.kind) problems.push(`${where}: MCP answered ${got.kind} (${got.message.slice(0, 160)}), the engine ${engine.kind} (${engine.message.slice(0, 160)})`);
        }
        // on the command line the path is the last positional: it is spelt only when those before it are (`svc impact <symbol> [path]`)
        const positional = spec.params.filter((p) => p.cli && p.cli.positional);
        if (spec.cli && path !== "" && positional.slice(0, positional.findIndex((p) => p.name === "path")).every((p) => args[p.name as keyof typeof args] !== undefined)) {
          const argv = cliArgv(spec, args);
          if (argv) {
            const got = await viaCli(spec, args, problems, where);
            if (got && got.kind !== engine.kind) problems.push(`${where}: CLI answered ${got.kind} (${got.message.slice(0, 160)}), the engine ${engine.kind} (${engine.message.slice(0, 160)})`);
          }
        }
        // the host serves one root: another one, as root or as path, is refused (never answered for the host's own)
        if (spec.rpc?.[0] && path !== join(root, "src", "..") && path !== "") {
          for (const key of ["root", "path"]) {
            rpc.send({ jsonrpc: "2.0", id: rpcId++, method: spec.rpc[0], params: { sessionToken: token, ...Object.fromEntries(Object.entries(args).filter(([k]) => k !== "path")), [key]: path } });
            const reply = await rpc.next(120_000);
            if (reply?.error?.code !== RPC.invalidParams) problems.push(`${where}: RPC ${key}=${what} answered ${JSON.stringify(reply).slice(0, 200)}`);
            // another root: the spec's own words (spec/host-rpc.md); another path: a validation_error naming the host's root
            else if (key === "root" ? reply.error.message !== `validation_error: ${BAD_ROOT}` : !reply.error.message.startsWith(`validation_error: ${spec.rpc[0]} answers for ${root}, not `)) problems.push(`${where}: RPC ${key}=${what} answered ${reply.error.message}`);
            else problems.push(...(key === "root" ? [] : lineProblems(`${where} RPC`, reply.error.message)));
          }
        }
      }
    }
    expect(problems).toEqual([]);
  }, 600_000);
});

test("the command line as users run it (a sample: one process each): a bad value is one prefixed line on stderr and exit 1, nothing on stdout; an unknown flag a usage error, exit 2; --json the same error as an object", async () => {
  const root = gitRepo({ "src/a.ts": "export const a = 1;\n" });
  const env = { SVC_DAEMON: "0" };
  const value = runSvc(["review", root, "--changed-since", "a\x01b"], { env });
  expect({ code: value.code, stdout: value.stdout, stderr: value.stderr }).toEqual({ code: 1, stdout: "", stderr: "validation_error: --changed-since must not contain a control character (got 'a\\x01b', one at index 1): a git ref holds none\n" });
  const json = runSvc(["find", "a", root, "--limit", "NaN", "--json"], { env });
  expect({ code: json.code, stdout: json.stdout, error: JSON.parse(json.stderr) }).toEqual({ code: 1, stdout: "", error: { error: { prefix: "validation_error", message: "--limit must be an integer (got 'NaN')" } } });
  const unknown = runSvc(["toc", root, "--max-token", "100"], { env });
  expect(unknown.code).toBe(2);
  expect(unknown.stdout).toBe("");
  expect(unknown.stderr).toStartWith("svc: Unknown option '--max-token'\nusage: svc toc");
  expect(git(root, "status", "--porcelain")).toBe("");
}, 120_000);
