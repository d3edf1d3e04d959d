// Candidate racing (svc_test with candidates) on a real git workspace with the real engine
// and the real bun runner: one candidate breaks types (rejected at the overlay check), one
// typechecks but fails the covering tests, one is good and wins; two good ones are a tie;
// an untracked covering test runs in the copy too; no covering test leaves the typecheck
// to decide; a hanging candidate is cut by the budget; through the MCP server; every file
// of the user's tree hashes the same before and after; bad input is a
// validation_error. The test files' runner is this checkout's bun, put on PATH as `bun`.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Ajv from "ajv";
import { call } from "../../src/engine.ts";
import type { TestData } from "../../src/ops/test.ts";
import { holdResident, releaseResident } from "../../src/semantic/resident.ts";
import { failure } from "../helpers/failure.ts";
import { useRuntimeDir } from "../helpers/host.ts";
import { gitRepo } from "../helpers/repo.ts";
import { bunOnPath } from "../helpers/bun-on-path.ts";
import { mcpClientFor } from "../helpers/mcp-client.ts";

bunOnPath();

const ADD = (body: string) => `export function add(a: number, b: number): number {\n  ${body}\n}\n`;
const FILES: Record<string, string> = {
  "package.json": '{ "name": "calc", "scripts": { "test": "bun test" } }\n',
  "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: "es2022", module: "esnext", moduleResolution: "bundler" }, include: ["src/**/*.ts", "test/**/*.ts", "bun-test.d.ts"] }),
  "bun-test.d.ts": 'declare module "bun:test" {\n  export const expect: any;\n  export const test: any;\n}\n',
  "src/math.ts": ADD("return a * b;"), // the bug the candidates fix
  "src/total.ts": 'import { add } from "./math";\n\nexport function total(xs: number[]): number {\n  return xs.reduce(add, 0);\n}\n',
  "src/lonely.ts": "export function lonely(): number {\n  return 1;\n}\n", // no test reaches it
  "test/math.test.ts": 'import { expect, test } from "bun:test";\nimport { add } from "../src/math";\n\ntest("adds", () => {\n  expect(add(2, 3)).toBe(5);\n});\n',
  "test/total.test.ts": 'import { expect, test } from "bun:test";\nimport { total } from "../src/total";\n\ntest("totals", () => {\n  expect(total([1, 2, 3])).toBe(6);\n});\n',
};
const GOOD = ADD("return a + b;");
const ALSO_GOOD = ADD("return b + a; // commutative");
const WRONG = ADD("return a - b;");
const BAD_TYPES = ADD('return "5";');

/** sha256 of every file under root except svc's own store (.svc/), by path. */
function hashes(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (rel: string) => {
    for (const e of readdirSync(join(root, rel), { withFileTypes: true })) {
      const p = rel ? `${rel}/${e.name}` : e.name;
      if (p === ".svc") continue;
      if (e.isDirectory()) walk(p);
      else out[p] = createHash("sha256").update(readFileSync(join(root, p))).digest("hex");
    }
  };
  walk("");
  return out;
}

const raceDirs = () => readdirSync(tmpdir()).filter((d) => d.startsWith("svc-race-")).sort();
const ctx = { cwd: "/", host: true };
let root: string;
let before: Record<string, string>;
let dirsBefore: string[];
// The isolated copies go to tmpdir(): a private one, so another suite running on the machine cannot add or remove svc-race-* folders under this test.
const sharedTmp = process.env.TMPDIR;
const privateTmp = mkdtempSync(join(tmpdir(), "svc-test-race-tmp-"));

beforeAll(async () => {
  process.env.TMPDIR = privateTmp;
  useRuntimeDir();
  root = gitRepo(FILES);
  // an untracked, not-ignored covering test: the isolated copy must hold it
  writeFileSync(join(root, "test/more.test.ts"), 'import { expect, test } from "bun:test";\nimport { add } from "../src/math";\n\ntest("adds ones", () => {\n  expect(add(1, 1)).toBe(2);\n});\n');
  await call("index", { path: root });
  holdResident(root, { writer: false });
  before = hashes(root);
  dirsBefore = raceDirs();
}, 120_000);

afterAll(async () => {
  await releaseResident(root);
  if (sharedTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = sharedTmp;
  rmSync(privateTmp, { recursive: true, force: true });
});

describe("svc_test candidate racing", () => {
  test("types-breaking candidate rejected at the typecheck, test-breaking one fails its tests, the good one wins; nothing written", async () => {
    const r = await call("test", { path: root, symbol: "add", candidates: [{ id: "bad-types", file: "src/math.ts", content: BAD_TYPES }, { id: "wrong", file: "src/math.ts", content: WRONG }, { id: "good", file: "src/math.ts", content: GOOD }] }, ctx);
    const d = r.data as unknown as TestData;
    if (process.env.RACE_DEBUG) console.log(r.text);
    expect(d.grade).toBe("raced");
    const race = d.race!;
    expect(race.selected).toBe(3);
    expect(race.budgetMs).toBe(120_000);
    expect(race.elapsedMs).toBeGreaterThan(0);
    const [bad, wrong, good] = race.candidates;
    expect(bad).toMatchObject({ id: "bad-types", typecheck: "errors", tests: null });
    expect(bad!.introducedErrors).toBeGreaterThan(0);
    expect(bad!.errors[0]).toMatch(/^Error TS2322 src\/math\.ts:2:/);
    expect(wrong).toMatchObject({ id: "wrong", typecheck: "clean", tests: { passed: 0, failed: 3, timedOut: 0, notRun: 0 } });
    expect(good).toMatchObject({ id: "good", typecheck: "clean", tests: { passed: 3, failed: 0, timedOut: 0, notRun: 0 } });
    for (const c of race.candidates) expect(c.gradeLine).toStartWith("verification grade: resident");
    expect(race.verdict).toMatchObject({ status: "winner", winner: "good", basis: "tests" });
    expect(r.text).toContain("winner: good — the one candidate that passes the most covering test files (3 of 3)");
    expect(r.text).toMatch(/race of 3 candidates \(budget 120 s, used \d+\.\d s\)/);
    expect(r.text).toContain("[bad-types] 1 error introduced");
    expect(hashes(root)).toEqual(before);
    expect(raceDirs()).toEqual(dirsBefore); // every isolated copy removed
  }, 180_000);

  test("two good candidates are a tie with no winner (the cold engine checks them: no resident serves this call)", async () => {
    const r = await call("test", { path: root, symbol: "add", candidates: JSON.stringify([{ file: "src/math.ts", content: GOOD }, { file: "src/math.ts", content: ALSO_GOOD }, { file: "src/math.ts", content: WRONG }]), budgetSeconds: 300 });
    const race = (r.data as unknown as TestData).race!;
    expect(race.candidates.map((c) => `${c.id}:${c.typecheck}:${c.tests?.passed}`)).toEqual(["#1:clean:3", "#2:clean:3", "#3:clean:0"]);
    expect(race.verdict).toMatchObject({ status: "tie", winner: null, tied: ["#1", "#2"], basis: "tests" });
    expect(race.budgetMs).toBe(300_000);
    for (const c of race.candidates) expect(c.gradeLine).toStartWith("verification grade: cold (loaded the project for this call");
    expect(r.text).toContain("winner: none — 2 candidates pass 3 of 3 covering test files each (a tie)");
    expect(hashes(root)).toEqual(before);
    expect(raceDirs()).toEqual(dirsBefore);
  }, 180_000);

  test("a candidate whose tests hang is killed when the budget runs out: no winner claimed (partial), its copy removed, nothing written", async () => {
    const HANGS = ADD("while (true) {}");
    const r = await call("test", { path: root, symbol: "add", candidates: [{ id: "good", file: "src/math.ts", content: GOOD }, { id: "hangs", file: "src/math.ts", content: HANGS }], budgetSeconds: 10 }, ctx);
    const race = (r.data as unknown as TestData).race!;
    if (process.env.RACE_DEBUG) console.log(r.text);
    expect(race.budgetMs).toBe(10_000);
    const hangs = race.candidates[1]!;
    expect(hangs.typecheck).toBe("clean");
    expect(hangs.reason).toContain("the time budget ran out");
    expect(race.verdict.status).toBe("none");
    expect(race.verdict.reason).toContain("not every candidate that typechecks finished its covering tests (hangs: partial: the time budget ran out during its tests)");
    expect(r.text).toMatch(/race of 2 candidates \(budget 10 s, used \d+\.\d s\)/);
    expect(hashes(root)).toEqual(before);
    expect(raceDirs()).toEqual(dirsBefore);
  }, 180_000);

  test("no covering test reaches the symbol: the typecheck alone decides, said so", async () => {
    const r = await call("test", { path: root, symbol: "lonely", candidates: [{ id: "str", file: "src/lonely.ts", content: 'export function lonely(): number {\n  return "1";\n}\n' }, { id: "two", file: "src/lonely.ts", content: "export function lonely(): number {\n  return 2;\n}\n" }] }, ctx);
    const race = (r.data as unknown as TestData).race!;
    expect(race.selected).toBe(0);
    expect(race.candidates.map((c) => `${c.id}:${c.typecheck}:${c.tests}`)).toEqual(["str:errors:null", "two:clean:null"]);
    expect(race.verdict).toMatchObject({ status: "winner", winner: "two", basis: "typecheck" });
    expect(r.text).toContain("winner: two — the only candidate that typechecks; no covering test reaches the symbol, so the typecheck alone decided");
    expect(hashes(root)).toEqual(before);
  }, 180_000);

  test("through the MCP server: svc_test takes candidates as an array, the structured race conforms to the outputSchema; a bad shape is an error answer", async () => {
    const client = await mcpClientFor(root);
    try {
      const tool = (await client.listTools()).tools.find((t) => t.name === "svc_test")!;
      const result = await client.callTool({ name: "svc_test", arguments: { path: root, symbol: "add", candidates: [{ id: "wrong", file: "src/math.ts", content: WRONG }, { id: "good", file: "src/math.ts", content: GOOD }] } });
      expect(result.isError).toBeFalsy();
      const validate = new Ajv({ strict: false }).compile(tool.outputSchema as object);
      expect(validate(result.structuredContent)).toBe(true);
      expect((result.structuredContent as { race: { verdict: { winner: string } } }).race.verdict.winner).toBe("good");
      expect((result.content as { text: string }[])[0]!.text).toContain("winner: good");
      const bad = await client.callTool({ name: "svc_test", arguments: { path: root, symbol: "add", candidates: [{ file: "src/math.ts" }, { file: "src/math.ts", content: GOOD }] } });
      expect(bad.isError).toBe(true);
      expect((bad.content as { text: string }[])[0]!.text).toContain("validation_error");
    } finally {
      await client.close();
    }
    expect(hashes(root)).toEqual(before);
    expect(raceDirs()).toEqual(dirsBefore);
  }, 180_000);

  test("bad input is a validation_error: too many, too few, a bad shape, a path outside, duplicate ids", async () => {
    const one = { file: "src/math.ts", content: GOOD };
    const msg = async (args: Record<string, unknown>) => (await failure(call("test", { path: root, symbol: "add", ...args }, ctx))).formatted;
    expect(await msg({ candidates: Array.from({ length: 6 }, () => one) })).toBe("validation_error: candidates has too many items: 6 (at most 5)");
    expect(await msg({ candidates: Array.from({ length: 5 }, () => one) })).toBe("validation_error: 5 candidates exceed maxCandidates=4");
    expect(await msg({ candidates: [one] })).toStartWith("validation_error: racing needs at least two candidates (got 1)");
    expect(await msg({ candidates: [one, { file: "src/math.ts" }] })).toStartWith("validation_error: candidates[1].content must be a string");
    expect(await msg({ candidates: [one, { path: "src/math.ts", content: "" }] })).toStartWith("validation_error: candidates[1] has an unknown field 'path'");
    expect(await msg({ candidates: [one, "src/math.ts"] })).toBe("validation_error: candidates[1] must be an object");
    expect(await msg({ candidates: "[not json" })).toBe("validation_error: candidates must be an array of objects (the string given is not JSON)");
    expect(await msg({ candidates: [one, { file: "../elsewhere.ts", content: "" }] })).toMatch(/^validation_error: refusing to race '\.\.\/elsewhere\.ts': it resolves outside the workspace root/);
    expect(await msg({ candidates: [{ ...one, id: "x" }, { ...one, id: "x" }] })).toStartWith("validation_error: candidates[1].id 'x' is used by another candidate");
    expect(await msg({ candidates: [one, one], maxCandidates: 9 })).toBe("validation_error: maxCandidates must be between 2 and 5 (got 9)");
    expect(hashes(root)).toEqual(before);
  }, 60_000);
});
