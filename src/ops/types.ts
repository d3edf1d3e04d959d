// The operation signature: a plain request object in, a result object out.

/** The surface a request came through (the engine takes its default budget from it). */
export type Surface = "cli" | "mcp" | "rpc";

export interface OpContext {
  /** Directory relative paths resolve against (the CLI's --cwd, the server's working directory). */
  cwd: string;
  signal?: AbortSignal;
  /** The serving process lives on (MCP server, host): cold builds run in-process instead of a detached `svc index`. */
  longLived?: boolean;
  /** This process is the workspace's host (it must not delegate to itself). */
  host?: boolean;
  /** Progress for long work (index, first load); surfaces decide whether to show it. */
  progress?: (done: number, total: number, message?: string) => void;
  /** The surface the request came through: the engine applies that surface's default budget (engine.ts DEFAULT_BUDGET). */
  surface?: Surface;
  /**
   * The client is shown the text alone (the CLI without --json prints the text and, on stderr,
   * the warnings; never the structured result): the answer's budget counts what is shown, so
   * room the unprinted structured result would take goes to content. Absent: the client
   * receives both (MCP's content and structuredContent, the host's RPC result, --json).
   */
  textOnly?: boolean;
  /** The text is shown on a terminal, its control characters escaped (`\x1b`, surfaces/cli/output.ts): the engine escapes it before the fit, so the budget counts what is shown. */
  terminal?: boolean;
  /** Notes the serving surface adds to this answer's warnings, fitted with it (an MCP client's declared roots svc refused: what the answer is about instead). */
  notes?: readonly SurfaceNote[];
  /** Run another operation by its engine name through the engine (validation, budgets); set by the engine, so operations need not import it. */
  invoke?: (op: string, request: Record<string, unknown>) => Promise<OpResult>;
}

/** A surface's note: its text, or its text with a short form said when the whole does not fit the budget (it keeps the meaning: "not your declared root: about <workspace>"). */
export type SurfaceNote = string | { text: string; short: string };

export interface OpResult<D extends object = Record<string, unknown>> {
  /** The rendering agents and humans read. */
  text: string;
  /** The structured result (MCP structuredContent, CLI --json). */
  data: D;
  /** Non-fatal notes for stderr (CLI) or a leading note (MCP); never part of `text`. */
  warnings?: string[];
  /** CLI only: the exit code when it is not 0 (`svc gate` exits 1 while introduced errors remain). */
  exitCode?: number;
  /** CLI only: print `text` on stderr instead of stdout (the listing of a failing gate). */
  textToStderr?: boolean;
  /**
   * Files the answer quotes from without their context (absolute paths): the output path takes
   * the secrets found in each whole file out of every string (a test runner's `Received: "…"`
   * quotes a value without the name beside it in the source). Never shown: the engine drops it.
   */
  secretSources?: string[];
}
