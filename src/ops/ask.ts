// svc ask / svc_ask: a task and a token budget in; the strategy is chosen from the task.

import { validationError } from "../errors.ts";
import { planAsk } from "../plan/ask.ts";
import type { ExclusionFilter } from "../plan/collect.ts";
import type { Format } from "../render/format.ts";
import type { FusionData } from "../render/fusion.ts";
import { budgetName, fetchCall, noSignalNext } from "../render/surface-calls.ts";
import { runFusion } from "./fusion.ts";
import { warmTaskReads } from "./task-warm.ts";
import { resolveWorkspace } from "../workspace/root.ts";
import type { OpContext, OpResult } from "./types.ts";

export interface AskRequest extends ExclusionFilter {
  path: string;
  task: string;
  tokenBudget: number;
  format: Format;
}


export async function ask(request: AskRequest, ctx: OpContext): Promise<OpResult<FusionData>> {
  if (!request.task.trim()) throw validationError("task must describe what you need");
  const root = resolveWorkspace(request.path, ctx.cwd).root;
  warmTaskReads(root, ctx);
  // notes name the budget as the caller passes it: the CLI flag on the CLI, the parameter elsewhere
  const answer = await runFusion({ ...request, maxTokens: request.tokenBudget, budgetParam: budgetName(ctx.surface, "tokenBudget"), trackTopTokenFiles: false }, ctx, {
    level: "standard",
    plan: (c) => planAsk(c, { task: request.task, budget: request.tokenBudget, fetch: (ws) => fetchCall(ctx.surface, ws.relDir === "" ? request.path : ws.root), noSignalNext: noSignalNext(ctx.surface) }),
  });
  warmTaskReads(root, ctx);
  return answer;
}
