// svc test with every runner it knows, for real: a tiny project per runner (vitest, jest,
// mocha, ava from svc's own devDependencies, linked into the project's node_modules; node
// --test; bun test) with one passing and one failing test. The answer names the failing test
// by its full title, its file and line (from the report, or found by the title) and its
// message; the name filter runs only the named test; a report that cannot be read falls back
// to the file's exit code and says so.

import { describe, expect, test } from "bun:test";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { call } from "../../src/engine.ts";
import { operation } from "../../src/registry/index.ts";
import type { TestData } from "../../src/ops/test.ts";
import { runFiles } from "../../src/testing/run-files.ts";
import { detectRunner, type Runner, type RunnerFamily } from "../../src/testing/runner.ts";
import { gitRepo, writeFiles } from "../helpers/repo.ts";
import { bunOnPath } from "../helpers/bun-on-path.ts";

const SVC_MODULES = resolve(import.meta.dir, "../../node_modules");

bunOnPath();

const ESM_CALC = "export function add(a, b) {\n  return a + b;\n}\n";
const CJS_CALC = "function add(a, b) {\n  return a + b;\n}\n\nmodule.exports = { add };\n";

interface Project {
  family: RunnerFamily;
  pkg: Record<string, unknown>;
  calc: string;
  test: string;
  /** Packages of svc's node_modules linked into the project's (their bins too). */
  link: string[];
  /** The failing test's full title and line in test/calc.test.js. */
  failing: { title: string; line: number; from: "report" | "title" };
  /** What the failing test's message says. */
  says: RegExp;
}

const PROJECTS: Project[] = [
  {
    family: "vitest",
    pkg: { name: "p", type: "module", scripts: { test: "vitest run" } },
    calc: ESM_CALC,
    test: 'import { describe, expect, it } from "vitest";\nimport { add } from "../src/calc.js";\n\ndescribe("calc", () => {\n  it("adds small numbers", () => {\n    expect(add(1, 1)).toBe(2);\n  });\n  it("overflows on purpose", () => {\n    expect(add(2, 2)).toBe(5);\n  });\n});\n',
    link: ["vitest"],
    failing: { title: "calc > overflows on purpose", line: 8, from: "report" },
    says: /expected 4 to be 5/,
  },
  {
    family: "jest",
    pkg: { name: "p", scripts: { test: "jest" } },
    calc: CJS_CALC,
    test: 'const { add } = require("../src/calc.js");\n\ndescribe("calc", () => {\n  test("adds small numbers", () => {\n    expect(add(1, 1)).toBe(2);\n  });\n  test("overflows on purpose", () => {\n    expect(add(2, 2)).toBe(5);\n  });\n});\n',
    link: ["jest"],
    failing: { title: "calc > overflows on purpose", line: 7, from: "report" },
    says: /Expected: 5\n\s*Received: 4/,
  },
  {
    family: "mocha",
    pkg: { name: "p", scripts: { test: "mocha" }, devDependencies: { mocha: "*" } },
    calc: CJS_CALC,
    test: 'const assert = require("node:assert");\nconst { add } = require("../src/calc.js");\n\ndescribe("calc", () => {\n  it("adds small numbers", () => {\n    assert.strictEqual(add(1, 1), 2);\n  });\n  it("overflows on purpose", () => {\n    assert.strictEqual(add(2, 2), 5);\n  });\n});\n',
    link: ["mocha"],
    failing: { title: "calc > overflows on purpose", line: 8, from: "title" },
    says: /4 !== 5/,
  },
  {
    family: "ava",
    // detected from the dependency alone (no scripts.test)
    pkg: { name: "p", type: "module", devDependencies: { ava: "*" } },
    calc: ESM_CALC,
    test: 'import test from "ava";\nimport { add } from "../src/calc.js";\n\ntest("adds small numbers", (t) => {\n  t.is(add(1, 1), 2);\n});\n\ntest("overflows on purpose", (t) => {\n  t.is(add(2, 2), 5);\n});\n',
    link: ["ava"],
    failing: { title: "overflows on purpose", line: 8, from: "title" },
    says: /t\.is\(\)[\s\S]*- 4\n\s*\+ 5/,
  },
  {
    family: "node",
    pkg: { name: "p", type: "module", scripts: { test: "node --test" } },
    calc: ESM_CALC,
    test: 'import { describe, it } from "node:test";\nimport assert from "node:assert/strict";\nimport { add } from "../src/calc.js";\n\ndescribe("calc", () => {\n  it("adds small numbers", () => {\n    assert.equal(add(1, 1), 2);\n  });\n  it("overflows on purpose", () => {\n    assert.equal(add(2, 2), 5);\n  });\n});\n',
    link: [],
    failing: { title: "calc > overflows on purpose", line: 9, from: "title" },
    says: /4 !== 5/,
  },
  {
    family: "bun",
    pkg: { name: "p", type: "module", scripts: { test: "bun test" } },
    calc: ESM_CALC,
    test: 'import { describe, expect, it } from "bun:test";\nimport { add } from "../src/calc.js";\n\ndescribe("calc", () => {\n  it("adds small numbers", () => {\n    expect(add(1, 1)).toBe(2);\n  });\n  it("overflows on purpose", () => {\n    expect(add(2, 2)).toBe(5);\n  });\n});\n',
    link: [],
    failing: { title: "calc > overflows on purpose", line: 8, from: "report" },
    says: /Expected: 5\n\s*Received: 4/,
  },
];

/** The project as a git repo whose node_modules links the runner from svc's own install. */
function project(p: Project): string {
  const root = gitRepo({ ".gitignore": "node_modules/\n", "package.json": `${JSON.stringify(p.pkg, null, 2)}\n`, "src/calc.js": p.calc, "test/calc.test.js": p.test });
  mkdirSync(join(root, "node_modules", ".bin"), { recursive: true });
  for (const name of p.link) {
    symlinkSync(join(SVC_MODULES, name), join(root, "node_modules", name));
    symlinkSync(join(SVC_MODULES, ".bin", name), join(root, "node_modules", ".bin", name));
  }
  return root;
}

/** The run's temporary folder, private to this test (other processes on the machine make their own svc-report-* folders in the shared one). */
const privateTmp = mkdtempSync(join(tmpdir(), "svc-runners-tmp-"));
const reportDirs = () => readdirSync(privateTmp).filter((d) => d.startsWith("svc-report-")).sort();

describe.each(PROJECTS)("svc test with $family", (p) => {
  const root = project(p);
  const runner = () => {
    const d = detectRunner(root, null);
    if (!d.runner) throw new Error(d.reason);
    return d.runner as Runner;
  };

  test("per-test results: the failing test by full title, file, line and message; the passing one listed", async () => {
    expect(runner().family).toBe(p.family);
    await call("index", { path: root });
    const before = reportDirs();
    const shared = process.env.TMPDIR;
    process.env.TMPDIR = privateTmp; // os.tmpdir() reads it at each call
    let r: Awaited<ReturnType<typeof call>>;
    try {
      r = await call("test", { path: root, symbol: "add" });
    } finally {
      if (shared === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = shared;
    }
    const d = r.data as unknown as TestData;
    expect(d.grade).toBe("ran");
    expect(d.runner?.name).toBe(p.family);
    const [file] = d.tests;
    expect(d.tests).toHaveLength(1);
    expect(file).toMatchObject({ path: "test/calc.test.js", outcome: "fail", graded: "per_test", gradeNote: null });
    const failing = file?.cases?.find((c) => c.status === "fail");
    expect(failing).toMatchObject({ title: p.failing.title, file: "test/calc.test.js", line: p.failing.line, lineFrom: p.failing.from });
    expect(failing?.message).toMatch(p.says);
    expect(file?.cases?.filter((c) => c.status === "pass").map((c) => c.title)).toEqual([p.failing.title.replace("overflows on purpose", "adds small numbers")]);
    expect(d.counts).toMatchObject({ passed: 0, failed: 1, cases: { passed: 1, failed: 1, skipped: 0 }, exitCodeOnly: 0 });
    expect(r.text).toContain(`✗ ${p.failing.title}  (test/calc.test.js:${p.failing.line})`);
    expect(r.text).toContain("tests: 1 failed, 1 passed");
    expect(r.exitCode).toBe(1);
    // every field the registry's output schema requires of a file run and of a test is there
    type FileSchema = { required: string[]; properties: { cases: { items: { required: string[] } } } };
    const fileSchema = ((operation("test").output ?? {}) as { properties: { tests: { items: FileSchema } } }).properties.tests.items;
    for (const key of fileSchema.required) expect(file).toHaveProperty(key);
    for (const key of fileSchema.properties.cases.items.required) expect(failing).toHaveProperty(key);
    // the report went to a private temporary folder, removed after; nothing was written into the project
    expect(reportDirs()).toEqual(before);
    expect(existsSync(join(root, "report"))).toBe(false);
  }, 120_000);

  test("the name filter runs only the named test", async () => {
    const [only] = await runFiles(root, runner(), [{ path: "test/calc.test.js", hop: 1 }], 120_000, { names: ["adds small numbers"] });
    expect(only).toMatchObject({ outcome: "pass", graded: "per_test", exitCode: 0 });
    expect(only?.cases?.filter((c) => c.status !== "skip").map((c) => `${c.title}:${c.status}`)).toEqual([`${p.failing.title.replace("overflows on purpose", "adds small numbers")}:pass`]);
    const [failing] = await runFiles(root, runner(), [{ path: "test/calc.test.js", hop: 1 }], 120_000, { names: ["overflows on purpose"] });
    expect(failing?.outcome).toBe("fail");
    expect(failing?.cases?.filter((c) => c.status !== "skip").map((c) => `${c.title}:${c.status}`)).toEqual([`${p.failing.title}:fail`]);
  }, 120_000);
});

describe("when the report cannot be read", () => {
  const FILE = [{ path: "test/calc.test.js", hop: 1 }];
  const jestProject = PROJECTS.find((p) => p.family === "jest") as Project;
  const mochaProject = PROJECTS.find((p) => p.family === "mocha") as Project;
  const runnerOf = (root: string) => {
    const d = detectRunner(root, null);
    if (!d.runner) throw new Error(d.reason);
    return d.runner as Runner;
  };
  /** A project whose `jest` is a script that writes `report` (or nothing) where --outputFile says, then exits with `code`. */
  const fakeJest = (report: string | null, code: number) => {
    const root = gitRepo({ "package.json": '{ "name": "p", "scripts": { "test": "jest" } }\n', "src/calc.js": CJS_CALC, "test/calc.test.js": jestProject.test });
    const write = report === null ? "" : `for a in "$@"; do case "$a" in --outputFile=*) printf '%s' '${report}' > "\${a#--outputFile=}";; esac; done\n`;
    writeFiles(root, { "node_modules/.bin/jest": `#!/bin/sh\n${write}echo "fake jest ran"\nexit ${code}\n` });
    chmodSync(join(root, "node_modules/.bin/jest"), 0o755);
    return root;
  };

  test("no report and exit 0: not a pass (not run, said why); an unparseable report likewise; a non-zero exit is a failure", async () => {
    const [silent] = await runFiles(fakeJest(null, 0), runnerOf(fakeJest(null, 0)), FILE, 120_000);
    expect(silent).toMatchObject({ outcome: "not_run", exitCode: 0, graded: null, cases: null, gradeNote: expect.stringContaining("per-test results unavailable: the runner wrote no JSON report, yet it exited 0: not counted as a pass") });
    const garbled = fakeJest("{ not json", 0);
    const [bad] = await runFiles(garbled, runnerOf(garbled), FILE, 120_000);
    expect(bad).toMatchObject({ outcome: "not_run", graded: null, message: expect.stringContaining("the runner's JSON report does not parse, yet it exited 0: not counted as a pass") });
    const crashed = fakeJest(null, 3);
    const [crash] = await runFiles(crashed, runnerOf(crashed), FILE, 120_000);
    expect(crash).toMatchObject({ outcome: "fail", exitCode: 3, graded: "exit_code", message: expect.stringContaining("fake jest ran") });
    expect(crash?.gradeNote).toBe("per-test results unavailable: the runner wrote no JSON report (it exited 3 with svc's report options); graded by the exit code of a run without them (3)");
    // a runner that rejects svc's report options is graded by a run without them, and says so
    const picky = fakeJest(null, 0);
    writeFiles(picky, { "node_modules/.bin/jest": '#!/bin/sh\nfor a in "$@"; do [ "$a" = "--json" ] && { echo "unknown option --json" >&2; exit 2; }; done\nexit 0\n' });
    const [retried] = await runFiles(picky, runnerOf(picky), FILE, 120_000);
    expect(retried).toMatchObject({ outcome: "pass", exitCode: 0, graded: "exit_code", gradeNote: "per-test results unavailable: the runner wrote no JSON report (it exited 2 with svc's report options); graded by the exit code of a run without them (0)" });
    // a report with no failing test does not turn a non-zero exit into a pass
    const empty = fakeJest('{"testResults":[{"name":"x","status":"passed","assertionResults":[{"title":"t","status":"passed","ancestorTitles":[]}]}]}', 2);
    const [exited] = await runFiles(empty, runnerOf(empty), FILE, 120_000);
    expect(exited).toMatchObject({ outcome: "fail", graded: "per_test", message: expect.stringContaining("the runner exited 2 with no failing test in its report") });
  }, 120_000);

  test("a test that ends the runner early with exit 0 (process.exit) is not a pass: the tests after it never ran", async () => {
    const bunProject = PROJECTS.find((p) => p.family === "bun") as Project;
    const root = project({ ...bunProject, test: 'import { expect, it } from "bun:test";\nimport { add } from "../src/calc.js";\n\nit("adds", () => {\n  expect(add(1, 1)).toBe(2);\n});\nit("leaves", () => {\n  process.exit(0);\n});\nit("never runs", () => {\n  expect(add(2, 2)).toBe(5);\n});\n' });
    await call("index", { path: root });
    const r = await call("test", { path: root, symbol: "add" });
    const d = r.data as unknown as TestData;
    expect(d.tests[0]).toMatchObject({ outcome: "not_run", exitCode: 0, graded: null, message: expect.stringContaining("not counted as a pass") });
    expect(d.counts).toMatchObject({ passed: 0, notRun: 1 });
    expect(r.exitCode).toBe(1);
    // node --test then reports the file itself as one passing test (named by its path): no test of it is evidence
    const nodeProject = PROJECTS.find((p) => p.family === "node") as Project;
    const nodeRoot = project({ ...nodeProject, test: 'import { it } from "node:test";\nimport assert from "node:assert/strict";\nimport { add } from "../src/calc.js";\n\nit("leaves", () => {\n  process.exit(0);\n});\nit("never runs", () => {\n  assert.equal(add(2, 2), 5);\n});\n' });
    const [n] = await runFiles(nodeRoot, runnerOf(nodeRoot), FILE, 120_000);
    expect(n?.outcome).not.toBe("pass");
    expect(n?.cases ?? []).toEqual([]);
  }, 120_000);

  test("a test file that does not load: jest's file-level error is the failure; mocha, which writes no report then, fails by its exit code", async () => {
    const broken = { ...jestProject, test: 'const { add } = require("../src/calc.js");\n\ndescribe("calc", () => {\n  test("adds", () => {\n    expect(add(1, 1)).toBe(2);\n  );\n});\n' };
    const jestRoot = project(broken);
    const [j] = await runFiles(jestRoot, runnerOf(jestRoot), FILE, 120_000);
    expect(j).toMatchObject({ outcome: "fail", graded: "per_test", cases: [] });
    expect(j?.message).toStartWith("the runner exited 1 with no failing test in its report:");
    expect(j?.message).toMatch(/Test suite failed to run\n.*unexpected token/);
    const mochaRoot = project({ ...mochaProject, test: broken.test });
    const [m] = await runFiles(mochaRoot, runnerOf(mochaRoot), FILE, 120_000);
    expect(m).toMatchObject({ outcome: "fail", graded: "exit_code", gradeNote: expect.stringContaining("the runner wrote no JSON report") });
    expect(m?.message).toMatch(/SyntaxError|Unexpected token/);
  }, 120_000);

  test("a custom testCommand that is not a known runner is graded by its exit code and says so; one that calls a runner gets per-test results", async () => {
    const nodeProject = PROJECTS.find((p) => p.family === "node") as Project;
    const root = project(nodeProject);
    writeFiles(root, { "svc.json": '{ "testCommand": "node" }\n' });
    await call("index", { path: root });
    const r = await call("test", { path: root, symbol: "add" });
    const d = r.data as unknown as TestData;
    expect(d.runner).toMatchObject({ name: "custom", source: "svc.json testCommand" });
    expect(d.tests[0]).toMatchObject({ outcome: "fail", graded: "exit_code", cases: null, gradeNote: "per-test results unavailable: svc reads no report from a custom testCommand; graded by the exit code (1)" });
    expect(d.counts).toMatchObject({ failed: 1, exitCodeOnly: 1, cases: { passed: 0, failed: 0, skipped: 0 } });
    expect(r.text).toContain("graded by exit code (svc reads no report from a custom testCommand)");
    expect(r.text).toContain("1 file graded by exit code only (no per-test results)");
    writeFiles(root, { "svc.json": '{ "testCommand": "node --test --test-concurrency=1" }\n' });
    const known = await call("test", { path: root, symbol: "add" });
    expect((known.data as unknown as TestData).tests[0]).toMatchObject({ outcome: "fail", graded: "per_test" });
    expect(known.text).toContain("✗ calc > overflows on purpose  (test/calc.test.js:9)");
  }, 120_000);
});
