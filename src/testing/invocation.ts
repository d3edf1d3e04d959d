// How one test file is run so that the runner leaves a machine-readable report, and how that
// report is read: bun test and node --test write JUnit XML, jest and vitest their JSON, mocha
// its json reporter (each into a private temporary file svc names, never into the
// workspace); ava prints TAP on stdout. A name filter restricts the run to tests whose title
// contains one of the names, in each runner's own syntax (vitest/jest -t, bun and node
// --test-name-pattern, mocha --grep: a regular expression; ava --match: a wildcard pattern).
// A runner svc does not know (a custom testCommand) runs the file alone and is graded by
// its exit code.

import { readFileSync } from "node:fs";
import { escapeRegExp } from "../lang/identifier.ts";
import { parseJestJson, parseMochaJson } from "./report-json.ts";
import { parseJunit } from "./report-junit.ts";
import { parseTap } from "./report-tap.ts";
import type { Runner, RunnerFamily } from "./runner.ts";
import type { ParsedReport } from "./test-cases.ts";

export type ReportRead = { report: ParsedReport; why: null } | { report: null; why: string };

export interface Invocation {
  argv: string[];
  /** The same run without svc's report options (the name filter kept): for a runner that rejects them. */
  plainArgv: string[];
  /** The report's format in words ("JUnit XML", …); null: the runner has none svc reads. */
  format: string | null;
  /** Read the report after the run (stdout: what the runner printed). */
  read(stdout: string): ReportRead;
}

const FORMAT: Record<RunnerFamily, string> = { bun: "JUnit XML", node: "JUnit XML", vitest: "JSON report", jest: "JSON report", mocha: "JSON report", ava: "TAP output" };

/** The report svc reads from the runner, in words. */
export const reportFormat = (family: RunnerFamily) => FORMAT[family];

function filterArgs(family: RunnerFamily, names: readonly string[]): string[] {
  if (!names.length) return [];
  const pattern = names.map(escapeRegExp).join("|");
  switch (family) {
    case "vitest":
    case "jest":
      return ["-t", pattern];
    case "bun":
      return ["--test-name-pattern", pattern];
    case "node":
      return [`--test-name-pattern=${pattern}`];
    case "mocha":
      return ["--grep", pattern];
    case "ava":
      return names.flatMap((n) => ["--match", `*${n}*`]);
  }
}

function reportArgs(family: RunnerFamily, reportPath: string): string[] {
  switch (family) {
    case "bun":
      return ["--reporter=junit", `--reporter-outfile=${reportPath}`];
    case "node":
      return ["--test-reporter=spec", "--test-reporter-destination=stdout", "--test-reporter=junit", `--test-reporter-destination=${reportPath}`];
    case "vitest":
      return ["--reporter=default", "--reporter=json", `--outputFile.json=${reportPath}`, "--includeTaskLocation"];
    case "jest":
      return ["--json", `--outputFile=${reportPath}`, "--testLocationInResults"];
    case "mocha":
      return ["--reporter", "json", "--reporter-option", `output=${reportPath}`];
    case "ava":
      return ["--tap"];
  }
}

function readFile(reportPath: string, parse: (text: string) => ParsedReport | null, format: string): ReportRead {
  let text: string;
  try {
    text = readFileSync(reportPath, "utf8");
  } catch {
    return { report: null, why: `the runner wrote no ${format}` };
  }
  let report: ParsedReport | null = null;
  try {
    report = parse(text);
  } catch {}
  return report ? { report, why: null } : { report: null, why: `the runner's ${format} does not parse` };
}

const json = (parse: (value: unknown) => ParsedReport | null) => (text: string) => parse(JSON.parse(text));

/** The argv that runs `file` (root-relative) with a report into `reportPath`, restricted to `names` when given. */
export function invocation(runner: Runner, file: string, reportPath: string, names: readonly string[]): Invocation {
  const family = runner.family;
  if (!family) return { argv: [...runner.argv, file], plainArgv: [...runner.argv, file], format: null, read: () => ({ report: null, why: "svc reads no report from a custom testCommand" }) };
  // bun test takes a bare argument as a path filter: ./ makes it this one file
  const target = family === "bun" && !file.startsWith("/") ? `./${file}` : file;
  const argv = [...runner.argv, ...reportArgs(family, reportPath), ...filterArgs(family, names), target];
  const plainArgv = [...runner.argv, ...filterArgs(family, names), target];
  const format = FORMAT[family];
  if (family === "ava") {
    return { argv, plainArgv, format, read: (stdout) => {
      const report = parseTap(stdout);
      return report ? { report, why: null } : { report: null, why: "the runner printed no TAP" };
    } };
  }
  const parse = family === "bun" || family === "node" ? parseJunit : family === "mocha" ? json(parseMochaJson) : json(parseJestJson);
  return { argv, plainArgv, format, read: () => readFile(reportPath, parse, format) };
}
