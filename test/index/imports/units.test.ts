import { expect, test } from "bun:test";
import { maskCode } from "../../../src/index/imports/extract-ts.ts";
import { parseJsonc } from "../../../src/index/imports/file-index.ts";
import { mapTargets } from "../../../src/index/imports/packages.ts";
import { joinPath } from "../../../src/index/imports/paths.ts";
import { pathTargets } from "../../../src/index/imports/tsconfig.ts";

test("JSONC: comments and trailing commas, comment-like text inside strings kept", () => {
  const text = `{
    // line
    "paths": { "@/*": ["./src/*"], "a//b": ["x/*/y"], }, /* block */
    "list": [1, 2, ],
  }`;
  expect(parseJsonc(text)).toEqual({ paths: { "@/*": ["./src/*"], "a//b": ["x/*/y"] }, list: [1, 2] });
  expect(parseJsonc("{ not json")).toBeNull();
});

test("tsconfig paths: exact beats wildcard, longest prefix wins", () => {
  const paths: [string, string[]][] = [
    ["*", ["types/*"]],
    ["@app/*", ["src/*", "gen/*"]],
    ["@app/core/*", ["core/*"]],
    ["@app", ["src/index.ts"]],
  ];
  expect(pathTargets(paths, "@app")).toEqual(["src/index.ts"]);
  expect(pathTargets(paths, "@app/x/y")).toEqual(["src/x/y", "gen/x/y"]);
  expect(pathTargets(paths, "@app/core/z")).toEqual(["core/z"]);
  expect(pathTargets(paths, "lodash")).toEqual(["types/lodash"]);
});

test("exports maps: sugar, conditions, subpath patterns, folders, exclusions", () => {
  expect(mapTargets("./index.js", ".")).toEqual(["./index.js"]);
  expect(mapTargets({ import: "./a.mjs", types: "./a.d.ts" }, ".")).toEqual(["./a.d.ts", "./a.mjs"]);
  expect(mapTargets({ ".": { node: { import: "./n.mjs" }, default: "./d.js" } }, ".")).toEqual(["./d.js", "./n.mjs"]);
  expect(mapTargets({ "./*": { types: "./dist/*.d.ts" }, "./x/*": "./dist/x/*.js" }, "./x/y")).toEqual(["./dist/x/y.js"]);
  expect(mapTargets({ "./lib/": "./dist/lib/" }, "./lib/a.js")).toEqual(["./dist/lib/a.js"]);
  expect(mapTargets({ "./private/*": null, "./*": "./src/*.ts" }, "./private/a")).toEqual([]);
  expect(mapTargets({ "#db/*": "./src/db/*.ts" }, "#db/client")).toEqual(["./src/db/client.ts"]);
  expect(mapTargets({ ".": "./i.js" }, "./missing")).toEqual([]);
});

test("code mask blanks strings and comments, keeps length and quotes", () => {
  const src = `a("x"); // require("c")\n/* import("d") */ b('y\\'z', \`t\`)`;
  const mask = maskCode(src);
  expect(mask.length).toBe(src.length);
  expect(mask).not.toContain("require");
  expect(mask).not.toContain("import");
  expect(mask).toContain(`a(" ");`);
  expect(mask).toContain("b('    ', ` `)");
});

test("paths never leave the root", () => {
  expect(joinPath("a/b", "../../c")).toBe("c");
  expect(joinPath("a", "../../c")).toBeNull();
  expect(joinPath("", "./x/./y/")).toBe("x/y");
});
