// `svc gate` without a host: the errors present now but not at a git ref. The changed
// TypeScript/JavaScript files and their direct dependents are checked twice in one engine
// instance — as they are now, and with the ref's content of the changed files overlaid —
// and the multiset delta of the two is the verdict. Time-boxed; a check that could not run
// says why and is never read as clean.

import { changedFiles, hasCommits, type ChangedFile } from "../git/changes.ts";
import type { OpContext } from "../ops/types.ts";
import { findGitRoot } from "../workspace/root.ts";
import type { Diag } from "./diag.ts";

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

async function compareWithRef(_root: string, _ref: string, _changed: ChangedFile[], _timeoutMs: number, _ctx: OpContext): Promise<RefGateOutcome> {
  return { ran: false, reason: "the TypeScript engine is not part of this build yet" };
}
