// The hook commands. `svc check --delta`: the serving host's session delta, printed only
// when non-empty; silent with no host; always exit 0. `svc gate`: exit 1 while introduced
// errors remain (listed on stderr) — the host's session delta, or without a host (or with
// --since, or for a session with no baseline yet) the errors present now but not at the ref,
// time-boxed by SVC_GATE_TIMEOUT_MS.

import type { ConfigProblem } from "../check/config-caveat.ts";
import { isGateInput, PROJECT_CONFIG, unheldNote } from "../check/gate-compare.ts";
import { unversionedImports } from "../check/gate-unversioned.ts";
import { textReader } from "../workspace/files.ts";
import { changesSinceHead, howChecked, refGate, stagedGate, type RefGateOutcome } from "../check/gate-ref.ts";
import { givenIndexFile, stagedState } from "../git/staged.ts";
import { commitAmends, type AmendSign } from "../git/amend.ts";
import { gitText } from "../git/git.ts";
import { probeHost } from "../host/client.ts";
import { pendingNote, renderGate, renderHookDelta, type CheckSessionResult } from "../check/render-delta.ts";
import { errorsOf, type Diag } from "../check/diag.ts";
import { loadBaseline } from "../check/sessions.ts";
import { SvcError, validationError } from "../errors.ts";
import { validateSessionId } from "../render/session.ts";
import { envBool, envInt } from "../sys/env.ts";
import { resolveWorkspace } from "../workspace/root.ts";
import { askSession } from "./check-session.ts";
import type { OpContext, OpResult } from "./types.ts";

/** How long `check --delta` waits for the background recheck of a change's reach before answering "not final" (--fast: the hook after each edit). */
const HOOK_SETTLE_MS = 10_000;
const HOOK_SETTLE_FAST_MS = 3_000;

export interface CheckDeltaRequest {
  path: string;
  delta: boolean;
  fast: boolean;
  session: string;
}

export interface CheckDeltaData {
  host: boolean;
  result?: CheckSessionResult;
  error?: string;
}

export async function checkDelta(request: CheckDeltaRequest, ctx: OpContext): Promise<OpResult<CheckDeltaData>> {
  if (!request.delta) throw validationError("svc check needs --delta: on the command line it prints the serving host's session delta (a single-file check of proposed content is the svc_check MCP tool)");
  const session = validateSessionId(request.session);
  const ws = resolveWorkspace(request.path, ctx.cwd);
  try {
    const ask = { session, markGreen: false, full: false };
    const timing = { handshakeMs: request.fast ? 150 : 500, callMs: request.fast ? 10_000 : 60_000 };
    let asked = await askSession(ws.root, ask, timing);
    // no host: nothing to say (a hook stays quiet); a host that took the connection and did not answer: the delta did not run
    if (!asked.host) return asked.unanswered ? { text: "", data: { host: false }, warnings: [`check --delta did not run: ${asked.unanswered}`], exitCode: 0 } : { text: "", data: { host: false } };
    // While the change's reach is still being rechecked, the delta is of cached diagnostics that may be out of date both ways (nothing yet, or
    // errors a fix has resolved): wait a little for the background recheck.
    const settleBy = Date.now() + (request.fast ? HOOK_SETTLE_FAST_MS : HOOK_SETTLE_MS);
    while (asked.host && asked.result.resident && asked.result.pending && Date.now() < settleBy) {
      await Bun.sleep(200);
      asked = await askSession(ws.root, ask, timing);
    }
    if (!asked.host) return { text: "", data: { host: false }, warnings: [`check --delta did not run: ${asked.unanswered ?? "the host went away while the change was being rechecked"}`], exitCode: 0 };
    const r = asked.result;
    // Still pending with nothing found: said on stdout (a hook shows the agent stdout only), never silence read as clean.
    const text = renderHookDelta(r) || (r.resident && r.pending ? `svc: ${pendingNote(r.pending)}` : "");
    const warnings = !r.resident ? [`no delta: ${r.reason ?? "the host has no resident TypeScript engine"}`] : [];
    return { text, data: { host: true, result: r }, warnings, exitCode: 0 };
  } catch (error) {
    // Always exit 0 (a hook must not fail the edit), but never pass a failed check off as clean.
    const message = (error as Error).message;
    return { text: "", data: { host: true, error: message }, warnings: [`check --delta did not run: ${message}`], exitCode: 0 };
  }
}

export interface GateRequest {
  path: string;
  session: string;
  since: string | null;
  staged: boolean;
  strict: boolean;
}

export interface GateData {
  /** Whether the change was checked and introduced no error: never true for an abstain (a check that could not run is not a pass; `blocking` says whether it failed the gate). */
  passed: boolean;
  /** An abstain, or a change of only other languages' sources (not verified): whether it blocks (exit 1, an abstain with --strict) or lets the commit through unverified. */
  blocking?: boolean;
  /** How the introduced errors were determined, or `abstain` when they could not be. */
  mode: "session" | "ref" | "staged" | "abstain";
  introduced: Diag[];
  reason?: string;
  session?: string;
  since?: string;
  /** Without a host (ref, staged): the changed files and how many files were checked — `passed` with `checked: 0` checked nothing. */
  files?: number;
  checked?: number;
  /** What the comparison left out and why (changed files no loaded TypeScript project holds…). */
  note?: string;
  /** Changed TypeScript or JavaScript files the compiler never checked (no loaded project holds them): a partial gate, which `--strict` blocks. */
  unverified?: string[];
  /** The configs of the projects checked that loaded with errors (check/config-caveat.ts): a partial verdict, never `passed`. */
  configProblems?: ConfigProblem[];
  /** `--staged`: compared on the serving host's resident engine (the commit is what the disk has), not an engine loaded for the call. */
  resident?: boolean;
  /** Checked files importing a file no commit carries (ignored by git; untracked, for the working tree): the verdict rests on the disk's copy. */
  warnings?: string[];
}

function abstain(reason: string, strict: boolean, data: Partial<GateData>): OpResult<GateData> {
  const verdict = strict ? "blocking because of --strict" : "not blocking (pass --strict to block when the gate cannot run)";
  return {
    text: `svc gate: cannot verify (abstain): ${reason}; ${verdict}`,
    textToStderr: true,
    exitCode: strict ? 1 : 0,
    data: { passed: false, blocking: strict, mode: "abstain", introduced: [], reason, ...data },
  };
}

/** A change of only other languages' sources (Python, Go…): the gate ran and checked nothing of it, which is neither a pass nor a failure to run — not verified, never blocking (--strict blocks a gate that cannot run; this one has nothing of its own to check). */
function notVerified(how: string, data: Omit<GateData, "passed" | "introduced">): OpResult<GateData> {
  return {
    text: `svc gate: not verified, not blocking: the gate checks TypeScript and JavaScript only (${how})`,
    data: { passed: false, blocking: false, introduced: [], ...data },
  };
}

/**
 * The verdict of a comparison that ran: not verified when it checked nothing and other languages' sources changed.
 * A partial one (changed sources no loaded project holds were never checked, the rest passed) passes naming them,
 * and blocks under --strict: a check that could not run on part of the change is no pass of that part.
 */
function ranVerdict(outcome: { introduced: Diag[]; preExisting: number; files: number; checked: number; otherCode?: number; note?: string; unverified?: string[]; warnings?: string[]; configProblems?: ConfigProblem[] }, how: string, data: Omit<GateData, "passed" | "introduced">, strict: boolean): OpResult<GateData> {
  if (!outcome.checked && !outcome.files && outcome.otherCode && !outcome.introduced.length) return notVerified(how, data);
  const unverified = outcome.unverified ?? [];
  const warnings = outcome.warnings ?? [];
  const problems = outcome.configProblems ?? [];
  const result = verdict(outcome.introduced, how, outcome.preExisting, { ...data, ...(unverified.length ? { unverified } : {}), ...(warnings.length ? { warnings } : {}), ...(problems.length ? { configProblems: problems } : {}) });
  return strict && unverified.length && result.exitCode !== 1 ? partialBlocked(unverified, how, { ...data, unverified, ...(warnings.length ? { warnings } : {}) }) : result;
}

/** `--strict` over a partial gate: exit 1, naming the files the compiler never checked and what to do. */
function partialBlocked(unverified: string[], how: string, data: Omit<GateData, "passed" | "introduced">): OpResult<GateData> {
  const one = unverified.length === 1;
  const shown = unverified.length > 5 ? `${unverified.slice(0, 5).join(", ")}, …` : unverified.join(", ");
  return {
    text: `svc gate: not verified, blocking because of --strict: no loaded TypeScript project holds ${one ? "the changed file" : `${unverified.length} changed files`} ${shown}, so the compiler never checked ${one ? "it" : "them"} (the rest has no introduced errors: ${how}); add ${one ? "it" : "them"} to a tsconfig's include (svc doctor shows the projects loaded), or gate without --strict (a commit: git commit --no-verify) to let ${one ? "it" : "them"} through unverified`,
    textToStderr: true,
    exitCode: 1,
    data: { passed: false, blocking: true, introduced: [], ...data },
  };
}

function verdict(introduced: Diag[], how: string, preExisting: number, data: Omit<GateData, "passed" | "introduced">): OpResult<GateData> {
  const rendered = renderGate(introduced, how, preExisting, { warnings: data.warnings, configProblems: data.configProblems });
  // partial (a config that failed to load): no pass, yet not blocking — the comparison ran, with options that may not be the build's
  return { text: rendered.text, textToStderr: rendered.failed, exitCode: rendered.failed ? 1 : 0, data: { passed: !rendered.failed && !rendered.partial, ...(rendered.partial && !rendered.failed ? { blocking: false } : {}), introduced, ...data } };
}

export async function gate(request: GateRequest, ctx: OpContext): Promise<OpResult<GateData>> {
  const session = validateSessionId(request.session);
  const ws = resolveWorkspace(request.path, ctx.cwd);
  const timeoutMs = envInt("SVC_GATE_TIMEOUT_MS", 60_000);
  if (timeoutMs < 1) throw validationError(`SVC_GATE_TIMEOUT_MS must be a positive number of milliseconds (got ${timeoutMs})`);
  if (request.staged) {
    if (request.since !== null) throw validationError("--staged compares the index with HEAD; it cannot be combined with --since");
    const deadline = Date.now() + timeoutMs;
    const sign = await amendSign(ws.root);
    if (sign.amend !== null) return stagedVerdict(await stagedRun(ws.root, session, deadline, sign.amend), request.strict);
    // whether the commit amends is unknown: a pass is one against both HEAD and HEAD^ (see mayAmend)
    // (said only when it matters: a commit that has not HEAD's author and date is a new one, and HEAD is its baseline)
    const head = await stagedRun(ws.root, session, deadline, false);
    if (!head.outcome.ran || errorsOf(head.outcome.introduced).length || !(await mayAmend(ws.root))) return stagedVerdict(head, request.strict);
    const parent = await stagedRun(ws.root, session, deadline, true);
    if (!parent.outcome.ran) return abstain(`${sign.why}, and the commit has HEAD's author and date, as an amend does: against HEAD it introduces no error, and against HEAD^ ${parent.outcome.reason} — set SVC_GATE_AMEND=1 if it amends, 0 if it does not`, request.strict, { since: "HEAD" });
    const broke = errorsOf(parent.outcome.introduced);
    if (broke.length) {
      const first = broke[0]!;
      return abstain(`${sign.why}, and the commit has HEAD's author and date, as an amend does: against HEAD it introduces no error, against HEAD^ ${broke.length} (first: ${first.path}:${first.line} ${first.code}) — set SVC_GATE_AMEND=1 if it amends (the errors are then listed), 0 if it does not`, request.strict, { since: "HEAD" });
    }
    return stagedVerdict(head, request.strict, `${sign.why}; the commit has HEAD's author and date, as an amend does: against HEAD^ it introduces no error either`);
  }
  // A session with no baseline yet: asking the host would take it now, and a delta against a baseline taken now is empty by definition, which is no verdict. HEAD is the baseline then, as without a host.
  if (request.since === null && loadBaseline(ws.root, session) !== null) {
    const deadline = Date.now() + timeoutMs;
    // the sources changed since HEAD: the host says which of them no loaded project holds (a delta says nothing of those)
    const sinceHead = await changesSinceHead(ws.root);
    const ask = { session, markGreen: false, full: false, paths: sinceHead.sources };
    let asked;
    try {
      asked = await askSession(ws.root, ask, { handshakeMs: 500, callMs: timeoutMs });
      // The verdict waits for the background recheck of what the last change reaches further up the import chains.
      while (asked.host && asked.result.resident && asked.result.pending && Date.now() < deadline) {
        await Bun.sleep(200);
        asked = await askSession(ws.root, ask, { handshakeMs: 500, callMs: Math.max(1, deadline - Date.now()) });
      }
    } catch (error) {
      return abstain(`the host did not answer the session check: ${(error as Error).message}`, request.strict, { session });
    }
    if (asked.host) {
      const r = asked.result;
      if (!r.resident) return abstain(r.reason ?? "the host has no resident TypeScript engine", request.strict, { session });
      // The baseline was dropped meanwhile and this call took a new one (see above)
      if (r.established) return refVerdict(ws.root, "HEAD", timeoutMs, request.strict, ctx, `session ${session} had no baseline: taken now`);
      if (r.pending && !r.introduced.some((d) => d.severity === "error")) {
        return abstain(`${r.pending} files the last change may reach were still being rechecked after ${timeoutMs} ms (SVC_GATE_TIMEOUT_MS)`, request.strict, { session });
      }
      const introducedErrors = r.introduced.filter((d) => d.severity === "error").length;
      const left = [sinceHead.unchecked, unheldNote(r.unheld ?? [])].filter(Boolean).join("; ");
      // the changed sources importing a file no commit carries, which the host's engine read from disk (gate-unversioned.ts)
      const warnings = await unversionedImports(ws.root, sinceHead.sources, textReader(ws.root), true);
      const outcome = { introduced: r.introduced, preExisting: r.errorCount - introducedErrors, files: sinceHead.sources.length, checked: r.files ?? 0, ...(r.unheld?.length ? { unverified: r.unheld } : {}), ...(warnings.length ? { warnings } : {}), ...(r.configProblems?.length ? { configProblems: r.configProblems } : {}) };
      return ranVerdict(outcome, `session ${session}, baseline ${r.baselineAt}${left ? `; ${left}` : ""}`, { mode: "session", session, ...(left ? { note: left } : {}) }, request.strict);
    }
  }
  return refVerdict(ws.root, request.since ?? "HEAD", timeoutMs, request.strict, ctx);
}

/**
 * Whether the commit a pre-commit hook gates amends HEAD (git/amend.ts); SVC_GATE_AMEND (a boolean)
 * says so where no git process running the hook was read — never over one that was (a stale
 * SVC_GATE_AMEND=0 in a shell would otherwise gate a real amend against the commit it replaces).
 */
async function amendSign(root: string): Promise<AmendSign> {
  const told = process.env.SVC_GATE_AMEND?.trim() ? envBool("SVC_GATE_AMEND", false) : null;
  const sign = await commitAmends(root);
  return told === null || ("read" in sign && sign.read) ? sign : { amend: told };
}

/**
 * Whether a commit whose amending is unknown may amend: git gives the hook the commit's author
 * (GIT_AUTHOR_NAME, _EMAIL, _DATE), and an amend keeps HEAD's (unless --reset-author, --author or
 * --date say otherwise: those amends are not told from a new commit here).
 */
async function mayAmend(root: string): Promise<boolean> {
  const { GIT_AUTHOR_NAME: name, GIT_AUTHOR_EMAIL: email, GIT_AUTHOR_DATE: date } = process.env;
  if (name === undefined || email === undefined || !date) return false;
  try {
    const [n, e, d] = (await gitText(root, ["log", "-1", "--format=%an%x00%ae%x00%ad", "--date=raw", "HEAD"], { timeoutMs: 30_000 })).replace(/\n$/, "").split("\0");
    return n === name && e === email && d === date.replace(/^@/, "");
  } catch {
    return false;
  }
}

interface StagedRun {
  outcome: RefGateOutcome;
  amend: boolean;
  /** Compared on the serving host's resident engine; `why` it was not when it serves the root. */
  resident: boolean;
  why?: string;
}

/** The staged comparison, on the serving host's resident engine when the commit is what the disk has, else in an engine loaded for the call. */
async function stagedRun(root: string, session: string, deadline: number, amend: boolean): Promise<StagedRun> {
  const onHost = await stagedOnHost(root, session, Math.max(1, deadline - Date.now()), amend);
  if (onHost.asked) return { outcome: onHost.outcome, amend, resident: true };
  return { outcome: await stagedGate(root, Math.max(1, deadline - Date.now()), undefined, undefined, amend), amend, resident: false, ...(onHost.why ? { why: onHost.why } : {}) };
}

/** The verdict of a staged comparison; `unsure`: why whether the commit amends is unknown, said with the verdict. */
function stagedVerdict(run: StagedRun, strict: boolean, unsure?: string): OpResult<GateData> {
  const { outcome } = run;
  const since = run.amend ? "HEAD^" : "HEAD";
  const where = run.resident ? { resident: true } : {};
  const told = unsure ? `; ${unsure}` : "";
  if (!outcome.ran) return abstain(`${outcome.reason}${run.resident ? " (on the host's resident engine)" : ""}${told}`, strict, { since, ...where });
  const against = `staged changes against ${outcome.against ?? since}`;
  const how = run.resident ? `${against}, on the host's resident engine (the staged content is the working tree's)` : `${against}${run.why ? ` (the host's resident engine not used: ${run.why})` : ""}`;
  const noted = unsure ? { ...outcome, note: outcome.note ? `${outcome.note}; ${unsure}` : unsure } : outcome;
  return ranVerdict(noted, howChecked(how, noted), { mode: "staged", since, ...where, ...coverage(noted) }, strict);
}

/** Whether a host takes a connection for `root` (to say why it was not used). */
async function hostServes(root: string): Promise<boolean> {
  const { client } = await probeHost(root, 500);
  client?.close();
  return !!client;
}

/**
 * `gate --staged` on the serving host's resident engine, when the commit is what the disk has:
 * no changed source, data module or config whose working-tree content differs from the index's
 * (unstaged edits, untracked files) — in the index git gave the hook, which the host is told of
 * (`git commit -a` and `git commit <paths>` make one of their own). Then the engine the host keeps
 * current for the disk, and its cached diagnostics, are the commit's, and this process loads none. `asked: false` with `why`
 * when the host was not used although it serves the root (or without a host: nothing to say).
 */
async function stagedOnHost(root: string, session: string, timeoutMs: number, amend: boolean): Promise<{ asked: true; outcome: RefGateOutcome } | { asked: false; why?: string }> {
  let state;
  try {
    state = await stagedState(root, undefined, amend);
  } catch {
    return { asked: false }; // not a repository, say: the staged gate says why
  }
  const differs = [...state.unstaged, ...state.untracked].find((p) => isGateInput(p) || PROJECT_CONFIG.test(p));
  if (differs) return { asked: false, ...((await hostServes(root)) ? { why: `${differs} differs from the index` } : {}) };
  // git commit -a or with paths: git gave the hook an index of its own, which the host reads when named
  const indexFile = await givenIndexFile(root);
  let asked;
  const started = Date.now();
  try {
    asked = await askSession(root, { session, markGreen: false, full: false, staged: true, timeoutMs, indexFile, ...(amend ? { amend } : {}) }, { handshakeMs: 500, callMs: timeoutMs + 5_000 });
  } catch (error) {
    // a refusal (an index outside the git directory, say) is an answer: said as one
    const reason = error instanceof SvcError ? `the host refused the check: ${error.message}` : `the host did not answer: ${(error as Error).message}`;
    // a host that refused at once (an older svc, say, without svc/check's staged): the engine loaded for the call, as before; one that took the time: no second try
    return Date.now() - started < timeoutMs / 2 ? { asked: false, why: reason } : { asked: true, outcome: { ran: false, reason } };
  }
  if (!asked.host) return { asked: false, ...(asked.unanswered ? { why: asked.unanswered } : {}) };
  const r = asked.result;
  if (!r.resident || !r.staged) return { asked: false, why: r.reason ?? "the host has no resident TypeScript engine" };
  return { asked: true, outcome: r.staged };
}

/** The working tree against `since`; `why`: what made a host's session gate compare with a ref instead. */
async function refVerdict(root: string, since: string, timeoutMs: number, strict: boolean, ctx: OpContext, why?: string): Promise<OpResult<GateData>> {
  const outcome = await refGate(root, since, timeoutMs, ctx);
  if (!outcome.ran) return abstain(why ? `${why}, and ${outcome.reason}` : outcome.reason, strict, { since });
  const data = coverage(why ? { ...outcome, note: outcome.note ? `${why}; ${outcome.note}` : why } : outcome);
  return ranVerdict(outcome, howChecked(why ? `since ${since} (${why})` : `since ${since}`, outcome), { mode: "ref", since, ...data }, strict);
}

/** The structured result says what the text says: how much was checked, and what was left out. */
function coverage(outcome: { files: number; checked: number; note?: string }): Pick<GateData, "files" | "checked" | "note"> {
  return { files: outcome.files, checked: outcome.checked, ...(outcome.note ? { note: outcome.note } : {}) };
}

