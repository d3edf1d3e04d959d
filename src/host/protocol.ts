// The host's protocol constants and JSON-RPC error codes.

/** Bumped on any change to a method's params or result. */
export const PROTOCOL_VERSION = 3;

export const RPC = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  operationError: -32000,
} as const;

export const BAD_TOKEN = "Invalid or missing session token.";
export const BAD_ROOT = "Root does not match the served root.";

export interface RpcRequest {
  jsonrpc: "2.0";
  id?: string | number | null;
  method: string;
  params?: Record<string, unknown>;
}
