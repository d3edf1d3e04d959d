// review under a tiny budget over MCP: its structured result's required lists never read as
// "nothing changed". The optional parts (the packed context) go first while a required list
// keeps its last item; when even that does not fit, `cut` says how many items the emptied list
// had. At 200 tokens on hono, svc_review read `changed: []` with `truncated: true` while the
// text named the changed file. Every answer stays within the budget.

import { afterAll, describe, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import { answerTokens, fitData } from "../../src/render/fit.ts";
import { tokenCounter } from "../../src/text/tokens.ts";
import { mcpClientFor } from "../helpers/mcp-client.ts";
import { gitRepo, writeFiles } from "../helpers/repo.ts";

interface ReviewData {
  changed: { path: string }[];
  apiDelta: unknown[];
  truncated?: boolean;
  cut?: Record<string, number>;
}

function module(name: string, steps: number): string {
  const out = [`import { helper } from "./helper";`, ""];
  for (let i = 0; i < steps; i++) out.push(`/** ${name} step ${i}. */`, `export function ${name}Step${i}(input: number): number {`, `  return helper(input) + ${i};`, "}", "");
  return out.join("\n");
}

describe("review under a tiny budget", () => {
  const root = gitRepo({ "package.json": '{ "name": "shop" }\n', "src/helper.ts": "export function helper(n: number): number {\n  return n + 1;\n}\n", "src/pipeline.ts": module("pipeline", 40), "src/report.ts": module("report", 20) });
  writeFiles(root, { "src/pipeline.ts": `${module("pipeline", 40)}// touched\n` });
  const client = mcpClientFor(root);
  afterAll(async () => (await client).close());

  test("over MCP: the changed file survives while anything optional is left; past that, its count does", async () => {
    const counter = await tokenCounter();
    let kept = 0;
    for (const maxTokens of [80, 120, 160, 200, 300]) {
      const result = (await (await client).callTool({ name: "svc_review", arguments: { changedSince: "HEAD", maxTokens } })) as unknown as { content: { text: string }[]; structuredContent: ReviewData; isError?: boolean };
      expect(result.isError).toBeFalsy();
      const data = result.structuredContent;
      expect(answerTokens({ text: result.content.map((c) => c.text).join(""), data }, counter)).toBeLessThanOrEqual(maxTokens);
      if (data.changed.length) {
        kept++;
        expect(data.changed[0]?.path).toBe("src/pipeline.ts");
      } else expect([maxTokens, data.truncated, data.cut]).toEqual([maxTokens, true, { changed: 1 }]);
    }
    // the budgets where it fits once the context is gone keep the file itself
    expect(kept).toBeGreaterThanOrEqual(2);
  }, 120_000);

  test("over the RPC and the CLI's --json (the structured result alone): the changed file survives at 120 tokens", async () => {
    for (const surface of ["rpc", "cli"] as const) {
      const data = (await call("review", { path: root, changedSince: "HEAD", maxTokens: 120 }, { surface })).data as unknown as ReviewData;
      expect([surface, data.changed.map((c) => c.path)]).toEqual([surface, ["src/pipeline.ts"]]);
    }
  }, 120_000);
});

test("fitData: optional keys go before a required list is emptied; an emptied one says how many it had", async () => {
  const counter = await tokenCounter();
  const data = { changed: [{ path: "src/a.ts", status: "modified" }], apiDelta: [], context: { entries: Array.from({ length: 30 }, (_, i) => ({ path: `src/f${i}.ts`, tokens: i })) } };
  const fitted = fitData(data, 30, counter, ["changed", "apiDelta"]) as Record<string, unknown>;
  expect(fitted.changed).toEqual([{ path: "src/a.ts", status: "modified" }]);
  expect(counter.count(JSON.stringify(fitted))).toBeLessThanOrEqual(30);
  const tiny = fitData(data, 20, counter, ["changed", "apiDelta"]) as Record<string, unknown>;
  expect(tiny).toEqual({ changed: [], apiDelta: [], truncated: true, cut: { changed: 1 } });
  expect(counter.count(JSON.stringify(tiny))).toBeLessThanOrEqual(20);
  // a list of several keeps one item once halved; emptied at the last resort, `cut` counts them all
  const several = { ...data, changed: ["a", "b", "c", "d", "e"].map((n) => ({ path: `src/${n}.ts`, status: "modified" })) };
  const kept = fitData(several, 30, counter, ["changed", "apiDelta"]) as { changed: unknown[] };
  expect(kept.changed.length).toBeGreaterThanOrEqual(1);
  expect(fitData(several, 20, counter, ["changed", "apiDelta"])).toEqual({ changed: [], apiDelta: [], truncated: true, cut: { changed: 5 } });
});

// On a small Python+TS repo with exported functions removed, svc_review maxTokens=100..400 dropped the API delta
// (the prelude's head-and-tail kept the availability header and the map's tail) and cut a line mid-way at 100
// (" answer ~407); raise maxTokens…" — the end of a comment whose start was cut). Now the delta's count stays
// while it fits, the lines after it cut with a marker, and every cut keeps whole lines.
describe("review's API delta under a small budget", () => {
  const money = (discount: boolean) =>
    [
      "/** Sum of prices. */",
      "export function total(prices: number[]): number {",
      "  return prices.reduce((a, b) => a + b, 0);",
      "}",
      "",
      ...(discount ? ["/** A discount. */", "export function discount(t: number, pct: number): number {", "  return t * (1 - pct / 100);", "}", ""] : []),
      "/** Tax. */",
      discount ? "export function tax(t: number): number {" : "export function tax(t: number, rate = 0.2): number {",
      discount ? "  return t * 0.2;" : "  return t * rate;",
      "}",
      "",
    ].join("\n");
  const root = gitRepo({
    "package.json": '{ "name": "shop", "version": "1.0.0", "main": "src/index.ts" }\n',
    "src/index.ts": 'export { total, discount, tax } from "./money";\n',
    "src/money.ts": money(true),
    "app/__init__.py": "",
    "app/pricing.py": 'def compute_total(items):\n    return sum(i["price"] * i["qty"] for i in items)\n',
  });
  writeFiles(root, { "src/index.ts": 'export { total, tax } from "./money";\n', "src/money.ts": money(false) });
  const client = mcpClientFor(root);
  afterAll(async () => (await client).close());

  test("over MCP: whole lines only; the BREAKING count stays once it fits; left out, a marker says what was cut", async () => {
    const counter = await tokenCounter();
    let countWithCut = 0;
    for (const maxTokens of [100, 150, 200, 250, 300, 400]) {
      const result = (await (await client).callTool({ name: "svc_review", arguments: { changedSince: "HEAD", maxTokens } })) as unknown as { content: { text: string }[]; structuredContent: ReviewData; isError?: boolean };
      expect(result.isError).toBeFalsy();
      const text = result.content.map((c) => c.text).join("");
      expect(answerTokens({ text, data: result.structuredContent }, counter)).toBeLessThanOrEqual(maxTokens);
      // no line is the end of a comment whose start was cut (nor a comment's start cut from its end on the same line)
      let open = false;
      for (const line of text.split("\n")) {
        if (!open && !line.includes("<!--")) expect([maxTokens, line.includes("-->")]).toEqual([maxTokens, false]);
        if (line.includes("<!--")) open = !line.slice(line.lastIndexOf("<!--")).includes("-->");
        else if (line.includes("-->")) open = false;
      }
      if (!text.includes("public API delta:")) expect([maxTokens, text.includes("cut to fit")]).toEqual([maxTokens, true]);
      else expect(text).toContain("public API delta: 3 BREAKING");
      if (text.includes("public API delta: 3 BREAKING") && text.includes("of this map cut to fit")) countWithCut++;
      // (at 200 the prelude's head-and-tail kept the availability header and the map's tail, not the delta)
      if (maxTokens >= 200) expect([maxTokens, text.includes("public API delta: 3 BREAKING")]).toEqual([maxTokens, true]);
    }
    // the budgets too small for the whole delta keep its count, the rest cut with a marker
    expect(countWithCut).toBeGreaterThanOrEqual(2);
  }, 180_000);
});
