// The catalog B operations end to end on the shop fixture: golden xml outputs, scoping
// rules, budgets, formats, sessions and bad input.

import { describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { call, invoke } from "../../src/engine.ts";
import type { OpContext } from "../../src/ops/types.ts";
import { operation } from "../../src/registry/index.ts";
import type { FusionData } from "../../src/render/fusion.ts";
import { clearSessions } from "../../src/render/session.ts";
import { answerTokens } from "../../src/render/fit.ts";
import { tokenCounter } from "../../src/text/tokens.ts";
import { SHOP } from "../fixtures/shop.ts";
import { expectGolden } from "../helpers/golden.ts";
import { mcpClientFor } from "../helpers/mcp-client.ts";
import { git, gitRepo, plainDir, writeFiles } from "../helpers/repo.ts";

async function run(op: string, request: Record<string, unknown>) {
  const result = await call(op, request);
  return { text: result.text, data: result.data as unknown as FusionData };
}

const paths = (data: FusionData) => data.entries.map((e) => e.path);

describe("catalog B operations on the shop fixture", () => {
  const root = gitRepo(SHOP);

  test("skeleton (golden)", async () => {
    const { text, data } = await run("skeleton", { path: root });
    expectGolden("skeleton", text);
    expect(data.level).toBe("skeleton");
    expect(text).not.toContain("this.payments.charge");
    expect(text).toContain("class OrderService");
  });

  test("focus on a type: the declaring file first, then its dependencies and dependents (golden)", async () => {
    const { text, data } = await run("focus", { path: root, focus: "OrderService" });
    expectGolden("focus", text);
    expect(data.entries[0]).toMatchObject({ path: "src/orders/order.service.ts", role: "seed" });
    const roles = Object.fromEntries(data.entries.map((e) => [e.path, e.role]));
    expect(roles["src/payments/payment.service.ts"]).toBe("dependency");
    expect(roles["src/orders/orders.controller.ts"]).toBe("dependent");
    expect(roles["test/order.service.test.ts"]).toBe("dependent");
    expect(data.entries.find((e) => e.path === "src/orders/orders.controller.ts")?.provenance).toEqual([
      "seed src/orders/order.service.ts (symbol OrderService)",
      "src/orders/orders.controller.ts imports src/orders/order.service.ts",
    ]);
  });

  test("focus seed resolution: path, file name, directory; hop 2 is skeleton", async () => {
    expect(paths((await run("focus", { path: root, focus: "src/util/logger.ts", depth: 1 })).data)[0]).toBe("src/util/logger.ts");
    expect(paths((await run("focus", { path: root, focus: "logger.ts" })).data)[0]).toBe("src/util/logger.ts");
    const dir = await run("focus", { path: root, focus: "src/payments" });
    expect(dir.data.entries[0]).toMatchObject({ path: "src/payments/payment.service.ts", role: "seed" });
    const deep = await run("focus", { path: root, focus: "Logger", depth: 2 });
    const tiers = Object.fromEntries(deep.data.entries.map((e) => [e.path, e.tier]));
    expect(tiers["src/util/logger.ts"]).toBe("none");
    expect(tiers["src/orders/orders.controller.ts"]).toBe("skeleton");
  });

  test("search puts the declaring file first over files that mention the concept more (golden)", async () => {
    const { text, data } = await run("search", { path: root, query: "payment service charge" });
    expectGolden("search", text);
    expect(data.entries[0]?.path).toBe("src/payments/payment.service.ts");
  });

  test("changes: changed and untracked files plus first-degree dependents, with a review map", async () => {
    const repo = gitRepo(SHOP);
    writeFiles(repo, {
      "src/util/logger.ts": "export class Logger {\n  info(message: string): void {\n    console.info(message);\n  }\n}\n",
      "src/util/clock.ts": "export const now = () => Date.now();\n",
    });
    const { text, data } = await run("changes", { path: repo, changedSince: "HEAD", review: true });
    expect(paths(data).slice(0, 2)).toEqual(["src/util/clock.ts", "src/util/logger.ts"]);
    expect(data.entries.filter((e) => e.role === "dependent").map((e) => e.path)).toEqual([
      "src/main.ts",
      "src/orders/order.service.ts",
      "src/payments/payment.service.ts",
      "test/order.service.test.ts",
    ]);
    expect(text).toContain("=== review: src/util/logger.ts (+1 -1) ===");
    expect(text).toContain("callers (4): src/main.ts, src/orders/order.service.ts, src/payments/payment.service.ts, test/order.service.test.ts");
    expect(text).toContain("=== review: src/util/clock.ts (+1 -0) ===\ncallers: none detected");
    expect(text).toContain("+    console.info(message);");
    const noDeps = await run("changes", { path: repo, changedSince: "HEAD", includeDependents: false });
    expect(paths(noDeps.data)).toEqual(["src/util/clock.ts", "src/util/logger.ts"]);
    expectGolden("changes", (await run("changes", { path: repo, changedSince: "HEAD" })).text);
  });

  test("ask picks the strategy and says so on the first line", async () => {
    const broad = await run("ask", { path: root, task: "give me an overview of the architecture" });
    expect(broad.text.split("\n")[0]).toBe("<!-- svc_ask: strategy=skeleton budget=20000 -->");
    // a change whose subject holds a broad word is no broad question (plan/ask.ts isBroad)
    const change = await run("ask", { path: root, task: "feat(orders): support structured refund reasons" });
    expect(change.text.split("\n")[0]).toBe("<!-- svc_ask: strategy=search budget=20000 -->");
    const typed = await run("ask", { path: root, task: "add a refund method to OrderService" });
    expect(typed.text.split("\n")[0]).toBe('<!-- svc_ask: strategy=focus seed="OrderService" budget=20000 -->');
    expect(typed.data.entries[0]?.path).toBe("src/orders/order.service.ts");
    const missing = await run("ask", { path: root, task: "where is the RefundPolicy applied to orders" });
    expect(missing.text.split("\n")[0]).toBe('<!-- svc_ask: strategy=search (focus seed "RefundPolicy" did not resolve) budget=20000 -->');
    const nothing = await run("ask", { path: root, task: "zzqqxx wibble" });
    // words that occur nowhere carry no signal: a workspace this small fits the budget whole, so all of it comes, said to be chosen
    // for nothing in the task; a larger one gets nothing, and why (test/ops/no-signal.test.ts)
    expect(nothing.text.split("\n")[0]).toStartWith("<!-- svc_ask: strategy=central confidence=low (the task carries no signal: ");
    expect(nothing.text).toContain('"zzqqxx", "wibble" occur nowhere in the indexed files');
    const plain = await run("ask", { path: root, task: "how are customers charged", tokenBudget: 50000 });
    expect(plain.text.split("\n")[0]).toBe("<!-- svc_ask: strategy=search budget=50000 -->");
    expectGolden("ask", typed.text);
  }, 60_000);

  test("fuse (managed): template, scope, pattern summary; generic infers its template", async () => {
    const managed = await run("fuse", { path: root, template: "typescript", query: "order", patternSummary: true });
    expect(managed.text).toContain("  template: typescript");
    // The pattern summary reads the frameworks from the index's wiring facts.
    expect(managed.text).toContain("  pattern: HttpRouting: NestJS — 2 routes in 1 controller\n");
    expect(managed.data.entries.every((e) => !e.path.endsWith(".md"))).toBe(true);
    const generic = await run("fuse", { path: root });
    expect(generic.text).toContain("  template: typescript (inferred)");
    const docs = await run("fuse", { path: root, template: "docs" });
    expect(paths(docs.data)).toEqual(["README.md"]);
    const only = await run("fuse", { path: root, onlyExtensions: [".json"] });
    expect(paths(only.data)).toEqual(["package.json", "tsconfig.json"]);
  });

  test("gitStats adds churn to manifest lines; outside git it says git is unavailable", async () => {
    const { text } = await run("fuse", { path: root, gitStats: true, focus: "Logger" });
    expect(text).toMatch(/src\/util\/logger\.ts \(~\d+ tokens\) \[commits:1 last:\d{4}-\d{2}-\d{2}\]/);
    const plain = plainDir({ "a.ts": "export const a = 1;\n" });
    expect((await run("fuse", { path: plain, gitStats: true })).text).toContain("git: unavailable (");
  });

  test("secrets never leave: the planted key is redacted and counted", async () => {
    for (const op of ["skeleton", "search", "focus"] as const) {
      const request = op === "search" ? { query: "payment" } : op === "focus" ? { focus: "PaymentService" } : {};
      const { text } = await run(op, { path: root, ...request, ...(op === "skeleton" ? {} : { level: "none" }) }); // skeleton has its own level
      expect(text).not.toContain("sk_live_");
    }
    const { text } = await run("focus", { path: root, focus: "PaymentService" });
    expect(text).toContain('"[REDACTED:stripe-key]"');
    expect(text).toMatch(/redacted: 1 span/);
  });

  test("formats: markdown and json", async () => {
    const md = await run("focus", { path: root, focus: "Logger", depth: 1, format: "markdown" });
    expect(md.text).toContain("### src/util/logger.ts\n```ts\n");
    const json = await run("focus", { path: root, focus: "Logger", format: "json" });
    const parsed = JSON.parse(json.text);
    expect(parsed.entries[0]).toMatchObject({ path: "src/util/logger.ts", role: "seed", tier: "none" });
  });

  test("byte-identical output for identical input", async () => {
    for (const op of ["skeleton", "focus", "search"] as const) {
      const request = { path: root, focus: "OrderService", query: "order" };
      const a = (await call(op, op === "skeleton" ? { path: root } : op === "focus" ? { path: root, focus: request.focus } : { path: root, query: request.query })).text;
      const b = (await call(op, op === "skeleton" ? { path: root } : op === "focus" ? { path: root, focus: request.focus } : { path: root, query: request.query })).text;
      expect(a).toBe(b);
    }
  });
});

describe("budgets: maxTokens is never exceeded, counted over text and structured result", () => {
  const root = gitRepo(SHOP);
  const calls: [string, Record<string, unknown>][] = [
    ["skeleton", {}],
    ["focus", { focus: "OrderService", depth: 3 }],
    ["search", { query: "order payment logger" }],
    ["changes", { changedSince: "HEAD" }],
    ["fuse", {}],
    ["ask", {}],
  ];
  for (const [op, extra] of calls) {
    test(op, async () => {
      writeFileSync(join(root, "src/util/logger.ts"), "export class Logger {\n  info(message: string): void {\n    console.warn(message);\n  }\n}\n");
      const counter = await tokenCounter();
      for (const budget of [150, 400, 900, 2000]) {
        const request = op === "ask" ? { path: root, task: "how are orders placed", tokenBudget: budget } : { path: root, ...extra, maxTokens: budget };
        const result = await call(op, request);
        const { text, data } = { text: result.text, data: result.data as unknown as FusionData };
        expect(answerTokens(result, counter)).toBeLessThanOrEqual(budget);
        if (budget >= 900) expect(data.files).toBeGreaterThanOrEqual(1);
        // the structured result says it too where the budget affords the note twice (--json and format=json read only that)
        if (data.files === 0) for (const said of budget >= 400 ? [text, data.notes.join("\n")] : [text]) expect(said).toContain(`nothing fits ${op === "ask" ? "tokenBudget" : "maxTokens"}=${budget}`);
        else if (data.droppedCount && op === "ask") {
          // ask maps what it did not pack (each line with why and its call) and says what the budget cut from the map
          expect(text).toContain("<!-- svc:map — relevant, not packed");
          expect((data.map ?? []).length + (data.mapCut ?? 0)).toBe(data.droppedCount);
          if (data.mapCut) expect(text).toContain(`cut from this map to fit tokenBudget=${budget}`);
        } else if (data.droppedCount) expect(text).toMatch(/Fetch (it|the first) with svc_focus focus=\S+\. -->/);
      }
    }, 60_000);
  }

  test("lower-relevance entries are downgraded before they are dropped", async () => {
    let downgraded = 0;
    for (let budget = 600; budget <= 2000; budget += 50) {
      const { data, text } = await run("focus", { path: root, focus: "OrderService", maxTokens: budget });
      expect(data.entries[0]?.path).toBe("src/orders/order.service.ts");
      if (text.includes("skeleton: downgraded to fit")) {
        downgraded++;
        const skeletons = data.entries.filter((e) => e.tier === "skeleton").map((e) => e.path);
        expect(skeletons.length).toBeGreaterThan(0);
      }
    }
    expect(downgraded).toBeGreaterThan(0);
  }, 120_000);
});

describe("sessions", () => {
  test("unchanged files are omitted, changed ones come as a diff when smaller", async () => {
    clearSessions();
    const repo = gitRepo(SHOP);
    const first = await run("focus", { path: repo, focus: "OrderService", session: "s1" });
    expect(first.data.omittedBySession).toEqual([]);
    const again = await run("focus", { path: repo, focus: "OrderService", session: "s1" });
    expect(again.data.files).toBe(0);
    expect(again.text).toContain("<!-- svc: session s1: omitted");
    const big = SHOP["src/orders/order.service.ts"] as string;
    writeFiles(repo, { "src/orders/order.service.ts": big.replace("return true;", "return order.status === \"cancelled\";") });
    const third = await run("focus", { path: repo, focus: "OrderService", session: "s1" });
    expect(third.data.entries.map((e) => [e.path, e.sent])).toEqual([["src/orders/order.service.ts", "diff"]]);
    expect(third.text).toContain('+    return order.status === "cancelled";');
    const other = await run("focus", { path: repo, focus: "OrderService", session: "s2" });
    expect(other.data.files).toBeGreaterThan(1);
  });

  test("a view already sent under the session (signatures, an excerpt) is not sent again: focus, search and context alike", async () => {
    clearSessions();
    const repo = gitRepo(SHOP);
    const contents = async (op: string, request: Record<string, unknown>) => {
      const answer = JSON.parse((await call(op, { path: repo, ...request, format: "json" }, { surface: "mcp" })).text) as { entries: { path: string; tier: string; content: string }[] };
      return answer.entries;
    };
    let downgraded = 0;
    for (const maxTokens of [600, 800, 1000]) {
      for (const [op, request] of [["focus", { focus: "OrderService", session: `f${maxTokens}` }], ["search", { query: "order payment", session: `s${maxTokens}` }], ["context", { seeds: ["OrderService"], sessionId: `c${maxTokens}` }]] as const) {
        const first = await contents(op, { ...request, maxTokens });
        downgraded += first.filter((e) => e.tier === "skeleton").length;
        const sent = new Map(first.map((e) => [e.path, e.content]));
        const again = await contents(op, { ...request, maxTokens });
        expect([op, maxTokens, again.filter((e) => sent.get(e.path) === e.content).map((e) => e.path)]).toEqual([op, maxTokens, []]);
      }
    }
    // the budgets downgrade files to signatures (the case the session missed)
    expect(downgraded).toBeGreaterThan(3);
  }, 120_000);

  test("svc_focus twice under one session over the MCP server: the second call re-sends nothing it sent", async () => {
    const repo = gitRepo(SHOP);
    const client = await mcpClientFor(repo);
    try {
      const focus = async () => JSON.parse(((await client.callTool({ name: "svc_focus", arguments: { focus: "OrderService", session: "m1", maxTokens: 1000, format: "json" } })) as { content: { text: string }[] }).content[0]?.text ?? "") as { entries: { path: string; content: string }[]; omittedBySession: string[] };
      const first = await focus();
      const again = await focus();
      const sent = new Map(first.entries.map((e) => [e.path, e.content]));
      expect(again.entries.filter((e) => sent.get(e.path) === e.content)).toEqual([]);
      expect(again.omittedBySession).toContain("src/orders/order.service.ts");
    } finally {
      await client.close();
    }
  }, 120_000);

  test("a call cancelled while it ran records nothing: the next call under its session sends the files in full", async () => {
    const repo = gitRepo(SHOP);
    const calls: [string, Record<string, unknown>][] = [
      ["focus", { focus: "OrderService", session: "c1" }],
      ["search", { query: "order payment", session: "c2" }],
      ["context", { seeds: ["OrderService"], sessionId: "c3" }],
    ];
    for (const [op, request] of calls) {
      // the real operation, cancelled once it has packed its answer — as an MCP client's notifications/cancelled lands
      // while the answer is rendered; the server then never sends it
      const controller = new AbortController();
      const spec = operation(op);
      const real = await spec.load();
      const cancelledLate = { ...spec, load: async () => (async (req: never, ctx: OpContext) => {
        const result = await real(req, ctx);
        controller.abort();
        return result;
      }) as never };
      await expect(invoke(cancelledLate, { path: repo, ...request }, { cwd: repo, signal: controller.signal })).rejects.toMatchObject({ prefix: "internal_error", message: "cancelled" });
      const after = await run(op, { path: repo, ...request });
      expect(after.text).not.toContain("already sent");
      expect(after.data.files).toBeGreaterThan(0);
      const again = await run(op, { path: repo, ...request });
      expect(again.text).toContain("omitted");
    }
  });

  test("a cancellation queued while the call computed (not yet read when its answer is ready) is honored: nothing recorded", async () => {
    // an MCP server reads stdin between event-loop turns: a call computing without yielding finishes before it reads
    // the client's notifications/cancelled; the engine reads pending I/O before the answer goes out
    const repo = gitRepo(SHOP);
    const controller = new AbortController();
    const spec = operation("focus");
    const real = await spec.load();
    const cancelQueued = { ...spec, load: async () => (async (req: never, ctx: OpContext) => {
      const result = await real(req, ctx);
      setImmediate(() => controller.abort()); // the cancellation, waiting in the event loop
      return result;
    }) as never };
    await expect(invoke(cancelQueued, { path: repo, focus: "OrderService", session: "q1" }, { cwd: repo, signal: controller.signal })).rejects.toMatchObject({ prefix: "internal_error", message: "cancelled" });
    expect((await run("focus", { path: repo, focus: "OrderService", session: "q1" })).text).not.toContain("already sent");
  });

  test("a malformed session id is a validation error", async () => {
    const repo = gitRepo(SHOP);
    await expect(call("focus", { path: repo, focus: "OrderService", session: "bad id!" })).rejects.toMatchObject({ prefix: "validation_error" });
  });
});

describe("bad input", () => {
  const root = gitRepo(SHOP);
  const expectError = async (op: string, request: Record<string, unknown>, message: string | RegExp) => {
    try {
      await call(op, { path: root, ...request });
      throw new Error("expected a validation error");
    } catch (error) {
      const e = error as { prefix?: string; message: string };
      expect(e.prefix).toBe("validation_error");
      if (typeof message === "string") expect(e.message).toBe(message);
      else expect(e.message).toMatch(message);
    }
  };

  test("mutually exclusive scopes", () =>
    expectError("fuse", { focus: "OrderService", query: "order" }, "focus, changedSince and query are mutually exclusive; pass one"));
  test("depth outside 1..10", () => expectError("focus", { focus: "OrderService", depth: 11 }, "depth must be between 1 and 10 (got 11)"));
  test("queryTop below 1", () => expectError("search", { query: "order", queryTop: 0 }, "queryTop must be at least 1 (got 0)"));
  test("unknown level", () => expectError("focus", { focus: "OrderService", level: "tiny" }, /^unknown level 'tiny'\. Valid values: none, standard, aggressive, skeleton, publicApi$/));
  test("unknown template", () => expectError("fuse", { template: "cobol" }, /^unknown template 'cobol'\. Valid values: typescript, /));
  test("unknown format", () => expectError("skeleton", { format: "html" }, "unknown format 'html'. Valid values: xml, markdown, json"));
  test("a focus seed that matches nothing", () => expectError("focus", { focus: "NoSuchThing" }, /^focus seed 'NoSuchThing' matched no collected file \(\d+ collected\); pass a file path, a folder, a declared name or path:line; svc_find looks one up/));
  test("a query that matches nothing", () => expectError("search", { query: "zzqqxx" }, /^query 'zzqqxx' matched no collected file \(\d+ collected\); try other or fewer words, or a description of what the code does: svc_find kind=task/));
  test("a bad git ref", () => expectError("changes", { changedSince: "no-such-branch" }, /no-such-branch/));
  test("a non-git directory for changes", async () => {
    const dir = plainDir({ "a.ts": "export const a = 1;\n" });
    await expect(call("changes", { path: dir, changedSince: "HEAD" })).rejects.toMatchObject({ prefix: "validation_error" });
  });
  test("an empty task", () => expectError("ask", { task: "   " }, "task must describe what you need"));
  test("reduce without files or content", () => expectError("reduce", {}, "pass files (paths to reduce) or content (text to reduce)"));
  test("reduce refuses paths outside the workspace", () => expectError("reduce", { files: ["../../etc/passwd"] }, /^refusing to reduce '\.\.\/\.\.\/etc\/passwd': it resolves outside the workspace root /));
});

describe("svc reduce", () => {
  test("content with an extension, and files, at a level", async () => {
    const root = gitRepo(SHOP);
    const content = await run("reduce", { path: root, content: "// note\nimport x from 'y';\nexport const a = 1; // trailing\n", extension: ".ts" });
    expect(content.text).toContain('<file path="content.ts">\nexport const a = 1;\n</file>');
    const files = await run("reduce", { path: root, files: ["src/util/logger.ts"], level: "skeleton" });
    expect(files.data.entries[0]).toMatchObject({ path: "src/util/logger.ts", tier: "skeleton" });
    // Files are relative to path (a folder inside the workspace); the entry keeps its root-relative path.
    const nested = await run("reduce", { path: join(root, "src"), files: ["util/logger.ts"], level: "skeleton" });
    expect(nested.data.entries[0]).toMatchObject({ path: "src/util/logger.ts", tier: "skeleton" });
    git(root, "status");
  });
});
