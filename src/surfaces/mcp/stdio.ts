// The MCP stdio transport: newline-delimited JSON-RPC on stdin/stdout. Unlike the SDK's, it
// never goes silent on bad input — every line gets an answer and the server keeps serving:
// - a line that is not JSON gets a JSON-RPC parse error (-32700);
// - JSON that is not a JSON-RPC message gets invalid request (-32600);
// - a line over MAX_LINE_BYTES is dropped as it streams in (never buffered whole), named on
//   stderr and answered with -32600 under the request's id when its head carries one;
// - an error the SDK builds from a schema failure (a multi-line zod issue dump, sent as
//   -32603 internal error) goes out as -32602 invalid params with one line naming the field;
// - a tools/call the SDK would refuse for its shape (arguments that are no object, a name that
//   is no string) is answered by the server's `screen` the way svc answers any bad call.

import { JSONRPCMessageSchema, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { jsonRpcError } from "../../errors.ts";

/** The longest accepted line: well above the largest request the caps allow (8 MiB of apply content, JSON-escaped). */
export const MAX_LINE_BYTES = 64 * 1024 * 1024;
const HEAD_BYTES = 512;

type Id = string | number | null;

function idIn(head: string): Id {
  const m = /"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.){0,200}")/.exec(head);
  if (!m) return null;
  try {
    return JSON.parse(m[1] as string) as string | number;
  } catch {
    return null;
  }
}

function errorReply(id: Id, code: number, message: string): JSONRPCMessage {
  return { jsonrpc: "2.0", id, error: { code, message } } as unknown as JSONRPCMessage; // prefixed as it goes out (rewrite)
}

/** A zod issue list (the SDK's schema failures) as one line, or null when the message is not one. */
export function condenseIssues(message: string): string | null {
  const start = message.indexOf("[");
  if (start === -1 || !message.includes('"code"')) return null;
  let issues: Array<{ path?: unknown[]; message?: string }>;
  try {
    issues = JSON.parse(message.slice(start));
  } catch {
    return null;
  }
  if (!Array.isArray(issues) || issues.length === 0) return null;
  const lines = issues.slice(0, 5).map((i) => `${Array.isArray(i.path) && i.path.length ? `${i.path.join(".")}: ` : ""}${String(i.message ?? "invalid")}`);
  const prefix = message.slice(0, start).trim().replace(/:$/, "");
  return `Invalid params${prefix ? ` (${prefix})` : ""}: ${lines.join("; ")}`;
}

export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** Answers a message the server's SDK would refuse in its own words (see call-shape.ts), or passes it on. */
  screen?: (message: JSONRPCMessage) => { reply: JSONRPCMessage } | { pass: JSONRPCMessage };
  private chunks: Buffer[] = [];
  private size = 0;
  /** While dropping an over-long line: its head (for the id) and how many bytes went. */
  private dropping: { head: string; bytes: number } | null = null;
  private closed = false;

  constructor(
    private readonly input: NodeJS.ReadableStream = process.stdin,
    private readonly output: NodeJS.WritableStream = process.stdout,
    private readonly log: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
    private readonly maxLineBytes = MAX_LINE_BYTES,
  ) {}

  private readonly onData = (chunk: Buffer | string): void => {
    let buf = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    for (;;) {
      const nl = buf.indexOf(10);
      if (this.dropping) {
        this.dropping.bytes += nl === -1 ? buf.length : nl;
        if (nl === -1) return;
        this.finishDrop();
        buf = buf.subarray(nl + 1);
        continue;
      }
      if (nl === -1) {
        this.chunks.push(buf);
        this.size += buf.length;
        if (this.size > this.maxLineBytes) {
          const all = Buffer.concat(this.chunks);
          this.dropping = { head: all.subarray(0, HEAD_BYTES).toString("utf8"), bytes: all.length };
          this.chunks = [];
          this.size = 0;
        }
        return;
      }
      this.chunks.push(buf.subarray(0, nl));
      const line = Buffer.concat(this.chunks).toString("utf8").replace(/\r$/, "");
      this.chunks = [];
      this.size = 0;
      buf = buf.subarray(nl + 1);
      this.handleLine(line);
    }
  };

  private finishDrop(): void {
    const { head, bytes } = this.dropping as { head: string; bytes: number };
    this.dropping = null;
    const mib = this.maxLineBytes / (1024 * 1024);
    const limit = Number.isInteger(mib) ? `${mib} MiB` : `${this.maxLineBytes}-byte`;
    this.log(`svc mcp: dropped an input line of ${bytes} bytes: over the ${limit} limit of one message (the server keeps serving)`);
    void this.send(errorReply(idIn(head), -32600, `Invalid Request: the message is ${bytes} bytes, over the ${limit} limit of one line`));
  }

  private handleLine(line: string): void {
    if (line.trim() === "") return;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch (error) {
      this.log(`svc mcp: an input line is not JSON (${line.length} characters): answered with a parse error`);
      void this.send(errorReply(null, -32700, `Parse error: not JSON (${(error as Error).message.split("\n")[0]?.slice(0, 120)})`));
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(json);
    if (!parsed.success) {
      const id = json && typeof json === "object" && "id" in json ? ((json as { id: unknown }).id as Id) : null;
      void this.send(errorReply(typeof id === "string" || typeof id === "number" ? id : null, -32600, "Invalid Request: not a JSON-RPC 2.0 message (jsonrpc, method or result/error, id)"));
      return;
    }
    const screened = this.screen?.(parsed.data) ?? { pass: parsed.data };
    if ("reply" in screened) void this.send(screened.reply);
    else this.onmessage?.(screened.pass);
  }

  /** A last message without its newline still counts when the input ends. */
  private readonly onEnd = (): void => {
    if (this.dropping) return this.finishDrop();
    if (this.size === 0 && this.chunks.length === 0) return;
    const line = Buffer.concat(this.chunks).toString("utf8").replace(/\r$/, "");
    this.chunks = [];
    this.size = 0;
    this.handleLine(line);
  };

  private readonly onError = (error: Error): void => {
    this.onerror?.(error);
  };

  async start(): Promise<void> {
    this.input.on("data", this.onData);
    this.input.on("end", this.onEnd);
    this.input.on("error", this.onError);
  }

  send(message: JSONRPCMessage): Promise<void> {
    const out = this.rewrite(message);
    return new Promise((resolve) => {
      if (this.closed) return resolve();
      if (this.output.write(`${JSON.stringify(out)}\n`)) resolve();
      else this.output.once("drain", () => resolve());
    });
  }

  /**
   * Every error goes out as one prefixed line with its prefix in data (errors.ts jsonRpcError): the transport's own, the
   * SDK's (`Method not found`, a request before initialize) and the server's. A schema failure the SDK reports as an
   * internal error is the client's bad params: one line, -32602.
   */
  private rewrite(message: JSONRPCMessage): JSONRPCMessage {
    const error = (message as { error?: { code: number; message: string } }).error;
    if (!error || typeof error !== "object") return message;
    const text = typeof error.message === "string" ? error.message : "";
    const condensed = condenseIssues(text);
    return { ...message, error: condensed ? jsonRpcError(-32602, condensed) : jsonRpcError(typeof error.code === "number" ? error.code : -32603, text || "unexpected failure") } as JSONRPCMessage;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.input.off("data", this.onData);
    this.input.off("end", this.onEnd);
    this.input.off("error", this.onError);
    if (this.input.listenerCount("data") === 0) (this.input as NodeJS.ReadStream).pause?.();
    this.chunks = [];
    this.onclose?.();
  }
}
