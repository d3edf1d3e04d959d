// svc test / svc_test against real small workspaces whose runner is this checkout's bun
// (`"test": "bun test"`, found on PATH): selection nearest first, the failing file listed
// first with the runner's message, counts; `none reach it`; no runner; a file that hangs.

import { describe, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import type { SvcError } from "../../src/errors.ts";
import type { TestData } from "../../src/ops/test.ts";
import { runSvc } from "../helpers/cli.ts";
import { gitRepo } from "../helpers/repo.ts";
import { bunOnPath } from "../helpers/bun-on-path.ts";

bunOnPath();

const refusal = async (p: Promise<unknown>) => ((await p.then(() => null, (e: unknown) => e)) as SvcError | null)?.formatted;

const MODULES = {
  "src/math.ts": "export function add(a: number, b: number): number {\n  return a + b;\n}\n",
  "src/total.ts": 'import { add } from "./math";\n\nexport function total(xs: number[]): number {\n  return xs.reduce(add, 0);\n}\n',
  "src/other.ts": "export function shout(s: string): string {\n  return s.toUpperCase();\n}\n",
  "src/lonely.ts": "export function lonely(): number {\n  return 1;\n}\n",
  "test/math.test.ts": 'import { expect, test } from "bun:test";\nimport { add } from "../src/math";\n\ntest("adds", () => {\n  expect(add(1, 1)).toBe(2);\n});\n',
  "test/total.test.ts": 'import { expect, test } from "bun:test";\nimport { total } from "../src/total";\n\ntest("totals", () => {\n  expect(total([1, 2])).toBe(4);\n});\n',
  "test/other.test.ts": 'import { expect, test } from "bun:test";\nimport { shout } from "../src/other";\n\ntest("shouts", () => {\n  expect(shout("a")).toBe("A");\n});\n',
};

const data = (r: { data: unknown }) => r.data as TestData;

describe("svc test", () => {
  const root = gitRepo({ "package.json": '{ "name": "calc", "scripts": { "test": "bun test" } }\n', ...MODULES });

  test("selects the tests that reach the symbol nearest first, runs them, lists the failure first with its message", async () => {
    await call("index", { path: root });
    const r = await call("test", { path: root, symbol: "add" });
    const d = data(r);
    expect(d.grade).toBe("ran");
    expect(d.runner).toMatchObject({ name: "bun", source: "package.json scripts.test", command: "bun test" });
    // selection: math.test.ts imports add's file (hop 1), total.test.ts reaches it through total.ts (hop 2); other.test.ts never
    expect(d.tests.map((t) => `${t.path}@${t.hop}:${t.outcome}`)).toEqual(["test/total.test.ts@2:fail", "test/math.test.ts@1:pass"]);
    expect(d.counts).toEqual({ reaching: 2, selected: 2, passed: 1, failed: 1, timedOut: 0, notRun: 0, cases: { passed: 1, failed: 1, skipped: 0 }, exitCodeOnly: 0 });
    expect(d.tests[0]?.message).toContain("Expected: 4");
    expect(d.tests[0]?.message).toContain("Received: 3");
    expect(r.text).toContain("ran 2 test files");
    expect(r.text).toContain("1 failed, 1 passed");
    expect(r.text.indexOf("FAIL test/total.test.ts")).toBeLessThan(r.text.indexOf("PASS test/math.test.ts"));
    expect(r.text).not.toContain("other.test.ts");
    expect(r.exitCode).toBe(1);
  }, 60_000);

  test("limit keeps the nearest", async () => {
    const r = await call("test", { path: root, symbol: "add", limit: 1 });
    expect(data(r).tests.map((t) => `${t.path}:${t.outcome}`)).toEqual(["test/math.test.ts:pass"]);
    expect(data(r).counts).toMatchObject({ reaching: 2, selected: 1, passed: 1, failed: 0 });
    expect(r.text).toContain("first 1 of 2");
    expect(r.exitCode).toBeUndefined();
  }, 60_000);

  test("nothing reaches the symbol: none reach it, selection only, nothing run", async () => {
    const r = await call("test", { path: root, symbol: "lonely" });
    expect(data(r).grade).toBe("selection_only");
    expect(data(r).tests).toEqual([]);
    expect(r.text).toContain("none reach it");
    expect(r.text).toContain("selection only, nothing was run");
    expect(r.exitCode).toBeUndefined();
  }, 60_000);

  test("an unknown symbol is symbol_not_found with nearest names, as for impact; an empty one is a validation error", async () => {
    expect(await refusal(call("test", { path: root, symbol: "ad" }))).toMatch(/^symbol_not_found: no declaration named 'ad' in \d+ indexed files; nearest names: .*add/);
    expect(await refusal(call("impact", { path: root, symbol: "nosuchsymbol" }))).toStartWith("symbol_not_found: no declaration named 'nosuchsymbol'");
    expect(await refusal(call("test", { path: root, symbol: " " }))).toStartWith("validation_error: symbol must name a declaration");
  }, 60_000);

  test("no runner: the selection is listed and graded selection only", async () => {
    const plain = gitRepo({ "package.json": '{ "name": "calc" }\n', ...MODULES });
    await call("index", { path: plain });
    const r = await call("test", { path: plain, symbol: "add" });
    const d = data(r);
    expect(d.grade).toBe("selection_only");
    expect(d.reason).toContain("no runner detected");
    expect(d.tests.map((t) => `${t.path}:${t.outcome}`)).toEqual(["test/math.test.ts:not_run", "test/total.test.ts:not_run"]);
    expect(r.text).toContain("selection only — not run: no runner detected");
    expect(r.text).toContain("  test/math.test.ts  (hop 1)");
    // tests reach the symbol and none ran: not a pass (exit 0 let `svc test add && deploy` through)
    expect(r.exitCode).toBe(1);
  }, 60_000);

  test("a runner named but not installed is said; svc.json testCommand overrides package.json", async () => {
    const ws = gitRepo({ "package.json": '{ "name": "calc", "scripts": { "test": "jest" } }\n', ...MODULES });
    await call("index", { path: ws });
    const missing = await call("test", { path: ws, symbol: "add" });
    expect(data(missing).reason).toContain("package.json scripts.test names jest, but 'jest' is not installed");
    const { writeFileSync } = await import("node:fs");
    writeFileSync(`${ws}/svc.json`, '{ "testCommand": "bun test" }\n');
    const r = await call("test", { path: ws, symbol: "add", limit: 1 });
    expect(data(r).runner).toMatchObject({ name: "custom", source: "svc.json testCommand" });
    expect(data(r).counts.passed).toBe(1);
  }, 60_000);

  test("CLI: a test file that never ends times out and says so; exit 1; --json", () => {
    const ws = gitRepo({
      "package.json": '{ "name": "spin", "scripts": { "test": "bun test" } }\n',
      "src/spin.ts": "export function spin(): void {\n  for (;;) {}\n}\n",
      "test/spin.test.ts": 'import { test } from "bun:test";\nimport { spin } from "../src/spin";\n\ntest("spins", () => {\n  spin();\n}, 1_000_000);\n',
    });
    const env = { PATH: process.env.PATH as string, SVC_TEST_TIMEOUT_MS: "1500", SVC_DAEMON: "0" };
    expect(runSvc(["index", ws], { env }).code).toBe(0);
    const r = runSvc(["test", "spin", ws, "--json"], { env });
    expect(r.code).toBe(1);
    const d = JSON.parse(r.stdout) as TestData;
    expect(d.tests).toEqual([expect.objectContaining({ path: "test/spin.test.ts", outcome: "timeout", message: expect.stringContaining("timed out after 1500 ms") })]);
    expect(d.counts.timedOut).toBe(1);
    const text = runSvc(["test", "spin", ws], { env });
    expect(text.stdout).toContain("TIMEOUT test/spin.test.ts");
  }, 60_000);
});

describe("svc test: a runner's message quoting a secret", () => {
  test("a value the code under test names a password loses it in the runner's `Received:` line (the message lacks the name)", async () => {
    const password = "Zq81" + "kP0wLmx7Rt";
    const root = gitRepo({
      "package.json": '{ "name": "creds", "scripts": { "test": "bun test" } }\n',
      "src/creds.ts": `export const creds = { user: "admin", password: "${password}" };\n\nexport function pw(): string {\n  return creds.password;\n}\n`,
      "test/creds.test.ts": 'import { expect, test } from "bun:test";\nimport { pw } from "../src/creds";\n\ntest("pw", () => {\n  expect(pw()).toBe("other-value-1");\n});\n',
    });
    await call("index", { path: root });
    const r = await call("test", { path: root, symbol: "pw" });
    expect(data(r).counts.cases.failed).toBe(1);
    expect(JSON.stringify(r)).not.toContain(password);
    expect(r.text).toContain('Received: "[REDACTED:api-token]"');
    expect(Object.keys(r)).not.toContain("secretSources"); // the engine never shows which files it read them from
  }, 60_000);
  test("a value defined in a module the code under test or the test imports (however far) loses it too", async () => {
    const password = "Wd73" + "kQ0pLmx9Rz", token = "Tk52" + "vB8nLqw3Xe";
    const root = gitRepo({
      "package.json": '{ "name": "creds2", "scripts": { "test": "bun test" } }\n',
      "src/secrets.ts": `export const settings = { password: "${password}" };\n`,
      "src/config.ts": 'import { settings } from "./secrets";\n\nexport const config = { db: settings };\n',
      "src/creds.ts": 'import { config } from "./config";\n\nexport function pw(): string {\n  return config.db.password;\n}\n',
      "test/helpers/fixture.ts": `export const fixture = { apiToken: "${token}" };\n`,
      "test/creds.test.ts": 'import { expect, test } from "bun:test";\nimport { pw } from "../src/creds";\nimport { fixture } from "./helpers/fixture";\n\ntest("pw", () => {\n  expect(pw()).toBe("other-value-1");\n});\ntest("token", () => {\n  expect(fixture.apiToken).toBe("other-value-2");\n});\n',
    });
    await call("index", { path: root });
    const r = await call("test", { path: root, symbol: "pw" });
    expect(data(r).counts.cases.failed).toBe(2);
    expect(JSON.stringify(r)).not.toContain(password);
    expect(JSON.stringify(r)).not.toContain(token);
    expect(r.text).toContain('Received: "[REDACTED:api-token]"');
  }, 60_000);
  test("a value the process reads rather than imports loses it too: a .env the runner loads by itself, a YAML file the test reads", async () => {
    const setting = "orchid-lantern-" + "Qz81kd", block = "Yb7K" + "q2Lw9Xz4Pm3Nv8Rt";
    const root = gitRepo({
      "package.json": '{ "name": "runtime", "scripts": { "test": "bun test" } }\n',
      ".env": `API_REGION=${setting}\n`,
      "config/service.yaml": `service:\n  password: |\n    ${block}\n`,
      "src/region.ts": 'export function region(): string {\n  return process.env.API_REGION ?? "none";\n}\n',
      "test/region.test.ts": 'import { expect, test } from "bun:test";\nimport { readFileSync } from "node:fs";\nimport { region } from "../src/region";\n\ntest("region", () => {\n  expect(region()).toBe("eu");\n});\ntest("yaml", () => {\n  expect(readFileSync("config/service.yaml", "utf8").split("\\n")[2]!.trim()).toBe("x");\n});\n',
    });
    await call("index", { path: root });
    const r = await call("test", { path: root, symbol: "region" });
    expect(data(r).counts.cases.failed).toBe(2);
    expect(JSON.stringify(r)).not.toContain(setting);
    expect(JSON.stringify(r)).not.toContain(block);
    expect(r.text).toContain('Received: "[REDACTED:env-value]"');
    expect(r.text).toContain('Received: "[REDACTED:api-token]"');
  }, 60_000);
});
