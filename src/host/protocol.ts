// The host's protocol constants and JSON-RPC error codes.

/** Bumped on any change to a method's params or result. */
export const PROTOCOL_VERSION = 4;

export const RPC = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  operationError: -32000,
  /** The request was cancelled (svc/cancel, or its connection closed) before it finished: nothing of it is the answer (LSP's RequestCancelled). */
  requestCancelled: -32800,
} as const;

export const BAD_TOKEN = "Invalid or missing session token.";
export const BAD_ROOT = "Root does not match the served root.";

export interface RpcRequest {
  jsonrpc: "2.0";
  id?: string | number | null;
  method: string;
  params?: Record<string, unknown>;
}

/**
 * Long operations over the socket (host-rpc.md "Progress and cancellation"): a request whose params carry
 * `progress: true` gets `svc/progress` notifications `{id, done, total, message?}` (its own id; total 0 = not known)
 * while it runs; a client sends the notification `svc/cancel` `{sessionToken, id}` to stop a request of its own
 * connection, which then answers RPC.requestCancelled. A connection that closes cancels what it still waited for.
 */
export const PROGRESS_METHOD = "svc/progress";
export const CANCEL_METHOD = "svc/cancel";

export interface ProgressParams {
  id: string | number;
  done: number;
  total: number;
  message?: string;
}
