// `svc gate` without a host: the errors present now but not at a git ref. The state gated
// is the working tree (`--since`), or with `--staged` the commit the index would make:
// every file whose working-tree copy differs from the index (unstaged edits, untracked
// files) is overlaid with its index content (or emptied), so unstaged edits neither hide
// nor cause errors. The baseline is the ref's content of the same files (gate-compare.ts).
// Time-boxed; a check that could not run says why and is never read as clean.

import { changedFiles, fileAtRef, hasCommits } from "../git/changes.ts";
import { fileInIndex, stagedState } from "../git/staged.ts";
import type { OpContext } from "../ops/types.ts";
import { findGitRoot } from "../workspace/root.ts";
import { compareStates, isCheckable, PROJECT_CONFIG, type GateOutcome, type GatePlan } from "./gate-compare.ts";

export { isCheckable } from "./gate-compare.ts";

export type RefGateOutcome = (GateOutcome & { ran: true; files: number }) | { ran: false; reason: string };

function configReason(path: string, against: string): string {
  return `${path} changed ${against}; the comparison overlays source files only, so it cannot tell what the config change did`;
}

/** The working tree against `ref`. */
export async function refGate(root: string, ref: string, timeoutMs: number, _ctx: OpContext): Promise<RefGateOutcome> {
  const started = performance.now();
  if (!findGitRoot(root)) return { ran: false, reason: `${root} is not a git repository and no host serves it` };
  if (!(await hasCommits(root))) return { ran: false, reason: "the repository has no commits yet, so there is nothing to compare with" };
  const changed = await changedFiles(root, ref);
  const config = changed.find((f) => PROJECT_CONFIG.test(f.path));
  if (config) return { ran: false, reason: configReason(config.path, `since ${ref}`) };
  const sources = changed.filter((f) => isCheckable(f.path));
  if (!sources.length) return { ran: true, introduced: [], preExisting: 0, checked: 0, files: 0, elapsedMs: Math.round(performance.now() - started) };
  const plan: GatePlan = { seeds: [], gone: [], gated: new Map(), baseline: new Map() };
  for (const f of sources) {
    if (f.status !== "deleted") plan.seeds.push(f.path);
    if (f.status === "deleted" || f.oldPath) plan.gone.push(f.oldPath ?? f.path);
    if (f.oldPath) plan.baseline.set(f.path, null);
    const at = f.status === "added" || f.status === "untracked" ? null : await fileAtRef(root, ref, f.oldPath ?? f.path);
    plan.baseline.set(f.oldPath ?? f.path, at);
  }
  const outcome = await compareStates(root, plan, timeoutMs);
  return outcome.ran ? { ...outcome, files: sources.length } : outcome;
}

/** The commit the index would make against HEAD. */
export async function stagedGate(root: string, timeoutMs: number): Promise<RefGateOutcome> {
  const started = performance.now();
  if (!findGitRoot(root)) return { ran: false, reason: `${root} is not a git repository` };
  const state = await stagedState(root);
  const config = state.staged.find((f) => PROJECT_CONFIG.test(f.path) || (f.oldPath !== undefined && PROJECT_CONFIG.test(f.oldPath)));
  if (config) return { ran: false, reason: configReason(config.path, "in the index") };
  const sources = state.staged.filter((f) => isCheckable(f.path) || (f.oldPath !== undefined && isCheckable(f.oldPath)));
  if (!sources.length) return { ran: true, introduced: [], preExisting: 0, checked: 0, files: 0, elapsedMs: Math.round(performance.now() - started) };
  // A config edited on disk but not staged: the engine reads configs from disk, so the commit's own cannot be checked.
  const unstagedConfig = [...state.unstaged, ...state.untracked].find((p) => PROJECT_CONFIG.test(p));
  if (unstagedConfig) return { ran: false, reason: `${unstagedConfig} differs from the index (unstaged); the engine reads configs from disk, so it cannot check the commit's — stage or stash it` };
  const plan: GatePlan = { seeds: [], gone: [], gated: new Map(), baseline: new Map(), alsoCheck: [] };
  const ref = state.headExists ? "HEAD" : null;
  const headOf = (path: string) => (ref ? fileAtRef(root, ref, path) : Promise.resolve(null));
  for (const f of sources) {
    if (f.status !== "deleted") plan.seeds.push(f.path);
    if (f.status === "deleted" || f.oldPath) plan.gone.push(f.oldPath ?? f.path);
    plan.gated.set(f.path, f.status === "deleted" ? null : await fileInIndex(root, f.path));
    if (f.oldPath) {
      plan.gated.set(f.oldPath, null);
      plan.baseline.set(f.path, null);
    }
    plan.baseline.set(f.oldPath ?? f.path, f.status === "added" ? null : await headOf(f.oldPath ?? f.path));
  }
  // Unstaged edits and untracked files are not in the commit: both states see the index's content (HEAD's, for an unstaged file).
  for (const path of state.unstaged.filter(isCheckable)) {
    if (plan.gated.has(path)) continue;
    const indexed = await fileInIndex(root, path);
    plan.gated.set(path, indexed);
    plan.baseline.set(path, indexed);
    plan.alsoCheck!.push(path);
  }
  for (const path of state.untracked.filter(isCheckable)) {
    if (plan.gated.has(path)) continue;
    plan.gated.set(path, null);
    plan.baseline.set(path, null);
  }
  const outcome = await compareStates(root, plan, timeoutMs);
  return outcome.ran ? { ...outcome, files: sources.length } : outcome;
}
