// `svc mcp serve`: a stdio MCP server whose tools are generated from the registry. Tool
// errors come back as results with isError and the prefixed message; protocol errors are
// only for protocol problems (an unknown tool). stdout carries nothing but the protocol.

import { resolve } from "node:path";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { answerBudget, errorBudget, invoke, rejectUnknownParams, validateRequest } from "../../engine.ts";
import { asSvcError, type SvcError } from "../../errors.ts";
import { tokenCounter } from "../../text/tokens.ts";
import { VERSION } from "../../version.ts";
import { ensureHost } from "../../host/spawn.ts";
import { assertAllowed, inside, withAllowedRoots } from "../../workspace/allowed.ts";
import { resolveWorkspace } from "../../workspace/root.ts";
import { fitError, plainErrorShape, warningLines } from "../../render/fit.ts";
import { screenToolCall, unknownTool } from "./call-shape.ts";
import { INSTRUCTIONS } from "./instructions.ts";
import { ServedRoots, type ServeOptions } from "./roots.ts";
import type { OperationSpec } from "../../registry/spec.ts";
import { LineTransport } from "./stdio.ts";
import { mcpTools, type McpRoute, type McpTool } from "./tools.ts";

/** Clients commonly cap a tool result near this many tokens. */
const LARGE_ANSWER_TOKENS = 25_000;

function pickRoute(tool: McpTool, args: Record<string, unknown>): McpRoute {
  const routes = tool.routes;
  if (routes.size === 1 && routes.has("")) return routes.get("") as McpRoute;
  // validated as every parameter is (null is the default, ["map"] is a list, not map)
  const actions = [...routes.keys()];
  const { action } = validateRequest([{ name: "action", type: "enum", values: actions, default: actions[0], description: "" }], { action: args.action });
  return routes.get(action as string) as McpRoute;
}

/**
 * The engine refuses what the operation does not take; here, what this tool's action does not
 * take though the operation does (a multiplexed tool's schema is the union of its actions', a
 * binding may expose a subset): named as the client calls it.
 */
function checkKnown(tool: McpTool, route: McpRoute, args: Record<string, unknown>): void {
  const multiplexed = !(tool.routes.size === 1 && tool.routes.has(""));
  const known = [...(multiplexed ? ["action"] : []), ...route.params.map((p) => p.name)];
  const where = multiplexed ? `${tool.name} action=${route.binding.action ?? ""}` : tool.name;
  rejectUnknownParams(Object.keys(args), known, where);
}

/** A note on an answer too large for many clients: only for one with no budget (explicit maxTokens=0, unlimited where an operation allows it, is the one way past the default); an answer fitted to a budget has no room for it. */
async function largeAnswerNote(text: string, budget: number | null): Promise<string> {
  if (text.length < 60_000 || budget !== null) return "";
  const tokens = (await tokenCounter()).count(text);
  if (tokens <= LARGE_ANSWER_TOKENS) return "";
  return `<!-- svc: this answer is ~${(tokens / 1000).toFixed(1)}k tokens, more than the ~25k many clients accept; pass maxTokens to cap it (most relevant first). -->\n`;
}

/**
 * The engine's progress as MCP's: a step whose total is not known (a refactor's, a wait for another writer) says total
 * 0, sent without one; MCP's progress must increase, so a phase that counts from 0 again (a build's extraction, then its
 * semantic walk) continues from where the one before it ended; a value no greater than the last is not sent.
 */
export function mcpProgress(send: (params: { progress: number; total?: number; message?: string }) => void): (done: number, total: number, message?: string) => void {
  let offset = 0;
  let lastDone = 0;
  let lastTotal = 0;
  let sent = -1;
  return (done, total, message) => {
    if (done < lastDone) offset += Math.max(lastDone, lastTotal);
    lastDone = done;
    lastTotal = total;
    const progress = offset + done;
    if (progress <= sent) return;
    sent = progress;
    send({ progress, ...(total > 0 ? { total: offset + total } : {}), ...(message ? { message } : {}) });
  };
}

/** Calls still running: a client that closes stdin right after sending still gets its answers. */
const inFlight = new Set<Promise<unknown>>();

export function createMcpServer(served: ServedRoots = new ServedRoots({}, process.cwd())): Server {
  const tools = mcpTools();
  const byName = new Map(tools.map((t) => [t.name, t]));
  const server = new Server({ name: "svc", version: VERSION }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  served.follow(server);
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: tools.map((t) => ({
      name: t.name,
      title: t.title,
      description: t.description,
      inputSchema: t.inputSchema as { type: "object" },
      ...(t.outputSchema ? { outputSchema: t.outputSchema as { type: "object" } } : {}),
      annotations: t.annotations,
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, (request, extra) => {
    const work = callTool(request, extra);
    inFlight.add(work);
    const done = () => inFlight.delete(work);
    work.then(done, done);
    return work;
  });
  const callTool = async (request: { params: { name: string; arguments?: Record<string, unknown>; _meta?: { progressToken?: string | number } } }, extra: { signal: AbortSignal; sendNotification: (n: never) => Promise<void> }) => {
    const tool = byName.get(request.params.name);
    if (!tool) throw unknownTool(request.params.name, tools.map((t) => t.name));
    const args = (request.params.arguments ?? {}) as Record<string, unknown>;
    const progressToken = request.params._meta?.progressToken;
    try {
      const route = pickRoute(tool, args);
      try {
        checkKnown(tool, route, args);
      } catch (error) {
        throw await withinBudget(asSvcError(error), route.spec, args, served.cwd);
      }
      const { action: _action, ...rest } = args;
      const raw = { ...rest, ...route.binding.fixed };
      await served.ready();
      const cwd = served.cwd; // one for the whole call: the client's roots may change while it runs
      const instead = served.servingInstead; // the client's roots all refused: the answer says what it is about
      const insteadShort = served.servingInsteadShort;
      // the workspace this call is about must be one the server serves (every other path-valued parameter is held to it in confine)
      if (typeof raw.path === "string" || raw.path === undefined) {
        try {
          assertAllowed(resolve(cwd, (raw.path as string | undefined) || "."), served);
        } catch (error) {
          throw await withinBudget(asSvcError(error), route.spec, raw, cwd);
        }
      }
      const result = await withAllowedRoots(served, () => invoke(route.spec, raw, {
        cwd,
        surface: "mcp", // every MCP answer has a budget: maxTokens when given, else the engine's MCP default
        signal: extra.signal,
        longLived: true,
        ...(instead ? { notes: [insteadShort ? { text: instead, short: insteadShort } : instead] } : {}),
        progress:
          progressToken === undefined
            ? undefined
            : mcpProgress((params) => void extra.sendNotification({ method: "notifications/progress", params: { progressToken, ...params } } as never)),
      }));
      const text = `${await largeAnswerNote(result.text, answerBudget(route.spec, raw, { cwd, surface: "mcp" }))}${warningLines(result.warnings)}${result.text}`;
      return { content: [{ type: "text" as const, text }], structuredContent: result.data as Record<string, unknown> };
    } catch (error) {
      const svcError = asSvcError(error);
      if (svcError.prefix === "internal_error" && svcError.message !== "cancelled") process.stderr.write(`svc mcp: ${tool.name}: ${svcError.formatted}\n`);
      return { isError: true, content: [{ type: "text" as const, text: svcError.formatted }] };
    }
  };
  return server;
}

/**
 * A refusal made before the engine runs, held to the answer's budget as the engine holds its errors: a
 * workspace_not_allowed names the client's refused roots, each with why (hundreds of tokens under maxTokens=60).
 */
async function withinBudget(error: SvcError, spec: OperationSpec, raw: Record<string, unknown>, cwd: string): Promise<SvcError> {
  // a request that does not validate (the refusal may be that) is held to its budget parameter alone, as the engine holds its errors
  const budget = errorBudget(spec, raw, { cwd, surface: "mcp" });
  return budget === null ? error : fitError(error, budget, await tokenCounter(), plainErrorShape);
}

/** Share a warm host for the served git workspace (never for a plain folder such as a home directory, nor one the client's roots leave out). */
async function shareHost(served: ServedRoots): Promise<void> {
  await served.initialized;
  await served.ready();
  const ws = resolveWorkspace(".", served.cwd);
  if (!ws.isGit || !served.roots.some((root) => inside(root, ws.root))) return;
  const client = await ensureHost(ws.root);
  client?.close();
  // SVC_RESIDENT=1: this server holds its own live TypeScript workspace; load it now, not on the first question
  const { residentForRequest } = await import("../../semantic/resident.ts");
  await residentForRequest(ws.root, { longLived: true })?.ensureLoaded();
}

/** Serve MCP over stdio until the client disconnects. */
export async function serveMcp(options: ServeOptions = {}): Promise<number> {
  const served = new ServedRoots(options, process.cwd());
  const server = createMcpServer(served);
  void shareHost(served).catch(() => undefined);
  const transport = new LineTransport();
  const names = mcpTools().map((t) => t.name);
  transport.screen = (message) => screenToolCall(message, names);
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
  });
  await server.connect(transport);
  process.stdin.on("end", () => {
    // Requests read just before the end may not have reached a handler yet: close once
    // nothing has been in flight for a few ticks, so every answer is written first.
    let quiet = 0;
    const timer = setInterval(() => {
      quiet = inFlight.size === 0 ? quiet + 1 : 0;
      if (quiet >= 3) {
        clearInterval(timer);
        void server.close();
      }
    }, 20);
  });
  await closed;
  return 0;
}
