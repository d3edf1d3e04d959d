// `svc gate` without a host: the errors present now but not at a git ref. The changed
// TypeScript/JavaScript files and their direct dependents are checked twice in one engine
// instance — as they are now, and with the ref's content of the changed files overlaid —
// and the multiset delta of the two is the verdict. Time-boxed; a check that could not run
// says why and is never read as clean.

import { existsSync } from "node:fs";
import { join } from "node:path";
import { changedFiles, fileAtRef, hasCommits, type ChangedFile } from "../git/changes.ts";
import type { OpContext } from "../ops/types.ts";
import { findGitRoot } from "../workspace/root.ts";
import { diagDelta, errorsOf, type Diag } from "./diag.ts";
import { coldChecks, type CheckWorkspace } from "./workspace.ts";

export type RefGateOutcome =
  | { ran: true; introduced: Diag[]; preExisting: number; files: number; elapsedMs: number }
  | { ran: false; reason: string };

const CHECKABLE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
/** Files whose change can alter every check: the overlay of sources cannot show their effect. */
const PROJECT_CONFIG = /(^|\/)(tsconfig[^/]*\.json|jsconfig\.json|package\.json)$/;

export function isCheckable(path: string): boolean {
  return CHECKABLE.test(path) && !path.endsWith(".d.ts.map");
}

export async function refGate(root: string, ref: string, timeoutMs: number, ctx: OpContext): Promise<RefGateOutcome> {
  const started = performance.now();
  if (!findGitRoot(root)) return { ran: false, reason: `${root} is not a git repository and no host serves it` };
  if (!(await hasCommits(root))) return { ran: false, reason: "the repository has no commits yet, so there is nothing to compare with" };
  const changed = await changedFiles(root, ref);
  const config = changed.find((f) => PROJECT_CONFIG.test(f.path));
  if (config) return { ran: false, reason: `${config.path} changed since ${ref}; the ref comparison overlays source files only, so it cannot tell what the config change did` };
  const sources = changed.filter((f) => isCheckable(f.path));
  if (!sources.length) return { ran: true, introduced: [], preExisting: 0, files: 0, elapsedMs: Math.round(performance.now() - started) };
  return compareWithRef(root, ref, sources, timeoutMs, ctx);
}

async function compareWithRef(root: string, ref: string, changed: ChangedFile[], timeoutMs: number, _ctx: OpContext): Promise<RefGateOutcome> {
  const started = performance.now();
  let cw: CheckWorkspace | null = null;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<RefGateOutcome>((resolve) => {
    timer = setTimeout(() => resolve({ ran: false, reason: `the check did not finish within ${timeoutMs} ms (SVC_GATE_TIMEOUT_MS)` }), timeoutMs);
  });
  const work = (async (): Promise<RefGateOutcome> => {
    const opened = await coldChecks(root);
    if (stopped) {
      await opened.release().catch(() => undefined);
      return { ran: false, reason: "timed out" };
    }
    cw = opened;
    const owned = new Set(await cw.files());
    const candidates = changed.filter((f) => f.status !== "deleted");
    if (!candidates.some((f) => owned.has(f.path)) && !changed.some((f) => f.status === "deleted")) {
      return { ran: false, reason: `no loaded TypeScript project holds the changed files (${candidates.map((f) => f.path).slice(0, 3).join(", ")})` };
    }
    const set = new Set<string>();
    for (const f of changed) {
      if (f.status !== "deleted") set.add(f.path);
      for (const d of await cw.dependentsOf(f.oldPath ?? f.path)) set.add(d);
    }
    const scope = [...set].filter((p) => owned.has(p) && existsSync(join(root, p))).sort();
    const now = [...(await cw.diskDiagnostics(scope)).values()].flat();
    // The ref's content of the changed files, overlaid; files the ref did not have are left out of its side.
    const absentAtRef = new Set<string>();
    const overlaid: string[] = [];
    for (const f of changed) {
      if (f.status === "added" || f.status === "untracked") {
        absentAtRef.add(f.path);
        continue;
      }
      const old = await fileAtRef(root, ref, f.oldPath ?? f.path);
      if (old === null) {
        absentAtRef.add(f.path);
        continue;
      }
      if (f.oldPath) absentAtRef.add(f.path);
      await cw.engine.setOverlay(cw.abs(f.oldPath ?? f.path), old);
      overlaid.push(f.oldPath ?? f.path);
    }
    const thenScope = [...new Set([...scope.filter((p) => !absentAtRef.has(p)), ...overlaid])];
    const then: Diag[] = [];
    for (const p of thenScope) {
      const projects = await cw.projectsFor(p);
      if (projects.length) then.push(...(await cw.fileDiagnostics(p, projects[0])));
    }
    for (const p of overlaid) cw.engine.clearOverlay(cw.abs(p));
    const introduced = errorsOf(diagDelta(then, now).introduced);
    return { ran: true, introduced, preExisting: errorsOf(now).length - introduced.length, files: changed.length, elapsedMs: Math.round(performance.now() - started) };
  })();
  try {
    return await Promise.race([work, timeout]);
  } catch (error) {
    return { ran: false, reason: `the TypeScript engine failed: ${(error as Error).message.split("\n")[0]}` };
  } finally {
    clearTimeout(timer);
    stopped = true;
    work.catch(() => undefined);
    await (cw as CheckWorkspace | null)?.release().catch(() => undefined);
  }
}
