// An answer cut to a budget keeps its meaning, on every operation that takes a budget: an empty answer keeps why it is
// empty and what to try (before any header line) and advises no larger budget (more would show no content); a
// format=json text is the structured result shortened, as much content as fits and marked truncated with what was
// shown — never a bare {"truncated":true} — and the structured result beside it lists the same files; toc's
// structured result lists every file whenever its text does. Budgets stay hard throughout.

import { describe, expect, test } from "bun:test";
import { call, validateRequest } from "../../src/engine.ts";
import { SvcError } from "../../src/errors.ts";
import { MIN_BUDGET } from "../../src/params.ts";
import { REGISTRY, type OperationSpec } from "../../src/registry/index.ts";
import { answerTokens, fitData } from "../../src/render/fit.ts";
import { whyEmpty } from "../../src/render/why-empty.ts";
import { tokenCounter } from "../../src/text/tokens.ts";
import { commitFiles, gitRepo } from "../helpers/repo.ts";

const budgeted = REGISTRY.filter((spec) => spec.params.some((p) => p.name === "maxTokens" || p.name === "tokenBudget"));
const budgetName = (spec: OperationSpec) => (spec.params.some((p) => p.name === "tokenBudget") ? "tokenBudget" : "maxTokens");

/** A request per budgeted operation whose answer is empty (a new operation must be added here). */
function empty(op: string): Record<string, unknown> {
  switch (op) {
    case "toc":
    case "skeleton":
      return { excludePatterns: ["**"] };
    case "fuse":
      return { onlyExtensions: [".zz"] };
    case "changes":
    case "review":
      return { changedSince: "HEAD" };
    case "ask":
      return { task: "the" }; // strategy=none whenever the workspace does not fit the budget whole
    case "scope":
      return { mode: "changes", since: "HEAD" };
    case "context":
      return { seeds: ["zzqqxx"] };
    case "focus":
      return { focus: "zzqqxx" };
    case "search":
      return { query: "zzqqxx" };
    case "reduce":
      return { files: ["no/such/file.ts"] };
    case "refactor":
      return { operation: "rename", symbol: "zzqqxx", newName: "yyqq" }; // refused, saying why (no declaration of that name)
    default:
      throw new Error(`no empty request for operation ${op}: add one`);
  }
}

/** A request per budgeted operation with format=json whose answer packs files with content. */
function packing(op: string): Record<string, unknown> | null {
  switch (op) {
    case "toc":
    case "scope":
    case "refactor":
      return null; // no format=json
    case "skeleton":
    case "fuse":
      return {};
    case "changes":
    case "review":
      return { changedSince: "HEAD~1" };
    case "ask":
      return { task: "how does the order service compute the invoice total" };
    case "context":
      return { files: ["src/orders/service.ts", "src/billing/invoice.ts"] };
    case "focus":
      return { focus: "src/orders/service.ts" };
    case "search":
      return { query: "invoice total order" };
    case "reduce":
      return { files: ["src/orders/service.ts", "src/billing/invoice.ts"] };
    default:
      throw new Error(`no packing request for operation ${op}: add one`);
  }
}

function module(name: string, lines: number): string {
  return `${Array.from({ length: lines }, (_, i) => `/** Step ${i} of the ${name} pipeline: adds the line's amount to the invoice total. */\nexport function ${name}Step${i}(total: number, amount: number): number {\n  return total + amount * ${i + 1};\n}\n`).join("\n")}`;
}

function project(): string {
  const files: Record<string, string> = {
    "package.json": '{ "name": "shop", "version": "1.0.0" }\n',
    "README.md": `# shop\n\n${"The order service computes the invoice total from the order lines. ".repeat(40)}\n`,
    ".github/workflows/main.yml": "on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n",
    "src/orders/service.ts": `import { invoiceStep0 } from "../billing/invoice";\n${module("order", 30)}\nexport function orderTotal(): number { return invoiceStep0(0, 1); }\n`,
    "src/billing/invoice.ts": module("invoice", 30),
  };
  for (let i = 0; i < 12; i++) files[`src/util/helper${i}.ts`] = module(`helper${i}`, 4);
  const root = gitRepo(files);
  commitFiles(root, { "src/orders/service.ts": `${files["src/orders/service.ts"]}\nexport const changed = 1;\n`, "src/billing/invoice.ts": `${files["src/billing/invoice.ts"]}\nexport const changed = 2;\n` }, "change");
  return root;
}

describe("an answer cut to a budget keeps its meaning", () => {
  const root = project();

  test("every budgeted operation has an empty and a packing request", () => {
    for (const spec of budgeted) {
      expect(() => empty(spec.op)).not.toThrow();
      expect(() => packing(spec.op)).not.toThrow();
    }
  });

  test("an empty answer keeps why it is empty and what to try at every small budget, and never advises a larger one", async () => {
    const counter = await tokenCounter();
    const problems: string[] = [];
    let explained = 0;
    for (const spec of budgeted) {
      const param = budgetName(spec);
      const run = await spec.load();
      for (const budget of [MIN_BUDGET, 100, 150, 250, 400]) {
        // why the operation's own answer is empty, before the engine fits it (ask's depends on the budget: its workspace
        // fits a large one whole)
        let reasons: string[];
        try {
          const request = validateRequest(spec.params, { path: root, ...empty(spec.op), [param]: budget });
          reasons = whyEmpty((await run(request as never, { cwd: root, surface: "mcp" })).data);
        } catch (error) {
          // an empty answer given as a refusal says why on its prefixed line (test/ops/empty-answers.test.ts)
          expect(error).toBeInstanceOf(SvcError);
          continue;
        }
        if (!reasons.length) {
          problems.push(`${spec.op} ${param}=${budget}: the empty answer has no reason the fit can keep`);
          continue;
        }
        explained++;
        // the start of each reason: what the cut must keep at the least
        const starts = reasons.map((r) => r.slice(0, 24));
        for (const textOnly of [false, true]) {
          const label = `${spec.op} ${param}=${budget}${textOnly ? " (text alone)" : ""}`;
          let r;
          try {
            r = await call(spec.op, { path: root, ...empty(spec.op), [param]: budget }, { cwd: root, surface: textOnly ? "cli" : "mcp", ...(textOnly ? { textOnly: true } : {}) });
          } catch (error) {
            problems.push(`${label}: ${(error as Error).message}`);
            continue;
          }
          const used = answerTokens(r, counter, textOnly);
          if (used > budget) problems.push(`${label}: ${used} tokens`);
          // at the least budget the structured result may be the one saying it; from 100 tokens the text says it too
          const said = budget === MIN_BUDGET && !textOnly ? `${r.text}${JSON.stringify(r.data)}` : r.text;
          if (!starts.every((s) => said.includes(s))) problems.push(`${label}: the reason is lost: ${r.text.slice(0, 300)}`);
          if (said.includes(`raise ${param}`)) problems.push(`${label}: advises a larger budget for an empty answer: ${r.text.slice(0, 300)}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(explained).toBeGreaterThanOrEqual(30);
  }, 300_000);

  test("format=json under a budget: the text is the shortened result with as much content as fits, marked truncated with what was shown; the structured result lists the same files", async () => {
    const counter = await tokenCounter();
    const problems: string[] = [];
    let cut = 0;
    for (const spec of budgeted) {
      const request = packing(spec.op);
      if (!request) continue;
      const param = budgetName(spec);
      for (const budget of [300, 600, 1200, 2500]) {
        const label = `${spec.op} ${param}=${budget}`;
        let r;
        try {
          r = await call(spec.op, { path: root, ...request, format: "json", [param]: budget }, { cwd: root, surface: "mcp" });
        } catch (error) {
          problems.push(`${label}: ${(error as Error).message}`);
          continue;
        }
        const used = answerTokens(r, counter);
        if (used > budget) problems.push(`${label}: ${used} tokens`);
        let text: Record<string, unknown>;
        try {
          text = JSON.parse(r.text) as Record<string, unknown>;
        } catch {
          problems.push(`${label}: the text is not JSON: ${r.text.slice(0, 200)}`);
          continue;
        }
        if (text.truncated !== true) continue;
        cut++;
        // the packing's result: review holds it in `context`
        const shown = (spec.op === "review" ? text.context : text) as { entries?: { path: string; content?: string }[] } | undefined;
        const data = (spec.op === "review" ? (r.data as Record<string, unknown>).context : r.data) as { entries?: { path: string }[] } | undefined;
        if (typeof text.reason !== "string" || !/budget/.test(text.reason)) problems.push(`${label}: no reason says what was cut: ${r.text.slice(0, 200)}`);
        if (!shown || !Array.isArray(shown.entries)) {
          // (review's packed context under a budget its change list takes: left out, and said so)
          if (!(spec.op === "review" && typeof text.reason === "string" && text.reason.includes("context: left out"))) problems.push(`${label}: the text lost the result (${r.text.slice(0, 300)})`);
          continue;
        }
        const paths = (shown.entries ?? []).map((e) => e.path);
        if (JSON.stringify(paths) !== JSON.stringify((data?.entries ?? []).map((e) => e.path))) problems.push(`${label}: the text lists ${paths.join(", ")}; the structured result ${(data?.entries ?? []).map((e) => e.path).join(", ")}`);
        if (budget >= 1200 && !(shown.entries ?? []).some((e) => (e.content ?? "").length > 100)) problems.push(`${label}: no content kept: ${r.text.slice(0, 300)}`);
      }
    }
    expect(problems).toEqual([]);
    expect(cut).toBeGreaterThanOrEqual(3);
  }, 300_000);

  test("toc: a text listing every file comes with a structured result listing every file; a cut structured result with the directory view", async () => {
    const counter = await tokenCounter();
    const problems: string[] = [];
    const views = new Set<string>();
    for (let budget = 200; budget <= 6000; budget += 200) {
      const r = await call("toc", { path: root, maxTokens: budget }, { cwd: root, surface: "mcp" });
      const data = r.data as { detail: string; files: number; entries: unknown[]; truncated?: boolean };
      views.add(data.detail);
      if (answerTokens(r, counter) > budget) problems.push(`maxTokens=${budget}: over`);
      if (data.detail !== "directories" && (data.entries.length !== data.files || data.truncated)) problems.push(`maxTokens=${budget}: the ${data.detail} view lists all ${data.files} files, the structured result ${data.entries.length}`);
    }
    expect(problems).toEqual([]);
    expect([...views].sort()).toEqual(["directories", "full", "paths"]);
  }, 300_000);
});

test("a list one item dominates is cut inside that item, not halved (review's API delta kept one of six entries: the others were small, one signature 3,000 tokens)", async () => {
  const counter = await tokenCounter();
  const entry = (name: string, signature: string) => ({ name, kind: "signature", before: signature, after: `${signature} // changed` });
  const delta = [entry("a", "export function a(): void"), entry("huge", `export function huge(${Array.from({ length: 400 }, (_, i) => `p${i}: number`).join(", ")}): void`), ...["c", "d", "e", "f"].map((n) => entry(n, `export function ${n}(): void`))];
  const fitted = fitData({ changedSince: "HEAD~3", apiDelta: delta }, 1500, counter, ["changedSince", "apiDelta"]) as { apiDelta: { name: string }[]; truncated?: boolean };
  expect(counter.count(JSON.stringify(fitted))).toBeLessThanOrEqual(1500);
  expect(fitted.truncated).toBe(true);
  expect(fitted.apiDelta.map((e) => e.name)).toEqual(["a", "huge", "c", "d", "e", "f"]);
});
