// An extraction child that dies never fails the index: a crash that does not repeat is
// retried in a fresh child and every file is indexed; a file a child keeps dying on is
// skipped (named in the answer, reason `crashed` in diagnostics) while the rest of its
// batch is indexed. The child is made to die through a test-only switch
// (SVC_TEST_EXTRACT_CRASH), as a runtime crash under load would.

import { describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { runSvcAsync } from "../helpers/cli.ts";
import { gitRepo, tempDir } from "../helpers/repo.ts";

function repo(): string {
  const files: Record<string, string> = {};
  for (let i = 0; i < 12; i++) files[`src/f${i}.ts`] = `export function f${i}(): number {\n  return ${i};\n}\n`;
  return gitRepo(files);
}

const env = (extra: Record<string, string>) => ({
  SVC_RUNTIME_DIR: tempDir("svc-run-"),
  // every file goes through extraction children, as on a large repository
  SVC_EXTRACT_INPROCESS_MAX: "0",
  ...extra,
});

/** 200 files in 4 batches of 50 (in path order: same sizes), so each lane's child serves two batches in turn. */
function manyBatchRepo(): string {
  const files: Record<string, string> = {};
  for (let i = 0; i < 200; i++) files[`src/g${String(i).padStart(3, "0")}.ts`] = `export function g${String(i).padStart(3, "0")}(): number {\n  return 1;\n}\n`;
  return gitRepo(files);
}

describe("extraction child crashes", () => {
  test("a child that dies once is retried: every file indexed, nothing skipped", async () => {
    const root = repo();
    const marker = join(tempDir(), "crashed-once");
    const run = await runSvcAsync(["index", "--json"], { cwd: root, env: env({ SVC_TEST_EXTRACT_CRASH: "src/f5.ts", SVC_TEST_EXTRACT_CRASH_ONCE: marker }) });
    expect(run.stderr).not.toContain("internal_error");
    expect(run.code).toBe(0);
    expect(existsSync(marker)).toBe(true); // the crash did happen
    const data = JSON.parse(run.stdout);
    expect(data.files).toBe(12);
    expect(data.skipped).toBe(0);
    expect(data.crashed).toBeUndefined();
  }, 120_000);

  test("a file a child keeps dying on is skipped and named; the rest of its batch is indexed", async () => {
    const root = repo();
    const crash = env({ SVC_TEST_EXTRACT_CRASH: "src/f5.ts" });
    const json = await runSvcAsync(["index", "--json"], { cwd: root, env: crash });
    expect(json.stderr).not.toContain("internal_error");
    expect(json.code).toBe(0);
    const data = JSON.parse(json.stdout);
    expect(data.crashed).toEqual(["src/f5.ts"]);
    expect(data.files).toBe(11);
    expect(data.skipped).toBe(1);
    // the text answer names it, stderr says how the child died
    const text = await runSvcAsync(["index", "--force"], { cwd: root, env: crash });
    expect(text.code).toBe(0);
    expect(text.stdout).toContain("extraction crashed twice on 1 file, skipped until changed or --force: src/f5.ts");
    expect(text.stderr).toContain("extraction child exited with code 1");
    const diagnostics = await runSvcAsync(["diagnostics", "--json"], { cwd: root, env: crash });
    expect(diagnostics.stdout).toContain("src/f5.ts (crashed)");
    // without the crash, --force indexes it again
    const healed = await runSvcAsync(["index", "--force", "--json"], { cwd: root, env: env({}) });
    expect(JSON.parse(healed.stdout).files).toBe(12);
  }, 180_000);

  test("a child serving several batches that dies in a later one: the files of that batch it did not finish are retried", async () => {
    const root = manyBatchRepo();
    const many = (extra: Record<string, string>) => env({ SVC_EXTRACT_BATCH: "50", ...extra });
    const marker = join(tempDir(), "crashed-once");
    // g160 is in the fourth batch by path: a lane's child reaches it after finishing another batch
    const once = await runSvcAsync(["index", "--json"], { cwd: root, env: many({ SVC_TEST_EXTRACT_CRASH: "src/g160.ts", SVC_TEST_EXTRACT_CRASH_ONCE: marker }) });
    expect(once.stderr).not.toContain("internal_error");
    expect(once.code).toBe(0);
    expect(existsSync(marker)).toBe(true);
    const data = JSON.parse(once.stdout);
    expect(data.files).toBe(200);
    expect(data.skipped).toBe(0);
    expect(data.crashed).toBeUndefined();
    // dying on it every time: that file alone is skipped
    const always = await runSvcAsync(["index", "--force", "--json"], { cwd: root, env: many({ SVC_TEST_EXTRACT_CRASH: "src/g160.ts" }) });
    expect(always.code).toBe(0);
    const skipped = JSON.parse(always.stdout);
    expect(skipped.crashed).toEqual(["src/g160.ts"]);
    expect(skipped.files).toBe(199);
    const symbols = await runSvcAsync(["find", "g199", "--kind", "symbol"], { cwd: root, env: many({}) });
    expect(symbols.stdout).toContain("src/g199.ts");
  }, 240_000);
});
