// svc/check: the session delta of the resident engine — the current whole-workspace
// diagnostics against the session's stored baseline (the first call stores it). Served by
// the host; `askSession` is how svc_check, `svc check --delta` and `svc gate` reach it.

import { loadBaseline, sessionDelta } from "../check/sessions.ts";
import { currentDiagnostics } from "../check/current.ts";
import type { CheckSessionResult } from "../check/render-delta.ts";
import { errorsOf } from "../check/diag.ts";
import { connectHost } from "../host/client.ts";
import { validateSessionId } from "../render/session.ts";
import { resolveWorkspace } from "../workspace/root.ts";
import type { OpContext, OpResult } from "./types.ts";

export interface CheckSessionRequest {
  path: string;
  session: string;
  markGreen: boolean;
  full: boolean;
}

/** The delta computed by this process's resident engine. */
export async function localSession(root: string, request: Omit<CheckSessionRequest, "path">, ctx: OpContext): Promise<CheckSessionResult> {
  const session = validateSessionId(request.session);
  const exact = request.markGreen || loadBaseline(root, session) === null; // a baseline is taken from fully current diagnostics
  const current = await currentDiagnostics(root, ctx, { exact });
  if (!current.available) {
    return { resident: false, reason: current.reason, session, baselineAt: null, baselineCount: 0, established: false, markedGreen: false, introduced: [], resolved: [], errorCount: 0 };
  }
  const delta = sessionDelta(root, session, current.diags, { markGreen: request.markGreen });
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
  };
}

export async function checkSession(request: CheckSessionRequest, ctx: OpContext): Promise<OpResult<CheckSessionResult>> {
  const ws = resolveWorkspace(request.path, ctx.cwd);
  const data = await localSession(ws.root, request, ctx);
  return { text: JSON.stringify(data), data };
}

export type AskedSession = { host: false } | { host: true; result: CheckSessionResult };

/**
 * Ask the host serving `root` for the session delta. `{host: false}` when none answers the
 * handshake in `handshakeMs`; a host that fails or times out throws (never read as clean).
 */
export async function askSession(root: string, request: Omit<CheckSessionRequest, "path">, options: { handshakeMs: number; callMs: number }): Promise<AskedSession> {
  const client = await connectHost(root, options.handshakeMs);
  if (!client) return { host: false };
  try {
    const result = await client.call<CheckSessionResult>("svc/check", { root, session: request.session, markGreen: request.markGreen, full: request.full }, options.callMs);
    return { host: true, result };
  } finally {
    client.close();
  }
}
