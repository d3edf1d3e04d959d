// svc/check: the session delta of the resident engine — the current whole-workspace
// diagnostics against the session's stored baseline (the first call stores it). Served by
// the host; `askSession` is how svc_check, `svc check --delta` and `svc gate` reach it.

import { loadBaseline, sessionDelta } from "../check/sessions.ts";
import { currentDiagnostics } from "../check/current.ts";
import type { CheckSessionResult } from "../check/render-delta.ts";
import { errorsOf } from "../check/diag.ts";
import { probeHost } from "../host/client.ts";
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
}

/** The delta computed by this process's resident engine. */
export async function localSession(root: string, request: Omit<CheckSessionRequest, "path">, ctx: OpContext): Promise<CheckSessionResult> {
  const session = validateSessionId(request.session);
  const stored = request.markGreen ? null : loadBaseline(root, session);
  const exact = stored === null; // a baseline is taken from fully current diagnostics
  // a baseline an older svc stored is told again as these are before the delta prints any of it (sessions.ts)
  const current = await currentDiagnostics(root, ctx, { exact, ...(request.paths?.length ? { judge: request.paths } : {}), ...(stored?.legacy ? { retell: stored.diags } : {}) });
  if (!current.available) {
    return { resident: false, reason: current.reason, session, baselineAt: null, baselineCount: 0, established: false, markedGreen: false, introduced: [], resolved: [], errorCount: 0 };
  }
  const delta = sessionDelta(root, session, current.diags, { markGreen: request.markGreen, ...(current.retold ? { retold: current.retold } : {}) });
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
  };
}

export async function checkSession(request: CheckSessionRequest, ctx: OpContext): Promise<OpResult<CheckSessionResult>> {
  const ws = resolveWorkspace(request.path, ctx.cwd);
  const data = await localSession(ws.root, request, ctx);
  return { text: JSON.stringify(data), data };
}

/** `unanswered`: a socket took the connection but no host answered (busy, or a leftover): the delta could not be asked, which is not "no host". */
export type AskedSession = { host: false; unanswered?: string } | { host: true; result: CheckSessionResult };

/**
 * Ask the host serving `root` for the session delta. `{host: false}` when no host takes the
 * connection in `handshakeMs` (a connected one gets up to 5 s of `callMs` for its handshake:
 * on a busy machine a live host is not "no host"); a host that fails or times out throws
 * (never read as clean).
 */
export async function askSession(root: string, request: Omit<CheckSessionRequest, "path">, options: { handshakeMs: number; callMs: number }): Promise<AskedSession> {
  const { client, unanswered } = await probeHost(root, options.handshakeMs, Math.max(options.handshakeMs, Math.min(options.callMs, 5_000)));
  if (!client) return unanswered ? { host: false, unanswered } : { host: false };
  try {
    const result = await client.call<CheckSessionResult>("svc/check", { root, session: request.session, markGreen: request.markGreen, full: request.full, ...(request.paths?.length ? { paths: request.paths } : {}) }, options.callMs);
    return { host: true, result };
  } finally {
    client.close();
  }
}
