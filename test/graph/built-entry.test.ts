// Public surface through build output: package.json entry points that name an unbuilt
// outDir (`distribution/`, as ky does) are mapped back to their sources through the
// tsconfigs (outDir/declarationDir → rootDir, else include folders), so impact answers
// "public surface: yes" instead of "unknown — declares no entry point".

import { describe, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import { manifestTargets, sourceOfBuiltEntry } from "../../src/graph/built-entry.ts";
import { FileIndex } from "../../src/index/imports/file-index.ts";
import { gitRepo } from "../helpers/repo.ts";

function index(files: Record<string, string>): FileIndex {
  return new FileIndex(Object.keys(files), (p) => files[p] ?? null);
}

describe("entry points in build output mapped to sources", () => {
  test("outDir with rootDir (through a relative extends), declarationDir, include folders, and what cannot be mapped", () => {
    const ky = index({
      "tsconfig.json": '{\n  // shared\n  "extends": "@sindresorhus/tsconfig",\n  "include": ["source"],\n}\n',
      "tsconfig.dist.json": JSON.stringify({ extends: "./tsconfig", compilerOptions: { rootDir: "./source", outDir: "./distribution" } }),
      "source/index.ts": "",
      "source/core/Ky.ts": "",
    });
    expect(sourceOfBuiltEntry(ky, "", "./distribution/index.d.ts")).toEqual({ path: "source/index.ts", via: "./distribution/index.d.ts → source/index.ts (outDir of tsconfig.dist.json)" });
    expect(sourceOfBuiltEntry(ky, "", "./distribution/core/Ky.js")?.path).toBe("source/core/Ky.ts");
    expect(sourceOfBuiltEntry(ky, "", "./distribution/missing.js")).toBeNull();
    expect(sourceOfBuiltEntry(ky, "", "./elsewhere/index.js")).toBeNull();
    const types = index({
      "packages/a/tsconfig.json": JSON.stringify({ compilerOptions: { outDir: "lib", declarationDir: "types" }, include: ["src/**/*.ts"] }),
      "packages/a/src/main.ts": "",
    });
    expect(sourceOfBuiltEntry(types, "packages/a", "./types/main.d.ts")).toEqual({ path: "packages/a/src/main.ts", via: "./types/main.d.ts → packages/a/src/main.ts (declarationDir of packages/a/tsconfig.json)" });
    expect(sourceOfBuiltEntry(types, "packages/a", "./lib/main.mjs")?.path).toBe("packages/a/src/main.ts");
    expect(manifestTargets({ main: "./distribution/index.js", types: "./distribution/index.d.ts", exports: { ".": { types: "./distribution/index.d.ts", default: "./distribution/index.js" }, "./x/*": "./distribution/x/*.js" } })).toEqual([
      "./distribution/index.d.ts",
      "./distribution/index.js",
    ]);
  }, 120_000);

  test("impact on an unbuilt ky-like package: public through the mapped entry point and its re-export", async () => {
    const root = gitRepo({
      "package.json": JSON.stringify({ name: "kyish", type: "module", main: "./distribution/index.js", types: "./distribution/index.d.ts", exports: { types: "./distribution/index.d.ts", default: "./distribution/index.js" } }),
      "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, target: "es2022", module: "nodenext", moduleResolution: "nodenext" }, include: ["source"] }),
      "tsconfig.dist.json": JSON.stringify({ extends: "./tsconfig", compilerOptions: { rootDir: "./source", outDir: "./distribution" }, include: ["source"] }),
      "source/index.ts": 'export { KyError, isKyError } from "./errors.js";\n',
      "source/errors.ts": "export class KyError extends Error {}\nexport const isKyError = (e: unknown): e is KyError => e instanceof KyError;\nexport const internal = 1;\n",
    });
    await call("index", { path: root });
    const r = await call("impact", { path: root, symbol: "KyError" });
    const data = r.data as { publicSurface: { public: boolean | null; how: string } };
    expect(data.publicSurface.public).toBe(true);
    expect(r.text).toContain("public surface: yes — exported by package kyish through source/index.ts (mapped from build output: ./distribution/index.d.ts → source/index.ts (outDir of tsconfig.dist.json))");
    const hidden = await call("impact", { path: root, symbol: "internal" });
    expect((hidden.data as { publicSurface: { public: boolean | null } }).publicSurface.public).toBe(false);
  }, 120_000);

  test("a wildcard subpath (`\"./*\": \"./dist/*.js\"`, zustand's) may expose a file no entry point re-exports: unknown, never `no`", async () => {
    const files = {
      "package.json": JSON.stringify({ name: "storeish", type: "module", exports: { ".": "./src/index.ts", "./*": "./dist/*.js" } }),
      "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, target: "es2022", module: "esnext", moduleResolution: "bundler", noEmit: true }, include: ["src"] }),
      "src/index.ts": 'export { create } from "./react.js";\n',
      "src/react.ts": "export const create = () => 1;\n",
      "src/middleware.ts": "export const persist = () => 2;\n",
    };
    const root = gitRepo(files);
    await call("index", { path: root });
    const r = await call("impact", { path: root, symbol: "persist" });
    expect((r.data as { publicSurface: { public: boolean | null } }).publicSurface.public).toBeNull();
    expect(r.text).toContain("public surface: unknown — not re-exported by package storeish's entry points (src/index.ts), but its exports map's wildcard subpath (./*) may expose src/middleware.ts itself");
    const plain = gitRepo({ ...files, "package.json": JSON.stringify({ name: "storeish", type: "module", exports: { ".": "./src/index.ts" } }) });
    await call("index", { path: plain });
    expect(((await call("impact", { path: plain, symbol: "persist" })).data as { publicSurface: { public: boolean | null } }).publicSurface.public).toBe(false);
  }, 120_000);
});
