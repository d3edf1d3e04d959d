// An edit that keeps a file's size and modification time (`touch -d`, `cp -p`, `tar x`,
// `rsync -t`, an editor that keeps the mtime) is still an edit: a read, with or without a
// host, answers from the new bytes, never from the old ones under a "ready" state. The stat
// svc compares is the change stamp (src/workspace/stamp.ts), which nothing sets back.

import { afterAll, describe, expect, test } from "bun:test";
import { statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { connectHost, type HostClient } from "../../src/host/client.ts";
import { openCurrentIndex } from "../../src/indexing/fresh.ts";
import { syncIndex } from "../../src/indexing/sync.ts";
import { startHost, type RunningHost } from "../../src/surfaces/host/server.ts";
import { useRuntimeDir, watcherSettled } from "../helpers/host.ts";
import { gitRepo } from "../helpers/repo.ts";

/** A whole second, as `touch -d` sets it (a stat's sub-millisecond mtime does not survive utimes). */
const PINNED = new Date("2024-01-02T03:04:05Z");

/** A repository whose files carry the PINNED mtime. */
function pinnedRepo(files: Record<string, string>): string {
  const root = gitRepo(files);
  for (const path of Object.keys(files)) utimesSync(join(root, path), PINNED, PINNED);
  return root;
}

/** Rewrite `path` with `text` (same length) and set its mtime back to PINNED: only the ctime moves. */
function editKeepingStat(root: string, path: string, text: string): void {
  const abs = join(root, path);
  const before = statSync(abs);
  expect(before.mtimeMs).toBe(PINNED.getTime());
  expect(Buffer.byteLength(text)).toBe(before.size);
  writeFileSync(abs, text);
  utimesSync(abs, PINNED, PINNED);
  const after = statSync(abs);
  expect({ size: after.size, mtimeMs: after.mtimeMs }).toEqual({ size: before.size, mtimeMs: before.mtimeMs });
}

/** What a reader gets: the index state and the declared names. */
async function read(root: string): Promise<{ state: string; names: string[] }> {
  const index = await openCurrentIndex(root, {});
  if (!index.available) return { state: index.state, names: [] };
  try {
    return { state: index.state, names: (index.db.query("SELECT name FROM symbols ORDER BY name").all() as { name: string }[]).map((r) => r.name) };
  } finally {
    index.db.close();
  }
}

describe("an edit that keeps size and mtime", () => {
  test("a one-shot read reconciles it (no host)", async () => {
    const root = pinnedRepo({ "src/a.ts": "export const alpha = 1;\n", "src/b.ts": "export const other = 2;\n" });
    await syncIndex(root);
    expect(await read(root)).toEqual({ state: "ready", names: ["alpha", "other"] });
    editKeepingStat(root, "src/a.ts", "export const omega = 1;\n");
    expect(await read(root)).toEqual({ state: "ready", names: ["omega", "other"] });
    // a second one in the same file: the stamp stored is the new one, not the old
    editKeepingStat(root, "src/a.ts", "export const delta = 1;\n");
    expect(await read(root)).toEqual({ state: "ready", names: ["delta", "other"] });
  }, 120_000);

  describe("with a host", () => {
    let host: RunningHost | undefined;
    let client: HostClient | undefined;
    afterAll(async () => {
      client?.close();
      await host?.stop("test done");
      delete process.env.SVC_RUNTIME_DIR;
    });

    test("the watcher's reconcile of that path takes it in, and a reader through the host sees it", async () => {
      useRuntimeDir();
      const root = pinnedRepo({ "src/a.ts": "export const alpha = 1;\n", "src/b.ts": "export const other = 2;\n" });
      host = await startHost({ root, idleMinutes: 0, log: () => {} });
      client = (await connectHost(root, 2000)) as HostClient;
      const names = () => {
        const db = new (require("bun:sqlite").Database)(join(root, ".svc/svc.db"), { readonly: true });
        try {
          return (db.query("SELECT name FROM symbols ORDER BY name").all() as { name: string }[]).map((r) => r.name).join(",");
        } finally {
          db.close();
        }
      };
      await watcherSettled(client, () => names() === "alpha,other");
      editKeepingStat(root, "src/a.ts", "export const omega = 1;\n");
      await watcherSettled(client, () => names() === "omega,other");
      expect(await read(root)).toEqual({ state: "ready", names: ["omega", "other"] });
    }, 120_000);
  });
});
