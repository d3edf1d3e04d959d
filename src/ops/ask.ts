// svc ask / svc_ask: a task and a token budget in; the strategy is chosen from the task.

import { validationError } from "../errors.ts";
import { planAsk } from "../plan/ask.ts";
import type { ExclusionFilter } from "../plan/collect.ts";
import type { Format } from "../render/format.ts";
import type { FusionData } from "../render/fusion.ts";
import { runFusion } from "./fusion.ts";
import type { OpContext, OpResult } from "./types.ts";

export interface AskRequest extends ExclusionFilter {
  path: string;
  task: string;
  tokenBudget: number;
  format: Format;
}

const shellWord = (s: string) => (/^[\w./@+:=-]+$/.test(s) ? s : `'${s.replace(/'/g, "'\\''")}'`);

/** The call that fetches one file at ask's level, in the terms of the surface the request came through (CLI flags on the CLI, tool parameters over MCP and RPC); `common`: the arguments every such call shares (the workspace path: the root when ask was asked of a folder inside it, as the map's paths are root-relative). */
export function fetchCall(surface: OpContext["surface"], path: string): { next: (file: string) => string; common: string } {
  const here = path === "." || path === "";
  if (surface === "cli") return { next: (file) => `svc reduce --files ${shellWord(file)}`, common: here ? "" : ` --path ${shellWord(path)}` };
  return { next: (file) => `svc_reduce files=${JSON.stringify([file])}`, common: here ? "" : ` path=${JSON.stringify(path)}` };
}

export function ask(request: AskRequest, ctx: OpContext): Promise<OpResult<FusionData>> {
  if (!request.task.trim()) throw validationError("task must describe what you need");
  // notes name the budget as the caller passes it: the CLI flag on the CLI, the parameter elsewhere
  return runFusion({ ...request, maxTokens: request.tokenBudget, budgetParam: ctx.surface === "cli" ? "--budget" : "tokenBudget", trackTopTokenFiles: false }, ctx, {
    level: "standard",
    plan: (c) => planAsk(c, { task: request.task, budget: request.tokenBudget, fetch: (ws) => fetchCall(ctx.surface, ws.relDir === "" ? request.path : ws.root) }),
  });
}
