// svc test in a mixed repository: package.json's runner is JavaScript's (`node --test`), the test
// that reaches a Python function is a Python file. The runner "failed" it (ERR_TEST_FAILURE: node
// cannot run Python), a false FAIL; it is not run now, saying why and what sets a runner for it.
// svc.json's testCommand runs it (the user chose the runner).

import { describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import type { TestData } from "../../src/ops/test.ts";
import { gitRepo, writeFiles } from "../helpers/repo.ts";

const FILES = {
  "package.json": JSON.stringify({ name: "mono", private: true, scripts: { test: "node --test" } }),
  "svc/app/__init__.py": "",
  "svc/app/util.py": "def clamp(x, lo, hi):\n    return max(lo, min(hi, x))\n",
  "svc/tests/test_util.py": "from app.util import clamp\n\ndef test_clamp():\n    assert clamp(5, 0, 1) == 1\n",
};

describe("svc test: a Python test with package.json's JavaScript runner", () => {
  const root = gitRepo(FILES);

  test("not run (never FAIL), saying why; a testCommand runs it", async () => {
    const r = await call("test", { path: root, symbol: "clamp" });
    const d = r.data as unknown as TestData;
    expect(d.counts).toMatchObject({ failed: 0, passed: 0, notRun: 1 });
    expect(d.tests[0]).toMatchObject({ path: "svc/tests/test_util.py", outcome: "not_run" });
    expect(r.text).toContain("not run: svc/tests/test_util.py is a python file, and the runner from package.json scripts.test runs JavaScript and TypeScript tests; svc.json testCommand sets a runner for it");
    expect(r.text).not.toContain("FAIL svc/tests/test_util.py");
    // without package.json: selection only, naming the runner that would run them
    rmSync(join(root, "package.json"));
    const bare = await call("test", { path: root, symbol: "clamp" });
    expect((bare.data as unknown as TestData).reason).toBe('not run: no package.json at the workspace root (svc.json testCommand sets a runner); svc detects JavaScript test runners only, and these are python tests: svc.json {"testCommand": "python3 -m pytest"} runs each selected file with python3 -m pytest <file>');
    writeFiles(root, { "svc.json": JSON.stringify({ testCommand: "sh -c true" }) });
    const custom = (await call("test", { path: root, symbol: "clamp" })).data as unknown as TestData;
    expect(custom.tests[0]).toMatchObject({ path: "svc/tests/test_util.py", outcome: "pass" });
  }, 120_000);
});
