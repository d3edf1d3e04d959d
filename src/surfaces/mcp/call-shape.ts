// The shape of a tools/call the SDK would refuse before svc sees it: a name that is no string,
// or `arguments` that are no object (an array, a string, a number). The SDK answers those with
// its own zod wording; svc answers as it does every other bad call: an unknown tool is a
// protocol error (-32602) with one prefixed line, and arguments of the wrong shape for a tool
// it has are that tool's validation_error, an isError result like any other invalid parameter.
// `arguments: null` is no arguments, as null is the default of every parameter.

import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { ErrorCode } from "@modelcontextprotocol/sdk/types.js";
import { clipInput, validationError } from "../../errors.ts";

/**
 * The protocol error for a tool this server does not have (-32602, as MCP asks): one prefixed line
 * on the wire. Not an McpError, whose message already carries "MCP error -32602: " — the SDK's
 * client adds that prefix again when it rebuilds the error, so the client read it twice.
 */
export function unknownTool(name: unknown, known: readonly string[]): Error & { code: number; data: { prefix: string; message: string } } {
  const error = validationError(`unknown tool '${clipInput(name)}'. Valid tools: ${known.join(", ")}`);
  return Object.assign(new Error(error.formatted), { code: ErrorCode.InvalidParams, data: { prefix: error.prefix, message: error.message } });
}

function kindOf(value: unknown): string {
  if (Array.isArray(value)) return "an array";
  return typeof value === "string" ? "a string" : typeof value === "number" ? "a number" : typeof value === "boolean" ? "a boolean" : typeof value;
}

/**
 * A tools/call message the SDK would refuse for its shape, answered the svc way (`reply`), or
 * the message to pass on (`pass`: `arguments: null` dropped).
 */
export function screenToolCall(message: JSONRPCMessage, known: readonly string[]): { reply: JSONRPCMessage } | { pass: JSONRPCMessage } {
  const request = message as { method?: unknown; id?: string | number; params?: { name?: unknown; arguments?: unknown } };
  if (request.method !== "tools/call" || request.id === undefined || typeof request.params !== "object" || request.params === null) return { pass: message };
  const { name, arguments: args } = request.params;
  if (args === null) {
    const { arguments: _null, ...params } = request.params;
    return { pass: { ...message, params } as JSONRPCMessage };
  }
  const argsOk = args === undefined || (typeof args === "object" && !Array.isArray(args));
  if (typeof name === "string" && argsOk) return { pass: message }; // the server's handler takes it from here (an unknown tool too)
  if (typeof name !== "string" || !known.includes(name)) {
    const error = unknownTool(name, known);
    return { reply: { jsonrpc: "2.0", id: request.id, error: { code: error.code, message: error.message, data: error.data } } as JSONRPCMessage };
  }
  const error = validationError(`${name} takes its arguments as an object of named parameters, not ${kindOf(args)}`);
  return { reply: { jsonrpc: "2.0", id: request.id, result: { content: [{ type: "text", text: error.formatted }], isError: true } } as JSONRPCMessage };
}
