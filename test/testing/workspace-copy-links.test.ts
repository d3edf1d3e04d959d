// The isolated copy a race runs each candidate's tests in (svc_test with candidates) and the
// symbolic links the workspace tracks. It copied a link by reading what it points at, so a
// tracked link to a file outside the workspace put that file's text in the copy (the tests,
// and their output, read it). A link is copied as a link: inside, to the copy's own file (a
// proposed write to the target is seen through it); outside, left out and said so, its
// target never read. Driven through the race (real engine, real bun runner) and makeCopy.

import { afterAll, describe, expect, test } from "bun:test";
import { lstatSync, readdirSync, readFileSync, readlinkSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import { holdResident, releaseResident } from "../../src/semantic/resident.ts";
import { copyList, makeCopy } from "../../src/testing/workspace-copy.ts";
import { bunOnPath } from "../helpers/bun-on-path.ts";
import { useRuntimeDir } from "../helpers/host.ts";
import { commitFiles, gitRepo, plainDir, tempDir, writeFiles } from "../helpers/repo.ts";

bunOnPath();

const MARK = `Zq${Math.random().toString(36).slice(2, 10)}`;

function fixture() {
  const outside = tempDir("svc-outside-");
  writeFiles(outside, { "secret.ts": `export const outsideValue = "${MARK}";\n`, "dir/lib.ts": `export const lib = "${MARK}";\n` });
  const root = gitRepo({
    "package.json": '{ "name": "calc", "scripts": { "test": "bun test" } }\n',
    "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: "es2022", module: "esnext", moduleResolution: "bundler" }, include: ["src/**/*.ts", "test/**/*.ts", "bun-test.d.ts"] }),
    "bun-test.d.ts": 'declare module "bun:test" {\n  export const expect: any;\n  export const test: any;\n}\n',
    "src/math.ts": "export function add(a: number, b: number): number {\n  return a * b;\n}\n",
    "test/math.test.ts": 'import { expect, test } from "bun:test";\nimport { add } from "../src/math";\nimport { add as viaLink } from "../src/alias";\n\ntest("adds", () => {\n  expect(add(2, 3)).toBe(5);\n  expect(viaLink(2, 3)).toBe(5);\n});\n',
  });
  symlinkSync(join(outside, "secret.ts"), join(root, "src/linked.ts"));
  symlinkSync(join(outside, "dir"), join(root, "src/linkdir"));
  symlinkSync("math.ts", join(root, "src/alias.ts")); // inside: the test imports the math through it too
  commitFiles(root, {}, "links");
  return { root, outside };
}

/** Every file's text under `dir`, links not followed. */
function texts(dir: string): string {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name));
      else if (e.isFile()) out.push(readFileSync(join(d, e.name), "utf8"));
    }
  };
  walk(dir);
  return out.join("\n");
}

describe("the race's isolated copy and tracked symbolic links", () => {
  const roots: string[] = [];
  afterAll(async () => {
    for (const root of roots) await releaseResident(root);
  });

  test("a link inside is a link to the copy's own file; a link outside is left out, its target never copied", async () => {
    const { root } = fixture();
    const copy = await makeCopy(root, await copyList(root, true), [{ rel: "src/math.ts", content: "export const proposed = 1;\n" }]);
    try {
      expect(copy.leftOut).toEqual(["src/linkdir", "src/linked.ts"]);
      expect(texts(copy.dir).toLowerCase()).not.toContain(MARK.toLowerCase());
      expect(() => lstatSync(join(copy.dir, "src/linked.ts"))).toThrow();
      expect(() => lstatSync(join(copy.dir, "src/linkdir"))).toThrow();
      expect(lstatSync(join(copy.dir, "src/alias.ts")).isSymbolicLink()).toBe(true);
      expect(readlinkSync(join(copy.dir, "src/alias.ts"))).toBe("math.ts");
      expect(readFileSync(join(copy.dir, "src/alias.ts"), "utf8")).toBe("export const proposed = 1;\n"); // the proposed write, through the link
    } finally {
      copy.dispose();
    }
  }, 120_000);

  test("outside git too: the walk's links are copied as links or left out, never followed", async () => {
    const outside = tempDir("svc-outside-");
    writeFiles(outside, { "secret.ts": `export const outsideValue = "${MARK}";\n` });
    const root = plainDir({ "src/math.ts": "export const m = 1;\n" });
    symlinkSync(join(outside, "secret.ts"), join(root, "src/linked.ts"));
    symlinkSync("math.ts", join(root, "src/alias.ts"));
    const copy = await makeCopy(root, await copyList(root, false), []);
    try {
      expect(copy.leftOut).toEqual(["src/linked.ts"]);
      expect(texts(copy.dir).toLowerCase()).not.toContain(MARK.toLowerCase());
      expect(readlinkSync(join(copy.dir, "src/alias.ts"))).toBe("math.ts");
    } finally {
      copy.dispose();
    }
  }, 120_000);

  test("the race runs the tests through the inside link against the candidate (a copy of the link's text was the old math) and says which links out it left out", async () => {
    useRuntimeDir();
    const { root } = fixture();
    roots.push(root);
    await call("index", { path: root });
    holdResident(root, { writer: false });
    const good = "export function add(a: number, b: number): number {\n  return a + b;\n}\n";
    const wrong = "export function add(a: number, b: number): number {\n  return a - b;\n}\n";
    const r = await call("test", { path: root, symbol: "add", candidates: [{ id: "good", file: "src/math.ts", content: good }, { id: "wrong", file: "src/math.ts", content: wrong }] }, { cwd: "/", host: true });
    expect(r.text.toLowerCase()).not.toContain(MARK.toLowerCase());
    expect(JSON.stringify(r.data).toLowerCase()).not.toContain(MARK.toLowerCase());
    expect(r.text).toContain("2 symbolic links leading outside the workspace left out of the copies (src/linkdir, src/linked.ts)");
    expect((r.data as { race: { leftOut: string[]; verdict: { winner: string } } }).race).toMatchObject({ leftOut: ["src/linkdir", "src/linked.ts"], verdict: { winner: "good" } });
  }, 300_000);
});
