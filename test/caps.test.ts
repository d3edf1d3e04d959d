// Bounded work for any input: every parameter of every registered operation has a cap
// (strings, lists, integers). Walking the registry, an over-cap value always answers a
// one-line `validation_error` naming the parameter (never internal_error, never the huge
// input echoed), and a value exactly at the cap reaches the operation without an
// internal_error. A new parameter is covered without anyone remembering to.

import { describe, expect, test } from "bun:test";
import { call } from "../src/engine.ts";
import { MAX_ERROR_MESSAGE, SvcError } from "../src/errors.ts";
import { appliesRules, INT_CAP, LIST_CAP, STRING_CAP, type ParamSpec } from "../src/params.ts";
import { REGISTRY, type OperationSpec } from "../src/registry/index.ts";
import { globToRegExp } from "../src/workspace/ignore.ts";
import { gitRepo } from "./helpers/repo.ts";
import { failure } from "./helpers/failure.ts";

const SKIP_AT_CAP = new Set(["refactorRpc"]); // the same operation as refactor behind one object parameter

async function outcome(op: string, args: Record<string, unknown>): Promise<string> {
  try {
    await call(op, args);
    return "ok";
  } catch (error) {
    if (!(error instanceof SvcError)) return `not an SvcError: ${String(error).slice(0, 200)}`;
    return error.formatted;
  }
}

/** A string of exactly `n` characters that is hard on pattern matchers, SQL LIKE and regex builders. */
function nasty(n: number): string {
  const unit = "é%_*?[(\\a.b/";
  return unit.repeat(Math.ceil(n / unit.length)).slice(0, n);
}

function overCap(spec: ParamSpec): Array<[string, unknown]> {
  switch (spec.type) {
    case "string":
      return [["a string over the cap", "x".repeat((spec.maxLength ?? STRING_CAP) + 1)]];
    case "string[]":
      return [
        ["a list over the cap", Array.from({ length: (spec.maxItems ?? LIST_CAP) + 1 }, (_, i) => `item${i}`)],
        ["an item over the cap", ["x".repeat((spec.maxLength ?? STRING_CAP) + 1)]],
      ];
    case "int":
      return [["1e308", 1e308], ["an array", [1]], ["over the maximum", (spec.max ?? INT_CAP) + 1]];
    case "bool":
      return [["an array", [true]]];
    case "enum":
      return [["a huge unknown value", "x".repeat(1_000_000)]];
    case "object":
      return [["an array", []]];
    case "object[]":
      return [
        ["a list over the cap", Array.from({ length: (spec.maxItems ?? LIST_CAP) + 1 }, (_, i) => ({ id: `c${i}` }))],
        ["a string that is not JSON", "x".repeat(100)],
        ["an item that is not an object", ["x"]],
      ];
  }
}

/** Whole-file content (apply, check, reduce) is capped for memory; it is exercised at 64 KiB to keep the suite quick (a typecheck of 2 MiB takes seconds). */
const CONTENT_PROBE = 64 * 1024;

function atCap(spec: ParamSpec): unknown {
  switch (spec.type) {
    case "string":
      return nasty(Math.min(spec.maxLength ?? STRING_CAP, CONTENT_PROBE));
    case "string[]":
      // Items at their cap; 20 of them (the list cap itself is checked above).
      return Array.from({ length: Math.min(spec.maxItems ?? LIST_CAP, 20) }, () => nasty(spec.maxLength ?? STRING_CAP));
    case "int":
      return spec.max ?? INT_CAP;
    default:
      return undefined;
  }
}

function baseArgs(spec: OperationSpec, root: string): Record<string, unknown> {
  const args: Record<string, unknown> = { path: root };
  for (const p of spec.params) if (p.required && p.name !== "path") args[p.name] = p.type === "object" ? {} : p.type === "string" ? "total" : undefined;
  return args;
}

describe("every parameter of every operation is capped", () => {
  const root = gitRepo({ "src/math.ts": "export function total(a: number, b: number): number {\n  return a + b;\n}\n", "package.json": "{\"name\":\"caps\"}\n" });

  test("over the cap: a one-line validation_error naming the parameter, the input never echoed", async () => {
    let calls = 0;
    for (const spec of REGISTRY) {
      for (const param of spec.params) {
        for (const [what, value] of overCap(param)) {
          const message = await outcome(spec.op, { ...baseArgs(spec, root), [param.name]: value });
          calls++;
          const context = `${spec.op}.${param.name} given ${what}`;
          expect({ context, prefix: message.split(":")[0] }).toEqual({ context, prefix: "validation_error" });
          expect({ context, named: message.includes(param.name) }).toEqual({ context, named: true });
          expect({ context, short: message.length <= 400 && !message.includes("\n") }).toEqual({ context, short: true });
        }
      }
    }
    expect(calls).toBeGreaterThan(200);
  }, 120_000);

  test("at the cap: the operation runs or refuses with a prefix, never internal_error", async () => {
    await call("index", { path: root });
    const failures: string[] = [];
    for (const spec of REGISTRY) {
      if (SKIP_AT_CAP.has(spec.op)) continue;
      for (const param of spec.params) {
        if (param.name === "path") continue;
        const value = atCap(param);
        if (value === undefined) continue;
        const t0 = performance.now();
        const message = await outcome(spec.op, { ...baseArgs(spec, root), [param.name]: value });
        if (process.env.CAPS_TIMING) console.log(spec.op, param.name, Math.round(performance.now() - t0), message.slice(0, 100));
        if (message.startsWith("internal_error") || message.startsWith("not an SvcError") || message.length > MAX_ERROR_MESSAGE + 80) {
          failures.push(`${spec.op}.${param.name}: ${message.slice(0, 200)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});

describe("glob patterns cannot explode", () => {
  test("more than two '*' in one segment of an exclude pattern with braces is refused; many '*' elsewhere and repeated '**/' answer (they used to backtrack exponentially)", async () => {
    const root = gitRepo({ [`src/${"a".repeat(200)}.ts`]: "export const a = 1;\n" });
    const error = await failure(call("toc", { path: root, excludePatterns: ["*.ts", "{x,y}*a*a*a*b"] }));
    expect(error.formatted).toBe("validation_error: excludePatterns[1] has 4 '*' wildcards in the segment '{x,y}*a*a*a*b' of a pattern with '{…}'; at most 2 per path segment there");
    const stars = await call("toc", { path: root, excludePatterns: [`${"*a".repeat(40)}*.md`] });
    expect(stars.text).toContain(".ts");
    const deep = await call("toc", { path: root, excludePatterns: [`${"**/".repeat(40)}*.md`] });
    expect(deep.text).toContain(".ts");
    expect(globToRegExp(`${"**/".repeat(40)}x`).test(`${"a/".repeat(30)}y`)).toBe(false);
  }, 60_000);
});

describe("strings hold no NUL but whole-file text; a parameter that means nothing with the others is refused", () => {
  const root = gitRepo({ "src/math.ts": "export function total(a: number, b: number): number {\n  return a + b;\n}\n", "package.json": "{\"name\":\"caps\"}\n" });

  test("every string and list of strings refuses NUL (SQLite and the file system read it as the end: a query of '\\0' matched every symbol), naming the parameter; whole-file content takes it", async () => {
    const problems: string[] = [];
    let refused = 0;
    for (const spec of REGISTRY) {
      for (const param of spec.params) {
        if (param.type !== "string" && param.type !== "string[]") continue;
        const value = param.type === "string" ? "to\0tal" : ["src/math.ts", "to\0tal"];
        const message = await outcome(spec.op, { ...baseArgs(spec, root), [param.name]: value });
        if (param.rawText) {
          if (message.includes("NUL")) problems.push(`${spec.op}.${param.name} (whole-file text) refused NUL: ${message}`);
          continue;
        }
        const expected = `validation_error: ${param.name}${param.type === "string[]" ? "[1]" : ""} must not contain a NUL character (\\0, at index 2)`;
        if (message !== expected) problems.push(`${spec.op}.${param.name}: ${message.slice(0, 200)}`);
        refused++;
      }
    }
    expect(problems).toEqual([]);
    expect(refused).toBeGreaterThan(50);
    expect(REGISTRY.flatMap((s) => s.params.filter((p) => p.rawText).map((p) => `${s.op}.${p.name}`)).sort()).toEqual(["apply.content", "check.content", "checkCapture.content", "checkOverlay.content", "reduce.content"]);
    const kept = await call("reduce", { path: root, content: "export const a = 'x\0y';\n", level: "none", extension: ".ts" });
    expect(kept.text).toContain("x\0y");
  }, 120_000);

  test("appliesWith: each rule names a parameter of the operation (and values it takes); a value passed without it is refused naming both; its default passes", async () => {
    const problems: string[] = [];
    let rules = 0;
    for (const spec of REGISTRY) {
      for (const { param, rule } of spec.params.flatMap((param) => appliesRules(param).map((rule) => ({ param, rule })))) {
        rules++;
        const other = spec.params.find((p) => p.name === rule.param);
        if (!other) {
          problems.push(`${spec.op}.${param.name} applies with ${rule.param}, which ${spec.op} does not take`);
          continue;
        }
        const takes = other.type === "bool" ? ["true", "false"] : (other.values ?? []);
        if (rule.values?.some((v) => !takes.includes(v))) problems.push(`${spec.op}.${param.name}: ${rule.values} are not all values of ${other.name}`);
        const value = param.type === "int" ? (Number(param.default ?? 3) === 3 ? 4 : 3) : param.type === "bool" ? !(param.default ?? false) : param.type === "enum" ? param.values?.find((v) => v !== param.default) : ".other";
        // the other parameter at a value the rule does not take: another enum value (a boolean's other one), or unset
        const other_ = rule.values ? takes.find((v) => !rule.values?.includes(v)) ?? null : null;
        // an `unset` rule: the other parameter set (gate's session with since)
        const without = rule.unset ? (other.type === "bool" ? true : other.type === "int" ? 1 : "HEAD") : other.type === "bool" && other_ !== null ? other_ === "true" : other_;
        const message = await outcome(spec.op, { ...baseArgs(spec, root), [rule.param]: without, [param.name]: value });
        if (!message.startsWith(`validation_error: ${param.name} applies only ${rule.unset ? "without" : "with"} ${rule.param}`)) problems.push(`${spec.op}.${param.name}=${value} with ${rule.param}=${without}: ${message.slice(0, 200)}`);
        const atDefault = await outcome(spec.op, { ...baseArgs(spec, root), [rule.param]: without, [param.name]: param.default });
        if (atDefault.includes("applies only with")) problems.push(`${spec.op}.${param.name} at its default refused: ${atDefault}`);
      }
    }
    expect(problems).toEqual([]);
    expect(rules).toBeGreaterThanOrEqual(20);
    // find's changedSince with kind=all used to answer as if no ref had been given, a bad one included
    expect((await failure(call("find", { path: root, query: "total", changedSince: "no-such-ref" }))).formatted).toBe("validation_error: changedSince applies only with kind=task (this call has kind=all); pass kind=task or leave changedSince out");
    expect((await failure(call("reduce", { path: root, files: ["src/math.ts"], extension: ".py" }))).formatted).toBe("validation_error: extension applies only with content; pass content or leave extension out");
    expect((await failure(call("fuse", { path: root, depth: 3 }))).formatted).toBe("validation_error: depth applies only with focus or query; pass focus or query or leave depth out");
    // gate's session is the host's: with --staged or --since it was ignored
    expect((await failure(call("gate", { path: root, staged: true, session: "mine" }))).formatted).toBe("validation_error: session applies only with staged=false (this call has staged=true); pass staged=false or leave session out");
    expect((await failure(call("gate", { path: root, since: "HEAD", session: "mine" }))).formatted).toBe("validation_error: session applies only without since (this call has since=HEAD); leave one of them out");
    expect((await call("fuse", { path: root, depth: 3, query: "total" })).text).toContain("src/math.ts");
    // several rules, all held: review's format and session mean nothing in the handoff packet (format=json was ignored there)
    expect((await failure(call("review", { path: root, handoff: true, format: "json" }))).formatted).toBe("validation_error: format applies only with handoff=false (this call has handoff=true); pass handoff=false or leave format out");
    expect((await failure(call("review", { path: root, handoff: true, sessionId: "s1" }))).formatted).toBe("validation_error: sessionId applies only with handoff=false (this call has handoff=true); pass handoff=false or leave sessionId out");
    expect((await failure(call("review", { path: root, planOnly: true, format: "json" }))).formatted).toStartWith("validation_error: format applies only with planOnly=false");
    // the handoff's check session is a session id as svc_check takes it, not any text
    expect((await failure(call("review", { path: root, handoff: true, checkSession: "../../tmp/x" }))).formatted).toBe("validation_error: checkSession must be 1–128 characters of A-Z a-z 0-9 . _ : - (got '../../tmp/x')");
  }, 120_000);
});

test("a list for a one-value parameter (a flag given twice, [5]) is named as a list, on every operation", async () => {
  for (const spec of REGISTRY) {
    for (const param of spec.params.filter((p) => ["int", "bool", "enum", "string"].includes(p.type))) {
      const message = await outcome(spec.op, { ...baseArgs(spec, "/definitely/missing"), [param.name]: [1, 2] });
      expect({ at: `${spec.op}.${param.name}`, message }).toEqual({ at: `${spec.op}.${param.name}`, message: `validation_error: ${param.name} takes one value, not a list of 2 ([1,2])` });
    }
  }
});

test("integers and booleans parse one way on every operation: decimal digits (as text on the CLI) and true/false; '0x10', ' 5 ', '5.0', '1e3', '+5', 0/1 and 'yes' are refused", async () => {
  const problems: string[] = [];
  for (const spec of REGISTRY) {
    for (const param of spec.params.filter((p) => p.type === "int" || p.type === "bool")) {
      const bad = param.type === "int" ? ["0x10", " 5 ", "5.0", "1e3", "+5", "", "5abc"] : [0, 1, "1", "0", "yes", "on", ""];
      for (const value of bad) {
        const message = await outcome(spec.op, { ...baseArgs(spec, "/definitely/missing"), [param.name]: value });
        const expected = param.type === "int" ? `validation_error: ${param.name} must be an integer (got '${value}')` : `validation_error: ${param.name} must be true or false (got '${value}')`;
        if (message !== expected) problems.push(`${spec.op}.${param.name}=${JSON.stringify(value)}: ${message.slice(0, 160)}`);
      }
      // the text the CLI passes is read as the value it spells
      const good = param.type === "int" ? String(param.max ?? Math.max(param.min ?? 0, param.orAtLeast ?? 0, 1)) : "TRUE";
      const message = await outcome(spec.op, { ...baseArgs(spec, "/definitely/missing"), [param.name]: good });
      if (/must be an integer|must be true or false/.test(message)) problems.push(`${spec.op}.${param.name}=${JSON.stringify(good)} refused: ${message.slice(0, 160)}`);
    }
  }
  expect(problems).toEqual([]);
});
