// svc/checkOverlay and svc/checkCapture: the host's side of a single-file check. The first
// uses the resident engine; the second loads the owning project for this call only.

import { coldOverlay, residentOverlay } from "../check/file-check.ts";
import type { OverlayData, OverlayOutcome } from "../check/overlay.ts";
import { validationError } from "../errors.ts";
import { confine, refuseLongNames } from "../workspace/confine.ts";
import { resolveWorkspace } from "../workspace/root.ts";
import type { OpContext, OpResult } from "./types.ts";

export type { OverlayData } from "../check/overlay.ts";

export interface OverlayRequest {
  path: string;
  file: string;
  content: string | null;
  dependents: boolean;
}

function toData(outcome: OverlayOutcome | null): OverlayData {
  if (!outcome) return { hasResident: false, ran: false, diagnostics: [], dependentDiagnostics: [] };
  if (!outcome.ran) return { hasResident: true, ran: false, reason: outcome.reason, diagnostics: [], dependentDiagnostics: [] };
  const { ran: _r, ...rest } = outcome;
  return { hasResident: true, ran: true, ...rest };
}

function target(request: { path: string; file: string; content: string | null }, ctx: OpContext): { root: string; rel: string; content: string } {
  if (request.content === null) throw validationError("content is required (the proposed content of the file; may be empty)");
  const ws = resolveWorkspace(request.path, ctx.cwd);
  const rel = confine(ws.root, request.file, "check").rel;
  refuseLongNames(rel, "check");
  return { root: ws.root, rel, content: request.content };
}

export async function checkOverlay(request: OverlayRequest, ctx: OpContext): Promise<OpResult<OverlayData>> {
  const t = target(request, ctx);
  let data: OverlayData;
  try {
    data = toData(await residentOverlay(t.root, t.rel, t.content, ctx, { dependents: request.dependents, repairs: true }));
  } catch (error) {
    data = { hasResident: true, ran: false, reason: `the TypeScript engine failed: ${(error as Error).message.split("\n")[0]}`, diagnostics: [], dependentDiagnostics: [] };
  }
  return { text: JSON.stringify(data), data };
}

export interface CaptureData extends Omit<OverlayData, "hasResident"> {
  available: boolean;
}

export async function checkCapture(request: Omit<OverlayRequest, "dependents">, ctx: OpContext): Promise<OpResult<CaptureData>> {
  const t = target(request, ctx);
  let data: CaptureData;
  try {
    const { hasResident: _h, ...rest } = toData(await coldOverlay(t.root, t.rel, t.content));
    data = { available: true, ...rest };
  } catch (error) {
    data = { available: false, ran: false, reason: `the TypeScript engine failed: ${(error as Error).message.split("\n")[0]}`, diagnostics: [], dependentDiagnostics: [] };
  }
  return { text: JSON.stringify(data), data };
}
