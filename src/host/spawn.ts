// Finding or starting the host for a root: `svc mcp serve` uses it so that several agents
// share one warm index. A spawned host runs detached and exits after 30 idle minutes.
// SVC_DAEMON=0 opts out; failures fall back to serving in-process, silently.

import { envBool } from "../sys/env.ts";
import { detachedEnv, selfCommand } from "../sys/self.ts";
import { connectHost, type HostClient } from "./client.ts";

const WAIT_MS = 20_000;

export async function ensureHost(root: string): Promise<HostClient | null> {
  const existing = await connectHost(root, 500);
  if (existing || !envBool("SVC_DAEMON", true)) return existing;
  try {
    const child = Bun.spawn(selfCommand(["host", "--directory", root, "--quiet"]), {
      stdio: ["ignore", "ignore", "ignore"],
      detached: true,
      env: detachedEnv({ SVC_DAEMON_IDLE_MINUTES: process.env.SVC_DAEMON_IDLE_MINUTES ?? "30" }),
    });
    child.unref();
  } catch {
    return null;
  }
  const deadline = performance.now() + WAIT_MS;
  while (performance.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    const client = await connectHost(root, 500);
    if (client) return client;
  }
  return null;
}
