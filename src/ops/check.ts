// svc_check. Single-file mode (file + content): typecheck proposed content without writing
// it — the file's diagnostics and the errors it introduces in its direct dependents, with
// the verification grade first and repair packets for errors. Delta mode (session): what
// was introduced and resolved since the session's baseline (the first call sets it).

import { checkFile, type FileCheckData } from "../check/file-check.ts";
import { renderDeltaMode, type CheckSessionResult } from "../check/render-delta.ts";
import { validationError } from "../errors.ts";
import { validateSessionId } from "../render/session.ts";
import { confine } from "../workspace/confine.ts";
import { resolveWorkspace } from "../workspace/root.ts";
import { restoredAsApplied } from "./apply-bidi.ts";
import { askSession, localSession } from "./check-session.ts";
import type { OpContext, OpResult } from "./types.ts";

export interface CheckRequest {
  path: string;
  file: string | null;
  content: string | null;
  session: string | null;
  markGreen: boolean;
  full: boolean;
}

export type CheckData = FileCheckData | ({ mode: "delta" } & CheckSessionResult);

export async function check(request: CheckRequest, ctx: OpContext): Promise<OpResult<CheckData>> {
  const ws = resolveWorkspace(request.path, ctx.cwd);
  if (request.file !== null || request.content !== null) {
    if (request.file === null || !request.file.trim() || request.content === null) {
      throw validationError("provide the changed file's path (file) and its proposed new content (content), or a session id for delta mode");
    }
    if (request.session !== null || request.markGreen || request.full) throw validationError("session, markGreen and full belong to delta mode; single-file mode takes file and content only");
    // the content as apply would write it (a view's bidi escapes and secret markers taken back from the file): check, then apply, checks what is written
    const rel = confine(ws.root, request.file, "check").rel;
    return checkFile(ws.root, rel, restoredAsApplied(ws.root, rel, request.content, "check"), ctx);
  }
  if (request.session === null) {
    if (request.markGreen || request.full) throw validationError("markGreen and full belong to delta mode: pass session too");
    throw validationError("provide the changed file's path (file) and its proposed new content (content), or a session id for delta mode");
  }
  const session = validateSessionId(request.session);
  const ask = { session, markGreen: request.markGreen, full: request.full };
  let result: CheckSessionResult;
  const asked = ctx.host ? ({ host: false } as const) : await askSession(ws.root, ask, { handshakeMs: 500, callMs: 120_000 });
  if (asked.host) result = asked.result;
  else result = await localSession(ws.root, ask, ctx);
  return { text: renderDeltaMode(result), data: { mode: "delta", ...result } };
}
