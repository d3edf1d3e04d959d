// Pattern summary: test frameworks — configured ones (config files, package.json
// dependencies and scripts, bunfig/pytest/csproj settings) and the test files each one runs
// (explicit imports first, then globals-style files given to the configured runner).

import { imports, joinSegments, plural, Tally, type Corpus, type Segment, type Src } from "./source.ts";

/** Tie-break order. */
const FRAMEWORKS = [
  "bun:test", "vitest", "jest", "mocha", "node:test", "Playwright", "Cypress",
  "pytest", "unittest", "xUnit", "NUnit", "MSTest", "JUnit", "TestNG", "Go testing",
];
/** Runners whose test files may use globals without importing anything, in preference order. */
const GLOBAL_RUNNERS = ["jest", "vitest", "mocha", "bun:test"];

const CONFIG_FILES: readonly (readonly [RegExp, string])[] = [
  [/^vitest\.(?:config|workspace)\./, "vitest"],
  [/^jest\.config\./, "jest"],
  [/^\.mocharc/, "mocha"],
  [/^playwright\.config\./, "Playwright"],
  [/^cypress\.(?:config\.|json$)/, "Cypress"],
  [/^(?:pytest\.ini|conftest\.py)$/, "pytest"],
];
const DEPENDENCIES: Record<string, string> = {
  vitest: "vitest", jest: "jest", "ts-jest": "jest", "babel-jest": "jest", "@types/jest": "jest", "jest-preset-angular": "jest",
  mocha: "mocha", "@playwright/test": "Playwright", cypress: "Cypress",
};
const SCRIPTS: readonly (readonly [RegExp, string])[] = [
  [/\bbun test\b/, "bun:test"],
  [/\bvitest\b/, "vitest"],
  [/\bjest\b/, "jest"],
  [/\bmocha\b/, "mocha"],
  [/\bnode\b[^&|;]*\s--test\b/, "node:test"],
  [/\bplaywright test\b/, "Playwright"],
  [/\bcypress (?:run|open)\b/, "Cypress"],
];
const IMPORTS: readonly (readonly [string, string])[] = [
  ["bun:test", "bun:test"], ["vitest", "vitest"], ["@jest/globals", "jest"], ["node:test", "node:test"],
  ["@playwright/test", "Playwright"], ["mocha", "mocha"], ["cypress", "Cypress"],
];
const CONFIG_NAME = /\.config\.[cm]?[jt]s$/;
const JS_GLOBALS = /(?<![\w$.])(?:describe|it|test)\s*\(/;
const CYPRESS = /(?<![\w$.])cy\.\w+\s*\(/;
const JEST_API = /\bjest\.(?:fn|mock|spyOn)\b/;
const VITEST_API = /\bvi\.(?:fn|mock|spyOn)\b/;

export function detectTestFrameworks(corpus: Corpus): string | null {
  const configured = new Set<string>();
  for (const f of corpus.all) configuredBy(f, configured);
  const globalRunner = GLOBAL_RUNNERS.find((r) => configured.has(r));
  const files = new Tally();
  for (const f of corpus.all) {
    const fw = f.lang === null || (f.lang === "js" && CONFIG_NAME.test(f.name)) ? undefined : frameworkOf(f, globalRunner);
    if (fw) files.add(fw);
  }
  const segments: Segment[] = [];
  for (const fw of FRAMEWORKS) {
    const n = files.n(fw);
    if (n > 0) segments.push({ text: `${fw} — ${plural(n, "test file")}`, weight: n });
    else if (configured.has(fw)) segments.push({ text: `${fw} — configured, no test files`, weight: 0 });
  }
  return segments.length ? joinSegments(segments) : null;
}

function configuredBy(f: Src, into: Set<string>): void {
  for (const [re, fw] of CONFIG_FILES) if (re.test(f.name)) into.add(fw);
  if (f.name === "bunfig.toml" && /^\s*\[test\]/m.test(f.text)) into.add("bun:test");
  if ((f.name === "pyproject.toml" && f.text.includes("[tool.pytest")) || (f.name === "setup.cfg" && f.text.includes("[tool:pytest]"))) into.add("pytest");
  if (f.name.endsWith(".csproj")) {
    for (const fw of ["xUnit", "NUnit", "MSTest"]) if (new RegExp(`Include="${fw}`, "i").test(f.text)) into.add(fw);
  }
  if (f.name !== "package.json") return;
  let pkg: unknown;
  try {
    pkg = JSON.parse(f.text);
  } catch {
    return;
  }
  if (typeof pkg !== "object" || pkg === null) return;
  const p = pkg as Record<string, unknown>;
  for (const key of ["dependencies", "devDependencies"]) {
    const deps = p[key];
    if (typeof deps === "object" && deps !== null) for (const dep of Object.keys(deps)) if (DEPENDENCIES[dep]) into.add(DEPENDENCIES[dep]);
  }
  if (typeof p.jest === "object") into.add("jest");
  const scripts = p.scripts;
  if (typeof scripts === "object" && scripts !== null) {
    for (const cmd of Object.values(scripts)) {
      if (typeof cmd === "string") for (const [re, fw] of SCRIPTS) if (re.test(cmd)) into.add(fw);
    }
  }
}

/** The framework a code file is a test for, if it is one. */
function frameworkOf(f: Src, globalRunner: string | undefined): string | undefined {
  const c = f.code;
  switch (f.lang) {
    case "js": {
      const imported = IMPORTS.find(([mod]) => imports(f, mod));
      if (imported) return imported[1];
      if (!f.test) return undefined;
      if (f.name.includes(".cy.") || CYPRESS.test(c)) return "Cypress";
      if (!JS_GLOBALS.test(c)) return undefined;
      if (JEST_API.test(c)) return "jest";
      if (VITEST_API.test(c)) return "vitest";
      return globalRunner;
    }
    case "py":
      if (f.name === "conftest.py") return undefined;
      if (c.includes("unittest.TestCase") || (imports(f, "unittest") && c.includes("TestCase"))) return "unittest";
      return imports(f, "pytest") || (f.test && /^\s*(?:async\s+)?def\s+test_/m.test(c)) ? "pytest" : undefined;
    case "cs":
      if (/\[(?:Fact|Theory)\b/.test(c)) return "xUnit";
      if (/\[(?:TestFixture|Test)\b/.test(c)) return "NUnit";
      return /\[(?:TestClass|TestMethod)\b/.test(c) ? "MSTest" : undefined;
    case "jvm":
      return imports(f, "org.junit") ? "JUnit" : imports(f, "org.testng") ? "TestNG" : undefined;
    case "go":
      return f.name.endsWith("_test.go") && imports(f, "testing") ? "Go testing" : undefined;
    default:
      return undefined;
  }
}
