// A staged refactor over its answer's budget comes in pages (refactor/pages.ts): page 1 with
// the summary, the rest served from the staging the serving process keeps, each page within the
// budget, every file whole and in exactly one page, all of one staging. Applying the staging's
// own files between pages is no change; any other change refuses the later pages, saying to
// re-run. The MCP server and the RPC surface run the same operation.

import { expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import { answerTokens } from "../../src/render/fit.ts";
import { tokenCounter } from "../../src/text/tokens.ts";
import { mcpClientFor } from "../helpers/mcp-client.ts";
import { git, gitRepo } from "../helpers/repo.ts";

interface Page {
  status: string;
  reason?: string;
  files?: { file: string; expectedHash: string; content: string }[];
  diffs?: unknown[];
  paged?: { staging: string; page: number; pages: number; files: number; next: number | null; wholeOnly: boolean };
}

const BODY = Array.from({ length: 6 }, (_, i) => `export const value${i} = helper(${i}) * ${i + 3}; // the helper applied to ${i}`).join("\n");

function project(): string {
  const files: Record<string, string> = {
    "package.json": '{ "name": "r" }\n',
    "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, noEmit: true }, include: ["src"] }),
    "src/a.ts": "export function helper(n: number): number {\n  return n + 1;\n}\n",
    "src/other.ts": "export const other = 1;\n",
  };
  for (let i = 0; i < 12; i++) files[`src/use${i}.ts`] = `import { helper } from "./a";\n${BODY}\n`;
  return gitRepo(files);
}

const RENAME = { operation: "rename", symbol: "helper", newName: "helperRenamed" };
const BUDGET = 1200;

test("over MCP, a rename over maxTokens comes in pages within it, one staging, every file once; applied page by page it is the whole rename; a changed workspace refuses the next page", async () => {
  const root = project();
  const counter = await tokenCounter();
  const client = await mcpClientFor(root);
  const ask = async (args: Record<string, unknown>) => {
    const result = (await client.callTool({ name: "svc_refactor", arguments: { ...RENAME, maxTokens: BUDGET, ...args } })) as unknown as { content: { text: string }[]; structuredContent: Page; isError?: boolean };
    const text = result.content.map((c) => c.text).join("");
    expect(result.isError ?? false).toBe(false);
    // hard on every page
    expect(answerTokens({ text, data: result.structuredContent }, counter)).toBeLessThanOrEqual(BUDGET);
    return { text, data: result.structuredContent };
  };
  try {
    const first = await ask({});
    expect(first.data.status).toBe("staged");
    const paged = first.data.paged!;
    expect(paged.page).toBe(1);
    expect(paged.pages).toBeGreaterThan(2);
    expect(paged.files).toBe(13);
    expect(paged.next).toBe(2);
    expect(paged.wholeOnly).toBe(true);
    expect(first.text).toContain("verified: no new errors in 13 files re-checked");
    expect(first.text).toContain("The refactor is verified only as a whole: apply every file of every page");
    expect(first.text).toContain("page=2");
    const seen: string[] = [];
    const apply = async (files: Page["files"]) => {
      for (const f of files!) {
        const applied = (await client.callTool({ name: "svc_workspace", arguments: { action: "apply", file: f.file, content: f.content, expectedHash: f.expectedHash, write: true } })) as unknown as { structuredContent: { written: boolean }; isError?: boolean };
        expect([f.file, applied.isError ?? false, applied.structuredContent.written]).toEqual([f.file, false, true]);
        seen.push(f.file);
      }
    };
    // applied as it comes: the staging's own files written are no change to the pages after
    await apply(first.data.files);
    for (let page = 2; page <= paged.pages; page++) {
      const next = await ask({ page });
      expect(next.data.paged!.staging).toBe(paged.staging);
      expect(next.data.paged!.page).toBe(page);
      expect(next.data.paged!.next).toBe(page < paged.pages ? page + 1 : null);
      expect(next.text).toContain("verified only as a whole");
      await apply(next.data.files);
    }
    expect(seen.sort()).toEqual(["src/a.ts", ...Array.from({ length: 12 }, (_, i) => `src/use${i}.ts`)].sort());
    expect(readFileSync(join(root, "src/a.ts"), "utf8")).toContain("export function helperRenamed(n: number)");
    expect(readFileSync(join(root, "src/use11.ts"), "utf8")).toBe(`import { helperRenamed } from "./a";\n${BODY.replaceAll("helper(", "helperRenamed(")}\n`);
    // a page past the last is bad input
    const past = (await client.callTool({ name: "svc_refactor", arguments: { ...RENAME, maxTokens: BUDGET, page: paged.pages + 1 } })) as unknown as { content: { text: string }[]; isError?: boolean };
    expect(past.isError).toBe(true);
    expect(past.content[0]!.text).toContain(`has ${paged.pages} pages`);

    // a new staging (the tree back as it was), then a file it read changes: its next page is refused, saying to re-run
    git(root, "checkout", "--", ".");
    const again = await ask({});
    expect(again.data.paged!.page).toBe(1);
    writeFileSync(join(root, "src/other.ts"), "export const other = 2;\n");
    const refused = await ask({ page: 2 });
    expect(refused.data.status).toBe("refused");
    expect(refused.data.files).toBeUndefined();
    expect(refused.data.reason).toContain(`the workspace changed since staging ${again.data.paged!.staging} began (1 file: src/other.ts)`);
    expect(refused.data.reason).toContain("re-run svc_refactor without page");
  } finally {
    await client.close();
  }
}, 300_000);

test("over RPC the same operation pages under maxTokens, and answers whole without one; a page no process kept is refused", async () => {
  const root = project();
  const rpc = async (args: Record<string, unknown>) => (await call("refactor", { path: root, ...RENAME, ...args }, { cwd: root, surface: "rpc" })).data as unknown as Page;
  const counter = await tokenCounter();
  const none = await rpc({ maxTokens: BUDGET, page: 2 });
  expect(none.status).toBe("refused");
  expect(none.reason).toContain("no staged result of this request is kept to page");
  const first = await rpc({ maxTokens: BUDGET });
  const paged = first.paged!;
  expect(paged.pages).toBeGreaterThan(2);
  expect(counter.count(JSON.stringify(first))).toBeLessThanOrEqual(BUDGET);
  const files = [...first.files!];
  for (let page = 2; page <= paged.pages; page++) {
    const next = await rpc({ maxTokens: BUDGET, page });
    expect(counter.count(JSON.stringify(next))).toBeLessThanOrEqual(BUDGET);
    expect(next.paged!.staging).toBe(paged.staging);
    files.push(...next.files!);
  }
  // page 1 again is the kept staging's, not a new run
  expect(await rpc({ maxTokens: BUDGET, page: 1 })).toEqual(first);
  // the pages together are the whole answer's files, byte for byte
  const whole = await rpc({});
  expect(whole.paged).toBeUndefined();
  expect(files).toEqual(whole.files!);
  // a smaller budget than the staging was paged for would move its page boundaries: refused
  const smaller = await rpc({ maxTokens: BUDGET - 100, page: 2 }).catch((e: Error) => e);
  expect(smaller).toBeInstanceOf(Error);
  expect((smaller as Error).message).toContain(`was paged for maxTokens=${BUDGET}`);
}, 300_000);

test("a staged file that alone is over maxTokens is never split: the change is refused whole, naming the file, the least budget and the way that has none", async () => {
  const root = project();
  const long = Array.from({ length: 120 }, (_, i) => `export const big${i} = helper(${i}) + ${i}; // a long importer, line ${i}`).join("\n");
  writeFileSync(join(root, "src/use0.ts"), `import { helper } from "./a";\n${long}\n`);
  git(root, "add", "-A");
  git(root, "commit", "-qm", "long importer");
  const refused = await call("refactor", { path: root, ...RENAME, maxTokens: BUDGET }, { cwd: root, surface: "rpc" }).catch((e: Error) => e);
  expect(refused).toBeInstanceOf(Error);
  const message = (refused as Error).message;
  // what to pass leads, so a budget's cut of the error keeps it
  expect(message).toMatch(/^pass maxTokens=\d+ or more: the staged change \(\d+ files, verified\) cannot be paged within maxTokens=1200, as its file src\/use0\.ts alone needs ~\d+ tokens in a page and a staged file is never split/);
  expect(message).toContain("the host's svc/refactor RPC method, which has no budget");
}, 300_000);
