// The calls an answer suggests (fetch what was cut, emit what was set aside, raise the budget)
// are in the terms of the surface it went out on: CLI commands and flags from the CLI, tool
// names and parameters over MCP. A CLI user told to call `svc_focus focus=…` or to raise
// `maxTokens` meets a dead end. Walks the packing operations on both surfaces.

import { expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import { SHOP } from "../fixtures/shop.ts";
import { runSvc } from "../helpers/cli.ts";
import { gitRepo } from "../helpers/repo.ts";

// (ask's strategy line, `<!-- svc_ask: … -->`, names the operation, not a call to make)
const MCP_TERMS = /\bsvc_[a-z]+\b(?!:)|\bmaxTokens\b|\btokenBudget\b|\bonlyExtensions\b/;
// the CLI arguments of each operation, and the same request as tool parameters
const CALLS: [string, string[], Record<string, unknown>][] = [
  ["skeleton", [], {}],
  ["focus", ["OrderService"], { focus: "OrderService", depth: 3 }],
  ["search", ["order payment logger"], { query: "order payment logger" }],
  ["fuse", [], {}],
  ["toc", [], {}],
  ["ask", ["how are orders placed"], { task: "how are orders placed" }],
];

test("CLI answers suggest CLI calls; MCP answers suggest tool calls (every packing operation, two small budgets)", async () => {
  const root = gitRepo(SHOP);
  // one file much larger than the rest: small budgets cut it to an excerpt whose marker names the whole-file call
  writeFileSync(join(root, "src/orders/ledger.ts"), `export class Ledger {\n${Array.from({ length: 120 }, (_, i) => `  entry${i}(order: number): number {\n    return order * ${i};\n  }`).join("\n")}\n}\n`);
  const suggested = new Set<string>();
  for (const [op, args, params] of CALLS) {
    for (const budget of [150, 400]) {
      const flag = op === "ask" ? "--budget" : "--max-tokens";
      const cli = runSvc([op, ...args, root, flag, String(budget)], { cwd: root });
      const said = `${cli.stdout}\n${cli.stderr}`;
      expect({ op, budget, mcpTerms: said.match(MCP_TERMS)?.[0] ?? null }).toEqual({ op, budget, mcpTerms: null });
      for (const m of said.matchAll(/\bsvc (focus|reduce|fuse) [^\s`'"]+/g)) suggested.add(m[1]!);
      if (/\braise\b/.test(said)) expect(said).toMatch(new RegExp(`raise ${flag}`));

      const mcp = await call(op, { path: root, ...params, [op === "ask" ? "tokenBudget" : "maxTokens"]: budget }, { surface: "mcp" });
      expect(mcp.text).not.toMatch(/--max-tokens|--budget|\bsvc (focus|reduce|fuse) /);
    }
  }
  // the notes did suggest calls: dropped files (focus or ask's reduce) and the set-aside data files (fuse)
  expect([...suggested].sort()).toEqual(["focus", "fuse", "reduce"]);
}, 300_000);
