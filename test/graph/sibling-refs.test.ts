// The other implementations of an abstract or interface member are references of each
// implementation to the compiler's find-references (it joins them through the member they
// share), and so are their uses: `EventV2Processor.getMethod`'s answer said checker-complete
// without `EventV1Processor.getMethod`, `ALBProcessor.getMethod` … (hono's aws-lambda handler:
// 132 missing lines over 20 such members), nor `this.getMethod()` in the base.

import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import { TsEngine } from "../../src/semantic/engine.ts";
import { references } from "../../src/semantic/queries.ts";
import { gitRepo } from "../helpers/repo.ts";
import { impact, impactSites, neighbors, sitesOf } from "../helpers/refs.ts";

const FILES: Record<string, string> = {
  "package.json": JSON.stringify({ name: "siblings", type: "module" }),
  "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, target: "es2022", module: "esnext", moduleResolution: "bundler", noEmit: true }, include: ["src"] }),
  "src/processors.ts": [
    "export abstract class Processor {",
    "  protected abstract getMethod(): string;",
    "  run(): string {",
    "    return this.getMethod();",
    "  }",
    "}",
    "export class V1 extends Processor {",
    "  protected getMethod(): string {",
    "    return 'GET';",
    "  }",
    "}",
    "export class V2 extends Processor {",
    "  getMethod(): string {",
    "    return 'POST';",
    "  }",
    "}",
    "",
  ].join("\n"),
  "src/use.ts": 'import { V2 } from "./processors.js";\n\nexport const method = new V2().getMethod();\n',
};

describe("the other implementations of a shared member, and their uses", () => {
  const root = gitRepo(FILES);

  test("every compiler reference of V1.getMethod is listed", async () => {
    await call("index", { path: root });
    const engine = new TsEngine({ root });
    try {
      await engine.openProjects([join(root, ".svc", "ts", "tsconfig.json.json")]);
      const compiler = (await references(engine, join(root, "src/processors.ts"), { line: 8, column: 13 })).map((r) => `${r.path.slice(root.length + 1)}:${r.line}`).filter((s) => s !== "src/processors.ts:8");
      expect(compiler).toContain("src/use.ts:3"); // new V2().getMethod(): a use through the sibling
      const n = await neighbors(root, "src/processors.ts:8");
      const i = await impact(root, "src/processors.ts:8");
      expect(compiler.filter((s) => !sitesOf(n).has(s))).toEqual([]);
      expect(compiler.filter((s) => !impactSites(i, i.overriders, i.satisfies, i.siblings).has(s))).toEqual([]);
    } finally {
      await engine.close();
    }
  }, 180_000);

  test("V2.getMethod is listed for V1.getMethod through Processor.getMethod", async () => {
    const n = await neighbors(root, "src/processors.ts:8");
    expect(n.neighbors?.implementers).toEqual([expect.objectContaining({ from: "V2.getMethod", line: 13, via: "Processor.getMethod" })]);
    expect((await impact(root, "src/processors.ts:8")).siblings).toEqual([expect.objectContaining({ qualifiedName: "V2.getMethod", via: "Processor.getMethod" })]);
  }, 60_000);
});

describe("members of types inside a namespace", () => {
  const root = gitRepo({
    "package.json": JSON.stringify({ name: "ns-members", type: "module" }),
    "tsconfig.json": FILES["tsconfig.json"] as string,
    "src/jsx.ts": [
      "export namespace JSX {",
      "  export interface HTMLAttributes {",
      "    title?: string;",
      "  }",
      "  export interface LinkAttributes extends HTMLAttributes {",
      "    title?: string;",
      "  }",
      "  export interface StyleAttributes extends HTMLAttributes {",
      "    title?: string;",
      "  }",
      "}",
      "export const style: JSX.StyleAttributes = { title: 's' };",
      "",
    ].join("\n"),
  });

  test("LinkAttributes.title lists the member it overrides, its sibling and the sibling's uses (JSX.InputHTMLAttributes.placeholder on hono)", async () => {
    await call("index", { path: root });
    const engine = new TsEngine({ root });
    try {
      await engine.openProjects([join(root, ".svc", "ts", "tsconfig.json.json")]);
      const compiler = (await references(engine, join(root, "src/jsx.ts"), { line: 6, column: 5 })).map((r) => `${r.path.slice(root.length + 1)}:${r.line}`);
      expect(compiler).toContain("src/jsx.ts:12"); // { title: 's' } of the sibling's type
      const n = await neighbors(root, "src/jsx.ts:6");
      expect(compiler.filter((s) => s !== "src/jsx.ts:6" && !sitesOf(n).has(s))).toEqual([]);
      expect(sitesOf(n)).toEqual(new Set(["src/jsx.ts:3", "src/jsx.ts:9", "src/jsx.ts:12"]));
    } finally {
      await engine.close();
    }
  }, 180_000);
});
