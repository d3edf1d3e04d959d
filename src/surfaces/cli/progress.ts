// A progress bar on stderr, only when stderr is a terminal and the work is long. Its
// messages come from the engine, which redacts them.

import type { CliIo } from "./output.ts";

export interface Progress {
  update(done: number, total: number, message?: string): void;
  end(): void;
}

const WIDTH = 30;

export function progressBar(io: CliIo, enabled: boolean): Progress | null {
  if (!enabled || !io.errIsTty) return null;
  let shown = false;
  let last = 0;
  return {
    update(done, total, message) {
      const now = performance.now();
      if (total < 50 || (now - last < 80 && done < total)) return;
      last = now;
      const filled = total ? Math.round((done / total) * WIDTH) : 0;
      process.stderr.write(`\r\u001b[2Ksvc: ${message || "working"} [${"#".repeat(filled)}${".".repeat(WIDTH - filled)}] ${done}/${total}`);
      shown = true;
    },
    end() {
      if (shown) process.stderr.write("\r\u001b[2K");
      shown = false;
    },
  };
}
