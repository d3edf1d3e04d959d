// The host holds the resident workspace: it upgrades the index after its first syntax pass,
// reports its projects in svc/stats and the availability header, keeps the checker edges of
// saved files current through its watcher, and answers svc/doctor (refresh included).

import { afterAll, describe, expect, test } from "bun:test";
import { appendFileSync } from "node:fs";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import { connectHost, type HostClient } from "../../src/host/client.ts";
import { startHost, type RunningHost } from "../../src/surfaces/host/server.ts";
import { useRuntimeDir } from "../helpers/host.ts";
import { gitRepo } from "../helpers/repo.ts";
import { LIB } from "./fixtures.ts";

useRuntimeDir();
const root = gitRepo(LIB);
let host: RunningHost;
let client: HostClient;

afterAll(async () => {
  client?.close();
  await host?.stop("test done");
});

type Stats = { residentProjects: number; mode: string; semantic: string; enginePid: number | null; engineRssBytes: number | null };

/** Poll until `check` holds (bounded); the host works in the background. */
async function until<T>(probe: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  let value = await probe();
  for (let i = 0; i < 400 && !check(value); i++) {
    await Bun.sleep(25);
    value = await probe();
  }
  return value;
}

describe("the host's resident workspace", () => {
  test("after the first syntax pass the host upgrades the index and holds the project", async () => {
    host = await startHost({ root, idleMinutes: 0, log: () => {} });
    client = (await connectHost(root, 2000)) as HostClient;
    const stats = await until(() => client.call<Stats>("svc/stats"), (s) => s.semantic === "ready" && s.mode === "semantic");
    expect(stats).toMatchObject({ residentProjects: 1, mode: "semantic", semantic: "ready" });
    expect(stats.enginePid).toBeGreaterThan(0);
    expect(stats.engineRssBytes).toBeGreaterThan(0);
    const doctor = await client.call<{ report: string }>("svc/doctor", { root });
    expect(doctor.report).toContain("availability: index mode semantic; full-text search available; resident workspace (1 project, current); up to date.");
    expect(doctor.report).toContain("tier: semantic");
  }, 120_000);

  test("a saved file's edges follow through the watcher", async () => {
    appendFileSync(join(root, "src/checkout.ts"), 'export function later(): string {\n  return make().place("z");\n}\n');
    const callers = async () => {
      const r = await call("find", { path: root, query: "OrderService.place", kind: "neighbors" });
      return ((r.data as { neighbors?: { callers: { from: string }[] } }).neighbors?.callers ?? []).map((c) => c.from);
    };
    expect(await until(callers, (list) => list.includes("later"))).toEqual(["checkout", "quick", "later", "testPlace"]);
  }, 120_000);

  test("svc/refactor runs on the resident engine; svc_refactor outside the host delegates to it", async () => {
    const request = { symbol: "OrderService.place", newName: "put" };
    const rpc = await client.call<{ output: string; files: { file: string; expectedHash: string; content: string }[] }>("svc/refactor", { root, request });
    expect(rpc.output).toStartWith("staged rename: OrderService.place -> put (3 files changed, not written to disk)");
    expect(rpc.output).toContain(", resident)");
    expect(rpc.files.map((f) => f.file)).toEqual(["src/checkout.ts", "src/order.test.ts", "src/order.ts"]);
    const viaTool = await call("refactor", { path: root, ...request }); // not the host: asks it (a cold engine would say cold)
    expect(viaTool.text).toBe(rpc.output);
    expect((viaTool.data as { grade: string }).grade).toBe("resident");
  }, 60_000);

  test("svc doctor --refresh goes through the host and loads live", async () => {
    const r = await call("doctor", { path: root, refresh: true });
    expect((r.data as { source: string }).source).toBe("refresh");
    expect(r.text).toContain("loaded  tsconfig.json  (4 files, 0 errors; root config)");
  }, 120_000);
});
