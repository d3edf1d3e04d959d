// An edit that keeps a file's size and modification time (`touch -d`, `cp -p`, `tar x`,
// `rsync -t`, an editor that keeps the mtime) is still an edit: a read, with or without a
// host, answers from the new bytes, never from the old ones under a "ready" state. The stat
// svc compares is the change stamp (src/workspace/stamp.ts), which nothing sets back.

import { afterAll, describe, expect, test } from "bun:test";
import { appendFileSync, chmodSync, statSync, utimesSync, writeFileSync } from "node:fs";
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

const LOCK = join(import.meta.dir, "..", "..", "src", "store", "lock.ts");

/** A separate process holding the real writer lock of `root` until its stdin closes. */
async function lockHolder(root: string): Promise<{ release: () => Promise<void> }> {
  const script = `import { acquireWriterLock } from ${JSON.stringify(LOCK)}; const lock = acquireWriterLock(${JSON.stringify(root)}); console.log("held"); await Bun.stdin.text(); lock.release();`;
  const child = Bun.spawn([process.execPath, "--no-install", "-e", script], { stdin: "pipe", stdout: "pipe", stderr: "inherit" });
  const first = await child.stdout.getReader().read();
  expect(new TextDecoder().decode(first.value)).toContain("held");
  return {
    release: async () => {
      await child.stdin.end();
      await child.exited;
    },
  };
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

  test("while another process writes the index, the stale answer counts the files whose bytes changed, not those only touched", async () => {
    const root = pinnedRepo({ "src/a.ts": "export const alpha = 1;\n", "src/b.ts": "export const beta = 2;\n", "src/c.ts": "export const gamma = 3;\n", "src/d.ts": "export const delta = 4;\n" });
    await syncIndex(root);
    const holder = await lockHolder(root);
    try {
      // touched and chmod'ed: same bytes, new stamps; the index lacks nothing of them
      utimesSync(join(root, "src/b.ts"), new Date(), new Date());
      chmodSync(join(root, "src/c.ts"), 0o755);
      let index = await openCurrentIndex(root, {});
      expect(index.state).toBe("ready");
      if (index.available) index.db.close();
      // one file edited (same size, so only its bytes tell), one appended to
      editKeepingStat(root, "src/a.ts", "export const omega = 1;\n");
      appendFileSync(join(root, "src/d.ts"), "export const more = 5;\n");
      index = await openCurrentIndex(root, {});
      expect(index.state).toBe("stale_as_of");
      expect(index.available && index.detail).toBe("2 changed files not reflected yet; another process is writing the index");
      if (index.available) index.db.close();
    } finally {
      await holder.release();
    }
    expect(await read(root)).toEqual({ state: "ready", names: ["beta", "delta", "gamma", "more", "omega"] });
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
