import { describe, expect, test } from "bun:test";
import { outlineOf } from "../../../src/lang/outline.ts";
import { exportedNamesKept, LEVELS, reduceFile, type Level } from "../../../src/render/reduce/index.ts";
import { COMMONJS, SERVICE } from "./fixtures.ts";

const ts = (text: string, level: Level, path = "src/a.ts") => reduceFile(text, { path, level });

describe("levels", () => {
  test("LEVELS in order", () => {
    expect(LEVELS).toEqual(["none", "standard", "aggressive", "skeleton", "publicApi"]);
  });

  test("none: trailing whitespace trimmed, blank-line runs condensed, nothing else", () => {
    expect(ts("// c\nconst a = 1;   \n\n\n\nconst b = 2;\t\n\n", "none")).toBe("// c\nconst a = 1;\n\nconst b = 2;");
  });
});

describe("standard", () => {
  test("removes comments, imports, require bindings, directives and pragmas", () => {
    const input = [
      '/// <reference types="node" />',
      '"use strict";',
      "// #region setup",
      'import a from "a";',
      'import type { B } from "b";',
      'import * as c from "c";',
      'import "side-effect";',
      "import {",
      "  d,",
      "  e,",
      '} from "de";',
      'import x = require("x");',
      'const fs = require("fs");',
      'const { join } = require("path");',
      "// #endregion",
      "/* eslint-disable no-console */",
      "// istanbul ignore next",
      "/** Doc. */",
      "export function f(): number {",
      "  // @ts-expect-error",
      "  return g(); /* c8 ignore next */",
      "}",
      'export { h } from "./h";',
      "",
    ].join("\n");
    expect(ts(input, "standard")).toBe('export function f(): number {\n  return g();\n}\nexport { h } from "./h";');
  });

  test("keeps decorators and re-exports", () => {
    const out = ts(SERVICE, "standard");
    expect(out).toContain('@Injectable()\nexport class OrderService');
    expect(out).toContain('@Post(":id")');
    expect(out).toContain('export { helper } from "./helper";\nexport * from "./types";');
    expect(out).not.toContain("import");
    expect(out).not.toContain("eslint");
    expect(out).not.toContain("#region");
  });

  test("string, template and regex literals are never altered", () => {
    const out = ts(SERVICE, "standard");
    expect(out).toContain('#secret = "a // not a comment /* nor this */";');
    expect(out).toContain("const sql = `SELECT * FROM orders -- /* not a comment */ // nope ${id}`;");
    expect(out).toContain("const re = /\\/\\/+|\\/\\*/g;");
    expect(out).not.toContain("istanbul");
    expect(out).not.toContain("@ts-ignore");
  });

  test("a regex with quotes and a division stay apart from strings", () => {
    expect(ts('const q = /["\']/g; // quote\nconst r = a / b / c; // div\nconst s = "it\'s";\n', "standard")).toBe(
      'const q = /["\']/g;\nconst r = a / b / c;\nconst s = "it\'s";',
    );
  });

  test("TSX: JSX comments, URLs and `//` in JSX text", () => {
    const TSX = '// c\nexport const B = () => (\n  <div>\n    {/* note */}\n    <a href="https://x.io">see https://x.io</a>\n    <span>{a} // text</span>\n  </div>\n);\n';
    expect(ts(TSX, "standard", "src/b.tsx")).toBe('export const B = () => (\n  <div>\n    {}\n    <a href="https://x.io">see https://x.io</a>\n    <span>{a} // text</span>\n  </div>\n);');
  });

  test("require bindings in a .js file", () => {
    expect(ts(COMMONJS, "standard", "lib/config.js")).toBe(
      'function readConfig(path) {\n  return JSON.parse(fs.readFileSync(join(path, "config.json"), "utf8"));\n}\n\nconst cache = new Map();\n\nmodule.exports = { readConfig };',
    );
  });
});

describe("aggressive", () => {
  test("removes indentation, spaces around punctuation, joins continuation lines", () => {
    const input = "export function f(a: number, b: number): number {\n  const c = a - -b + +a;\n  return c > 0\n    ? c\n    : -c;\n}\n";
    expect(ts(input, "aggressive")).toBe("export function f(a:number,b:number):number{const c=a- -b+ +a;\nreturn c>0?c: -c;}");
  });

  test("keywords stay separated; regex after a division keeps its space", () => {
    expect(ts("const x = typeof a === 'b' ? new Foo() : void 0;\nconst y = n / /re/.exec(s).length;\n", "aggressive")).toBe(
      "const x=typeof a==='b'?new Foo():void 0;\nconst y=n/ /re/.exec(s).length;",
    );
  });

  test("truncates long string literals and data URIs", () => {
    const long = "x".repeat(300);
    const uri = `data:image/png;base64,${"iVBORw0KGgo".repeat(20)}`;
    const out = ts(`const a = "${long}";\nconst b = '${uri}';\nconst c = "short";\n`, "aggressive");
    expect(out).toBe(`const a="${"x".repeat(80)}…";\nconst b='data:image/png;base64,…';\nconst c="short";`);
  });

  test("identifiers never change", () => {
    const out = ts(SERVICE, "aggressive");
    for (const name of ["OrderService", "BaseService", "IOrderService", "payments", "overloaded", "Utils", "Color"]) expect(out).toContain(name);
    expect(out).toContain("const sql=`SELECT * FROM orders -- /* not a comment */ // nope ${id}`;");
  });
});

describe("skeleton", () => {
  test("exact output for a small module", () => {
    const input = [
      'import { Repo } from "./repo";',
      "",
      "/**",
      " * Keeps orders in memory. Backed by a repository.",
      " * @param repo the store",
      " */",
      "export class OrderStore {",
      "  private readonly rows = new Map<string, Order>();",
      "  static readonly defaults = { retries: 3, timeoutMs: 1000, backoff: 'exponential' };",
      "  #hidden = 1;",
      "  constructor(private readonly repo: Repo) {",
      "    super();",
      "  }",
      "  // a plain comment",
      "  async find(id: string): Promise<Order | undefined> {",
      "    return this.rows.get(id);",
      "  }",
      "  get size(): number {",
      "    return this.rows.size;",
      "  }",
      "  handler = (e: Event) => {",
      "    console.log(e);",
      "  };",
      "}",
      "",
      "export const PORT = 3000;",
      "export const routes = [",
      "  { path: '/' },",
      "];",
      "const internal = 1;",
      "start();",
      "export default OrderStore;",
      "",
    ].join("\n");
    expect(ts(input, "skeleton")).toBe(
      [
        'import { Repo } from "./repo";',
        "",
        "/** Keeps orders in memory. */",
        "export class OrderStore {",
        "  private readonly rows = new Map<string, Order>();",
        "  static readonly defaults = …;",
        "  #hidden = 1;",
        "  constructor(private readonly repo: Repo) { … }",
        "  async find(id: string): Promise<Order | undefined> { … }",
        "  get size(): number { … }",
        "  handler = (e: Event) => { … };",
        "}",
        "",
        "export const PORT = 3000;",
        "export const routes = …;",
        "export default OrderStore;",
        "",
        "// 1 declaration omitted (non-exported variables): internal",
      ].join("\n"),
    );
  });

  test("the service fixture: bodies collapsed, decorators and imports kept, statements dropped", () => {
    const out = ts(SERVICE, "skeleton");
    expect(out).toContain('import { PaymentService, Order } from "./payments";');
    expect(out).toContain("/** Places and tracks orders. */\n@Injectable()\nexport class OrderService extends BaseService implements IOrderService {");
    expect(out).toContain('  /** Charges the order and stores it. */\n  @Post(":id")\n  async place(id: string): Promise<Order> { … }');
    expect(out).toContain("  private audit(): void { … }");
    expect(out).toContain("  static readonly routes = …;");
    expect(out).toContain("function internalHelper(a: number): number { … }");
    expect(out).toContain("export const double = (x: number): number => { … };");
    expect(out).toContain("export function overloaded(a: string): string;\nexport function overloaded(a: number): number;\nexport function overloaded(a: any): any { … }");
    expect(out).toContain('export enum Color {\n  Red = "red",\n  Green = "green",\n}');
    expect(out).toContain("export namespace Utils {\n  export function id<T>(x: T): T { … }\n}");
    expect(out).toContain("export interface IOrderService {\n  /** Places one order. */\n  place(id: string): Promise<Order>;\n}");
    expect(out).toContain("export type Id = string | number;");
    expect(out).toContain("export default OrderService;");
    expect(out).not.toContain("bootstrap");
    expect(out).not.toContain("const local");
    expect(out).not.toContain("use strict");
    expect(out).not.toContain("istanbul");
    expect(out).not.toContain("@example");
  });

  test("keeps every exported declaration name of the outline", () => {
    const exported = outlineOf("typescript", SERVICE).decls.filter((d) => d.exported).map((d) => d.name);
    expect(exported.length).toBeGreaterThan(10);
    const { kept, missing } = exportedNamesKept(SERVICE, { path: "src/order.service.ts", level: "skeleton" });
    expect(missing).toEqual([]);
    expect(new Set(kept)).toEqual(new Set(exported));
  });

  test("wrapped signatures and imports go on one line", () => {
    expect(ts('import {\n  a,\n  b,\n} from "x";\nexport function f(\n  a: number,\n  b: string,\n): void\n{\n  go();\n}\nexport type U =\n  | "a"\n  | "b";\n', "skeleton")).toBe(
      'import { a, b } from "x";\nexport function f(a: number, b: string): void { … }\nexport type U = | "a" | "b";',
    );
  });

  test("a doc that only repeats the name is dropped", () => {
    expect(ts("/** Create an order. */\nexport function createOrder(): void {}\n/** Creates two orders at once. */\nexport function createTwice(): void {}\n", "skeleton")).toBe(
      "export function createOrder(): void { … }\n/** Creates two orders at once. */\nexport function createTwice(): void { … }",
    );
  });

  test("CommonJS: require bindings stay as imports, module.exports stays", () => {
    expect(ts(COMMONJS, "skeleton", "lib/config.js")).toBe(
      [
        'const fs = require("fs");',
        'const { join, resolve } = require("path");',
        'const debug = require("debug")("app");',
        'require("dotenv/config");',
        "",
        "/** Reads a config file. */",
        "function readConfig(path) { … }",
        "",
        "module.exports = { readConfig };",
        "",
        "// 1 declaration omitted (non-exported variables): cache",
      ].join("\n"),
    );
  });

  test("methods declared by assignment (express, bull: pre-class JavaScript) keep their signatures, bodies collapsed", () => {
    const src = [
      "function Queue(name) {",
      "  this.name = name;",
      "}",
      "",
      "Queue.prototype.add = function (name, data) {",
      "  return this.jobs.push({ name, data });",
      "};",
      "",
      "res.send = function send(body) {",
      "  this.end(body);",
      "};",
      "",
      "Queue.create = (name) => new Queue(name);",
      "",
      "Queue.defaults = { attempts: 1, backoff: { type: 'fixed', delay: 1000, jitter: 0.5, limit: 10 }, removeOnComplete: true };",
      "",
      "module.exports = Queue;",
      "",
    ].join("\n");
    expect(ts(src, "skeleton", "lib/queue.js")).toBe(
      [
        "function Queue(name) { … }",
        "",
        "Queue.prototype.add = function (name, data) { … };",
        "",
        "res.send = function send(body) { … };",
        "",
        "Queue.create = (name) => { … };",
        "",
        "module.exports = Queue;",
      ].join("\n"),
    );
    // the public API keeps the exported object's methods, not those of an object the module does not export
    const api = ts(src, "publicApi", "lib/queue.js");
    expect(api).toContain("Queue.prototype.add = function (name, data) { … };");
    expect(api).not.toContain("res.send");
    // its doc summary stays, as a class method's does
    expect(ts("function Q() {}\n/**\n * Adds a job.\n * @param name the job\n */\nQ.prototype.add = function (name) {\n  return 1;\n};\nmodule.exports = Q;\n", "skeleton", "q.js")).toBe(
      "function Q() { … }\n/** Adds a job. */\nQ.prototype.add = function (name) { … };\nmodule.exports = Q;",
    );
  });

  test("object exports keep their keys with methods collapsed", () => {
    expect(ts("export default {\n  name: 'x',\n  data() {\n    return { a: 1 };\n  },\n  run: async () => {\n    await go();\n  },\n};\n", "skeleton", "a.js")).toBe(
      "export default {\n  name: 'x',\n  data() { … },\n  run: async () => { … },\n};",
    );
  });

  test("a variable's object literal with methods keeps its keys, methods collapsed with their doc summaries (kept in skeletons as code is, exported or not); one asked for stays whole", () => {
    const src = [
      "export const api = {",
      "  /** Fetch a user. */",
      "  getUser(id: string) {",
      "    return db.get(id);",
      "  },",
      "  save: async (x: number) => {",
      "    await db.put(x);",
      "  },",
      "  retries: 3,",
      "};",
      "export const table = {",
      "  a: 1,",
      "  b: 2,",
      "};",
      "const local = {",
      "  run() {",
      "    return 1;",
      "  },",
      "};",
      "",
    ].join("\n");
    expect(ts(src, "skeleton")).toBe(
      ["export const api = {", "  /** Fetch a user. */", "  getUser(id: string) { … },", "  save: async (x: number) => { … },", "  retries: 3,", "};", "export const table = …;", "const local = {", "  run() { … },", "};"].join("\n"),
    );
    const kept = reduceFile(src, { path: "src/a.ts", level: "skeleton", keepWhole: ["api.save"] });
    expect(kept).toContain("  save: async (x: number) => {\n    await db.put(x);\n  },");
    expect(kept).toContain("  getUser(id: string) { … },");
    const proto = "var proto = {\n  reset: function () {\n    return 1;\n  },\n};\nmodule.exports = proto;\n";
    expect(ts(proto, "publicApi", "lib/stub.js")).toBe("var proto = {\n  reset: function () { … },\n};\nmodule.exports = proto;");
    // the public API drops an object the module does not export, methods and all
    expect(ts(src, "publicApi")).not.toContain("run()");
  });

  test("module.exports = { … } and export default { … } keep their keys, functions collapsed with their doc summaries; one asked for stays whole", () => {
    const cjs = 'module.exports = {\n  /** Reads a config string. */\n  parse(s) {\n    return s.trim();\n  },\n  stringify: function (v) {\n    return String(v);\n  },\n  options: {\n    deep: { list: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18] },\n  },\n};\n';
    const collapsed = "module.exports = {\n  /** Reads a config string. */\n  parse(s) { … },\n  stringify: function (v) { … },\n  options: {\n    deep: …,\n  },\n};";
    expect(ts(cjs, "skeleton", "lib/a.js")).toBe(collapsed);
    expect(ts(cjs, "publicApi", "lib/a.js")).toBe(collapsed);
    expect(reduceFile(cjs, { path: "lib/a.js", level: "skeleton", keepWhole: ["parse"] })).toContain("  parse(s) {\n    return s.trim();\n  },\n  stringify: function (v) { … },");
    const esm = '/** The worker. */\nexport default {\n  /** Handles a request. */\n  async fetch(req: Request): Promise<Response> {\n    return new Response("ok");\n  },\n  name: "worker",\n  scheduled: (e: Event) => {\n    log(e);\n  },\n};\n';
    expect(ts(esm, "skeleton")).toBe('/** The worker. */\nexport default {\n  /** Handles a request. */\n  async fetch(req: Request): Promise<Response> { … },\n  name: "worker",\n  scheduled: (e: Event) => { … },\n};');
    expect(reduceFile(esm, { path: "src/a.ts", level: "skeleton", keepWhole: ["default.scheduled"] })).toContain("  scheduled: (e: Event) => {\n    log(e);\n  },");
    // a default object with no functions keeps its keys as before
    expect(ts('export default {\n  isNode: true,\n  classes: {\n    URLSearchParams,\n  },\n};\n', "skeleton")).toBe('export default {\n  isNode: true,\n  classes: {\n    URLSearchParams,\n  },\n};');
  });

  test("declare module / declare global and ambient consts", () => {
    expect(ts('declare const VERSION: string;\ndeclare global {\n  interface Window { app: App }\n}\ndeclare module "x" {\n  export function f(): void;\n}\n', "skeleton", "types.d.ts")).toBe(
      'declare const VERSION: string;\ndeclare global {\n  interface Window { app: App }\n}\ndeclare module "x" {\n  export function f(): void;\n}',
    );
  });
});

describe("publicApi", () => {
  test("drops private and #private members and non-exported declarations; keeps protected", () => {
    const out = ts(SERVICE, "publicApi");
    expect(out).not.toContain("cache");
    expect(out).not.toContain("#secret");
    expect(out).not.toContain("audit");
    expect(out).not.toContain("function internalHelper");
    expect(out).toContain("// 2 declarations omitted (not exported): internalHelper, local");
    expect(out).not.toContain("hidden");
    expect(out).toContain("  protected logger: Logger;");
    expect(out).toContain("  protected retry(times: number): void { … }");
    expect(out).toContain("  constructor(private readonly payments: PaymentService, @Inject(LOGGER) logger: Logger) { … }");
    expect(out).toContain("export namespace Utils {\n  export function id<T>(x: T): T { … }\n}");
  });

  test("exact output for a small module", () => {
    const input = "class Hidden {}\nexport class A {\n  private x = 1;\n  #y = 2;\n  protected z = 3;\n  public w(): void {\n    run();\n  }\n  private v(): void {}\n}\nfunction local() {}\nexport { local as renamed };\n";
    expect(ts(input, "publicApi")).toBe("export class A {\n  protected z = 3;\n  public w(): void { … }\n}\nfunction local() { … }\nexport { local as renamed };\n\n// 1 declaration omitted (not exported): Hidden");
  });
});

describe("keepWhole", () => {
  test("named members keep their full text; everything else is reduced", () => {
    const out = reduceFile(SERVICE, { path: "src/order.service.ts", level: "publicApi", keepWhole: ["OrderService.place", "internalHelper"] });
    expect(out).toContain(
      '  /** Charges the order and stores it. */\n  @Post(":id")\n  async place(id: string): Promise<Order> {\n    const sql = `SELECT * FROM orders -- /* not a comment */ // nope ${id}`;\n    const re = /\\/\\/+|\\/\\*/g;\n    // @ts-ignore\n    return this.payments.charge(id, sql.replace(re, ""));\n  }',
    );
    expect(out).toContain("function internalHelper(a: number): number {\n  return a * 2;\n}");
    expect(out).toContain("  get size(): number { … }");
    expect(out).not.toContain("audit");
  });

  test("a whole class", () => {
    const out = reduceFile("export class A {\n  f() {\n    return 1;\n  }\n}\nexport function g() {\n  return 2;\n}\n", { path: "a.ts", level: "skeleton", keepWhole: ["A"] });
    expect(out).toBe("export class A {\n  f() {\n    return 1;\n  }\n}\nexport function g() { … }");
  });

  test("ignored below skeleton", () => {
    expect(reduceFile("// c\nfunction f() {}\n", { path: "a.ts", level: "standard", keepWhole: ["f"] })).toBe("function f() {}");
  });
});
