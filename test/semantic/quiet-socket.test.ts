// The engine's API session socket when the child's side has gone: a write that throws EPIPE at
// once (a socket the other party ended) or fails later completes as dropped, never as an error
// the JSON-RPC layer would rethrow where nothing catches it (an unhandled rejection).

import { expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { connect, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { API } from "typescript/unstable/async";
import { quietSocket } from "../../src/semantic/api-session.ts";

const epipe = () => Object.assign(new Error("This socket has been ended by the other party"), { code: "EPIPE" });

function session(write: (data: string, done: (error?: unknown) => void) => boolean) {
  const socket = { destroyed: false, on: () => undefined, write: (data: string, _encoding: string, done: (error?: unknown) => void) => write(data, done) };
  quietSocket({ client: { socket } } as unknown as API);
  return socket;
}

test("a write the ended socket refuses at once, or fails later with EPIPE, completes without an error; other errors still surface", () => {
  const results: unknown[] = [];
  const thrown = session(() => {
    throw epipe();
  });
  expect(thrown.write("x", "utf8", (error) => results.push(error ?? "ok"))).toBe(false);
  const later = session((_data, done) => (done(epipe()), true));
  later.write("x", "utf8", (error) => results.push(error ?? "ok"));
  expect(results).toEqual(["ok", "ok"]);
  const other = session(() => {
    throw new Error("not a gone peer");
  });
  expect(() => other.write("x", "utf8", () => undefined)).toThrow("not a gone peer");
});

test("a write the socket swaps in itself when the peer ends it (net's writeAfterFIN) is quieted too", () => {
  const results: unknown[] = [];
  const socket = session((_data, done) => (done(), true)) as unknown as { write: (...args: unknown[]) => boolean };
  // what net.Socket does on the peer's FIN: its own write replaced by one that fails every write
  socket.write = (...args: unknown[]) => ((args[2] as (error?: unknown) => void)(epipe()), false);
  socket.write("x", "utf8", (error?: unknown) => results.push(error ?? "ok"));
  expect(results).toEqual(["ok"]);
});


test("a real socket whose peer goes away while a large write waits to drain: the write completes without an error (h109)", async () => {
  // Bun fails such a write with ECANCELED (or ERR_SOCKET_CLOSED, "Socket is closed", when the
  // native socket is gone first): unquieted, the JSON-RPC layer rethrew it as an unhandled
  // rejection and the host's log got a stack trace.
  const dir = mkdtempSync(join(tmpdir(), "svc-quiet-"));
  const path = join(dir, "s.sock");
  const server = createServer((peer) => {
    peer.pause(); // reads nothing: the client's write waits to drain
    peer.on("error", () => undefined);
    setTimeout(() => peer.destroy(), 100);
  });
  await new Promise<void>((resolve) => server.listen(path, resolve));
  try {
    const socket = connect(path);
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    quietSocket({ client: { socket } } as unknown as API);
    const outcome = await new Promise<unknown>((resolve) => socket.write(Buffer.alloc(32 * 1024 * 1024), (error?: unknown) => resolve(error ?? "ok")));
    expect(outcome).toBe("ok");
    socket.destroy();
  } finally {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
