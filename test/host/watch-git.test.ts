// What git decides about the inventory without touching a work-tree file: the host's watcher
// must take it in, or a reader that trusts the watcher answers from a file set git no longer
// lists. `.git/info/exclude` hides an untracked file as a .gitignore line would; in a linked
// worktree git's files live outside the watched tree, where no event comes from.

import { afterAll, describe, expect, test } from "bun:test";
import { appendFileSync } from "node:fs";
import { join } from "node:path";
import { connectHost, type HostClient } from "../../src/host/client.ts";
import { openCurrentIndex } from "../../src/indexing/fresh.ts";
import { startHost, type RunningHost } from "../../src/surfaces/host/server.ts";
import { storeHolds, useRuntimeDir, watcherSettled } from "../helpers/host.ts";
import { git, gitRepo, tempDir, writeFiles } from "../helpers/repo.ts";

afterAll(() => {
  delete process.env.SVC_RUNTIME_DIR;
});

/** Run `body` with a host serving `root` and a client of it. */
async function withHost(root: string, body: (client: HostClient) => Promise<void>): Promise<void> {
  useRuntimeDir();
  const host: RunningHost = await startHost({ root, idleMinutes: 0, log: () => {} });
  const client = (await connectHost(root, 2000)) as HostClient;
  try {
    await body(client);
  } finally {
    client.close();
    await host.stop("test done");
  }
}

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
    const root = gitRepo({ "src/a.ts": "export const alpha = 1;\n" });
    writeFiles(root, { "src/local.ts": "export const localOnly = 1;\n" });
    await withHost(root, async (client) => {
      await watcherSettled(client, () => storeHolds(root, "SELECT 1 FROM files WHERE path = ?", "src/local.ts"));
      expect(await readerPaths(root)).toEqual({ state: "ready", currentBy: "host watcher", paths: ["src/a.ts", "src/local.ts"] });
      appendFileSync(join(root, ".git/info/exclude"), "src/local.ts\n");
      // the reader asks the host, which vouches for its watcher: the file set must be git's
      expect((await readerPaths(root)).paths).toEqual(["src/a.ts"]);
    });
  }, 120_000);

  test("in a linked worktree, a file git starts or stops tracking (git add -f, git rm --cached) is taken in", async () => {
    const main = gitRepo({ "src/a.ts": "export const alpha = 1;\n", ".gitignore": "src/forced.ts\n" });
    const root = join(tempDir(), "wt");
    git(main, "worktree", "add", "-q", root, "-b", "other");
    writeFiles(root, { "src/forced.ts": "export const forced = 1;\n" });
    await withHost(root, async (client) => {
      await watcherSettled(client, () => storeHolds(root, "SELECT 1 FROM files WHERE path = ?", "src/a.ts"));
      expect(await readerPaths(root)).toEqual({ state: "ready", currentBy: "host watcher", paths: [".gitignore", "src/a.ts"] });
      git(root, "add", "-f", "src/forced.ts");
      expect((await readerPaths(root)).paths).toEqual([".gitignore", "src/a.ts", "src/forced.ts"]);
      git(root, "rm", "-q", "--cached", "src/forced.ts");
      expect((await readerPaths(root)).paths).toEqual([".gitignore", "src/a.ts"]);
    });
  }, 120_000);
});
