// svc test <symbol> / svc_test: the test files that reach a declaration (references or
// imports, nearest first — the impact walk's selection), run with the workspace's runner
// one file at a time, failures first with their message. No runner, or nothing reaching
// the symbol: the selection alone, said plainly. With candidates (MCP only): the race of
// proposed edits over that selection (testing/race.ts).

import type { Database } from "bun:sqlite";
import { join } from "node:path";
import { validationError } from "../errors.ts";
import { coveringTests } from "../graph/impact.ts";
import { credentialFiles, importClosure, namedFiles } from "../graph/import-closure.ts";
import { isCredentialFilePath } from "../text/redact.ts";
import { gapPhrase } from "../graph/reach-gaps.ts";
import { coverageOf, emptyPhrase } from "../graph/symbol-edges.ts";
import { pendingClause } from "../semantic/pending.ts";
import { textReader } from "../workspace/files.ts";
import type { IndexState } from "../index/open.ts";
import { describeSymbol, type AlsoNamed } from "../retrieve/resolve-symbol.ts";
import { envInt } from "../sys/env.ts";
import { race, type RaceData } from "../testing/race.ts";
import { raceCandidates } from "../testing/race-input.ts";
import { reportFormat } from "../testing/invocation.ts";
import { notRunFile, runFiles, type FileRun } from "../testing/run-files.ts";
import { detectRunner, type Runner } from "../testing/runner.ts";
import { isCheckerLanguage, languageOf } from "../lang/languages.ts";
import { loadConfig } from "../workspace/config.ts";
import { resolveWorkspace } from "../workspace/root.ts";
import { restoredAsApplied } from "./apply-bidi.ts";
import { symbolBrief, withSymbol, type SymbolBrief, type UnresolvedSymbol } from "./symbol-target.ts";
import type { OpContext, OpResult } from "./types.ts";

export interface TestRequest {
  symbol: string;
  path: string;
  limit: number;
  candidates?: Record<string, unknown>[] | null;
  maxCandidates?: number;
  budgetSeconds?: number;
}

export interface TestData {
  root: string;
  indexState: IndexState;
  status: "ok";
  symbol: SymbolBrief;
  /** The symbol was a bare name some members share too (resolve-symbol.ts AlsoNamed). */
  alsoNamed?: AlsoNamed;
  /** ran: the runner ran the selection; selection_only: nothing reaches the symbol, or no runner could run; raced: candidates were raced (see race). */
  grade: "ran" | "selection_only" | "raced";
  runner: (Pick<Runner, "name" | "source"> & { command: string }) | null;
  /** Why nothing ran (no runner, not installed, nothing selected). */
  reason: string | null;
  /** Files by outcome; cases: the tests inside the files whose report was read; exitCodeOnly: files graded by exit code alone. */
  counts: { reaching: number; selected: number; passed: number; failed: number; timedOut: number; notRun: number; cases: { passed: number; failed: number; skipped: number }; exitCodeOnly: number };
  tests: FileRun[];
  race?: RaceData;
}

const commandOf = (runner: Runner) => [runner.argv[0]?.split("/").pop(), ...runner.argv.slice(1)].join(" ");

const ORDER: Record<FileRun["outcome"], number> = { fail: 0, timeout: 1, not_run: 2, pass: 3 };

/**
 * The files whose secrets a runner's message may quote (`Received: "…"`) without the names beside them: the code under
 * test, the test files, every workspace file they import however far (a value may be defined in a config module or a
 * test helper), the files the message names (stack frames), the files that code names (`readFileSync("config/app.yaml")`:
 * read, not imported) and the workspace's credential files (a runner loads `.env` by itself). Absolute paths (OpResult.secretSources).
 */
function reachedSources(db: Database, root: string, paths: string[], messages: string): string[] {
  const closure = importClosure(db, paths);
  const read = textReader(root);
  const code = closure.map((p) => read(p) ?? "").join("\n");
  return [...new Set([...closure, ...namedFiles(db, `${messages}\n${code}`, 2000), ...credentialFiles(db, isCredentialFilePath)])].map((p) => join(root, p));
}

/** svc detects JavaScript runners only: for selected tests in another language, the testCommand that would run them (`python3 -m pytest`; none for Go, whose `go test <file>` leaves out the package's other files). */
const RUNNER_EXAMPLES: Record<string, string> = { python: "python3 -m pytest", ruby: "bundle exec rspec" };

function runnerHint(tests: readonly { path: string }[]): string {
  const language = tests.map((t) => languageOf(t.path)).find((l): l is NonNullable<typeof l> => l !== null && !isCheckerLanguage(l));
  if (!language) return "";
  const example = RUNNER_EXAMPLES[language];
  return `; svc detects JavaScript test runners only, and these are ${language} tests${example ? `: svc.json {"testCommand": "${example}"} runs each selected file with ${example} <file>` : ""}`;
}

export async function test(request: TestRequest, ctx: OpContext): Promise<OpResult<TestData | UnresolvedSymbol>> {
  const query = request.symbol.trim();
  if (!query) throw validationError("symbol must name a declaration (Name, Type.member or path:line)");
  const timeoutMs = envInt("SVC_TEST_TIMEOUT_MS", 120_000);
  if (timeoutMs < 1) throw validationError(`SVC_TEST_TIMEOUT_MS must be a positive number of milliseconds (got ${timeoutMs})`);
  const started = performance.now();
  const ws = resolveWorkspace(request.path, ctx.cwd);
  // each candidate as apply would write it (a view's bidi escapes and secret markers taken back from the file), so the race tests what the winner's apply writes
  const candidates = request.candidates ? raceCandidates(ws.root, request.candidates, request.maxCandidates ?? 4).map((c) => ({ ...c, content: restoredAsApplied(ws.root, c.rel, c.content, `race candidate ${c.id} for`) })) : null;
  const config = loadConfig(ws.root, ws.dir);
  return withSymbol<TestData>(query, request.path, ctx, async ({ root, db, meta, state, header, target, symbols, alsoNamed }) => {
    const coverage = coverageOf(db, meta, target.fileId, pendingClause(meta));
    const checker = coverage.checker;
    const selection = coveringTests(db, target, symbols.map((s) => s.id), checker, request.limit, { meta, readText: textReader(root), root });
    const gaps = selection.gaps ?? { recorded: true, unresolvedRecorded: false, gaps: [] };
    const gap = checker ? gapPhrase(gaps) : null;
    const out = [header, `covering tests of ${describeSymbol(target)}`, ...(alsoNamed ? [alsoNamed.line] : [])];
    const base = { root, indexState: state, status: "ok" as const, symbol: symbolBrief(target), ...(alsoNamed ? { alsoNamed: alsoNamed.data } : {}) };
    const counts = { reaching: selection.total, selected: selection.tests.length, passed: 0, failed: 0, timedOut: 0, notRun: 0, cases: { passed: 0, failed: 0, skipped: 0 }, exitCodeOnly: 0 };
    const warnings = config.error ? [`svc.json ignored: ${config.error}`] : undefined;
    const tier = checker ? "references and imports" : "imports only (syntax tier)";
    if (candidates) {
      if (gap) out.push(`selection ${gap}`);
      const detection = detectRunner(root, config.error ? null : config.testCommand);
      const budgetMs = (request.budgetSeconds ?? 120) * 1000;
      const r = await race({ root, isGit: ws.isGit, candidates, selection: selection.tests, runner: detection.runner, runnerReason: detection.runner ? null : detection.reason, fileTimeoutMs: timeoutMs, budgetMs, started, ctx });
      const runner = detection.runner ? { name: detection.runner.name, source: detection.runner.source, command: commandOf(detection.runner) } : null;
      return { text: [...out, ...r.lines].join("\n"), data: { ...base, grade: "raced", runner, reason: detection.runner ? null : detection.reason, counts, tests: [], race: r.data }, warnings, secretSources: reachedSources(db, root, [target.path, ...selection.tests.map((t) => t.path)], r.lines.join("\n")) };
    }
    if (!selection.tests.length) {
      const reason = `${emptyPhrase(coverage, gaps, "none reach it")} — no test file references or imports it (${tier}; selection only, nothing was run)`;
      out.push(reason);
      return { text: out.join("\n"), data: { ...base, grade: "selection_only", runner: null, reason, counts, tests: [] }, warnings };
    }
    const more = selection.total > selection.tests.length ? `; first ${selection.tests.length} of ${selection.total}` : "";
    if (gap) out.push(`selection ${gap}`);
    const detection = detectRunner(root, config.error ? null : config.testCommand);
    if (!detection.runner) {
      const reason = `not run: ${detection.reason}${runnerHint(selection.tests)}`;
      out.push(`selection only — ${reason}`, `selected ${selection.tests.length} test file${selection.tests.length === 1 ? "" : "s"} (nearest first, by ${tier}${more}):`);
      for (const t of selection.tests) out.push(`  ${t.path}  (hop ${t.hop})`);
      counts.notRun = selection.tests.length;
      const tests: FileRun[] = selection.tests.map((t) => notRunFile(t, null));
      // tests reach it and none ran: exit 1, as for a file a runner did not run (a check that could not run is no pass)
      return { text: out.join("\n"), data: { ...base, grade: "selection_only", runner: null, reason, counts, tests }, warnings, exitCode: 1 };
    }
    const runner = detection.runner;
    const command = commandOf(runner);
    const runs = (await runFiles(root, runner, selection.tests, timeoutMs)).sort((a, b) => ORDER[a.outcome] - ORDER[b.outcome]);
    for (const r of runs) {
      if (r.outcome === "pass") counts.passed++;
      else if (r.outcome === "fail") counts.failed++;
      else if (r.outcome === "timeout") counts.timedOut++;
      else counts.notRun++;
      for (const c of r.cases ?? []) counts.cases[c.status === "pass" ? "passed" : c.status === "fail" ? "failed" : "skipped"]++;
      if (r.graded === "exit_code") counts.exitCodeOnly++;
    }
    const tally = [`${counts.failed} failed`, `${counts.passed} passed`, ...(counts.timedOut ? [`${counts.timedOut} timed out`] : []), ...(counts.notRun ? [`${counts.notRun} could not run`] : [])];
    const perTest = runs.some((r) => r.graded === "per_test") ? `; tests: ${counts.cases.failed} failed, ${counts.cases.passed} passed${counts.cases.skipped ? `, ${counts.cases.skipped} skipped` : ""}` : "";
    const partial = counts.exitCodeOnly ? `; ${counts.exitCodeOnly} file${counts.exitCodeOnly === 1 ? "" : "s"} graded by exit code only (no per-test results)` : "";
    out.push(`runner: ${command} <file> (${runner.source}), one file at a time; ${runner.family ? `per-test results from its ${reportFormat(runner.family)}` : "graded by exit code (svc reads no report from a custom testCommand)"}`);
    out.push(`ran ${runs.length} test file${runs.length === 1 ? "" : "s"} (nearest first, by ${tier}${more}): ${tally.join(", ")}${perTest}${partial}`);
    for (const r of runs) {
      const failing = r.cases?.filter((c) => c.status === "fail").length ?? 0;
      const detail = r.graded === "exit_code" ? `; ${r.gradeNote}` : r.cases && r.outcome === "fail" && failing ? `; ${failing} of ${r.cases.length} tests failed` : r.cases ? `; ${r.cases.length} test${r.cases.length === 1 ? "" : "s"}` : "";
      out.push(`${r.outcome === "pass" ? "PASS" : r.outcome === "fail" ? "FAIL" : r.outcome === "timeout" ? "TIMEOUT" : "NOT RUN"} ${r.path}  (hop ${r.hop}; ${r.ms} ms${detail})`);
      if (r.message) for (const line of r.message.split("\n")) out.push(`    ${line}`);
    }
    return {
      text: out.join("\n"),
      data: { ...base, grade: "ran", runner: { name: runner.name, source: runner.source, command }, reason: null, counts, tests: runs },
      warnings,
      secretSources: reachedSources(db, root, [target.path, ...runs.map((r) => r.path)], runs.map((r) => r.message ?? "").join("\n")),
      exitCode: counts.failed || counts.timedOut || counts.notRun ? 1 : undefined,
    };
  });
}
