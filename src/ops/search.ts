// svc search / svc_search: BM25F query-scoped fusion with dependency expansion.

import { planSearch } from "../plan/search.ts";
import type { FusionData } from "../render/fusion.ts";
import type { Level } from "../render/reduce/index.ts";
import { runFusion, type FusionRequest } from "./fusion.ts";
import type { OpContext, OpResult } from "./types.ts";

export interface SearchRequest extends FusionRequest {
  query: string;
  queryTop: number;
  depth: number;
  rerank: boolean;
  level: Level;
  session: string | null;
}

export function search(request: SearchRequest, ctx: OpContext): Promise<OpResult<FusionData>> {
  return runFusion(request, ctx, {
    level: request.level,
    session: request.session,
    plan: (c) => planSearch(c, { query: request.query, queryTop: request.queryTop, depth: request.depth, level: request.level, rerank: request.rerank }),
  });
}
