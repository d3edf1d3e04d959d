// One writer at a time in a file's last check and rename, also when several processes find a
// dead writer's lock beside it at once: exactly one takes it over, the others wait their turn
// (each used to remove the stale lock and create its own, one of them removing the lock
// another had just created, so two were inside together). The user's folder is left as it
// was: no lock, temporary file or takeover lock remains.

import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../../src/sys/atomic-write.ts";
import { lockPath } from "../../src/sys/takeover.ts";
import { tempDir } from "../helpers/repo.ts";
import { scriptProcess } from "../helpers/script-process.ts";

const ATOMIC_WRITE = join(import.meta.dir, "..", "..", "src", "sys", "atomic-write.ts");

/**
 * A process that, for each file its stdin names, writes it (its pid as the content) with a
 * last check that logs its entry and exit to `<file>.log` in `logs` a moment apart, then
 * prints "wrote" or the error.
 */
function writer(logs: string) {
  const script = `
    import { appendFileSync } from "node:fs";
    import { basename, join } from "node:path";
    import { writeFileAtomic } from ${JSON.stringify(ATOMIC_WRITE)};
    const pause = new Int32Array(new SharedArrayBuffer(4));
    const log = (file, line) => appendFileSync(join(${JSON.stringify(logs)}, basename(file) + ".log"), line + " " + process.pid + "\\n");
    console.log("ready");
    for await (const line of console) {
      try {
        writeFileAtomic(line, String(process.pid), {
          beforeRename: () => {
            log(line, "in");
            Atomics.wait(pause, 0, 0, 20);
            log(line, "out");
          },
        });
        console.log("wrote");
      } catch (error) {
        console.log(String(error.message ?? error));
      }
    }`;
  return scriptProcess(script, "writer");
}

describe("the per-file write lock", () => {
  test("writers finding a dead writer's lock at once: one at a time inside, every write goes through, nothing is left beside the file", async () => {
    const logs = tempDir();
    const writers = Array.from({ length: 6 }, () => writer(logs));
    try {
      for (const w of writers) expect(await w.line()).toBe("ready");
      for (let round = 0; round < 48; round++) {
        const dir = tempDir();
        const file = join(dir, `r${round}.ts`);
        writeFileSync(file, "original");
        const gone = Bun.spawn(["true"]);
        await gone.exited;
        // a dead svc's lock, as an earlier version left it (its bare pid), then as this one does
        writeFileSync(join(dir, `.r${round}.ts.svc-lock`), round < 40 ? String(gone.pid) : JSON.stringify({ pid: gone.pid, nonce: "0123456789ab" }), { mode: 0o600 });
        for (const w of writers) w.child.stdin.write(`${file}\n`);
        for (const w of writers) w.child.stdin.flush();
        expect(await Promise.all(writers.map((w) => w.line()))).toEqual(writers.map(() => "wrote"));
        // each writer's entry is followed by its own exit: never two inside at once
        const lines = readFileSync(join(logs, `r${round}.ts.log`), "utf8").trim().split("\n");
        const turns = [];
        for (let i = 0; i < lines.length; i += 2) turns.push([lines[i], lines[i + 1]]);
        expect({ round, turns }).toEqual({ round, turns: turns.map(([entry]) => [entry, entry!.replace("in", "out")]) });
        expect(turns.map(([entry]) => Number(entry!.slice(3))).sort()).toEqual(writers.map((w) => w.child.pid).sort());
        expect(writers.map((w) => String(w.child.pid))).toContain(readFileSync(file, "utf8"));
        expect(readdirSync(dir)).toEqual([`r${round}.ts`]);
      }
    } finally {
      for (const w of writers) w.child.stdin.end();
      await Promise.all(writers.map((w) => w.child.exited));
    }
  }, 300_000);

  test("a write takes over a dead writer's lock and removes what a writer that died taking it over left; the lock is held while checking, then nothing is left", async () => {
    const dir = tempDir();
    const file = join(dir, "a.ts");
    writeFileSync(file, "original");
    const gone = Bun.spawn(["true"]);
    await gone.exited;
    const lock = join(dir, ".a.ts.svc-lock");
    const stale = JSON.stringify({ pid: gone.pid, nonce: "0123456789ab" });
    writeFileSync(lock, stale, { mode: 0o600 });
    // a writer that died taking it over: its takeover lock, its temporary file
    writeFileSync(lockPath(lock, stale, 0), JSON.stringify({ pid: gone.pid, nonce: "ba9876543210" }), { mode: 0o600 });
    writeFileSync(`${lock}.${gone.pid}.00112233aabb.tmp`, stale, { mode: 0o600 });
    let during: { holder: number; names: string[] } | null = null;
    writeFileAtomic(file, "mine", {
      beforeRename: () => {
        during = { holder: JSON.parse(readFileSync(lock, "utf8")).pid, names: readdirSync(dir).filter((name) => !/^\.a\.ts\.svc-\d+-\w+\.tmp$/.test(name)).sort() };
      },
    });
    expect(during!).toEqual({ holder: process.pid, names: [".a.ts.svc-lock", "a.ts"] });
    expect(readFileSync(file, "utf8")).toBe("mine");
    expect(readdirSync(dir)).toEqual(["a.ts"]);
  }, 120_000);
});
