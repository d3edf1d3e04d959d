// A reader in another process than the root's host (the MCP server, a CLI one-shot) reads the
// store itself. A save made just before the read may not have reached the host's watcher:
// the reader must not serve the store as "ready" without it. Here the host runs in this
// process on a real socket and the reads go through the engine as a non-host reader would.
// Such a reader asks the host before listing the tree: its live watcher vouches (a fence).

import { afterAll, beforeAll, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import { startHost, type RunningHost } from "../../src/surfaces/host/server.ts";
import { connectHost } from "../../src/host/client.ts";
import { openCurrentIndex } from "../../src/indexing/fresh.ts";
import { syncIndex } from "../../src/indexing/sync.ts";
import { useRuntimeDir } from "../helpers/host.ts";
import { gitRepo, writeFiles } from "../helpers/repo.ts";

let root: string;
let host: RunningHost;

beforeAll(async () => {
  useRuntimeDir();
  root = gitRepo({ "src/a.ts": "export class A {}\n" });
  host = await startHost({ root, idleMinutes: 0, log: () => {} });
  (await connectHost(root, 5000))?.close();
  await call("index", { path: root });
}, 120_000);

afterAll(async () => {
  await host?.stop("test done");
  delete process.env.SVC_RUNTIME_DIR;
});

test("a read right after a save, with a host watching, finds what the save added (or says it is stale)", async () => {
  for (let i = 0; i < 5; i++) {
    writeFiles(root, { "src/a.ts": `export class A {}\nexport class Fresh${i} {}\n` });
    const r = (await call("find", { path: root, query: `Fresh${i}` })).data as { indexState: string; symbols: { total: number } };
    if (r.indexState === "ready") expect(r.symbols.total).toBe(1);
    else expect(r.indexState).toBe("stale_as_of");
  }
}, 120_000);

test("a reader beside a live host does not list the tree: the host's watcher vouches, with the save in the store; asked to verify, or with no host, the reader lists", async () => {
  const names = (db: import("bun:sqlite").Database) => (db.query("SELECT name FROM symbols ORDER BY name").all() as { name: string }[]).map((r) => r.name);
  writeFiles(root, { "src/b.ts": "export class Vouched {}\n" });
  const vouched = await openCurrentIndex(root, {});
  if (!vouched.available) throw new Error(vouched.detail);
  expect(vouched.currentBy).toBe("host watcher");
  expect(names(vouched.db)).toContain("Vouched");
  vouched.db.close();
  const verified = await openCurrentIndex(root, { verify: true });
  if (!verified.available) throw new Error(verified.detail);
  expect(verified.currentBy).toBeUndefined();
  verified.db.close();
  const alone = gitRepo({ "a.ts": "export const alone = 1;\n" });
  await syncIndex(alone);
  const listed = await openCurrentIndex(alone, {});
  if (!listed.available) throw new Error(listed.detail);
  expect(listed.currentBy).toBeUndefined();
  listed.db.close();
}, 120_000);
