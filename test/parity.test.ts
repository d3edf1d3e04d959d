// The registry is the one list of shipped identifiers: MCP tools, CLI commands and the
// README table must agree with it.

import { expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { REGISTRY } from "../src/registry/index.ts";
import { buildProgram } from "../src/surfaces/cli/program.ts";
import { mcpTools } from "../src/surfaces/mcp/tools.ts";
import { withToolTable } from "../src/surfaces/tool-table.ts";

test("MCP tools/list is generated from the registry", () => {
  const fromRegistry = [...new Set(REGISTRY.flatMap((r) => (r.mcp ?? []).map((b) => b.tool)))].sort();
  expect(mcpTools().map((t) => t.name).sort()).toEqual(fromRegistry);
}, 120_000);

test("every registry CLI command exists in the CLI, and the CLI has no other operation commands", () => {
  const { cli } = buildProgram("test");
  const commands = cli.commands.map((c) => c.name).filter((n) => !["mcp", "hook", "host", "localize", "resolve"].includes(n)).sort();
  expect(commands).toEqual(REGISTRY.filter((r) => r.cli).map((r) => r.cli?.command as string).sort());
}, 120_000);

test("the README tool table is the generated one (run bun scripts/readme-tools.ts after registry changes)", () => {
  const readme = readFileSync(join(import.meta.dir, "..", "README.md"), "utf8");
  expect(readme).toBe(withToolTable(readme));
}, 120_000);

test("operation names, MCP names and CLI commands are unique", () => {
  const ops = REGISTRY.map((r) => r.op);
  expect(new Set(ops).size).toBe(ops.length);
  const bindings = REGISTRY.flatMap((r) => (r.mcp ?? []).map((b) => `${b.tool}/${b.action ?? ""}`));
  expect(new Set(bindings).size).toBe(bindings.length);
}, 120_000);

test("the registry is the one table: every row of every file in src/registry/ is in it, once", async () => {
  const dir = join(import.meta.dir, "..", "src", "registry");
  const rows: { file: string; op: string; row: object }[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".ts") && f !== "index.ts")) {
    const mod = (await import(join(dir, file))) as Record<string, unknown>;
    for (const value of Object.values(mod)) {
      if (!Array.isArray(value)) continue;
      for (const row of value) if (row && typeof row === "object" && typeof (row as { op?: unknown }).op === "string") rows.push({ file, op: (row as { op: string }).op, row });
    }
  }
  // a file's rows that index.ts does not assemble would be a second, silent table
  expect(rows.filter(({ row }) => !REGISTRY.includes(row as never)).map(({ file, op }) => `${file}: ${op}`)).toEqual([]);
  expect(rows.map(({ op }) => op).sort()).toEqual(REGISTRY.map((r) => r.op).sort());
}, 120_000);
