// svc context / svc_context: scoped, reduced context from seeds of every kind, packed
// under a budget with seeds always kept; --plan-only shows the plan without content.

import { collectIndexed } from "../plan/collect.ts";
import { planContext, type ContextSeeds } from "../plan/context.ts";
import type { Plan } from "../plan/model.ts";
import type { Format } from "../render/format.ts";
import { renderPlan, type FusionData } from "../render/fusion.ts";
import { validateSessionId } from "../render/session.ts";
import { resolveWorkspace } from "../workspace/root.ts";
import type { OpContext, OpResult } from "./types.ts";

export interface ContextRequest extends Partial<Record<keyof ContextSeeds, string[] | null>> {
  path: string;
  depth: number;
  maxTokens: number;
  format: Format;
  planOnly: boolean;
  sessionId: string | null;
}

export interface PlanData {
  mode: string;
  files: { path: string; role: string; tier: string; score: number | null; provenance: string[]; tokens: number }[];
  notes: string[];
}

/** The plan alone: what would be emitted, why, at which tier. */
export function planOnly(plan: Plan): OpResult<PlanData> {
  const files = plan.entries.map((e) => ({ path: e.path, role: e.role, tier: e.tier, score: e.score, provenance: e.provenance, tokens: e.estimate }));
  const lines = [`plan (${plan.mode}): ${files.length} file${files.length === 1 ? "" : "s"} of ${plan.collected} collected`];
  for (const f of files) lines.push(`  ${(f.score ?? 0).toFixed(2)}  ${f.path}  [${f.role}, ${f.tier}, ~${f.tokens} tokens]  ${f.provenance.slice(1).join(" ") || f.provenance[0]}`);
  for (const n of plan.manifestNotes) lines.push(`  ${n}`);
  return { text: [...plan.prelude, ...lines].join("\n"), data: { mode: plan.mode, files, notes: plan.manifestNotes } };
}

export async function context(request: ContextRequest, ctx: OpContext): Promise<OpResult<FusionData | PlanData>> {
  const started = performance.now();
  if (request.sessionId) validateSessionId(request.sessionId);
  const ws = resolveWorkspace(request.path, ctx.cwd);
  const collection = await collectIndexed(ws, { template: null }, ctx);
  try {
    const plan = planContext(collection, request, request.depth);
    if (request.planOnly) return planOnly(plan);
    const { text, data } = await renderPlan(plan, {
      root: ws.root,
      format: request.format,
      maxTokens: request.maxTokens > 0 ? request.maxTokens : null,
      level: "standard",
      sessionId: request.sessionId,
      startedAt: started,
    });
    return { text, data, warnings: collection.warnings };
  } finally {
    collection.index.db.close();
  }
}
