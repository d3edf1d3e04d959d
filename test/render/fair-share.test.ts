// Budgeted answers keep what a reader needs first: one big file does not crowd out the rest
// (it takes at most half the room while others wait), and a budgeted skeleton keeps the
// project's own, most depended-on sources before benchmarks and scripts.

import { describe, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import type { FusionData } from "../../src/render/fusion.ts";
import { gitRepo } from "../helpers/repo.ts";

const bigTypes = Array.from({ length: 400 }, (_, i) => `export type RouterOption${i} = { router: string; path${i}: string; method: "GET" | "POST"; handler: () => void };`).join("\n");

const REPO = {
  "src/types.ts": `${bigTypes}\n`,
  "src/router/trie.ts": 'import type { RouterOption1 } from "../types";\nexport class TrieRouter {\n  add(o: RouterOption1) { return o.router; }\n  match(path: string) { return path; }\n}\n',
  "src/router/regexp.ts": "export class RegExpRouter {\n  add(path: string) { return new RegExp(path); }\n  match(path: string) { return path; }\n}\n",
  "src/router/linear.ts": "export class LinearRouter {\n  routes: string[] = [];\n  add(path: string) { this.routes.push(path); }\n  match(path: string) { return this.routes.includes(path); }\n}\n",
  "src/app.ts": 'import { TrieRouter } from "./router/trie";\nimport { RegExpRouter } from "./router/regexp";\nimport { LinearRouter } from "./router/linear";\nexport const routers = [new TrieRouter(), new RegExpRouter(), new LinearRouter()];\n',
  "src/server.ts": 'import { TrieRouter } from "./router/trie";\nexport const serve = () => new TrieRouter().match("/");\n',
  "src/worker.ts": 'import { TrieRouter } from "./router/trie";\nexport const work = () => new TrieRouter().match("/w");\n',
  "benchmarks/aaa/bench-router.ts": `export function benchRouter() {\n${"  console.log('router bench line');\n".repeat(120)}}\n`,
  "benchmarks/abc/other.ts": `export function other() {\n${"  console.log('other bench line');\n".repeat(120)}}\n`,
};

describe("fair shares under a budget", () => {
  const root = gitRepo(REPO);

  test("search: the big first match is cut to half the room and the small routers still come", async () => {
    const r = await call("search", { path: root, query: "router option", maxTokens: 3000 });
    const data = r.data as unknown as FusionData;
    const paths = data.entries.map((e) => e.path);
    expect(paths).toContain("src/types.ts");
    for (const p of ["src/router/trie.ts", "src/router/regexp.ts", "src/router/linear.ts"]) expect(paths).toContain(p);
    expect(data.entries.find((e) => e.path === "src/types.ts")?.tokens ?? 0).toBeLessThanOrEqual(1500);
  }, 60_000);

  test("skeleton: the sources most depended on are kept before benchmarks; kept files come out by path", async () => {
    const r = await call("skeleton", { path: root, maxTokens: 600 });
    const paths = (r.data as unknown as FusionData).entries.map((e) => e.path);
    expect(paths.some((p) => p.startsWith("benchmarks/"))).toBe(false);
    expect(paths).toContain("src/router/trie.ts");
    expect(paths).toEqual([...paths].sort());
  }, 60_000);
});
