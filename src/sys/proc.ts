// The one wrapper every external process goes through: array arguments (no shell),
// a timeout, a cap on captured output, stderr kept for the error message.

import { untilDone } from "./on-exit.ts";

export interface RunOptions {
  cwd: string;
  timeoutMs?: number;
  maxOutputBytes?: number;
  stdin?: string | Uint8Array;
  env?: Record<string, string | undefined>;
  /**
   * Run it as the leader of its own process group and kill the whole group when it exits or
   * times out: what it started in the background (test workers, servers) never outlives it
   * nor holds its output open.
   */
  group?: boolean;
}

export interface RunResult {
  exitCode: number;
  stdout: Uint8Array;
  stderr: string;
  timedOut: boolean;
  truncated: boolean;
}

export class ProcessError extends Error {
  constructor(
    message: string,
    readonly result?: RunResult,
  ) {
    super(message);
    this.name = "ProcessError";
  }
}

async function readCapped(stream: ReadableStream<Uint8Array>, max: number): Promise<{ bytes: Uint8Array; truncated: boolean }> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  for await (const chunk of stream) {
    if (size + chunk.byteLength > max) {
      chunks.push(chunk.subarray(0, max - size));
      size = max;
      truncated = true;
      continue; // keep draining so the child never blocks on a full pipe
    }
    if (!truncated) {
      chunks.push(chunk);
      size += chunk.byteLength;
    }
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    bytes.set(c, offset);
    offset += c.byteLength;
  }
  return { bytes, truncated };
}

/** Run a program; resolves with its result (never throws for a non-zero exit; throws ProcessError when it cannot start). */
export async function run(argv: string[], options: RunOptions): Promise<RunResult> {
  const max = options.maxOutputBytes ?? 64 * 1024 * 1024;
  let child: ReturnType<typeof Bun.spawn>;
  try {
    child = Bun.spawn(argv, {
      cwd: options.cwd,
      stdin: options.stdin === undefined ? "ignore" : new Blob([options.stdin]),
      stdout: "pipe",
      stderr: "pipe",
      env: options.env ? { ...process.env, ...options.env } : process.env,
      detached: options.group === true,
    });
  } catch (error) {
    throw new ProcessError(`cannot run ${argv[0]}: ${(error as Error).message}`);
  }
  const kill = () => {
    if (!options.group) return child.kill("SIGKILL");
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      // the group is already gone
    }
  };
  // svc stopped by a signal while this group runs: the group goes with it
  const done = options.group ? untilDone(kill) : () => {};
  let timedOut = false;
  const timer = options.timeoutMs
    ? setTimeout(() => {
        timedOut = true;
        kill();
      }, options.timeoutMs)
    : undefined;
  try {
    const [out, err, exitCode] = await Promise.all([
      readCapped(child.stdout as ReadableStream<Uint8Array>, max),
      readCapped(child.stderr as ReadableStream<Uint8Array>, 1024 * 1024),
      child.exited.then((code) => {
        if (options.group) kill(); // what it left running would hold the pipes open
        return code;
      }),
    ]);
    return {
      exitCode,
      stdout: out.bytes,
      stderr: new TextDecoder().decode(err.bytes),
      timedOut,
      truncated: out.truncated,
    };
  } finally {
    if (timer) clearTimeout(timer);
    done();
  }
}

/** Run and return stdout as text; a non-zero exit or timeout throws ProcessError with the first stderr line. */
export async function runText(argv: string[], options: RunOptions): Promise<string> {
  const result = await run(argv, options);
  if (result.timedOut) throw new ProcessError(`${argv[0]} timed out after ${options.timeoutMs} ms`, result);
  if (result.exitCode !== 0) {
    const line = result.stderr.trim().split("\n")[0] || `${argv[0]} exited with code ${result.exitCode}`;
    throw new ProcessError(line, result);
  }
  return new TextDecoder().decode(result.stdout);
}
