// The host's reads trust its own live watcher instead of listing the tree per request:
// with a live keeper registered, a read does not reconcile (the keeper's reconcile is
// awaited instead); without one, or with one that is not live, a read reconciles itself, and
// svc/openIndexed (a reader's explicit request) always does.

import { describe, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import { keepFresh } from "../../src/index/open.ts";
import { openCurrentIndex as openIndex } from "../../src/indexing/fresh.ts";
import { syncIndex } from "../../src/indexing/sync.ts";
import { gitRepo, writeFiles } from "../helpers/repo.ts";

async function names(root: string): Promise<string[]> {
  const index = await openIndex(root, { isHost: true, longLived: true });
  if (!index.available) throw new Error(index.detail);
  try {
    return (index.db.query("SELECT name FROM symbols ORDER BY name").all() as { name: string }[]).map((r) => r.name);
  } finally {
    index.db.close();
  }
}

describe("host reads and the host's own watcher", () => {
  test("a live keeper's pending reconcile is awaited and the per-read listing skipped; a keeper that is not live changes nothing", async () => {
    const root = gitRepo({ "a.ts": "export const alpha = 1;\n" });
    await syncIndex(root);
    let live = true;
    let pending: Promise<unknown> = Promise.resolve();
    const forget = keepFresh(root, { live: () => live, settled: async () => (await pending, true) });
    try {
      // A change the keeper has not reconciled: a read that trusts it does not list the tree.
      writeFiles(root, { "a.ts": "export const beta = 1;\n" });
      expect(await names(root)).toEqual(["alpha"]);
      // The keeper's reconcile in flight is awaited before the read.
      pending = Bun.sleep(30).then(() => syncIndex(root));
      expect(await names(root)).toEqual(["beta"]);
      // svc/openIndexed is a reader's explicit request to catch up: it reconciles whatever the watcher has seen.
      writeFiles(root, { "a.ts": "export const betaTwo = 1;\n" });
      expect(await names(root)).toEqual(["beta"]);
      await call("openIndexed", { path: root }, { host: true, longLived: true });
      expect(await names(root)).toEqual(["betaTwo"]);
      // Not live (polling, or before its first reconcile): the read reconciles itself.
      live = false;
      writeFiles(root, { "a.ts": "export const gamma = 1;\n" });
      expect(await names(root)).toEqual(["gamma"]);
    } finally {
      forget();
    }
    // Unregistered: as before.
    writeFiles(root, { "a.ts": "export const delta4 = 1;\n" });
    expect(await names(root)).toEqual(["delta4"]);
  });
});
