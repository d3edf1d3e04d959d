// The engine API: every operation by name, each taking a plain request object and
// returning a result object. Requests are validated against the registry's parameter
// specifications here, once, for every surface; every answer is redacted here, then fitted
// to its budget, once, on the whole redacted answer (render/redact-output.ts, render/fit.ts):
// a surface writes what `invoke` returns, so no operation and no surface can skip either,
// and a redaction marker longer than the secret it replaces cannot push an answer over.

import { asSvcError, SvcError } from "./errors.ts";
import type { OpContext, OpResult, Surface, SurfaceNote } from "./ops/types.ts";
import { operation, type OperationSpec } from "./registry/index.ts";
import { fitAnswer, fitError, plainErrorShape, rpcErrorShape } from "./render/fit.ts";
import { redactResult, redactText, typedSecrets, withoutTyped } from "./render/redact-output.ts";
import { holdingSessionRecords } from "./render/session.ts";
import { whyEmpty } from "./render/why-empty.ts";
import { takeStoreNotices } from "./store/provenance.ts";
import { jsonEscapeBidi } from "./text/bidi.ts";
import { escapeControls, escapeShown } from "./text/control-chars.ts";
import { tokenCounter } from "./text/tokens.ts";
import { NOTHING_REMEMBERED, type Remembered } from "./text/remembered-secrets.ts";
import { rememberedAt } from "./text/remembered-at.ts";
import { resolveWorkspace } from "./workspace/root.ts";
import { plainLabel, validateRequest, type ParamLabel } from "./validate.ts";

/** The host logs each store it sets aside (its replies carry data alone). */
export { onStoreNotice } from "./store/provenance.ts";

/** For MCP, whose multiplexed tools take fewer parameters per action than the operation behind them: a parameter a call does not take is refused, never ignored; the `action` that picks the operation is validated as every parameter is. */
export { rejectUnknownParams, validateRequest, type ParamLabel } from "./validate.ts";

/** The call as its caller named it, for the message refusing a parameter it does not take: the CLI command, the RPC method, else the operation. */
function callName(spec: OperationSpec, ctx: OpContext): string {
  if (ctx.surface === "cli" && spec.cli) return `svc ${spec.cli.command}`;
  if (ctx.surface === "rpc" && spec.rpc?.[0]) return spec.rpc[0];
  return spec.op;
}

/** The request validated against the operation's parameters (unknown keys refused), with the surface's default budget. */
function validated(spec: OperationSpec, raw: Record<string, unknown>, ctx: OpContext, label?: ParamLabel): Record<string, unknown> {
  return validateRequest(spec.params, withDefaultBudget(spec, raw, ctx), label, callName(spec, ctx), ctx.surface === "mcp" || ctx.surface === "rpc");
}

/**
 * The budget of an answer whose request sets none, per surface — the one place it is
 * decided. MCP clients reject results near 25k tokens, so every MCP answer has one (tool
 * descriptions and schemas state this value); the CLI and the host's RPC keep each
 * operation's own default (none for most).
 */
export const DEFAULT_BUDGET = { cli: null, mcp: 20_000, rpc: null } as const satisfies Record<Surface, number | null>;

function surfaceBudget(ctx: OpContext): number | null {
  return ctx.surface ? DEFAULT_BUDGET[ctx.surface] : null;
}

/** The request with the surface's default budget as maxTokens when it sets none — absent or null, as validation reads them (the operation packs to it; an explicit 0 stays unlimited where the operation allows it). */
export function withDefaultBudget(spec: OperationSpec, raw: Record<string, unknown>, ctx: OpContext): Record<string, unknown> {
  const budget = surfaceBudget(ctx);
  if (budget === null || (raw.maxTokens !== undefined && raw.maxTokens !== null) || !spec.params.some((p) => p.name === "maxTokens")) return raw;
  return { ...raw, maxTokens: budget };
}

/** The parameters that set an answer's budget (ask's is tokenBudget). */
const BUDGET_PARAMS = ["maxTokens", "tokenBudget"] as const;

/** The hard token budget of a request: maxTokens (or ask's tokenBudget) when set, else the surface's default for operations without one. */
export function budgetOf(spec: OperationSpec, request: Record<string, unknown>, ctx: OpContext): number | null {
  for (const name of BUDGET_PARAMS) {
    if (!spec.params.some((p) => p.name === name)) continue;
    const value = request[name];
    return typeof value === "number" && value > 0 ? value : null;
  }
  return surfaceBudget(ctx);
}

/** The budget a call's answer is fitted to (null: none), for a surface that prints the answer in its own form (the CLI's indented --json). */
export function answerBudget(spec: OperationSpec, raw: Record<string, unknown>, ctx: OpContext, label?: ParamLabel): number | null {
  return budgetOf(spec, validated(spec, raw, ctx, label), ctx);
}

/**
 * The budget an error is held to: the request's when it validates; when it does not (an unknown parameter, a bad value
 * beside `maxTokens=60`), its budget parameter's alone when that one is valid, else the surface's default — a refusal
 * listing every parameter the call takes is no reason to break the budget the caller set.
 */
export function errorBudget(spec: OperationSpec, raw: Record<string, unknown>, ctx: OpContext, label?: ParamLabel): number | null {
  try {
    return answerBudget(spec, raw, ctx, label);
  } catch {
    const own = spec.params.filter((p) => (BUDGET_PARAMS as readonly string[]).includes(p.name));
    try {
      const alone = Object.fromEntries(own.map((p) => [p.name, raw[p.name]]));
      return budgetOf(spec, validateRequest(own, withDefaultBudget(spec, alone, ctx), label), ctx);
    } catch {
      return surfaceBudget(ctx);
    }
  }
}

export async function invoke(
  spec: OperationSpec,
  raw: Record<string, unknown>,
  ctx: OpContext,
  label?: ParamLabel,
): Promise<OpResult> {
  let budget: number | null = null;
  try {
    const request = validated(spec, raw, ctx, label);
    budget = budgetOf(spec, request, ctx);
    const run = await spec.load();
    const { value, deliver } = await holdingSessionRecords(async () => {
      const result = await run(request, opContext(ctx));
      const remembered = rememberedFor(request, ctx); // read after the run: what it indexed is remembered too
      return redactResult(withNotes(withStoreNotices(result), ctx.notes), remembered, typedSecrets(typedWords(spec, request), remembered));
    });
    // every text shows bidi controls escaped (`\u{202E}`: Trojan Source; JSON text as JSON escapes them), a terminal control characters too (`\x1b`, four
    // characters for one): the fit counts that form
    const shown = { ...value, text: escapeShown(value.text, ctx.terminal === true) };
    const answer = await fitted(spec, shown, budget, ctx, label);
    // a call cancelled while it ran has no caller to answer: what it would have sent is not recorded as sent
    if (ctx.signal && !ctx.signal.aborted) await cancellationsRead();
    if (ctx.signal?.aborted) throw new SvcError("internal_error", "cancelled");
    deliver();
    return answer;
  } catch (error) {
    // an error is part of the answer: redacted as it is (an echoed query may be a value the index remembers), and held to
    // the budget too, as its surface carries it (the host's reply has the message twice)
    const bare = withoutRemembered(asSvcError(error), typedWords(spec, raw), ctx);
    const shown = withErrorNotes(bare, ctx.notes);
    const held = budget ?? errorBudget(spec, raw, ctx, label);
    if (held === null) throw shown;
    const shape = ctx.surface === "rpc" ? rpcErrorShape : plainErrorShape;
    const counter = await tokenCounter();
    const fit = fitError(shown, held, counter, shape);
    // the notes' short forms when the whole ones would be cut ("not your declared root: about <workspace>", not "[cut]")
    throw fit === shown ? shown : fitError(withErrorNotes(bare, ctx.notes, true), held, counter, shape);
  }
}

/** A store set aside while the call ran (it came with the repository: store/provenance.ts) is said in the answer's warnings. */
function withStoreNotices(result: OpResult): OpResult {
  const notices = takeStoreNotices();
  return notices.length ? { ...result, warnings: [...notices, ...(result.warnings ?? [])] } : result;
}

/** The surface's notes (OpContext.notes) lead the answer's warnings. */
function withNotes(result: OpResult, notes: readonly SurfaceNote[] | undefined): OpResult {
  return notes?.length ? { ...result, warnings: [...notes.map((n) => noteText(n)), ...(result.warnings ?? [])] } : result;
}

/** A surface note's text (`short`: its short form, when it has one). */
function noteText(note: SurfaceNote, short = false): string {
  return typeof note === "string" ? note : short ? note.short : note.text;
}

/** The short forms of the surface's notes, by their whole text. */
function shortForms(notes: readonly SurfaceNote[] | undefined): Map<string, string> {
  return new Map((notes ?? []).flatMap((n) => (typeof n === "string" ? [] : [[n.text, n.short] as [string, string]])));
}

/** An error says the surface's notes too (`symbol_not_found` in a workspace the caller did not mean), on its one line; a workspace_not_allowed names the refused roots itself. */
function withErrorNotes(error: SvcError, notes: readonly SurfaceNote[] | undefined, short = false): SvcError {
  if (!notes?.length || error.prefix === "workspace_not_allowed" || error.message === "cancelled") return error;
  return new SvcError(error.prefix, `${error.message} (${notes.map((n) => noteText(n, short)).join("; ")})`);
}

/** The parameters a caller types (a query, a symbol, a ref), not a file's content (`rawText`: its words are code, judged where they stand). */
function typedWords(spec: OperationSpec, request: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(request).filter(([name]) => !spec.params.find((p) => p.name === name)?.rawText));
}

/** `error` with every value the workspace's index remembers taken out of its message (`no declaration named '<value>'`), those `raw` holds wherever they stand. */
function withoutRemembered(error: SvcError, raw: Record<string, unknown>, ctx: OpContext): SvcError {
  const remembered = rememberedFor(raw, ctx);
  if (remembered.size) error.message = withoutTyped(error.message, remembered, typedSecrets(raw, remembered));
  return error;
}

/**
 * The secret values the index of the request's workspace remembers (text/remembered-secrets.ts), taken out of its
 * answer; none when the workspace cannot be resolved (the operation's own error says why) or has no index.
 */
function rememberedFor(request: Record<string, unknown>, ctx: OpContext): Remembered {
  try {
    return rememberedAt(resolveWorkspace(typeof request.path === "string" ? request.path : ".", ctx.cwd).root);
  } catch {
    return NOTHING_REMEMBERED;
  }
}

/**
 * One pass of the event loop's I/O: a cancellation the client sent while the call computed (an
 * MCP server reads its stdin only between turns, and an answer computed without yielding reads
 * nothing) is read before the answer goes out. Two turns: the first may be the one reading the
 * call itself.
 */
async function cancellationsRead(): Promise<void> {
  for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setImmediate(resolve));
}

/** The answer held to its budget (none: as it is). */
async function fitted(spec: OperationSpec, result: OpResult, budget: number | null, ctx: OpContext, label?: ParamLabel): Promise<OpResult> {
  if (budget === null) return result;
  // named as the caller passes it (`--max-tokens` on the CLI)
  const budgetSpec = spec.params.find((p) => (BUDGET_PARAMS as readonly string[]).includes(p.name));
  const budgetParam = budgetSpec ? (label ?? plainLabel)(budgetSpec) : undefined;
  const hint = budgetParam ? `raise ${budgetParam} or narrow the request` : (spec.overBudget ?? "narrow the request (path, limit, a more specific query)");
  const required = (spec.output?.required as string[] | undefined) ?? [];
  // the host's JSON-RPC reply and the CLI's --json carry the structured result alone
  const dataOnly = ctx.surface === "rpc" || (ctx.surface === "cli" && !ctx.textOnly);
  const counter = await tokenCounter();
  // the CLI's --json prints a bidi control as JSON's escape (`\u202E`, six characters for one): the fit counts that form
  const counted = ctx.surface === "cli" && dataOnly ? { id: counter.id, count: (t: string) => counter.count(jsonEscapeBidi(t)) } : counter;
  const reasons = whyEmpty(result.data);
  return fitAnswer(result, budget, counted, { hint, required, shortForms: shortForms(ctx.notes), ...(reasons.length ? { reasons } : {}), ...(budgetParam ? { budgetParam } : {}), ...(ctx.textOnly ? { textOnly: true } : {}), ...(dataOnly ? { dataOnly: true } : {}) });
}

/**
 * The context an operation runs with: nested calls go through the engine, progress messages
 * are redacted, and a cancelled call reports no more progress (its caller has stopped
 * listening: an MCP client rejects progress for a request it cancelled).
 */
function opContext(ctx: OpContext): OpContext {
  const progress = ctx.progress;
  return {
    ...ctx,
    // a nested call's answer is part of this one, which carries the surface's notes once
    invoke: ctx.invoke ?? ((op, req) => invoke(operation(op), req, { ...ctx, notes: undefined })),
    progress: progress && ((done, total, message) => {
      if (!ctx.signal?.aborted) progress(done, total, message === undefined ? undefined : escapeControls(redactText(message)));
    }),
  };
}

/** Call an operation by its engine name (tests, scripts, the host). */
export function call(op: string, raw: Record<string, unknown>, ctx: Partial<OpContext> = {}): Promise<OpResult> {
  return invoke(operation(op), raw, { cwd: process.cwd(), ...ctx });
}
