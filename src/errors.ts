// The one error class of the engine. Every failure a user can see is a one-line string
// that starts with a fixed prefix; surfaces map it to their channel (stderr + exit code,
// MCP isError result, JSON-RPC error data). The message is redacted here, once, so no
// error on any surface can carry a secret it quoted (a diagnostic, a line, a value), nor a
// terminal escape sequence it echoed (text/control-chars.ts).

import { escapeControls } from "./text/control-chars.ts";
import { redact } from "./text/redact.ts";

export const ERROR_PREFIXES = [
  "validation_error",
  "workspace_not_allowed",
  "workspace_not_found",
  "symbol_not_found",
  "index_not_built",
  "index_busy",
  "index_rebuilding",
  "not_semantic",
  "internal_error",
] as const;

export type ErrorPrefix = (typeof ERROR_PREFIXES)[number];

/** The longest message an error carries: a message built from huge input is cut, never echoed whole. */
export const MAX_ERROR_MESSAGE = 2000;

function capMessage(message: string): string {
  const line = message.includes("\n") ? message.replace(/\s*\n\s*/g, " ") : message;
  return line.length > MAX_ERROR_MESSAGE ? `${line.slice(0, MAX_ERROR_MESSAGE)}… (message cut, ${line.length} characters in all)` : line;
}

export class SvcError extends Error {
  readonly prefix: ErrorPrefix;
  constructor(prefix: ErrorPrefix, message: string) {
    super(capMessage(escapeControls(redact(message).text))); // redact before the cut, which could halve a secret; an echoed query's ESC shown, not sent
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

function clipPath(path: string): string {
  return path.length > 120 ? `…${cutRedacted(path, 100, "tail").text}` : path;
}

/** Letters and digits mixed: the part of a token a cut left, which no detector knows any more (`CWD46mKusy85Gmrj`). */
const tokenPart = (run: string) => /\d/.test(run) && /[A-Za-z]/.test(run);

/**
 * `text` redacted, then its first (`head`) or last (`tail`) `max` characters: redacted before the cut, which could leave a
 * token's head or tail no detector knows (`ghp_CWD46mKusy85Gmrj…`); a marker is kept whole, and a run mixing letters and
 * digits that the cut falls in is left out.
 */
function cutRedacted(text: string, max: number, keep: "head" | "tail"): { text: string; cut: boolean } {
  const margin = max + 1024; // no secret is longer than the margin past the cut
  const shown = redact(keep === "head" ? text.slice(0, margin) : text.slice(-margin)).text;
  if (shown.length <= max) return { text: shown, cut: text.length > margin };
  if (keep === "head") {
    const marker = shown.lastIndexOf("[REDACTED:", max);
    let end = marker >= 0 && shown.indexOf("]", marker) >= max ? shown.indexOf("]", marker) + 1 : max;
    const run = end === max && /[A-Za-z0-9]/.test(shown[end]!) ? /[A-Za-z0-9]+$/.exec(shown.slice(0, end))?.[0] ?? "" : "";
    if (tokenPart(run)) end -= run.length;
    return { text: shown.slice(0, end), cut: true };
  }
  let start = shown.length - max;
  const close = shown.indexOf("]", start), open = shown.lastIndexOf("[REDACTED:", start);
  if (open >= 0 && open < start && close >= start && shown.lastIndexOf("]", start - 1) < open) start = open;
  const run = start === shown.length - max && /[A-Za-z0-9]/.test(shown[start - 1]!) ? /^[A-Za-z0-9]+/.exec(shown.slice(start))?.[0] ?? "" : "";
  if (tokenPart(run)) start += run.length;
  return { text: shown.slice(start), cut: true };
}

const ERRNO_TEXT: Record<string, string> = {
  ENAMETOOLONG: "a file name is too long for the file system",
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  EROFS: "read-only file system",
  EEXIST: "something already exists there",
  ENOTDIR: "a parent of the path is not a directory",
  ENOSPC: "no space left on the device",
  EISDIR: "it is a directory",
  ELOOP: "too many levels of symbolic links",
};

/** What a file-system error code means, in words (undefined: not one users meet). */
export function errnoText(code: string): string | undefined {
  return ERRNO_TEXT[code];
}

/** A file-system or SQLite failure the user can act on, as a one-line prefixed error (null: not one of them). */
function systemError(error: Error & { code?: unknown; path?: unknown; syscall?: unknown }): SvcError | null {
  const code = typeof error.code === "string" ? error.code : "";
  if (code.startsWith("SQLITE_READONLY") || /attempt to write a readonly database/i.test(error.message)) {
    return validationError("cannot write the index: its store (.svc/svc.db) is read-only; make the workspace's .svc/ folder and its files writable by this user, or remove .svc/ to rebuild it");
  }
  // Another process holding the store (its write outlasted the busy timeout), or changing its schema under this
  // statement: a condition of the moment, answered as such (retry), never as an internal error.
  if (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED") || /^database (table )?is locked/i.test(error.message)) {
    return new SvcError("index_busy", `another process is writing the index and held it past the wait (${error.message}); retry shortly`);
  }
  if (code.startsWith("SQLITE_SCHEMA") || /^vtable constructor failed|^database schema has changed/i.test(error.message)) {
    return new SvcError("index_rebuilding", `the index changed under this read (${error.message}); retry`);
  }
  if (/LIKE or GLOB pattern too complex/i.test(error.message)) return validationError("the query is too complex for the index's pattern matcher (LIKE or GLOB pattern too complex); use a shorter query");
  if (/regular expression too large|regexp too big/i.test(error.message)) return validationError("a pattern is too large to compile (regular expression too large); use shorter patterns");
  const text = ERRNO_TEXT[code];
  if (!text) return null;
  const path = typeof error.path === "string" ? error.path : "";
  if (/(^|[\\/])\.svc([\\/]|$)/.test(path) && ["EACCES", "EPERM", "EROFS"].includes(code)) {
    return validationError(`cannot write the index store ${clipPath(path.replace(/([\\/]\.svc)([\\/].*)?$/, "$1"))}: ${text} (${code}); make it and its files writable by this user`);
  }
  const what = typeof error.syscall === "string" ? `${error.syscall} ` : "";
  return validationError(`cannot ${what}${path ? `'${clipPath(path)}'` : "the file"}: ${text} (${code})`);
}

/** Any thrown value as an SvcError; unexpected ones become a short `internal_error` (never a stack). */
export function asSvcError(error: unknown): SvcError {
  if (error instanceof SvcError) return error;
  if (error instanceof Error) {
    if (error.name === "AbortError") return new SvcError("internal_error", "cancelled");
    const system = systemError(error);
    if (system) return system;
    const first = redact((error.message || error.name).split("\n")[0] ?? "").text; // before the cut, which could halve a secret
    return new SvcError("internal_error", first.slice(0, 300) || "unexpected failure");
  }
  return new SvcError("internal_error", redact(String(error).split("\n")[0] ?? "").text.slice(0, 300) || "unexpected failure");
}

/** An input value as messages echo it: at most `max` characters, never a huge string. */
export function clipInput(value: unknown, max = 80): string {
  let text: string;
  try {
    // NaN and ±Infinity as themselves: JSON spells them null, which a caller never passed
    text = typeof value === "string" ? value : typeof value === "number" && !Number.isFinite(value) ? String(value) : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  if (text.length <= max) return text;
  const shown = cutRedacted(text, max, "head");
  return shown.cut ? `${shown.text}… (${text.length} characters)` : shown.text;
}

/** A declaration that does not exist: an error on every surface (exit 1), with the nearest names and what to try. */
export function symbolNotFound(query: string, nearest: readonly string[], files: number, note = ""): SvcError {
  const near = nearest.length ? `; nearest names: ${nearest.join(", ")}` : "";
  return new SvcError("symbol_not_found", `no declaration named '${query}' in ${files} indexed files${near}${note}. Look it up with svc_find kind=symbol (CLI: svc find <name>), or pass Type.member or path:line`);
}

/** Valid-values listing used by every "unknown X" validation error. */
export function unknownValue(what: string, value: string, valid: readonly string[]): SvcError {
  return validationError(`unknown ${what} '${value}'. Valid values: ${valid.join(", ")}`);
}

/** A JSON-RPC error object as both wire protocols (the host's, MCP's) send it. */
export interface JsonRpcErrorBody {
  code: number;
  message: string;
  data: { prefix: ErrorPrefix; message: string };
}

const PREFIXED = new RegExp(`^(${ERROR_PREFIXES.join("|")}): `);

/**
 * A JSON-RPC error in the one form every error has: a one-line message that starts with its prefix, which `data.prefix`
 * carries too (README "Errors"). A protocol fault of the caller's making (parse error, invalid request, unknown method,
 * bad params) is a `validation_error`; an internal one (-32603, or an unknown code) an `internal_error`; a message that
 * already starts with a prefix keeps it. Every protocol error of the host and the MCP server goes out through here.
 */
export function jsonRpcError(code: number, error: string | SvcError): JsonRpcErrorBody {
  let e: SvcError;
  if (error instanceof SvcError) e = error;
  else {
    const known = PREFIXED.exec(error);
    const caller = code === -32700 || code === -32600 || code === -32601 || code === -32602;
    e = known ? new SvcError(known[1] as ErrorPrefix, error.slice(known[0].length)) : new SvcError(caller ? "validation_error" : "internal_error", error);
  }
  return { code, message: e.formatted, data: { prefix: e.prefix, message: e.message } };
}
