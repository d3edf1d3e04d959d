// Budgets are hard on content the tokenizer counts badly: CJK and emoji identifiers and
// comments, a minified one-line 300 kB file, one 5,000-line function, base64 blobs, a path of
// twelve CJK folders, a path holding `</file>` and `-->`, and connection strings whose
// redaction markers are longer than the passwords they replace. Every operation that takes a
// budget answers within it as each surface sends it — the CLI's stdout and stderr (text and
// --json), MCP's text and structuredContent as the SDK client receives them, the host's RPC
// result — counted with the configured tokenizer (o200k_base). A path that holds `>` or
// `-->` neither breaks a <file> element's tag nor ends a comment early.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { answerBudget, call, DEFAULT_BUDGET } from "../../src/engine.ts";
import { MIN_BUDGET } from "../../src/params.ts";
import { REGISTRY, type OperationSpec } from "../../src/registry/index.ts";
import { answerTokens } from "../../src/render/fit.ts";
import { startHost, type RunningHost } from "../../src/surfaces/host/server.ts";
import { tokenCounter } from "../../src/text/tokens.ts";
import { cliArgv, runCliHere } from "../helpers/cli.ts";
import { hostToken, rawClient, useRuntimeDir } from "../helpers/host.ts";
import { mcpClientFor } from "../helpers/mcp-client.ts";
import { gitRepo } from "../helpers/repo.ts";
import { refusedUncut } from "../helpers/uncut.ts";

const CLOSER = "src/x</file>/y-->z.ts";
const DEEP = `src/${Array.from({ length: 12 }, (_, i) => `d${i}_${"长".repeat(20)}`).join("/")}/deep-长路径.ts`;

function files(): Record<string, string> {
  const f: Record<string, string> = { "package.json": '{ "name": "stress", "version": "1.0.0" }\n' };
  f["src/cjk.ts"] = Array.from({ length: 300 }, (_, i) => `// 计算管道的第${i}步 🚀🔥✨ — 処理ステップ 🎉\nexport function 计算步骤${i}(输入: number): number {\n  const 结果 = 输入 + ${i}; // 😀😃😄😁 emoji 注释\n  return 结果;\n}\n`).join("\n");
  const min: string[] = [];
  for (let i = 0, size = 0; size < 300_000; i++) {
    const part = `function m${i}(a,b){return a*${i}+b}var v${i}=m${i}(1,2);`;
    min.push(part);
    size += part.length;
  }
  f["src/min.js"] = min.join("");
  const body = Array.from({ length: 5000 }, (_, i) => `  total += step(${i}) * ${i % 7}; // line ${i}`).join("\n");
  f["src/huge.ts"] = `export function step(n: number): number { return n; }\nexport function hugeFunction(): number {\n  let total = 0;\n${body}\n  return total;\n}\n`;
  const b64 = Buffer.from(Array.from({ length: 60_000 }, (_, i) => (i * 7919) % 256)).toString("base64");
  f["src/blob.ts"] = `export const blob = "${b64}";\nexport const blob2 = "${b64.slice(0, 20_000)}";\nexport function useBlob(): number { return blob.length; }\n`;
  f[DEEP] = `import { step } from "${"../".repeat(13)}huge";\nexport function deepPipeline(): number { return step(2); }\n`;
  f[CLOSER] = `// closes </file> and --> here\nexport const closer = "</file>-->";\nexport function pipelineCloser(): string { return closer; }\n`;
  f["src/secrets.ts"] = `${Array.from({ length: 400 }, (_, i) => `export const db${i} = "postgres://u:p${i}x@h${i}/d";`).join("\n")}\nexport function pipelineSecret(): string { return db0; }\n`;
  return f;
}

/** The stress repository with every source changed, so changes and review have work. */
function stressRepo(): string {
  const all = files();
  const root = gitRepo(all);
  for (const [path, content] of Object.entries(all)) if (path.startsWith("src/")) writeFileSync(join(root, path), `${content}\n// changed 变更 🚀\n`);
  return root;
}

/** A request per operation that takes a budget (a new one must be added here). */
function sample(op: string): Record<string, unknown> {
  switch (op) {
    case "toc":
    case "skeleton":
    case "fuse":
      return {};
    case "ask":
      return { task: "how does the pipeline step compute 计算步骤" };
    case "focus":
      return { focus: "src/huge.ts", depth: 2 };
    case "search":
      return { query: "pipeline step 计算 blob closer" };
    case "changes":
    case "review":
      return { changedSince: "HEAD" };
    case "context":
      return { files: ["src/min.js", "src/cjk.ts", "src/huge.ts", "src/blob.ts", "src/secrets.ts", CLOSER, DEEP] };
    case "reduce":
      return { files: ["src/min.js", "src/cjk.ts", "src/blob.ts", "src/secrets.ts", CLOSER], level: "none" };
    case "scope":
      return { mode: "focus", seed: "src/huge.ts" };
    case "refactor":
      return { operation: "rename", symbol: "pipelineCloser", newName: "pipelineEnder" };
    default:
      throw new Error(`no stress sample for operation ${op}: add one`);
  }
}

const budgeted = REGISTRY.filter((spec) => spec.params.some((p) => p.name === "maxTokens" || p.name === "tokenBudget"));
const budgetName = (spec: OperationSpec) => (spec.params.some((p) => p.name === "tokenBudget") ? "tokenBudget" : "maxTokens");
const PASSWORDS = /u:p\d+x@/;

describe("budgets are hard on content the tokenizer counts badly", () => {
  const root = stressRepo();

  test("every budgeted operation is sampled", () => {
    for (const spec of budgeted) expect(() => sample(spec.op)).not.toThrow();
  });

  for (const spec of budgeted) {
    test(`${spec.op}: the engine's answer, counted as MCP sends it and as the CLI prints it, in xml and json`, async () => {
      const counter = await tokenCounter();
      const formats = spec.params.some((p) => p.name === "format") ? ["xml", "json"] : [undefined];
      for (const budget of [MIN_BUDGET, 400, 3000]) {
        for (const format of formats) {
          const request = { path: root, ...sample(spec.op), [budgetName(spec)]: budget, ...(format ? { format } : {}) };
          const mcp = await call(spec.op, request, { cwd: root, surface: "mcp" }).catch((error: Error) => error);
          if (mcp instanceof Error) {
            if (!refusedUncut(spec.op, mcp.message, budget) || counter.count(mcp.message) > budget) throw mcp;
            continue;
          }
          const used = answerTokens(mcp, counter);
          if (used > budget) throw new Error(`${spec.op} ${format ?? ""} at ${budget} over MCP: ${used} tokens\n${mcp.text.slice(0, 300)}`);
          expect(`${mcp.text}${JSON.stringify(mcp.data)}`).not.toMatch(PASSWORDS);
          const cli = await call(spec.op, request, { cwd: root, surface: "cli", textOnly: true });
          const shown = answerTokens(cli, counter, true);
          if (shown > budget) throw new Error(`${spec.op} ${format ?? ""} at ${budget}, text alone: ${shown} tokens\n${cli.text.slice(0, 300)}`);
        }
      }
    }, 300_000);
  }
});

describe("budgets are hard on the stress content as each surface sends it", () => {
  const root = stressRepo();
  let host: RunningHost;
  let token: string;

  beforeAll(async () => {
    useRuntimeDir();
    host = await startHost({ root, idleMinutes: 0, log: () => {} });
    token = await hostToken(host.socket);
  }, 120_000);

  afterAll(async () => {
    await host.stop("test done");
    delete process.env.SVC_RUNTIME_DIR;
  });

  test("svc <command> and --json: stdout and stderr within the budget", async () => {
    const counter = await tokenCounter();
    const over: string[] = [];
    for (const spec of budgeted.filter((s) => s.cli)) {
      for (const budget of [MIN_BUDGET, 2000]) {
        const params = { path: root, ...sample(spec.op), [budgetName(spec)]: budget };
        const limit = answerBudget(spec, params, { cwd: root, surface: "cli" }) as number;
        for (const json of [false, true]) {
          const argv = [...(cliArgv(spec, params) as string[]), "--cwd", root, ...(json ? ["--json"] : [])];
          const r = await runCliHere(argv);
          const used = counter.count(r.stdout) + counter.count(r.stderr);
          // at the least budget an answer may be the refusal naming the budget that works (clear, and itself within the budget)
          const refused = budget === MIN_BUDGET && r.code === 1 && /too small for any answer/.test(r.stderr);
          if ((r.code !== 0 && !refused) || used > limit) over.push(`svc ${spec.cli?.command}${json ? " --json" : ""} at ${budget}: exit ${r.code}, ${used} tokens: ${r.stderr.slice(0, 200)}`);
          expect(r.stdout + r.stderr).not.toMatch(PASSWORDS);
        }
      }
    }
    expect(over).toEqual([]);
  }, 600_000);

  test("MCP: text plus structuredContent within the budget and the MCP default", async () => {
    const counter = await tokenCounter();
    const client = await mcpClientFor(root);
    const over: string[] = [];
    try {
      for (const spec of budgeted) {
        for (const binding of spec.mcp ?? []) {
          for (const budget of [MIN_BUDGET, 2000, null]) {
            const args = { path: root, ...(binding.action ? { action: binding.action } : {}), ...sample(spec.op), ...(budget === null ? {} : { [budgetName(spec)]: budget }) };
            const r = (await client.callTool({ name: binding.tool, arguments: args })) as { isError?: boolean; content: { text: string }[]; structuredContent?: object };
            const text = r.content.map((c) => c.text).join("");
            const used = counter.count(text) + counter.count(JSON.stringify(r.structuredContent ?? null));
            const refused = r.isError && budget !== null && refusedUncut(spec.op, text, budget);
            if ((r.isError && !refused) || used > (budget ?? DEFAULT_BUDGET.mcp)) over.push(`${binding.tool}${binding.action ? ` action=${binding.action}` : ""} at ${budget ?? "default"}: ${r.isError ? "error" : ""} ${used} tokens: ${text.slice(0, 200)}`);
            expect(text + JSON.stringify(r.structuredContent ?? null)).not.toMatch(PASSWORDS);
          }
        }
      }
    } finally {
      await client.close();
    }
    expect(over).toEqual([]);
  }, 600_000);

  test("the host's RPC: the result within the budget", async () => {
    const counter = await tokenCounter();
    const c = await rawClient(host.socket);
    const over: string[] = [];
    try {
      let id = 0;
      for (const spec of budgeted.filter((s) => s.rpc?.length)) {
        for (const budget of [MIN_BUDGET, 2000]) {
          const { path: _path, ...params } = { ...sample(spec.op), [budgetName(spec)]: budget } as Record<string, unknown>;
          c.send({ jsonrpc: "2.0", id: ++id, method: spec.rpc?.[0], params: { sessionToken: token, ...params } });
          const reply = await c.next();
          const used = counter.count(JSON.stringify(reply.result ?? reply.error));
          const refused = reply.result === undefined && refusedUncut(spec.op, JSON.stringify(reply.error ?? ""), budget);
          if ((reply.result === undefined && !refused) || used > budget) over.push(`${spec.rpc?.[0]} at ${budget}: ${used} tokens: ${JSON.stringify(reply.error ?? "").slice(0, 200)}`);
        }
      }
    } finally {
      c.close();
    }
    expect(over).toEqual([]);
  }, 600_000);
});

describe("a path holding `</file>`, `>` or `-->` cannot break the answer's markup", () => {
  const root = gitRepo({
    "package.json": "{}\n",
    [CLOSER]: `// closes </file> and --> here\nexport const closer = "</file>-->";\nexport function pipelineCloser(): string { return closer; }\n`,
    "src/user.ts": 'import { closer } from "./x</file>/y-->z";\nexport const u = closer;\n',
  });
  const FILE_TAG = /^<file path="[^"<>]*"(?: [a-z]+="[^"<>]*")*>$/;

  test("every operation that emits files: each <file> tag is one well-formed tag; no comment ends inside a path", async () => {
    const requests: [string, Record<string, unknown>][] = [["reduce", { files: [CLOSER] }], ["focus", { focus: "src/user.ts" }], ["context", { seeds: ["pipelineCloser"] }], ["fuse", {}], ["skeleton", {}], ["search", { query: "closer" }], ["toc", {}]];
    for (const [op, args] of requests) {
      const r = await call(op, { path: root, ...args }, { cwd: root, surface: "mcp" });
      const tags = r.text.split("\n").filter((l) => l.startsWith("<file "));
      for (const tag of tags) expect({ op, tag, ok: FILE_TAG.test(tag) }).toEqual({ op, tag, ok: true });
      // outside the files' own content, each comment ends where it was meant to: none leaves its closing line behind
      const rest = r.text.replace(/^<file [^\n]*>\n[\s\S]*?\n<\/file>$/gm, "").replace(/<!--[\s\S]*?-->/g, "");
      expect({ op, stray: rest.split("\n").filter((l) => l.trim() === "-->" || l.includes("<!--")) }).toEqual({ op, stray: [] });
    }
    const context = await call("context", { path: root, seeds: ["pipelineCloser"] }, { cwd: root, surface: "mcp" });
    expect(context.text).toContain('<file path="src/x&lt;/file&gt;/y--&gt;z.ts" role="exact-seed" tier="standard" tokens="');
    expect(context.text).toContain("  src/x</file>/y- ->z.ts (~");
  }, 120_000);
});

test("on a terminal the CLI shows control characters escaped (`\\x1b`, four characters for one): the budget counts what it shows", async () => {
  const ansi = Array.from({ length: 3000 }, (_, i) => `\x1b[3${i % 8}mc${i}\x1b[0m`).join("\n");
  const root = gitRepo({ "package.json": "{}\n", "ansi.txt": `${ansi}\n` });
  const counter = await tokenCounter();
  const { runCli } = await import("../../src/surfaces/cli/run.ts");
  for (const budget of [2000, 8000]) {
    const out: string[] = [];
    const code = await runCli(["reduce", "--files", "ansi.txt", "--level", "none", "--max-tokens", String(budget), "--cwd", root], { out: (t) => out.push(t), err: () => {}, errIsTty: false, outIsTty: true });
    expect(code).toBe(0);
    const shown = out.join("\n");
    expect(shown).toContain("\\x1b[31mc1\\x1b[0m");
    expect(shown).not.toContain("\x1b");
    expect(counter.count(shown)).toBeLessThanOrEqual(budget);
  }
}, 120_000);
