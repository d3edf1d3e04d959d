// A default export used through a namespace — `import * as ns` / `export * as ns` then `ns.default(…)`, or
// `(await import("./greet.js")).default` — names no declared name: the walk sent only declared names (and the names
// exported under another name) to the checker, so `greet`'s neighbors and impact said checker-complete without the
// `ns.default` use find-references gives (h121 audit).

import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import { TsEngine } from "../../src/semantic/engine.ts";
import { references } from "../../src/semantic/queries.ts";
import { gitRepo } from "../helpers/repo.ts";
import { impact, impactSites, neighbors, sitesOf } from "../helpers/refs.ts";

const FILES: Record<string, string> = {
  "package.json": JSON.stringify({ name: "default-member", type: "module" }),
  "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, target: "es2022", module: "esnext", moduleResolution: "bundler", noEmit: true }, include: ["src"] }),
  "src/greet.ts": ["export default function greet(name: string): string {", "  return `hi ${name}`;", "}", ""].join("\n"),
  "src/index.ts": ['export * as words from "./greet.js";', ""].join("\n"),
  "src/use.ts": [
    'import * as direct from "./greet.js";',
    'import { words } from "./index.js";',
    "",
    "export function both(): string {",
    '  return direct.default("a") + words.default("b");',
    "}",
    "export async function later(): Promise<string> {",
    '  const mod = await import("./greet.js");',
    '  return mod.default("c");',
    "}",
    "",
  ].join("\n"),
};

describe("a default export used as ns.default", () => {
  const root = gitRepo(FILES);

  test("its uses are listed as the compiler's find-references gives them", async () => {
    await call("index", { path: root });
    const engine = new TsEngine({ root });
    try {
      await engine.openProjects([join(root, ".svc", "ts", "tsconfig.json.json")]);
      const compiler = (await references(engine, join(root, "src/greet.ts"), { line: 1, column: 25 })).map((r) => `${r.path.slice(root.length + 1)}:${r.line}`);
      expect(compiler).toEqual(expect.arrayContaining(["src/use.ts:5", "src/use.ts:9"]));
      const n = await neighbors(root, "src/greet.ts:1");
      const i = await impact(root, "src/greet.ts:1");
      for (const site of ["src/use.ts:5", "src/use.ts:9"]) {
        expect({ site, neighbors: sitesOf(n).has(site) || n.coverage?.complete === false }).toEqual({ site, neighbors: true });
        expect({ site, impact: impactSites(i).has(site) || i.coverage?.complete === false }).toEqual({ site, impact: true });
      }
      expect(sitesOf(n).has("src/use.ts:5")).toBe(true);
    } finally {
      await engine.close();
    }
  }, 180_000);
});
