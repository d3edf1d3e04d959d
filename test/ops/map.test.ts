import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import { gitRepo } from "../helpers/repo.ts";

describe("svc map", () => {
  const root = gitRepo({
    "src/orders/order.service.ts": "export class OrderService {\n  place() {}\n}\nfunction helper() {}\n",
    "src/util/format.ts": "export function formatMoney(n: number) { return String(n); }\nexport const CURRENCY = 'EUR';\n",
    "src/orders/order.service.test.ts": "export class OrderServiceSpec {}\n",
  });

  test("lists top-level declarations, exported first, tests excluded; no routes said plainly", async () => {
    const { text, data } = await call("map", { path: root });
    expect(text).toBe(
      [
        "symbols (4 top-level declarations, tests excluded):",
        "  class OrderService  (src/orders/order.service.ts:1)",
        "  function formatMoney  (src/util/format.ts:1)",
        "  const CURRENCY  (src/util/format.ts:2)",
        "  (local) function helper  (src/orders/order.service.ts:4)",
        "routes: none: no route registrations found under the workspace root (looked for express, koa, fastify, hono, elysia, NestJS, Bun.serve, Next.js, SvelteKit, Remix, React Router routes); routes of another framework or registered through a helper are not detected: svc_find kind=text finds a route's path or handler by its text",
      ].join("\n"),
    );
    expect(data).toMatchObject({ indexState: "ready", symbols: { total: 4 } });
  });

  test("--max-rows caps a section and says so; a path scopes it", async () => {
    const capped = await call("map", { path: root, maxRows: 1, detail: "symbols" });
    expect(capped.text.split("\n")[0]).toBe("symbols (4 top-level declarations, tests excluded) (showing 1; raise maxRows (CLI --max-rows) for more):");
    expect(capped.text).not.toContain("routes:");
    const scoped = await call("map", { path: join(root, "src", "util") });
    expect((scoped.data as { symbols: { total: number } }).symbols.total).toBe(2);
  });

  test("an unknown detail lists the valid values", async () => {
    await expect(call("map", { path: root, detail: "everything" })).rejects.toMatchObject({
      prefix: "validation_error",
      message: "unknown detail 'everything'. Valid values: all, symbols, routes",
    });
  });
});
