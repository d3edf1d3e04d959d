// svc gate --staged: the commit exactly as the index holds it, against HEAD, with real git
// and the real compiler. Unstaged edits neither hide errors (a broken staged file whose
// working copy was fixed but not staged is refused) nor cause them (a harmless staged file
// with an unstaged bad edit elsewhere passes). The installed pre-commit hook runs it and
// fails closed.

import { describe, expect, test } from "bun:test";
import { rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { declaresGlobals } from "../../src/check/globals.ts";
import { installHook } from "../../src/install/hook-install.ts";
import { runSvc } from "../helpers/cli.ts";
import { useRuntimeDir } from "../helpers/host.ts";
import { commitFiles, git, gitRepo, tempDir, writeFiles } from "../helpers/repo.ts";

const runtime = useRuntimeDir();
const env = { SVC_RUNTIME_DIR: runtime };

const TSCONFIG = JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: "ES2022", module: "ESNext", moduleResolution: "Bundler" }, include: ["src"] });
const MATH = "export function add(a: number, b: number): number {\n  return a + b;\n}\n";
const USE = 'import { add } from "./math";\n\nexport const three: number = add(1, 2);\n';

function project(): string {
  return gitRepo({ "tsconfig.json": TSCONFIG, "src/math.ts": MATH, "src/use.ts": USE, "src/other.ts": "export const other = 1;\n" });
}

describe("svc gate --staged", () => {
  test("a breaking staged file whose working copy was fixed but not staged is refused", () => {
    const root = project();
    writeFiles(root, { "src/math.ts": MATH.replace("add(", "sum(") });
    git(root, "add", "src/math.ts");
    writeFiles(root, { "src/math.ts": MATH }); // fixed on disk, not staged
    const staged = runSvc(["gate", "--staged"], { cwd: root, env });
    expect(staged.code).toBe(1);
    expect(staged.stdout).toBe("");
    expect(staged.stderr).toMatch(/^svc gate: 1 introduced error \(staged changes against HEAD: 1 changed file/);
    expect(staged.stderr).toContain("Error TS2305 src/use.ts:1:10");
    // The working tree (what the old gate checked) is clean: only --staged sees the commit.
    const tree = runSvc(["gate"], { cwd: root, env });
    expect(tree.code).toBe(0);
    expect(tree.stdout).toStartWith("svc gate: ok, no introduced errors (since HEAD: 0 changed files");
  }, 120_000);

  test("a harmless staged file with an unstaged bad edit elsewhere passes", () => {
    const root = project();
    writeFiles(root, { "src/other.ts": "export const other = 2;\n" });
    git(root, "add", "src/other.ts");
    writeFiles(root, { "src/use.ts": USE.replace("add(1, 2)", 'add(1, "2")') }); // broken, not staged
    writeFiles(root, { "src/scratch.ts": 'import { add } from "./math";\nexport const bad: string = add(1, 2);\n' }); // untracked, broken
    const staged = runSvc(["gate", "--staged"], { cwd: root, env });
    expect(staged.stderr).toBe("");
    expect(staged.code).toBe(0);
    expect(staged.stdout).toMatch(/^svc gate: ok, no introduced errors \(staged changes against HEAD: 1 changed file and their dependents, \d+ files? checked in \d+ ms\)\n$/);
    // The working tree does have the errors: the plain gate refuses it.
    const tree = runSvc(["gate"], { cwd: root, env });
    expect(tree.code).toBe(1);
    expect(tree.stderr).toContain("src/use.ts");
  }, 120_000);

  test("an edit git's diff hides (assume-unchanged, skip-worktree) is not in the commit: a staged importer relying on it is refused", () => {
    for (const flag of ["--assume-unchanged", "--skip-worktree"]) {
      const root = project();
      // the disk's math.ts takes a string; the commit keeps HEAD's, which does not
      writeFiles(root, { "src/math.ts": MATH.replace("b: number", "b: number | string").replace("a + b", "a + Number(b)") });
      git(root, "update-index", flag, "src/math.ts");
      expect(git(root, "status", "--porcelain")).toBe("");
      writeFiles(root, { "src/use.ts": USE.replace("add(1, 2)", 'add(1, "2")') });
      git(root, "add", "src/use.ts");
      const staged = runSvc(["gate", "--staged"], { cwd: root, env });
      expect({ flag, code: staged.code }).toEqual({ flag, code: 1 });
      expect(staged.stderr).toContain("Error TS2345 src/use.ts:3");
    }
  }, 120_000);

  test("a new file the index was built without is checked: staged, and in the working tree", () => {
    const root = project();
    expect(runSvc(["index", "."], { cwd: root, env }).code).toBe(0); // the store lists the tree as it was
    writeFiles(root, { "src/fresh.ts": 'export const n: number = "s";\n' });
    git(root, "add", "src/fresh.ts");
    for (const args of [["gate", "--staged"], ["gate"]]) {
      const run = runSvc(args, { cwd: root, env });
      expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 1, stdout: "" });
      expect(run.stderr).toContain("Error TS2322 src/fresh.ts:1:14");
    }
  }, 120_000);

  test("removing a file its importers still need is refused, whether the index is from before the removal, from after it, or absent", () => {
    for (const index of ["before", "after", "none"] as const) {
      const root = project(); // src/use.ts imports ./math
      if (index === "before") expect(runSvc(["index", "."], { cwd: root, env }).code).toBe(0);
      git(root, "rm", "-q", "src/math.ts");
      if (index === "after") expect(runSvc(["index", "."], { cwd: root, env }).code).toBe(0);
      const run = runSvc(["gate", "--staged"], { cwd: root, env });
      expect({ index, code: run.code, stdout: run.stdout }).toEqual({ index, code: 1, stdout: "" });
      expect(run.stderr).toContain("Error TS2307 src/use.ts:1:");
    }
  }, 240_000);

  test("a barrel removed from the commit but kept on disk: the files only it reached leave the program, and the commit is refused, not abstained on", () => {
    // tsconfig `files` names the entry point only: src/core.ts is compiled because src/barrel.ts re-exports it
    const files = JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: "ES2022", module: "ESNext", moduleResolution: "Bundler" }, files: ["src/main.ts"] });
    const root = gitRepo({ "tsconfig.json": files, "src/main.ts": 'import { core } from "./barrel";\nexport const n: number = core;\n', "src/barrel.ts": 'export * from "./core";\n', "src/core.ts": "export const core = 1;\n" });
    git(root, "rm", "-q", "--cached", "src/barrel.ts"); // removed from the commit, left on disk untracked
    const run = runSvc(["gate", "--staged", "--strict", "--json"], { cwd: root, env });
    expect(run.code).toBe(1);
    const data = JSON.parse(run.stdout);
    expect({ passed: data.passed, mode: data.mode, reason: data.reason }).toEqual({ passed: false, mode: "staged", reason: undefined });
    // tsc says TS2307 (no such module); the gate, which empties the file it cannot hide from the engine, TS2306 (not a module)
    expect(data.introduced.map((d: { path: string }) => d.path)).toEqual(["src/main.ts"]);
  }, 120_000);

  test("a global declaration's change reaches the files that use it without importing it", () => {
    const root = gitRepo({ "tsconfig.json": TSCONFIG, "src/globals.d.ts": "declare const VERSION: string;\n", "src/a.ts": "export const n: number = VERSION.length;\n" });
    writeFiles(root, { "src/globals.d.ts": "declare const VERSION: number;\n" });
    git(root, "add", "src/globals.d.ts");
    const run = runSvc(["gate", "--staged"], { cwd: root, env });
    expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 1, stdout: "" });
    expect(run.stderr).toContain("Error TS2339 src/a.ts:1:34");
    // which files count as declaring globals
    expect(declaresGlobals("src/globals.d.ts", "declare namespace NodeJS {\n  export interface ProcessEnv { A: string }\n}\n")).toBe(true);
    expect(declaresGlobals("src/g.ts", 'export {};\ndeclare global {\n  const VERSION: number;\n}\n')).toBe(true);
    expect(declaresGlobals("src/types.d.ts", "export interface Order { id: string }\n")).toBe(false);
    expect(declaresGlobals("src/order.test.ts", 'describe("order", () => {});\n')).toBe(false);
    // a .ts script's top-level declarations are globals too (a helper a test script or another script calls)
    expect(declaresGlobals("src/helpers.ts", "function helper(a: number): number {\n  return a;\n}\n")).toBe(true);
    expect(declaresGlobals("src/order.test.ts", 'describe("order", () => {\n  const n = 1;\n});\n')).toBe(false);
    expect(declaresGlobals("src/mod.ts", "export function helper(a: number): number {\n  return a;\n}\n")).toBe(false);
  }, 120_000);

  test("a .ts script's global function changed: the files calling it without importing it are checked", () => {
    const root = gitRepo({ "tsconfig.json": TSCONFIG, "src/helper.ts": "function helper(a: number): number {\n  return a;\n}\n", "src/caller.ts": "export const v: number = helper(1);\n" });
    writeFiles(root, { "src/helper.ts": "function helper(a: string): number {\n  return a.length;\n}\n" });
    git(root, "add", "src/helper.ts");
    const run = runSvc(["gate", "--staged"], { cwd: root, env });
    expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 1, stdout: "" });
    expect(run.stderr).toContain("Error TS2345 src/caller.ts:1:33");
  }, 120_000);

  test("symbolic links: a staged link is its target's content, not its target's name; a file imported only through a link is checked", () => {
    const root = gitRepo({ "tsconfig.json": TSCONFIG, "src/real.ts": "export const real = 1;\n" });
    symlinkSync("real.ts", join(root, "src/alias.ts"));
    writeFiles(root, { "src/use.ts": 'import { real } from "./alias";\nexport const n: number = real;\n' });
    git(root, "add", "-A");
    // the link added: tsc on the checked-out commit is clean
    const added = runSvc(["gate", "--staged", "--json"], { cwd: root, env });
    expect({ code: added.code, passed: JSON.parse(added.stdout).passed, introduced: JSON.parse(added.stdout).introduced }).toEqual({ code: 0, passed: true, introduced: [] });
    git(root, "commit", "-q", "-m", "link");
    // the target changed: src/use.ts imports it only through the link
    writeFiles(root, { "src/real.ts": 'export const real = "one";\n' });
    git(root, "add", "src/real.ts");
    for (const args of [["gate", "--staged"], ["gate"]]) {
      const run = runSvc(args, { cwd: root, env });
      expect({ args, code: run.code, stdout: run.stdout }).toEqual({ args, code: 1, stdout: "" });
      expect(run.stderr).toContain("Error TS2322 src/use.ts:2:14");
    }
  }, 120_000);

  test("a link leading out of the workspace is not compiled (its errors quoted what it leads to): the working-tree gate names it not checked; --staged abstains", () => {
    const root = gitRepo({ "tsconfig.json": TSCONFIG, "src/real.ts": "export const real = 1;\n" });
    const outside = tempDir("svc-gate-out-");
    writeFiles(outside, { "evil.ts": 'const v = "OUTSIDE_VALUE_42" as const;\nexport const leaked: 1 = v;\n' });
    symlinkSync(join(outside, "evil.ts"), join(root, "src/evil.ts"));
    const tree = runSvc(["gate", "--json"], { cwd: root, env });
    expect(tree.stdout + tree.stderr).not.toContain("OUTSIDE_VALUE_42");
    expect({ code: tree.code, note: JSON.parse(tree.stdout).note }).toEqual({ code: 0, note: "1 changed file not checked (a symbolic link leading out of the workspace, never followed: src/evil.ts)" });
    git(root, "add", "-A");
    const staged = runSvc(["gate", "--staged"], { cwd: root, env });
    expect(staged.stderr).toContain("src/evil.ts is a symbolic link to");
    expect(staged.stderr).not.toContain("OUTSIDE_VALUE_42");
  }, 120_000);

  test("a commit adding a project svc does not load: the pass says its files were not checked, in the JSON too", () => {
    const root = project();
    writeFiles(root, { "tools/tsconfig.json": TSCONFIG.replace('["src"]', '["*.ts"]'), "tools/bad.ts": 'export const x: number = "s";\n' });
    git(root, "add", "tools");
    const run = runSvc(["gate", "--staged", "--json"], { cwd: root, env });
    expect(run.code).toBe(0);
    const data = JSON.parse(run.stdout);
    expect(data.note).toBe("tools/tsconfig.json changed: every file of the loaded projects checked, none has an error; not checked: no loaded TypeScript project holds tools/bad.ts");
  }, 120_000);

  test("removing a file the config names in `files` is refused (tsc: TS6053), though nothing imports it: deleted, kept on disk, and in the working tree", () => {
    const files = JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: "ES2022", module: "ESNext", moduleResolution: "Bundler" }, files: ["src/a.ts", "src/b.ts"] });
    const root = gitRepo({ "tsconfig.json": files, "src/a.ts": "export const a = 1;\n", "src/b.ts": "export const b = 1;\n" });
    const expectRefused = (args: string[], what: string) => {
      const run = runSvc(args, { cwd: root, env });
      expect({ what, code: run.code, stdout: run.stdout }).toEqual({ what, code: 1, stdout: "" });
      expect(run.stderr).toContain(`Error TS6053 tsconfig.json:0:0 File '${join(root, "src/b.ts")}' not found.`);
    };
    git(root, "rm", "-q", "src/b.ts");
    expectRefused(["gate", "--staged"], "deleted");
    expectRefused(["gate"], "working tree");
    git(root, "reset", "-q", "--hard");
    git(root, "rm", "-q", "--cached", "src/b.ts");
    expectRefused(["gate", "--staged"], "kept on disk");
  }, 120_000);

  test("a baseline git cannot read (HEAD's blob missing) is no baseline of an absent file: the gate abstains, never blocks on pre-existing errors", () => {
    const root = gitRepo({ "tsconfig.json": TSCONFIG, "src/a.ts": 'export const a: number = "legacy";\n' });
    const blob = git(root, "rev-parse", "HEAD:src/a.ts").trim();
    writeFiles(root, { "src/a.ts": 'export const a: number = "legacy";\n// harmless\n' });
    git(root, "add", "src/a.ts");
    rmSync(join(root, ".git", "objects", blob.slice(0, 2), blob.slice(2)));
    const run = runSvc(["gate", "--staged", "--strict", "--json"], { cwd: root, env });
    expect(run.code).toBe(1);
    const data = JSON.parse(run.stdout);
    expect({ passed: data.passed, mode: data.mode, introduced: data.introduced }).toEqual({ passed: false, mode: "abstain", introduced: [] });
    expect(data.reason).toStartWith("git could not read src/a.ts at HEAD");
  }, 120_000);

  test("a config the tsconfig extends under another name is a config: a stricter one is never passed, staged or in the working tree", () => {
    const base = JSON.stringify({ compilerOptions: { strict: false, noEmit: true, target: "ES2022", module: "ESNext", moduleResolution: "Bundler" } });
    const root = gitRepo({ "config/base.json": base, "tsconfig.json": JSON.stringify({ extends: "./config/base", include: ["src"] }), "src/a.ts": "export function f(a) {\n  return a;\n}\n" });
    writeFiles(root, { "config/base.json": base.replace('"strict":false', '"strict":true') });
    git(root, "add", "config/base.json");
    for (const args of [["gate", "--staged", "--strict", "--json"], ["gate", "--strict", "--json"]]) {
      const run = runSvc(args, { cwd: root, env });
      const data = JSON.parse(run.stdout);
      expect({ args, code: run.code, passed: data.passed, mode: data.mode }).toEqual({ args, code: 1, passed: false, mode: "abstain" });
      expect(data.reason).toStartWith("config/base.json changed");
    }
  }, 120_000);

  test("a side-effect import of a file the commit lacks but the disk has is never passed (tsc: TS2882): the engine would find the file on disk", () => {
    const root = project();
    writeFiles(root, { "src/polyfill.ts": "export {};\n", "src/use.ts": `import "./polyfill";\n${USE}` });
    git(root, "add", "src/use.ts"); // src/polyfill.ts left untracked
    const run = runSvc(["gate", "--staged", "--strict", "--json"], { cwd: root, env });
    expect(run.code).toBe(1);
    const data = JSON.parse(run.stdout);
    expect({ passed: data.passed, mode: data.mode }).toEqual({ passed: false, mode: "abstain" });
    expect(data.reason).toStartWith("src/use.ts imports a file the commit lacks but the disk has (src/polyfill.ts)");
    git(root, "add", "src/polyfill.ts");
    expect(runSvc(["gate", "--staged", "--strict"], { cwd: root, env }).code).toBe(0);
  }, 120_000);

  test("a file removed from the commit but kept on disk, in an ES module project: its importers' errors name its specifier (TS2305), and the commit is refused", () => {
    const esm = JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", types: [] }, include: ["src"] });
    const root = gitRepo({ "package.json": '{ "type": "module" }\n', "tsconfig.json": esm, "src/a.ts": "export const a = 1;\n", "src/b.ts": 'import { a } from "./a.js";\nexport const b = a;\n' });
    git(root, "rm", "-q", "--cached", "src/a.ts");
    const run = runSvc(["gate", "--staged", "--strict", "--json"], { cwd: root, env });
    const data = JSON.parse(run.stdout);
    expect({ code: run.code, mode: data.mode, introduced: data.introduced.map((d: { path: string }) => d.path) }).toEqual({ code: 1, mode: "staged", introduced: ["src/b.ts"] });
    expect(data.introduced[0].message).toEndWith("(src/a.ts is not in the commit: untracked, or its removal is staged)");
  }, 120_000);

  test("an unmerged index (a conflict not resolved) is no commit to check: never a pass", () => {
    const root = gitRepo({ "tsconfig.json": TSCONFIG, "src/a.ts": "export const a = 1;\n" });
    git(root, "checkout", "-q", "-b", "other");
    commitFiles(root, { "src/a.ts": "export const a = 2;\n" }, "other");
    git(root, "checkout", "-q", "-");
    commitFiles(root, { "src/a.ts": "export const a = 3;\n" }, "main");
    Bun.spawnSync(["git", "-c", "user.email=t@example.com", "-c", "user.name=Test", "merge", "other"], { cwd: root, stdout: "pipe", stderr: "pipe" });
    const run = runSvc(["gate", "--staged", "--strict", "--json"], { cwd: root, env });
    expect(run.code).toBe(1);
    const data = JSON.parse(run.stdout);
    expect({ passed: data.passed, mode: data.mode, blocking: data.blocking }).toEqual({ passed: false, mode: "abstain", blocking: true });
    expect(data.reason).toStartWith("src/a.ts is unmerged");
  }, 120_000);

  test("a JavaScript script's global function (allowJs) changed: the TypeScript calling it without importing it is checked", () => {
    const js = JSON.stringify({ compilerOptions: { strict: true, noEmit: true, allowJs: true, target: "ES2022", module: "ESNext", moduleResolution: "Bundler" }, include: ["src"] });
    const root = gitRepo({ "tsconfig.json": js, "src/legacy.js": "function helper() {\n  return 1;\n}\n", "src/use.ts": "export const n: number = helper();\n" });
    writeFiles(root, { "src/legacy.js": 'function helper() {\n  return "one";\n}\n' });
    git(root, "add", "src/legacy.js");
    const run = runSvc(["gate", "--staged"], { cwd: root, env });
    expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 1, stdout: "" });
    expect(run.stderr).toContain("Error TS2322 src/use.ts:1:14");
    expect(declaresGlobals("src/lib.js", "function helper() {}\nmodule.exports = { helper };\n")).toBe(false);
    // .mts/.cts/.d.mts are modules whatever their text, and can still augment the global scope
    expect(declaresGlobals("src/env.d.mts", "export {};\ndeclare global {\n  var X: number;\n}\n")).toBe(true);
    expect(declaresGlobals("src/util.mts", "function helper() {}\n")).toBe(false);
  }, 120_000);

  test("a JSON module the code imports: a harmless change passes; a breaking one is never passed (it cannot be attributed, --strict blocks); one staged unlike the disk is refused", () => {
    const json = JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: "ES2022", module: "ESNext", moduleResolution: "Bundler", resolveJsonModule: true }, include: ["src"] });
    const root = gitRepo({ "tsconfig.json": json, "src/data.json": '{ "n": 1 }\n', "src/a.ts": 'import data from "./data.json";\nexport const n: number = data.n;\n' });
    const gate = () => runSvc(["gate", "--staged", "--strict"], { cwd: root, env });
    writeFiles(root, { "src/data.json": '{ "n": 2 }\n' });
    git(root, "add", "src/data.json");
    expect(gate()).toMatchObject({ code: 0, stdout: expect.stringMatching(/^svc gate: ok, no introduced errors \(staged changes against HEAD: 1 changed file and their dependents, 1 file checked/) });
    writeFiles(root, { "src/data.json": '{ "n": "two" }\n' });
    git(root, "add", "src/data.json");
    const breaking = gate();
    expect({ code: breaking.code, stdout: breaking.stdout }).toEqual({ code: 1, stdout: "" });
    expect(breaking.stderr).toContain("src/data.json changed and the files checked have 1 error in 1 file (first: src/a.ts:2 TS2322)");
    writeFiles(root, { "src/data.json": '{ "n": 3 }\n' }); // the disk fixed, the commit still breaking
    const offDisk = gate();
    expect(offDisk.code).toBe(1);
    expect(offDisk.stderr).toContain("src/data.json differs between the commit and the disk");
    /** From HEAD: `staged` added to the index, then `disk` written over the working tree only. */
    const commitAgainstDisk = (staged: Record<string, string>, disk: Record<string, string>) => {
      git(root, "reset", "-q", "--hard");
      writeFiles(root, staged);
      git(root, "add", ...Object.keys(staged));
      writeFiles(root, disk);
      return gate();
    };
    // an imported JSON edited but not staged: the commit's content is not what the engine would read
    const unstaged = commitAgainstDisk({ "src/b.ts": "export const b = 1;\n" }, { "src/data.json": '{ "n": "unstaged" }\n' });
    expect(unstaged.code).toBe(1);
    expect(unstaged.stderr).toContain("src/data.json differs between the commit and the disk");
    // a JSON file no code imports (a fixture, a lock file) is no module: staged unlike the disk, it changes nothing
    expect(commitAgainstDisk({ "src/fixture.json": '{ "a": 1 }\n' }, { "src/fixture.json": '{ "a": 2 }\n' }).code).toBe(0);
  }, 120_000);

  /** rate.ts → mid.ts (stays clean, passes rate's inferred type on) → top.ts; rate() now returns a string, staged. */
  const rateChain = (): string => {
    const root = gitRepo({
      "tsconfig.json": TSCONFIG,
      "src/rate.ts": "export const rate = () => 1;\n",
      "src/mid.ts": 'import { rate } from "./rate";\nexport const value = rate();\n',
      "src/top.ts": 'import { value } from "./mid";\nexport const n: number = value;\n',
    });
    writeFiles(root, { "src/rate.ts": 'export const rate = () => "1";\n' });
    git(root, "add", "src/rate.ts");
    return root;
  };

  test("an error two imports away (an inferred type passed on by a file that stays clean) is found", () => {
    const root = rateChain();
    const r = runSvc(["gate", "--staged"], { cwd: root, env });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("Error TS2322 src/top.ts:2:14");
    expect(r.stderr).toMatch(/1 changed file and their dependents, 3 files checked/);
  }, 120_000);

  test("an index older than the disk (no host kept it current) does not hide importers: one that started importing since, one a created file took over", () => {
    // found by scripts/bench/gate-replay.ts: the import graph came from the index's edges as they were when it was built
    const root = gitRepo({ "tsconfig.json": TSCONFIG, "src/math.ts": MATH, "src/other.ts": "export const other = 1;\n" }); // nothing imports math.ts yet
    expect(runSvc(["index", "."], { cwd: root, env }).code).toBe(0);
    commitFiles(root, { "src/other.ts": 'import { add } from "./math";\nexport const other: number = add(1, 1);\n' }, "other uses add"); // committed without the hook
    writeFiles(root, { "src/math.ts": MATH.replace("add(", "sum(") });
    git(root, "add", "src/math.ts");
    const edited = runSvc(["gate", "--staged"], { cwd: root, env });
    expect({ code: edited.code, stdout: edited.stdout }).toEqual({ code: 1, stdout: "" });
    expect(edited.stderr).toContain("Error TS2305 src/other.ts:1:10");
    // `./util` resolved to src/util/index.ts when the index was built; a new src/util.ts takes it over
    const shadow = gitRepo({ "tsconfig.json": TSCONFIG, "src/util/index.ts": "export const x = 1;\n", "src/use.ts": 'import { x } from "./util";\nexport const n: number = x;\n' });
    expect(runSvc(["index", "."], { cwd: shadow, env }).code).toBe(0);
    writeFiles(shadow, { "src/util.ts": "export const y = 1;\n" });
    git(shadow, "add", "src/util.ts");
    const created = runSvc(["gate", "--staged"], { cwd: shadow, env });
    expect({ code: created.code, stdout: created.stdout }).toEqual({ code: 1, stdout: "" });
    expect(created.stderr).toContain("Error TS2305 src/use.ts:1:10");
  }, 120_000);

  test("an unstaged edit that drops an import does not hide the files the commit's version of it passes a changed type to", () => {
    // found by scripts/bench/gate-replay.ts' reasoning: the reach was read from the disk's imports, the commit has the index's
    const root = rateChain();
    writeFiles(root, { "src/mid.ts": "export const value = 1;\n" }); // not staged: the commit's mid.ts still imports rate
    const r = runSvc(["gate", "--staged"], { cwd: root, env });
    expect({ code: r.code, stdout: r.stdout }).toEqual({ code: 1, stdout: "" });
    expect(r.stderr).toContain("Error TS2322 src/top.ts:2:14");
  }, 120_000);

  test("an importer through a tsconfig `paths` alias is checked", () => {
    const config = JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: "ES2022", module: "ESNext", moduleResolution: "Bundler", paths: { "@/*": ["./src/*"] } }, include: ["src"] });
    const root = gitRepo({ "tsconfig.json": config, "src/rate.ts": "export const rate = 1;\n", "src/use.ts": 'import { rate } from "@/rate";\nexport const n: number = rate;\n' });
    writeFiles(root, { "src/rate.ts": 'export const rate = "1";\n' });
    git(root, "add", "src/rate.ts");
    const r = runSvc(["gate", "--staged"], { cwd: root, env });
    expect({ code: r.code, stdout: r.stdout }).toEqual({ code: 1, stdout: "" });
    expect(r.stderr).toContain("Error TS2322 src/use.ts:2:14");
  }, 120_000);

  test("a staged config that breaks the program without an error in any file (a removed option, a missing `types` entry, no inputs) is never passed", () => {
    const options = { strict: true, noEmit: true, target: "ES2022", module: "ESNext", moduleResolution: "Bundler" };
    for (const [what, config] of [
      ["removed option", { compilerOptions: { ...options, baseUrl: "." }, include: ["src"] }],
      ["missing types", { compilerOptions: { ...options, types: ["not-installed"] }, include: ["src"] }],
      ["no inputs", { compilerOptions: options, include: ["nothing"] }],
    ] as const) {
      const root = gitRepo({ "tsconfig.json": TSCONFIG, "src/math.ts": MATH });
      writeFiles(root, { "tsconfig.json": JSON.stringify(config) });
      git(root, "add", "tsconfig.json");
      const r = runSvc(["gate", "--staged", "--strict"], { cwd: root, env });
      expect({ what, code: r.code, stdout: r.stdout }).toEqual({ what, code: 1, stdout: "" });
      expect(r.stderr).toMatch(/^svc gate: cannot verify \(abstain\): tsconfig\.json changed and the commit has \d+ errors? in 1 file \(first: tsconfig\.json:0 TS\d+\)/);
    }
  }, 240_000);

  test("a project with isolatedDeclarations (declaration on): the gate's diagnostics are tsc's — no options error tsc does not give (TS5069: svc's copy of the config had declaration off), and an export without a written type is an error (TS9013), as tsc says", () => {
    const root = gitRepo({ "tsconfig.json": TSCONFIG, "src/math.ts": MATH, "src/use.ts": USE });
    const isolated = { compilerOptions: { strict: true, target: "ES2022", module: "ESNext", moduleResolution: "Bundler", isolatedDeclarations: true, declaration: true, outDir: "dist" }, include: ["src"] };
    writeFiles(root, { "tsconfig.json": JSON.stringify(isolated) });
    git(root, "add", "tsconfig.json");
    // tsc -p . --noEmit: no error (every export has its type written)
    const config = runSvc(["gate", "--staged", "--strict"], { cwd: root, env });
    expect({ code: config.code, stderr: config.stderr }).toEqual({ code: 0, stderr: "" });
    expect(config.stdout).toMatch(/^svc gate: ok, no introduced errors \(staged changes against HEAD: 1 changed file, 2 files checked in \d+ ms: tsconfig\.json changed: every file of the loaded projects checked, none has an error\)/);
    git(root, "commit", "-q", "-m", "isolated declarations");
    // tsc -p . --noEmit: src/math.ts(5,10): error TS9013: Expression type can't be inferred with --isolatedDeclarations.
    writeFiles(root, { "src/math.ts": `${MATH}export function twice(a: number) {\n  return a * 2;\n}\n` });
    git(root, "add", "src/math.ts");
    const untyped = runSvc(["gate", "--staged", "--strict"], { cwd: root, env });
    expect(untyped.code).toBe(1);
    expect(untyped.stderr).toMatch(/^svc gate: 1 introduced error \(staged changes against HEAD: 1 changed file/);
    expect(untyped.stderr).toContain("Error TS9013 src/math.ts:5:10");
  }, 120_000);

  test("isolatedDeclarations with composite (which implies declaration; svc's copy of the config turns composite off): no options error, as tsc", () => {
    const root = gitRepo({ "tsconfig.json": TSCONFIG, "src/math.ts": MATH });
    writeFiles(root, { "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, target: "ES2022", module: "ESNext", moduleResolution: "Bundler", isolatedDeclarations: true, composite: true, outDir: "dist" }, include: ["src"] }) });
    git(root, "add", "tsconfig.json");
    const r = runSvc(["gate", "--staged", "--strict"], { cwd: root, env });
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: "" });
    expect(r.stdout).toMatch(/^svc gate: ok, no introduced errors \(staged changes against HEAD: 1 changed file, 1 file checked in \d+ ms: tsconfig\.json changed: every file of the loaded projects checked, none has an error\)/);
  }, 120_000);

  test("a source the commit has but the disk lacks is never passed: staged then deleted, or deleted without staging (its importers would be checked without it)", () => {
    const cases: [string, (root: string) => void][] = [
      ["staged breaking edit, deleted on disk", (root) => {
        writeFiles(root, { "src/math.ts": MATH.replace("add(", "sum(") });
        git(root, "add", "src/math.ts");
        rmSync(join(root, "src/math.ts"));
      }],
      ["staged new broken file, deleted on disk", (root) => {
        writeFiles(root, { "src/math.ts": 'export const n: number = "s";\n' });
        git(root, "add", "src/math.ts");
        rmSync(join(root, "src/math.ts"));
      }],
      ["deleted on disk, not staged; an importer's breaking call staged", (root) => {
        writeFiles(root, { "src/use.ts": USE.replace("add(1, 2)", 'add("1", 2)') });
        git(root, "add", "src/use.ts");
        rmSync(join(root, "src/math.ts"));
      }],
    ];
    for (const [what, make] of cases) {
      const root = what.startsWith("staged new") ? gitRepo({ "tsconfig.json": TSCONFIG, "src/other.ts": "export const other = 1;\n" }) : project();
      make(root);
      const r = runSvc(["gate", "--staged", "--strict"], { cwd: root, env });
      expect({ what, code: r.code, stdout: r.stdout }).toEqual({ what, code: 1, stdout: "" });
      expect(r.stderr).toStartWith("svc gate: cannot verify (abstain): src/math.ts is in the commit but not on disk;");
    }
  }, 180_000);

  test("a change its importers cannot see (a comment, a body under a written signature) checks the changed file alone; one they can see checks them too", () => {
    const root = project(); // src/use.ts imports add from ./math
    const checked = (args: string[]) => {
      const run = runSvc([...args, "--json"], { cwd: root, env });
      const data = JSON.parse(run.stdout);
      return { code: run.code, passed: data.passed, checked: data.checked };
    };
    writeFiles(root, { "src/math.ts": `// adds\n${MATH.replace("a + b", "b + a")}` });
    git(root, "add", "src/math.ts");
    expect(checked(["gate", "--staged"])).toEqual({ code: 0, passed: true, checked: 1 });
    expect(checked(["gate"])).toEqual({ code: 0, passed: true, checked: 1 });
    writeFiles(root, { "src/math.ts": MATH.replace("b: number): number", "b: number): string").replace("a + b", "String(a + b)") });
    git(root, "add", "src/math.ts");
    expect(checked(["gate", "--staged"])).toEqual({ code: 1, passed: false, checked: 2 });
    expect(checked(["gate"])).toEqual({ code: 1, passed: false, checked: 2 });
  }, 120_000);

  test("a staged file importing an untracked one is refused: the commit will not have it", () => {
    const root = project();
    writeFiles(root, { "src/extra.ts": "export const extra = 1;\n", "src/other.ts": 'import { extra } from "./extra";\nexport const other = extra;\n' });
    git(root, "add", "src/other.ts");
    const staged = runSvc(["gate", "--staged"], { cwd: root, env });
    expect(staged.code).toBe(1);
    expect(staged.stderr).toContain("src/other.ts:1:");
    // the engine finds the file emptied ("is not a module"): the error says the commit lacks it, not that a file the user sees is wrong
    expect(staged.stderr).toContain("(src/extra.ts is not in the commit: untracked, or its removal is staged)");
  }, 120_000);

  test("one error fixed and an identical one (same path, code, message) written elsewhere in the file is introduced: staged and in the working tree (by count it was no change)", () => {
    const bad = (name: string, value: string) => `export const ${name}: number = ${value};\n`;
    const root = gitRepo({ "tsconfig.json": TSCONFIG, "src/a.ts": bad("a", '"x"') + "export const b = 1;\nexport const c = 2;\n" });
    writeFiles(root, { "src/a.ts": bad("a", "1") + "export const b = 1;\nexport const c = 2;\n" + bad("d", '"z"') });
    git(root, "add", "src/a.ts");
    for (const args of [["gate", "--staged"], ["gate"]]) {
      const r = runSvc(args, { cwd: root, env });
      expect({ args, code: r.code }).toEqual({ args, code: 1 });
      expect(r.stderr).toContain("Error TS2322 src/a.ts:4:14 Type 'string' is not assignable to type 'number'.");
    }
    // the same error moved below the others, its line unchanged: no change
    writeFiles(root, { "src/a.ts": "export const b = 1;\nexport const c = 2;\n" + bad("a", '"x"') });
    git(root, "add", "src/a.ts");
    expect(runSvc(["gate", "--staged"], { cwd: root, env })).toMatchObject({ code: 0, stdout: expect.stringContaining("1 pre-existing error not counted") });
  }, 120_000);

  test("a committed file importing a git-ignored file (generated code) passes, and the verdict names it with what it imports: staged, in the working tree, in --json; in the working tree an untracked one too", () => {
    const root = gitRepo({ "tsconfig.json": TSCONFIG, ".gitignore": "src/gen/\n", "src/gen/version.ts": 'export const version: string = "1";\n', "src/use.ts": "export const x = 1;\n" });
    writeFiles(root, { "src/use.ts": 'import { version } from "./gen/version";\nexport const x: string = version;\n' });
    git(root, "add", "src/use.ts");
    const WARNING = "  warning: src/use.ts imports src/gen/version.ts (ignored by git): checked as the disk has it, which the commit does not carry\n";
    for (const args of [["gate", "--staged"], ["gate"]]) {
      const r = runSvc(args, { cwd: root, env });
      expect({ args, code: r.code }).toEqual({ args, code: 0 });
      expect(r.stdout).toEndWith(`)\n${WARNING}`);
      expect(JSON.parse(runSvc([...args, "--json"], { cwd: root, env }).stdout)).toMatchObject({ passed: true, warnings: [WARNING.replace("  warning: ", "").trim()] });
    }
    // the handoff's compiler status, a gate of the change too
    expect(runSvc(["review", "--handoff"], { cwd: root, env }).stdout).toMatch(/compiler status: no introduced errors \([^\n]*\); warning: src\/use\.ts imports src\/gen\/version\.ts \(ignored by git\)/);
    // an untracked file imported: the working tree holds it (named); the commit does not (an error, as before)
    writeFiles(root, { "src/extra.ts": "export const u = 1;\n", "src/use.ts": 'import { version } from "./gen/version";\nimport { u } from "./extra";\nexport const x: string = version + u;\n' });
    expect(runSvc(["gate"], { cwd: root, env }).stdout).toContain("warning: src/use.ts imports src/gen/version.ts (ignored by git), src/extra.ts (untracked): checked as the disk has them");
    // a file importing only tracked files: no warning
    writeFiles(root, { "src/use.ts": "export const x = 2;\n" });
    rmSync(join(root, "src/extra.ts"));
    git(root, "add", "src/use.ts");
    expect(runSvc(["gate", "--staged"], { cwd: root, env }).stdout).not.toContain("warning");
  }, 120_000);

  test("pre-existing errors never block; --since with --staged is a validation error; nothing staged passes without an engine", () => {
    const root = gitRepo({ "tsconfig.json": TSCONFIG, "src/math.ts": MATH, "src/use.ts": USE.replace("add(1, 2)", 'add(1, "2")') });
    writeFiles(root, { "src/math.ts": `${MATH}export const four = 4;\n` });
    git(root, "add", "src/math.ts");
    const staged = runSvc(["gate", "--staged"], { cwd: root, env });
    expect(staged.code).toBe(0);
    expect(staged.stdout).toContain("1 pre-existing error not counted");
    expect(runSvc(["gate", "--staged", "--since", "HEAD"], { cwd: root, env }).stderr).toStartWith("validation_error: --staged compares the index with HEAD");
    git(root, "commit", "-q", "-m", "four");
    const empty = runSvc(["gate", "--staged"], { cwd: root, env });
    expect(empty).toMatchObject({ code: 0, stdout: expect.stringMatching(/^svc gate: ok, no introduced errors \(staged changes against HEAD: 0 changed files/) });
  }, 120_000);

  test("a gate that cannot finish never passes silently: one line on stderr; --strict (the hook) refuses", () => {
    const root = project();
    writeFiles(root, { "src/math.ts": MATH.replace("add(", "sum(") });
    git(root, "add", "src/math.ts");
    const loose = runSvc(["gate", "--staged"], { cwd: root, env: { ...env, SVC_GATE_TIMEOUT_MS: "1" } });
    expect(loose.code).toBe(0);
    expect(loose.stdout).toBe("");
    expect(loose.stderr).toBe("svc gate: cannot verify (abstain): the check did not finish within 1 ms (SVC_GATE_TIMEOUT_MS); not blocking (pass --strict to block when the gate cannot run)\n");
    const strict = runSvc(["gate", "--staged", "--strict"], { cwd: root, env: { ...env, SVC_GATE_TIMEOUT_MS: "1" } });
    expect(strict.code).toBe(1);
    expect(strict.stderr).toBe("svc gate: cannot verify (abstain): the check did not finish within 1 ms (SVC_GATE_TIMEOUT_MS); blocking because of --strict\n");
  }, 120_000);

  test("config edits: a version bump is no config change; a staged tsconfig edit passes only when the whole commit is clean", () => {
    const root = gitRepo({ "package.json": JSON.stringify({ name: "p", version: "1.0.0" }), "tsconfig.json": TSCONFIG, "src/math.ts": MATH, "src/use.ts": USE, "src/unused.ts": "export function f() {\n  const unused = 1;\n  return 2;\n}\n" });
    writeFiles(root, { "package.json": JSON.stringify({ name: "p", version: "1.0.1" }) });
    git(root, "add", "package.json");
    expect(runSvc(["gate", "--staged", "--strict"], { cwd: root, env })).toMatchObject({ code: 0, stdout: expect.stringMatching(/^svc gate: ok, no introduced errors \(staged changes against HEAD: 0 changed files/) });
    writeFiles(root, { "tsconfig.json": TSCONFIG.replace('"strict":true', '"strict":false') });
    git(root, "add", "tsconfig.json");
    const clean = runSvc(["gate", "--staged", "--strict"], { cwd: root, env });
    expect(clean.code).toBe(0);
    expect(clean.stdout).toMatch(/^svc gate: ok, no introduced errors \(staged changes against HEAD: 1 changed file, 3 files checked in \d+ ms: tsconfig\.json changed: every file of the loaded projects checked, none has an error\)/);
    writeFiles(root, { "tsconfig.json": TSCONFIG.replace('"strict":true', '"strict":true,"noUnusedLocals":true') });
    const unstaged = runSvc(["gate", "--staged", "--strict"], { cwd: root, env });
    expect(unstaged.code).toBe(1);
    expect(unstaged.stderr).toMatch(/^svc gate: cannot verify \(abstain\): tsconfig\.json differs from the index \(unstaged\); .*blocking because of --strict\n$/);
    git(root, "add", "tsconfig.json");
    const r = runSvc(["gate", "--staged", "--strict"], { cwd: root, env });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^svc gate: cannot verify \(abstain\): tsconfig\.json changed and the commit has 1 error in 1 file \(first: src\/unused\.ts:2 TS6133\); .*blocking because of --strict\n$/);
  }, 120_000);

  test("the installed pre-commit hook checks the commit: git commit is refused, then lands once the fix is staged", async () => {
    const root = project();
    await installHook({ root, force: false });
    writeFiles(root, { "src/math.ts": MATH.replace("add(", "sum(") });
    git(root, "add", "src/math.ts");
    writeFiles(root, { "src/math.ts": MATH });
    const commit = (message: string) =>
      Bun.spawnSync(["git", "-c", "user.email=t@example.com", "-c", "user.name=Test", "commit", "-q", "-m", message], { cwd: root, env: { ...process.env, ...env, NO_COLOR: "1" }, stdout: "pipe", stderr: "pipe" });
    const refused = commit("break");
    expect(refused.exitCode).not.toBe(0);
    expect(refused.stderr.toString()).toContain("Error TS2305 src/use.ts:1:10");
    git(root, "add", "src/math.ts"); // the fix, staged: nothing to commit any more
    writeFiles(root, { "src/other.ts": "export const other = 3;\n" });
    git(root, "add", "src/other.ts");
    const landed = commit("harmless");
    expect(landed.stderr.toString()).toStartWith("svc gate: ok, no introduced errors (staged changes against HEAD");
    expect(landed.exitCode).toBe(0);
  }, 180_000);

  test("git commit --amend is gated against HEAD's first parent: a break committed with --no-verify, then amended, is refused (as spelled, abbreviated, through an alias; a stale SVC_GATE_AMEND=0 does not override the git process read); a plain commit after it is gated against HEAD", async () => {
    const root = project();
    await installHook({ root, force: false });
    const commit = (...args: string[]) =>
      Bun.spawnSync(["git", "-c", "user.email=t@example.com", "-c", "user.name=Test", "-c", "alias.fixup-last=commit --amend --no-edit", ...args], { cwd: root, env: { ...process.env, ...env, NO_COLOR: "1", SVC_GATE_AMEND: "0" }, stdout: "pipe", stderr: "pipe" });
    writeFiles(root, { "src/math.ts": MATH.replace("add(", "sum(") });
    git(root, "add", "src/math.ts");
    expect(commit("commit", "-q", "--no-verify", "-m", "break").exitCode).toBe(0);
    const broken = git(root, "rev-parse", "HEAD").trim();
    writeFiles(root, { "src/other.ts": "export const other = 2;\n" });
    git(root, "add", "src/other.ts");
    for (const args of [["commit", "-q", "--amend", "-m", "break, amended"], ["commit", "-q", "-m", "--amend", "--am"], ["fixup-last", "-q"]]) {
      const amended = commit(...args);
      expect({ args, code: amended.exitCode }).toEqual({ args, code: 1 });
      expect(amended.stderr.toString()).toContain("staged changes against HEAD^ (amending HEAD)");
      expect(amended.stderr.toString()).toContain("Error TS2305 src/use.ts:1:10");
      expect(git(root, "rev-parse", "HEAD").trim()).toBe(broken);
    }
    // a message that reads --amend is a message (-m takes it): a new commit, gated against HEAD, which it does not break further
    const plain = commit("commit", "-q", "-m", "--amend");
    expect(plain.stderr.toString()).toStartWith("svc gate: ok, no introduced errors (staged changes against HEAD: 1 changed file");
    expect(plain.exitCode).toBe(0);
  }, 180_000);

  test("where the git process running the hook cannot be found, a commit with HEAD's author and date (as an amend keeps) passes only if it passes against HEAD^ too; SVC_GATE_AMEND says which", () => {
    const root = project();
    writeFiles(root, { "src/math.ts": MATH.replace("add(", "sum(") });
    git(root, "add", "src/math.ts");
    git(root, "commit", "-q", "--no-verify", "-m", "break");
    writeFiles(root, { "src/other.ts": "export const other = 2;\n" });
    git(root, "add", "src/other.ts");
    const [name, email, date] = git(root, "log", "-1", "--format=%an%n%ae%n%ad", "--date=raw").trim().split("\n");
    // git's hook environment, run from no git process: whether the commit amends is unknown
    const hook = { ...env, GIT_INDEX_FILE: ".git/index", GIT_AUTHOR_NAME: name!, GIT_AUTHOR_EMAIL: email!, GIT_AUTHOR_DATE: `@${date}` };
    const unsure = runSvc(["gate", "--staged", "--strict"], { cwd: root, env: hook });
    expect(unsure.code).toBe(1);
    expect(unsure.stderr).toContain("whether the commit amends HEAD is unknown, and the commit has HEAD's author and date, as an amend does: against HEAD it introduces no error, against HEAD^ 1 (first: src/use.ts:1 TS2305)");
    expect(runSvc(["gate", "--staged", "--strict"], { cwd: root, env: { ...hook, SVC_GATE_AMEND: "1" } })).toMatchObject({ code: 1, stderr: expect.stringContaining("Error TS2305 src/use.ts:1:10") });
    expect(runSvc(["gate", "--staged", "--strict"], { cwd: root, env: { ...hook, SVC_GATE_AMEND: "0" } }).code).toBe(0);
    expect(runSvc(["gate", "--staged"], { cwd: root, env: { ...hook, SVC_GATE_AMEND: "yes!" } }).stderr).toStartWith("validation_error: SVC_GATE_AMEND must be one of 1/true/yes/on or 0/false/no/off (got 'yes!')");
    // another author date: a new commit, against HEAD
    expect(runSvc(["gate", "--staged", "--strict"], { cwd: root, env: { ...hook, GIT_AUTHOR_DATE: "@1 +0000" } })).toMatchObject({ code: 0, stdout: expect.stringMatching(/^svc gate: ok, no introduced errors \(staged changes against HEAD: 1 changed file/) });
  }, 180_000);

  test("a merge git commits itself (no conflict) is gated too: one side renames a function, the other adds a call to the old name", async () => {
    const root = project();
    const installed = await installHook({ root, force: false });
    expect(installed.mergeHook).toEqual({ action: "created", file: ".git/hooks/pre-merge-commit" });
    git(root, "checkout", "-q", "-b", "feature");
    commitFiles(root, { "src/more.ts": 'import { add } from "./math";\n\nexport const seven: number = add(3, 4);\n' }, "call add");
    git(root, "checkout", "-q", "main");
    commitFiles(root, { "src/math.ts": MATH.replace("add(", "sum("), "src/use.ts": USE.replaceAll("add", "sum") }, "rename add");
    // git merge runs pre-merge-commit, not pre-commit: without it this merge landed with src/more.ts broken
    const merged = Bun.spawnSync(["git", "-c", "user.email=t@example.com", "-c", "user.name=Test", "merge", "--no-edit", "feature"], { cwd: root, env: { ...process.env, ...env, NO_COLOR: "1" }, stdout: "pipe", stderr: "pipe" });
    expect(merged.exitCode).not.toBe(0);
    expect(merged.stderr.toString()).toContain("Error TS2305 src/more.ts:1:10");
    expect(git(root, "log", "--format=%s", "-1").trim()).toBe("rename add");
    expect((await installHook({ root, force: false })).mergeHook?.action).toBe("unchanged");
  }, 180_000);
});
