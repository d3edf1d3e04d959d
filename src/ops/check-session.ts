// svc/check: the session delta of the resident engine — the current whole-workspace
// diagnostics against the session's stored baseline (the first call stores it). Served by
// the host; `askSession` is how svc_check, `svc check --delta` and `svc gate` reach it.

import { loadBaseline, sessionDelta } from "../check/sessions.ts";
import { currentDiagnostics } from "../check/current.ts";
import { stagedGate, withoutRespelled } from "../check/gate-ref.ts";
import { confinedIndexFile } from "../git/staged.ts";
import { ENGINE_NAME, residentChecks } from "../check/workspace.ts";
import type { CheckSessionResult } from "../check/render-delta.ts";
import { errorsOf } from "../check/diag.ts";
import { probeHost } from "../host/client.ts";
import { MAX_FRAME_BYTES } from "../host/framing.ts";
import { CHECK_PATHS_CAP } from "../params.ts";
import { validateSessionId } from "../render/session.ts";
import { resolveWorkspace } from "../workspace/root.ts";
import type { OpContext, OpResult } from "./types.ts";

export interface CheckSessionRequest {
  path: string;
  session: string;
  markGreen: boolean;
  full: boolean;
  /** Root-relative paths to judge: the result's `unheld` lists those no loaded project holds (the gate asks about the sources changed since HEAD). */
  paths?: string[] | null;
  /** `svc gate --staged`'s comparison on the resident engine instead of the session's delta (the session is neither read nor set), time-boxed by `timeoutMs`. */
  staged?: boolean;
  timeoutMs?: number;
  /** With `staged`: the index file the pre-commit hook was given (`git commit -a`, or with paths), read instead of the repository's own. */
  indexFile?: string | null;
  /** With `staged`: the commit replaces HEAD (`git commit --amend`, told by the hook's process: git/amend.ts), so it is compared with HEAD's first parent. */
  amend?: boolean;
}

/** No resident engine: what the result says. */
function noResident(session: string, reason: string): CheckSessionResult {
  return { resident: false, reason, session, baselineAt: null, baselineCount: 0, established: false, markedGreen: false, introduced: [], resolved: [], errorCount: 0 };
}

/** The staged comparison in this process's resident engine. */
async function stagedOnResident(root: string, session: string, timeoutMs: number, indexFile: string | null | undefined, amend: boolean, ctx: OpContext): Promise<CheckSessionResult> {
  const index = indexFile ? await confinedIndexFile(root, indexFile) : undefined;
  const cw = await residentChecks(root, ctx);
  if (!cw) return noResident(session, "no resident TypeScript engine serves this root");
  const staged = await stagedGate(root, timeoutMs, cw, index, amend);
  const introduced = staged.ran ? staged.introduced : [];
  const { reason: _none, ...empty } = noResident(session, "");
  return { ...empty, resident: true, introduced, errorCount: staged.ran ? staged.preExisting + introduced.length : 0, engine: ENGINE_NAME, staged };
}

/** The delta computed by this process's resident engine. */
export async function localSession(root: string, request: Omit<CheckSessionRequest, "path">, ctx: OpContext): Promise<CheckSessionResult> {
  const session = validateSessionId(request.session);
  if (request.staged) return stagedOnResident(root, session, request.timeoutMs ?? 60_000, request.indexFile, request.amend === true, ctx);
  const stored = request.markGreen ? null : loadBaseline(root, session);
  const exact = stored === null; // a baseline is taken from fully current diagnostics
  // a baseline an older svc stored is told again as these are before the delta prints any of it (sessions.ts)
  const current = await currentDiagnostics(root, ctx, { exact, ...(request.paths?.length ? { judge: request.paths } : {}), ...(stored?.legacy ? { retell: stored.diags } : {}) });
  if (!current.available) return noResident(session, current.reason);
  // a declaration renamed by hand respells the pre-existing errors naming it: the same errors (gate-ref.ts)
  const delta = await withoutRespelled(root, sessionDelta(root, session, current.diags, { markGreen: request.markGreen, ...(current.retold ? { retold: current.retold } : {}) }));
  return {
    resident: true,
    session,
    baselineAt: delta.baselineAt,
    baselineCount: delta.baselineCount,
    established: delta.established,
    markedGreen: delta.markedGreen,
    introduced: delta.introduced,
    resolved: delta.resolved,
    errorCount: errorsOf(current.diags).length,
    ...(request.full ? { current: current.diags } : {}),
    engine: current.engine,
    elapsedMs: current.elapsedMs,
    files: current.files,
    rechecked: current.rechecked,
    pending: current.pending,
    ...(current.unheld ? { unheld: current.unheld } : {}),
    ...(current.configProblems ? { configProblems: current.configProblems } : {}),
  };
}

export async function checkSession(request: CheckSessionRequest, ctx: OpContext): Promise<OpResult<CheckSessionResult>> {
  const ws = resolveWorkspace(request.path, ctx.cwd);
  const data = await localSession(ws.root, request, ctx);
  return { text: JSON.stringify(data), data };
}

/** `unanswered`: a socket took the connection but no host answered (busy, or a leftover): the delta could not be asked, which is not "no host". */
export type AskedSession = { host: false; unanswered?: string } | { host: true; result: CheckSessionResult };

/** The paths one svc/check call takes: its cap on `paths` (CHECK_PATHS_CAP), and a quarter of a frame (paths may be long). */
function pathBatches(paths: readonly string[]): string[][] {
  const bytes = MAX_FRAME_BYTES / 4;
  const out: string[][] = [];
  let size = 0;
  for (const p of paths) {
    const last = out.at(-1);
    if (!last || last.length >= CHECK_PATHS_CAP || size + p.length + 8 > bytes) {
      out.push([p]);
      size = p.length + 8;
    } else {
      last.push(p);
      size += p.length + 8;
    }
  }
  return out;
}

/**
 * Ask the host serving `root` for the session delta. `{host: false}` when no host takes the
 * connection in `handshakeMs` (a connected one gets up to 5 s of `callMs` for its handshake:
 * on a busy machine a live host is not "no host"); a host that fails or times out throws
 * (never read as clean). More paths to judge than one call takes are asked in batches, on
 * one connection: the delta is the last call's, `unheld` every call's.
 */
export async function askSession(root: string, request: Omit<CheckSessionRequest, "path">, options: { handshakeMs: number; callMs: number }): Promise<AskedSession> {
  const { client, unanswered } = await probeHost(root, options.handshakeMs, Math.max(options.handshakeMs, Math.min(options.callMs, 5_000)));
  if (!client) return unanswered ? { host: false, unanswered } : { host: false };
  try {
    const deadline = Date.now() + options.callMs;
    const staged = request.staged ? { staged: true, timeoutMs: request.timeoutMs ?? 60_000, ...(request.indexFile ? { indexFile: request.indexFile } : {}), ...(request.amend ? { amend: true } : {}) } : {};
    const ask = (paths?: string[]) => client.call<CheckSessionResult>("svc/check", { root, session: request.session, markGreen: request.markGreen, full: request.full, ...staged, ...(paths ? { paths } : {}) }, Math.max(1, deadline - Date.now()));
    const batches = request.paths?.length ? pathBatches(request.paths) : [undefined];
    let result = await ask(batches[0]);
    const unheld = [...(result.unheld ?? [])];
    let established = result.established;
    for (const batch of batches.slice(1)) {
      if (!result.resident) break;
      result = await ask(batch);
      unheld.push(...(result.unheld ?? []));
      established ||= result.established;
    }
    return { host: true, result: { ...result, established, ...(unheld.length ? { unheld } : {}) } };
  } finally {
    client.close();
  }
}
