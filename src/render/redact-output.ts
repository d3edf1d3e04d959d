// The output path's redactor. The engine passes every operation's result through
// `redactResult` before the budget fit (src/engine.ts invoke), so what any surface writes —
// CLI text and --json, MCP text and structuredContent, host RPC results — is redacted;
// payload files, error messages and the CLI's printed lines go through `redactText`. A new
// operation, field or surface is redacted without anyone remembering to. Strings are redacted wherever they sit inside
// the result object (keys included), diffs and signatures as much as file bodies.
//
// A refactor's staged files (`{file, expectedHash, content}`, the apply handoff) are
// redacted like everything else: svc_workspace action=apply puts the file's own values back
// for their markers (ops/apply-fidelity.ts restoreMarkers).
//
// Redaction is idempotent (a marker is never matched again), so a result that already went
// through it (fusion content, a host's answer relayed by a client) may pass again.

import type { OpResult } from "../ops/types.ts";
import { mapStrings } from "../text/map-strings.ts";
import { redact } from "../text/redact.ts";

export function redactText(text: string): string {
  return redact(text).text;
}

/** `{file, expectedHash, content}`: staged content for apply (whole or not at all within a budget: render/fit.ts). */
export function isApplyHandoff(value: object): boolean {
  const v = value as Record<string, unknown>;
  return typeof v.file === "string" && typeof v.expectedHash === "string" && typeof v.content === "string";
}

/** A deep copy of `value` with every string redacted. */
export function redactValue<T>(value: T): T {
  return mapStrings(value, redactText);
}

/** What a surface may write: the result's text, structured data and warnings, redacted (the engine applies it to every answer). */
export function redactResult<D extends object>(result: OpResult<D>): OpResult<D> {
  return {
    ...result,
    text: redactText(result.text),
    data: redactValue(result.data),
    ...(result.warnings ? { warnings: result.warnings.map(redactText) } : {}),
  };
}
