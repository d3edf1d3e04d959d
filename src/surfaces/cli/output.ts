// Where CLI output goes: results to stdout, warnings and errors to stderr, color only on
// a TTY and never with --no-color / NO_COLOR. Every line written passes the redactor and has
// its control characters escaped.

import { redactText } from "../../render/redact-output.ts";
import { escapeControls } from "../../text/control-chars.ts";

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  /** Whether stderr is an interactive terminal (progress bars, color). */
  errIsTty: boolean;
}

export const processIo: CliIo = {
  out: (text) => {
    process.stdout.write(text.endsWith("\n") ? text : `${text}\n`);
  },
  err: (text) => {
    process.stderr.write(text.endsWith("\n") ? text : `${text}\n`);
  },
  errIsTty: Boolean(process.stderr.isTTY),
};

/** `io` whose every write is redacted, its control characters shown (`\x1b`), never sent to the terminal: the CLI's one choke point for bytes it prints. */
export function redactingIo(io: CliIo): CliIo {
  return { out: (text) => io.out(escapeControls(redactText(text))), err: (text) => io.err(escapeControls(redactText(text))), errIsTty: io.errIsTty };
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
