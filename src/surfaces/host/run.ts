// `svc host [--directory <root>]`: start the host for a root, or say that one already
// serves it. Shuts down cleanly on SIGTERM/SIGINT, on svc/shutdown and when idle.

import { envInt } from "../../sys/env.ts";
import { resolveWorkspace } from "../../workspace/root.ts";
import type { CliIo } from "../cli/output.ts";
import { connectHost } from "../../host/client.ts";
import { endpointFor } from "../../host/endpoint.ts";
import { hostLogger } from "./log.ts";
import { HostAlreadyRunning, startHost, type RunningHost } from "./server.ts";

async function alreadyServing(root: string, io: CliIo): Promise<boolean> {
  const client = await connectHost(root, 1000);
  if (!client) return false;
  try {
    const stats = await client.call<{ pid: number }>("svc/stats", {}, 2000);
    io.out(`svc host: already serving ${root} (pid ${stats.pid}) on ${client.socketPath}`);
  } finally {
    client.close();
  }
  return true;
}

export async function runHost(directory: string | undefined, cwd: string, io: CliIo, quiet: boolean): Promise<number> {
  // Listening from the start: a SIGTERM while the host starts (before, its default action killed the process between
  // writing the marker and serving, leaving them behind) stops it once started, or before it starts anything.
  let host: RunningHost | undefined;
  let stopAsked: NodeJS.Signals | null = null;
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => (host ? void host.stop(signal) : (stopAsked ??= signal)));
  const { root } = resolveWorkspace(directory ?? ".", cwd);
  if (await alreadyServing(root, io)) return 0;
  if (stopAsked) return 0;
  const endpoint = endpointFor(root, { create: true });
  const log = hostLogger(endpoint.log, quiet);
  try {
    host = await startHost({ root, idleMinutes: envInt("SVC_DAEMON_IDLE_MINUTES", 0), log });
  } catch (error) {
    // (a host that took the connection but did not answer is named by the error: its socket, and its pid when the marker gave it)
    if (error instanceof HostAlreadyRunning || (error as NodeJS.ErrnoException).code === "EADDRINUSE") {
      if (await alreadyServing(root, io)) return 0;
    }
    throw error;
  }
  if (stopAsked) void host.stop(stopAsked);
  await host.stopped;
  // Stopped: the socket, registry and marker are gone. Work the stop left behind (past its deadline) may still
  // hold the process; it is not waited for.
  setTimeout(() => {
    log("exiting: work the stop left behind still held the process");
    process.exit(0);
  }, 1000).unref();
  return 0;
}
