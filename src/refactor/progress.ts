// What a refactor was doing when the engine failed under it. The engine's time-box is per
// request ("did not finish checking a.ts within 30s"): on a large workspace a rename of a widely
// used member re-checks every file importing it, and the answer after minutes said only that one
// request overran 30 s. A refusal then says how long the refactor ran and which step it was in,
// with how far that step got. SVC_TIMING=1 prints each step as it starts (stderr).

//
// Each step is also a cancellation point (a cancelled refactor stops there: `internal_error: cancelled`, never a part of
// its diff as the answer) and a progress report to a caller that asked for one (step n, total not known: 0).

import { SvcError } from "../errors.ts";
import { timingEnabled } from "../sys/timing.ts";
import type { OpContext } from "../ops/types.ts";

export class RefactorProgress {
  private readonly started = performance.now();
  private step = "resolving the symbol";
  private steps = 0;

  constructor(private readonly ctx: Pick<OpContext, "signal" | "progress"> = {}) {}

  /** The step now (e.g. "computing the rename"). */
  at(step: string): void {
    if (this.ctx.signal?.aborted) throw new SvcError("internal_error", "cancelled");
    if (timingEnabled() && step.replace(/\(\d+ done\)$/, "") !== this.step.replace(/\(\d+ done\)$/, "")) process.stderr.write(`refactor ${this.seconds()} s: ${step}\n`);
    this.step = step;
    this.ctx.progress?.(++this.steps, 0, step);
  }

  private seconds(): string {
    const seconds = (performance.now() - this.started) / 1000;
    return seconds < 10 ? seconds.toFixed(1) : String(Math.round(seconds));
  }

  /** The reason of a refusal for an engine failure `message`. */
  failed(message: string): string {
    return `the TypeScript engine failed after ${this.seconds()} s of this refactor, while ${this.step}: ${message}`;
  }
}
