// A reader in another process than the root's host (the MCP server, a CLI one-shot) reads the
// store itself. A save made just before the read may not have reached the host's watcher:
// the reader must not serve the store as "ready" without it. Here the host runs in this
// process on a real socket and the reads go through the engine as a non-host reader would.

import { afterAll, beforeAll, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import { startHost, type RunningHost } from "../../src/surfaces/host/server.ts";
import { connectHost } from "../../src/host/client.ts";
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
