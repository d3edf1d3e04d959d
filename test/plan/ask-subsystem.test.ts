// ask for a broad question about a subsystem ("how does routing work") reaches the files
// that implement it (the routers), not a utility whose function name shares the gerund.

import { describe, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import { subsystemTopic, wordForms } from "../../src/plan/subsystem.ts";
import type { FusionData } from "../../src/render/fusion.ts";
import { gitRepo } from "../helpers/repo.ts";

const ROUTERS = {
  "src/router.ts": "export interface Router<T> {\n  add(method: string, path: string, handler: T): void;\n  match(method: string, path: string): T[];\n}\n",
  "src/router/trie-router/router.ts": 'import type { Router } from "../../router";\nexport class TrieRouter<T> implements Router<T> {\n  private routes: [string, string, T][] = [];\n  add(method: string, path: string, handler: T) { this.routes.push([method, path, handler]); }\n  match(method: string, path: string): T[] { return this.routes.filter((r) => r[0] === method && r[1] === path).map((r) => r[2]); }\n}\n',
  "src/router/reg-exp-router/router.ts": 'import type { Router } from "../../router";\nexport class RegExpRouter<T> implements Router<T> {\n  private table = new Map<string, T[]>();\n  add(method: string, path: string, handler: T) { this.table.set(method + path, [handler]); }\n  match(method: string, path: string): T[] { return this.table.get(method + path) ?? []; }\n}\n',
  "src/utils/url.ts": "/** Splits a routing path into its segments for the routing table. */\nexport function splitRoutingPath(routePath: string): string[] {\n  // routing paths: /a/:b/c\n  return routePath.split('/').filter(Boolean);\n}\nexport function getPath(url: string): string { return new URL(url).pathname; }\n",
  "src/app.ts": 'import { TrieRouter } from "./router/trie-router/router";\nimport { splitRoutingPath } from "./utils/url";\nexport const app = { router: new TrieRouter<() => void>(), parts: splitRoutingPath("/a") };\n',
};

describe("ask: questions about how a subsystem works", () => {
  test("the question frame is dropped and the topic's agent noun stands for it", () => {
    expect(subsystemTopic("how does routing work")).toEqual(["routing"]);
    expect(subsystemTopic("How is validation implemented?")).toEqual(["validation"]);
    expect(subsystemTopic("explain the caching")).toEqual(["caching"]);
    expect(subsystemTopic("add a refund endpoint")).toBeNull();
    expect(wordForms("routing")).toContain("router");
    expect(wordForms("validation")).toContain("validator");
    expect(wordForms("mapping")).toContain("mapper");
  });

  test("how does routing work → the router implementations before the url utility", async () => {
    const root = gitRepo(ROUTERS);
    const r = await call("ask", { path: root, task: "how does routing work", tokenBudget: 8000 });
    const paths = (r.data as unknown as FusionData).entries.map((e) => e.path);
    const url = paths.indexOf("src/utils/url.ts");
    for (const impl of ["src/router/trie-router/router.ts", "src/router/reg-exp-router/router.ts"]) {
      expect(paths).toContain(impl);
      if (url >= 0) expect(paths.indexOf(impl)).toBeLessThan(url);
    }
    expect(r.text.split("\n")[0]).toBe('<!-- svc_ask: strategy=search subsystem="routing" (searched as routing → router) budget=8000 -->');
  }, 60_000);
});
