import { describe, expect, test } from "bun:test";
import { edges, workspace } from "./helpers.ts";

describe("relative specifiers", () => {
  const resolve = workspace({
    "src/app.ts": "",
    "src/order.service.ts": "",
    "src/util/index.ts": "",
    "src/view.tsx": "",
    "src/types.d.ts": "",
    "src/legacy.js": "",
    "src/data.json": "",
    "src/esm.mts": "",
    "src/both.ts": "",
    "src/both.js": "",
    "src/lib/package.json": JSON.stringify({ main: "./dist/main.js", types: "./dist/main.d.ts" }),
    "src/lib/src/main.ts": "",
    "src/plain/package.json": JSON.stringify({ main: "entry.js" }),
    "src/plain/entry.js": "",
    "src/styles.css": "",
  });
  test("extension search, index files, folders", () => {
    expect(resolve("src/app.ts", "./order.service")).toEqual(["src/order.service.ts"]);
    expect(resolve("src/app.ts", "./util")).toEqual(["src/util/index.ts"]);
    expect(resolve("src/util/index.ts", "..")).toEqual([]); // src has no index
    expect(resolve("src/util/index.ts", "../view")).toEqual(["src/view.tsx"]);
    expect(resolve("src/app.ts", "./types")).toEqual(["src/types.d.ts"]);
    expect(resolve("src/app.ts", "./legacy")).toEqual(["src/legacy.js"]);
    expect(resolve("src/app.ts", "./data.json")).toEqual(["src/data.json"]);
    expect(resolve("src/app.ts", "./styles.css?inline")).toEqual(["src/styles.css"]);
    expect(resolve("src/app.ts", "./missing")).toEqual([]);
    expect(resolve("src/app.ts", "../../outside")).toEqual([]);
  });
  test("ESM output extensions map to sources", () => {
    expect(resolve("src/app.ts", "./order.service.js")).toEqual(["src/order.service.ts"]);
    expect(resolve("src/app.ts", "./view.jsx")).toEqual(["src/view.tsx"]);
    expect(resolve("src/app.ts", "./esm.mjs")).toEqual(["src/esm.mts"]);
    expect(resolve("src/app.ts", "./both.js")).toEqual(["src/both.ts"]);
    expect(resolve("src/app.ts", "./legacy.js")).toEqual(["src/legacy.js"]);
  });
  test("folder package.json prefers sources over its build output", () => {
    expect(resolve("src/app.ts", "./lib")).toEqual(["src/lib/src/main.ts"]);
    expect(resolve("src/app.ts", "./plain")).toEqual(["src/plain/entry.js"]);
  });
  test("never the importing file; externals and builtins give nothing", () => {
    expect(resolve("src/app.ts", "./app")).toEqual([]);
    expect(resolve("src/app.ts", "react")).toEqual([]);
    expect(resolve("src/app.ts", "node:fs")).toEqual([]);
    expect(resolve("src/app.ts", "https://cdn.example.com/x.js")).toEqual([]);
  });
});

describe("tsconfig", () => {
  const files = {
    "tsconfig.base.json": `{
      // shared settings
      "compilerOptions": {
        "baseUrl": "./src", /* relative to this file */
        "paths": {
          "@app/*": ["app/*", "fallback/*"],
          "@shared": ["shared/index.ts"],
          "~/*": ["./*"],
        },
      },
    }`,
    "tsconfig.json": `{ "extends": "./tsconfig.base", "include": ["src"] }`,
    "src/main.ts": "",
    "src/app/orders/service.ts": "",
    "src/fallback/only-here.ts": "",
    "src/shared/index.ts": "",
    "src/util/date.ts": "",
    "web/tsconfig.json": `{ "extends": "@acme/tsconfig/web.json", "compilerOptions": { "paths": { "#/*": ["./src/*"] } } }`,
    "api/tsconfig.json": `{ "extends": "@acme/tsconfig/base-url" }`,
    "api/server.ts": "",
    "web/src/page.tsx": "",
    "web/src/comp/button.tsx": "",
    "tools/tsconfig/package.json": `{ "name": "@acme/tsconfig" }`,
    "tools/tsconfig/web.json": `{ "compilerOptions": { "strict": true } }`,
    "tools/tsconfig/base-url.json": `{ "compilerOptions": { "baseUrl": "." } }`,
    "plain/jsconfig.json": `{ "compilerOptions": { "baseUrl": "lib" } }`,
    "plain/lib/helpers.js": "",
    "plain/main.js": "",
  };
  const resolve = workspace(files);
  test("paths with wildcards, targets in order, exact patterns", () => {
    expect(resolve("src/main.ts", "@app/orders/service")).toEqual(["src/app/orders/service.ts"]);
    expect(resolve("src/main.ts", "@app/only-here")).toEqual(["src/fallback/only-here.ts"]);
    expect(resolve("src/main.ts", "@shared")).toEqual(["src/shared/index.ts"]);
    expect(resolve("src/app/orders/service.ts", "~/util/date")).toEqual(["src/util/date.ts"]);
  });
  test("baseUrl from an extends chain (JSONC)", () => {
    expect(resolve("src/app/orders/service.ts", "util/date")).toEqual(["src/util/date.ts"]);
    expect(resolve("src/main.ts", "lodash")).toEqual([]);
  });
  test("nearest config per folder; package-style extends; paths relative to the defining file", () => {
    expect(resolve("web/src/page.tsx", "#/comp/button")).toEqual(["web/src/comp/button.tsx"]);
    expect(resolve("web/src/page.tsx", "util/date")).toEqual([]); // the root config does not apply under web/
    // baseUrl "." of tools/tsconfig/base-url.json is that folder, not api/
    expect(resolve("api/server.ts", "web.json")).toEqual(["tools/tsconfig/web.json"]);
  });
  test("jsconfig.json", () => {
    expect(resolve("plain/main.js", "helpers")).toEqual(["plain/lib/helpers.js"]);
  });
  test("solution configs lend the paths of their references", () => {
    const r = workspace({
      "tsconfig.json": `{ "files": [], "references": [{ "path": "./tsconfig.node.json" }, { "path": "./tsconfig.app.json" }] }`,
      "tsconfig.node.json": `{ "compilerOptions": { "composite": true } }`,
      "tsconfig.app.json": `{ "compilerOptions": { "paths": { "@/*": ["./src/*"] } } }`,
      "src/main.ts": "",
      "src/components/Hello.vue.ts": "",
    });
    expect(r("src/main.ts", "@/components/Hello.vue")).toEqual(["src/components/Hello.vue.ts"]);
  });
});

describe("workspace packages", () => {
  const files = {
    "package.json": JSON.stringify({ name: "root", private: true, workspaces: ["packages/*"] }),
    "packages/core/package.json": JSON.stringify({
      name: "@acme/core",
      exports: {
        ".": { types: "./dist/index.d.ts", import: "./dist/index.js", require: "./dist/index.cjs" },
        "./utils": { import: "./dist/utils/index.js" },
        "./features/*": "./dist/features/*.js",
        "./package.json": "./package.json",
      },
    }),
    "packages/core/src/index.ts": "",
    "packages/core/src/utils/index.ts": "",
    "packages/core/src/features/billing.ts": "",
    "packages/core/src/internal/secret.ts": "",
    "packages/app/package.json": JSON.stringify({ name: "@acme/app", imports: { "#db/*": "./src/db/*.ts" }, dependencies: { "@acme/core": "workspace:*" } }),
    "packages/app/src/main.ts": `import { x } from "@acme/core";\nimport { u } from "@acme/core/utils";\nimport { b } from "@acme/core/features/billing";\nimport "#db/client";\nimport React from "react";\nimport { s } from "@acme/legacy/src/thing";\n`,
    "packages/app/src/db/client.ts": "",
    "packages/legacy/package.json": JSON.stringify({ name: "@acme/legacy", main: "lib/index.js" }),
    "packages/legacy/lib/index.js": "",
    "packages/legacy/src/thing.ts": "",
    "packages/mainonly/package.json": JSON.stringify({ name: "mainonly", main: "./build/main.js", types: "./build/main.d.ts" }),
    "packages/mainonly/build/main.d.ts": "",
  };
  test("exports map, subpaths, patterns, imports map; source preferred over dist", () => {
    expect(edges(files, "packages/app/src/main.ts")).toEqual({
      "@acme/core": ["packages/core/src/index.ts"],
      "@acme/core/utils": ["packages/core/src/utils/index.ts"],
      "@acme/core/features/billing": ["packages/core/src/features/billing.ts"],
      "#db/client": ["packages/app/src/db/client.ts"],
      react: [],
      "@acme/legacy/src/thing": ["packages/legacy/src/thing.ts"],
    });
  });
  test("main/types without a source twin; unscoped names", () => {
    const resolve = workspace(files);
    expect(resolve("packages/app/src/main.ts", "@acme/legacy")).toEqual(["packages/legacy/lib/index.js"]);
    expect(resolve("packages/app/src/main.ts", "mainonly")).toEqual(["packages/mainonly/build/main.d.ts"]);
    expect(resolve("packages/app/src/main.ts", "@acme/missing")).toEqual([]);
  });
  test("subpath without exports entry falls back to src/", () => {
    const resolve = workspace({
      "packages/core/package.json": JSON.stringify({ name: "@acme/core", main: "dist/index.js" }),
      "packages/core/src/index.ts": "",
      "packages/core/src/utils.ts": "",
      "apps/web/index.ts": "",
    });
    expect(resolve("apps/web/index.ts", "@acme/core")).toEqual(["packages/core/src/index.ts"]);
    expect(resolve("apps/web/index.ts", "@acme/core/utils")).toEqual(["packages/core/src/utils.ts"]);
  });
  test("non-build subpath folders keep their name; custom source conditions win", () => {
    const resolve = workspace({
      "package.json": JSON.stringify({
        name: "zod",
        types: "./index.d.cts",
        exports: {
          ".": { types: "./index.d.cts", import: "./index.js" },
          "./v3": { types: "./v3/index.d.cts", import: "./v3/index.js" },
          "./mini": { "@zod/source": "./src/mini/index.ts", types: "./mini/index.d.cts" },
        },
      }),
      "index.d.cts": "",
      "v3/index.d.cts": "",
      "src/index.ts": "",
      "src/v3/index.ts": "",
      "src/mini/index.ts": "",
      "src/mini/other.ts": "",
      "test/a.test.ts": "",
    });
    expect(resolve("test/a.test.ts", "zod")).toEqual(["src/index.ts"]);
    expect(resolve("test/a.test.ts", "zod/v3")).toEqual(["src/v3/index.ts"]);
    expect(resolve("test/a.test.ts", "zod/mini")).toEqual(["src/mini/index.ts"]);
  });
  test("packages without entry fields use src/index", () => {
    const resolve = workspace({ "libs/x/package.json": `{ "name": "x" }`, "libs/x/src/index.ts": "", "a.ts": "" });
    expect(resolve("a.ts", "x")).toEqual(["libs/x/src/index.ts"]);
  });
});
