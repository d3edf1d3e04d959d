// The resident engine of this process (the host, or any process with SVC_RESIDENT=1): one
// Checker per root, kept warm. Before each use it tells the engine which of the project's
// files changed on disk since it last looked (mtime), so an applied or saved file is seen
// at once; whole-workspace diagnostics are the pull diagnostics of every project file.

import { statSync } from "node:fs";
import { join } from "node:path";
import type { OpContext } from "../ops/types.ts";
import { envBool } from "../sys/env.ts";
import { Checker, ENGINE_NAME } from "./checker.ts";
import type { Diag } from "./diag.ts";

export type CurrentDiagnostics = { available: true; diags: Diag[]; engine: string; elapsedMs: number; files: number } | { available: false; reason: string };

interface Resident {
  checker: Checker;
  mtimes: Map<string, number>;
}

const residents = new Map<string, Resident>();

export function holdsResident(ctx: OpContext): boolean {
  return ctx.host === true || envBool("SVC_RESIDENT", false);
}

/** This process's resident checker for root (created on first use), or null when this process holds none. */
export function residentChecker(root: string, ctx: OpContext): Resident | null {
  if (!holdsResident(ctx)) return null;
  let r = residents.get(root);
  if (!r) {
    r = { checker: new Checker(root), mtimes: new Map() };
    residents.set(root, r);
  }
  return r;
}

function mtime(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return -1;
  }
}

/** Tell the engine about files whose mtime moved since the last look (`extra`: files to watch from now on). */
export function refreshResident(r: Resident, extra: readonly string[] = []): void {
  for (const rel of extra) if (!r.mtimes.has(rel)) r.mtimes.set(rel, mtime(join(r.checker.root, rel)));
  const changed: string[] = [];
  for (const [rel, before] of r.mtimes) {
    const now = mtime(join(r.checker.root, rel));
    if (now !== before) {
      r.mtimes.set(rel, now);
      changed.push(rel);
    }
  }
  r.checker.filesChanged(changed);
}

export async function residentDiagnostics(root: string, ctx: OpContext): Promise<CurrentDiagnostics> {
  const r = residentChecker(root, ctx);
  if (!r) return { available: false, reason: "no resident TypeScript engine serves this root (start `svc host`, or set SVC_RESIDENT=1), and delta mode does not load one for a single call" };
  const config = r.checker.rootConfig();
  if (!config) return { available: false, reason: `no tsconfig.json or jsconfig.json at ${root}` };
  const started = performance.now();
  try {
    return await r.checker.exclusive(async () => {
      const files = await r.checker.sourceFiles(config);
      refreshResident(r, files);
      const diags = await r.checker.diagnosticsOf(files);
      return { available: true as const, diags, engine: ENGINE_NAME, elapsedMs: Math.round(performance.now() - started), files: files.length };
    });
  } catch (error) {
    return { available: false, reason: `the TypeScript engine failed: ${(error as Error).message}` };
  }
}

export async function closeResidents(): Promise<void> {
  const all = [...residents.values()];
  residents.clear();
  await Promise.all(all.map((r) => r.checker.close().catch(() => undefined)));
}
