// svc focus / svc_focus: a seed and its dependencies and dependents.

import { planFocus } from "../plan/focus.ts";
import { askedExtensions } from "../plan/source-split.ts";
import { extensionOf } from "../lang/languages.ts";
import type { FusionData } from "../render/fusion.ts";
import type { Level } from "../render/reduce/index.ts";
import { runFusion, type FusionRequest } from "./fusion.ts";
import type { OpContext, OpResult } from "./types.ts";

export interface FocusRequest extends FusionRequest {
  focus: string;
  depth: number;
  level: Level;
  session: string | null;
}

export function focus(request: FocusRequest, ctx: OpContext): Promise<OpResult<FusionData>> {
  return runFusion(request, ctx, {
    level: request.level,
    session: request.session,
    asked: askedExtensions([extensionOf(request.focus)]),
    plan: (c) => planFocus(c, { focus: request.focus, depth: request.depth, level: request.level }),
  });
}
