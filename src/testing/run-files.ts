// Run the selected test files one at a time with the detected runner (cwd = the workspace
// root, a timeout per file, no shell), each with its machine-readable report written to a
// private temporary folder (removed after, whatever happens) and read per test: a file fails
// when a test in it fails or the runner exits non-zero, and a failure names the test, its
// file and line and the first lines of its message. Without a readable report (a custom
// testCommand, a runner that rejected svc's report options) the file is graded by its exit
// code alone, and says so; a known runner that exits 0 without a readable report is not
// graded (not_run: something ended it early); a run that crashed is never a pass. The timeout bounds
// each file's runs together.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { untilDone } from "../sys/on-exit.ts";
import { gitLocalUnset } from "../sys/git-env.ts";
import { run, ProcessError } from "../sys/proc.ts";
import { isCheckerLanguage, languageOf } from "../lang/languages.ts";
import { invocation } from "./invocation.ts";
import type { Runner } from "./runner.ts";
import { shapeMessage, toTestCases, type TestCase } from "./test-cases.ts";

export type Outcome = "pass" | "fail" | "timeout" | "not_run";

export interface FileRun {
  path: string;
  hop: number;
  outcome: Outcome;
  exitCode: number | null;
  ms: number;
  /** Failures: the failing tests with their messages (or the runner's failure lines); timeouts and not-run files: why. */
  message: string | null;
  /** Per test, from the runner's report; null when no report was read (see graded). */
  cases: TestCase[] | null;
  /** per_test: from the runner's report; exit_code: the exit code alone (gradeNote says why); null: it did not finish, or nothing it left is evidence (gradeNote says why). */
  graded: "per_test" | "exit_code" | null;
  gradeNote: string | null;
}

export interface RunOptions {
  /** Run only the tests whose full title contains one of these (where the runner has a name filter). */
  names?: readonly string[];
}

const MESSAGE_LINES = 12;
const MESSAGE_CHARS = 1200;
const SHOWN_FAILURES = 8;
/** A test run's environment over this process's: without git's repository variables of a hook (sys/git-env.ts). */
const runEnv = () => ({ CI: "1", NO_COLOR: "1", FORCE_COLOR: "0", ...gitLocalUnset() });
const CASE_ORDER: Record<TestCase["status"], number> = { fail: 0, pass: 1, skip: 2 };
const FAILURE_LINE = /\b(fail|failed|failure|error|assert|expected|received|not ok|timed? ?out)\b|\w+Error\b|✗|✕|×|●/i;

/** The lines of a failing run worth showing: those naming a failure or an error, else the last lines. */
export function failureMessage(output: string): string {
  const lines = output.replace(/\x1b\[[0-9;]*m/g, "").split("\n").map((l) => l.trimEnd()).filter((l) => l.trim());
  const marked = lines.filter((l) => FAILURE_LINE.test(l) && !/^\s*\d+ (fail|pass)\b/.test(l) && !/^Ran \d+ tests?/.test(l) && !/^\s+at\s/.test(l));
  const picked = (marked.length ? marked : lines.slice(-MESSAGE_LINES)).slice(0, MESSAGE_LINES);
  const text = picked.join("\n");
  return text.length > MESSAGE_CHARS ? `${text.slice(0, MESSAGE_CHARS)}…` : text || "(the runner printed nothing)";
}

/** A file that was not run, and why (null: said elsewhere). */
export const notRunFile = (file: { path: string; hop: number }, message: string | null): FileRun => ({ ...file, outcome: "not_run", exitCode: null, ms: 0, message, cases: null, graded: null, gradeNote: null });

/** `file:line`, or the file with "line unknown". */
export const caseLocation = (c: TestCase) => (c.line !== null ? `${c.file}:${c.line}` : `${c.file}, line unknown`);

/** The failing tests as message lines: `✗ title  (file:line)` then the message indented. */
function failuresText(failed: TestCase[]): string {
  const lines: string[] = [];
  for (const c of failed.slice(0, SHOWN_FAILURES)) {
    lines.push(`✗ ${c.title}  (${caseLocation(c)})`);
    for (const l of (c.message ?? "").split("\n")) lines.push(`    ${l}`);
  }
  if (failed.length > SHOWN_FAILURES) lines.push(`… ${failed.length - SHOWN_FAILURES} more failing tests (see cases)`);
  return lines.join("\n");
}

async function runOne(root: string, runner: Runner, file: { path: string; hop: number }, timeoutMs: number, names: readonly string[]): Promise<FileRun> {
  const reportDir = mkdtempSync(join(tmpdir(), "svc-report-"));
  const removeReports = () => rmSync(reportDir, { recursive: true, force: true });
  const done = untilDone(removeReports); // also when svc itself is stopped mid-run
  const started = performance.now();
  try {
    const inv = invocation(runner, file.path, join(reportDir, "report"), names);
    const timedOut = (ms: number): FileRun => ({ ...file, outcome: "timeout", exitCode: null, ms, message: `timed out after ${timeoutMs} ms (killed; SVC_TEST_TIMEOUT_MS sets the limit)`, cases: null, graded: null, gradeNote: null });
    const r = await run(inv.argv, { cwd: root, timeoutMs, group: true, maxOutputBytes: 4 * 1024 * 1024, env: runEnv() });
    if (r.timedOut) return timedOut(Math.round(performance.now() - started));
    const stdout = new TextDecoder().decode(r.stdout);
    const filterNote = names.length && !inv.format ? "the name filter was not applied (svc knows no name filter for a custom testCommand); " : "";
    const read = inv.read(stdout);
    if (!read.report) {
      // No report and a failed run: perhaps this version of the runner rejects svc's report
      // options. The file runs once more without them, within what is left of its timeout,
      // and that run's exit code grades it.
      const left = Math.floor(timeoutMs - (performance.now() - started));
      const retried = r.exitCode !== 0 && inv.format !== null && left > 0;
      const plain = retried ? await run(inv.plainArgv, { cwd: root, timeoutMs: left, group: true, maxOutputBytes: 4 * 1024 * 1024, env: runEnv() }) : r;
      const ms = Math.round(performance.now() - started);
      if (plain.timedOut) return timedOut(ms);
      const how = retried ? `${read.why} (it exited ${r.exitCode} with svc's report options); graded by the exit code of a run without them (${plain.exitCode})` : `${read.why}; graded by the exit code (${plain.exitCode})`;
      const gradeNote = `${filterNote}per-test results unavailable: ${how}`;
      if (plain.exitCode === 0 && !retried && inv.format !== null) {
        // A known runner asked for a report exits 0 without a readable one: something ended
        // it early (a test calling process.exit, a crash while writing). Not evidence of a pass.
        const why = `${read.why}, yet it exited 0: not counted as a pass (a test may have ended the process early, e.g. process.exit)`;
        return { ...file, outcome: "not_run", exitCode: 0, ms, message: why, cases: null, graded: null, gradeNote: `${filterNote}per-test results unavailable: ${why}` };
      }
      if (plain.exitCode === 0) return { ...file, outcome: "pass", exitCode: 0, ms, message: null, cases: null, graded: "exit_code", gradeNote };
      return { ...file, outcome: "fail", exitCode: plain.exitCode, ms, message: failureMessage(`${new TextDecoder().decode(plain.stdout)}\n${plain.stderr}`), cases: null, graded: "exit_code", gradeNote };
    }
    const ms = Math.round(performance.now() - started);
    // failures first: an answer cut to its budget keeps them
    const cases = toTestCases(root, file.path, read.report).sort((a, b) => CASE_ORDER[a.status] - CASE_ORDER[b.status]);
    const failed = cases.filter((c) => c.status === "fail");
    const base = { ...file, exitCode: r.exitCode, ms, cases, graded: "per_test" as const, gradeNote: filterNote || null };
    if (failed.length) return { ...base, outcome: "fail", message: failuresText(failed) };
    if (r.exitCode !== 0) {
      const why = read.report.fileError ? shapeMessage(root, read.report.fileError) : failureMessage(`${stdout}\n${r.stderr}`);
      return { ...base, outcome: "fail", message: `the runner exited ${r.exitCode} with no failing test in its report:\n${why}` };
    }
    if (!cases.some((c) => c.status === "pass")) return { ...base, outcome: "not_run", message: `no test passed or failed: the report lists ${cases.length ? "only skipped tests" : "no test"}${names.length ? " matching the name filter" : ""}` };
    return { ...base, outcome: "pass", message: null };
  } catch (error) {
    if (!(error instanceof ProcessError)) throw error;
    return notRunFile(file, error.message);
  } finally {
    removeReports();
    done();
  }
}

/**
 * Why a runner package.json chose (a JavaScript runner) cannot run a test file in another language (a Python test in a
 * mixed repository): `node --test` "failed" a pytest file. null: it can, or svc.json's testCommand chose the runner.
 */
function foreignTest(runner: Runner, path: string): string | null {
  if (runner.name === "custom") return null;
  const language = languageOf(path);
  if (isCheckerLanguage(language)) return null;
  return `not run: ${path} is ${language ? `a ${language} file` : "no JavaScript or TypeScript file"}, and the runner from ${runner.source} runs JavaScript and TypeScript tests; svc.json testCommand sets a runner for it`;
}

export async function runFiles(root: string, runner: Runner, files: { path: string; hop: number }[], timeoutMs: number, options: RunOptions = {}): Promise<FileRun[]> {
  const out: FileRun[] = [];
  for (const file of files) {
    const foreign = foreignTest(runner, file.path);
    out.push(foreign ? notRunFile(file, foreign) : await runOne(root, runner, file, timeoutMs, options.names ?? []));
  }
  return out;
}
