import { describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import { SvcError } from "../../src/errors.ts";
import type { FindData } from "../../src/ops/find.ts";
import { runSvc } from "../helpers/cli.ts";
import { gitRepo } from "../helpers/repo.ts";

// OrderService is declared in one file and mentioned (more often) in five others.
const FILES: Record<string, string> = {
  "src/orders/order.service.ts": [
    "/** Places customer orders and keeps their totals. */",
    "export class OrderService {",
    "  place(orderId: string): number {",
    "    return orderId.length;",
    "  }",
    "}",
    "",
  ].join("\n"),
};
for (const name of ["checkout", "admin", "reports", "emails", "jobs"]) {
  FILES[`src/${name}/${name}.ts`] = [
    'import { OrderService } from "../orders/order.service";',
    `// ${name} uses OrderService; OrderService places orders; the OrderService is injected`,
    `export class ${name[0]!.toUpperCase()}${name.slice(1)}Handler {`,
    "  constructor(private readonly orderService: OrderService) {}",
    "  run() { return this.orderService.place('x') + this.orderService.place('y'); }",
    "}",
    "",
  ].join("\n");
}
FILES["test/order.service.test.ts"] = 'import { OrderService } from "../src/orders/order.service";\ntest("OrderService places", () => new OrderService().place("1"));\n';

async function find(root: string, query: string, kind: string, extra: Record<string, unknown> = {}) {
  const result = await call("find", { path: root, query, kind, ...extra });
  return { text: result.text, data: result.data as unknown as FindData };
}

describe("svc find", () => {
  const root = gitRepo(FILES);

  test("kind=symbol lists the declaring file first", async () => {
    const { text, data } = await find(root, "OrderService", "symbol");
    expect(data.symbols?.hits[0]).toMatchObject({ kind: "class", qualifiedName: "OrderService", path: "src/orders/order.service.ts", line: 2, exported: true });
    expect(text.split("\n")[1]).toBe("class OrderService  (src/orders/order.service.ts:2)");
  }, 120_000);

  test("kind=symbol: exact, then prefix, then substring", async () => {
    const { data } = await find(root, "order", "symbol");
    const names = data.symbols!.hits.map((h) => h.qualifiedName);
    expect(names.indexOf("OrderService")).toBeLessThan(names.indexOf("CheckoutHandler.orderService"));
  }, 120_000);

  test("kind=text ranks the declaring file first for a prose query naming the concept", async () => {
    const { data } = await find(root, "where does the order service place orders?", "text");
    expect(data.text!.hits[0]?.path).toBe("src/orders/order.service.ts");
  }, 120_000);

  test("kind=path lists paths containing the query, shortest first", async () => {
    const { data } = await find(root, "order", "path");
    expect(data.paths!.hits.map((h) => h.path)).toEqual(["test/order.service.test.ts", "src/orders/order.service.ts"]);
  }, 120_000);

  test("kind=all has the three sections; --limit caps each", async () => {
    const { text } = await find(root, "OrderService", "all", { limit: 2 });
    expect(text).toMatch(/^symbols \(\d+\)/m);
    expect(text).toMatch(/^paths \(0\):\n {2}none$/m);
    expect(text).toMatch(/^text \(\d+\) \(showing 2; raise limit \(CLI --limit\) for more\):/m);
  }, 120_000);

  test("a path argument scopes the answer", async () => {
    const { data } = await find(join(root, "src", "admin"), "OrderService", "symbol");
    expect(data.symbols!.hits.every((h) => h.path.startsWith("src/admin/"))).toBe(true);
  }, 120_000);

  test("nothing found says so and names the nearest names", async () => {
    const { text, data } = await find(root, "OrderServise", "symbol");
    expect(text).toStartWith("no matches for 'OrderServise' (symbol) in 7 indexed files; nearest names: ");
    expect(data.nearest).toContain("OrderService");
  }, 120_000);

  test("the nearest names are the nearest by spelling, not the first names sharing the query's start", async () => {
    // eight shorter names share `Hono`: the one a letter away comes first all the same
    const decls = ["Hono", "HonoEnv", "HonoBase", "HonoURL", "HonoOptions", "HonoRoute", "HonoRouter", "HonoSchema"].map((n) => `export const ${n} = 1;`);
    const many = gitRepo({ "src/hono.ts": `${decls.join("\n")}\nexport class HonoRequest {}\n` });
    const { data } = await find(many, "HonoReqest", "symbol");
    expect(data.nearest?.[0]).toBe("HonoRequest");
  }, 120_000);

  test("kind=all: a misspelled name the text mentions gets the nearest declared names in its empty symbols section", async () => {
    const typo = gitRepo({ "src/order.ts": "// OrderServise was the old spelling\nexport class OrderService {}\n" });
    const { text, data } = await find(typo, "OrderServise", "all");
    expect(data.symbols?.total).toBe(0);
    expect(data.text?.total).toBeGreaterThan(0);
    expect(text).toMatch(/^symbols \(0\):\n {2}none; nearest names: .*OrderService/);
    expect(data.nearest).toContain("OrderService");
  }, 120_000);

  test("bad input: empty query, unknown kind, bad limit", async () => {
    await expect(call("find", { path: root, query: "  " })).rejects.toMatchObject({ prefix: "validation_error" });
    try {
      await call("find", { path: root, query: "x", kind: "everything" });
      throw new Error("expected a throw");
    } catch (error) {
      expect((error as SvcError).formatted).toBe("validation_error: unknown kind 'everything'. Valid values: all, symbol, path, text, task, signatures, neighbors, service, request, route, config");
    }
    await expect(call("find", { path: root, query: "x", limit: 0 })).rejects.toMatchObject({ prefix: "validation_error" });
  }, 120_000);

  test("a cold read past the deadline returns the availability header alone", async () => {
    const cold = gitRepo(FILES);
    process.env.SVC_COLD_READ_DEADLINE_MS = "0";
    try {
      const { text, data } = await find(cold, "OrderService", "symbol");
      expect(data.indexState).toBe("building_syntax");
      expect(text).toStartWith("index_state: building_syntax\nfiles_indexed: 0\n");
      expect(text).toContain("grade: deferred (not semantic-ready)\nhint: ");
    } finally {
      delete process.env.SVC_COLD_READ_DEADLINE_MS;
    }
  }, 120_000);

  test("the CLI builds on first read and prints --json shapes", () => {
    const repo = gitRepo(FILES);
    const r = runSvc(["find", "OrderService", repo, "--kind", "symbol", "--json"]);
    expect(r.code).toBe(0);
    const data = JSON.parse(r.stdout);
    expect(data.symbols.hits[0].path).toBe("src/orders/order.service.ts");
    expect(existsSync(join(repo, ".svc", "svc.db"))).toBe(true);
    const bad = runSvc(["find", "x", repo, "--kind", "nope"]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toStartWith("validation_error: unknown kind 'nope'");
    expect(runSvc(["find"]).code).toBe(2);
  }, 120_000);
});
