// The engine's output path: every answer `invoke` returns — text, structured result,
// warnings and progress messages — is redacted there, for every surface, and the budget fit
// counts the redacted answer: a redaction marker is often longer than the secret it
// replaces, and the answer must still be within maxTokens after redaction. The default
// budget of a call that sets none is decided there too, per surface (MCP 20,000).

import { describe, expect, test } from "bun:test";
import { budgetOf, DEFAULT_BUDGET, invoke, withDefaultBudget } from "../src/engine.ts";
import type { OpResult } from "../src/ops/types.ts";
import { maxTokensParam, MIN_BUDGET } from "../src/params.ts";
import { REGISTRY, type OperationSpec } from "../src/registry/index.ts";
import { SvcError } from "../src/errors.ts";
import { answerTokens, plainErrorShape } from "../src/render/fit.ts";
import { redactResult } from "../src/render/redact-output.ts";
import { tokenCounter } from "../src/text/tokens.ts";

/** Connection strings with two- or three-character passwords: each marker is several tokens longer than its secret. */
const URLS = Array.from({ length: 400 }, (_, i) => `postgres://app:q${i}@db${i}.internal/main`);
const PASSWORD = /app:q\d+@/;

function answer(): OpResult {
  return { text: URLS.join("\n"), data: { urls: URLS, first: URLS[0] }, warnings: [`the first one is ${URLS[1]}`] };
}

/** An operation of the registry's shape whose answer is made of secrets (run through the real engine). */
function planted(): OperationSpec {
  return {
    op: "planted",
    catalog: "A",
    readOnly: true,
    summary: "test operation",
    description: "test operation",
    params: [maxTokensParam(null)],
    load: async () => async (_request, ctx) => {
      ctx.progress?.(1, 2, `reading ${URLS[2]}`);
      return answer();
    },
  };
}

describe("the engine redacts every answer and fits the redacted answer to its budget", () => {
  test("text, structured result, warnings and progress messages come back redacted", async () => {
    const progress: string[] = [];
    const result = await invoke(planted(), {}, { cwd: process.cwd(), progress: (_d, _t, message) => progress.push(message ?? "") });
    const everything = JSON.stringify(result) + progress.join("\n");
    expect(everything).not.toMatch(PASSWORD);
    expect(result.text).toContain("postgres://[REDACTED:connection-string]@db0.internal/main");
    expect(result.warnings).toEqual(["the first one is postgres://[REDACTED:connection-string]@db1.internal/main"]);
    expect(progress).toEqual(["reading postgres://[REDACTED:connection-string]@db2.internal/main"]);
  });

  test("a budget the raw answer fits but the redacted one does not is still held (counted after redaction)", async () => {
    const counter = await tokenCounter();
    const raw = answerTokens(answer(), counter);
    const redacted = answerTokens(redactResult(answer()), counter);
    expect(redacted).toBeGreaterThan(raw * 1.2); // the fixture's premise: markers outgrow the secrets
    for (const budget of [raw, Math.round((raw + redacted) / 2), 1000, 100]) {
      const result = await invoke(planted(), { maxTokens: budget }, { cwd: process.cwd() });
      const used = answerTokens(result, counter);
      if (used > budget) throw new Error(`maxTokens ${budget}: the answer is ${used} tokens`);
      expect(JSON.stringify(result)).not.toMatch(PASSWORD);
      expect(result.text).toContain("[REDACTED:connection-string]");
    }
  });
});

describe("a call cancelled while it runs", () => {
  test("reports no further progress and answers internal_error: cancelled (its caller has stopped listening)", async () => {
    const controller = new AbortController();
    const progress: string[] = [];
    const spec: OperationSpec = {
      ...planted(),
      load: async () => async (_request, ctx) => {
        ctx.progress?.(1, 3, "extracting");
        controller.abort(); // the client's notifications/cancelled arrives mid-build
        ctx.progress?.(2, 3, "extracting");
        ctx.progress?.(3, 3, "semantic upgrade");
        return answer();
      },
    };
    await expect(invoke(spec, {}, { cwd: process.cwd(), signal: controller.signal, progress: (_d, _t, message) => progress.push(message ?? "") })).rejects.toMatchObject({ prefix: "internal_error", message: "cancelled" });
    expect(progress).toEqual(["extracting"]);
  });
});

describe("the default budget is decided in the engine, per surface", () => {
  const many = Array.from({ length: 3000 }, (_, i) => `line ${i}: the answer goes on and on about step ${i} of the pipeline`);
  const seen: Record<string, unknown>[] = [];
  const op = (params: OperationSpec["params"]): OperationSpec => ({
    op: "long",
    catalog: "A",
    readOnly: true,
    summary: "test operation",
    description: "test operation",
    params,
    load: async () => async (request) => {
      seen.push(request);
      return { text: many.join("\n"), data: { lines: many.length } };
    },
  });

  test("MCP: an operation with maxTokens gets the default as its request; one without is capped; the CLI and RPC keep the whole answer", async () => {
    const counter = await tokenCounter();
    const full = counter.count(many.join("\n"));
    expect(full).toBeGreaterThan(DEFAULT_BUDGET.mcp);
    for (const params of [[maxTokensParam(null)], []]) {
      seen.length = 0;
      const mcp = await invoke(op(params), {}, { cwd: process.cwd(), surface: "mcp" });
      expect(answerTokens(mcp, counter)).toBeLessThanOrEqual(DEFAULT_BUDGET.mcp);
      expect(seen[0]?.maxTokens).toBe(params.length ? DEFAULT_BUDGET.mcp : undefined);
      for (const surface of ["cli", "rpc"] as const) expect(counter.count((await invoke(op(params), {}, { cwd: process.cwd(), surface })).text)).toBe(full);
    }
    // maxTokens null reads as absent (validation applies defaults to null): the default holds
    seen.length = 0;
    expect(answerTokens(await invoke(op([maxTokensParam(null)]), { maxTokens: null }, { cwd: process.cwd(), surface: "mcp" }), counter)).toBeLessThanOrEqual(DEFAULT_BUDGET.mcp);
    expect(seen[0]?.maxTokens).toBe(DEFAULT_BUDGET.mcp);
    // a budget the caller sets wins over the default, both ways
    const wider = await invoke(op([maxTokensParam(null)]), { maxTokens: DEFAULT_BUDGET.mcp * 2 }, { cwd: process.cwd(), surface: "mcp" });
    expect(answerTokens(wider, counter)).toBeGreaterThan(DEFAULT_BUDGET.mcp);
    expect(answerTokens(wider, counter)).toBeLessThanOrEqual(DEFAULT_BUDGET.mcp * 2);
  }, 120_000);

  test("every registered operation has a budget on MCP when the call sets none, and the CLI keeps the operation's own default", () => {
    const ctx = (surface: "mcp" | "cli") => ({ cwd: process.cwd(), surface });
    const defaults = (spec: OperationSpec) => Object.fromEntries(spec.params.map((p) => [p.name, p.default]));
    const problems: string[] = [];
    for (const spec of REGISTRY) {
      const mcp = budgetOf(spec, { ...defaults(spec), ...withDefaultBudget(spec, {}, ctx("mcp")) }, ctx("mcp"));
      if (mcp === null || mcp > DEFAULT_BUDGET.mcp) problems.push(`${spec.op} on MCP: ${mcp}`);
      const own = spec.params.find((p) => p.name === "maxTokens" || p.name === "tokenBudget")?.default ?? null;
      const cli = budgetOf(spec, { ...defaults(spec), ...withDefaultBudget(spec, {}, ctx("cli")) }, ctx("cli"));
      if (cli !== (typeof own === "number" && own > 0 ? own : null)) problems.push(`${spec.op} on the CLI: ${cli} (its own default: ${own})`);
    }
    expect(problems).toEqual([]);
    expect(budgetOf(REGISTRY.find((s) => s.op === "toc")!, { maxTokens: 24000 }, ctx("cli"))).toBe(24000);
  });
});

describe("a budget too small for any answer is refused, never exceeded nor answered with nothing", () => {
  const REQUIRED_COUNTS = Array.from({ length: 8 }, (_, i) => `requiredCount${i}`);
  const op = (budget: "maxTokens" | "tokenBudget"): OperationSpec => ({
    op: "tiny",
    catalog: "A",
    readOnly: true,
    summary: "test operation",
    description: "test operation",
    params: [{ name: budget, type: "int", default: 0, min: 0, orAtLeast: MIN_BUDGET, description: "Token budget." }],
    // required keys that cannot shrink: no answer under ~70 tokens says what was cut
    output: { type: "object", properties: {}, required: ["mode", "files", "entries", "dropped", ...REQUIRED_COUNTS] },
    load: async () => async () => ({ text: "x ".repeat(3_000), data: { mode: "search", files: 0, entries: [], dropped: [], notes: ["n ".repeat(200)], ...Object.fromEntries(REQUIRED_COUNTS.map((k) => [k, 123456])) }, warnings: ["svc.json ignored"] }),
  });

  test.each(["maxTokens", "tokenBudget"] as const)("%s of 1, 5 and 20: refused up front, under the floor every answer fits", async (name) => {
    for (const budget of [1, 5, 20, MIN_BUDGET - 1]) {
      const refusal = await invoke(op(name), { [name]: budget }, { cwd: process.cwd(), surface: "mcp" }).then(() => null, (e: SvcError) => e.formatted);
      expect(refusal).toBe(`validation_error: ${name} must be 0 (no limit) or at least ${MIN_BUDGET} (got ${budget})`);
    }
  });

  test.each(["maxTokens", "tokenBudget"] as const)("%s of 50 and 60: a validation_error naming the parameter and the least that fits, itself within the budget; a workable budget is held", async (name) => {
    const counter = await tokenCounter();
    for (const budget of [50, 60]) {
      let refused: SvcError | null = null;
      try {
        const result = await invoke(op(name), { [name]: budget }, { cwd: process.cwd(), surface: "mcp" });
        throw new Error(`${name}=${budget}: answered ${answerTokens(result, counter)} tokens, text ${JSON.stringify(result.text)}`);
      } catch (error) {
        if (!(error instanceof SvcError)) throw error;
        refused = error;
      }
      expect(refused.formatted).toStartWith(`validation_error: pass ${name}=`);
      expect(counter.count(plainErrorShape(refused))).toBeLessThanOrEqual(budget);
      const least = Number(/pass \w+=(\d+) or more/.exec(refused.message)?.[1]);
      expect(least).toBeGreaterThan(budget);
      const held = await invoke(op(name), { [name]: least }, { cwd: process.cwd(), surface: "mcp" });
      expect(answerTokens(held, counter)).toBeLessThanOrEqual(least);
      expect(held.text).toContain(`raise ${name}`);
    }
  });
});
