// JSON-RPC framing with LSP-style headers: `Content-Length: N\r\n\r\n<N bytes of UTF-8 JSON>`.
// The parser is incremental (bytes arrive in any split) and refuses oversized frames and
// malformed headers without buffering them.

export const MAX_FRAME_BYTES = 16 * 1024 * 1024;
const MAX_HEADER_BYTES = 1024;
const CRLFCRLF = [13, 10, 13, 10];

export class FrameError extends Error {}

export function encodeFrame(message: unknown): Uint8Array {
  const body = Buffer.from(JSON.stringify(message), "utf8");
  const header = Buffer.from(`Content-Length: ${body.byteLength}\r\n\r\n`, "ascii");
  return Buffer.concat([header, body]);
}

function indexOfHeaderEnd(buf: Uint8Array, from: number): number {
  outer: for (let i = from; i + 3 < buf.length; i++) {
    for (let k = 0; k < 4; k++) if (buf[i + k] !== CRLFCRLF[k]) continue outer;
    return i;
  }
  return -1;
}

export class FrameParser {
  private buffer: Buffer = Buffer.alloc(0);

  /** Feed bytes; returns the complete frame bodies (UTF-8 text). Throws FrameError on a bad header or an oversized frame. */
  push(chunk: Uint8Array): string[] {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : Buffer.from(chunk);
    const frames: string[] = [];
    for (;;) {
      const end = indexOfHeaderEnd(this.buffer, 0);
      // A line that is no header (a bare JSON line, text) is refused at once instead of waiting for a blank line.
      const nl = this.buffer.indexOf(10);
      if (nl !== -1 && (end === -1 || nl < end)) {
        const first = this.buffer.subarray(0, nl).toString("utf8").replace(/\r$/, "");
        if (!/^[A-Za-z-]+:/.test(first)) throw new FrameError(`Parse error: expected a 'Content-Length: N' header, got '${first.slice(0, 60)}'`);
      }
      if (end === -1) {
        if (this.buffer.length > MAX_HEADER_BYTES) throw new FrameError("header too long or missing");
        return frames;
      }
      const header = this.buffer.subarray(0, end).toString("ascii");
      let length = -1;
      for (const line of header.split("\r\n")) {
        const m = /^content-length:\s*(\d+)\s*$/i.exec(line);
        if (m) length = Number(m[1]);
        else if (!/^[A-Za-z-]+:\s*.*$/.test(line)) throw new FrameError(`malformed header line '${line.slice(0, 60)}'`);
      }
      if (length < 0) throw new FrameError("missing Content-Length header");
      if (length > MAX_FRAME_BYTES) throw new FrameError(`frame of ${length} bytes exceeds the ${MAX_FRAME_BYTES}-byte limit`);
      const start = end + 4;
      if (this.buffer.length < start + length) return frames;
      frames.push(this.buffer.subarray(start, start + length).toString("utf8"));
      this.buffer = this.buffer.subarray(start + length);
    }
  }
}
