// Talking to a real host over its socket in tests: raw frames, and a private runtime dir.

import { connect, type Socket } from "node:net";
import type { HostClient } from "../../src/host/client.ts";
import { encodeFrame, FrameParser } from "../../src/host/framing.ts";
import { openReader } from "../../src/store/db.ts";
import type { WatchStats } from "../../src/surfaces/host/watch.ts";
import { tempDir } from "./repo.ts";

export function useRuntimeDir(): string {
  const dir = tempDir("svc-run-");
  process.env.SVC_RUNTIME_DIR = dir;
  return dir;
}

/** Whether `root`'s store has a row for `sql` (read-only). */
export function storeHolds(root: string, sql: string, ...args: string[]): boolean {
  const db = openReader(root);
  try {
    return !!db?.query(sql).get(...args);
  } finally {
    db?.close();
  }
}

/** Wait (bounded) until `check` holds and the host's watcher has nothing running or due; its stats then. */
export async function watcherSettled(client: HostClient, check: () => boolean): Promise<WatchStats> {
  for (let i = 0; i < 1000; i++) {
    const stats = (await client.call<{ watch: WatchStats }>("svc/stats")).watch;
    if (check() && !stats.busy) return stats;
    await Bun.sleep(10);
  }
  throw new Error("the watcher did not take the change in");
}

export interface RawClient {
  socket: Socket;
  send(message: unknown): void;
  sendBytes(bytes: Uint8Array | string): void;
  /** Next decoded message (or null when the connection closed first). */
  next(timeoutMs?: number): Promise<any>;
  closed: Promise<void>;
  close(): void;
}

export function rawClient(path: string): Promise<RawClient> {
  return new Promise((resolve, reject) => {
    const socket = connect(path);
    const parser = new FrameParser();
    const queue: any[] = [];
    const waiters: ((m: any) => void)[] = [];
    let resolveClosed: () => void = () => {};
    const closed = new Promise<void>((r) => (resolveClosed = r));
    socket.on("data", (chunk) => {
      for (const frame of parser.push(chunk as Buffer)) {
        const msg = JSON.parse(frame);
        const w = waiters.shift();
        if (w) w(msg);
        else queue.push(msg);
      }
    });
    socket.on("close", () => {
      resolveClosed();
      for (const w of waiters.splice(0)) w(null);
    });
    socket.once("error", reject);
    socket.once("connect", () =>
      resolve({
        socket,
        send: (m) => socket.write(encodeFrame(m)),
        sendBytes: (b) => socket.write(b),
        // generous: a host on a busy 2-core machine (the suite beside other work) can take many seconds to answer
        next: (timeoutMs = 60_000) =>
          queue.length
            ? Promise.resolve(queue.shift())
            : new Promise((r, j) => {
                const waiter = (m: unknown) => {
                  clearTimeout(t);
                  r(m);
                };
                // a waiter that timed out is taken off, so the message that comes later is queued, not handed to it
                const t = setTimeout(() => {
                  waiters.splice(waiters.indexOf(waiter), 1);
                  j(new Error("no message in time"));
                }, timeoutMs);
                waiters.push(waiter);
              }),
        closed,
        close: () => socket.destroy(),
      }),
    );
  });
}

/** The session token of the host on `socket` (a handshake on a connection of its own). */
export async function hostToken(socket: string): Promise<string> {
  const c = await rawClient(socket);
  try {
    c.send({ jsonrpc: "2.0", id: 1, method: "svc/handshake" });
    return (await c.next()).result.sessionToken;
  } finally {
    c.close();
  }
}
