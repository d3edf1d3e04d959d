// Covering tests found the way ky's tests reach its code (a mutation audit of svc's selection
// against the tests that fail, scripts/bench/test-selection.ts): through a class's private
// methods (`this.#wait(…)`, `c.#retry(…)`, references the checker walk did not record) and
// further than five hops (ky's parseDate is reached by every test at hop 8), and through a
// constructor on the way (`new Ky(…)` runs the normalizeRequestMethod it calls), and through an
// exported declaration on the way that tests outside every project import (immer's produce), and
// through an object literal's methods the runtime calls (immer's proxy traps). Each answered
// "none reach it (checker-complete)" while the test failed on a broken parseDelay, #wait, normalizeValue, enterScope or peek.

import { describe, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import type { ImpactData } from "../../src/ops/impact.ts";
import type { TestData } from "../../src/ops/test.ts";
import { gitRepo } from "../helpers/repo.ts";

const CLIENT: Record<string, string> = {
  "package.json": JSON.stringify({ name: "client", type: "module" }),
  "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, target: "es2022", module: "esnext", moduleResolution: "bundler", noEmit: true }, include: ["src", "test"] }),
  "src/client.ts": [
    "function parseDelay(value: string): number {",
    "  return Number(value);",
    "}",
    "function delayOf(value: string): number {",
    "  return parseDelay(value) * 1000;",
    "}",
    "function normalizeValue(value: string): string {",
    "  return value.trim();",
    "}",
    "export class Client {",
    "  readonly value: string;",
    "  constructor(value: string) {",
    "    this.value = normalizeValue(value);",
    "  }",
    "  static create(value: string): Client {",
    "    const c = new Client(value);",
    "    c.#retry(value);",
    "    return c;",
    "  }",
    "  #retry(value: string): number {",
    "    return this.#wait(value);",
    "  }",
    "  #wait(value: string): number {",
    "    return delayOf(value);",
    "  }",
    "}",
    "export function createInstance(): Client {",
    '  return Client.create("1");',
    "}",
    "",
  ].join("\n"),
  "src/index.ts": 'import { createInstance } from "./client.js";\n\nconst api = createInstance();\nexport default api;\n',
  "test/api.test.ts": 'import api from "../src/index.js";\n\nif (!api) throw new Error("no client");\n',
};

/** immer's shape: the tests, outside the tsconfig, import `produce`, a const bound to the Immer instance's method, which calls the inner functions. */
const ENGINE: Record<string, string> = {
  "package.json": JSON.stringify({ name: "engine", type: "module" }),
  "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, target: "es2022", module: "esnext", moduleResolution: "bundler", noEmit: true }, files: ["src/index.ts"] }),
  "src/scope.ts": "export function enterScope(): number {\n  return 1;\n}\n",
  "src/engine.ts": 'import { enterScope } from "./scope";\n\nexport class Engine {\n  produce = (n: number): number => n + enterScope();\n}\n',
  "src/index.ts": 'import { Engine } from "./engine";\n\nconst engine = new Engine();\nexport const produce = engine.produce;\n',
  "test/produce.test.ts": 'import { produce } from "../src/index";\n\nif (produce(1) !== 2) throw new Error("produce");\n',
};

/** immer's proxy traps: an object literal's methods the runtime calls (`new Proxy(base, traps)`), by no reference. */
const TRAPS: Record<string, string> = {
  "package.json": JSON.stringify({ name: "traps", type: "module" }),
  "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, target: "es2022", module: "esnext", moduleResolution: "bundler", noEmit: true }, include: ["src", "test"] }),
  "src/traps.ts": [
    "function peek(o: Record<string, number>, key: string): number {",
    "  return o[key] ?? 0;",
    "}",
    "export const traps: ProxyHandler<Record<string, number>> = {",
    "  get(target, prop) {",
    "    return peek(target, String(prop));",
    "  },",
    "};",
    "",
  ].join("\n"),
  "src/index.ts": 'import { traps } from "./traps";\n\nexport function draft(base: Record<string, number>): Record<string, number> {\n  return new Proxy(base, traps);\n}\n',
  "test/draft.test.ts": 'import { draft } from "../src/index";\n\nif (draft({ a: 1 }).a !== 1) throw new Error("draft");\n',
};

async function impact(root: string, symbol: string): Promise<{ text: string; data: ImpactData }> {
  const r = await call("impact", { path: root, symbol });
  return { text: r.text, data: r.data as unknown as ImpactData };
}

describe("a test reaching code through private methods and many hops", () => {
  const root = gitRepo(CLIENT);

  test("impact of a private method: its callers `this.#wait(…)` and `c.#retry(…)` lead to the test", async () => {
    expect((await call("index", { path: root })).text).toStartWith("Indexed [semantic]");
    const i = await impact(root, "Client.#wait");
    expect(i.data.dependents.filter((d) => d.hop === 1).map((d) => d.from)).toEqual(["Client.#retry"]);
    expect(i.data.tests.map((t) => t.path)).toEqual(["test/api.test.ts"]);
    expect(i.text).not.toContain("none reach it");
  }, 120_000);

  test("a test seven hops away is selected, and never `none reach it (checker-complete)`", async () => {
    const i = await impact(root, "parseDelay");
    expect(i.data.tests).toEqual([{ path: "test/api.test.ts", hop: 7 }]);
    expect(i.text).not.toContain("none reach it");
    const r = await call("test", { path: root, symbol: "parseDelay" });
    const t = r.data as unknown as TestData;
    expect(t.counts.reaching).toBe(1);
    expect(r.text).not.toContain("none reach it");
  }, 120_000);

  test("a function its class's constructor calls reaches the test through `new Client(…)` in Client.create", async () => {
    const i = await impact(root, "normalizeValue");
    expect(i.data.dependents.map((d) => d.from)).toEqual(["Client.constructor", "Client.create", "createInstance"]);
    expect(i.data.tests.map((t) => t.path)).toEqual(["test/api.test.ts"]);
    expect(i.text).not.toContain("none reach it");
  }, 120_000);
});

describe("a test outside the tsconfig importing an exported const the walk reaches on the way", () => {
  const root = gitRepo(ENGINE);

  test("enterScope reaches test/produce.test.ts through Engine.produce and the exported produce it imports", async () => {
    expect((await call("index", { path: root })).text).toStartWith("Indexed [semantic]");
    const i = await impact(root, "enterScope");
    expect(i.data.tests.map((t) => t.path)).toEqual(["test/produce.test.ts"]);
    expect(i.text).not.toContain("none reach it");
  }, 120_000);

  test("and a test taking the class from a barrel in the project (`import { Engine }; export { Engine }`) and calling its member", async () => {
    const root = gitRepo({
      ...ENGINE,
      "src/index.ts": 'import { Engine } from "./engine";\n\nexport { Engine };\n',
      "test/produce.test.ts": 'import { Engine } from "../src/index";\n\nif (new Engine().produce(1) !== 2) throw new Error("produce");\n',
    });
    await call("index", { path: root });
    const i = await impact(root, "enterScope");
    expect(i.data.tests.map((t) => t.path)).toEqual(["test/produce.test.ts"]);
    expect(i.text).not.toContain("none reach it");
  }, 120_000);
});

describe("an object literal's methods the runtime calls", () => {
  const root = gitRepo(TRAPS);

  test("peek and traps.get reach the test through the object's use, `new Proxy(base, traps)` in draft", async () => {
    expect((await call("index", { path: root })).text).toStartWith("Indexed [semantic]");
    for (const symbol of ["peek", "traps.get"]) {
      const i = await impact(root, symbol);
      expect(i.data.tests.map((t) => t.path)).toEqual(["test/draft.test.ts"]);
      expect(i.text).not.toContain("none reach it");
    }
    // draft names the object, not its method: listed as a use of the object
    const get = (await impact(root, "traps.get")).data.dependents.filter((d) => d.hop === 1 && d.path === "src/index.ts");
    expect(get.map((d) => d.via)).toEqual(["traps"]);
  }, 120_000);
});

/** zod's pattern: an interface and a const of its name (`$constructor`), the const using the interface's member. */
const MERGED: Record<string, string> = {
  "package.json": JSON.stringify({ name: "merged", type: "module" }),
  "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, target: "es2022", module: "esnext", moduleResolution: "bundler", noEmit: true }, include: ["src"] }),
  "src/literal.ts": [
    "export interface Literal {", // 1
    "  values: Set<string>;", // 2
    "}", // 3
    "function make<T>(init: (inst: T) => void): (inst: T) => T {", // 4
    "  return (inst) => {", // 5
    "    init(inst);", // 6
    "    return inst;", // 7
    "  };", // 8
    "}", // 9
    "export const Literal = make<Literal>((inst) => {", // 10
    "  inst.values = new Set();", // 11
    "});", // 12
    "",
  ].join("\n"),
  "src/use.ts": 'import { Literal } from "./literal";\n\nexport const make2 = Literal;\n',
};

describe("a member of an interface a const of its name uses", () => {
  const root = gitRepo(MERGED);

  test("is no object literal's method: the const's own use is listed, the const's uses are not the member's", async () => {
    expect((await call("index", { path: root })).text).toStartWith("Indexed [semantic]");
    const { data } = await impact(root, "src/literal.ts:2");
    const hop1 = data.dependents.filter((d) => d.hop === 1).map((d) => `${d.path}:${d.line}`);
    expect(hop1).toContain("src/literal.ts:11");
    expect(hop1).not.toContain("src/use.ts:3");
  }, 120_000);
});
