// Covering tests found through a barrel's re-export of a declaration the walk reaches on the way
// (a mutation audit of svc's selection against the tests that fail, scripts/bench/test-selection.ts).
// On immer, `impact Immer.shouldUseStrictIteration` answered checker-complete without
// __tests__/current.js, which fails when the method throws: `current` calls
// `state.scope_.immer_.shouldUseStrictIteration()`, src/immer.ts re-exports `current` from
// "./internal" (its second statement to that file, after `import { Immer } from "./internal"`),
// and the test imports `current` from src/immer. The checker's re-export was read as the class's
// export (an importer had to mention the method), and the syntax walk saw only the first statement.
// On hono, `impact MockCache.keys` (src/middleware/cache/index.test.ts) answered "none reach it": the test calls it
// through `caches.open(…)`, a global it stubs with vi.stubGlobal; a declaration in a test file is that test's code.

import { describe, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import type { ImpactData } from "../../src/ops/impact.ts";
import { gitRepo } from "../helpers/repo.ts";

const TSCONFIG = { compilerOptions: { strict: true, target: "es2022", module: "esnext", moduleResolution: "bundler", noEmit: true } };

/** immer's shape: a method called through a chain of fields typed as the class, in a function the package re-exports from its internal barrel. */
const IMMER: Record<string, string> = {
  "package.json": JSON.stringify({ name: "engine", type: "module" }),
  "tsconfig.json": JSON.stringify({ ...TSCONFIG, files: ["src/index.ts"] }),
  "src/engine.ts": "export class Engine {\n  iterateAll(): boolean {\n    return true;\n  }\n}\n",
  "src/state.ts": 'import type { Engine } from "./engine";\n\nexport interface Scope {\n  engine: Engine;\n}\nexport interface State {\n  scope: Scope;\n}\n',
  "src/current.ts": 'import type { State } from "./state";\n\nexport function current(state: State): boolean {\n  return state.scope.engine.iterateAll();\n}\n',
  "src/internal.ts": 'export * from "./engine";\nexport * from "./state";\nexport * from "./current";\n',
  "src/index.ts": 'import { Engine } from "./internal";\n\nexport { current } from "./internal";\nexport const engine = new Engine();\n',
  "test/current.test.js": 'import { current, engine } from "../src/index";\n\nif (!current({ scope: { engine } })) throw new Error("current");\n',
};

/** A helper outside every project that imports from the package and re-exports from it, in two statements. */
const HELPER: Record<string, string> = {
  "package.json": JSON.stringify({ name: "helper", type: "module" }),
  "tsconfig.json": JSON.stringify({ ...TSCONFIG, include: ["src"] }),
  "src/current.ts": "export function current(n: number): number {\n  return n + 1;\n}\nexport const version = 1;\n",
  "src/index.ts": 'export { current, version } from "./current";\n',
  "shared/support.js": 'import { version } from "../src/index";\nexport { current } from "../src/index";\nexport const label = `v${version}`;\n',
  "test/current.test.js": 'import { current } from "../shared/support.js";\n\nif (current(1) !== 2) throw new Error("current");\n',
};

/** hono's cache test: a mock class its own test calls through a global it stubs, typed as something else. */
const STUB: Record<string, string> = {
  "package.json": JSON.stringify({ name: "stub", type: "module" }),
  "tsconfig.json": JSON.stringify({ ...TSCONFIG, include: ["src", "test"] }),
  "src/index.ts": "export function storeName(): string {\n  return \"main\";\n}\n",
  "test/store.test.ts": [
    'import { storeName } from "../src/index";',
    "",
    "class MockStore {",
    "  keys(): string[] {",
    "    return [storeName()];",
    "  }",
    "}",
    "// eslint-disable-next-line @typescript-eslint/no-explicit-any",
    "(globalThis as any).openStore = () => new MockStore();",
    "const stores = globalThis as unknown as { openStore(): { keys(): string[] } };",
    'if (stores.openStore().keys()[0] !== "main") throw new Error("keys");',
    "",
  ].join("\n"),
};

async function impact(root: string, symbol: string): Promise<{ text: string; data: ImpactData }> {
  const r = await call("impact", { path: root, symbol });
  return { text: r.text, data: r.data as unknown as ImpactData };
}

describe("a barrel's re-export of a function the walk reaches on the way", () => {
  test("Engine.iterateAll reaches the test importing `current` from the package, which need not mention the method", async () => {
    const root = gitRepo(IMMER);
    expect((await call("index", { path: root })).text).toStartWith("Indexed [semantic]");
    const i = await impact(root, "Engine.iterateAll");
    expect(i.data.dependents.filter((d) => d.hop === 1).map((d) => d.from)).toContain("current");
    expect(i.data.tests.map((t) => t.path)).toEqual(["test/current.test.js"]);
    expect(i.text).not.toContain("none reach it");
  }, 120_000);

  test("every statement of an importer pointing at the file is read, not only its first (a re-export after an import)", async () => {
    const root = gitRepo(HELPER);
    expect((await call("index", { path: root })).text).toStartWith("Indexed [semantic]");
    const i = await impact(root, "current");
    expect(i.data.tests.map((t) => t.path)).toEqual(["test/current.test.js"]);
    expect(i.text).not.toContain("none reach it");
  }, 120_000);
});

describe("a re-export that renames (`export { current as next }`, immer's `NOTHING as nothing`)", () => {
  test("the test importing the new name is selected, not `none reach it`", async () => {
    const root = gitRepo({
      ...HELPER,
      "src/index.ts": 'export * from "./version";\nexport { current as next } from "./current";\n',
      "src/version.ts": "export const version = 2;\n",
      "shared/support.js": 'export const label = "v";\n',
      "test/current.test.js": 'import { next } from "../src/index";\n\nif (next(1) !== 2) throw new Error("next");\n',
    });
    expect((await call("index", { path: root })).text).toStartWith("Indexed [semantic]");
    const i = await impact(root, "current");
    expect(i.data.tests.map((t) => t.path)).toEqual(["test/current.test.js"]);
    expect(i.text).not.toContain("none reach it");
  }, 120_000);
});

describe("a declaration in a test file", () => {
  test("is covered by its own test file, though the test calls it through a stubbed global the checker types apart (MockStore.keys)", async () => {
    const root = gitRepo(STUB);
    expect((await call("index", { path: root })).text).toStartWith("Indexed [semantic]");
    const i = await impact(root, "MockStore.keys");
    expect(i.data.tests).toEqual([{ path: "test/store.test.ts", hop: 0 }]);
    expect(i.text).not.toContain("none reach it");
  }, 120_000);
});
