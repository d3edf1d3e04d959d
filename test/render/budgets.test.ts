// Budgets are hard: every operation that takes a budget (maxTokens, or ask's tokenBudget),
// at 100, 500, 2,000 and 8,000 tokens, on a repository with one very large file, a 200 kB
// line, a ~760-character declaration name and a ~250-character path, answers
// within it — counted with the configured tokenizer over everything a client receives
// (warning lines, text and the structured result) — or, on the CLI without --json, over what it
// prints (the text and the warnings). The same holds on every surface (CLI, host RPC, MCP as
// the SDK client receives it) at budgets down to 1, and row limits hold on the CLI and MCP.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { answerBudget, call, DEFAULT_BUDGET } from "../../src/engine.ts";
import { REGISTRY, type OperationSpec } from "../../src/registry/index.ts";
import { answerTokens, excerptAround, fitWarnings, headAndTail, warningLines } from "../../src/render/fit.ts";
import { startHost, type RunningHost } from "../../src/surfaces/host/server.ts";
import { tokenCounter } from "../../src/text/tokens.ts";
import { cliArgv, runCliHere, runSvc, type CliRun } from "../helpers/cli.ts";
import { hostToken, rawClient, useRuntimeDir } from "../helpers/host.ts";
import { mcpClientFor } from "../helpers/mcp-client.ts";
import { gitRepo } from "../helpers/repo.ts";
import { MIN_BUDGET } from "../../src/params.ts";
import { leastNamed, UNCUT } from "../helpers/uncut.ts";

function bigModule(): string {
  const parts = ['import { helper } from "./helper";', ""];
  for (let i = 0; i < 400; i++) {
    parts.push(`/** Step ${i} of the pipeline. */`, `export function step${i}(input: number): number {`, `  const value = helper(input) + ${i};`, `  if (value > ${i * 3}) return value - ${i};`, "  return value * 2;", "}", "");
  }
  return parts.join("\n");
}

/** A declaration name of ~760 characters, declared on a 200 kB line and imported from a path of ~250. */
const LONG_NAME = "averyLongSymbolName".repeat(40);
const LONG_DIR = Array.from({ length: 8 }, (_, i) => `folder${i}${"x".repeat(20)}`).join("/");

const FILES: Record<string, string> = {
  "package.json": '{ "name": "big", "version": "1.0.0" }\n',
  "src/long-line.ts": `export const data = [${Array.from({ length: 30_000 }, (_, i) => i).join(", ")}];\nexport function ${LONG_NAME}(a: number): number {\n  return a + data.length;\n}\n`,
  [`src/${LONG_DIR}/deep.ts`]: `import { ${LONG_NAME} } from "${"../".repeat(8)}long-line";\nexport function deepUser(): number {\n  return ${LONG_NAME}(1);\n}\n`,
  "README.md": `# Big\n\n${"Some words about the pipeline and its steps. ".repeat(200)}\n`,
  "src/big.ts": bigModule(),
  "src/helper.ts": "export function helper(n: number): number {\n  return n + 1;\n}\n",
  "src/user.ts": 'import { step1 } from "./big";\n\nexport class Runner {\n  run(): number {\n    return step1(2);\n  }\n}\n',
  "src/user.test.ts": 'import { Runner } from "./user";\n\ntest("runs", () => {\n  expect(new Runner().run()).toBe(6);\n});\n',
};

/** A request per operation that takes a budget; a new one must be added here. */
function sample(op: string): Record<string, unknown> {
  switch (op) {
    case "toc":
    case "skeleton":
    case "fuse":
      return {};
    case "ask":
      return { task: "how does the pipeline step work" };
    case "focus":
      return { focus: "src/big.ts", depth: 2 };
    case "search":
      return { query: "pipeline step helper" };
    case "changes":
      return { changedSince: "HEAD" };
    case "review":
      return { changedSince: "HEAD" };
    case "context":
      return { files: ["src/big.ts", "src/user.ts", "src/long-line.ts"] };
    case "reduce":
      return { files: ["src/big.ts", "src/helper.ts", "src/long-line.ts"], level: "none" };
    case "scope":
      return { mode: "focus", seed: "src/big.ts" };
    case "refactor":
      return { operation: "rename", symbol: "Runner", newName: "Walker" };
    default:
      throw new Error(`no budget sample for operation ${op}: add one`);
  }
}

/** The repository with an uncommitted change to the big file and to a test, so changes and review have work. */
function bigRepo(): string {
  const root = gitRepo(FILES);
  writeFileSync(join(root, "src/big.ts"), `${bigModule()}\nexport const changed = true;\n`);
  writeFileSync(join(root, "src/user.test.ts"), `${FILES["src/user.test.ts"]}\n// touched\n`);
  return root;
}

const budgeted = REGISTRY.filter((spec) => spec.params.some((p) => p.name === "maxTokens" || p.name === "tokenBudget"));
const budgetName = (spec: OperationSpec) => (spec.params.some((p) => p.name === "tokenBudget") ? "tokenBudget" : "maxTokens");

describe("budgets are hard on every operation that takes one", () => {
  const root = bigRepo();

  test("the registry's budgeted operations are all sampled", () => {
    expect(budgeted.map((s) => s.op).sort()).toEqual(["ask", "changes", "context", "focus", "fuse", "reduce", "refactor", "review", "scope", "search", "skeleton", "toc"]);
  });

  for (const spec of budgeted) {
    test(spec.op, async () => {
      const counter = await tokenCounter();
      const name = budgetName(spec);
      for (const budget of [100, 500, 2000, 8000]) {
        const result = await call(spec.op, { path: root, ...sample(spec.op), [name]: budget }).catch((error: Error) => error);
        if (result instanceof Error) {
          const least = leastNamed(`validation_error: ${result.message}`);
          if (!UNCUT.has(spec.op) || least === null || least <= budget || counter.count(result.message) > budget) throw result;
          continue;
        }
        const used = answerTokens(result, counter);
        if (used > budget) throw new Error(`${spec.op} at ${budget}: ${used} tokens\n${result.text.slice(0, 400)}`);
        expect(result.text.length).toBeGreaterThan(0);
        // the CLI without --json prints the text alone (warnings on stderr): what it prints holds the budget
        const printed = await call(spec.op, { path: root, ...sample(spec.op), [name]: budget }, { surface: "cli", textOnly: true });
        const shown = answerTokens(printed, counter, true);
        if (shown > budget) throw new Error(`${spec.op} at ${budget}, text alone: ${shown} tokens\n${printed.text.slice(0, 400)}`);
        expect(printed.text.length).toBeGreaterThan(0);
      }
    }, 120_000);
  }

  test("a note that nothing fits names a budget that holds a file, and not many times the least that does (hono's svc_search maxTokens=200 named 30300 from a 30k-token skeleton; 317 held an excerpt of it)", async () => {
    const nothingFits = /nothing fits \w+=\d+ \(.*raise (\w+) to (\d+)\+/;
    let named = 0;
    for (const spec of budgeted) {
      const name = budgetName(spec);
      if (UNCUT.has(spec.op)) continue; // refuses naming the least budget, never answers that nothing fits
      const answer = async (budget: number) => (await call(spec.op, { path: root, ...sample(spec.op), [name]: budget })).text;
      for (const budget of [200]) {
        const note = nothingFits.exec(await answer(budget));
        if (!note) continue;
        named++;
        const suggested = Number(note[2]);
        const holds = async (b: number) => !(await answer(b)).includes("nothing fits");
        expect({ op: spec.op, budget, suggested, holds: await holds(suggested) }).toEqual({ op: spec.op, budget, suggested, holds: true });
        // the least budget that holds a file (found by halving the range): the one named is at most twice it, with the note's slack
        let lo = budget;
        let hi = suggested;
        while (hi - lo > 20) {
          const mid = Math.floor((lo + hi) / 2);
          if (await holds(mid)) hi = mid;
          else lo = mid;
        }
        expect({ op: spec.op, budget, suggested, overNamed: suggested > Math.max(400, 2 * budget, 2 * hi + 200) }).toEqual({ op: spec.op, budget, suggested, overNamed: false });
      }
    }
    expect(named).toBeGreaterThan(0);
  }, 240_000);

  test("a first entry that does not fit is cut to a head-and-tail excerpt naming the call for the rest, never emitted whole", async () => {
    const r = await call("focus", { path: root, focus: "src/big.ts", level: "none", maxTokens: 2000 });
    const data = r.data as { entries: { path: string; excerpt?: boolean }[] };
    expect(data.entries[0]).toMatchObject({ path: "src/big.ts", excerpt: true });
    expect(r.text).toContain("head-and-tail excerpt: cut to fit");
    expect(r.text).toMatch(/not shown to fit maxTokens=2000; the whole file: svc_reduce files=\["src\/big.ts"\] level=none maxTokens=\d+/);
    expect(r.text).toContain("export function step0(");
    expect(r.text).toContain("export const changed = true;");
  }, 60_000);

  test("a tiny budget over a large first file: focus answers a head-and-tail excerpt of whole lines naming the call for the rest, not a note that nothing fits", async () => {
    const counter = await tokenCounter();
    for (const budget of [200, 300]) {
      const r = await call("focus", { path: root, focus: "src/big.ts", maxTokens: budget }, { cwd: root, surface: "cli", textOnly: true });
      expect(answerTokens(r, counter, true)).toBeLessThanOrEqual(budget);
      expect(r.text).not.toContain("nothing fits");
      expect(r.text).toContain('<file path="src/big.ts" excerpt="head-and-tail">');
      // the short marker where the room is tight, else the usual one
      expect(r.text).toMatch(/… \[svc: \d+ lines (cut|\(~[\d.k]+ tokens\) not shown to fit --max-tokens=\d+); the whole file: svc reduce --files src\/big.ts --level none --max-tokens \d+\] …/);
      // whole lines only: every shown line of the excerpt is a line of the file's signatures
      const shown = /<file path="src\/big.ts"[^>]*>\n([\s\S]*?)\n<\/file>/.exec(r.text)?.[1]?.split("\n").filter((l) => !l.startsWith("… [svc:")) ?? [];
      expect(shown.length).toBeGreaterThan(0);
      const source = `${bigModule()}\nexport const changed = true;\n`.split("\n");
      for (const line of shown) expect({ line, whole: source.includes(line) || (line.endsWith(" { … }") && source.includes(line.slice(0, -" … }".length))) }).toEqual({ line, whole: true });
    }
  }, 60_000);

  test("ask at a few dozen to a few hundred tokens: its own note naming the first file and its call, then the map as room allows — never the engine's cut of a comment", async () => {
    const counter = await tokenCounter();
    for (const budget of [MIN_BUDGET, 100, 200, 400]) {
      const r = await call("ask", { path: root, task: "how does the pipeline step work", tokenBudget: budget }, { cwd: root, surface: "cli", textOnly: true });
      expect(answerTokens(r, counter, true)).toBeLessThanOrEqual(budget);
      expect(r.text).toStartWith("<!-- svc_ask: strategy=");
      expect(r.text).not.toContain("cut to fit the");
      if (budget >= 400) continue; // room for files: packed as usual
      // whole comments only
      for (const line of r.text.split("\n")) if (!line.startsWith("  ")) expect(line).toMatch(/^(<!--.*|-->)$/);
      expect(r.text).toMatch(/nothing fits.*svc reduce --files src\/big.ts/);
      if (budget >= 200) expect(r.text).toMatch(/<!-- svc:map[^\n]*\n  src\/big.ts \(~[\d.]+k\) — .* → svc reduce --files src\/big.ts/);
    }
  }, 60_000);

  test("reduce with nothing that fits names a call that takes the same input at a smaller level — raw content has no path svc_focus could take", async () => {
    const counter = await tokenCounter();
    const raw = await call("reduce", { path: root, content: "export const a = 1;\n", maxTokens: 150 });
    expect(answerTokens(raw, counter)).toBeLessThanOrEqual(150);
    expect(raw.text).toContain("or call svc_reduce content=<the same> level=skeleton. -->");
    expect(raw.text).not.toContain("svc_focus");
    expect((raw.data as { next?: string }).next).toBe("svc_reduce content=<the same> level=skeleton");
    const file = await call("reduce", { path: root, files: ["src/big.ts"], level: "skeleton", maxTokens: 100 }, { cwd: root, surface: "cli", textOnly: true });
    expect(file.text).toContain("or call svc reduce --files src/big.ts --level publicApi. -->");
    const smallest = await call("reduce", { path: root, files: ["src/big.ts"], level: "publicApi", maxTokens: 100 }, { cwd: root, surface: "cli", textOnly: true });
    expect(smallest.text).toMatch(/raise --max-tokens to \d+\+\. -->/);
  }, 60_000);

  test("changed sources come before changed tests; data and docs are listed, not emitted", async () => {
    writeFileSync(join(root, "README.md"), `${FILES["README.md"]}\nmore\n`);
    writeFileSync(join(root, "src/a.test.ts"), 'import { helper } from "./helper";\ntest("h", () => helper(1));\n'); // sorts before src/big.ts
    const r = await call("changes", { path: root, changedSince: "HEAD", maxTokens: 8000 });
    const data = r.data as { entries: { path: string }[] };
    const order = data.entries.map((e) => e.path);
    expect(order[0]).toBe("src/big.ts");
    expect(order.indexOf("src/a.test.ts")).toBeGreaterThan(0);
    expect(order).not.toContain("README.md");
    expect(r.text).toContain("not included (docs): 1 .md file");
  }, 60_000);
});

/**
 * The surfaces as clients meet them: the CLI (its entry, in this process) printing the text or
 * --json, and the host's RPC over its socket — at tiny (1, 10, 50), ordinary (2,000) and the
 * default budgets. What stdout and stderr hold (the RPC result) stays within the budget, or
 * the call is refused with a validation_error naming the least that fits; never over.
 */
describe("budgets are hard on the CLI and over the host's RPC", () => {
  const root = bigRepo();
  const BUDGETS = [1, 2, 5, 10, MIN_BUDGET, 60, 2000, null]; // null: the call sets none (the surface's default)
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

  /** Within `budget` tokens, the refusal included, or — under the floor — refused up front as an invalid value; a budget of null (none) is only required to answer. */
  function held(where: string, budget: number | null, ok: boolean, used: number, refusal: string, op = ""): void {
    if (budget !== null && budget < MIN_BUDGET) {
      if (ok || !/validation_error(: |","message":")(--max-tokens|--budget|maxTokens|tokenBudget) must be (0 \(no limit\) or )?at least 50 \(got \d+\)/.test(refusal)) throw new Error(`${where}: not refused up front: ${refusal.slice(0, 300)}`);
      return;
    }
    if (budget !== null && used > budget) throw new Error(`${where}: ${used} tokens over a budget of ${budget}${ok ? "" : `: ${refusal.slice(0, 300)}`}`);
    const least = leastNamed(refusal);
    if (!ok && (budget === null || least === null || (budget > 60 && !(UNCUT.has(op) && least > budget)))) throw new Error(`${where}: refused: ${refusal.slice(0, 300)}`);
  }

  for (const spec of budgeted.filter((s) => s.cli)) {
    test(`svc ${spec.cli?.command}: text and --json`, async () => {
      const counter = await tokenCounter();
      for (const budget of BUDGETS) {
        const params = { path: root, ...sample(spec.op), ...(budget === null ? {} : { [budgetName(spec)]: budget }) };
        // the budget the call has: the one set, else the operation's own default on the CLI (toc, ask), else none
        const limit = budget !== null && budget < MIN_BUDGET ? budget : answerBudget(spec, params, { cwd: root, surface: "cli" });
        for (const json of [false, true]) {
          const argv = [...(cliArgv(spec, params) as string[]), "--cwd", root, ...(json ? ["--json"] : [])];
          const r: CliRun = await runCliHere(argv);
          held(`svc ${argv.join(" ")}`, limit, r.code === 0, counter.count(r.stdout) + counter.count(r.stderr), r.stderr);
          if (r.code === 0 && json) JSON.parse(r.stdout);
        }
      }
    }, 300_000);
  }

  test("svc/scope under a small budget: the reply (the structured result alone) keeps payloadPath and says why nothing fits", async () => {
    const counter = await tokenCounter();
    const c = await rawClient(host.socket);
    try {
      c.send({ jsonrpc: "2.0", id: 1, method: "svc/scope", params: { sessionToken: token, mode: "focus", seed: "src/big.ts", maxTokens: 120 } });
      const reply = (await c.next()).result as { files: unknown[]; payloadPath?: string; empty?: string };
      expect(counter.count(JSON.stringify(reply))).toBeLessThanOrEqual(120);
      expect(reply.files).toEqual([]);
      expect(reply.payloadPath).toMatch(/scope-.*\.xml$/);
      expect(reply.empty).toStartWith("<!-- svc: nothing fits maxTokens=120");
      // at the least budget the path is what is left
      c.send({ jsonrpc: "2.0", id: 2, method: "svc/scope", params: { sessionToken: token, mode: "focus", seed: "src/big.ts", maxTokens: MIN_BUDGET } });
      const least = (await c.next()).result as { payloadPath?: string };
      expect(counter.count(JSON.stringify(least))).toBeLessThanOrEqual(MIN_BUDGET);
      expect(least.payloadPath).toMatch(/scope-.*\.xml$/);
    } finally {
      c.close();
    }
  }, 120_000);

  test("svc/scope's payload file is held to the budget too: a note that nothing fits, naming a file under a long path, was written whole (100 tokens at maxTokens=50)", async () => {
    const dir = Array.from({ length: 4 }, (_, i) => `layer${i}-${"y".repeat(12)}`).join("/");
    const steps = Array.from({ length: 300 }, (_, i) => `export function routeStep${i}(input: number): number {\n  return input + ${i};\n}\n`).join("\n");
    const other = await startHost({ root: gitRepo({ "package.json": '{ "name": "r" }\n', [`src/${dir}/router-steps.ts`]: steps }), idleMinutes: 0, log: () => {} });
    const counter = await tokenCounter();
    const c = await rawClient(other.socket);
    try {
      const sessionToken = await hostToken(other.socket);
      for (const [i, budget] of [MIN_BUDGET, 60, 80, 120, 2000].entries()) {
        c.send({ jsonrpc: "2.0", id: i + 1, method: "svc/scope", params: { sessionToken, mode: "search", query: "router steps", maxTokens: budget } });
        const reply = (await c.next()).result as { payloadPath: string };
        const payload = readFileSync(reply.payloadPath, "utf8");
        expect({ budget, within: counter.count(payload) <= budget }).toEqual({ budget, within: true });
        // what was left out and what to try are said in what fits
        if (budget < 2000) expect(payload).toContain("raise maxTokens");
      }
    } finally {
      c.close();
      await other.stop("test done");
    }
  }, 120_000);

  test("svc/scope with nothing that fits says that, not the plan's first note (a hub seed's 'files depending on it left out')", async () => {
    const files: Record<string, string> = { "src/hub.ts": `export function hub(): number {\n${"  const x = 1;\n".repeat(200)}  return 1;\n}\n` };
    for (let i = 0; i < 12; i++) files[`src/user${i}.ts`] = `import { hub } from "./hub";\nexport const u${i} = hub() + ${i};\n`;
    const hubRoot = gitRepo(files);
    const r = await call("scope", { path: hubRoot, mode: "focus", seed: "src/hub.ts", maxTokens: 120 }, { cwd: hubRoot, surface: "rpc" });
    const data = r.data as { files: unknown[]; empty?: string };
    expect(data.files).toEqual([]);
    expect(data.empty).toStartWith("<!-- svc: nothing fits maxTokens=120");
  }, 120_000);

  for (const spec of budgeted.filter((s) => s.rpc?.length)) {
    test(`${spec.rpc?.[0]} over the host's socket`, async () => {
      const counter = await tokenCounter();
      const c = await rawClient(host.socket);
      try {
        for (const [i, budget] of BUDGETS.entries()) {
          const { path: _path, ...params } = { ...sample(spec.op), ...(budget === null ? {} : { [budgetName(spec)]: budget }) } as Record<string, unknown>;
          c.send({ jsonrpc: "2.0", id: i + 1, method: spec.rpc?.[0], params: { sessionToken: token, ...params } });
          const reply = await c.next();
          held(`${spec.rpc?.[0]} ${JSON.stringify(params)}`, budget, reply.result !== undefined, counter.count(JSON.stringify(reply.result ?? reply.error)), JSON.stringify(reply.error ?? ""), spec.op);
          // a payload file is the answer its reader takes in: held to the budget too (svc/scope maxTokens=50 wrote a 56-token note that nothing fits)
          const payload = reply.result?.payloadPath;
          if (typeof payload === "string" && budget !== null) held(`${spec.rpc?.[0]} ${JSON.stringify(params)}: its payload`, budget, true, counter.count(readFileSync(payload, "utf8")), "");
        }
      } finally {
        c.close();
      }
    }, 300_000);
  }
});

/**
 * MCP as a client receives it (the SDK client, which also holds structuredContent to the
 * tool's outputSchema): the text content (warning lines included) plus the structured result,
 * counted as the spec counts an MCP answer, at 1, 2, 10, 50, 2,000 tokens and the MCP default
 * (a call that sets none) — within the budget, or refused as too small naming the least that fits.
 */
describe("budgets are hard over MCP", () => {
  const root = bigRepo();
  const BUDGETS = [1, 2, 5, 10, MIN_BUDGET, 60, 2000, null];

  for (const spec of budgeted.filter((s) => s.mcp?.length)) {
    for (const binding of spec.mcp ?? []) {
      test(`${binding.tool}${binding.action ? ` action=${binding.action}` : ""}`, async () => {
        const counter = await tokenCounter();
        const client = await mcpClientFor(root);
        try {
          for (const budget of BUDGETS) {
            const args = { path: root, ...(binding.action ? { action: binding.action } : {}), ...sample(spec.op), ...(budget === null ? {} : { [budgetName(spec)]: budget }) };
            const where = `${binding.tool} ${JSON.stringify({ ...args, path: "…" })}`;
            const r = (await client.callTool({ name: binding.tool, arguments: args })) as { isError?: boolean; content: { text: string }[]; structuredContent?: object };
            const text = r.content.map((c) => c.text).join("");
            if (budget !== null && budget < MIN_BUDGET) {
              // not a budget: refused up front as an invalid value (no answer, not even an error line, fits under the floor)
              if (!r.isError || text !== `validation_error: ${budgetName(spec)} must be ${spec.params.find((p) => p.name === budgetName(spec))?.min === 0 ? "0 (no limit) or " : ""}at least ${MIN_BUDGET} (got ${budget})`) throw new Error(`${where}: not refused up front: ${text.slice(0, 300)}`);
              continue;
            }
            if (r.isError) {
              const least = leastNamed(text);
              const tooSmall = budget !== null && least !== null && (budget <= 60 || (UNCUT.has(spec.op) && least > budget));
              if (!tooSmall || counter.count(text) > (budget ?? 0)) throw new Error(`${where}: refused: ${text.slice(0, 300)}`);
              continue;
            }
            const used = counter.count(text) + counter.count(JSON.stringify(r.structuredContent ?? null));
            if (used > (budget ?? DEFAULT_BUDGET.mcp)) throw new Error(`${where}: ${used} tokens over a budget of ${budget ?? DEFAULT_BUDGET.mcp}`);
            expect(text.length).toBeGreaterThan(0);
          }
        } finally {
          await client.close();
        }
      }, 300_000);
    }
  }
});

/**
 * An error is part of the answer: one built from long input (100 seeds that match nothing, a
 * 4,000-character seed) is cut to the caller's budget on every surface — the CLI's text and
 * --json, MCP's error result, the host's JSON-RPC error (which carries the message twice) —
 * never below the floor that still says what to fix.
 */
describe("errors are held to the budget on every surface", () => {
  const root = bigRepo();
  const seeds = Array.from({ length: 100 }, (_, i) => `missingSeedName${i}`);

  test("svc context, svc_context and svc/scope at 50, 60 and 200 tokens", async () => {
    const counter = await tokenCounter();
    useRuntimeDir();
    const host = await startHost({ root, idleMinutes: 0, log: () => {} });
    const client = await mcpClientFor(root);
    const c = await rawClient(host.socket);
    try {
      const token = await hostToken(host.socket);
      for (const budget of [MIN_BUDGET, 60, 200]) {
        for (const json of [false, true]) {
          const r = await runCliHere(["context", ...seeds.flatMap((seed) => ["--seed", seed]), "--max-tokens", String(budget), "--cwd", root, ...(json ? ["--json"] : [])]);
          expect(r.stderr).toContain("no seed matched a collected file");
          expect(r.stderr).toContain(`error cut to fit the ${budget}-token budget`);
          expect(counter.count(r.stderr)).toBeLessThanOrEqual(budget);
        }
        const m = (await client.callTool({ name: "svc_context", arguments: { path: root, seeds, maxTokens: budget } })) as { isError?: boolean; content: { text: string }[] };
        expect(m.isError).toBe(true);
        expect(m.content[0]?.text).toStartWith("validation_error: no seed matched a collected file");
        expect(counter.count(m.content[0]?.text ?? "")).toBeLessThanOrEqual(budget);
        c.send({ jsonrpc: "2.0", id: budget, method: "svc/scope", params: { sessionToken: token, mode: "focus", seed: "x".repeat(4000), maxTokens: budget } });
        const reply = await c.next();
        expect(reply.error.data.prefix).toBe("validation_error");
        expect(counter.count(JSON.stringify(reply.error))).toBeLessThanOrEqual(budget);
        expect(reply.error.message).toStartWith("validation_error: ");
      }
      // no budget set: the error is whole (cut only at its own 2,000-character cap)
      const whole = await runCliHere(["context", ...seeds.flatMap((seed) => ["--seed", seed]), "--cwd", root]);
      expect(whole.stderr).not.toContain("error cut to fit");
    } finally {
      c.close();
      await client.close();
      await host.stop("test done");
      delete process.env.SVC_RUNTIME_DIR;
    }
  }, 300_000);
});

/** How many dependents each hop lists. */
function perHop(dependents: readonly { hop: number }[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const d of dependents) counts.set(d.hop, (counts.get(d.hop) ?? 0) + 1);
  return counts;
}

/** The lists a row limit governs in each operation's structured result (a new row-limited operation must be added here). */
const ROW_LIMITED: Record<string, { param: string; samples: Record<string, unknown>[]; rows: (data: Record<string, any>) => number[] }> = {
  find: {
    param: "limit",
    samples: ["symbol", "path", "text", "all", "signatures", "task", "neighbors", "route"].map((kind) => ({ kind, query: { path: "src/user", task: "change how widgets spin", neighbors: "Widget.spin", route: "/api", signatures: "widgetUser1" }[kind] ?? "widget" })),
    rows: (d) => [
      ...["symbols", "paths", "text", "lines"].map((k) => d[k]?.hits?.length ?? 0),
      ...["candidates", "signatures", "importers", "outsideImporters"].map((k) => d[k]?.length ?? 0),
      ...Object.values((d.neighbors ?? {}) as Record<string, unknown[]>).map((l) => l.length),
      d.wiring?.matches?.length ?? 0,
    ],
  },
  impact: { param: "limit", samples: [{ symbol: "Widget.spin" }, { symbol: "makeWidget" }, { symbol: "Spinner.spin" }], rows: (d) => [...perHop(d.dependents as { hop: number }[]).values(), d.tests.length, d.overriders.length] },
  test: { param: "limit", samples: [{ symbol: "Widget.spin" }], rows: (d) => [d.tests.length] },
  map: { param: "maxRows", samples: [{}], rows: (d) => [d.symbols.rows.length, d.routes.rows.length] },
};

describe("row limits are hard: no list in an answer is longer than the caller's limit", () => {
  const files: Record<string, string> = { "package.json": '{ "name": "rows", "version": "1.0.0", "dependencies": { "express": "4.0.0" } }\n' };
  files["src/core.ts"] = "export class Widget {\n  spin(n: number): number {\n    return n + 1;\n  }\n}\nexport function makeWidget(): Widget {\n  return new Widget();\n}\n";
  // an interface member with four implementers (impact lists them: limit holds that list too)
  files["src/spinner.ts"] = `export interface Spinner {\n  spin(n: number): number;\n}\n${[0, 1, 2, 3].map((i) => `export class Spinner${i} implements Spinner {\n  spin(n: number): number {\n    return n + ${i};\n  }\n}\n`).join("")}`;
  for (let i = 0; i < 12; i++) files[`src/user${i}.ts`] = `import { makeWidget, Widget } from "./core";\nexport function widgetUser${i}(w: Widget): number {\n  return makeWidget().spin(${i}) + w.spin(1);\n}\n`;
  for (let i = 0; i < 6; i++) files[`src/user${i}.test.ts`] = `import { Widget } from "./core";\nimport { widgetUser${i} } from "./user${i}";\ntest("u", () => expect(widgetUser${i}(new Widget())).toBe(3));\n`;
  files["src/app.ts"] = `import express from "express";\nconst app = express();\n${Array.from({ length: 8 }, (_, i) => `app.get("/api/item${i}", (req, res) => res.send("${i}"));`).join("\n")}\nexport default app;\n`;
  const root = gitRepo(files);

  test("the registry's row limits are all sampled", () => {
    const limited = REGISTRY.filter((spec) => spec.params.some((p) => p.type === "int" && (p.name === "limit" || p.name === "maxRows")));
    expect(limited.map((s) => s.op).sort()).toEqual(Object.keys(ROW_LIMITED).sort());
  });

  for (const [op, { param, samples, rows }] of Object.entries(ROW_LIMITED)) {
    test(`${op}: --json and MCP's structuredContent at ${param} 1 and 2`, async () => {
      const spec = REGISTRY.find((s) => s.op === op) as OperationSpec;
      const binding = spec.mcp?.[0];
      const client = binding ? await mcpClientFor(root) : null;
      try {
        for (const sample of samples) {
          for (const limit of [1, 2]) {
            const argv = [...(cliArgv(spec, { path: root, ...sample, [param]: limit }) as string[]), "--cwd", root, "--json"];
            const r = await runCliHere(argv);
            // svc test exits 1 when tests reach the symbol but none could run (no runner here): its answer is still printed
            const notRun = op === "test" && r.code === 1 && JSON.parse(r.stdout || "{}").grade === "selection_only";
            if (r.code !== 0 && !notRun) throw new Error(`svc ${argv.join(" ")}: exit ${r.code}: ${r.stderr.slice(0, 300)}`);
            const counts = rows(JSON.parse(r.stdout));
            if (counts.some((n) => n > limit)) throw new Error(`svc ${argv.join(" ")}: lists of ${counts.join(", ")} rows over ${param} ${limit}`);
            if (!client || !binding) continue;
            const args = { path: root, ...(binding.action ? { action: binding.action } : {}), ...sample, [param]: limit };
            const m = (await client.callTool({ name: binding.tool, arguments: args })) as { isError?: boolean; content: { text: string }[]; structuredContent?: Record<string, any> };
            if (m.isError || !m.structuredContent) throw new Error(`${binding.tool} ${JSON.stringify(sample)}: ${m.content[0]?.text.slice(0, 300)}`);
            const sent = rows(m.structuredContent);
            if (sent.some((n) => n > limit)) throw new Error(`${binding.tool} ${JSON.stringify(sample)}: lists of ${sent.join(", ")} rows over ${param} ${limit}`);
          }
        }
      } finally {
        await client?.close();
      }
    }, 300_000);
  }
});

test("the CLI counts what it prints: without --json the text takes the room the unprinted structured result would", async () => {
  // sixteen stages of one pipeline, ~300 tokens each: at 2,000 tokens the budget, not relevance, decides how many go out
  const files: Record<string, string> = { "package.json": '{ "name": "stages", "version": "1.0.0" }\n' };
  for (let i = 0; i < 16; i++) {
    const body = Array.from({ length: 12 }, (_, j) => `  const v${j} = input.map((x) => x * ${j + i} + ${j});`).join("\n");
    files[`src/stages/stage${i}.ts`] = `/** Stage ${i} of the pipeline. */\nexport function runStage${i}(input: number[]): number[] {\n${body}\n  return v0.concat(v11);\n}\n`;
  }
  const root = gitRepo(files);
  const counter = await tokenCounter();
  const task = "how does a pipeline stage run";
  const cli = runSvc(["ask", task, root, "--budget", "2000"], { cwd: root });
  expect(cli.code).toBe(0);
  expect(counter.count(cli.stdout) + counter.count(cli.stderr)).toBeLessThanOrEqual(2000);
  // over MCP the structured result goes beside the text, and the budget counts both
  const mcp = await call("ask", { path: root, task, tokenBudget: 2000 }, { surface: "mcp" });
  expect(answerTokens(mcp, counter)).toBeLessThanOrEqual(2000);
  const blocks = (text: string) => text.match(/^<file path=/gm)?.length ?? 0;
  expect(blocks(mcp.text)).toBeGreaterThan(2);
  expect(blocks(cli.stdout)).toBeGreaterThan(blocks(mcp.text));
  // --json prints the structured result: counted as before, so the same files as over MCP
  const json = runSvc(["ask", task, root, "--budget", "2000", "--json"], { cwd: root });
  expect((JSON.parse(json.stdout) as { files: number }).files).toBe((mcp.data as { files: number }).files);
}, 120_000);

test("excerptAround keeps the pinned lines and as much of the top as fits, one marker per run cut; null when the pins alone do not fit", async () => {
  const counter = await tokenCounter();
  const text = Array.from({ length: 500 }, (_, i) => `line ${i} of a long text`).join("\n");
  const cut = excerptAround(text, [[200, 203], [400, 401]], 200, counter, (lines) => `[${lines} lines cut]`) as string;
  expect(counter.count(cut)).toBeLessThanOrEqual(200);
  expect(cut).toStartWith("line 0 of");
  for (const i of [200, 201, 202, 400]) expect(cut).toContain(`\nline ${i} of a long text\n`);
  expect(cut).not.toContain("line 203 of");
  expect(cut).not.toContain("line 499 of");
  const markers = cut.match(/\[\d+ lines cut\]/g) ?? [];
  expect(markers.length).toBe(3); // before 200, between 202 and 400, after 400
  // the lines shown and the lines cut add up to the text
  const shown = cut.split("\n").filter((l) => !/^\[\d+ lines cut\]$/.test(l)).length;
  const hidden = markers.reduce((sum, m) => sum + Number(/\d+/.exec(m)?.[0]), 0);
  expect(shown + hidden).toBe(500);
  expect(excerptAround(text, [[0, 400]], 200, counter, (lines) => `[${lines} lines cut]`)).toBeNull();
  expect(excerptAround(text, [[10, 12]], 1_000_000, counter, (lines) => `[${lines} lines cut]`)).toBe(text);
});

test("headAndTail keeps both ends around the marker and fits", async () => {
  const counter = await tokenCounter();
  const text = Array.from({ length: 500 }, (_, i) => `line ${i} of a long text`).join("\n");
  const cut = headAndTail(text, 200, counter, (lines) => `[${lines} lines cut]`);
  expect(counter.count(cut)).toBeLessThanOrEqual(200);
  expect(cut).toStartWith("line 0 of");
  expect(cut).toContain("line 499 of");
  expect(cut).toMatch(/\[\d+ lines cut\]/);
});

test("warnings over a quarter of a small budget are cut, never dropped without a word: an ignored svc.json still says so", async () => {
  const counter = await tokenCounter();
  const warnings = ["svc.json ignored: svc.json is not valid JSON: JSON Parse error: Expected '}' at line 1", "a second warning that will not fit", "a third one"];
  const kept = fitWarnings(warnings, 20, counter) as string[];
  expect(kept).toHaveLength(1);
  expect(kept[0]).toStartWith("svc.json ignored: ");
  expect(kept[0]).toEndWith("… [cut; 2 more warnings]");
  expect(counter.count(warningLines(kept))).toBeLessThanOrEqual(20);
  expect(fitWarnings(warnings, 1000, counter)).toEqual(warnings);
  expect(fitWarnings(warnings, 5, counter)).toEqual([]);
  // through the engine, on MCP, at a budget whose quarter the whole warning exceeds
  const root = gitRepo({ "svc.json": "{ this is not json", "src/a.ts": `${Array.from({ length: 200 }, (_, i) => `export const v${i} = ${i};`).join("\n")}\n`, "package.json": "{}\n" });
  const r = await call("focus", { path: root, focus: "src/a.ts", maxTokens: 60 }, { cwd: root, surface: "mcp" });
  expect(answerTokens(r, counter)).toBeLessThanOrEqual(60);
  expect(r.warnings?.[0]).toStartWith("svc.json ignored");
}, 120_000);

test("an ambiguous name lists in its structured result what its text lists (20), with the total: never every declaration of the name", async () => {
  const files: Record<string, string> = { "package.json": '{ "name": "amb" }\n' };
  for (let i = 0; i < 30; i++) files[`src/c${i}.ts`] = `export class C${i} {\n  run(): number {\n    return ${i};\n  }\n}\n`;
  const root = gitRepo(files);
  for (const [op, args] of [["impact", { symbol: "run" }], ["test", { symbol: "run" }], ["find", { query: "run", kind: "neighbors" }]] as const) {
    const r = await call(op, { path: root, ...args, limit: 2 }, { cwd: root });
    const data = r.data as { status: string; candidates: unknown[]; candidatesTotal?: number };
    expect({ op, status: data.status, listed: data.candidates.length, total: data.candidatesTotal }).toEqual({ op, status: "ambiguous", listed: 20, total: 30 });
    expect(r.text).toContain("'run' is ambiguous: 30 declarations");
    expect(r.text).toContain("… and 10 more");
  }
}, 120_000);
