// A staged change larger than an MCP answer may be (the surface's cap: svc_refactor takes no
// budget): its staged files — what apply takes — are whole or not at all. When they fit, the
// diffs (to read) are cut around them, the text naming every file with its counts and where the
// files are; hono's `compose` rename (~20.2k tokens, its files ~13.2k) could not be done over MCP.
// When the files alone are over the cap the change comes in pages (refactor/pages.ts; paged
// through to the end and applied in refactor-pages.test.ts). Through the host's RPC (no cap)
// the same change comes back whole.

import { expect, test } from "bun:test";
import { call, DEFAULT_BUDGET } from "../../src/engine.ts";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { answerTokens } from "../../src/render/fit.ts";
import { tokenCounter } from "../../src/text/tokens.ts";
import { mcpClientFor } from "../helpers/mcp-client.ts";
import { gitRepo } from "../helpers/repo.ts";

test("a rename whose staged files alone are over the MCP answer cap comes in pages within it (refactor/pages.ts); without a cap it is staged whole", async () => {
  const files: Record<string, string> = {
    "package.json": '{ "name": "r" }\n',
    "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, noEmit: true }, include: ["src"] }),
    "src/a.ts": "export function helper(n: number): number {\n  return n + 1;\n}\n",
  };
  // 150 importers of ~200 tokens each: the staged contents and diffs come to well over 20,000 tokens
  const body = Array.from({ length: 12 }, (_, i) => `export const value${i} = helper(${i}) * ${i + 3}; // the helper applied to ${i}`).join("\n");
  for (let i = 0; i < 150; i++) files[`src/use${i}.ts`] = `import { helper } from "./a";\n${body}\n`;
  const root = gitRepo(files);
  const request = { path: root, operation: "rename", symbol: "helper", newName: "helperRenamed" };
  const first = await call("refactor", request, { cwd: root, surface: "mcp" });
  const paged = (first.data as { paged: { page: number; pages: number; files: number } }).paged;
  expect(answerTokens(first, await tokenCounter())).toBeLessThanOrEqual(DEFAULT_BUDGET.mcp);
  expect([paged.page, paged.files]).toEqual([1, 151]);
  expect(paged.pages).toBeGreaterThan(1);
  expect(first.text).toContain("The refactor is verified only as a whole: apply every file of every page");
  const whole = await call("refactor", request, { cwd: root, surface: "rpc" });
  expect((whole.data as { status: string; files: unknown[] }).status).toBe("staged");
  expect((whole.data as { files: unknown[] }).files.length).toBe(151);
}, 300_000);

test("over MCP, a rename whose answer is over the cap but whose staged files fit comes back whole in its files, the diffs cut around them, and applies", async () => {
  const files: Record<string, string> = {
    "package.json": '{ "name": "r" }\n',
    "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, noEmit: true }, include: ["src"] }),
    "src/a.ts": "export function helper(n: number): number {\n  return n + 1;\n}\n",
  };
  // 40 importers: the staged files ~14k tokens, with the diffs (in the text and the structured result) ~60k
  const body = Array.from({ length: 12 }, (_, i) => `export const value${i} = helper(${i}) * ${i + 3}; // the helper applied to ${i}`).join("\n");
  for (let i = 0; i < 40; i++) files[`src/use${i}.ts`] = `import { helper } from "./a";\n${body}\n`;
  const root = gitRepo(files);
  const client = await mcpClientFor(root);
  try {
    const result = (await client.callTool({ name: "svc_refactor", arguments: { operation: "rename", symbol: "helper", newName: "helperRenamed" } })) as unknown as { content: { text: string }[]; structuredContent: { status: string; files: { file: string; expectedHash: string; content: string }[]; truncated?: boolean }; isError?: boolean };
    expect(result.isError).toBeFalsy();
    const text = result.content.map((c) => c.text).join("");
    const data = result.structuredContent;
    // within the MCP answer cap, every staged file whole
    expect(answerTokens({ text, data }, await tokenCounter())).toBeLessThanOrEqual(DEFAULT_BUDGET.mcp);
    expect(data.status).toBe("staged");
    expect(data.files.length).toBe(41);
    expect(data.truncated).toBe(true);
    // what was cut is said: every file with its counts in the summary, the marker naming where the files are
    expect(text).toContain("files: src/a.ts (+1 -1), ");
    expect(text).toContain("src/use39.ts (+13 -13)");
    expect(text).toMatch(/lines \(~[\d.]+k tokens\) cut to fit the 20\.0k-token budget; every staged file is whole in the structured result \(files\)/);
    // the write: each file through svc_workspace action=apply
    for (const f of data.files) {
      const applied = (await client.callTool({ name: "svc_workspace", arguments: { action: "apply", file: f.file, content: f.content, expectedHash: f.expectedHash, write: true } })) as unknown as { structuredContent: { written: boolean }; isError?: boolean };
      expect([f.file, applied.isError ?? false, applied.structuredContent.written]).toEqual([f.file, false, true]);
    }
    expect(readFileSync(join(root, "src/use39.ts"), "utf8")).toBe(`import { helperRenamed } from "./a";\n${body.replaceAll("helper(", "helperRenamed(")}\n`);
    expect(readFileSync(join(root, "src/a.ts"), "utf8")).toContain("export function helperRenamed(n: number)");
  } finally {
    await client.close();
  }
}, 300_000);
