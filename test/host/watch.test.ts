// The host's watcher on a real repository and socket: a save is taken in by a reconcile of
// that path alone, a burst of saves coalesces, deletes and renames are reflected, and what
// a targeted reconcile cannot settle (a new file, a folder renamed) falls back to a full
// one. After each step the store matches a full listing of the work tree.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { connectHost, type HostClient } from "../../src/host/client.ts";
import { openReader } from "../../src/store/db.ts";
import { checkWarm } from "../../src/store/warm.ts";
import type { WatchStats } from "../../src/surfaces/host/watch.ts";
import { startHost, type RunningHost } from "../../src/surfaces/host/server.ts";
import { loadConfig } from "../../src/workspace/config.ts";
import { listInventory } from "../../src/workspace/inventory.ts";
import { storeHolds, useRuntimeDir, watcherSettled } from "../helpers/host.ts";
import { gitRepo, writeFiles } from "../helpers/repo.ts";

const BURST = 150;

let root: string;
let host: RunningHost;
let client: HostClient;

async function watchStats(): Promise<WatchStats> {
  return (await client.call<{ watch: WatchStats }>("svc/stats")).watch;
}

const hasSymbol = (name: string) => storeHolds(root, "SELECT 1 FROM symbols WHERE name = ?", name);
const hasFile = (path: string) => storeHolds(root, "SELECT 1 FROM files WHERE path = ?", path);
const settled = (check: () => boolean) => watcherSettled(client, check);

/** The store holds exactly the files a full listing finds, under a valid manifest. */
async function expectMatchesListing(): Promise<void> {
  const inventory = await listInventory({ root, dir: root, relDir: "", isGit: true }, loadConfig(root, root));
  const db = openReader(root)!;
  try {
    const stored = db.query("SELECT path, size, mtime_ms AS stampMs FROM files ORDER BY path").all();
    expect(stored).toEqual(inventory.files.map((f) => ({ path: f.path, size: f.size, stampMs: f.stampMs })));
    expect(checkWarm(db, root).warm).toBe(true);
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  useRuntimeDir();
  const files: Record<string, string> = { "src/a.ts": "export class A {}\n", "src/b.ts": 'import { A } from "./a";\nexport class B extends A {}\n' };
  for (let i = 0; i < BURST; i++) files[`src/many/m${i}.ts`] = `export const m${i} = ${i};\n`;
  root = gitRepo(files);
  host = await startHost({ root, idleMinutes: 0, log: () => {} });
  client = (await connectHost(root, 2000)) as HostClient;
  await settled(() => hasFile("src/a.ts"));
}, 120_000);

afterAll(async () => {
  client?.close();
  await host?.stop("test done");
  delete process.env.SVC_RUNTIME_DIR;
});

describe("the host's watcher", () => {
  test("a saved file is taken in by a reconcile of that path alone", async () => {
    const before = await watchStats();
    writeFiles(root, { "src/a.ts": "export class A {}\nexport class Saved {}\n" });
    const after = await settled(() => hasSymbol("Saved"));
    expect(after.targeted).toBeGreaterThan(before.targeted);
    expect(after.full).toBe(before.full);
    const last = after.recent.findLast((r) => r.changed > 0)!;
    expect(last).toMatchObject({ scope: "paths", changed: 1 });
    expect(last.firstEventAt).not.toBeNull();
    await expectMatchesListing();
  }, 120_000);

  test(`a burst of ${BURST} saves coalesces into a few reconciles, not one per file`, async () => {
    const before = await watchStats();
    for (let i = 0; i < BURST; i++) writeFiles(root, { [`src/many/m${i}.ts`]: `export const m${i} = ${i};\nexport const burst${i} = 1;\n` });
    const after = await settled(() => hasSymbol("burst0") && hasSymbol(`burst${BURST - 1}`));
    expect(after.events - before.events).toBeGreaterThanOrEqual(BURST);
    expect(after.reconciles - before.reconciles).toBeLessThanOrEqual(3);
    for (let i = 0; i < BURST; i++) expect(hasSymbol(`burst${i}`)).toBe(true);
    await expectMatchesListing();
  }, 120_000);

  test("a deleted file leaves the store through a targeted reconcile", async () => {
    const before = await watchStats();
    rmSync(join(root, "src/many/m0.ts"));
    const after = await settled(() => !hasFile("src/many/m0.ts"));
    expect(after.full).toBe(before.full);
    expect(after.recent.findLast((r) => r.changed > 0)).toMatchObject({ scope: "paths", changed: 1 });
    await expectMatchesListing();
  }, 120_000);

  test("a new file, a rename and a folder rename fall back to a full reconcile", async () => {
    let before = await watchStats();
    writeFiles(root, { "src/c.ts": "export class Fresh {}\n" });
    let after = await settled(() => hasSymbol("Fresh"));
    expect(after.full).toBeGreaterThan(before.full);
    await expectMatchesListing();

    before = after;
    renameSync(join(root, "src/c.ts"), join(root, "src/d.ts"));
    after = await settled(() => hasFile("src/d.ts") && !hasFile("src/c.ts"));
    expect(after.full).toBeGreaterThan(before.full);
    await expectMatchesListing();

    before = after;
    renameSync(join(root, "src/many"), join(root, "src/lots"));
    after = await settled(() => hasFile("src/lots/m1.ts") && !hasFile("src/many/m1.ts"));
    expect(after.full).toBeGreaterThan(before.full);
    await expectMatchesListing();
  }, 120_000);

  test("a reconcile that fails (another process holds the writer lock) is retried in full once the lock is free", async () => {
    const lock = join(import.meta.dir, "../../src/store/lock.ts");
    const holder = Bun.spawn([process.execPath, "-e", `const { acquireWriterLock } = await import(${JSON.stringify(lock)});
       for (;;) { try { acquireWriterLock(${JSON.stringify(root)}); break; } catch { await Bun.sleep(20); } } // the host's own background writes may hold it for a while
       console.log("held"); await Bun.sleep(60_000);`], { stdout: "pipe", stderr: "inherit" });
    let retryFrom: WatchStats | undefined;
    try {
      const reader = holder.stdout.getReader();
      expect(new TextDecoder().decode((await reader.read()).value)).toContain("held");
      const before = await watchStats();
      writeFiles(root, { "src/a.ts": "export class A {}\nexport class WhileLocked {}\n" });
      // Wait for the failed attempt (the lock must not be freed before it): the retry is then pending.
      let failed = before;
      for (let i = 0; i < 3000 && failed.failed === before.failed; i++) failed = await Bun.sleep(10).then(watchStats);
      expect(failed.failed).toBe(before.failed + 1);
      expect(hasSymbol("WhileLocked")).toBe(false);
      retryFrom = failed;
    } finally {
      holder.kill();
      await holder.exited;
    }
    // No further event: the retry alone takes the change in, with a full listing.
    const after = await settled(() => hasSymbol("WhileLocked"));
    expect(after.full).toBeGreaterThan(retryFrom!.full);
    await expectMatchesListing();
  }, 120_000);

  test("a host read made right after a save answers with it: the host fences its watcher before trusting it", async () => {
    for (let i = 0; i < 8; i++) {
      writeFiles(root, { [`src/fence/f${i}.ts`]: `export class Fenced${i} {}\n` });
      // No wait: the kernel may not have delivered the event yet when the request arrives.
      const graph = await client.call<{ nodes: { path: string }[] }>("svc/graph", { path: root, directory: "src/fence" });
      expect(graph.nodes.map((n) => n.path)).toContain(`src/fence/f${i}.ts`);
    }
    await settled(() => hasFile("src/fence/f7.ts"));
    await expectMatchesListing();
  }, 120_000);

  test("an editor's atomic save (a temporary file renamed over the original) stays targeted", async () => {
    const before = await watchStats();
    writeFiles(root, { "src/b.ts.tmp-save": 'import { A } from "./a";\nexport class B extends A {}\nexport class Atomic {}\n' });
    renameSync(join(root, "src/b.ts.tmp-save"), join(root, "src/b.ts"));
    const after = await settled(() => hasSymbol("Atomic"));
    // Both steps happen before the host's next turn: the temporary name is gone by then, so nothing asks for a full listing.
    expect(after.full).toBe(before.full);
    expect(after.recent.findLast((r) => r.changed > 0)).toMatchObject({ scope: "paths", changed: 1 });
    expect(hasFile("src/b.ts.tmp-save")).toBe(false);
    await expectMatchesListing();
  }, 120_000);
});
