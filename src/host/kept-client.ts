// One connection to a root's host kept by a long-lived reader (the MCP server, an editor
// integration) between its reads: each read asks the host to vouch for the store
// (svc/openIndexed watched), and a fresh connection and handshake per read cost more than the
// question. The connection is closed after KEEP_MS unused, so a host still sees its idle
// readers gone (its idle shutdown counts open connections), and it never keeps the process
// alive while it waits.

import { connectHost, type HostClient } from "./client.ts";

/** How long an unused kept connection stays open. */
export const KEEP_MS = 2_000;

const kept = new Map<string, { client: HostClient; timer: ReturnType<typeof setTimeout> }>();

/** The kept connection to `root`'s host, taken out of the pool (a concurrent read opens its own), or null. */
function take(root: string): HostClient | null {
  const entry = kept.get(root);
  if (!entry) return null;
  kept.delete(root);
  clearTimeout(entry.timer);
  if (!entry.client.connected) return null;
  entry.client.holdProcess(true);
  return entry.client;
}

/** Back into the pool for the next read (one per root; a second is closed). */
function giveBack(root: string, client: HostClient): void {
  if (!client.connected || kept.has(root)) return client.close();
  client.holdProcess(false);
  const timer = setTimeout(() => {
    if (kept.get(root)?.client === client) kept.delete(root);
    client.close();
  }, KEEP_MS);
  timer.unref?.();
  kept.set(root, { client, timer });
}

/**
 * `ask` on a connection to `root`'s host: the kept one when it is still open, else a new one
 * (connectHost's timeout). A kept connection the host closed meanwhile (a restart, a shutdown)
 * is retried once on a new connection. Null when no host answers; `ask`'s own failures are thrown.
 */
export async function withKeptHost<T>(root: string, timeoutMs: number, ask: (client: HostClient) => Promise<T>): Promise<{ value: T } | null> {
  const reused = take(root);
  if (reused) {
    try {
      const value = await ask(reused);
      giveBack(root, reused);
      return { value };
    } catch (error) {
      reused.close();
      if (reused.info && (error as Error).message !== "the host closed the connection" && !isSocketError(error)) throw error;
    }
  }
  const client = await connectHost(root, timeoutMs);
  if (!client) return null;
  try {
    const value = await ask(client);
    giveBack(root, client);
    return { value };
  } catch (error) {
    client.close();
    throw error;
  }
}

const isSocketError = (error: unknown) => typeof (error as NodeJS.ErrnoException).code === "string" && /^E[A-Z]+$/.test((error as NodeJS.ErrnoException).code!);

