// The engine's API session socket when the child's side has gone: a write that throws EPIPE at
// once (a socket the other party ended) or fails later completes as dropped, never as an error
// the JSON-RPC layer would rethrow where nothing catches it (an unhandled rejection).

import { expect, test } from "bun:test";
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

