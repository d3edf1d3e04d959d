// The process wrapper: with `group`, what the program started in the background dies with
// it (on exit or time-out) and never holds its output open.

import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { run } from "../../src/sys/proc.ts";

/** Running (a killed process may linger as a zombie until it is reaped: that is not running). */
const alive = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
};

/** Whether it stops running within a few seconds (a SIGKILLed process finishes dying asynchronously). */
async function dies(pid: number): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    if (!alive(pid)) return true;
    await Bun.sleep(50);
  }
  return false;
}

describe("run", () => {
  test("a time-out kills the whole group: the background child is gone and the answer comes", async () => {
    const r = await run(["sh", "-c", "sleep 300 & echo $!; sleep 600"], { cwd: tmpdir(), timeoutMs: 300, group: true });
    expect(r.timedOut).toBe(true);
    const pid = Number(new TextDecoder().decode(r.stdout).trim());
    expect(pid).toBeGreaterThan(0);
    expect(await dies(pid)).toBe(true);
  }, 20_000);

  test("after a normal exit, what it left running is killed too", async () => {
    const r = await run(["sh", "-c", "sleep 300 >/dev/null & echo $!"], { cwd: tmpdir(), group: true });
    expect(r.exitCode).toBe(0);
    const pid = Number(new TextDecoder().decode(r.stdout).trim());
    expect(await dies(pid)).toBe(true);
  }, 20_000);
});
