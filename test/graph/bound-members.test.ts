// A name destructured from a value (`const { open, errors } = Deno`, as hono's deno adapter does) is,
// to the compiler's find-references, the member it is taken from: `open`'s answer counts
// `Deno.open`'s declaration and its every use (`Deno.open(…)` elsewhere). Before, `open`'s answer
// said "checker-complete" with neither; and where the member is outside the workspace (`const
// { log } = console`) no edge records it: the answer says partial, with where.

import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import { TsEngine } from "../../src/semantic/engine.ts";
import { references } from "../../src/semantic/queries.ts";
import { gitRepo } from "../helpers/repo.ts";
import { impact, impactSites, neighbors, sitesOf } from "../helpers/refs.ts";

const FILES: Record<string, string> = {
  "package.json": JSON.stringify({ name: "bound", type: "module" }),
  "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, target: "es2022", module: "esnext", moduleResolution: "bundler", lib: ["es2022", "dom"], noEmit: true }, include: ["src"] }),
  "src/deno.d.ts": ["declare namespace Deno {", "  function open(path: string): number;", "  const errors: { NotFound: string };", "}", ""].join("\n"),
  "src/serve.ts": [
    "const { open, errors } = Deno;",
    "const { log } = console;",
    "export function serve(): number {",
    "  log(errors.NotFound);",
    "  return open('x');",
    "}",
    "",
  ].join("\n"),
  "src/other.ts": ["export const n = Deno.open('y');", "export const say = (): void => console.log('a');", ""].join("\n"),
};

describe("a destructured name answers for the member it is taken from", () => {
  const root = gitRepo(FILES);

  test("every compiler reference of `open` is listed; `log` (from the lib's console) is partial", async () => {
    await call("index", { path: root });
    const engine = new TsEngine({ root });
    try {
      await engine.openProjects([join(root, ".svc", "ts", "tsconfig.json.json")]);
      const compiler = (await references(engine, join(root, "src/serve.ts"), { line: 1, column: 9 })).map((r) => `${r.path.slice(root.length + 1)}:${r.line}`).filter((s) => s !== "src/serve.ts:1");
      expect(compiler).toEqual(expect.arrayContaining(["src/other.ts:1", "src/serve.ts:5"])); // Deno.open(…) elsewhere, and its own call
      const n = await neighbors(root, "open");
      const i = await impact(root, "open");
      expect(compiler.filter((s) => !sitesOf(n).has(s))).toEqual([]);
      expect(compiler.filter((s) => !impactSites(i, i.destructures).has(s))).toEqual([]);
      expect(n.coverage?.complete).toBe(true);
      // the other names of the line are no uses of it
      expect(sitesOf(n).has("src/serve.ts:1")).toBe(false);
      const log = (await references(engine, join(root, "src/serve.ts"), { line: 2, column: 9 })).map((r) => `${r.path.slice(root.length + 1)}:${r.line}`);
      expect(log).toContain("src/other.ts:2"); // console.log elsewhere
      const l = await neighbors(root, "log");
      expect(l.coverage?.complete).toBe(false);
      expect(l.coverage?.line).toContain("src/serve.ts:2");
    } finally {
      await engine.close();
    }
  }, 180_000);
});
