// Text of the session delta: svc_check delta mode (agents), `svc check --delta` (hooks: only
// a non-empty delta prints) and `svc gate` (introduced errors, listed on stderr).

import { configCaveat, type ConfigProblem } from "./config-caveat.ts";
import { diagLine, errorsOf, type Diag } from "./diag.ts";
import type { RefGateOutcome } from "./gate-ref.ts";

/** What svc/check answers (host-rpc.md) plus the fields our surfaces render. */
export interface CheckSessionResult {
  resident: boolean;
  /** Why there was no resident check (resident=false). */
  reason?: string;
  session: string;
  baselineAt: string | null;
  baselineCount: number;
  /** This call stored the baseline (first call or markGreen). */
  established: boolean;
  markedGreen: boolean;
  introduced: Diag[];
  resolved: Diag[];
  /** Errors present now (introduced or not). */
  errorCount: number;
  /** Every current diagnostic (only when asked for with full=true). */
  current?: Diag[];
  /** The engine that produced the diagnostics ("TypeScript 7.0.2"). */
  engine?: string;
  elapsedMs?: number;
  /** Files in the session's scope (owned by the workspace's projects). */
  files?: number;
  /** Files whose diagnostics this call computed (the rest came from the per-file cache). */
  rechecked?: number;
  /** Files a change may reach whose recheck is still running: the delta may miss what it will find there. */
  pending?: number;
  /** Of the paths the call asked about, those no loaded project holds: the delta says nothing of them. */
  unheld?: string[];
  /** The loaded projects whose config loaded with errors (check/config-caveat.ts): the delta was computed with options that are not the real build's. */
  configProblems?: ConfigProblem[];
  /** With `staged`: the comparison of the commit the index would make with HEAD, on the resident engine (no session delta then). */
  staged?: RefGateOutcome;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

function section(title: string, diags: Diag[]): string[] {
  return diags.length ? [title, ...diags.map((d) => `  ${diagLine(d)}`)] : [];
}

/** svc_check delta mode. */
export function renderDeltaMode(r: CheckSessionResult): string {
  if (!r.resident) return `cannot compute delta (abstain): ${r.reason ?? "no resident TypeScript engine serves this root"}`;
  const lines: string[] = [];
  if (r.markedGreen) {
    lines.push(`delta mode: session '${r.session}' baseline reset (marked green) to ${plural(r.baselineCount, "current diagnostic")} (${plural(r.errorCount, "error")}).`);
  } else if (r.established) {
    lines.push(
      `delta mode: session '${r.session}' established with a ${r.baselineCount}-diagnostic baseline (${plural(r.errorCount, "error")}, never counted against you). Edit, then call again to see what you introduced or resolved.`,
    );
  } else {
    lines.push(`delta mode (resident, since baseline ${r.baselineAt}): ${r.introduced.length} introduced, ${r.resolved.length} resolved.`);
    lines.push(...section("introduced (attributed to your changes since the baseline):", r.introduced));
    lines.push(...section("resolved:", r.resolved));
    // With files still being rechecked, "no change" is not known yet: only what the files rechecked so far show.
    if (!r.introduced.length && !r.resolved.length) lines.push(r.pending ? `no change found yet in the files rechecked so far (${plural(r.errorCount, "error")} present in them now).` : `no change since the baseline (${plural(r.errorCount, "error")} present then and now).`);
    if (r.pending) lines.push(pendingNote(r.pending));
  }
  const caveat = configCaveat(r.configProblems);
  if (caveat) lines.push(`partial: ${caveat}`);
  if (r.current) lines.push(...section(`all current diagnostics: ${r.current.length}`, r.current));
  if (r.current && !r.current.length) lines.push("all current diagnostics: 0");
  return lines.join("\n");
}

export function pendingNote(pending: number): string {
  return `not final: ${plural(pending, "file")} the change may reach ${pending === 1 ? "is" : "are"} still being rechecked in the background; call again for the complete delta.`;
}

/** `svc check --delta`: empty unless something was introduced or resolved. */
export function renderHookDelta(r: CheckSessionResult): string {
  if (!r.resident || (!r.introduced.length && !r.resolved.length)) return "";
  return [
    `svc: ${r.introduced.length} introduced, ${r.resolved.length} resolved (session ${r.session}, baseline ${r.baselineAt})`,
    ...r.introduced.map((d) => `  introduced: ${diagLine(d)}`),
    ...r.resolved.map((d) => `  resolved:   ${diagLine(d)}`),
    ...(r.pending ? [`  (${pendingNote(r.pending)})`] : []),
  ].join("\n");
}

/** `svc gate`: the blocking listing (stderr) or the one-line pass (stdout). */
/**
 * `warnings`: what the verdict rests on that the commit does not carry (gate-unversioned.ts), one line each after it;
 * `configProblems`: projects checked with a config that failed to load — no pass then, and not blocking either.
 */
export function renderGate(introduced: Diag[], how: string, preExisting: number, extra: { warnings?: readonly string[]; configProblems?: readonly ConfigProblem[] } = {}): { failed: boolean; partial: boolean; text: string } {
  const errors = errorsOf(introduced);
  const warned = (extra.warnings ?? []).map((w) => `  warning: ${w}`);
  const caveat = configCaveat(extra.configProblems);
  if (errors.length) {
    return {
      failed: true,
      partial: Boolean(caveat),
      text: [`svc gate: ${plural(errors.length, "introduced error")} (${how}); fix ${errors.length === 1 ? "it" : "them"} before finishing:`, ...errors.map((d) => `  ${diagLine(d)}`), ...(caveat ? [`  (${caveat})`] : []), ...warned].join("\n"),
    };
  }
  const pre = preExisting ? `; ${plural(preExisting, "pre-existing error")} not counted` : "";
  // checked with a config that failed to load: no pass, and not blocking either (it ran, with options that may not be the build's)
  if (caveat) return { failed: false, partial: true, text: [`svc gate: partial, not blocking: no introduced errors (${how}${pre}), but ${caveat}`, ...warned].join("\n") };
  return { failed: false, partial: false, text: [`svc gate: ok, no introduced errors (${how}${pre})`, ...warned].join("\n") };
}
