// Single-file check of proposed content: the verification ladder (the host's resident
// engine via svc/checkOverlay, the host's cold path via svc/checkCapture, this process's
// resident engine, a cold engine started for the call) and the rendered answer; several
// proposed files share one engine (candidate racing). A check that did not run abstains
// with its reason; it is never reported as clean.

import { connectHost, type HostClient } from "../host/client.ts";
import type { OpContext, OpResult } from "../ops/types.ts";
import { confine, refuseLongNames } from "../workspace/confine.ts";
import { configCaveat } from "./config-caveat.ts";
import { diagLine, errorsOf, type Diag } from "./diag.ts";
import { isCheckable } from "./gate-ref.ts";
import { overlayCheck, type OverlayData, type OverlayFindings, type OverlayOutcome } from "./overlay.ts";
import { renderRepairs } from "./repair.ts";
import { coldChecks, ENGINE_NAME, residentChecks, type CheckWorkspace } from "./workspace.ts";

export type Grade = "resident" | "cold" | "abstain";

export interface FileCheckData extends OverlayFindings {
  mode: "file";
  file: string;
  grade: Grade;
  /** The first line of the text: `verification grade: …` or `cannot verify (abstain): …`. */
  gradeLine: string;
  reason?: string;
  /** True only when the check ran and found no error in the file and none introduced in its dependents — every one of them checked. */
  clean: boolean;
  /** Errors the edit introduces (in the file or its dependents); 0 when abstaining. */
  introducedErrors: number;
  elapsedMs: number;
}

type Ran = Extract<OverlayOutcome, { ran: true }>;

const ms = (started: number) => Math.round(performance.now() - started);

function abstained(file: string, reason: string, started: number): OpResult<FileCheckData> {
  const gradeLine = `cannot verify (abstain): ${reason}`;
  return {
    text: gradeLine,
    data: { mode: "file", file, grade: "abstain", gradeLine, reason, clean: false, introducedErrors: 0, diagnostics: [], preExisting: [], dependentDiagnostics: [], dependents: 0, repairs: [], elapsedMs: ms(started) },
  };
}

/** How far the dependents were checked, for the answer's lines. */
function dependentsNote(r: OverlayFindings): string {
  if (r.dependentsSkipped) return `dependents not rechecked: ${r.dependentsSkipped}`;
  const checked = `${r.dependents} dependent${r.dependents === 1 ? "" : "s"} checked`;
  const u = r.dependentsUnchecked;
  if (!u) return checked;
  const more = u.count > u.files.length ? `, … ${u.count - u.files.length} more` : "";
  return `${checked}; ${u.count} not checked within the ${u.capMs < 1000 ? `${u.capMs} ms` : `${(u.capMs / 1000).toFixed(1)} s`} cap (SVC_CHECK_DEPENDENTS_MS of the process that checks: the host's when a host serves the workspace; 0 lifts it): ${u.files.join(", ")}${more}`;
}

/**
 * The diagnostics among `r.diagnostics` that `r.preExisting` names, matched by value: a host's answer comes as JSON,
 * so its pre-existing diagnostics are copies, never the objects in its `diagnostics` — matched by identity, every
 * error of an unchanged file checked through a host was "introduced by the edit".
 */
export function preExistingOf(r: Pick<OverlayFindings, "diagnostics" | "preExisting">): Set<Diag> {
  const key = (d: Diag) => JSON.stringify([d.path, d.line, d.column, d.code, d.severity, d.message]);
  const left = new Map<string, number>();
  for (const d of r.preExisting) left.set(key(d), (left.get(key(d)) ?? 0) + 1);
  const pre = new Set<Diag>();
  for (const d of r.diagnostics) {
    const n = left.get(key(d)) ?? 0;
    if (n === 0) continue;
    left.set(key(d), n - 1);
    pre.add(d);
  }
  return pre;
}

function rendered(file: string, grade: "resident" | "cold", gradeLine: string, r: Ran, started: number): OpResult<FileCheckData> {
  const pre = preExistingOf(r);
  const fileErrors = errorsOf(r.diagnostics);
  const introducedInFile = fileErrors.filter((d) => !pre.has(d)).length;
  const introducedErrors = introducedInFile + r.dependentDiagnostics.length;
  const partial = r.dependentsUnchecked !== undefined;
  // a project whose config failed to load in part was checked with options that are not the real build's: never clean
  const caveat = configCaveat(r.configProblems);
  const clean = fileErrors.length === 0 && r.dependentDiagnostics.length === 0 && !partial && !caveat;
  const lines = [gradeLine];
  const deps = dependentsNote(r);
  if (clean) lines.push(`clean: no errors in ${file} (${deps})`);
  else if (partial && fileErrors.length === 0 && r.dependentDiagnostics.length === 0) lines.push(`partial: no errors in ${file} or in the dependents checked (${deps}); \`svc gate\` checks them all${caveat ? `; ${caveat}` : ""}`);
  else if (caveat && fileErrors.length === 0 && r.dependentDiagnostics.length === 0) lines.push(`partial: no errors in ${file} (${deps}), but ${caveat}`);
  else if (caveat) lines.push(`partial: ${caveat}`);
  if (r.diagnostics.length) {
    lines.push(`diagnostics for ${file}: ${r.diagnostics.length} (${introducedInFile} error${introducedInFile === 1 ? "" : "s"} introduced by the edit)`);
    for (const d of r.diagnostics) lines.push(`  ${diagLine(d)}${pre.has(d) ? "  (pre-existing)" : ""}`);
  }
  if (r.dependentDiagnostics.length) {
    lines.push(`errors introduced in dependents: ${r.dependentDiagnostics.length} (${deps})`);
    for (const d of r.dependentDiagnostics) lines.push(`  ${diagLine(d)}`);
  } else if (!clean && !((partial || caveat) && fileErrors.length === 0)) lines.push(`no errors introduced in the dependents checked (${deps})`);
  if (!clean && introducedErrors === 0 && fileErrors.length > 0) lines.push(`no new errors: every error above was there before the edit`);
  lines.push(...renderRepairs(r.repairs));
  const { ran: _ran, config: _config, ...findings } = r;
  return {
    text: lines.join("\n"),
    data: { mode: "file", file, grade, gradeLine, clean, introducedErrors, ...findings, elapsedMs: ms(started) },
  };
}

/** The findings a host answered (svc/checkOverlay, svc/checkCapture) as this side's outcome. */
function ranFrom(r: OverlayData): Ran {
  return {
    ran: true,
    config: r.config ?? "",
    diagnostics: r.diagnostics,
    preExisting: r.preExisting ?? [],
    dependentDiagnostics: r.dependentDiagnostics ?? [],
    dependents: r.dependents ?? 0,
    repairs: r.repairs ?? [],
    ...(r.dependentsSkipped ? { dependentsSkipped: r.dependentsSkipped } : {}),
    ...(r.dependentsUnchecked ? { dependentsUnchecked: r.dependentsUnchecked } : {}),
    ...(r.configProblems?.length ? { configProblems: r.configProblems } : {}),
  };
}

/** The cold path: an engine started for this call and stopped after it. */
export async function coldOverlay(root: string, rel: string, content: string): Promise<OverlayOutcome> {
  const cw = await coldChecks(root);
  try {
    return await overlayCheck(cw, rel, content, { dependents: true, repairs: true });
  } finally {
    await cw.release().catch(() => undefined);
  }
}

/** This process's resident workspace checks it (null: this process holds none). */
export async function residentOverlay(root: string, rel: string, content: string, ctx: OpContext, options = { dependents: true, repairs: true }): Promise<OverlayOutcome | null> {
  const cw = await residentChecks(root, ctx);
  if (!cw) return null;
  return overlayCheck(cw, rel, content, options);
}

async function viaHost(host: HostClient, root: string, rel: string, content: string, started: number): Promise<OpResult<FileCheckData> | null> {
  const r = await host.call<OverlayData>("svc/checkOverlay", { root, file: rel, content, dependents: true }, 120_000);
  if (r.hasResident && r.ran) {
    const line = `verification grade: resident (${ENGINE_NAME} in the host, project ${r.config}, ${ms(started)} ms)`;
    return rendered(rel, "resident", line, ranFrom(r), started);
  }
  if (r.hasResident && r.reason) return abstained(rel, r.reason, started);
  const c = await host.call<OverlayData & { available: boolean }>("svc/checkCapture", { root, file: rel, content }, 300_000);
  if (c.available && c.ran) {
    const line = `verification grade: cold (the host loaded the project for this call, ${(ms(started) / 1000).toFixed(1)}s)`;
    return rendered(rel, "cold", line, ranFrom(c), started);
  }
  if (c.available && c.reason) return abstained(rel, c.reason, started);
  return null; // the host cannot: use our own fallback
}

export interface ProposedFile {
  file: string;
  content: string;
}

const LATE = "the time budget ran out before the check finished";

/** The work's value, or "late" when `deadline` (a performance.now() time) passes first; work is not started once it has passed; a late rejection is dropped. */
async function beforeDeadline<T>(start: () => Promise<T>, deadline: number): Promise<T | "late"> {
  const left = deadline - performance.now();
  if (left <= 0) return "late";
  const work = start();
  work.catch(() => undefined);
  if (!Number.isFinite(left)) return work;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([work, new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), left)))]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Check each proposed file content on its own (one overlay at a time, never written),
 * sharing one engine: the serving host's, this process's resident one, or one cold engine
 * loaded once for all of them. A check not finished by `deadline` (performance.now() ms)
 * abstains saying the budget ran out.
 */
export async function checkFiles(root: string, items: readonly ProposedFile[], ctx: OpContext, deadline = Number.POSITIVE_INFINITY): Promise<OpResult<FileCheckData>[]> {
  const out: OpResult<FileCheckData>[] = [];
  let todo: { i: number; rel: string; content: string; started: number }[] = [];
  items.forEach((item, i) => {
    const started = performance.now();
    const rel = confine(root, item.file, "check").rel;
    refuseLongNames(rel, "check");
    if (isCheckable(rel)) todo.push({ i, rel, content: item.content, started });
    else out[i] = abstained(rel, `${rel} is not a TypeScript or JavaScript file`, started);
  });
  /** Settle one item with `work` (null: this rung cannot check it); false when it is left for the next rung. */
  const settle = async (t: (typeof todo)[number], work: () => Promise<OpResult<FileCheckData> | null>): Promise<boolean> => {
    try {
      const r = await beforeDeadline(work, deadline);
      if (r === null) return false;
      out[t.i] = r === "late" ? abstained(t.rel, LATE, t.started) : r;
    } catch (error) {
      out[t.i] = abstained(t.rel, `the check did not run: ${(error as Error).message.split("\n")[0]}`, t.started);
    }
    return true;
  };
  const host = !ctx.host && todo.length ? await connectHost(root, 500) : null;
  if (host) {
    try {
      const rest = [];
      for (const t of todo) if (!(await settle(t, () => viaHost(host, root, t.rel, t.content, t.started)))) rest.push(t);
      todo = rest;
    } finally {
      host.close();
    }
  }
  if (!todo.length) return out;
  let cw: CheckWorkspace | null = null;
  let cold = false;
  try {
    cw = await residentChecks(root, ctx);
    if (!cw) {
      const started: { loading?: Promise<CheckWorkspace> } = {};
      const loaded = await beforeDeadline(() => (started.loading = coldChecks(root)), deadline);
      // an engine that loads after the deadline is released when it arrives
      if (loaded === "late") started.loading?.then((late) => late.release()).catch(() => undefined);
      else [cw, cold] = [loaded, true];
    }
  } catch (error) {
    for (const t of todo) out[t.i] = abstained(t.rel, `the check did not run: ${(error as Error).message.split("\n")[0]}`, t.started);
    return out;
  }
  const engine = cw;
  try {
    for (const t of todo) {
      if (!engine) {
        out[t.i] = abstained(t.rel, LATE, t.started);
        continue;
      }
      await settle(t, async () => {
        const r = await overlayCheck(engine, t.rel, t.content, { dependents: true, repairs: true });
        if (!r.ran) return abstained(t.rel, r.reason, t.started);
        const line = cold ? `verification grade: cold (loaded the project for this call, ${(ms(t.started) / 1000).toFixed(1)}s)` : `verification grade: resident (${ENGINE_NAME}, project ${r.config}, ${ms(t.started)} ms)`;
        return rendered(t.rel, cold ? "cold" : "resident", line, r, t.started);
      });
    }
  } finally {
    if (cold) await engine?.release().catch(() => undefined);
  }
  return out;
}

export async function checkFile(root: string, file: string, content: string, ctx: OpContext): Promise<OpResult<FileCheckData>> {
  return (await checkFiles(root, [{ file, content }], ctx))[0] as OpResult<FileCheckData>;
}
