// The host client used by the CLI, the MCP server and hooks: connect by handshake (a short
// timeout; a missing, stale or incompatible host is treated as absent, silently unless
// SVC_HOOK_VERBOSE=1), then call methods with the session token.

import { connect, type Socket } from "node:net";
import { dirname } from "node:path";
import { SvcError, type ErrorPrefix } from "../errors.ts";
import { endpointFor } from "./endpoint.ts";
import { encodeFrame, FrameParser } from "./framing.ts";
import { markedSocket } from "./marker.ts";
import { privateDirProblem, socketProblem } from "./private-dir.ts";
import { CANCEL_METHOD, PROGRESS_METHOD, PROTOCOL_VERSION, type ProgressParams } from "./protocol.ts";

export interface HostInfo {
  hostVersion: string;
  protocolVersion: number;
  sessionToken: string;
  root: string;
}

/** What a caller of a long method hands on: its cancellation (relayed as svc/cancel) and where the host's progress goes. */
export interface CallOptions {
  signal?: AbortSignal;
  progress?: (done: number, total: number, message?: string) => void;
}

export class HostClient {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void; progress?: CallOptions["progress"] }>();
  private readonly parser = new FrameParser();
  info: HostInfo | null = null;
  /** False once the connection closed or failed (either end): a kept client is not used again. */
  connected = true;

  private constructor(
    private readonly socket: Socket,
    /** The socket path this client is connected to (the host marker's when the runtime directory has none). */
    readonly socketPath: string,
  ) {
    socket.on("data", (chunk) => {
      let frames: string[];
      try {
        frames = this.parser.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
      } catch (error) {
        this.failAll(error as Error);
        return;
      }
      for (const frame of frames) {
        const message = JSON.parse(frame) as { id?: number; method?: string; params?: ProgressParams; result?: unknown; error?: { code: number; message: string; data?: { prefix?: string; message?: string } } };
        if (message.method === PROGRESS_METHOD && message.id === undefined) {
          const p = message.params;
          if (p && typeof p.id === "number" && typeof p.done === "number" && typeof p.total === "number") this.pending.get(p.id)?.progress?.(p.done, p.total, typeof p.message === "string" ? p.message : undefined);
          continue;
        }
        const waiter = typeof message.id === "number" ? this.pending.get(message.id) : undefined;
        if (!waiter) continue;
        this.pending.delete(message.id as number);
        if (message.error) {
          const data = message.error.data;
          waiter.reject(data?.prefix ? new SvcError(data.prefix as ErrorPrefix, data.message ?? message.error.message) : new RpcError(message.error.code, message.error.message));
        } else waiter.resolve(message.result);
      }
    });
    socket.on("error", (error) => {
      this.connected = false;
      this.failAll(error);
    });
    socket.on("close", () => {
      this.connected = false;
      this.failAll(new Error("the host closed the connection"));
    });
  }

  private failAll(error: Error): void {
    for (const waiter of this.pending.values()) waiter.reject(error);
    this.pending.clear();
  }

  static open(socketPath: string, timeoutMs: number): Promise<HostClient> {
    return new Promise((resolve, reject) => {
      const socket = connect(socketPath);
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new Error(`no answer within ${timeoutMs} ms`));
      }, timeoutMs);
      socket.once("connect", () => {
        clearTimeout(timer);
        resolve(new HostClient(socket, socketPath));
      });
      socket.once("error", (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
  }

  /**
   * `method` on the host. With options.progress the host sends its progress for this request (svc/progress); an abort of
   * options.signal, or the timeout, is relayed as svc/cancel (the host stops at its next cancellation point) and rejects
   * at once with `internal_error: cancelled` (the timeout with its own error): nothing the host did so far is an answer.
   */
  call<T = unknown>(method: string, params: Record<string, unknown> = {}, timeoutMs = 60_000, options: CallOptions = {}): Promise<T> {
    const { signal, progress } = options;
    if (signal?.aborted) return Promise.reject(new SvcError("internal_error", "cancelled"));
    const id = this.nextId++;
    const withProgress = progress ? { ...params, progress: true } : params;
    const withToken = method === "svc/handshake" || !this.info ? withProgress : { sessionToken: this.info.sessionToken, ...withProgress };
    return new Promise<T>((resolve, reject) => {
      const settle = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
      };
      const giveUp = (error: Error) => {
        if (!this.pending.delete(id)) return;
        settle();
        this.cancel(id);
        reject(error);
      };
      const onAbort = () => giveUp(new SvcError("internal_error", "cancelled"));
      const timer = setTimeout(() => giveUp(new Error(`${method} timed out after ${timeoutMs} ms`)), timeoutMs);
      signal?.addEventListener("abort", onAbort, { once: true });
      this.pending.set(id, {
        resolve: (v) => {
          settle();
          resolve(v as T);
        },
        reject: (e) => {
          settle();
          reject(e);
        },
        ...(progress ? { progress } : {}),
      });
      this.socket.write(encodeFrame({ jsonrpc: "2.0", id, method, params: withToken }));
    });
  }

  /** Tell the host nobody waits for request `id` any more (a notification: no answer). */
  private cancel(id: number): void {
    if (!this.connected || !this.info) return;
    this.socket.write(encodeFrame({ jsonrpc: "2.0", method: CANCEL_METHOD, params: { sessionToken: this.info.sessionToken, id } }));
  }

  /** Whether an open connection keeps the process alive (a kept client's does not while it waits unused). */
  holdProcess(hold: boolean): void {
    if (hold) this.socket.ref();
    else this.socket.unref();
  }

  close(): void {
    this.connected = false;
    this.socket.end();
    this.socket.destroy();
  }
}

export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

function verbose(message: string): void {
  if (process.env.SVC_HOOK_VERBOSE === "1") process.stderr.write(`svc: ${message}\n`);
}

/** The host serving `root`, handshaken, or null when none answers (or it speaks another protocol version). */
export async function connectHost(root: string, timeoutMs = 500, answerMs = timeoutMs): Promise<HostClient | null> {
  const probe = await probeHost(root, timeoutMs, answerMs);
  return probe.client;
}

/**
 * connectHost, saying why there is no client: `unanswered` when a socket took the connection
 * but no handshake came back in `answerMs` — a host may be serving the root, busy (a check
 * that could not run, not "no host"). `timeoutMs` bounds finding the socket and connecting
 * (no host answers fast); a connected host gets `answerMs` for its handshake. The socket is
 * this environment's runtime directory's, else the one the workspace's host marker names (a
 * host started with another runtime directory: marker.ts).
 */
export async function probeHost(root: string, timeoutMs = 500, answerMs = timeoutMs): Promise<Probe> {
  const { socket, dir } = endpointFor(root);
  const own = await probeSocket(root, socket, dir, timeoutMs, answerMs);
  if (own.client || own.unanswered) return own;
  const marked = markedSocket(root);
  if (marked.socket === null) {
    if (marked.why !== "no host marker") verbose(`no host for ${root}: ${marked.why}`);
    return own;
  }
  if (marked.socket === socket) return own;
  return probeSocket(root, marked.socket, dirname(marked.socket), timeoutMs, answerMs);
}

type Probe = { client: HostClient; unanswered?: undefined } | { client: null; unanswered: string | null };

async function probeSocket(root: string, socket: string, dir: string, timeoutMs: number, answerMs: number): Promise<Probe> {
  // No socket file, no host: answer before node:net's first connect (about 10 ms in a one-shot).
  // Trust only our own socket in a private directory: another user's could be a fake host.
  const problem = socketProblem(socket);
  const dirProblem = problem === null ? privateDirProblem(dir) : null;
  if (problem !== null || dirProblem !== null) {
    verbose(`no host for ${root}: ${problem === "missing" ? `no socket at ${socket}` : (problem ?? `refusing the runtime directory ${dir}: ${dirProblem}`)}`);
    return { client: null, unanswered: null };
  }
  let client: HostClient;
  try {
    client = await HostClient.open(socket, timeoutMs);
  } catch (error) {
    verbose(`no host for ${root}: ${(error as Error).message}`);
    return { client: null, unanswered: null };
  }
  try {
    const info = await client.call<HostInfo>("svc/handshake", {}, answerMs);
    if (info.protocolVersion !== PROTOCOL_VERSION || info.root !== root) {
      verbose(`ignoring the host on ${socket}: protocol ${info.protocolVersion} (want ${PROTOCOL_VERSION}), root ${info.root}`);
      client.close();
      return { client: null, unanswered: null };
    }
    client.info = info;
    return { client };
  } catch (error) {
    verbose(`host handshake failed: ${(error as Error).message}`);
    client.close();
    return { client: null, unanswered: `a host socket for ${root} took the connection but the handshake did not come back (${(error as Error).message})` };
  }
}
