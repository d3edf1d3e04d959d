import { describe, expect, test } from "bun:test";
import { bodyText, expectWellFormed, outline } from "./outline-helpers.ts";

const SERVICE = `import { Injectable } from "@angular/core";

/** Orders. */
@Injectable({ providedIn: "root" })
export abstract class OrderService<T> extends Base implements IOrders {
  private readonly log = new Logger("orders", { level: "debug", json: true, color: false });
  #secret = 1;
  static count?: number;
  protected cache: Map<string, T> = new Map();

  constructor(private readonly http: HttpClient, public name: string, plain: number) {
    super();
  }

  get size(): number { return 0; }
  set size(v: number) {}

  @Log()
  async place(id: string): Promise<void> {
    const local = () => 1;
  }

  protected abstract cancel(id: string): void;
  *ids() {}
  handler = (e: Event) => { this.place("x"); };
}
`;

describe("TypeScript classes", () => {
  const o = outline("typescript", SERVICE);

  test("the class starts at its decorator and is exported", () => {
    const cls = o.get("OrderService", "class");
    expect(cls.startLine).toBe(4);
    expect(cls.endLine).toBe(26);
    expect(SERVICE.slice(cls.start, cls.start + 11)).toBe("@Injectable");
    expect(cls.end).toBe(SERVICE.lastIndexOf("}") + 1);
    expect(cls.exported).toBe(true);
    expect(cls.container).toBeNull();
    expect(cls.signature).toBe("export abstract class OrderService<T> extends Base implements IOrders");
    expect(SERVICE[cls.bodyStart!]).toBe("{");
    expect(cls.bodyEnd).toBe(cls.end);
  });

  test("members: kinds, visibility, exported", () => {
    const log = o.get("OrderService.log");
    expect(log).toMatchObject({ kind: "property", visibility: "private", exported: false, container: "OrderService", startLine: 6 });
    expect(log.signature).toBe("private readonly log = …");
    expect(o.get("OrderService.#secret")).toMatchObject({ kind: "property", visibility: "private", exported: false });
    expect(o.get("OrderService.count")).toMatchObject({ kind: "property", visibility: "public", exported: true, signature: "static count?: number" });
    expect(o.get("OrderService.cache")).toMatchObject({ visibility: "protected", exported: true, signature: "protected cache: Map<string, T> = new Map()" });
    const ctor = o.get("OrderService.constructor");
    expect(ctor).toMatchObject({ kind: "constructor", startLine: 11, endLine: 13 });
    expect(bodyText(SERVICE, ctor)).toBe("{\n    super();\n  }");
    expect(o.get("OrderService.http", "property")).toMatchObject({ visibility: "private", exported: false });
    expect(o.get("OrderService.name", "property")).toMatchObject({ visibility: "public", exported: true });
    expect(o.has("OrderService.plain")).toBe(false);
  });

  test("accessors, decorated and abstract methods, generators, arrow-valued fields", () => {
    const accessors = o.decls.filter((d) => d.qualifiedName === "OrderService.size");
    expect(accessors.map((d) => d.kind)).toEqual(["accessor", "accessor"]);
    expect(accessors[0]!.signature).toBe("get size(): number");
    const place = o.get("OrderService.place");
    expect(place.kind).toBe("method");
    expect(place.startLine).toBe(18); // the @Log() line
    expect(place.signature).toBe("async place(id: string): Promise<void>");
    expect(o.get("OrderService.cancel")).toMatchObject({ kind: "method", visibility: "protected" });
    expect(o.get("OrderService.cancel").bodyStart).toBeUndefined();
    expect(o.get("OrderService.cancel").signature).toBe("protected abstract cancel(id: string): void");
    expect(o.get("OrderService.ids").signature).toBe("*ids()");
    expect(o.get("OrderService.handler")).toMatchObject({ kind: "method", signature: "handler = (e: Event) =>" });
  });

  test("members named like modifiers", () => {
    const src = 'class A {\n  get get() { return 1 }\n  static at = 1;\n  @Dec("private") public x = 1;\n  readonly readonly = 2;\n  protected set value(v) {}\n}';
    const m = outline("typescript", src);
    expect(m.get("A.get")).toMatchObject({ kind: "accessor", signature: "get get()" });
    expect(m.get("A.at")).toMatchObject({ kind: "property", visibility: "public" });
    expect(m.get("A.x")).toMatchObject({ visibility: "public", signature: "public x = 1" });
    expect(m.get("A.readonly").kind).toBe("property");
    expect(m.get("A.value")).toMatchObject({ kind: "accessor", visibility: "protected" });
  });

  test("members named `abstract` or `accessor`, and `using` as a plain identifier, are read (mikro-orm)", () => {
    // `abstract: boolean` (EntityMetadata) was named after its type, a builder's `accessor(…)` method was unreadable; a
    // `${using}` in a method body (SchemaHelper) lost every member after it
    const src = [
      "export interface Meta {",
      "  abstract: boolean;",
      "  accessor?: string;",
      "}",
      "export class Helper {",
      "  abstract!: number;",
      "  index(using: string): string {",
      "    const sql = `create ${using}`;",
      "    return f(using) + sql;",
      "  }",
      "  after(): void {}",
      "  async dispose(): Promise<void> {",
      "    await using handle = open();",
      "  }",
      "  last = 1;",
      "  accessor(value = true): this {",
      "    return this;",
      "  }",
      "}",
      "export function later(): void {}",
    ].join("\n");
    const m = outline("typescript", src);
    expect(m.hasErrors).toBe(false);
    expect(m.list()).toEqual(["interface Meta", "property Meta.abstract", "property Meta.accessor", "class Helper", "property Helper.abstract", "method Helper.index", "method Helper.after", "method Helper.dispose", "property Helper.last", "method Helper.accessor", "function later"]);
    expect(m.get("Meta.abstract")).toMatchObject({ startLine: 2, signature: "abstract: boolean" });
    expect(m.get("Helper.index")).toMatchObject({ startLine: 7, endLine: 10, signature: "index(using: string): string" });
    expect(m.get("Helper.after").startLine).toBe(11);
  });

  test("function bodies are not entered", () => {
    expect(o.has("OrderService.local")).toBe(false);
    expect(o.decls.some((d) => d.name === "local")).toBe(false);
  });

  test("well-formed", () => expectWellFormed(SERVICE, o));
});

const MODULE = `export interface Shape {
  readonly id: string;
  area(): number;
  [key: string]: unknown;
}
export type Id = string | number;
export enum Color { Red = "r", Green = "g", "Light Blue" = "lb" }
export function parse(s: string): Id;
export function parse(s: unknown): Id { return 1; }
declare function helper(): void;
export function* gen() {}
export const handler = async (req: Request) => { return req; }, LIMIT = 10;
let counter = 0;
var legacy = function () {};
const { a, b } = obj;
export const Widget = class { render() {} };
function internal() {}
const alsoInternal = 1;
export { internal as publicName, alsoInternal };
export { other } from "./other";
namespace Geometry {
  export class Point {}
  function hidden() {}
}
export namespace Api { export const version = 2; }
declare module "express" {
  interface Request { user: string }
  function augment(): void;
}
declare global { interface Window { app: unknown } }
export default class {}
`;

describe("TypeScript module-level declarations", () => {
  const o = outline("typescript", MODULE);

  test("interfaces and their members", () => {
    expect(o.get("Shape")).toMatchObject({ kind: "interface", exported: true, signature: "export interface Shape", startLine: 1, endLine: 5 });
    expect(o.get("Shape.id")).toMatchObject({ kind: "property", exported: true, signature: "readonly id: string" });
    expect(o.get("Shape.area")).toMatchObject({ kind: "method", signature: "area(): number" });
    expect(o.decls.filter((d) => d.container === "Shape")).toHaveLength(2);
  });

  test("type aliases and enums", () => {
    expect(o.get("Id")).toMatchObject({ kind: "type", signature: "export type Id = string | number" });
    expect(o.get("Id").bodyStart).toBeUndefined();
    expect(o.get("Color").kind).toBe("enum");
    expect(o.get("Color.Red")).toMatchObject({ kind: "enum_member", exported: true, signature: 'Red = "r"' });
    expect(o.has("Color.Light Blue", "enum_member")).toBe(true);
  });

  test("overloads, declare function, generators", () => {
    const parse = o.decls.filter((d) => d.name === "parse");
    expect(parse.map((d) => d.bodyStart === undefined)).toEqual([true, false]);
    expect(parse[0]!.signature).toBe("export function parse(s: string): Id");
    expect(o.get("helper")).toMatchObject({ kind: "function", exported: false, signature: "declare function helper(): void" });
    expect(o.get("gen")).toMatchObject({ kind: "function", exported: true, signature: "export function* gen()" });
  });

  test("variables: const/let/var, function-valued, class-valued, one declaration per destructured name", () => {
    const handler = o.get("handler");
    expect(handler).toMatchObject({ kind: "function", exported: true, startLine: 12 });
    expect(handler.signature).toBe("export const handler = async (req: Request) =>");
    expect(bodyText(MODULE, handler)).toBe("{ return req; }");
    expect(o.get("LIMIT")).toMatchObject({ kind: "const", exported: true, signature: "export const LIMIT = 10" });
    expect(o.get("counter")).toMatchObject({ kind: "variable", exported: false, signature: "let counter = 0" });
    expect(o.get("legacy").kind).toBe("function");
    expect(o.get("a")).toMatchObject({ kind: "const", exported: false, container: null });
    expect(o.get("b").startLine).toBe(o.get("a").startLine);
    expect(o.get("Widget")).toMatchObject({ kind: "class", exported: true });
    expect(o.get("Widget.render")).toMatchObject({ kind: "method", exported: true });
  });

  test("local export clauses export the local name", () => {
    expect(o.get("internal").exported).toBe(true);
    expect(o.get("alsoInternal").exported).toBe(true);
    expect(o.has("other")).toBe(false);
  });

  test("namespaces and ambient modules", () => {
    expect(o.get("Geometry")).toMatchObject({ kind: "namespace", exported: false });
    expect(o.get("Geometry.Point")).toMatchObject({ kind: "class", container: "Geometry", exported: false });
    expect(o.get("Geometry.hidden").exported).toBe(false);
    expect(o.get("Api.version")).toMatchObject({ kind: "const", exported: true });
    expect(o.get("express")).toMatchObject({ kind: "module", exported: true, signature: 'declare module "express"' });
    expect(o.get("express.Request")).toMatchObject({ kind: "interface", exported: true });
    expect(o.get("express.Request.user").exported).toBe(true);
    expect(o.get("express.augment")).toMatchObject({ kind: "function", exported: true });
    expect(o.get("global.Window.app").kind).toBe("property");
  });

  test("anonymous default export is named default", () => {
    expect(o.get("default")).toMatchObject({ kind: "class", exported: true, signature: "export default class" });
  });

  test("well-formed", () => expectWellFormed(MODULE, o));
});

describe("JavaScript and TSX", () => {
  test("CommonJS exports mark top-level functions and classes", () => {
    const src = `function a() {}
function b() {}
function c() {}
class Model { #id = 1; save() {} }
module.exports = { a, renamed: b };
exports.extra = function () {};
module.exports.Thing = class Thing {};
exports.c = c;
`;
    const o = outline("javascript", src);
    expect(o.get("a").exported).toBe(true);
    expect(o.get("b").exported).toBe(true);
    expect(o.get("c").exported).toBe(true);
    expect(o.get("Model").exported).toBe(false);
    expect(o.get("Model.#id")).toMatchObject({ kind: "property", visibility: "private" });
    expect(o.get("extra")).toMatchObject({ kind: "function", exported: true, signature: "exports.extra = function ()" });
    expect(o.get("Thing")).toMatchObject({ kind: "class", exported: true });
  });

  test("module.exports = class X {} and later marking propagates to members", () => {
    const src = `class Store {\n  get() {}\n  #hidden() {}\n}\nmodule.exports = Store;\n`;
    const o = outline("javascript", src);
    expect(o.get("Store").exported).toBe(true);
    expect(o.get("Store.get")).toMatchObject({ kind: "method", exported: true });
    expect(o.get("Store.#hidden")).toMatchObject({ visibility: "private", exported: false });
    const cls = outline("javascript", "module.exports = class Client { send() {} };\n");
    expect(cls.get("Client")).toMatchObject({ kind: "class", exported: true });
    expect(cls.get("Client.send").exported).toBe(true);
  });

  test("methods declared by assignment: X.prototype.m / X.m = function, exported with X", () => {
    const src = `function Queue() {}\nQueue.prototype.add = function (name, data) {\n  return 1;\n};\nQueue.create = async (n) => new Queue(n);\nvar res = Object.create(null);\nres.send = function send(body) {};\nres.locals = {};\nthis.x = function () {};\nmodule.exports = Queue;\n`;
    const o = outline("javascript", src);
    expect(o.get("Queue.add")).toMatchObject({ kind: "method", container: "Queue", exported: true, startLine: 2, endLine: 4, signature: "Queue.prototype.add = function (name, data)" });
    expect(o.get("Queue.create")).toMatchObject({ kind: "method", exported: true });
    expect(o.get("res.send")).toMatchObject({ kind: "method", container: "res", exported: false, signature: "res.send = function send(body)" });
    expect(o.list()).not.toContain("method locals");
    expect(o.list().some((d: string) => d.endsWith(" x"))).toBe(false);
  });

  test("an object literal's methods are its variable's, exported with it", () => {
    const ts = `export const api = {\n  /** Fetch a user. */\n  getUser(id: string) { return id; },\n  save: async (x: number) => x + 1,\n  "delete": function () {},\n  get size() { return 1; },\n  [key]: () => 1,\n  nested: { inner() {} },\n  count: 3,\n};\nconst local = { run() {} };\nconst data = { a: 1, b: "x" };\n`;
    const o = outline("typescript", ts);
    expect(o.get("api.getUser")).toMatchObject({ kind: "method", container: "api", exported: true, startLine: 3, endLine: 3, signature: "getUser(id: string)" });
    expect(o.get("api.save")).toMatchObject({ kind: "method", exported: true, signature: "save: async (x: number) =>" });
    expect(o.get("api.delete")).toMatchObject({ kind: "method" });
    expect(o.get("api.size")).toMatchObject({ kind: "accessor" });
    expect(o.get("local.run")).toMatchObject({ kind: "method", exported: false });
    expect(o.list().filter((d: string) => /\b(count|nested|inner|key|a|b)$/.test(d))).toEqual([]);
    expect(o.get("api")).toMatchObject({ kind: "const", exported: true });
    expect(o.get("data")).toMatchObject({ kind: "const" });
    // a method with a return type and nothing else function-like in the object
    expect(outline("typescript", "export const repo = {\n  find(id: string): Promise<User> {\n    return db.get(id);\n  },\n};\n").get("repo.find")).toMatchObject({ kind: "method", exported: true });
    const js = outline("javascript", `var proto = {\n  reset: function () {\n    return 1;\n  },\n  onCall: function onCall(i) { return i; },\n};\nvar other = { x: function () {} };\nmodule.exports = proto;\n`);
    expect(js.get("proto.reset")).toMatchObject({ kind: "method", container: "proto", exported: true, startLine: 2, endLine: 4, signature: "reset: function ()" });
    expect(js.get("proto.onCall")).toMatchObject({ exported: true, signature: "onCall: function onCall(i)" });
    expect(js.get("other.x")).toMatchObject({ kind: "method", exported: false });
  });

  test("module.exports = { … }: its functions are the module's; export default { … }: the constant default, its functions its methods", () => {
    const cjs = outline("javascript", `module.exports = {\n  /** Parse. */\n  parse(s) {\n    return s.trim();\n  },\n  stringify: function (v) { return String(v); },\n  get size() { return 1; },\n  helper,\n  version: "1",\n};\nfunction helper() {}\n`);
    expect(cjs.get("parse")).toMatchObject({ kind: "function", container: null, exported: true, startLine: 3, endLine: 5, signature: "parse(s)" });
    expect(cjs.get("stringify")).toMatchObject({ kind: "function", exported: true, signature: "stringify: function (v)" });
    expect(cjs.get("helper")).toMatchObject({ kind: "function", exported: true });
    expect(cjs.list().filter((d: string) => /\b(size|version)$/.test(d))).toEqual([]);
    // only the object assigned to module.exports itself: `exports.x = {…}` and `module.exports.x = {…}` are values
    expect(outline("javascript", "module.exports.api = { run() {} };\nexports.other = { go() {} };\n").list()).toEqual([]);
    const esm = outline("typescript", `/** The worker. */\nexport default {\n  async fetch(req: Request): Promise<Response> {\n    return new Response("ok");\n  },\n  name: "w",\n  scheduled: (e: Event) => {},\n};\n`);
    expect(esm.get("default")).toMatchObject({ kind: "const", exported: true, signature: "export default {…}" });
    expect(esm.get("default.fetch")).toMatchObject({ kind: "method", container: "default", exported: true, startLine: 3, endLine: 5, signature: "async fetch(req: Request): Promise<Response>" });
    expect(esm.get("default.scheduled")).toMatchObject({ kind: "method", exported: true });
    expect(esm.list().filter((d: string) => d.endsWith(".name"))).toEqual([]);
    // a default export that is no object literal declares what it did before
    expect(outline("typescript", "export default [1, 2];\nexport default foo;\n").list()).toEqual([]);
  });

  test("JS class fields and decorators", () => {
    const src = "export class A {\n  static s = 1;\n  @dec m() {}\n}\nexport default async function named() {}\n";
    const o = outline("javascript", src);
    expect(o.get("A.s")).toMatchObject({ kind: "property", signature: "static s = 1" });
    expect(o.get("A.m")).toMatchObject({ kind: "method", signature: "m()" });
    expect(o.get("named")).toMatchObject({ kind: "function", exported: true });
  });

  test("TSX components", () => {
    const src = `export function App({ title }: Props) {\n  return <div>{title}</div>;\n}\nexport const Button = (p: P) => <button />;\n`;
    const o = outline("tsx", src);
    expect(o.hasErrors).toBe(false);
    expect(o.list()).toEqual(["function App", "function Button"]);
    expect(o.get("App")).toMatchObject({ startLine: 1, endLine: 3, signature: "export function App({ title }: Props)" });
  });
});
