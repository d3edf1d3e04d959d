// A task with no usable signal (a single common letter, stop or change words only, punctuation,
// a word that occurs nowhere) is answered as such: find --kind task ranks nothing and ask packs
// nothing, both saying why and what to try in the caller's surface's calls — not 28 files of
// noise as if they were relevant (`svc_ask task="x"` on hono). A short word that is rare here
// ("ws", in one file of 40) is a signal and still ranks.

import { afterAll, describe, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import type { FindData } from "../../src/ops/find.ts";
import type { Surface } from "../../src/ops/types.ts";
import { runSvc } from "../helpers/cli.ts";
import { mcpClientFor } from "../helpers/mcp-client.ts";
import { gitRepo } from "../helpers/repo.ts";

const files: Record<string, string> = {};
for (let i = 0; i < 40; i++) {
  // "x" in a quarter of the files (a header name, a coordinate): too common to say where
  const x = i % 4 === 0 ? `  const x = point${i}.x + 1;\n  headers.set("x-request-${i}", String(x));\n` : "";
  files[`src/module${i}/part${i}.ts`] = `export function handle${i}(point${i}: Point, headers: Headers): number {\n${x}  return ${i};\n}\n`;
}
files["src/socket/server.ts"] = "export function openSocket(url: string) {\n  const ws = new WebSocket(url);\n  return ws;\n}\n";

describe("a task with no usable signal", () => {
  const root = gitRepo(files);
  const client = mcpClientFor(root);
  afterAll(async () => (await client).close());

  test.each([["cli", "svc find <name>"], ["mcp", "svc_find query=<name>"], ["rpc", "svc_find query=<name>"]] as [Surface, string][])("find --kind task x over %s: no candidate, why and the next call", async (surface, next) => {
    const r = await call("find", { path: root, query: "x", kind: "task" }, { surface });
    const data = r.data as unknown as FindData;
    expect(data.candidates).toEqual([]);
    expect(data.grade).toBe("insufficient");
    expect(data.noCandidates).toContain("no signal");
    expect(data.noCandidates).toMatch(/"x" is in 10 of the 41 files/);
    expect(data.noCandidates).toContain(next);
    expect(r.text).toContain(data.noCandidates as string);
  }, 120_000);

  // (at budgets that cannot hold the whole workspace: one that can gets all of it, said to be chosen for nothing in the task,
  // test/plan/ask-common-words.test.ts)
  test.each(["x", "the", "???", "fix a bug", "zyzzyva"])("ask %p packs nothing and says why", async (task) => {
    const r = await call("ask", { path: root, task, tokenBudget: 2000 }, { surface: "mcp" });
    const data = r.data as unknown as { files: number; entries: unknown[]; notes: string[] };
    expect(data.files).toBe(0);
    expect(data.entries).toEqual([]);
    // the structured result says why too (--json, structuredContent)
    expect(data.notes.some((n) => n.startsWith("nothing packed: the task carries no signal: "))).toBe(true);
    expect(r.text).toContain("strategy=none");
    expect(r.text).toMatch(/nothing packed: the task carries no signal: .+\. Try: name a file, symbol, route or service .*svc_find query=<name>.*svc_toc/);
    expect(r.text).not.toContain("part");
  }, 120_000);

  test("a rare short word is a signal: ask ws packs the file that has it", async () => {
    const r = await call("ask", { path: root, task: "ws", tokenBudget: 4000 }, { surface: "mcp" });
    expect(r.text).toContain("src/socket/server.ts");
    expect(r.text).not.toContain("no signal");
    const f = await call("find", { path: root, query: "ws", kind: "task" }, { surface: "mcp" });
    expect((f.data as unknown as FindData).candidates?.[0]?.path).toBe("src/socket/server.ts");
  }, 120_000);

  test("svc_ask task=x over the MCP server, and svc ask x on the CLI", async () => {
    const result = (await (await client).callTool({ name: "svc_ask", arguments: { task: "x", tokenBudget: 2000 } })) as { content: { text: string }[]; isError?: boolean };
    expect(result.isError).toBeFalsy();
    expect(result.content[0]?.text).toContain("nothing packed: the task carries no signal");
    const cli = runSvc(["ask", "x", "--budget", "2000"], { cwd: root });
    expect(cli.code).toBe(0);
    expect(cli.stdout).toContain("nothing packed: the task carries no signal");
    expect(cli.stdout).toContain("Try: name a file, symbol, route or service the change touches (svc find <name>)");
    expect(cli.stdout).not.toContain("src/module");
  }, 120_000);
});
