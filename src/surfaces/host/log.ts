// Host logs: stderr and a log file rotated at 1 MiB. Never stdout. Redacted like every output,
// control characters escaped (text/control-chars.ts).

import { appendFileSync, existsSync, renameSync, statSync } from "node:fs";
import { redactText } from "../../render/redact-output.ts";
import { escapeControls } from "../../text/control-chars.ts";

const MAX_LOG_BYTES = 1024 * 1024;

export type Logger = (message: string) => void;

export function hostLogger(file: string | null, quiet: boolean): Logger {
  return (raw) => {
    const message = escapeControls(redactText(raw)); // a log tailed in a terminal gets no escape sequence either
    const line = `${new Date().toISOString()} ${message}\n`;
    if (!quiet) process.stderr.write(`svc host: ${message}\n`);
    if (!file) return;
    try {
      if (existsSync(file) && statSync(file).size > MAX_LOG_BYTES) renameSync(file, `${file}.1`);
      appendFileSync(file, line, { mode: 0o600 });
    } catch {
      // logging must never take the host down
    }
  };
}
