// The engine API: every operation by name, each taking a plain request object and
// returning a result object. Requests are validated against the registry's parameter
// specifications here, once, for every surface.

import { asSvcError } from "./errors.ts";
import type { OpContext, OpResult } from "./ops/types.ts";
import { operation, type OperationSpec } from "./registry.ts";
import { validateRequest, type ParamLabel } from "./validate.ts";

export async function invoke(
  spec: OperationSpec,
  raw: Record<string, unknown>,
  ctx: OpContext,
  label?: ParamLabel,
): Promise<OpResult> {
  try {
    const request = validateRequest(spec.params, raw, label);
    const run = await spec.load();
    return await run(request, ctx);
  } catch (error) {
    throw asSvcError(error);
  }
}

/** Call an operation by its engine name (tests, scripts, the host). */
export function call(op: string, raw: Record<string, unknown>, ctx: Partial<OpContext> = {}): Promise<OpResult> {
  return invoke(operation(op), raw, { cwd: process.cwd(), ...ctx });
}
