// ask packs for editing (issue 23): seeded by the task localizer, source before tests,
// benchmarks and generated copies, the best candidates whole, a named type joining the
// rest of the task rather than replacing it, the budget used when content remains and
// never exceeded.

import { describe, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import { answerTokens } from "../../src/render/fit.ts";
import type { FusionData } from "../../src/render/fusion.ts";
import { tokenCounter } from "../../src/text/tokens.ts";
import { askedKinds } from "../../src/plan/ask-localized.ts";
import { gitRepo } from "../helpers/repo.ts";

const body = (name: string, n: number) => Array.from({ length: n }, (_, i) => `  ${name}Step${i}(value: number): number {\n    return value * ${i + 1} + ${i};\n  }`).join("\n");

const FILES: Record<string, string> = {
  "src/cache/adapter.ts": `export interface CacheAdapter {\n  get(key: string): string | undefined;\n  set(key: string, value: string, ttlSeconds: number): void;\n}\n`,
  "src/cache/redis-adapter.ts": `import type { CacheAdapter } from "./adapter";\nexport class RedisAdapter implements CacheAdapter {\n  private expiry = new Map<string, number>();\n  get(key: string) { return undefined; }\n  set(key: string, value: string, ttlSeconds: number) { this.expiry.set(key, ttlSeconds); }\n${body("redis", 6)}\n}\n`,
  "src/settings.ts": `export class Settings {\n  cacheTtlSeconds = 60;\n  retries = 3;\n}\n`,
  "src/app.ts": `import { RedisAdapter } from "./cache/redis-adapter";\nimport { Settings } from "./settings";\nexport const app = { cache: new RedisAdapter(), settings: new Settings() };\n`,
  "test/redis-adapter.test.ts": `import { RedisAdapter } from "../src/cache/redis-adapter";\nconst adapter = new RedisAdapter();\nadapter.set("expiry", "ttl", 5); // redis adapter expiry ttl\n`,
  "benchmarks/redis-adapter-expiry.ts": `import { RedisAdapter } from "../src/cache/redis-adapter";\n// benchmark: redis adapter expiry ttl, redis adapter expiry ttl\nfor (let i = 0; i < 1000; i++) new RedisAdapter().set("expiry" + i, "ttl", i);\n`,
  "src/big/unrelated.ts": `export class Unrelated {\n${body("unrelated", 200)}\n}\n`,
};

describe("ask: packing for editing", () => {
  test("the localizer seeds the answer; source first, whole; tests and benchmarks after it", async () => {
    const root = gitRepo(FILES);
    const r = await call("ask", { path: root, task: "redis adapter expiry: respect the ttl", tokenBudget: 8000 });
    const data = r.data as unknown as FusionData;
    expect(r.text.split("\n")[0]).toBe("<!-- svc_ask: strategy=search budget=8000 -->");
    expect(r.text).toContain("seeded by the task localizer (find --kind task)");
    const paths = data.entries.map((e) => e.path);
    expect(paths).toContain("src/cache/adapter.ts");
    expect(paths[0]).toBe("src/cache/redis-adapter.ts");
    expect(data.entries[0]?.tier).toBe("standard");
    // the test and the benchmark mention the words more often, yet come after the source
    for (const aux of ["test/redis-adapter.test.ts", "benchmarks/redis-adapter-expiry.ts"]) {
      if (paths.includes(aux)) expect(paths.indexOf(aux)).toBeGreaterThan(paths.indexOf("src/cache/adapter.ts"));
    }
    // the manifest says why each file is in
    expect(r.text).toContain("src/cache/redis-adapter.ts (~");
    expect(r.text).toMatch(/src\/cache\/redis-adapter\.ts \(~[\d.k]+ tokens\) — task candidate 1 \(/);
  }, 60_000);

  test("a named type joins the rest of the task instead of replacing it", async () => {
    const root = gitRepo(FILES);
    const r = await call("ask", { path: root, task: "make the redis adapter expiry use Settings for the ttl", tokenBudget: 8000 });
    const paths = (r.data as unknown as FusionData).entries.map((e) => e.path);
    expect(paths[0]).toBe("src/settings.ts");
    expect(r.text.split("\n")[0]).toBe('<!-- svc_ask: strategy=focus seed="Settings" budget=8000 -->');
    expect(r.text).toContain("Settings's declaring file first, with the rest of the task");
    expect(paths).toContain("src/settings.ts");
    expect(paths).toContain("src/cache/redis-adapter.ts");
  }, 60_000);

  test("the budget is used when content remains and never exceeded", async () => {
    const root = gitRepo(FILES);
    const counter = await tokenCounter();
    for (const budget of [600, 1500, 8000]) {
      const r = await call("ask", { path: root, task: "redis adapter expiry: respect the ttl", tokenBudget: budget });
      expect(answerTokens(r, counter)).toBeLessThanOrEqual(budget);
    }
    // a large budget: everything relevant arrives whole (signature-level neighbours are upgraded)
    const big = await call("ask", { path: root, task: "redis adapter expiry: respect the ttl", tokenBudget: 20000 });
    const entries = (big.data as unknown as FusionData).entries;
    expect(entries.length).toBeGreaterThan(1);
    expect(entries.every((e) => e.tier === "standard")).toBe(true);
  }, 60_000);

  test("what ask cut or left out is named with its own budget parameter, tokenBudget (maxTokens is no parameter of svc_ask)", async () => {
    const root = gitRepo(FILES);
    const said: string[] = [];
    for (const budget of [300, 600, 1500]) {
      const r = await call("ask", { path: root, task: "redis adapter expiry: respect the ttl, unrelated steps", tokenBudget: budget });
      expect(r.text).not.toMatch(/(fit|raise) maxTokens/);
      said.push(...(r.text.match(/(fits?|raise) tokenBudget[= ]\d*/g) ?? []));
    }
    expect(said.length).toBeGreaterThan(0);
  }, 60_000);

  test("tests, docs and generated files count as asked for only when the task says so", () => {
    expect([...askedKinds("add a unit test for the parser")]).toEqual(["test"]);
    expect([...askedKinds("document the retry option in the README")]).toEqual(["auxiliary"]);
    expect([...askedKinds("retry failed requests")]).toEqual([]);
  });
});
