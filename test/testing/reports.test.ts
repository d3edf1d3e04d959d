// The report parsers on reports as the runners write them (captured from bun 1.4, node 20,
// ava 7), and the shaping of a test's location and message: nested describe titles, XML
// entities, skipped and todo tests, a line found by the title only when the title is
// unique, the first stack frame inside the workspace.

import { describe, expect, test } from "bun:test";
import { parseJestJson, parseMochaJson } from "../../src/testing/report-json.ts";
import { parseJunit } from "../../src/testing/report-junit.ts";
import { parseTap } from "../../src/testing/report-tap.ts";
import { shapeMessage, toTestCases } from "../../src/testing/test-cases.ts";
import { plainDir } from "../helpers/repo.ts";

const BUN_JUNIT = `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="bun test" tests="4" assertions="2" failures="1" skipped="2" time="0.142779984">
  <testsuite name="test/n.test.js" file="test/n.test.js" tests="4" assertions="2" failures="1" skipped="2" time="0.001512734" hostname="vm">
    <testsuite name="calc" file="test/n.test.js" line="2" tests="4" assertions="2" failures="1" skipped="2" time="0" hostname="vm">
      <testsuite name="add" file="test/n.test.js" line="3" tests="4" assertions="2" failures="1" skipped="2" time="0" hostname="vm">
        <testcase name="adds &amp; &lt;small&gt;" classname="add &gt; calc" time="0.000033" file="test/n.test.js" line="4" assertions="1" />
        <testcase name="skipped one" classname="add &gt; calc" time="0" file="test/n.test.js" line="5" assertions="0">
          <skipped />
        </testcase>
        <testcase name="todo one" classname="add &gt; calc" time="0" file="test/n.test.js" line="6" assertions="0">
          <skipped message="TODO" />
        </testcase>
        <testcase name="fails" classname="add &gt; calc" time="0.000138" file="test/n.test.js" line="7" assertions="1">
          <failure type="AssertionError" message="expect(received).toBe(expected)&#10;&#10;Expected: 2&#10;Received: 1&#10;">AssertionError: expect(received).toBe(expected)&#10;&#10;Expected: 2&#10;Received: 1&#10;&#10;      at test/n.test.js:7:37&#10;</failure>
        </testcase>
      </testsuite>
    </testsuite>
  </testsuite>
</testsuites>
`;

const NODE_JUNIT = `<?xml version="1.0" encoding="utf-8"?>
<testsuites>
	<testsuite name="calc" time="0.012543" disabled="0" errors="0" tests="1" failures="1" skipped="1" hostname="vm">
		<testsuite name="add" time="0.011686" disabled="0" errors="0" tests="4" failures="1" skipped="2" hostname="vm">
			<testcase name="adds &amp; &lt;small>" time="0.000834" classname="test"/>
			<testcase name="skipped one" time="0.000144" classname="test">
				<skipped type="skipped" message="true"/>
			</testcase>
			<testcase name="fails" time="0.009596" classname="test" failure="Expected values to be strictly equal:1 !== 2">
				<failure type="testCodeFailure" message="Expected values to be strictly equal:1 !== 2">
[Error [ERR_TEST_FAILURE]: Expected values to be strictly equal:

1 !== 2
] {
  cause: AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:
      at TestContext.&lt;anonymous> (file:///ROOT/test/n.test.mjs:8:32)
      at Test.runInAsyncScope (node:async_hooks:206:9)
}
				</failure>
			</testcase>
		</testsuite>
	</testsuite>
	<testcase name="top level" time="0.1" classname="test"/>
	<!-- tests 4 -->
</testsuites>
`;

const AVA_TAP = `TAP version 13
ok 1 - skipped one # SKIP
not ok 2 - todo one # TODO
ok 3 - ok one
not ok 4 - throws
  ---
    name: AssertionError
    details:
      'Error thrown in test:': |-
        TypeError {
          message: 'boom',
        }
    message: Error thrown in test
    at: 'file:///ROOT/test/s.test.js:5:30'
  ...

1..4
`;

const line = (c: { ancestors: string[]; title: string; status: string; line: number | null }) => `${[...c.ancestors, c.title].join(" > ")}:${c.status}:${c.line}`;

describe("report parsers", () => {
  test("bun's JUnit: the file suite is not a title, nested describes are; entities decoded; skipped and todo are skips; the failure body kept", () => {
    const r = parseJunit(BUN_JUNIT);
    expect(r?.cases.map(line)).toEqual(["calc > add > adds & <small>:pass:4", "calc > add > skipped one:skip:5", "calc > add > todo one:skip:6", "calc > add > fails:fail:7"]);
    expect(r?.cases[3]?.failure).toBe("AssertionError: expect(received).toBe(expected)\n\nExpected: 2\nReceived: 1\n\n      at test/n.test.js:7:37");
    expect(r?.cases[3]?.file).toBe("test/n.test.js");
  });

  test("node's JUnit: no file or line; a test outside any describe has no ancestors", () => {
    const r = parseJunit(NODE_JUNIT);
    expect(r?.cases.map(line)).toEqual(["calc > add > adds & <small>:pass:null", "calc > add > skipped one:skip:null", "calc > add > fails:fail:null", "top level:pass:null"]);
    expect(r?.cases[2]?.failure).toContain("1 !== 2");
  });

  test("TAP: SKIP and TODO directives are skips, not failures; the YAML block is the message", () => {
    const r = parseTap(AVA_TAP);
    expect(r?.cases.map(line)).toEqual(["skipped one:skip:null", "todo one:skip:null", "ok one:pass:null", "throws:fail:null"]);
    expect(r?.cases[3]?.failure).toContain("message: Error thrown in test");
    expect(r?.cases[3]?.failure).not.toContain("name: AssertionError\n    at");
  });

  test("what is not a report is null (the caller falls back to the exit code and says so)", () => {
    expect(parseJunit("no xml here")).toBeNull();
    // cut short (a runner that died while writing it): not a report, whatever it lists so far
    expect(parseJunit(BUN_JUNIT)).not.toBeNull();
    for (const [xml, end] of [[BUN_JUNIT, "</testsuites>"], [BUN_JUNIT, "</testcase>"], [NODE_JUNIT, "</testsuites>"]] as const) {
      expect(xml.indexOf(end)).toBeGreaterThan(0);
      expect(parseJunit(xml.slice(0, xml.indexOf(end)))).toBeNull();
    }
    expect(parseTap("just output\nnothing else\n")).toBeNull();
    expect(parseJestJson({ stats: {} })).toBeNull();
    expect(parseMochaJson({ testResults: [] })).toBeNull();
    expect(parseMochaJson({ stats: {}, passes: [], failures: [{ title: '"before all" hook for "x"', fullTitle: 'calc "before all" hook for "x"', file: "/r/t.js", err: { message: "boom", stack: "Error: boom\n    at Context.<anonymous> (t.js:3:9)" } }] })?.cases).toEqual([
      { ancestors: ["calc"], title: '"before all" hook for "x"', status: "fail", file: "/r/t.js", line: null, failure: "Error: boom\n    at Context.<anonymous> (t.js:3:9)" },
    ]);
  });
});

describe("test cases as answers show them", () => {
  test("a line is found by the title when it appears once, or once after its describe; otherwise it is unknown", () => {
    const root = plainDir({
      "test/s.test.js": 'test("once", () => {});\ntest("twice", () => {});\ntest(\'twice\', () => {});\ndescribe("a", () => {\n  it("works", () => {});\n});\ndescribe("b", () => {\n  it(`works`, () => {});\n});\n',
    });
    const at = (ancestors: string[], title: string) => ({ ancestors, title, status: "pass" as const, file: null, line: null, failure: null });
    const cases = toTestCases(root, "test/s.test.js", {
      cases: [at([], "once"), at([], "twice"), at(["a"], "works"), at(["b"], "works"), at(["c"], "works"), { ancestors: ["s"], title: "given", status: "pass", file: `${root}/test/s.test.js`, line: 9, failure: null }],
      fileError: null,
    });
    expect(cases.map((c) => `${c.title}@${c.file}:${c.line}:${c.lineFrom}`)).toEqual([
      "once@test/s.test.js:1:title",
      "twice@test/s.test.js:null:null",
      "a > works@test/s.test.js:5:title",
      "b > works@test/s.test.js:8:title",
      "c > works@test/s.test.js:null:null",
      "s > given@test/s.test.js:9:report",
    ]);
  });

  test("a title found after its describe but outside that describe's block is not that test's line (unknown, not wrong)", () => {
    const root = plainDir({
      // "a > works" is made by a loop (no literal inside describe a); the only literal "works" after it belongs to describe b
      "test/d.test.js": 'describe("a", () => {\n  for (const name of names) it(name, () => {});\n});\ndescribe("b", () => {\n  it("works", () => {});\n  describe("inner (x)", () => {\n    it("deep", () => { const s = "})"; });\n  });\n});\n',
    });
    const at = (ancestors: string[], title: string) => ({ ancestors, title, status: "pass" as const, file: null, line: null, failure: null });
    const cases = toTestCases(root, "test/d.test.js", { cases: [at(["a"], "works"), at(["b"], "works"), at(["b", "inner (x)"], "deep"), at(["a"], "deep")], fileError: null });
    expect(cases.map((c) => `${c.title}:${c.line}:${c.lineFrom}`)).toEqual(["a > works:null:null", "b > works:5:title", "b > inner (x) > deep:7:title", "a > deep:null:null"]);
  });

  test("a message keeps its first lines and adds the first stack frame inside the workspace (not node_modules, not node internals)", () => {
    const root = plainDir({ "test/a.test.js": "", "src/b.js": "", "internal/x": "", "node_modules/vitest/dist/a.js": "" });
    const raw = `AssertionError: expected 4 to be 5\n    at node:internal/x:1:1\n    at ${root}/node_modules/vitest/dist/a.js:3:4\n    at ${root}/gone.js:2:2\n    at file://${root}/test/a.test.js:9:23\n    at ${root}/src/b.js:1:1`;
    expect(shapeMessage(root, raw)).toBe("AssertionError: expected 4 to be 5\nat test/a.test.js:9:23");
    expect(shapeMessage(root, "x\n".repeat(20)).split("\n")).toHaveLength(6);
    expect(shapeMessage(root, "")).toBe("(the report gives no message)");
  });
});
