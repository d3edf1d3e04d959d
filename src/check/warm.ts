// The host's check warm-up: once its resident workspace is loaded and its checker edges are
// current, every file's diagnostics are computed in the background (so the first overlay
// check and the first delta find them cached), and the `hook` session gets its baseline
// if it has none — before the agent's first edit, even when no SessionStart hook ran.

import type { ResidentWorkspace } from "../semantic/index.ts";
import { loadBaseline, saveBaseline } from "./sessions.ts";
import { residentChecks } from "./workspace.ts";

export const HOOK_SESSION = "hook";

export async function warmChecks(root: string, resident: ResidentWorkspace, log: (message: string) => void): Promise<void> {
  try {
    await resident.whenReady();
    const cw = await residentChecks(root, { cwd: root, host: true });
    if (!cw) return;
    const started = performance.now();
    await cw.sweep();
    // a stopping host closes the engine under the sweep: what a closed engine answers is no baseline, and nothing was warmed
    const closed = () => cw.engine.isClosed;
    await cw.exclusive(async () => {
      if (closed() || loadBaseline(root, HOOK_SESSION)) return; // a client set it first (or a previous host did): keep it
      const current = await cw.workspaceDiagnostics({ exact: true });
      if (current.files && !closed()) saveBaseline(root, HOOK_SESSION, current.diags);
    });
    if (closed()) return log("check warm-up stopped: the TypeScript engine was closed (the host is stopping)");
    log(`checks warm: ${(await cw.files()).length} files' diagnostics cached in ${Math.round(performance.now() - started)} ms`);
  } catch (error) {
    log(`check warm-up stopped: ${(error as Error).message}`);
  }
}
