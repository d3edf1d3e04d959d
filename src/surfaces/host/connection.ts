// One client connection of the host: incremental frame parsing and a write queue that
// never drops bytes (Bun's socket.write may accept only part of a large message; the rest
// is flushed on drain).

import type { Socket } from "bun";
import { encodeFrame, FrameError, FrameParser } from "../../host/framing.ts";

export interface ConnectionHandlers {
  onMessage(conn: Connection, message: unknown): void;
  onProtocolError(conn: Connection, code: number, message: string): void;
}

export class Connection {
  private readonly parser = new FrameParser();
  private queue: Uint8Array[] = [];
  private closing = false;
  closed = false;
  /** Requests taken and not yet answered, and whether the client has finished sending (a half-close). */
  private working = 0;
  private peerEnded = false;
  /** The requests of this connection still running, by id: what svc/cancel and a closed connection stop. */
  private readonly running = new Map<string | number, AbortController>();

  constructor(
    readonly socket: Socket<unknown>,
    private readonly handlers: ConnectionHandlers,
  ) {}

  receive(chunk: Uint8Array): void {
    if (this.closing) return;
    let frames: string[];
    try {
      frames = this.parser.push(chunk);
    } catch (error) {
      this.handlers.onProtocolError(this, -32700, error instanceof FrameError ? error.message : "bad frame");
      return;
    }
    for (const text of frames) {
      let message: unknown;
      try {
        message = JSON.parse(text);
      } catch {
        this.handlers.onProtocolError(this, -32700, "Parse error: invalid JSON");
        return;
      }
      this.handlers.onMessage(this, message);
      if (this.closing) return;
    }
  }

  send(message: unknown): void {
    if (this.closed) return;
    this.queue.push(encodeFrame(message));
    this.flush();
  }

  /** Send what is queued, then close. */
  sendAndClose(message: unknown): void {
    this.send(message);
    this.closing = true;
    if (this.queue.length === 0) this.socket.end();
  }

  /** A request is being answered: a half-closed connection stays open for its reply. */
  begin(): void {
    this.working++;
  }

  done(): void {
    this.working--;
    this.closeWhenAnswered();
  }

  /** The client finished sending (a half-close): close once every request it sent is answered, or the connection lingers for good. */
  ended(): void {
    this.peerEnded = true;
    this.closeWhenAnswered();
  }

  private closeWhenAnswered(): void {
    if (!this.peerEnded || this.working > 0 || this.closing || this.closed) return;
    this.closing = true;
    if (this.queue.length === 0) this.socket.end();
  }

  /** A request starts: the signal its operation runs with (aborted by cancel or by this connection closing). */
  track(id: string | number | null | undefined): AbortSignal {
    const controller = new AbortController();
    if (this.closed) controller.abort("its connection closed");
    else if (id !== undefined && id !== null) this.running.set(id, controller);
    return controller.signal;
  }

  untrack(id: string | number | null | undefined, signal: AbortSignal): void {
    if (id === undefined || id === null) return;
    if (this.running.get(id)?.signal === signal) this.running.delete(id);
  }

  /** svc/cancel: stop this connection's request `id`; false when it runs none by that id (finished, or never sent). */
  cancel(id: unknown): boolean {
    const controller = typeof id === "string" || typeof id === "number" ? this.running.get(id) : undefined;
    controller?.abort("svc/cancel");
    return controller !== undefined;
  }

  /** The connection closed: nobody waits for what it still runs. */
  abortAll(): void {
    for (const controller of this.running.values()) controller.abort("its connection closed");
    this.running.clear();
  }

  flush(): void {
    while (this.queue.length > 0 && !this.closed) {
      const head = this.queue[0] as Uint8Array;
      const written = this.socket.write(head);
      if (written < 0) return;
      if (written < head.byteLength) {
        this.queue[0] = head.subarray(written);
        return; // wait for drain
      }
      this.queue.shift();
    }
    if (this.closing && this.queue.length === 0 && !this.closed) this.socket.end();
  }
}
