// One `tsc --lsp --stdio` child: LSP-framed JSON-RPC over its stdin/stdout, every request
// time-boxed, every pending request failed at once when the child dies. The child also
// exits by itself when its stdin closes, so it never outlives its owner.

import { tmpdir } from "node:os";
import { roomForSocket } from "../host/endpoint.ts";
import { encodeFrame, FrameParser } from "../host/framing.ts";
import { ensurePrivateDir } from "../host/private-dir.ts";

/** The name tsc binds its API socket under in its temp folder (16 + 16 hex digits): the longest it gets. */
/**
 * How long the child's exit waits for the rest of its output: a descendant that inherited its
 * stdout or stderr (a wrapper named by SVC_TSC) can hold them open long after the child died,
 * and the engine's close — the host's stop — waited for them.
 */
const OUTPUT_GRACE_MS = 250;

const API_SOCKET_NAME = `tsgo-api-${"0".repeat(16)}-${"0".repeat(16)}`;

/** The child's TMPDIR when the inherited temp folder is too long a path for its API socket (bind fails, the engine with it): a short private one. */
function socketTemp(): { TMPDIR?: string } {
  const inherited = tmpdir();
  const dir = roomForSocket(inherited, API_SOCKET_NAME);
  if (dir === inherited) return {};
  ensurePrivateDir(dir);
  return { TMPDIR: dir };
}

/** Settings sections the server asks for: type acquisition off (the unified and the older key). */
const SETTINGS: Record<string, unknown> = {
  "js/ts": { tsserver: { automaticTypeAcquisition: { enabled: false } } },
  typescript: { disableAutomaticTypeAcquisition: true },
  javascript: { disableAutomaticTypeAcquisition: true },
};

/** A configuration section as the server gets it: the fixed settings (no type acquisition) with `extra`'s on top. */
export function configurationSection(name: string, extra: Record<string, unknown>): Record<string, unknown> | null {
  const fixed = SETTINGS[name] as Record<string, unknown> | undefined;
  const added = extra[name] as Record<string, unknown> | undefined;
  return fixed || added ? { ...fixed, ...added } : null;
}

export class EngineError extends Error {
  constructor(
    message: string,
    /** The engine process is gone (crashed, killed, timed out and stopped). */
    readonly dead: boolean,
  ) {
    super(message);
    this.name = "EngineError";
  }
}

interface Waiter {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

export interface LspProcessOptions {
  executable: string;
  cwd: string;
  /** Called when the child exits for any reason (after pending requests were failed). */
  onExit?: (description: string) => void;
  /** Editor settings per configuration section, merged over the fixed ones (formatting and quote style of edits). */
  settings?: () => Record<string, unknown>;
}

export class LspProcess {
  private readonly child: ReturnType<typeof Bun.spawn>;
  private readonly parser = new FrameParser();
  private readonly pending = new Map<number, Waiter>();
  private nextId = 1;
  private exitDescription: string | null = null;
  /** kill() was called: treat the child as gone at once (its exit is observed later). */
  private killed = false;
  readonly exited: Promise<string>;
  readonly pid: number;
  /** The last lines of stderr and log messages (for error reports). */
  readonly log: string[] = [];
  private readonly stderrDone: Promise<void>;
  /** The readers of the child's stdout and stderr: cancelled once it exited and the grace passed. */
  private readonly readers: { cancel(): Promise<void> }[] = [];

  constructor(private readonly options: LspProcessOptions) {
    // The child binds its API socket (tsgo-api-…) in the shared temp folder with the mode the
    // umask leaves: under a loose one (000, 002) other users could connect to the compiler as
    // this user before svc does. It inherits a private umask, so the socket is its owner's only.
    const previous = process.umask(0o077);
    try {
      this.child = Bun.spawn([options.executable, "--lsp", "--stdio"], {
        cwd: options.cwd,
        stdin: "pipe",
        stdout: "pipe",
        stderr: "pipe",
        env: { ...process.env, NODE_OPTIONS: undefined, ...socketTemp() },
      });
    } finally {
      process.umask(previous);
    }
    this.pid = this.child.pid;
    void this.readLoop(this.child.stdout as ReadableStream<Uint8Array>);
    this.stderrDone = this.drainStderr(this.child.stderr as ReadableStream<Uint8Array>);
    this.exited = this.child.exited.then(async (code) => {
      const signal = this.child.signalCode;
      let grace: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([this.stderrDone, new Promise<void>((resolve) => (grace = setTimeout(resolve, OUTPUT_GRACE_MS)))]);
      clearTimeout(grace);
      for (const reader of this.readers) reader.cancel().catch(() => undefined); // a descendant's hold on them is not ours to wait for
      const why = this.log.find((line) => /panic|fatal|error/i.test(line));
      const description = signal ? `killed by ${signal}` : `exited with code ${code}${code !== 0 && why ? ` (${why.slice(0, 200)})` : ""}`;
      this.exitDescription = description;
      this.failAll(new EngineError(`the TypeScript engine ${description}`, true));
      options.onExit?.(description);
      return description;
    });
  }

  get alive(): boolean {
    return this.exitDescription === null && !this.killed;
  }

  private remember(line: string): void {
    this.log.push(line.slice(0, 500));
    if (this.log.length > 20) this.log.shift();
  }

  private async drainStderr(stream: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of this.chunks(stream)) for (const line of decoder.decode(chunk).split("\n")) if (line.trim()) this.remember(line);
    } catch {
      // the child is gone
    }
  }

  /** A stream's chunks through a reader this process can cancel. */
  private async *chunks(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
    const reader = stream.getReader();
    this.readers.push(reader);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  }

  private async readLoop(stream: ReadableStream<Uint8Array>): Promise<void> {
    try {
      for await (const chunk of this.chunks(stream)) {
        for (const frame of this.parser.push(chunk)) this.handle(JSON.parse(frame) as Record<string, unknown>);
      }
    } catch (error) {
      this.remember(`reader: ${(error as Error).message}`);
      this.kill();
    }
  }

  private handle(message: Record<string, unknown>): void {
    const id = message.id;
    if (typeof message.method === "string") {
      if (id !== undefined) this.answerServerRequest(id, message.method, message.params as Record<string, unknown> | undefined);
      else if (message.method === "window/logMessage" || message.method === "window/showMessage") {
        const text = String((message.params as { message?: string } | undefined)?.message ?? "");
        if (/error|panic|fatal/i.test(text)) this.remember(text);
      }
      return;
    }
    if (typeof id !== "number") return;
    const waiter = this.pending.get(id);
    if (!waiter) return;
    this.pending.delete(id);
    clearTimeout(waiter.timer);
    const error = message.error as { code?: number; message?: string } | undefined;
    if (error) waiter.reject(new EngineError(`the TypeScript engine refused the request: ${error.message ?? `code ${error.code}`}`, false));
    else waiter.resolve(message.result);
  }

  /**
   * The server asks us things (configuration, capability registration, progress tokens):
   * answer neutrally, except that automatic type acquisition is off — it would run npm and
   * download `@types` packages into the user's cache (svc stays local and offline; an
   * inferred project importing an untyped package triggered it).
   */
  private answerServerRequest(id: unknown, method: string, params: Record<string, unknown> | undefined): void {
    const items = (params?.items as { section?: string }[] | undefined) ?? [];
    const extra = this.options.settings?.() ?? {};
    const result = method === "workspace/configuration" ? items.map((item) => configurationSection(item?.section ?? "", extra)) : null;
    this.write({ jsonrpc: "2.0", id, result });
  }

  private write(message: unknown): void {
    if (!this.alive) return;
    try {
      const sink = this.child.stdin as import("bun").FileSink;
      sink.write(encodeFrame(message));
      // a child that just died fails the flush asynchronously (EPIPE): its exit is handled elsewhere
      const flushed = sink.flush() as number | Promise<number>;
      if (flushed instanceof Promise) flushed.catch((error: Error) => this.remember(`write: ${error.message}`));
    } catch (error) {
      this.remember(`write: ${(error as Error).message}`);
    }
  }

  private failAll(error: Error): void {
    for (const waiter of this.pending.values()) {
      clearTimeout(waiter.timer);
      waiter.reject(error);
    }
    this.pending.clear();
  }

  request<T = unknown>(method: string, params: unknown, timeoutMs: number): Promise<T> {
    if (!this.alive) return Promise.reject(new EngineError(`the TypeScript engine ${this.exitDescription ?? "was stopped"}`, true));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new EngineError(`the TypeScript engine did not answer ${method} within ${Math.round(timeoutMs / 1000)}s, its limit for one request`, false));
      }, timeoutMs);
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, timer });
      this.write({ jsonrpc: "2.0", id, method, params });
    });
  }

  notify(method: string, params: unknown): void {
    this.write({ jsonrpc: "2.0", method, params });
  }

  kill(): void {
    if (!this.alive) return;
    this.killed = true;
    try {
      this.child.kill("SIGKILL");
    } catch {
      // already gone
    }
  }

  /** Ask the server to shut down; kill it if it does not within `graceMs`. */
  async stop(graceMs = 1000): Promise<void> {
    if (!this.alive) return;
    const timer = setTimeout(() => this.kill(), graceMs);
    try {
      await this.request("shutdown", null, graceMs);
      this.notify("exit", null);
    } catch {
      this.kill();
    }
    await this.exited;
    clearTimeout(timer);
  }
}
