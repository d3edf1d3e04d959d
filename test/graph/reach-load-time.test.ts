// Covering tests through a call that runs when its module loads (a mutation audit of svc's selection against the
// tests that fail, scripts/bench/test-selection.ts). On zod, `impact _encodeAsync` (core/parse.ts) selected 104 test
// files and left out 15 that fail when it throws: `export const encodeAsync = _encodeAsync(errors.$ZodRealError)`
// calls it while core/parse.ts loads, so every test importing that module, by any chain and for any name, fails;
// the walk went on only to the users of `encodeAsync`.

import { describe, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import type { ImpactData } from "../../src/ops/impact.ts";
import { gitRepo } from "../helpers/repo.ts";

/** zod's shape: a factory called by a top-level const, a module re-exported by the package's index, a test taking another name. */
const FACTORY: Record<string, string> = {
  "package.json": JSON.stringify({ name: "factory", type: "module" }),
  "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, target: "es2022", module: "esnext", moduleResolution: "bundler", noEmit: true }, include: ["src", "test"] }),
  "src/factory.ts": "export function makeParser(tag: string): (s: string) => string {\n  return (s) => tag + s;\n}\n",
  "src/parse.ts": [
    'import { makeParser } from "./factory";',
    "",
    'export const parse = makeParser("p:");',
    "export const lazy = (s: string) => makeParser(\"l:\")(s);",
    "export function trim(s: string): string {",
    "  return s.trim();",
    "}",
    "",
  ].join("\n"),
  "src/index.ts": 'export { trim, lazy } from "./parse";\n',
  "test/trim.test.ts": 'import { trim } from "../src/index";\n\nif (trim(" a ") !== "a") throw new Error("trim");\n',
  "test/lazy.test.ts": 'import { lazy } from "../src/parse";\n\nif (lazy("a") !== "l:a") throw new Error("lazy");\n',
};

async function impact(root: string, symbol: string): Promise<{ text: string; data: ImpactData }> {
  const r = await call("impact", { path: root, symbol });
  return { text: r.text, data: r.data as unknown as ImpactData };
}

describe("a call that runs when its module loads", () => {
  test("reaches every test importing that module, whichever name it takes", async () => {
    const root = gitRepo(FACTORY);
    expect((await call("index", { path: root })).text).toStartWith("Indexed [semantic]");
    const i = await impact(root, "makeParser");
    expect(i.data.tests.map((t) => t.path).sort()).toEqual(["test/lazy.test.ts", "test/trim.test.ts"]);
    expect(i.text).toContain("checker-complete");
  }, 120_000);

  test("a call inside a function the const holds runs when it is called, not at load", async () => {
    const root = gitRepo({
      ...FACTORY,
      "src/parse.ts": 'import { makeParser } from "./factory";\n\nexport const lazy = (s: string) => makeParser("l:")(s);\nexport function trim(s: string): string {\n  return s.trim();\n}\n',
    });
    expect((await call("index", { path: root })).text).toStartWith("Indexed [semantic]");
    const i = await impact(root, "makeParser");
    expect(i.data.tests.map((t) => t.path)).toEqual(["test/lazy.test.ts"]);
  }, 120_000);
});
