// Run the selected test files one at a time with the detected runner (cwd = the workspace
// root, a timeout per file, no shell) and grade each by its exit code; a failing file's
// message is the runner's own failure lines, bounded.

import { run, ProcessError } from "../sys/proc.ts";
import type { Runner } from "./runner.ts";

export type Outcome = "pass" | "fail" | "timeout" | "not_run";

export interface FileRun {
  path: string;
  hop: number;
  outcome: Outcome;
  exitCode: number | null;
  ms: number;
  /** Failures: the runner's failure lines (bounded); timeouts and not-run files: why. */
  message: string | null;
}

const MESSAGE_LINES = 12;
const MESSAGE_CHARS = 1200;
const FAILURE_LINE = /\b(fail|failed|failure|error|assert|expected|received|not ok|timed? ?out)\b|✗|✕|×|●/i;

/** The lines of a failing run worth showing: those naming a failure or an error, else the last lines. */
export function failureMessage(output: string): string {
  const lines = output.replace(/\x1b\[[0-9;]*m/g, "").split("\n").map((l) => l.trimEnd()).filter((l) => l.trim());
  const marked = lines.filter((l) => FAILURE_LINE.test(l) && !/^\s*\d+ (fail|pass)\b/.test(l) && !/^Ran \d+ tests?/.test(l));
  const picked = (marked.length ? marked : lines.slice(-MESSAGE_LINES)).slice(0, MESSAGE_LINES);
  const text = picked.join("\n");
  return text.length > MESSAGE_CHARS ? `${text.slice(0, MESSAGE_CHARS)}…` : text || "(the runner printed nothing)";
}

export async function runFiles(root: string, runner: Runner, files: { path: string; hop: number }[], timeoutMs: number): Promise<FileRun[]> {
  const out: FileRun[] = [];
  for (const file of files) {
    const started = performance.now();
    try {
      const r = await run([...runner.argv, file.path], { cwd: root, timeoutMs, group: true, maxOutputBytes: 4 * 1024 * 1024, env: { CI: "1", NO_COLOR: "1", FORCE_COLOR: "0" } });
      const ms = Math.round(performance.now() - started);
      if (r.timedOut) out.push({ ...file, outcome: "timeout", exitCode: null, ms, message: `timed out after ${timeoutMs} ms (killed; SVC_TEST_TIMEOUT_MS sets the limit)` });
      else if (r.exitCode === 0) out.push({ ...file, outcome: "pass", exitCode: 0, ms, message: null });
      else out.push({ ...file, outcome: "fail", exitCode: r.exitCode, ms, message: failureMessage(`${new TextDecoder().decode(r.stdout)}\n${r.stderr}`) });
    } catch (error) {
      if (!(error instanceof ProcessError)) throw error;
      out.push({ ...file, outcome: "not_run", exitCode: null, ms: 0, message: error.message });
    }
  }
  return out;
}
