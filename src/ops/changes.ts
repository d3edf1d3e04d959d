// svc changes / svc_changes: files changed since a git ref plus first-degree dependents.

import { planChanges } from "../plan/changes.ts";
import type { FusionData } from "../render/fusion.ts";
import type { Level } from "../render/reduce/index.ts";
import { runFusion, type FusionRequest } from "./fusion.ts";
import type { OpContext, OpResult } from "./types.ts";

export interface ChangesRequest extends FusionRequest {
  changedSince: string;
  includeDependents: boolean;
  review: boolean;
  level: Level;
}

export function changes(request: ChangesRequest, ctx: OpContext): Promise<OpResult<FusionData>> {
  return runFusion(request, ctx, {
    level: request.level,
    plan: (c) => planChanges(c, { changedSince: request.changedSince, includeDependents: request.includeDependents, review: request.review, level: request.level, surface: ctx.surface }),
  });
}
