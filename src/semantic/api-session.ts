// The engine's API session (typescript's async API over the pipe `tsc --lsp` opens for it),
// opened, hardened and dropped so that a child that dies, or a session dropped with requests
// queued, never surfaces as an error nothing can catch: the API client's JSON-RPC layer
// (vscode-jsonrpc, vendored by typescript) rethrows a failed write from an async promise
// executor. The child's death itself is the supervisor's business (engine.ts).

import { API } from "typescript/unstable/async";

/**
 * Write failures to a peer that went away: a write Bun's net socket had pending when the peer
 * closed fails with ECANCELED (cancelPendingWriteNT), one after its native socket is gone with
 * ERR_SOCKET_CLOSED ("Socket is closed"), one after the session ended its side with
 * ERR_STREAM_WRITE_AFTER_END.
 */
const GONE_PEER = new Set(["EPIPE", "ECONNRESET", "ERR_STREAM_DESTROYED", "ECANCELED", "ERR_SOCKET_CLOSED", "ERR_STREAM_WRITE_AFTER_END"]);

/**
 * The API client's JSON-RPC layer (vscode-jsonrpc, vendored by typescript) rejects a request
 * whose write fails to its caller, and then rethrows the same error from an async Promise
 * executor, where nothing can catch it. When the child dies or the session is dropped with
 * requests in flight, that duplicate would crash svc as an unhandled rejection. It is
 * absorbed here; any other unhandled rejection is rethrown as before.
 */
let absorbing = false;
export function absorbSessionWriteFailures(): void {
  if (absorbing) return;
  absorbing = true;
  process.on("unhandledRejection", (reason) => {
    if (GONE_PEER.has(String((reason as NodeJS.ErrnoException | null)?.code))) return;
    throw reason;
  });
}

type SessionSocket = { destroyed?: boolean; on?: (event: string, listener: () => void) => void; write?: (...args: unknown[]) => boolean };
type SessionInternals = { client?: { close?: () => Promise<void>; connect?: () => Promise<void>; socket?: SessionSocket } };

/** Close the API session's connection and socket without a word to the server (API.close would first release every snapshot over it). */
export async function dropSession(api: API): Promise<void> {
  const client = (api as unknown as SessionInternals).client;
  if (client?.close) await client.close().catch(() => undefined);
  else await api.close().catch(() => undefined);
  // A closed client reconnects on its next request (a snapshot's release still in flight): a new,
  // unhardened socket to a pipe that is gone, whose write failure nothing could catch. It is
  // refused instead, as a write to a peer that went away (the caller's request fails).
  if (client) {
    client.connect = () => Promise.reject(Object.assign(new Error("the TypeScript engine's API session was closed"), { code: "ERR_STREAM_DESTROYED" }));
  }
}

/**
 * The API session over the engine's pipe (what API.fromLSPConnection does), its socket
 * hardened (quietSocket) before the first request is written: an engine killed while the
 * session initializes (a host shut down during start-up) must not leave that write's failure
 * unhandled either.
 */
export async function openSession(pipe: string): Promise<API> {
  const api = new API({ pipe });
  const internals = api as unknown as { client?: { connect?: () => Promise<void> }; ensureInitialized?: () => Promise<void> };
  if (!internals.client?.connect || !internals.ensureInitialized) {
    // another shape of the API module: its own path, hardened after it
    const opened = await API.fromLSPConnection({ pipe });
    quietSocket(opened);
    return opened;
  }
  await internals.client.connect();
  quietSocket(api);
  await internals.ensureInitialized.call(api);
  return api;
}

/**
 * The API session's socket, hardened: a child that died (EPIPE, reset) shows as an 'error'
 * event the client listens to only while connecting, and a request queued before the
 * session was dropped is written after its socket is destroyed — both would surface where
 * nothing can catch them (an unhandled rejection in the JSON-RPC layer) and crash svc. The
 * error is absorbed (the child's death is the supervisor's business), and a write to a
 * destroyed socket is dropped: its request was already rejected when the session closed.
 */
export function quietSocket(api: API): void {
  const socket = (api as unknown as SessionInternals).client?.socket;
  if (!socket?.on || !socket.write) return;
  socket.on("error", () => undefined);
  // The socket swaps its own write when the peer ends it (net's `this.write = writeAfterFIN`): the
  // wrapper stays in front of whatever write the socket sets, so those writes are quieted too.
  let inner = socket.write.bind(socket) as (...args: unknown[]) => boolean;
  const quiet = (...args: unknown[]): boolean => {
    // a write to a child that just died completes without its error: the JSON-RPC layer would
    // rethrow it where nothing can catch it, and the child's exit is handled by the supervisor
    const at = args.findLastIndex((a) => typeof a === "function");
    if (at >= 0) {
      const done = args[at] as (error?: unknown) => void;
      args[at] = (error?: unknown) => done(GONE_PEER.has(String((error as NodeJS.ErrnoException | null | undefined)?.code)) ? undefined : error);
    }
    const done = args.findLast((a) => typeof a === "function") as (() => void) | undefined;
    if (!socket.destroyed) {
      try {
        return inner(...args);
      } catch (error) {
        // a socket the child's side already ended may throw EPIPE at once, inside the JSON-RPC
        // layer's promise executor: completed as dropped, like a write to a destroyed socket
        if (!GONE_PEER.has(String((error as NodeJS.ErrnoException | null)?.code))) throw error;
      }
    }
    done?.();
    return false;
  };
  Object.defineProperty(socket, "write", {
    configurable: true,
    get: () => quiet,
    set: (write: (...args: unknown[]) => boolean) => {
      inner = write.bind(socket);
    },
  });
}
