// A listed reference the compiler would not make is as harmful as a missing one: an agent
// trusts `impact` before a change. On zustand, 55 uses of the type member
// `StorePersist.persist` (`api.persist.rehydrate()`) were listed as references to the
// top-level `const persist`: the checker resolved them to a declaration the index does not
// hold (a type literal's member), and the edge writer took the one top-level declaration of
// the same name instead. And a declaration the file does not export was said to be
// re-exported by every `export *` barrel of its file.

import { describe, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import { gitRepo } from "../helpers/repo.ts";

const REPO = {
  "package.json": '{ "name": "attribution", "private": true, "type": "module" }\n',
  "tsconfig.json": '{ "compilerOptions": { "strict": true, "module": "esnext", "moduleResolution": "bundler", "target": "esnext", "noEmit": true }, "include": ["src"] }\n',
  "src/store.ts": [
    "export type WithPersist = {",
    "  persist: { clear: () => void }",
    "}",
    "export const persist = (n: number): number => n",
    "const hidden = 1",
    "export const shown = hidden + 1",
    "",
  ].join("\n"),
  "src/use.ts": [
    "import { persist, type WithPersist } from './store'",
    "export function run(s: WithPersist): number {",
    "  return persist(1)",
    "}",
    "export function only(s: WithPersist): void {",
    "  s.persist.clear()",
    "}",
    "export function local(): number {",
    "  const persist = 2",
    "  return persist",
    "}",
    "",
  ].join("\n"),
  "src/index.ts": "export * from './store'\n",
};

interface Entry {
  from: string | null;
  path: string;
  line: number | null;
}

const sites = (entries: Entry[]) => entries.map((e) => `${e.from ?? "(module)"} ${e.path}:${e.line}`).sort();

describe("references are tied to the declaration the checker resolved, or to none", () => {
  const root = gitRepo(REPO);

  test("a use of the member `WithPersist.persist` is not a reference to the top-level `const persist`", async () => {
    expect((await call("index", { path: root })).text).toStartWith("Indexed [semantic]");
    const n = (await call("find", { path: root, query: "src/store.ts:4", kind: "neighbors" })).data as unknown as { neighbors: Record<string, Entry[]>; coverage: { complete: boolean } };
    expect(sites(Object.values(n.neighbors).flat())).toEqual(["run src/use.ts:3"]);
    expect(n.coverage.complete).toBe(true);
    const impact = (await call("impact", { path: root, symbol: "src/store.ts:4", depth: 1 })).data as unknown as { dependents: Entry[] };
    expect(sites(impact.dependents)).toEqual(["(module) src/index.ts:1", "run src/use.ts:3"]);
  }, 120_000);

  test("a declaration its file does not export is not re-exported by the file's `export *` barrel", async () => {
    const hidden = (await call("impact", { path: root, symbol: "src/store.ts:5", depth: 1 })).data as unknown as { dependents: Entry[] };
    expect(sites(hidden.dependents)).toEqual(["shown src/store.ts:6"]);
    const shown = (await call("impact", { path: root, symbol: "src/store.ts:6", depth: 1 })).data as unknown as { dependents: Entry[] };
    expect(sites(shown.dependents)).toEqual(["(module) src/index.ts:1"]);
  }, 120_000);
});

describe("a CommonJS export names a value: references through it are the value's", () => {
  const root = gitRepo({
    "jsconfig.json": JSON.stringify({ compilerOptions: { module: "commonjs" } }),
    "lib/price.js": "function formatPrice(cents) {\n  return (cents / 100).toFixed(2);\n}\nfunction other() {\n  return 1;\n}\nmodule.exports = { formatPrice, other: other };\n",
    "lib/cart.js": 'const { formatPrice, other } = require("./price");\n\nfunction total(items) {\n  return formatPrice(items.length * 100) + other();\n}\nmodule.exports = { total };\n',
  });

  test("`module.exports = { formatPrice, other: other }`: total calls both functions (the checker's declaration is the export's property)", async () => {
    expect((await call("index", { path: root })).text).toStartWith("Indexed [semantic]");
    for (const query of ["formatPrice", "other"]) {
      const n = (await call("find", { path: root, query, kind: "neighbors" })).data as unknown as { neighbors: Record<string, Entry[]> };
      expect(n.neighbors.callers?.map((e) => `${e.from} ${e.path}:${e.line}`)).toEqual(["total lib/cart.js:4"]);
    }
  }, 120_000);
});
