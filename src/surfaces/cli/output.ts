// Where CLI output goes: results to stdout, warnings and errors to stderr, color only on
// a TTY and never with --no-color / NO_COLOR. Every line written passes the redactor; control
// characters are escaped on stderr and on a terminal's stdout.

import { redactText } from "../../render/redact-output.ts";
import { escapeControls } from "../../text/control-chars.ts";

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  /** Whether stderr is an interactive terminal (progress bars, color). */
  errIsTty: boolean;
  /** Whether stdout is an interactive terminal: its control characters are then shown (`\x1b`), never sent. */
  outIsTty?: boolean;
}

export const processIo: CliIo = {
  out: (text) => {
    process.stdout.write(text.endsWith("\n") ? text : `${text}\n`);
  },
  err: (text) => {
    process.stderr.write(text.endsWith("\n") ? text : `${text}\n`);
  },
  errIsTty: Boolean(process.stderr.isTTY),
  outIsTty: Boolean(process.stdout.isTTY),
};

/**
 * `io` whose every write is redacted, the CLI's one choke point for bytes it prints. Control
 * characters are shown (`\x1b`), never sent, on stderr (messages echo the caller's input) and
 * on a stdout that is a terminal; a piped stdout keeps a file's bytes, as `cat` does.
 */
export function redactingIo(io: CliIo): CliIo {
  const out = io.outIsTty ? (text: string) => escapeControls(redactText(text)) : redactText;
  return { out: (text) => io.out(out(text)), err: (text) => io.err(escapeControls(redactText(text))), errIsTty: io.errIsTty, ...(io.outIsTty ? { outIsTty: true } : {}) };
}

export interface OutputStyle {
  color: boolean;
}

export function styleFor(io: CliIo, noColorFlag: boolean): OutputStyle {
  const envOff = process.env.NO_COLOR !== undefined && process.env.NO_COLOR !== "";
  return { color: io.errIsTty && !noColorFlag && !envOff };
}

/** `prefix: message` with the prefix in red when color is on. */
export function errorLine(line: string, style: OutputStyle): string {
  if (!style.color) return line;
  const colon = line.indexOf(":");
  return colon > 0 ? `\u001b[31m${line.slice(0, colon)}\u001b[0m${line.slice(colon)}` : line;
}
