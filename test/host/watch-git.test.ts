// What git decides about the inventory without touching a work-tree file: the host's watcher
// must take it in, or a reader that trusts the watcher answers from a file set git no longer
// lists. `.git/info/exclude` hides an untracked file as a .gitignore line would.

import { afterAll, describe, expect, test } from "bun:test";
import { appendFileSync } from "node:fs";
import { join } from "node:path";
import { connectHost, type HostClient } from "../../src/host/client.ts";
import { openCurrentIndex } from "../../src/indexing/fresh.ts";
import { startHost, type RunningHost } from "../../src/surfaces/host/server.ts";
import { storeHolds, useRuntimeDir, watcherSettled } from "../helpers/host.ts";
import { gitRepo, writeFiles } from "../helpers/repo.ts";

let host: RunningHost | undefined;
let client: HostClient | undefined;

afterAll(async () => {
  client?.close();
  await host?.stop("test done");
  delete process.env.SVC_RUNTIME_DIR;
});

/** The paths a reader (not the host) gets, and how it was kept current. */
async function readerPaths(root: string): Promise<{ state: string; currentBy?: string; paths: string[] }> {
  const index = await openCurrentIndex(root, {});
  if (!index.available) return { state: index.state, paths: [] };
  try {
    const paths = (index.db.query("SELECT path FROM files ORDER BY path").all() as { path: string }[]).map((r) => r.path);
    return { state: index.state, ...(index.currentBy ? { currentBy: index.currentBy } : {}), paths };
  } finally {
    index.db.close();
  }
}

describe("the host's watcher and git's own files", () => {
  test("a line added to .git/info/exclude takes the untracked file it names out of the index", async () => {
    useRuntimeDir();
    const root = gitRepo({ "src/a.ts": "export const alpha = 1;\n" });
    writeFiles(root, { "src/local.ts": "export const localOnly = 1;\n" });
    host = await startHost({ root, idleMinutes: 0, log: () => {} });
    client = (await connectHost(root, 2000)) as HostClient;
    const holds = (path: string) => storeHolds(root, "SELECT 1 FROM files WHERE path = ?", path);
    await watcherSettled(client, () => holds("src/local.ts"));
    expect(await readerPaths(root)).toEqual({ state: "ready", currentBy: "host watcher", paths: ["src/a.ts", "src/local.ts"] });
    appendFileSync(join(root, ".git/info/exclude"), "src/local.ts\n");
    // the reader asks the host, which vouches for its watcher: the file set must be git's
    expect((await readerPaths(root)).paths).toEqual(["src/a.ts"]);
  }, 120_000);
});
