// `svc host`: one warm process per workspace root, serving JSON-RPC 2.0 over a Unix socket
// (0600 in a 0700 folder). Every method but svc/handshake needs the session token; methods
// with a root refuse any other root. A watcher keeps the index current; the host is its only
// writer while it runs. Malformed or oversized frames close that connection only.

import type { Socket } from "bun";
import { randomBytes, timingSafeEqual } from "node:crypto";
import { existsSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { invoke, onStoreNotice, type ParamLabel } from "../../engine.ts";
import { PAYLOAD_TTL_MS, sweepPayloads } from "../../host/payloads.ts";
import { asSvcError, clipInput, jsonRpcError, SvcError, unknownValue, validationError } from "../../errors.ts";
import { redactText } from "../../render/redact-output.ts";
import { keepFresh } from "../../index/open.ts";
import { syncIndex } from "../../indexing/sync.ts";
import { REGISTRY, type OperationSpec } from "../../registry/index.ts";
import { releaseAllLocks } from "../../store/lock.ts";
import { openReader } from "../../store/db.ts";
import { readMeta } from "../../store/meta.ts";
import { VERSION } from "../../version.ts";
import { Connection } from "./connection.ts";
import { endpointFor } from "../../host/endpoint.ts";
import { claimMarker, socketAnswers } from "../../host/marker.ts";
import { holdStartLock } from "../../host/start-lock.ts";
import type { Logger } from "./log.ts";
import { BAD_ROOT, BAD_TOKEN, CANCEL_METHOD, PROGRESS_METHOD, PROTOCOL_VERSION, RPC, type RpcRequest } from "../../host/protocol.ts";
import { startWatcher, type Watcher } from "./watch.ts";
import { holdResident, releaseResident } from "../../semantic/resident.ts";
import { warmChecks } from "../../check/warm.ts";
import { residentStatus } from "../../semantic/resident-status.ts";
import { processRss } from "../../sys/rss.ts";
import { writeFileAtomic } from "../../sys/atomic-write.ts";

/** How often a host checks that its workspace root still exists. */
const ROOT_CHECK_MS = 5_000;

/**
 * A stop (SIGTERM, SIGINT, svc/shutdown, idle) waits this long for the watcher's reconcile and
 * the resident engine to finish (a write batch, the engine's 1 s grace and its child's 1 s
 * shutdown fit well within it); past it the host stops without them, naming what it left.
 * The store is never half-written either way: its writes are transactions, one cut short by
 * the exit is rolled back, and a build stopped part-way is rebuilt by the next sync.
 */
export const STOP_DEADLINE_MS = 5_000;

/** Another host serves the root: on this runtime directory's socket, or on the socket the workspace's host marker names. */
export class HostAlreadyRunning extends SvcError {
  constructor(
    readonly socket: string,
    root: string,
    pid?: number,
  ) {
    super("index_busy", `another svc host${pid ? ` (pid ${pid})` : ""} already serves ${root} on ${socket}; clients find it through ${root}/.svc/host.json — stop it first to start one here`);
  }
}

export interface HostOptions {
  root: string;
  /** Minutes without any connection before the host exits; 0 = never. */
  idleMinutes: number;
  log: Logger;
}

export interface RunningHost {
  socket: string;
  token: string;
  stop(reason: string): Promise<void>;
  stopped: Promise<void>;
  /** Settles when the check warm-up is over (every file's diagnostics cached, the `hook` baseline set if it had none). */
  checksWarm: Promise<void>;
}

function sameToken(given: unknown, token: Buffer): boolean {
  if (typeof given !== "string") return false;
  const buf = Buffer.from(given);
  return buf.length === token.length && timingSafeEqual(buf, token);
}

function storeMode(root: string): string {
  const db = openReader(root);
  if (!db) return "syntax";
  try {
    return readMeta(db).index_mode ?? "syntax";
  } finally {
    db.close();
  }
}

function realRoot(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** The registry names a host process that no longer exists. */
function registeredHostGone(registry: string): boolean {
  try {
    const pid = Number(JSON.parse(readFileSync(registry, "utf8")).pid);
    if (!Number.isInteger(pid) || pid <= 0) return false;
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}

export async function startHost(options: HostOptions): Promise<RunningHost> {
  const { root, log } = options;
  const endpoint = endpointFor(root, { create: true });
  const tokenText = randomBytes(32).toString("base64url");
  const token = Buffer.from(tokenText);
  const started = Date.now();
  const connections = new Set<Connection>();
  const byRpc = new Map<string, OperationSpec>();
  for (const spec of REGISTRY) for (const method of spec.rpc ?? []) byRpc.set(method, spec);
  let requestsServed = 0;
  let lastActivity = Date.now();
  let stopping: Promise<void> | null = null;
  let resolveStopped: () => void = () => {};
  const stopped = new Promise<void>((resolve) => (resolveStopped = resolve));
  let watcher: Watcher | null = null;
  let forgetKeeper = () => {};

  // every error goes out prefixed, with its prefix in data (errors.ts jsonRpcError): protocol faults, the token, operations
  const error = (id: RpcRequest["id"], code: number, message: string | SvcError) => ({ jsonrpc: "2.0", id: id ?? null, error: jsonRpcError(code, message) });
  const methods = ["svc/handshake", "svc/stats", "svc/shutdown", CANCEL_METHOD, ...byRpc.keys()].sort();

  // The resident engine and its warm-up start once this host holds the marker (another host may serve the root already).
  let resident!: ReturnType<typeof holdResident>;
  let checksSettled = false;
  let checksWarm!: Promise<void>;
  let markServing: () => void = () => {};
  const serving = new Promise<void>((resolve) => (markServing = resolve));
  const stats = () => {
    const engine = resident.engine.status();
    const semantic = residentStatus(root);
    return {
      hostVersion: VERSION,
      pid: process.pid,
      uptimeMs: Date.now() - started,
      rssBytes: process.memoryUsage().rss,
      heapBytes: process.memoryUsage().heapUsed,
      indexState: watcher?.state() ?? "ready",
      mode: storeMode(root),
      files: watcher?.files() ?? 0,
      residentProjects: resident.projectCount(),
      connections: connections.size,
      requestsServed,
      // additions: the resident workspace's state and its engine process
      semantic: semantic?.state ?? "loading",
      // every file's diagnostics computed once after start (the background check warm-up)
      checksWarm: checksSettled,
      enginePid: engine.pid,
      // additions: the watcher's events and reconciles (full or targeted), with the last few timed
      watch: watcher?.stats() ?? null,
      engineRssBytes: engine.pid ? processRss(engine.pid) : null,
    };
  };

  /** Parameters as an RPC client names them: the workspace is `root` (the host's own), not `path`. */
  const rpcLabel: ParamLabel = (p) => (p.name === "path" ? "root" : p.name);

  async function dispatch(conn: Connection, request: RpcRequest): Promise<void> {
    const { id, method } = request;
    const params = (request.params ?? {}) as Record<string, unknown>;
    const reply = (result: unknown) => {
      if (id !== undefined) conn.send({ jsonrpc: "2.0", id, result });
    };
    // a notification (no id) is answered with nothing, its failures included (JSON-RPC 2.0 §4.1)
    const fail = (code: number, message: string | SvcError) => {
      if (id !== undefined) conn.send(error(id, code, message));
    };
    if (method === "svc/handshake") {
      reply({ hostVersion: VERSION, protocolVersion: PROTOCOL_VERSION, sessionToken: tokenText, root });
      return;
    }
    if (!sameToken(params.sessionToken, token)) return fail(RPC.invalidParams, BAD_TOKEN);
    // a notification: stops a request of this connection at its next cancellation point, which then answers cancelled
    if (method === CANCEL_METHOD) return reply({ cancelled: conn.cancel(params.id) });
    await serving;
    if (params.root !== undefined && (typeof params.root !== "string" || realRoot(params.root) !== root)) return fail(RPC.invalidParams, BAD_ROOT);
    if (method === "svc/stats") return reply(stats());
    if (method === "svc/shutdown") {
      reply({ ok: true });
      setTimeout(() => void stop("svc/shutdown"), 10);
      return;
    }
    const spec = byRpc.get(method);
    if (!spec) return fail(RPC.methodNotFound, unknownValue("method", clipInput(redactText(method)), methods));
    const { sessionToken: _t, root: _r, progress: wantsProgress, ...rest } = params;
    const signal = conn.track(id);
    try {
      if (wantsProgress !== undefined && typeof wantsProgress !== "boolean") throw validationError(`progress must be true or false (got ${clipInput(redactText(JSON.stringify(wantsProgress) ?? String(wantsProgress)))}): true asks for ${PROGRESS_METHOD} notifications while the request runs`);
      // the host answers for its root: another `path` would be overwritten by it (ignored, silently), so it is refused
      if (rest.path !== undefined && (typeof rest.path !== "string" || realRoot(rest.path) !== root)) throw validationError(`${method} answers for ${root}, not ${clipInput(rest.path)}: pass root (or nothing); scope with the method's own parameters (directory, seed, query)`);
      // progress under the request's own id, only to a client that asked (and had an id to match it by); the engine redacts its messages
      const progress =
        wantsProgress === true && id !== undefined && id !== null
          ? (done: number, total: number, message?: string) => conn.send({ jsonrpc: "2.0", method: PROGRESS_METHOD, params: { id, done, total, ...(message ? { message } : {}) } })
          : undefined;
      const result = await invoke(spec, { ...rest, path: root }, { cwd: root, surface: "rpc", longLived: true, host: true, signal, ...(progress ? { progress } : {}) }, rpcLabel);
      reply(result.data); // redacted by the engine
    } catch (e) {
      const svcError = asSvcError(e);
      // a cancelled request answers that alone: never what its operation had done so far
      const code = signal.aborted ? RPC.requestCancelled : svcError.prefix === "validation_error" ? RPC.invalidParams : RPC.operationError;
      if (signal.aborted) log(`${method}: cancelled (${String(signal.reason ?? CANCEL_METHOD)})`);
      fail(code, signal.aborted ? new SvcError("internal_error", "cancelled") : svcError);
    } finally {
      conn.untrack(id, signal);
    }
  }

  const handlers = {
    onMessage(conn: Connection, message: unknown) {
      lastActivity = Date.now();
      const req = message as RpcRequest;
      if (Array.isArray(message)) return void conn.sendAndClose(error(null, RPC.invalidRequest, "Invalid Request: batch requests are not supported; send one request per frame"));
      const validId = req?.id === undefined || req.id === null || typeof req.id === "string" || typeof req.id === "number";
      if (typeof req !== "object" || req === null || req.jsonrpc !== "2.0" || typeof req.method !== "string" || !validId || (req.params !== undefined && (typeof req.params !== "object" || req.params === null || Array.isArray(req.params)))) {
        // an id of another type is no id to answer under (JSON-RPC 2.0: a string, a number or null)
        conn.sendAndClose(error(validId ? ((req as RpcRequest | null)?.id ?? null) : null, RPC.invalidRequest, validId ? "Invalid Request" : "Invalid Request: id must be a string, a number or null"));
        return;
      }
      requestsServed++;
      conn.begin();
      void dispatch(conn, req)
        .catch((e) => {
          // a failure outside an operation's own (never expected): logged, and the request still answered, never left waiting
          log(`dispatch failed: ${String(e)}`);
          if (req.id !== undefined) conn.send(error(req.id, RPC.operationError, asSvcError(e)));
        })
        .finally(() => conn.done());
    },
    onProtocolError(conn: Connection, code: number, message: string) {
      log(`closing a connection: ${message}`);
      conn.sendAndClose(error(null, code, message));
    },
  };

  // (the look at an old socket, the bind and the registry that shows this host alive: one starting host at a time)
  const releaseStart = await holdStartLock(endpoint.socket, root);
  let listener: ReturnType<typeof Bun.listen>;
  let marker: { release: () => void };
  let forgetNotices = () => {};
  try {
    if (existsSync(endpoint.socket)) {
      // A socket file nobody answers on is stale (a killed host): remove it before binding. So is
      // one whose registered host process is gone though the socket still takes connections: a
      // process the killed host started may hold its listening socket a moment longer.
      const alive = !registeredHostGone(endpoint.registry) && (await socketAnswers(endpoint.socket, 300));
      if (alive) throw new HostAlreadyRunning(endpoint.socket, root);
      rmSync(endpoint.socket, { force: true });
    }
    const previous = process.umask(0o177);
    try {
      listener = Bun.listen<{ conn?: Connection }>({
        unix: endpoint.socket,
        // a client that half-closes after its request (done sending) still gets the answer: the connection closes once it is sent
        allowHalfOpen: true,
        socket: {
          open(socket) {
            const conn = new Connection(socket as Socket<unknown>, handlers);
            socket.data = { conn };
            connections.add(conn);
            lastActivity = Date.now();
          },
          data(socket, chunk) {
            socket.data.conn?.receive(chunk);
          },
          drain(socket) {
            socket.data.conn?.flush();
          },
          end(socket) {
            socket.data.conn?.ended();
          },
          close(socket) {
            const conn = socket.data.conn;
            if (conn) {
              conn.closed = true;
              conn.abortAll();
              connections.delete(conn);
            }
            lastActivity = Date.now();
          },
          error(socket, err) {
            log(`connection error: ${err.message}`);
            socket.data.conn?.abortAll();
            socket.data.conn && connections.delete(socket.data.conn);
          },
        },
      });
    } finally {
      process.umask(previous);
    }
    // One host per root whatever the runtime directory: the workspace's marker names the socket of the one serving it.
    // a .svc/ the repository shipped is set aside on the host's first touch of it: said in its log (its replies carry data alone)
    forgetNotices = onStoreNotice((notice) => log(`warning: ${notice}`));
    let claim;
    let refused: SvcError | undefined;
    try {
      claim = await claimMarker(root, { pid: process.pid, socket: endpoint.socket, startedAt: new Date(started).toISOString(), version: VERSION });
    } catch (error) {
      if (error instanceof SvcError) refused = error;
      claim = { held: false as const, problem: `could not write the host marker: ${(error as Error).message}` };
    }
    if (!claim.held) {
      forgetNotices();
      listener.stop(true);
      rmSync(endpoint.socket, { force: true });
      if ("other" in claim) throw new HostAlreadyRunning(claim.other.socket, root, claim.other.pid);
      if (refused) throw refused; // the store's own refusal says what to do (`.svc` a link: remove it), unwrapped
      throw validationError(`refusing the host marker: ${claim.problem}`);
    }
    marker = claim;
    resident = holdResident(root, { writer: true, log });
    checksWarm = warmChecks(root, resident, log).finally(() => {
      checksSettled = true;
    });
    markServing();
    // Written whole or not at all: a client or a next host reading it mid-write would take a half file for no host.
    writeFileAtomic(endpoint.registry, JSON.stringify({ root, pid: process.pid, version: VERSION, protocolVersion: PROTOCOL_VERSION, startedAt: new Date(started).toISOString() }), { mode: 0o600 });
  } finally {
    releaseStart();
  }
  log(`serving ${root} on ${endpoint.socket} (pid ${process.pid})`);

  const sweepExpired = () => sweepPayloads(root, PAYLOAD_TTL_MS, Date.now(), true);
  sweepExpired();
  const payloadTimer = setInterval(sweepExpired, 300_000);
  payloadTimer.unref?.();
  const idleTimer =
    options.idleMinutes > 0
      ? setInterval(() => {
          if (connections.size === 0 && Date.now() - lastActivity > options.idleMinutes * 60_000) void stop("idle");
        }, Math.min(30_000, options.idleMinutes * 15_000))
      : null;

  // A workspace that is deleted (or moved away) has nothing left to serve.
  const rootTimer = setInterval(() => {
    if (!existsSync(root)) void stop("the workspace root is gone");
  }, ROOT_CHECK_MS);
  rootTimer.unref?.();

  async function stop(reason: string): Promise<void> {
    if (stopping) return stopping;
    stopping = (async () => {
      log(`stopping (${reason})`);
      if (idleTimer) clearInterval(idleTimer);
      clearInterval(rootTimer);
      clearInterval(payloadTimer);
      sweepPayloads(root, 0);
      forgetKeeper();
      let phase = "the watcher's reconcile";
      const work = (async () => {
        await watcher?.close();
        phase = "the TypeScript engine's shutdown";
        await releaseResident(root);
        phase = "";
      })();
      let deadline: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([work, new Promise<void>((resolve) => (deadline = setTimeout(resolve, STOP_DEADLINE_MS)))]);
      clearTimeout(deadline);
      if (phase) log(`stopping without waiting longer for ${phase} (not done after ${STOP_DEADLINE_MS / 1000} s)`);
      listener.stop(true);
      for (const conn of connections) conn.socket.end();
      if (existsSync(endpoint.socket)) rmSync(endpoint.socket, { force: true });
      rmSync(endpoint.registry, { force: true });
      marker.release();
      forgetNotices();
      releaseAllLocks();
      resolveStopped();
    })();
    return stopping;
  }

  const running = startWatcher(root, {
    log,
    sync: async (paths) => {
      const result = await syncIndex(root, paths ? { paths } : {});
      resident.afterSync(result.changedPaths, result.removedPaths);
      return { files: result.files, scope: result.scope, changed: result.changedPaths.length + result.removedPaths.length };
    },
  });
  watcher = running;
  // The host's own reads trust its watcher instead of listing the tree per request, once a
  // fence shows that every change made before the read has reached it (events arrive late).
  forgetKeeper = keepFresh(root, {
    live: () => running.live(),
    settled: async () => (await running.fence()) && (await running.idle(), true),
    changesSeen: async () => ((await running.fence()) ? running.stats().events : null),
  });
  return { socket: endpoint.socket, token: tokenText, stop, stopped, checksWarm };
}
