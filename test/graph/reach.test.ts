// Reachability and earned coverage claims on real small projects (real git, real compiler):
// a re-export barrel followed to a test outside the tsconfig, an inline route handler (the
// router module's top-level code) reached by a test that imports the module, the declaring
// type's own uses, calls through an interface / abstract / base member counted for the
// implementation (`via Router.match`), and "checker-complete" / "none reach it" refused while
// a test outside the tsconfig, a `.mjs` importer or a dynamic namespace access could
// reference the symbol.

import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import { TsEngine } from "../../src/semantic/engine.ts";
import { references } from "../../src/semantic/queries.ts";
import type { ImpactData } from "../../src/ops/impact.ts";
import type { NeighborsData } from "../../src/ops/find-neighbors.ts";
import type { TestData } from "../../src/ops/test.ts";
import { gitRepo } from "../helpers/repo.ts";

const TSCONFIG = (include: string[]) => JSON.stringify({ compilerOptions: { strict: true, target: "es2022", module: "esnext", moduleResolution: "bundler", noEmit: true }, include });

/** A library with a barrel; its tests sit outside the tsconfig (as ky's do); a .mjs script imports one function. */
const SHOP: Record<string, string> = {
  "package.json": JSON.stringify({ name: "shop", type: "module" }),
  "tsconfig.json": TSCONFIG(["src"]),
  "src/errors.ts": [
    "export class ShopError extends Error {",
    "  static wrap(e: unknown): ShopError {",
    "    return e instanceof ShopError ? e : new ShopError(String(e));",
    "  }",
    "}",
    "export function isShopError(e: unknown): e is ShopError {",
    "  return e instanceof ShopError;",
    "}",
    "",
  ].join("\n"),
  "src/format.ts": "export function formatOrderId(n: number): string {\n  return `#${n}`;\n}\nexport function formatTotal(n: number): string {\n  return n.toFixed(2);\n}\n",
  "src/internal.ts": 'import { formatTotal } from "./format.js";\nexport function receipt(n: number): string {\n  return formatTotal(n);\n}\n',
  "src/index.ts": 'export { ShopError, isShopError } from "./errors.js";\nexport * from "./format.js";\n',
  "test/errors.test.ts": [
    'import { expect, test } from "bun:test";',
    'import { isShopError, ShopError } from "../src/index.js";',
    "",
    'test("recognises its errors", () => {',
    '  expect(isShopError(new ShopError("x"))).toBe(true);',
    "});",
    "",
  ].join("\n"),
  "scripts/report.mjs": 'import { formatOrderId } from "../src/format.js";\nconsole.log(formatOrderId(1));\n',
  // through `export * from "./format.js"` in the barrel
  "test/receipt.test.ts": 'import { receipt } from "../src/internal.js";\nimport { formatTotal as total } from "../src/index.js";\n\nif (receipt(1) !== total(1)) throw new Error("receipt");\n',
};

/** Express-style routing: the handler is an arrow passed to `app.get(…)` at the top level of the router module. */
const ROUTES: Record<string, string> = {
  "package.json": JSON.stringify({ name: "api", type: "module" }),
  "tsconfig.json": TSCONFIG(["src", "test"]),
  "src/users.ts": "export function fetchUser(id: string): { id: string } {\n  return { id };\n}\n",
  "src/app.ts": [
    "type Handler = (id: string) => unknown;",
    "export const routes = new Map<string, Handler>();",
    "export const app = {",
    "  get(path: string, handler: Handler): void {",
    "    routes.set(path, handler);",
    "  },",
    "};",
    "",
  ].join("\n"),
  "src/router.ts": ['import { app } from "./app.js";', 'import { fetchUser } from "./users.js";', "", 'app.get("/users/:id", (id) => {', "  return fetchUser(id);", "});", ""].join("\n"),
  // no runner import: every import resolves, so the index mode is semantic
  "test/router.test.ts": ['import { routes } from "../src/app.js";', 'import "../src/router.js";', "", 'if (JSON.stringify(routes.get("/users/:id")?.("7")) !== \'{"id":"7"}\') throw new Error("users");', ""].join("\n"),
};

/** Calls that go through an interface, an abstract member and a base member. */
const ROUTERS: Record<string, string> = {
  "package.json": JSON.stringify({ name: "routers", type: "module" }),
  "tsconfig.json": TSCONFIG(["src"]),
  "src/router.ts": "export interface Router {\n  match(path: string): string | null;\n}\n",
  "src/linear.ts": 'import type { Router } from "./router.js";\n\nexport class LinearRouter implements Router {\n  match(path: string): string | null {\n    return path;\n  }\n}\n',
  "src/task.ts": [
    "export abstract class Task {",
    "  abstract run(): void;",
    "  start(): void {",
    "    this.run();",
    "  }",
    "}",
    "export class PrintTask extends Task {",
    "  run(): void {}",
    "}",
    "",
  ].join("\n"),
  "src/use.ts": 'import type { Router } from "./router.js";\n\nexport function dispatch(r: Router): string | null {\n  return r.match("/");\n}\n',
};

async function impact(root: string, symbol: string, limit?: number): Promise<{ text: string; data: ImpactData }> {
  const r = await call("impact", { path: root, symbol, ...(limit ? { limit } : {}) });
  return { text: r.text, data: r.data as unknown as ImpactData };
}

async function neighbors(root: string, query: string): Promise<{ text: string; data: NeighborsData }> {
  const r = await call("find", { path: root, query, kind: "neighbors" });
  return { text: r.text, data: r.data as unknown as NeighborsData };
}

async function covering(root: string, symbol: string): Promise<{ text: string; data: TestData }> {
  const r = await call("test", { path: root, symbol });
  return { text: r.text, data: r.data as unknown as TestData };
}

describe("a barrel, a test outside the tsconfig and a .mjs importer", () => {
  const root = gitRepo(SHOP);

  test("svc test and impact reach ShopError through src/index.ts from the test outside the tsconfig", async () => {
    expect((await call("index", { path: root })).text).toStartWith("Indexed [semantic]");
    const t = await covering(root, "ShopError");
    expect(t.data.tests.map((x) => x.path)).toEqual(["test/errors.test.ts"]);
    expect(t.text).not.toContain("none reach it");
    const i = await impact(root, "isShopError");
    expect(i.data.tests.map((x) => x.path)).toEqual(["test/errors.test.ts"]);
    expect(i.text).toContain("[reexports] (module) src/index.ts  (src/index.ts:1)");
    expect(i.text).toContain("[imports] (module) test/errors.test.ts  (test/errors.test.ts:5)  (syntax)");
  }, 120_000);

  test("the declaring type's own uses count: `new ShopError` inside ShopError.wrap", async () => {
    const i = await impact(root, "ShopError");
    expect(i.data.dependents.filter((d) => d.hop === 1).map((d) => `${d.from}@${d.path}`)).toContain("ShopError.wrap@src/errors.ts");
  }, 60_000);

  test("checker-complete is refused while a test outside the tsconfig mentions the name; the files are named", async () => {
    const n = await neighbors(root, "isShopError");
    expect(n.text).not.toContain("checker-complete");
    expect(n.data.coverage?.complete).toBe(false);
    expect(n.text).toContain("partial: 1 file the checker did not resolve could reference it (1 test file outside every tsconfig: test/errors.test.ts)");
    expect(n.data.coverage?.gaps).toEqual([{ path: "test/errors.test.ts", line: 2, why: "test" }]);
    expect(n.data.outsideImporters).toEqual(["test/errors.test.ts"]);
    expect(n.text).toContain("importers outside every loaded project (syntax: they import the name; uses inside them are not resolved) (1):\n  test/errors.test.ts");
  }, 60_000);

  test("impact of formatOrderId: the .mjs importer is a dependent and the answer is partial, never `none (checker-complete)`", async () => {
    const i = await impact(root, "formatOrderId");
    expect(i.text).not.toContain("checker-complete");
    expect(i.text).toContain("[imports] (module) scripts/report.mjs  (scripts/report.mjs:2)  (syntax)");
    expect(i.text).toContain(".mjs/.cjs file outside every project: scripts/report.mjs");
    expect(i.text).toContain("covering tests (0): none found; partial:");
    expect(i.data.coverage.complete).toBe(false);
  }, 60_000);

  test("a test outside the tsconfig reaches formatTotal through the barrel's `export *`", async () => {
    const t = await covering(root, "formatTotal");
    expect(t.data.tests.map((x) => x.path)).toEqual(["test/receipt.test.ts"]);
  }, 60_000);

  test("a symbol no file outside the projects could reference keeps its earned checker-complete", async () => {
    const i = await impact(root, "formatOrderId");
    expect(i.text).not.toContain("checker-complete");
    const internal = gitRepo({ ...SHOP, "test/receipt.test.ts": "", "src/use.ts": 'import { receipt } from "./internal.js";\nexport const printed = receipt(3);\n' });
    await call("index", { path: internal });
    const none = await impact(internal, "printed");
    expect(none.text).toContain("  none (checker-complete)");
    expect(none.text).toContain("covering tests (0): none reach it (checker-complete)");
    const n = await neighbors(internal, "receipt");
    expect(n.text).toContain("coverage: 1 reference, all from the checker (checker-complete)");
    expect(n.data.coverage?.complete).toBe(true);
  }, 120_000);

  test("a file added outside every project later is recorded by the incremental update: the claim is withdrawn", async () => {
    const n0 = await neighbors(root, "receipt");
    expect(n0.data.coverage?.gaps?.map((g) => g.path)).toEqual(["test/receipt.test.ts"]);
    writeFileSync(join(root, "scripts/late.mjs"), 'import { receipt } from "../src/internal.js";\nconsole.log(receipt(2));\n');
    await call("index", { path: root });
    const n = await neighbors(root, "receipt");
    expect(n.data.coverage?.complete).toBe(false);
    expect(n.text).toContain(".mjs/.cjs file outside every project: scripts/late.mjs");
    expect(n.data.coverage?.gaps?.map((g) => g.path)).toEqual(["scripts/late.mjs", "test/receipt.test.ts"]);
  }, 120_000);

  test("a dynamic property access on a namespace import makes the answer partial and names the site", async () => {
    const dyn = gitRepo({ ...SHOP, "test/errors.test.ts": "", "scripts/report.mjs": "", "src/pick.ts": 'import * as fmt from "./format.js";\nexport function pick(name: string): unknown {\n  return (fmt as Record<string, unknown>)[name];\n}\nexport const direct = fmt["formatTotal"];\n' });
    await call("index", { path: dyn });
    const i = await impact(dyn, "formatOrderId");
    expect(i.text).not.toContain("checker-complete");
    expect(i.text).toContain("dynamic property access on a namespace import: src/pick.ts:3");
  }, 120_000);
});

describe("callers the checker cannot see: a Vue or Svelte component, a module loaded by a computed name", () => {
  const LIB = { "package.json": JSON.stringify({ name: "lib", type: "module" }), "tsconfig.json": TSCONFIG(["src"]), "src/price.ts": "export function totalPrice(a: number): number {\n  return a;\n}\n" };

  test("a declaration only a .vue and a .svelte file use: partial naming them, never `none reach it (checker-complete)`", async () => {
    const root = gitRepo({
      ...LIB,
      "src/App.vue": '<script setup lang="ts">\nimport { totalPrice } from "./price";\nconst t = totalPrice(1);\n</script>\n<template><p>{{ t }}</p></template>\n',
      "src/Cart.svelte": '<script lang="ts">\nimport { totalPrice } from "./price";\nlet t = totalPrice(2);\n</script>\n<p>{t}</p>\n',
    });
    await call("index", { path: root });
    const i = await impact(root, "totalPrice");
    expect(i.text).not.toContain("checker-complete");
    expect(i.text).toContain("2 component files (the checker reads no .vue/.svelte/.astro file): src/App.vue, src/Cart.svelte");
    const t = await covering(root, "totalPrice");
    expect(t.text).not.toContain("none reach it");
    expect(t.text).toContain("partial");
    const n = await neighbors(root, "totalPrice");
    expect(n.data.coverage?.complete).toBe(false);
  }, 120_000);

  test("a file that mentions it and loads a module by a computed name makes the answer partial and names the site", async () => {
    const root = gitRepo({ ...LIB, "src/load.ts": 'const which = "price";\nexport async function go(): Promise<number> {\n  const m = await import(`./${which}`);\n  return m.totalPrice(2);\n}\n' });
    await call("index", { path: root });
    const i = await impact(root, "totalPrice");
    expect(i.text).not.toContain("checker-complete");
    expect(i.text).toContain("file loading a module by a computed name: src/load.ts:3");
    // a literal dynamic import is followed by the checker: no gap
    writeFileSync(join(root, "src/load.ts"), 'export async function go(): Promise<number> {\n  const m = await import("./price");\n  return m.totalPrice(2);\n}\n');
    await call("index", { path: root });
    expect((await impact(root, "totalPrice")).text).not.toContain("computed name");
  }, 120_000);

  test("a declaring file in the project that nothing imports is not said to be outside every project", async () => {
    const root = gitRepo({ ...LIB, "src/other.ts": "export const x = 1;\n" });
    await call("index", { path: root });
    const i = await impact(root, "totalPrice");
    expect(i.text).not.toContain("outside every loaded project");
    expect(i.text).toContain("  none (checker-complete)");
  }, 120_000);
});

describe("an inline route handler is top-level code of its module", () => {
  const root = gitRepo(ROUTES);

  test("svc test and impact reach fetchUser through (module) src/router.ts and the test that imports it", async () => {
    await call("index", { path: root });
    const i = await impact(root, "fetchUser");
    expect(i.text).toContain("[calls] (module) src/router.ts  (src/router.ts:5)");
    expect(i.text).toContain("[imports] (module) test/router.test.ts  (test/router.test.ts:2)");
    expect(i.text).not.toContain("(syntax)");
    expect(i.data.tests).toEqual([{ path: "test/router.test.ts", hop: 2 }]);
    expect(i.text).toContain("(checker-complete)");
    const t = await covering(root, "fetchUser");
    expect(t.data.tests.map((x) => x.path)).toEqual(["test/router.test.ts"]);
  }, 120_000);
});

describe("exported object literals are module-level code", () => {
  test("a method of `export default {…}` and an arrow in an exported object reach the test using them", async () => {
    const root = gitRepo({
      "package.json": JSON.stringify({ name: "worker", type: "module" }),
      "tsconfig.json": TSCONFIG(["src", "test"]),
      "src/users.ts": "export function fetchUser(id: string): { id: string } {\n  return { id };\n}\nexport function listUsers(): string[] {\n  return [];\n}\n",
      "src/worker.ts": 'import { fetchUser, listUsers } from "./users.js";\n\nexport default {\n  fetch(id: string) {\n    return fetchUser(id);\n  },\n};\n\nexport const handlers = {\n  list: () => listUsers(),\n};\n',
      "test/worker.test.ts": 'import worker, { handlers } from "../src/worker.js";\n\nif (worker.fetch("1").id !== "1") throw new Error("fetch");\nif (handlers.list().length !== 0) throw new Error("list");\n',
    });
    await call("index", { path: root });
    const fetch = await impact(root, "fetchUser");
    expect(fetch.text).toContain("[calls] default.fetch  (src/worker.ts:5)"); // the default object's method, declared
    expect(fetch.text).toContain("[calls] (module) test/worker.test.ts  (test/worker.test.ts:3)");
    expect(fetch.data.tests).toEqual([{ path: "test/worker.test.ts", hop: 2 }]);
    const list = await impact(root, "listUsers");
    expect(list.text).toContain("[calls] handlers.list  (src/worker.ts:10)"); // the object literal's method, declared
    expect(list.data.tests).toEqual([{ path: "test/worker.test.ts", hop: 2 }]);
  }, 120_000);
});

describe("a limit on a function its own test calls more often than its sources do", () => {
  // compose.test.ts sorts before compose.ts's callers in file order: hono's compose showed only its test's lines under limit=5
  const calls = Array.from({ length: 6 }, (_, i) => `if (compose(${i}) !== ${i + 1}) throw new Error("compose");`).join("\n");
  const root = gitRepo({
    "package.json": JSON.stringify({ name: "mw", type: "module" }),
    "tsconfig.json": TSCONFIG(["src"]),
    "src/compose.ts": "export function compose(n: number): number {\n  return n + 1;\n}\n",
    "src/a/compose.test.ts": `import { compose } from "../compose";\n${calls}\n`,
    "src/z/app.ts": 'import { compose } from "../compose";\nexport function handle(): number {\n  return compose(1);\n}\n',
  });

  test("impact and neighbors list the source callers before the test's calls", async () => {
    expect((await call("index", { path: root })).text).toStartWith("Indexed [semantic]");
    const i = await impact(root, "compose", 2);
    expect(i.data.dependents.filter((d) => d.hop === 1).map((d) => d.path)).toEqual(["src/z/app.ts", "src/a/compose.test.ts"]);
    expect(i.text).toContain("hop 1 (7; first 2; raise limit (CLI --limit) for more):\n    [calls] handle  (src/z/app.ts:3)");
    const n = await call("find", { path: root, query: "compose", kind: "neighbors", limit: 2 });
    expect((n.data as unknown as NeighborsData).neighbors?.callers.map((h) => h.path)).toEqual(["src/z/app.ts", "src/a/compose.test.ts"]);
  }, 120_000);
});

describe("an index stamped before the outside list was kept", () => {
  const forget = (root: string) => {
    const db = new Database(join(root, ".svc", "svc.db"));
    db.run("DELETE FROM index_meta WHERE key = 'checker_outside'");
    db.close();
  };

  test("its load diagnosis still says which files are outside when it listed them all; otherwise the answer says it cannot know", async () => {
    const root = gitRepo(ROUTES);
    await call("index", { path: root });
    forget(root);
    expect((await impact(root, "fetchUser")).text).toContain("(checker-complete)");
    const many = gitRepo({ ...ROUTES, ...Object.fromEntries([1, 2, 3, 4, 5, 6].map((n) => [`scripts/s${n}.mjs`, `export const s${n} = ${n};\n`])) });
    await call("index", { path: many });
    forget(many);
    const r = await impact(many, "fetchUser");
    expect(r.text).not.toContain("checker-complete");
    expect(r.text).toContain("partial: the index does not record which files the TypeScript projects hold (svc index --force records it)");
    await call("index", { path: many, force: true });
    expect((await impact(many, "fetchUser")).text).toContain("(checker-complete)");
  }, 180_000);
});

describe("references through the members an implementation satisfies", () => {
  const root = gitRepo(ROUTERS);

  test("LinearRouter.match is called through Router.match: neighbors and impact count it, marked via", async () => {
    await call("index", { path: root });
    const n = await neighbors(root, "LinearRouter.match");
    expect(n.data.neighbors?.callers).toEqual([expect.objectContaining({ from: "dispatch", path: "src/use.ts", line: 4, via: "Router.match" })]);
    expect(n.text).toContain("dispatch  (src/use.ts:4)  via Router.match");
    const i = await impact(root, "LinearRouter.match");
    expect(i.text).toContain("[calls] dispatch  (src/use.ts:4)  via Router.match");
  }, 120_000);

  test("every reference the language service's find-references gives for LinearRouter.match is a neighbor", async () => {
    const engine = new TsEngine({ root });
    try {
      await engine.openProjects([join(root, ".svc", "ts", "tsconfig.json.json")]);
      const compiler = await references(engine, join(root, "src/linear.ts"), { line: 4, column: 3 });
      const sites = compiler.map((r) => `${r.path.slice(root.length + 1)}:${r.line}`);
      expect(sites).toContain("src/use.ts:4");
      const n = await neighbors(root, "LinearRouter.match");
      const ours = new Set(Object.values(n.data.neighbors ?? {}).flat().map((h) => `${h.path}:${h.line}`));
      // the interface member's own declaration is not a reference site
      for (const site of sites.filter((x) => x !== "src/router.ts:2")) expect(ours).toContain(site);
    } finally {
      await engine.close();
    }
  }, 120_000);

  test("an abstract member's call reaches the override; a base member's does too", async () => {
    const n = await neighbors(root, "PrintTask.run");
    expect(n.data.neighbors?.callers).toEqual([expect.objectContaining({ from: "Task.start", via: "Task.run" })]);
    // the interface member itself keeps its own references, without a via
    const own = await neighbors(root, "Router.match");
    expect(own.data.neighbors?.callers).toEqual([expect.objectContaining({ from: "dispatch" })]);
    expect(own.data.neighbors?.callers?.[0]?.via).toBeUndefined();
  }, 60_000);
});
