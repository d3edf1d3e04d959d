// Candidate racing (svc_test with candidates): each proposed single-file edit is typechecked
// on the overlay (one engine shared by all, never written); each candidate that introduces
// no error then runs the covering tests in its own isolated copy of the workspace (removed
// after, also on error or timeout). The winner is the one candidate that passes the most
// covering test files; equal best is a tie, said so; nothing is claimed past the budget.

import { configCaveat } from "../check/config-caveat.ts";
import { checkFiles, preExistingOf } from "../check/file-check.ts";
import { diagLine, errorsOf } from "../check/diag.ts";
import type { OpContext } from "../ops/types.ts";
import { notRunFile, runFiles, type FileRun } from "./run-files.ts";
import type { Runner } from "./runner.ts";
import { copyList, makeCopy } from "./workspace-copy.ts";

export interface Candidate {
  id: string;
  /** Root-relative. */
  rel: string;
  content: string;
}

export type Typecheck = "clean" | "no_new_errors" | "partial" | "errors" | "not_checked";

export interface RaceCandidate {
  id: string;
  file: string;
  /**
   * clean: no error at all; no_new_errors: only errors the file had before; partial: no new
   * error found, but the dependents' time cap left some unchecked (uncheckedDependents). All
   * three go on to the tests; a partial one is never decided by the typecheck alone.
   */
  typecheck: Typecheck;
  /** Dependents the check's time cap (SVC_CHECK_DEPENDENTS_MS) left unchecked (partial only). */
  uncheckedDependents?: number;
  /** The typecheck ran with a config that failed to load in part (check/config-caveat.ts): partial, never clean. */
  configCaveat?: string;
  /** The verification grade line of the check (or why it did not run). */
  gradeLine: string;
  introducedErrors: number;
  /** The introduced errors (at most 5 lines). */
  errors: string[];
  /** Covering test files in the candidate's copy; null when it did not get that far (see reason). */
  tests: { passed: number; failed: number; timedOut: number; notRun: number; runs: FileRun[] } | null;
  reason: string | null;
}

export interface RaceVerdict {
  status: "winner" | "tie" | "none";
  winner: string | null;
  tied: string[];
  /** What decided it: the covering tests, or the typecheck alone when no test could run. */
  basis: "tests" | "typecheck" | null;
  reason: string;
}

export interface RaceData {
  budgetMs: number;
  elapsedMs: number;
  selected: number;
  /** Symbolic links leading outside the workspace, left out of every isolated copy (workspace-copy.ts); absent when none. */
  leftOut?: string[];
  candidates: RaceCandidate[];
  verdict: RaceVerdict;
}

export interface RaceInput {
  root: string;
  isGit: boolean;
  candidates: Candidate[];
  /** The covering test files (nearest first). */
  selection: { path: string; hop: number }[];
  /** The runner, or why none runs. */
  runner: Runner | null;
  runnerReason: string | null;
  /** Per test file (SVC_TEST_TIMEOUT_MS). */
  fileTimeoutMs: number;
  budgetMs: number;
  /** performance.now() when the request started (the budget counts from there). */
  started: number;
  ctx: OpContext;
}

const MAX_ERRORS = 5;
/** Kept back from a test run's bound for killing it and removing the copy within the budget. */
const TEARDOWN_MS = 500;
const BUDGET_OUT = "the time budget ran out before it ran";
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

async function runCandidate(input: RaceInput, c: Candidate, files: string[], deadline: number, leftOut: Set<string>): Promise<Pick<RaceCandidate, "tests" | "reason">> {
  const copy = await makeCopy(input.root, files, [{ rel: c.rel, content: c.content }]);
  for (const rel of copy.leftOut) leftOut.add(rel);
  try {
    const runs: FileRun[] = [];
    for (const t of input.selection) {
      const left = Math.floor(deadline - performance.now() - TEARDOWN_MS);
      if (left <= 0) {
        runs.push(notRunFile(t, BUDGET_OUT));
        continue;
      }
      const bound = Math.min(input.fileTimeoutMs, left);
      const [r] = await runFiles(copy.dir, input.runner as Runner, [t], bound);
      if (!r) continue;
      if (r.outcome === "timeout" && bound < input.fileTimeoutMs) r.message = `stopped after ${bound} ms: ${BUDGET_OUT.replace("before it ran", "")}(killed)`;
      runs.push(r);
    }
    const count = (o: FileRun["outcome"]) => runs.filter((r) => r.outcome === o).length;
    const cut = runs.some((r) => r.message === BUDGET_OUT || r.message?.includes("the time budget ran out"));
    return { tests: { passed: count("pass"), failed: count("fail"), timedOut: count("timeout"), notRun: count("not_run"), runs }, reason: cut ? "partial: the time budget ran out during its tests" : null };
  } finally {
    copy.dispose();
  }
}

/** Whether a candidate goes on to the tests: no new error found (clean, no_new_errors, or partial). */
const typechecked = (c: RaceCandidate) => c.typecheck === "clean" || c.typecheck === "no_new_errors" || c.typecheck === "partial";

function verdictOf(input: RaceInput, raced: RaceCandidate[], testsRan: boolean): RaceVerdict {
  const admitted = raced.filter(typechecked);
  const none = (reason: string): RaceVerdict => ({ status: "none", winner: null, tied: [], basis: null, reason });
  if (!admitted.length) return none(raced.some((c) => c.typecheck === "not_checked") ? "no candidate was verified clean (some could not be checked)" : "no candidate typechecks without introducing errors");
  if (!testsRan) {
    const unchecked = raced.some((c) => c.typecheck === "not_checked");
    const why = input.selection.length ? `the covering tests were not run (${input.runnerReason})` : "no covering test reaches the symbol";
    const partial = admitted.filter((c) => c.typecheck === "partial");
    const caveat = partial.find((c) => c.configCaveat)?.configCaveat;
    if (caveat) return none(`${partial.map((c) => c.id).join(", ")} ${caveat.replace(/^checked/, "were checked")}, and ${why}, so the typecheck cannot decide`);
    if (partial.length) return none(`${partial.map((c) => c.id).join(", ")} had dependents not checked within the cap (SVC_CHECK_DEPENDENTS_MS of the process that checks: the host's when a host serves the workspace; 0 lifts it) and ${why}, so the typecheck cannot decide`);
    if (admitted.length === 1 && !unchecked) return { status: "winner", winner: admitted[0]!.id, tied: [], basis: "typecheck", reason: `the only candidate that typechecks; ${why}, so the typecheck alone decided` };
    if (admitted.length === 1) return none(`only ${admitted[0]!.id} was verified, but others could not be checked; ${why}`);
    return { status: "tie", winner: null, tied: admitted.map((c) => c.id), basis: "typecheck", reason: `${admitted.length} candidates typecheck equally and ${why}` };
  }
  const cut = admitted.filter((c) => !c.tests || c.reason !== null);
  if (cut.length) return none(`not every candidate that typechecks finished its covering tests (${cut.map((c) => `${c.id}: ${c.reason}`).join("; ")}); raise budgetSeconds if the budget ran out`);
  const best = Math.max(...admitted.map((c) => c.tests!.passed));
  const top = admitted.filter((c) => c.tests!.passed === best);
  const of = input.selection.length;
  if (best === 0) return none(`no candidate passes any of the ${plural(of, "covering test file")}`);
  if (top.length > 1) return { status: "tie", winner: null, tied: top.map((c) => c.id), basis: "tests", reason: `${top.length} candidates pass ${best} of ${of} covering test files each (a tie)` };
  return { status: "winner", winner: top[0]!.id, tied: [], basis: "tests", reason: `the one candidate that passes the most covering test files (${best} of ${of})` };
}

export async function race(input: RaceInput): Promise<{ lines: string[]; data: RaceData }> {
  const deadline = input.started + input.budgetMs;
  const checks = await checkFiles(input.root, input.candidates.map((c) => ({ file: c.rel, content: c.content })), input.ctx, deadline);
  const raced: RaceCandidate[] = input.candidates.map((c, i) => {
    const d = checks[i]!.data;
    const caveat = configCaveat(d.configProblems);
    const typecheck: Typecheck = d.grade === "abstain" ? "not_checked" : d.clean ? "clean" : d.introducedErrors > 0 ? "errors" : d.dependentsUnchecked || caveat ? "partial" : "no_new_errors";
    const pre = preExistingOf(d);
    const introduced = [...errorsOf(d.diagnostics).filter((x) => !pre.has(x)), ...d.dependentDiagnostics];
    return { id: c.id, file: c.rel, typecheck, gradeLine: d.gradeLine, introducedErrors: d.introducedErrors, errors: introduced.slice(0, MAX_ERRORS).map(diagLine), tests: null, reason: typecheck === "not_checked" ? (d.reason ?? "not checked") : typecheck === "errors" ? "rejected by the typecheck" : null, ...(typecheck === "partial" && d.dependentsUnchecked ? { uncheckedDependents: d.dependentsUnchecked.count } : {}), ...(caveat ? { configCaveat: caveat } : {}) };
  });
  const testsRun = input.runner !== null && input.selection.length > 0;
  const leftOut = new Set<string>();
  if (testsRun) {
    let files: string[] | null = null;
    for (const c of raced) {
      if (!typechecked(c)) continue;
      if (performance.now() >= deadline) {
        c.reason = `tests not run: ${BUDGET_OUT}`;
        continue;
      }
      try {
        files ??= await copyList(input.root, input.isGit);
        Object.assign(c, await runCandidate(input, input.candidates.find((x) => x.id === c.id)!, files, deadline, leftOut));
      } catch (error) {
        c.reason = `tests not run: the isolated copy failed: ${(error as Error).message.split("\n")[0]}`;
      }
    }
  }
  const verdict = verdictOf(input, raced, testsRun);
  const elapsedMs = Math.round(performance.now() - input.started);
  const lines = [
    `race of ${input.candidates.length} candidates (budget ${input.budgetMs / 1000} s, used ${(elapsedMs / 1000).toFixed(1)} s): each typechecked on the overlay, then ${testsRun ? `the ${plural(input.selection.length, "covering test file")} run in an isolated copy of the workspace per candidate that typechecks` : `no tests run (${input.selection.length ? input.runnerReason : "no covering test reaches the symbol"})`}; nothing written`,
  ];
  if (leftOut.size) lines.push(`  ${plural(leftOut.size, "symbolic link")} leading outside the workspace left out of the copies (${[...leftOut].sort().join(", ")}): their targets are not read, so a test that reads through one fails there`);
  for (const c of raced) {
    const check = c.typecheck === "clean" ? "typechecks clean" : c.typecheck === "no_new_errors" ? "no new errors (pre-existing ones remain)" : c.typecheck === "partial" ? `no errors found, but ${[c.uncheckedDependents ? `${plural(c.uncheckedDependents, "dependent")} not checked within the cap (SVC_CHECK_DEPENDENTS_MS)` : "", c.configCaveat ?? ""].filter(Boolean).join("; ")}` : c.typecheck === "errors" ? `${plural(c.introducedErrors, "error")} introduced` : `not checked: ${c.reason}`;
    const tests = c.tests ? `; tests: ${c.tests.passed} passed, ${c.tests.failed} failed${c.tests.timedOut ? `, ${c.tests.timedOut} timed out` : ""}${c.tests.notRun ? `, ${c.tests.notRun} not run` : ""}` : c.reason && c.typecheck !== "errors" && c.typecheck !== "not_checked" ? `; ${c.reason}` : "";
    lines.push(`  [${c.id}] ${check}${tests}  ${c.file}`);
    for (const e of c.errors) lines.push(`      ${e}`);
    for (const r of c.tests?.runs ?? []) {
      if (r.outcome === "pass") continue;
      lines.push(`      ${r.outcome === "fail" ? "FAIL" : r.outcome === "timeout" ? "TIMEOUT" : "NOT RUN"} ${r.path}`);
      if (r.message) for (const line of r.message.split("\n").slice(0, 6)) lines.push(`        ${line}`);
    }
  }
  lines.push(verdict.status === "winner" ? `winner: ${verdict.winner} — ${verdict.reason}` : `winner: none — ${verdict.reason}`);
  return { lines, data: { budgetMs: input.budgetMs, elapsedMs, selected: input.selection.length, ...(leftOut.size ? { leftOut: [...leftOut].sort() } : {}), candidates: raced, verdict } };
}
