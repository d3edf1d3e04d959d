// Host logs: stderr and a log file rotated at 1 MiB. Never stdout. Redacted like every output.

import { appendFileSync, existsSync, renameSync, statSync } from "node:fs";
import { redactText } from "../../render/redact-output.ts";

const MAX_LOG_BYTES = 1024 * 1024;

export type Logger = (message: string) => void;

export function hostLogger(file: string | null, quiet: boolean): Logger {
  return (raw) => {
    const message = redactText(raw);
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
