// The engine API: every operation by name, each taking a plain request object and
// returning a result object. Requests are validated against the registry's parameter
// specifications here, once, for every surface; budgets are enforced here, once, on the
// whole answer (see render/fit.ts).

import { asSvcError } from "./errors.ts";
import type { OpContext, OpResult } from "./ops/types.ts";
import { operation, type OperationSpec } from "./registry.ts";
import { fitAnswer } from "./render/fit.ts";
import { tokenCounter } from "./text/tokens.ts";
import { validateRequest, type ParamLabel } from "./validate.ts";

/** The hard token budget of a request: maxTokens (or ask's tokenBudget) when set, else the surface's cap for operations without one. */
export function budgetOf(spec: OperationSpec, request: Record<string, unknown>, ctx: OpContext): number | null {
  for (const name of ["maxTokens", "tokenBudget"]) {
    if (!spec.params.some((p) => p.name === name)) continue;
    const value = request[name];
    return typeof value === "number" && value > 0 ? value : null;
  }
  return ctx.answerBudget ?? null;
}

export async function invoke(
  spec: OperationSpec,
  raw: Record<string, unknown>,
  ctx: OpContext,
  label?: ParamLabel,
): Promise<OpResult> {
  try {
    const request = validateRequest(spec.params, raw, label);
    const run = await spec.load();
    const result = await run(request, ctx.invoke ? ctx : { ...ctx, invoke: (op, req) => invoke(operation(op), req, ctx) });
    const budget = budgetOf(spec, request, ctx);
    if (budget === null) return result;
    const hasBudgetParam = spec.params.some((p) => p.name === "maxTokens" || p.name === "tokenBudget");
    const hint = hasBudgetParam ? "raise maxTokens or narrow the request" : "narrow the request (path, limit, a more specific query)";
    const required = (spec.output?.required as string[] | undefined) ?? [];
    return fitAnswer(result, budget, await tokenCounter(), { hint, required });
  } catch (error) {
    throw asSvcError(error);
  }
}

/** Call an operation by its engine name (tests, scripts, the host). */
export function call(op: string, raw: Record<string, unknown>, ctx: Partial<OpContext> = {}): Promise<OpResult> {
  return invoke(operation(op), raw, { cwd: process.cwd(), ...ctx });
}
