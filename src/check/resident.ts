// The resident TypeScript engine as the checks see it: whole-workspace diagnostics of the
// engine this process holds (the host, or SVC_RESIDENT=1). Filled in over src/semantic/.

import type { OpContext } from "../ops/types.ts";
import type { Diag } from "./diag.ts";

export type CurrentDiagnostics = { available: true; diags: Diag[]; engine: string; elapsedMs: number } | { available: false; reason: string };

export async function residentDiagnostics(_root: string, _ctx: OpContext): Promise<CurrentDiagnostics> {
  return { available: false, reason: "the TypeScript engine is not part of this build yet" };
}
