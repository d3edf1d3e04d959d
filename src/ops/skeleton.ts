// svc skeleton / svc_skeleton: every collected file as signatures only.

import type { OpContext, OpResult } from "./types.ts";
import { runFusion, type FusionRequest } from "./fusion.ts";
import type { FusionData } from "../render/fusion.ts";
import { planWhole } from "../plan/whole.ts";

export interface SkeletonRequest extends FusionRequest {
  publicApi: boolean;
  semanticMarkers: boolean;
}

export function skeleton(request: SkeletonRequest, ctx: OpContext): Promise<OpResult<FusionData>> {
  const level = request.publicApi ? "publicApi" : "skeleton";
  return runFusion(request, ctx, { level, semanticMarkers: request.semanticMarkers, plan: (c) => planWhole(c, level, "skeleton", Boolean(request.maxTokens)) });
}
