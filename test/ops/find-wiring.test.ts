// find --kind route|service|request|config on the fixture apps: hop-by-hop answers with
// edge kinds and evidence, routes by METHOD + pattern, bare pattern or URL, `no matches`
// with the nearest keys, dynamic registrations listed; svc map's routes; svc resolve.

import { describe, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import { syncIndex } from "../../src/indexing/sync.ts";
import { runSvc } from "../helpers/cli.ts";
import { gitRepo } from "../helpers/repo.ts";
import { fixtureFiles } from "../helpers/wiring.ts";

// The wiring edges are the same whether the background semantic upgrade has run yet (checker)
// or not (syntax); which one a busy machine shows is a race these tests do not judge.
const find = async (root: string, query: string, kind: string) => (await call("find", { path: root, query, kind })).text.replace(/, checker\]/g, ", syntax]");
/** The answer as it is, tier labels included (the semantic-tier tests judge them). */
const findAsIs = async (root: string, query: string, kind: string) => (await call("find", { path: root, query, kind })).text;

describe("find wiring kinds (express fixture)", () => {
  const root = gitRepo(fixtureFiles("express"));

  test("a route by METHOD and pattern: mounts, then the handler with its registration", async () => {
    expect(await find(root, "GET /api/orders/:id", "route")).toBe(
      [
        "routes matching 'GET /api/orders/:id': 1",
        "GET /api/orders/:id  (express)",
        '  [route_mounts, syntax] app.use("/api", apiRouter)  (src/app.ts:7)',
        '  [route_mounts, syntax] apiRouter.use("/orders", ordersRouter)  (src/routes.ts:6)',
        '  [route_handles, syntax] function getOrder  (src/orders/orders.handlers.ts:7)  registered at src/orders/orders.routes.ts:9: ordersRouter.get("/:id", requireUser, asyncHandler(getOrder))',
        "1 dynamic registration could not be resolved statically (they may match too):",
        "  unresolved: app.get(extraPath, …) at src/app.ts:11",
      ].join("\n"),
    );
  }, 120_000);

  test("a concrete URL, another parameter name, a bare pattern; the method filters", async () => {
    const url = await find(root, "/api/orders/42/items", "route");
    expect(url.split("\n")[0]).toBe("routes matching '/api/orders/42/items': 2");
    expect(url).toContain("GET /api/orders/:id/items  (express)");
    expect(url).toContain("POST /api/orders/:id/items  (express)");
    expect((await find(root, "PATCH /api/users/{id}", "route")).split("\n").slice(0, 2)).toEqual(["routes matching 'PATCH /api/users/{id}': 1", "PATCH /api/users/:userId  (express)"]);
    expect((await find(root, "post /api/orders/7/items", "route")).split("\n")[0]).toBe("routes matching 'post /api/orders/7/items': 1");
    expect((await find(root, "health", "route")).split("\n")[1]).toBe("GET /health  (express)");
  }, 120_000);

  test("nothing resolves: no matches with the nearest routes, and the unresolved registrations", async () => {
    expect(await find(root, "GET /api/invoices", "route")).toBe(
      [
        "no matches for 'GET /api/invoices' (route) in 9 indexed files; nearest routes: GET /api/orders, GET /api/orders/:id, GET /api/users/:userId, GET /api/orders/:id/items, GET /health; try a shorter part of the path, or svc_find kind=text (the path as the code writes it)",
        "1 dynamic registration could not be resolved statically:",
        "  unresolved: app.get(extraPath, …) at src/app.ts:11",
      ].join("\n"),
    );
    const none = await call("find", { path: root, query: "OrderService", kind: "service" });
    expect(none.text).toBe(
      "no matches for 'OrderService' (service): no services detected in 9 indexed files (svc reads NestJS, Angular, InversifyJS, tsyringe and Awilix registrations and injections, and implements clauses); try another spelling, svc_find kind=symbol (declarations) or svc_find kind=text (words in code and comments)",
    );
    expect(none.data).toMatchObject({ kind: "service", wiring: { total: 0, known: 0, matches: [] }, noMatches: none.text });
    // a name declared here that no wiring names: why, and the call that lists its users (text and structured result alike)
    const declared = await call("find", { path: root, query: "getOrder", kind: "service" });
    const why = "no matches for 'getOrder' (service): no services detected in 9 indexed files (svc reads NestJS, Angular, InversifyJS, tsyringe and Awilix registrations and injections, and implements clauses); 'getOrder' is declared (function getOrder at src/orders/orders.handlers.ts:7) but no registration, injection or implements clause names it: svc_impact symbol=getOrder lists what uses it";
    expect(declared.text).toBe(why);
    expect(declared.data).toMatchObject({ noMatches: why, wiring: { noMatches: why } });
    expect(runSvc(["find", "getOrder", root, "--kind", "service"]).stdout).toContain("but no registration, injection or implements clause names it: svc impact getOrder lists what uses it");
  }, 120_000);

  test("config: definitions (names only) and readers", async () => {
    expect(await find(root, "DATABASE_URL", "config")).toBe(
      [
        "config keys matching 'DATABASE_URL': 1",
        "config key DATABASE_URL  (.env, process.env)",
        "  [defined] .env name (value not read)  (.env.example:3)",
        "  [config_reads, syntax] getOrder  (src/orders/orders.handlers.ts:8)  process.env.DATABASE_URL",
      ].join("\n"),
    );
  }, 120_000);

  test("svc map lists the routes with their registration sites and the unresolved ones", async () => {
    const { text, data } = await call("map", { path: root, detail: "routes" });
    expect(text).toBe(
      [
        "routes (9):",
        "  GET /api/orders  (src/orders/orders.routes.ts:8)",
        "  DELETE /api/orders/:id  (src/orders/orders.routes.ts:11)",
        "  GET /api/orders/:id  (src/orders/orders.routes.ts:9)",
        "  PUT /api/orders/:id  (src/orders/orders.routes.ts:22)",
        "  GET /api/orders/:id/items  (src/orders/orders.routes.ts:10)",
        "  POST /api/orders/:id/items  (src/orders/orders.routes.ts:10)",
        "  GET /api/users/:userId  (src/users/users.routes.ts:4)",
        "  PATCH /api/users/:userId  (src/users/users.routes.ts:5)",
        "  GET /health  (src/health/health.routes.ts:4)",
        "  unresolved: app.get(extraPath, …) at src/app.ts:11",
      ].join("\n"),
    );
    expect(data).toMatchObject({ routes: { total: 9, detected: true, unresolved: ["app.get(extraPath, …) at src/app.ts:11"] } });
    // The index summary counts them (a fresh repo: here a background semantic upgrade may hold the writer lock).
    expect((await call("index", { path: gitRepo(fixtureFiles("express")) })).text).toMatch(/ \d+ import edges(, \d+ checker edges)?, 15 wiring edges, 9 routes in /);
  }, 120_000);

  test("the deprecated svc resolve alias prints a notice, then answers as find --kind <kind>; without a kind it is a usage error", () => {
    const r = runSvc(["resolve", root, "--route", "DELETE /api/orders/1"]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("svc resolve is deprecated; use: svc find <text> --kind route");
    expect(r.stdout.split("\n").slice(0, 2)).toEqual(["routes matching 'DELETE /api/orders/1': 1", "DELETE /api/orders/:id  (express)"]);
    const json = runSvc(["resolve", root, "--config", "PORT", "--json"]);
    expect(JSON.parse(json.stdout)).toMatchObject({ kind: "config", wiring: { total: 1, matches: [{ key: "PORT" }] } });
    const usage = runSvc(["resolve", root]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("svc resolve needs one of --service, --request, --route, --config or --symbol");
  }, 120_000);
});

describe("find wiring kinds (NestJS fixtures)", () => {
  const root = gitRepo({ ...fixtureFiles("nestjs"), ...prefixed(fixtureFiles("nestjs-messaging"), "messaging/") });

  test("a route composed from the global prefix and the controller path", async () => {
    expect(await find(root, "GET /api/orders/:id", "route")).toBe(
      [
        "routes matching 'GET /api/orders/:id': 1",
        "GET /api/orders/:id  (nestjs)",
        '  [global_prefix] app.setGlobalPrefix("api")  (src/main.ts:6)',
        '  [prefix] @Controller("orders")  (src/orders/orders.controller.ts:4)',
        '  [route_handles, syntax] method OrdersController.findOne  (src/orders/orders.controller.ts:13)  @Get(":id")',
      ].join("\n"),
    );
  }, 120_000);

  test("what an answer could not see: a token no provider here registers, a key no definition here names", async () => {
    expect(await find(root, "ConfigService", "service")).toContain(
      "  [di_injects, syntax] OrderService  (src/orders/order.service.ts:12)  constructor parameter config: ConfigService → not resolved: ConfigService is not declared in the workspace (a package's module may provide it)",
    );
    // defined where its section is (config/default.json's top-level key `payments`)
    expect(await find(root, "payments.currency", "config")).toBe(
      [
        "config keys matching 'payments.currency': 1",
        "config key payments.currency  (ConfigService)",
        "  [defined] section payments: config file  (config/default.json:2)",
        '  [config_reads, syntax] OrderService.place  (src/orders/order.service.ts:24)  this.config.get("payments.currency")',
      ].join("\n"),
    );
  }, 120_000);

  test("a DI token: its implementation with the registration, and every injection site", async () => {
    expect(await find(root, "PAYMENT_GATEWAY", "service")).toBe(
      [
        "services matching 'PAYMENT_GATEWAY': 1",
        "service PAYMENT_GATEWAY  (nestjs)",
        "  [di_resolves_to, syntax] class StripeGateway  (src/payments/stripe.gateway.ts:9)  registered at src/orders/orders.module.ts:11 in OrdersModule: { provide: PAYMENT_GATEWAY, useClass: StripeGateway }",
        "  [di_injects, syntax] OrderService  (src/orders/order.service.ts:9)  @Inject(PAYMENT_GATEWAY) gateway → class StripeGateway",
      ].join("\n"),
    );
    expect(await find(root, "StripeGateway", "service")).toBe(
      [
        "services matching 'StripeGateway': 3",
        "service PAYMENT_GATEWAY  (nestjs)",
        "  [di_resolves_to, syntax] class StripeGateway  (src/payments/stripe.gateway.ts:9)  registered at src/orders/orders.module.ts:11 in OrdersModule: { provide: PAYMENT_GATEWAY, useClass: StripeGateway }",
        "  [di_injects, syntax] OrderService  (src/orders/order.service.ts:9)  @Inject(PAYMENT_GATEWAY) gateway → class StripeGateway",
        "service PaymentGateway  (typescript)",
        "  [implements, syntax] class StripeGateway  (src/payments/stripe.gateway.ts:10)  implements PaymentGateway",
        "service StripeGateway  (nestjs)",
        "  [declared] class StripeGateway  (src/payments/stripe.gateway.ts:9)  @Injectable(); registered as PAYMENT_GATEWAY",
      ].join("\n"),
    );
    expect((await find(root, "PaymentGateway", "service")).split("\n")).toEqual([
      "services matching 'PaymentGateway': 1",
      "service PaymentGateway  (typescript)",
      "  [implements, syntax] class StripeGateway  (src/payments/stripe.gateway.ts:10)  implements PaymentGateway",
    ]);
  }, 120_000);

  test("a command: its declaration, handler and senders; a message pattern; a config section", async () => {
    expect(await find(root, "PlaceOrderCommand", "request")).toBe(
      [
        "requests matching 'PlaceOrderCommand': 1",
        "request PlaceOrderCommand  (command, nestjs-cqrs)",
        "  [declared] class PlaceOrderCommand  (messaging/src/orders/commands/place-order.command.ts:1)",
        "  [request_handles, syntax] class PlaceOrderHandler  (messaging/src/orders/commands/place-order.handler.ts:5)  @CommandHandler(PlaceOrderCommand)",
        "  [sends_request, syntax] OrdersController.place  (messaging/src/orders/orders.controller.ts:20)  this.commandBus.execute(new PlaceOrderCommand(body.customerId, body.amount))",
      ].join("\n"),
    );
    const pattern = await find(root, "{cmd:'get_invoice'}", "request");
    expect(pattern).toContain("  [request_handles, syntax] method NotificationsService.invoice  (messaging/src/notifications/notifications.service.ts:12)  @MessagePattern({ cmd: \"get_invoice\" })");
    const section = await find(root, "database", "config");
    expect(section.split("\n")[0]).toBe("config keys matching 'database': 3");
    expect(section).toContain('  [config_reads, syntax] OrderService.get  (src/orders/order.service.ts:20)  this.config.get<string>("database.host")');
  }, 120_000);

  test("svc_context wiring seeds resolve through the wiring edges before expanding", async () => {
    const plan = async (seeds: Record<string, string[]>) => (await call("context", { path: root, planOnly: true, ...seeds })).data as { files: { path: string; role: string; provenance: string[] }[]; notes: string[] };
    const route = await plan({ routes: ["DELETE /api/orders/7"] });
    expect(route.files[0]).toMatchObject({ path: "src/orders/orders.controller.ts", role: "exact-seed", provenance: ["seed: route DELETE /api/orders/:id (route_handles)"] });
    const service = await plan({ services: ["PAYMENT_GATEWAY"] });
    expect(service.files[0]).toMatchObject({ path: "src/payments/stripe.gateway.ts", role: "exact-seed", provenance: ["seed: service PAYMENT_GATEWAY (di_resolves_to)"] });
    expect(service.files.find((f) => f.path === "src/orders/order.service.ts")).toMatchObject({ role: "consumer", provenance: ["seed: service PAYMENT_GATEWAY (di_resolves_to)", "<- di_injects src/orders/order.service.ts (hop 1)"] });
    const request = await plan({ requests: ["PlaceOrderCommand"] });
    expect(request.files.slice(0, 2).map((f) => [f.path, f.role])).toEqual([
      ["messaging/src/orders/commands/place-order.command.ts", "exact-seed"],
      ["messaging/src/orders/commands/place-order.handler.ts", "exact-seed"],
    ]);
    const config = await plan({ configs: ["DATABASE_HOST"] });
    expect(config.files.filter((f) => f.role === "exact-seed").map((f) => f.path)).toEqual(["src/config/database.config.ts"]); // .env.example is not in the typescript collection
    const unknown = await plan({ routes: ["GET /nowhere/orders"] });
    expect(unknown.files[0]?.provenance[0]).toEndWith("(text match; no wiring found)");
  }, 120_000);

  test("a path scopes the answer", async () => {
    const scoped = await call("find", { path: `${root}/messaging`, query: "PlaceOrderCommand", kind: "request" });
    expect(scoped.text.split("\n")[0]).toBe("requests matching 'PlaceOrderCommand': 1");
    const outside = await call("find", { path: `${root}/src`, query: "PlaceOrderCommand", kind: "request" });
    expect(outside.text).toBe(
      "no matches for 'PlaceOrderCommand' (request): no requests detected under src in 24 indexed files (svc reads NestJS CQRS and microservice handlers, BullMQ queues and workers, EventEmitter on/emit with literal names); try another spelling, svc_find kind=symbol (declarations) or svc_find kind=text (words in code and comments); or a path above src",
    );
  }, 120_000);
});

function prefixed(files: Record<string, string>, prefix: string): Record<string, string> {
  return Object.fromEntries(Object.entries(files).map(([p, t]) => [`${prefix}${p}`, t]));
}

describe("find wiring kinds at the semantic tier (checker fixture)", () => {
  test("each resolved hop says it is checker-confirmed; a syntax guess the checker rejected is gone", async () => {
    const root = gitRepo(fixtureFiles("checker"));
    await syncIndex(root); // the syntax tier alone: the guess is there, unconfirmed
    expect((await findAsIs(root, "/cpu", "route")).split("\n").slice(0, 3)).toEqual(["routes matching '/cpu': 1", "GET /cpu  (express)", "  [route_handles, syntax] inline handler  (src/metrics/metrics.ts:10)  metricsRouter.get(\"/cpu\", () => 1)"]);
    await call("index", { path: root });
    expect((await findAsIs(root, "/cpu", "route")).split("\n")[0]).toStartWith("no matches for '/cpu' (route)");
    expect(await findAsIs(root, "POST /orders", "route")).toBe(
      ["routes matching 'POST /orders': 1", "POST /orders  (express)", '  [route_handles, checker] createOrder (a parameter or local value)  (src/orders/orders.routes.ts:7)  router.post("/orders", createOrder)'].join("\n"),
    );
    expect(await findAsIs(root, "GET /api/orders/:id", "route")).toBe(
      [
        "routes matching 'GET /api/orders/:id': 1",
        "GET /api/orders/:id  (express)",
        "  [route_mounts, checker] app.use(API_BASE, ordersRouter)  (src/app.ts:10)",
        '  [route_handles, checker] function getOrder  (src/orders/orders.handlers.ts:3)  registered at src/orders/orders.routes.ts:5: ordersRouter.get("/orders/:id", show)',
      ].join("\n"),
    );
    expect(await findAsIs(root, "PlaceOrder", "request")).toContain("  [sends_request, checker] OrderService.place  (src/orders/order.service.ts:16)  this.commandBus.execute(command)");
    expect(await findAsIs(root, "Pay", "service")).toContain("  [di_injects, checker] OrderService  (src/orders/order.service.ts:9)");
  }, 120_000);
});

describe("find --kind service on an interface: the implementers that do not name it", () => {
  test("subclasses of an implementer and implementers of an interface extending it are listed, each with the type it comes through", async () => {
    const root = gitRepo({
      "package.json": JSON.stringify({ name: "heirs", private: true }),
      "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, target: "es2022", module: "esnext", moduleResolution: "bundler" }, include: ["src"] }),
      "src/cache.ts": "export interface CacheAdapter {\n  get(k: string): unknown;\n}\n\nexport interface SyncCacheAdapter extends CacheAdapter {\n  combine(): string;\n}\n",
      "src/memory.ts": 'import type { CacheAdapter } from "./cache";\nexport class MemoryCacheAdapter implements CacheAdapter {\n  get(k: string) {\n    return k;\n  }\n}\n',
      "src/file.ts": 'import type { SyncCacheAdapter } from "./cache";\nexport class FileCacheAdapter implements SyncCacheAdapter {\n  get(k: string) {\n    return k;\n  }\n  combine() {\n    return "";\n  }\n}\n',
      "src/lru.ts": 'import { MemoryCacheAdapter } from "./memory";\nexport class LruCacheAdapter extends MemoryCacheAdapter {}\n',
    });
    await call("index", { path: root });
    const { text, data } = await call("find", { path: root, query: "CacheAdapter", kind: "service" });
    expect(text).toBe(
      [
        "services matching 'CacheAdapter': 1",
        "service CacheAdapter  (typescript)",
        "  [implements, checker] class MemoryCacheAdapter  (src/memory.ts:2)  implements CacheAdapter",
        "  [implements, checker] class FileCacheAdapter  (src/file.ts:2)  implements CacheAdapter through SyncCacheAdapter",
        "  [implements, checker] class LruCacheAdapter  (src/lru.ts:2)  implements CacheAdapter through MemoryCacheAdapter",
      ].join("\n"),
    );
    const hops = (data as { wiring: { matches: { hops: { label: string }[] }[] } }).wiring.matches[0]!.hops.map((h) => h.label);
    expect(hops).toEqual(["class MemoryCacheAdapter", "class FileCacheAdapter", "class LruCacheAdapter"]);
    // limit bounds each match's hops as well as the matches, in the text and the structured result alike
    const cut = await call("find", { path: root, query: "CacheAdapter", kind: "service", limit: 2 });
    expect(cut.text.split("\n").slice(2)).toEqual([
      "  [implements, checker] class MemoryCacheAdapter  (src/memory.ts:2)  implements CacheAdapter",
      "  [implements, checker] class FileCacheAdapter  (src/file.ts:2)  implements CacheAdapter through SyncCacheAdapter",
      "  … 1 more of 3 (showing 2; raise limit (CLI --limit) for more)",
    ]);
    expect(cut.data).toMatchObject({ wiring: { matches: [{ hopsTotal: 3, hops: [{ label: "class MemoryCacheAdapter" }, { label: "class FileCacheAdapter" }] }] } });
  }, 120_000);
});

describe("find wiring kinds: what an unresolved site is (node-messaging fixture)", () => {
  test("a config key read by a computed name is a config read, a request by one a request site; a key read but not defined says so", async () => {
    const root = gitRepo(fixtureFiles("node-messaging"));
    const config = await find(root, "LOG_LEVEL", "config");
    expect(config).toContain("1 dynamic config read could not be resolved statically (they may match too):\n  unresolved: process.env[name] at src/jobs/signup.ts:13");
    expect(config).not.toContain("registration");
    // a key read but defined nowhere svc looks: the answer says so, and where it looked
    expect((await find(root, "VITE_API_BASE", "config")).split("\n").slice(0, 3)).toEqual([
      "config keys matching 'VITE_API_BASE': 1",
      "config key VITE_API_BASE  (import.meta.env)",
      "  [defined] no definition found (svc reads .env files, config/*.json|yaml, registerAs and zod/envalid env schemas; a typed options interface or defaults object is not read)",
    ]);
    const request = await find(root, "user.signed-up", "request");
    expect(request).toContain("1 dynamic request site could not be resolved statically (they may match too):\n  unresolved: bus.emit(name) at src/jobs/signup.ts:12");
  }, 120_000);
});

describe("find --kind service: an injection no provider resolves", () => {
  test("a token held by an object declared here (TYPES.Clock) has no provider here; it is not said to come from a package", async () => {
    const root = gitRepo({
      "package.json": JSON.stringify({ name: "inv", dependencies: { inversify: "*" } }),
      "src/types.ts": 'export const TYPES = { Clock: Symbol.for("Clock") };\n',
      "src/app.ts": 'import { inject, injectable } from "inversify";\nimport { TYPES } from "./types";\n\n@injectable()\nexport class App {\n  constructor(@inject(TYPES.Clock) private readonly clock: unknown) {}\n}\n',
    });
    expect((await find(root, "TYPES.Clock", "service")).split("\n")[2]).toBe("  [di_injects, syntax] App  (src/app.ts:6)  @inject(TYPES.Clock) clock → not resolved: no provider found in the workspace");
  }, 120_000);
});
