// Runner detection: ava from scripts.test or a dependency like the others (not from a word
// that merely contains "ava"); a testCommand whose program is a known runner gets that
// runner's family (and so per-test results), any other program none.

import { describe, expect, test } from "bun:test";
import { detectRunner } from "../../src/testing/runner.ts";
import { plainDir } from "../helpers/repo.ts";

const BINS = { "node_modules/.bin/ava": "", "node_modules/.bin/vitest": "", "node_modules/.bin/java": "" };
const detect = (pkg: object, testCommand: string | null = null) => {
  const d = detectRunner(plainDir({ "package.json": JSON.stringify(pkg), ...BINS }), testCommand);
  return d.runner ? `${d.runner.name}/${d.runner.family}/${d.runner.source}` : `none: ${d.reason}`;
};

describe("detectRunner", () => {
  test("ava from scripts.test (after other tools) or from a dependency", () => {
    expect(detect({ scripts: { test: "xo && c8 ava --verbose" } })).toBe("ava/ava/package.json scripts.test");
    expect(detect({ devDependencies: { ava: "^6" } })).toBe("ava/ava/package.json dependencies");
    expect(detect({ scripts: { test: "java -jar lava.jar" } })).toStartWith("none: no runner detected (package.json scripts.test 'java -jar lava.jar' names none of bun test, vitest, jest, mocha, ava, node --test");
  });

  test("a testCommand is custom; its family is the runner its program is, else none", () => {
    expect(detect({}, "vitest run --config other.config.ts")).toBe("custom/vitest/svc.json testCommand");
    expect(detect({}, "java -version")).toBe("custom/null/svc.json testCommand");
    expect(detect({}, "node --test --test-concurrency=1")).toBe("custom/node/svc.json testCommand");
    expect(detect({}, "node scripts/run-tests.js")).toBe("custom/null/svc.json testCommand");
  });
});
