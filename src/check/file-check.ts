// Single-file check of proposed content: the verification ladder (the host's resident
// engine via svc/checkOverlay, the host's cold path via svc/checkCapture, this process's
// resident engine, a cold engine started for the call) and the rendered answer. A check
// that did not run abstains with its reason; it is never reported as clean.

import { connectHost } from "../host/client.ts";
import type { OpContext, OpResult } from "../ops/types.ts";
import { confine } from "../workspace/confine.ts";
import { diagLine, errorsOf, type Diag } from "./diag.ts";
import { isCheckable } from "./gate-ref.ts";
import { overlayCheck, type OverlayData, type OverlayFindings, type OverlayOutcome } from "./overlay.ts";
import { renderRepairs } from "./repair.ts";
import { coldChecks, ENGINE_NAME, residentChecks } from "./workspace.ts";

export type Grade = "resident" | "cold" | "abstain";

export interface FileCheckData extends OverlayFindings {
  mode: "file";
  file: string;
  grade: Grade;
  /** The first line of the text: `verification grade: …` or `cannot verify (abstain): …`. */
  gradeLine: string;
  reason?: string;
  /** True only when the check ran and found no error in the file and none introduced in its dependents. */
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

function rendered(file: string, grade: "resident" | "cold", gradeLine: string, r: Ran, started: number): OpResult<FileCheckData> {
  const pre = new Set(r.preExisting);
  const fileErrors = errorsOf(r.diagnostics);
  const introducedInFile = fileErrors.filter((d) => !pre.has(d)).length;
  const introducedErrors = introducedInFile + r.dependentDiagnostics.length;
  const clean = fileErrors.length === 0 && r.dependentDiagnostics.length === 0;
  const lines = [gradeLine];
  const deps = r.dependentsSkipped ? `dependents not rechecked: ${r.dependentsSkipped}` : `${r.dependents} dependent${r.dependents === 1 ? "" : "s"} checked`;
  if (clean) lines.push(`clean: no errors in ${file} (${deps})`);
  if (r.diagnostics.length) {
    lines.push(`diagnostics for ${file}: ${r.diagnostics.length} (${introducedInFile} error${introducedInFile === 1 ? "" : "s"} introduced by the edit)`);
    for (const d of r.diagnostics) lines.push(`  ${diagLine(d)}${pre.has(d) ? "  (pre-existing)" : ""}`);
  }
  if (r.dependentDiagnostics.length) {
    lines.push(`errors introduced in dependents: ${r.dependentDiagnostics.length} (${deps})`);
    for (const d of r.dependentDiagnostics) lines.push(`  ${diagLine(d)}`);
  } else if (!clean) lines.push(`no errors introduced in dependents (${deps})`);
  if (!clean && introducedErrors === 0) lines.push(`no new errors: every error above was there before the edit`);
  lines.push(...renderRepairs(r.repairs));
  return {
    text: lines.join("\n"),
    data: { mode: "file", file, grade, gradeLine, clean, introducedErrors, diagnostics: r.diagnostics, preExisting: r.preExisting, dependentDiagnostics: r.dependentDiagnostics, dependents: r.dependents, ...(r.dependentsSkipped ? { dependentsSkipped: r.dependentsSkipped } : {}), repairs: r.repairs, elapsedMs: ms(started) },
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

async function viaHost(root: string, rel: string, content: string, started: number): Promise<OpResult<FileCheckData> | null> {
  const host = await connectHost(root, 500);
  if (!host) return null;
  try {
    const r = await host.call<OverlayData>("svc/checkOverlay", { root, file: rel, content, dependents: true }, 120_000);
    if (r.hasResident && r.ran) {
      const line = `verification grade: resident (${ENGINE_NAME} in the host, project ${r.config}, ${ms(started)} ms)`;
      return rendered(rel, "resident", line, { ran: true, config: r.config ?? "", diagnostics: r.diagnostics, preExisting: r.preExisting ?? [], dependentDiagnostics: r.dependentDiagnostics, dependents: r.dependents ?? 0, repairs: r.repairs ?? [], ...(r.dependentsSkipped ? { dependentsSkipped: r.dependentsSkipped } : {}) }, started);
    }
    if (r.hasResident && r.reason) return abstained(rel, r.reason, started);
    const c = await host.call<OverlayData & { available: boolean }>("svc/checkCapture", { root, file: rel, content }, 300_000);
    if (c.available && c.ran) {
      const line = `verification grade: cold (the host loaded the project for this call, ${(ms(started) / 1000).toFixed(1)}s)`;
      return rendered(rel, "cold", line, { ran: true, config: c.config ?? "", diagnostics: c.diagnostics, preExisting: c.preExisting ?? [], dependentDiagnostics: c.dependentDiagnostics ?? [], dependents: c.dependents ?? 0, repairs: c.repairs ?? [], ...(c.dependentsSkipped ? { dependentsSkipped: c.dependentsSkipped } : {}) }, started);
    }
    if (c.available && c.reason) return abstained(rel, c.reason, started);
    return null; // the host cannot: use our own fallback
  } finally {
    host.close();
  }
}

export async function checkFile(root: string, file: string, content: string, ctx: OpContext): Promise<OpResult<FileCheckData>> {
  const started = performance.now();
  const target = confine(root, file, "check");
  const rel = target.rel;
  if (!isCheckable(rel)) return abstained(rel, `${rel} is not a TypeScript or JavaScript file`, started);
  try {
    if (!ctx.host) {
      const hosted = await viaHost(root, rel, content, started);
      if (hosted) return hosted;
    }
    const resident = await residentOverlay(root, rel, content, ctx);
    if (resident) {
      if (!resident.ran) return abstained(rel, resident.reason, started);
      return rendered(rel, "resident", `verification grade: resident (${ENGINE_NAME}, project ${resident.config}, ${ms(started)} ms)`, resident, started);
    }
    const cold = await coldOverlay(root, rel, content);
    if (!cold.ran) return abstained(rel, cold.reason, started);
    return rendered(rel, "cold", `verification grade: cold (loaded the project for this call, ${(ms(started) / 1000).toFixed(1)}s)`, cold, started);
  } catch (error) {
    return abstained(rel, `the check did not run: ${(error as Error).message.split("\n")[0]}`, started);
  }
}
