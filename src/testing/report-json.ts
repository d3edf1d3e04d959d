// The JSON reports: jest's (--json --outputFile) and vitest's json reporter share one shape
// (testResults[] of files, each with assertionResults[] carrying ancestorTitles, title,
// status, location and failureMessages, and a file-level message when the suite did not
// load); mocha's json reporter lists passes, failures and pending with title, fullTitle,
// file and err {message, stack}.

import type { CaseStatus, ParsedReport, RawCase } from "./test-cases.ts";

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === "string" ? v : "");
const list = (v: unknown): Json[] => (Array.isArray(v) ? v.filter(isObject) : []);

const JEST_STATUS: Record<string, CaseStatus> = { passed: "pass", failed: "fail", pending: "skip", skipped: "skip", todo: "skip", disabled: "skip", focused: "pass" };

/** jest --json / vitest --reporter=json; null when the value is not such a report. */
export function parseJestJson(value: unknown): ParsedReport | null {
  if (!isObject(value) || !Array.isArray(value.testResults)) return null;
  const cases: RawCase[] = [];
  const fileErrors: string[] = [];
  for (const file of list(value.testResults)) {
    const assertions = list(file.assertionResults);
    for (const a of assertions) {
      const location = isObject(a.location) ? a.location : null;
      const line = typeof location?.line === "number" && location.line > 0 ? location.line : null;
      const status = JEST_STATUS[str(a.status)] ?? "skip";
      const failures = Array.isArray(a.failureMessages) ? a.failureMessages.filter((m): m is string => typeof m === "string") : [];
      cases.push({ ancestors: Array.isArray(a.ancestorTitles) ? a.ancestorTitles.map(String) : [], title: str(a.title), status, file: str(file.name) || null, line, failure: status === "fail" ? failures.join("\n") || null : null });
    }
    // a suite that failed to load has no failing assertion, only the file's message
    if (str(file.status) === "failed" && !assertions.some((a) => a.status === "failed") && str(file.message).trim()) fileErrors.push(str(file.message).trim());
  }
  return { cases, fileError: fileErrors.length ? fileErrors.join("\n") : null };
}

/** mocha --reporter json; null when the value is not such a report. */
export function parseMochaJson(value: unknown): ParsedReport | null {
  if (!isObject(value) || !isObject(value.stats) || !Array.isArray(value.passes) || !Array.isArray(value.failures)) return null;
  const one = (t: Json, status: CaseStatus): RawCase => {
    const title = str(t.title);
    const full = str(t.fullTitle);
    const prefix = full.endsWith(title) ? full.slice(0, full.length - title.length).trim() : "";
    const err = isObject(t.err) ? t.err : {};
    const stack = str(err.stack);
    const message = str(err.message);
    const failure = stack.includes(message.trim().split("\n")[0] ?? "") && stack ? stack : [message, stack].filter(Boolean).join("\n");
    return { ancestors: prefix ? [prefix] : [], title, status, file: str(t.file) || null, line: null, failure: status === "fail" ? failure || null : null };
  };
  return { cases: [...list(value.failures).map((t) => one(t, "fail")), ...list(value.passes).map((t) => one(t, "pass")), ...list(value.pending).map((t) => one(t, "skip"))], fileError: null };
}
