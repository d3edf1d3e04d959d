// One writer per root, also when several processes find a dead writer's lock at once: exactly
// one takes it over, the others answer index_busy naming it (two of them used to hold it
// together: each removed the stale lock, one of them the lock the other had just created).

import { describe, expect, test } from "bun:test";
import { readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "../helpers/repo.ts";
import { scriptProcess } from "../helpers/script-process.ts";
import { ensureStoreDir } from "../../src/store/db.ts";

const LOCK = join(import.meta.dir, "..", "..", "src", "store", "lock.ts");

/** A process that takes `root`'s writer lock when its stdin says go, says whether it holds it, and releases it when its stdin closes. */
function contender(root: string) {
  const script = `
    import { acquireWriterLock } from ${JSON.stringify(LOCK)};
    const reader = Bun.stdin.stream().getReader();
    console.log("ready");
    await reader.read();
    let lock = null;
    try {
      lock = acquireWriterLock(${JSON.stringify(root)});
      console.log("held");
    } catch (error) {
      console.log(String(error.formatted ?? error));
    }
    while (!(await reader.read()).done) {}
    lock?.release();`;
  return scriptProcess(script, "contender");
}

describe("the writer lock", () => {
  test("processes finding a dead writer's lock at once: exactly one takes it over, the others are told who holds it; nothing is left", async () => {
    for (let round = 0; round < 12; round++) {
      const root = tempDir();
      ensureStoreDir(root); // the user's own store (one svc did not make is set aside: provenance.ts)
      const gone = Bun.spawn(["true"]);
      await gone.exited;
      writeFileSync(join(root, ".svc", "writer.lock"), JSON.stringify({ pid: gone.pid, startedAt: "" }), { mode: 0o600 });
      const contenders = Array.from({ length: 6 }, () => contender(root));
      try {
        for (const c of contenders) expect(await c.line()).toBe("ready");
        for (const c of contenders) c.child.stdin.write("go\n");
        for (const c of contenders) c.child.stdin.flush();
        const said = await Promise.all(contenders.map((c) => c.line()));
        const holders = contenders.filter((_, i) => said[i] === "held");
        expect(holders).toHaveLength(1);
        const winner = holders[0]!.child.pid;
        for (const line of said.filter((s) => s !== "held")) expect(line).toBe(`index_busy: another svc process (pid ${winner}) is writing the index of ${root}; retry shortly`);
      } finally {
        for (const c of contenders) c.child.stdin.end();
        await Promise.all(contenders.map((c) => c.child.exited));
      }
      expect(readdirSync(join(root, ".svc")).filter((name) => name.startsWith("writer.lock"))).toEqual([]);
    }
  }, 300_000);
});
