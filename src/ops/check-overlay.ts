// svc/checkOverlay and svc/checkCapture: the host's side of a single-file check. The first
// uses the resident engine; the second loads the owning project for this call only.

import type { Diag } from "../check/diag.ts";
import type { OpContext, OpResult } from "./types.ts";

export interface OverlayRequest {
  path: string;
  file: string;
  content: string;
  dependents: boolean;
}

export interface OverlayData {
  hasResident: boolean;
  reason?: string;
  diagnostics: Diag[];
  dependentDiagnostics: Diag[];
}

export async function checkOverlay(_request: OverlayRequest, _ctx: OpContext): Promise<OpResult<OverlayData>> {
  const data: OverlayData = { hasResident: false, reason: "the TypeScript engine is not part of this build yet", diagnostics: [], dependentDiagnostics: [] };
  return { text: JSON.stringify(data), data };
}

export interface CaptureData {
  available: boolean;
  reason?: string;
  diagnostics: Diag[];
  dependentDiagnostics?: Diag[];
}

export async function checkCapture(_request: Omit<OverlayRequest, "dependents">, _ctx: OpContext): Promise<OpResult<CaptureData>> {
  const data: CaptureData = { available: false, reason: "the TypeScript engine is not part of this build yet", diagnostics: [] };
  return { text: JSON.stringify(data), data };
}
