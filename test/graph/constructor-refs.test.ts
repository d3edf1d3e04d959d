// A constructor's references against the compiler's own find-references (TypeScript's language
// server, real project): `new C(…)` (which the checker walk records as a call of the class),
// the `super(…)` call of a subclass's constructor, and `new D(…)` of a subclass without a
// constructor of its own (it inherits C's). Before, every constructor's answer was empty and,
// with no file left unread, said "none (checker-complete)" (ky: TimeoutError.constructor,
// 10 `new TimeoutError(…)` sites).

import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import { TsEngine } from "../../src/semantic/engine.ts";
import { references } from "../../src/semantic/queries.ts";
import { gitRepo } from "../helpers/repo.ts";
import { impact, impactSites, neighbors, sitesOf } from "../helpers/refs.ts";

const FILES: Record<string, string> = {
  "package.json": JSON.stringify({ name: "ctor", type: "module" }),
  "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, target: "es2022", module: "esnext", moduleResolution: "bundler", noEmit: true }, include: ["src"] }),
  "src/base.ts": [
    "export class Base {",
    "  constructor(readonly n: number) {}",
    "}",
    "export class Mid extends Base {",
    "  twice(): number {",
    "    return this.n * 2;",
    "  }",
    "}",
    "export class Sub extends Mid {",
    "  constructor() {",
    "    const n = 3;",
    "    super(n);",
    "  }",
    "}",
    "",
  ].join("\n"),
  "src/use.ts": [
    'import { Base, Mid, Sub } from "./base.js";',
    "",
    "export function makeBase(): Base {",
    "  return new Base(1);",
    "}",
    "export function makeMid(): Mid {",
    "  return new Mid(2);",
    "}",
    "export const sub = new Sub();",
    "",
  ].join("\n"),
};

describe("a constructor's references: new of its class and of the subclasses inheriting it, and super(…)", () => {
  const root = gitRepo(FILES);

  test("every compiler reference is listed, and nothing it does not give", async () => {
    await call("index", { path: root });
    const engine = new TsEngine({ root });
    try {
      await engine.openProjects([join(root, ".svc", "ts", "tsconfig.json.json")]);
      for (const [query, file, line, column] of [
        ["src/base.ts:2", "src/base.ts", 2, 3],
        ["src/base.ts:10", "src/base.ts", 10, 3],
      ] as const) {
        const compiler = new Set((await references(engine, join(root, file), { line, column })).map((r) => `${r.path.slice(root.length + 1)}:${r.line}`));
        compiler.delete(`${file}:${line}`);
        expect({ query, compiler: compiler.size > 0 }).toEqual({ query, compiler: true });
        const n = await neighbors(root, query);
        const i = await impact(root, query);
        expect({ query, neighbors: [...sitesOf(n)].sort() }).toEqual({ query, neighbors: [...compiler].sort() });
        expect({ query, impact: [...impactSites(i)].sort() }).toEqual({ query, impact: [...compiler].sort() });
        expect(n.coverage?.complete).toBe(true);
      }
    } finally {
      await engine.close();
    }
  }, 180_000);

  test("the sites: new Base, new Mid (inherits Base's constructor), Sub's super(…); new Sub for Sub's own", async () => {
    const base = await neighbors(root, "src/base.ts:2");
    expect([...sitesOf(base)].sort()).toEqual(["src/base.ts:12", "src/use.ts:4", "src/use.ts:7"]);
    expect(base.neighbors?.callers).toEqual(expect.arrayContaining([expect.objectContaining({ from: "Sub.constructor", line: 12 })]));
    expect([...sitesOf(await neighbors(root, "src/base.ts:10"))]).toEqual(["src/use.ts:9"]);
  }, 60_000);
});
