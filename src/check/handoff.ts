// The compiler status of a handoff packet (svc_review handoff=true), which refuses while
// errors introduced by the change remain. The check session's delta when a resident
// engine can compute it (the serving host, or this process's) and the session has a
// baseline and the review is the working tree's against HEAD; else the errors present now
// but not at the review's base ref, as `svc gate` computes them without a host (or with
// --since). A baseline is taken at some moment (the host's warm-up, a first svc_check): a
// commit the review reaches back to may be older, its errors already in the baseline, never
// "introduced". A status that could not be computed says so — never clean.

import { configCaveat } from "./config-caveat.ts";
import { resolveRef } from "../git/changes.ts";
import { askSession, localSession } from "../ops/check-session.ts";
import type { OpContext } from "../ops/types.ts";
import { envInt } from "../sys/env.ts";
import { diagLine, errorsOf, type Diag } from "./diag.ts";
import { unheldNote } from "./gate-compare.ts";
import { changesSinceHead, howChecked, refGate } from "./gate-ref.ts";
import { unversionedImports } from "./gate-unversioned.ts";
import { textReader } from "../workspace/files.ts";
import type { CheckSessionResult } from "./render-delta.ts";
import { loadBaseline } from "./sessions.ts";

export interface HandoffStatus {
  /** The packet's compiler line. */
  line: string;
  /** Introduced errors that remain: the handoff is refused while there are any. */
  introduced: Diag[];
  /** How they were determined. */
  how: string;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

async function sessionResult(root: string, session: string, paths: string[], ctx: OpContext): Promise<CheckSessionResult | null> {
  // Asking for a session without a baseline would set one: a handoff only reads existing sessions.
  if (!loadBaseline(root, session)) return null;
  const ask = { session, markGreen: false, full: false, paths };
  if (!ctx.host) {
    const asked = await askSession(root, ask, { handshakeMs: 500, callMs: 120_000 }).catch(() => null);
    if (asked?.host) return asked.result.resident ? asked.result : null;
  }
  const local = await localSession(root, ask, ctx);
  return local.resident ? local : null;
}

/** Whether the change since `since` is the working tree's alone (`since` is HEAD's commit): the one change a session's baseline can be known to predate. */
async function workingTreeOnly(root: string, since: string): Promise<boolean> {
  try {
    return (await resolveRef(root, since)) === (await resolveRef(root, "HEAD"));
  } catch {
    return false;
  }
}

export async function handoffStatus(root: string, checkSession: string | null, since: string, ctx: OpContext): Promise<HandoffStatus> {
  const session = checkSession ?? "hook";
  const treeOnly = await workingTreeOnly(root, since);
  const sinceHead = treeOnly ? await changesSinceHead(root) : null;
  const r = sinceHead ? await sessionResult(root, session, sinceHead.sources, ctx) : null;
  if (r && sinceHead && !r.pending) {
    const introduced = errorsOf(r.introduced);
    // the changed sources no loaded project holds: their errors are in no session's delta
    const left = [sinceHead.unchecked, unheldNote(r.unheld ?? [])].filter(Boolean).join("; ");
    const how = `check session '${session}', baseline ${r.baselineAt}${left ? `; ${left}` : ""}`;
    const pre = r.errorCount - introduced.length;
    if (introduced.length) return { line: `compiler status: ${plural(introduced.length, "introduced error")} unresolved (${how})`, introduced, how };
    const caveat = configCaveat(r.configProblems);
    const verdict = r.unheld?.length || caveat ? "partly verified: no introduced errors in the files checked" : "no introduced errors";
    const warnings = await unversionedImports(root, sinceHead.sources, textReader(root), true);
    return { line: withWarnings(`compiler status: ${verdict} (${how}; ${plural(pre, "pre-existing error")} not counted)${caveat ? `, but ${caveat}` : ""}`, warnings), introduced: [], how };
  }
  const timeoutMs = envInt("SVC_GATE_TIMEOUT_MS", 60_000);
  const outcome = await refGate(root, since, Math.max(1, timeoutMs), ctx);
  const sessionNote = !treeOnly
    ? `check session '${session}' not used: the change since ${since} holds commits, which its baseline may already hold`
    : r
      ? `check session '${session}' still rechecking`
      : `no resident engine with check session '${session}'`;
  if (!outcome.ran) return { line: `compiler status: not verified (${sessionNote}; the comparison with ${since} did not run: ${outcome.reason})`, introduced: [], how: "not verified" };
  // what was checked, as the gate says it: a comparison that checked nothing (no changed TypeScript file, none in a loaded project) says so
  const how = `${howChecked(`errors present now but not at ${since}`, outcome, false)} (${sessionNote})`;
  if (outcome.introduced.length) return { line: `compiler status: ${plural(outcome.introduced.length, "introduced error")} unresolved (${how})`, introduced: outcome.introduced, how };
  if (!outcome.checked && !outcome.files && outcome.otherCode) return { line: `compiler status: not verified (the compiler checks TypeScript and JavaScript only; ${how})`, introduced: [], how: "not verified" };
  const caveat = configCaveat(outcome.configProblems);
  return { line: withWarnings(`compiler status: ${caveat ? "partly verified: no introduced errors" : "no introduced errors"} (${how}; ${plural(outcome.preExisting, "pre-existing error")} not counted)${caveat ? `, but ${caveat}` : ""}`, outcome.warnings ?? []), introduced: [], how };
}

/** A passing status line with what it rests on that no commit carries (gate-unversioned.ts). */
function withWarnings(line: string, warnings: readonly string[]): string {
  return warnings.length ? `${line}; warning: ${warnings.join("; ")}` : line;
}

export function renderRefusal(since: string, status: HandoffStatus): string {
  return [
    `handoff refused: the change since ${since} leaves ${plural(status.introduced.length, "introduced error")} unresolved (${status.how}). Fix ${status.introduced.length === 1 ? "it" : "them"} (svc_check shows repairs), then ask for the handoff again:`,
    ...status.introduced.map((d) => `  ${diagLine(d)}`),
  ].join("\n");
}
