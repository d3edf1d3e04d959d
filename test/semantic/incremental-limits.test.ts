// The incremental semantic tier against a full rebuild, for edits whose reach a naive plan
// misses: a regex literal outside a function body that holds `//` or `/*` (the surface's
// comment stripper must not drop the declarations after it), and a file added next to a
// directory of the same name (`./foo` resolves to `foo.ts` instead of `foo/index.ts`: the
// importers must be walked though neither they nor the old target changed); a tsconfig
// `paths` edit (the syntax tier's import edges of unchanged files move); two types of one
// name (an inferred type prints the same); a JSDoc type in JavaScript (a comment); a
// script with `export` inside a namespace (it declares globals all the same).

import { expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import { storeDigest } from "../../scripts/bench/store-digest.ts";
import { gitRepo } from "../helpers/repo.ts";

const BASE: Record<string, string> = {
  "package.json": JSON.stringify({ name: "lim", type: "module" }),
  "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, target: "es2022", module: "esnext", moduleResolution: "bundler", noEmit: true }, include: ["src"] }),
  "src/types.ts": "export interface A {\n  m(): number;\n}\n\nexport interface B {\n  m(): number;\n}\n",
  "src/use.ts": 'import { v } from "./lib";\n\nexport function f(): number {\n  return v.m();\n}\n',
};

async function index(root: string, force = false): Promise<{ mode: string }> {
  return (await call("index", { path: root, ...(force ? { force: true } : {}) })).data as { mode: string };
}

/** Index `files`, apply `edits`, index incrementally: the store equals a full rebuild of the edited tree. */
async function expectIncrementalEqualsRebuild(files: Record<string, string>, edits: Record<string, string>): Promise<void> {
  const root = gitRepo(files);
  expect((await index(root)).mode).toBe("semantic");
  for (const [p, text] of Object.entries(edits)) writeFileSync(join(root, p), text);
  await index(root);
  const copy = gitRepo({ ...files, ...edits });
  await index(copy, true);
  const a = storeDigest(root, { portable: true });
  const b = storeDigest(copy, { portable: true });
  expect(Object.keys({ ...a, ...b }).filter((t) => a[t]?.sha256 !== b[t]?.sha256)).toEqual([]);
}

test("a `//` inside a regex literal does not hide the rest of its line from the surface", async () => {
  const lib = (t: string) => `import type { A, B } from "./types";\n\nexport type Both = A | B;\nexport const re = /a\\//; export declare const v: ${t};\n`;
  await expectIncrementalEqualsRebuild({ ...BASE, "src/lib.ts": lib("A") }, { "src/lib.ts": lib("B") });
}, 240_000);

test("a `/*` inside a regex literal does not hide the declarations after it", async () => {
  const lib = (t: string) => `import type { A, B } from "./types";\n\nexport type Both = A | B;\nexport const trailing = /\\/*$/;\nexport declare const v: ${t};\n`;
  await expectIncrementalEqualsRebuild({ ...BASE, "src/lib.ts": lib("A") }, { "src/lib.ts": lib("B") });
}, 240_000);

test("a file added next to a directory of the same name takes over its importers", async () => {
  const files = { ...BASE, "src/lib/index.ts": 'import type { A } from "../types";\n\nexport declare const v: A;\n' };
  await expectIncrementalEqualsRebuild(files, { "src/lib.ts": 'import type { B } from "./types";\n\nexport declare const v: B;\n' });
}, 240_000);

test("a tsconfig `paths` edit moves the import edges of files that did not change", async () => {
  const config = (target: string) => JSON.stringify({ compilerOptions: { strict: true, target: "es2022", module: "esnext", moduleResolution: "bundler", noEmit: true, paths: { "@x": [target] } }, include: ["src"] });
  const files = {
    ...BASE,
    "tsconfig.json": config("./src/a.ts"),
    "src/a.ts": "export function h(): number {\n  return 1;\n}\n",
    "src/b.ts": "export function h(): number {\n  return 2;\n}\n",
    "src/use.ts": 'import { h } from "@x";\n\nexport function f(): number {\n  return h();\n}\n',
  };
  await expectIncrementalEqualsRebuild(files, { "tsconfig.json": config("./src/b.ts") });
}, 240_000);

test("two different types of the same name: an inferred return type that switches between them moves the surface", async () => {
  const lib = (make: string) => `import { make as makeA } from "./a";\nimport { make as makeB } from "./b";\n\nexport function g() {\n  return ${make}();\n}\n`;
  const foo = (n: number) => `export interface Foo {\n  m(): number;\n}\nexport function make(): Foo {\n  return { m: () => ${n} };\n}\n`;
  const files = { ...BASE, "src/a.ts": foo(1), "src/b.ts": foo(2), "src/lib.ts": lib("makeA"), "src/use.ts": 'import { g } from "./lib";\n\nexport function f(): number {\n  return g().m();\n}\n' };
  await expectIncrementalEqualsRebuild(files, { "src/lib.ts": lib("makeB") });
}, 240_000);

test("a JSDoc type in a JavaScript file is part of its surface", async () => {
  const config = JSON.stringify({ compilerOptions: { allowJs: true, checkJs: true, strict: true, target: "es2022", module: "esnext", moduleResolution: "bundler", noEmit: true }, include: ["src"] });
  const lib = (t: string) => `/** @type {import("./types").${t}} */\nexport const v = /** @type {any} */ (null);\n`;
  const files = { ...BASE, "tsconfig.json": config, "src/lib.js": lib("A"), "src/use.ts": 'import { v } from "./lib.js";\n\nexport function f(): number {\n  return v.m();\n}\n' };
  await expectIncrementalEqualsRebuild(files, { "src/lib.js": lib("B") });
}, 240_000);

test("a script whose namespace members are exported still declares globals: a new global reaches files that never named it", async () => {
  const script = (extra: string) => `namespace NS {\n  export const x = 1;\n}\n${extra}`;
  const files = { ...BASE, "src/script.ts": script(""), "src/use.ts": "export function f(): void {\n  // @ts-ignore the global arrives in the edit\n  helper();\n}\n" };
  await expectIncrementalEqualsRebuild(files, { "src/script.ts": script("declare function helper(): void;\n") });
}, 240_000);

test("control: the same type change without a regex literal", async () => {
  const lib = (t: string) => `import type { A, B } from "./types";\n\nexport type Both = A | B;\nexport const re = 1; export declare const v: ${t};\n`;
  await expectIncrementalEqualsRebuild({ ...BASE, "src/lib.ts": lib("A") }, { "src/lib.ts": lib("B") });
}, 240_000);
