// Single-file check of proposed content: the verification ladder (the host's resident
// engine via svc/checkOverlay, the host's cold path via svc/checkCapture, this process's
// resident engine, a cold engine started for the call) and the rendered answer. A check
// that did not run abstains with its reason; it is never reported as clean.

import type { OpContext, OpResult } from "../ops/types.ts";
import { confine } from "../workspace/confine.ts";
import type { Diag } from "./diag.ts";
import { isCheckable } from "./gate-ref.ts";

export type Grade = "resident" | "cold" | "abstain";

export interface FileCheckData {
  mode: "file";
  file: string;
  grade: Grade;
  /** The first line of the text: `verification grade: …` or `cannot verify (abstain): …`. */
  gradeLine: string;
  reason?: string;
  /** True only when the check ran and found no error in the file or its dependents. */
  clean: boolean;
  diagnostics: Diag[];
  dependentDiagnostics: Diag[];
  elapsedMs: number;
}

function abstained(file: string, reason: string, started: number): OpResult<FileCheckData> {
  const gradeLine = `cannot verify (abstain): ${reason}`;
  return { text: gradeLine, data: { mode: "file", file, grade: "abstain", gradeLine, reason, clean: false, diagnostics: [], dependentDiagnostics: [], elapsedMs: Math.round(performance.now() - started) } };
}

export async function checkFile(root: string, file: string, _content: string, _ctx: OpContext): Promise<OpResult<FileCheckData>> {
  const started = performance.now();
  const target = confine(root, file, "check");
  if (!isCheckable(target.rel)) return abstained(target.rel, `${target.rel} is not a TypeScript or JavaScript file`, started);
  return abstained(target.rel, "the TypeScript engine is not part of this build yet", started);
}
