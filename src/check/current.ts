// The resident workspace's current diagnostics for the session delta: every owned file's,
// from the per-file cache where it is current (a one-file edit rechecks that file and what
// it reaches; see workspace.ts). `pending` counts files further up the import chains whose
// recheck is still running in the background; `exact` waits for them.

import type { OpContext } from "../ops/types.ts";
import type { ConfigProblem } from "./config-caveat.ts";
import type { Diag } from "./diag.ts";
import { ENGINE_NAME, residentChecks } from "./workspace.ts";

export type CurrentDiagnostics =
  | { available: true; diags: Diag[]; engine: string; elapsedMs: number; files: number; rechecked: number; pending: number; unheld?: string[]; retold?: Diag[]; configProblems?: ConfigProblem[] }
  | { available: false; reason: string };

/**
 * `judge`: paths to say of whether a loaded project holds them (`unheld`: those none does — their diagnostics are in no answer).
 * `retell`: diagnostics an older svc stored, told again as these are (`retold`; CheckWorkspace.retell).
 */
export async function currentDiagnostics(root: string, ctx: OpContext, options: { exact: boolean; judge?: readonly string[]; retell?: readonly Diag[] }): Promise<CurrentDiagnostics> {
  const cw = await residentChecks(root, ctx);
  if (!cw) return { available: false, reason: "no resident TypeScript engine serves this root (start `svc host`, or set SVC_RESIDENT=1), and delta mode does not load one for a single call" };
  const started = performance.now();
  try {
    const r = await cw.exclusive(async () => ({
      ...(await cw.workspaceDiagnostics(options)),
      owned: options.judge?.length ? new Set(await cw.files()) : null,
      retold: options.retell ? await cw.retell(options.retell) : undefined,
      configProblems: await cw.configProblems(),
    }));
    if (!r.files) return { available: false, reason: "the workspace's TypeScript projects hold no source files (see svc doctor)" };
    const unheld = r.owned ? options.judge!.filter((p) => !r.owned!.has(p)) : [];
    return { available: true, diags: r.diags, engine: ENGINE_NAME, elapsedMs: Math.round(performance.now() - started), files: r.files, rechecked: r.rechecked, pending: r.pending, ...(unheld.length ? { unheld } : {}), ...(r.retold ? { retold: r.retold } : {}), ...(r.configProblems.length ? { configProblems: r.configProblems } : {}) };
  } catch (error) {
    return { available: false, reason: `the TypeScript engine failed: ${(error as Error).message.split("\n")[0]}` };
  }
}
