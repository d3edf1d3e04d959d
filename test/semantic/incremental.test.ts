// The incremental semantic tier against a full rebuild: a real small project indexed once,
// then a fixed series of edits (a body edit that moves lines, an inferred type that grows a
// member a dependent uses, a file added and imported, a file an unresolved import waited
// for, a file removed, a rename) — after each, `svc index` walks only what the change can
// reach, and the store equals a full rebuild of the same tree in another folder. A test
// that a surface was missed would fail on the digest; one that too much was walked, on the
// count of walked files.

import { describe, expect, test } from "bun:test";
import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { call } from "../../src/engine.ts";
import { syncIndex } from "../../src/indexing/sync.ts";
import { semanticUpgrade } from "../../src/semantic/upgrade.ts";
import { storeDigest } from "../../scripts/bench/store-digest.ts";
import { gitRepo } from "../helpers/repo.ts";

const FILES: Record<string, string> = {
  "package.json": JSON.stringify({ name: "inc", type: "module" }),
  "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, target: "es2022", module: "nodenext", noEmit: true }, include: ["src"] }),
  "src/util.ts": [
    "export function helper(x: number): number {",
    "  return x + 1;",
    "}",
    "",
    "export function inferred(x: number) {",
    "  return { v: x };",
    "}",
    "",
    "export class Box {",
    "  open(): string {",
    '    return "open";',
    "  }",
    "}",
    "",
  ].join("\n"),
  "src/app.ts": [
    'import { helper, inferred, Box } from "./util.js";',
    "",
    "export function run(): number {",
    "  const box = new Box();",
    "  box.open();",
    "  return helper(1) + inferred(2).v;",
    "}",
    "",
    "export function later(): unknown {",
    "  // @ts-expect-error the member arrives in a later edit",
    "  return inferred(3).w;",
    "}",
    "",
  ].join("\n"),
  "src/main.ts": ['import { run } from "./app.js";', "", "export const result = run();", ""].join("\n"),
  "src/waits.ts": ['// @ts-expect-error the module arrives in a later edit', 'import { late } from "./late.js";', "", "export const early = late();", ""].join("\n"),
  "src/app.test.ts": ['import { run } from "./app.js";', "", "export function testRun(): boolean {", "  return run() > 0;", "}", ""].join("\n"),
};

type Data = { semanticWalked?: { files: number; of: number }; mode: string };

async function index(root: string, force = false): Promise<Data> {
  const r = await call("index", { path: root, ...(force ? { force: true } : {}) });
  return r.data as Data;
}

describe("incremental semantic tier", () => {
  const root = gitRepo(FILES);
  const files: Record<string, string> = { ...FILES };

  const edit = (path: string, content: string | null) => {
    if (content === null) {
      rmSync(join(root, path));
      delete files[path];
    } else {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), content);
      files[path] = content;
    }
  };

  /** The store after the incremental pass equals a full rebuild of the same files elsewhere. */
  async function expectEqualToRebuild(): Promise<void> {
    const copy = gitRepo(files);
    await index(copy, true);
    const a = storeDigest(root, { portable: true });
    const b = storeDigest(copy, { portable: true });
    const differ = Object.keys({ ...a, ...b }).filter((t) => a[t]?.sha256 !== b[t]?.sha256);
    expect(differ).toEqual([]);
    expect(a.edges!.rows).toBeGreaterThan(0);
  }

  test("a cold index walks every file and records the walks", async () => {
    const d = await index(root);
    expect(d.mode).toBe("semantic");
    expect(d.semanticWalked).toEqual({ files: 5, of: 5 });
    await expectEqualToRebuild();
  }, 180_000);

  test("a body edit behind a declared return type walks that file alone; its dependents' edges are restored", async () => {
    edit("src/util.ts", `// moved\n// down\n${files["src/util.ts"]!.replace("return x + 1;", "const y = x * 2;\n  return y + 1;")}`);
    const d = await index(root);
    expect(d.semanticWalked).toEqual({ files: 1, of: 5 });
    await expectEqualToRebuild();
  }, 180_000);

  test("a body edit of a function whose return type is inferred walks that file alone while the type holds", async () => {
    edit("src/util.ts", files["src/util.ts"]!.replace("return { v: x };", "const doubled = x * 2;\n  return { v: doubled };"));
    const d = await index(root);
    expect(d.semanticWalked).toEqual({ files: 1, of: 5 });
    await expectEqualToRebuild();
  }, 180_000);

  test("an inferred type that changes walks the files that reach it, at any distance", async () => {
    edit("src/util.ts", files["src/util.ts"]!.replace("return { v: doubled };", "return { v: doubled, w: x };"));
    const d = await index(root);
    // util, then app, main and the test (they reach util through app)
    expect(d.semanticWalked?.files).toBe(4);
    await expectEqualToRebuild();
  }, 180_000);

  test("a file added and imported by a changed file", async () => {
    edit("src/extra.ts", "export const extra = (): number => 7;\n");
    edit("src/main.ts", `import { extra } from "./extra.js";\n${files["src/main.ts"]}export const more = extra();\n`);
    await index(root);
    await expectEqualToRebuild();
  }, 180_000);

  test("a file an unresolved import waited for: the waiting file is walked though it did not change", async () => {
    edit("src/late.ts", "export function late(): number {\n  return 1;\n}\n");
    edit("src/waits.ts", files["src/waits.ts"]!.replace("// @ts-expect-error the module arrives in a later edit\n", ""));
    await index(root);
    await expectEqualToRebuild();
    edit("src/waits.ts", 'import { late } from "./late.js";\n\nexport const early = late();\n');
    await index(root);
    await expectEqualToRebuild();
  }, 180_000);

  test("a file removed, and a file renamed with its importers updated", async () => {
    edit("src/main.ts", files["src/main.ts"]!.replace('import { extra } from "./extra.js";\n', "").replace("export const more = extra();\n", ""));
    edit("src/extra.ts", null);
    await index(root);
    await expectEqualToRebuild();
    renameSync(join(root, "src/util.ts"), join(root, "src/tools.ts"));
    files["src/tools.ts"] = files["src/util.ts"]!;
    delete files["src/util.ts"];
    edit("src/app.ts", files["src/app.ts"]!.replace("./util.js", "./tools.js"));
    await index(root);
    await expectEqualToRebuild();
  }, 240_000);

  test("a package.json change that cannot move a program walks nothing; one that can walks everything", async () => {
    edit("package.json", JSON.stringify({ name: "inc", type: "module", version: "1.0.1", scripts: { test: "bun test" } }));
    expect((await index(root)).semanticWalked?.files).toBe(0);
    await expectEqualToRebuild();
    edit("package.json", JSON.stringify({ name: "inc", type: "commonjs", version: "1.0.1" }));
    const d = await index(root);
    expect(d.semanticWalked?.files).toBe(d.semanticWalked?.of);
    await expectEqualToRebuild();
    edit("package.json", JSON.stringify({ name: "inc", type: "module", version: "1.0.1" }));
    await index(root);
  }, 240_000);

  test("a change no project can hold (docs, a data file) walks nothing and loads no project into the engine", async () => {
    edit("README.md", "# inc\n\nNotes.\n");
    edit("data/config.json", JSON.stringify({ retries: 3 }));
    const synced = await syncIndex(root);
    const upgraded = await semanticUpgrade(root, { paths: [...synced.changedPaths, ...synced.removedPaths] });
    expect(synced.changedPaths).toContain("README.md");
    expect(upgraded.walked).toBe(0);
    expect(upgraded.loaded).toBeNull();
    expect(upgraded.owned).toBe(6);
    await expectEqualToRebuild();
    edit("README.md", "# inc\n\nMore notes.\n");
    expect((await index(root)).semanticWalked).toEqual({ files: 0, of: 6 });
    await expectEqualToRebuild();
  }, 180_000);

  test("a package.json whose exports alone changed walks the files naming the package and what reaches them, not everything", async () => {
    const manifest = (target: string) => JSON.stringify({ name: "inc", type: "module", version: "1.0.1", exports: { "./pick": { types: target } } });
    edit("src/lib/a.ts", "export class A {\n  hello(): number {\n    return 1;\n  }\n}\n\nexport function make(): A {\n  return new A();\n}\n");
    edit("src/lib/b.ts", "export class B {\n  hello(): number {\n    return 2;\n  }\n}\n\nexport function make(): B {\n  return new B();\n}\n");
    edit("src/self.ts", 'import { make } from "inc/pick";\n\nexport const made = make();\n');
    edit("src/user.ts", 'import { made } from "./self.js";\n\nexport const n: number = made.hello();\n');
    edit("package.json", manifest("./src/lib/a.ts"));
    await index(root);
    await expectEqualToRebuild();
    // self.ts now resolves inc/pick to b.ts; user.ts never names the package, but `made.hello` is B's now
    edit("package.json", manifest("./src/lib/b.ts"));
    const d = await index(root);
    expect(d.semanticWalked?.files).toBe(2);
    await expectEqualToRebuild();
    // a copy in node_modules could be resolved by any module: everything is walked
    mkdirSync(join(root, "node_modules", "inc"), { recursive: true });
    edit("package.json", manifest("./src/lib/a.ts"));
    const all = await index(root);
    expect(all.semanticWalked?.files).toBe(all.semanticWalked?.of);
    rmSync(join(root, "node_modules"), { recursive: true });
    await expectEqualToRebuild();
  }, 240_000);

  test("a removed file whose importers did not change: they are walked again", async () => {
    edit("src/late.ts", null);
    await index(root);
    await expectEqualToRebuild();
  }, 180_000);
});
