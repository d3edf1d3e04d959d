// The one error class of the engine. Every failure a user can see is a one-line string
// that starts with a fixed prefix; surfaces map it to their channel (stderr + exit code,
// MCP isError result, JSON-RPC error data). The message is redacted here, once, so no
// error on any surface can carry a secret it quoted (a diagnostic, a line, a value).

import { redact } from "./render/redact.ts";

export const ERROR_PREFIXES = [
  "validation_error",
  "workspace_not_allowed",
  "workspace_not_found",
  "index_not_built",
  "index_busy",
  "index_rebuilding",
  "not_semantic",
  "internal_error",
] as const;

export type ErrorPrefix = (typeof ERROR_PREFIXES)[number];

export class SvcError extends Error {
  readonly prefix: ErrorPrefix;
  constructor(prefix: ErrorPrefix, message: string) {
    super(redact(message).text);
    this.prefix = prefix;
    this.name = "SvcError";
  }
  /** The user-facing line: `prefix: message`. */
  get formatted(): string {
    return `${this.prefix}: ${this.message}`;
  }
}

export function validationError(message: string): SvcError {
  return new SvcError("validation_error", message);
}

/** Any thrown value as an SvcError; unexpected ones become a short `internal_error` (never a stack). */
export function asSvcError(error: unknown): SvcError {
  if (error instanceof SvcError) return error;
  if (error instanceof Error) {
    if (error.name === "AbortError") return new SvcError("internal_error", "cancelled");
    const first = redact((error.message || error.name).split("\n")[0] ?? "").text; // before the cut, which could halve a secret
    return new SvcError("internal_error", first.slice(0, 300) || "unexpected failure");
  }
  return new SvcError("internal_error", redact(String(error).split("\n")[0] ?? "").text.slice(0, 300) || "unexpected failure");
}

/** Valid-values listing used by every "unknown X" validation error. */
export function unknownValue(what: string, value: string, valid: readonly string[]): SvcError {
  return validationError(`unknown ${what} '${value}'. Valid values: ${valid.join(", ")}`);
}
