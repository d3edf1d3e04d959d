// The host's watch fence (an empty file it writes in .svc/ and waits to see an event for) is
// created, never written through what is already at its name: a repository can ship a .svc/
// folder, and a symbolic link planted at a fence's name (the host's pid and a count) made the
// host truncate the file it points to, outside the workspace.

import { afterAll, describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { connectHost, type HostClient } from "../../src/host/client.ts";
import { startHost, type RunningHost } from "../../src/surfaces/host/server.ts";
import { useRuntimeDir } from "../helpers/host.ts";
import { gitRepo, tempDir } from "../helpers/repo.ts";
import { ensureStoreDir } from "../../src/store/db.ts";

let host: RunningHost | undefined;
let client: HostClient | undefined;

afterAll(async () => {
  client?.close();
  await host?.stop("test done");
  delete process.env.SVC_RUNTIME_DIR;
});

describe("the watch fence", () => {
  test("links planted at the fence's names in a shipped .svc/ are not written through: the files they point to keep their bytes", async () => {
    useRuntimeDir();
    const outside = tempDir("svc-fence-out-");
    writeFileSync(join(outside, "precious.txt"), "keep me\n");
    const root = gitRepo({ "src/a.ts": "export class A {}\n" });
    ensureStoreDir(root); // in svc's own store: a .svc/ svc did not make is set aside whole (provenance.ts)
    for (let n = 1; n <= 40; n++) symlinkSync(join(outside, "precious.txt"), join(root, ".svc", `watch-fence-${process.pid}-${n}`));
    host = await startHost({ root, idleMinutes: 0, log: () => {} });
    client = (await connectHost(root, 2000)) as HostClient;
    // each read the host answers fences its watcher first
    for (let i = 0; i < 5; i++) await client.call("svc/graph", { path: root });
    expect(readFileSync(join(outside, "precious.txt"), "utf8")).toBe("keep me\n");
    expect(readdirSync(outside)).toEqual(["precious.txt"]);
  }, 120_000);
});
