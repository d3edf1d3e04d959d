// Shared plumbing of the fusion operations (catalog B): resolve the workspace, collect from
// the index, plan, render. Each operation file only says how it plans.

import { validationError } from "../errors.ts";
import { collectIndexed, type Collection, type CollectOptions, type ExclusionFilter } from "../plan/collect.ts";
import type { Plan } from "../plan/model.ts";
import { setAsideDataAndDocs, setAsideLines, type SetAside } from "../plan/source-split.ts";
import type { Format } from "../render/format.ts";
import { renderPlan, type FusionData } from "../render/fusion.ts";
import type { Level } from "../render/reduce/index.ts";
import { validateSessionId } from "../render/session.ts";
import { resolveWorkspace } from "../workspace/root.ts";
import { budgetName, statusCall } from "../render/surface-calls.ts";
import type { OpContext, OpResult, Surface } from "./types.ts";

export interface FusionRequest extends ExclusionFilter {
  path: string;
  maxTokens: number | null;
  /** The budget parameter of the request as the answer names it (ask: tokenBudget). */
  budgetParam?: string;
  trackTopTokenFiles: boolean;
  format: Format;
}

export interface FusionRun {
  collect?: Omit<CollectOptions, keyof ExclusionFilter>;
  level: Level;
  semanticMarkers?: boolean;
  collapseGenerated?: boolean;
  session?: string | null;
  /** Data and docs extensions the call asked for (others are set aside and listed, see plan/source-split.ts); false: the plan does it itself. */
  asked?: ((ext: string) => boolean) | false;
  plan: (collection: Collection) => Plan | Promise<Plan>;
}

/** focus, changedSince and query are mutually exclusive. */
export function oneScope(request: { focus?: string | null; changedSince?: string | null; query?: string | null }): void {
  const given = [request.focus, request.changedSince, request.query].filter((v) => v !== null && v !== undefined && v !== "");
  if (given.length > 1) throw validationError("focus, changedSince and query are mutually exclusive; pass one");
}

/** The set-aside data and docs files as manifest lines; "N of M collected" counts them. */
export function noteSetAside(plan: Plan, setAside: readonly SetAside[], collected: number, surface: Surface | undefined): void {
  if (setAside.length === 0) return;
  plan.notIncluded = [...setAside];
  plan.notIncludedLines = setAsideLines(setAside, surface);
  plan.collected = collected;
}

/** Why a fusion answer (or any answer over the collected files) has no file at all, and what to try (the manifest note; the structured result's notes carry it). */
export function nothingCollected(relDir: string, request: Partial<Pick<FusionRequest, "excludeDirectories" | "excludeFiles" | "excludePatterns" | "excludeTestProjects">>, surface: Surface | undefined): string {
  const filters: string[] = (["excludeDirectories", "excludeFiles", "excludePatterns"] as const).filter((k) => request[k]?.length);
  if (request.excludeTestProjects) filters.push("excludeTestProjects");
  const where = relDir || "the workspace root";
  return `no files: nothing indexed under ${where}${filters.length ? ` is left after ${filters.join(", ")}` : " can be collected"} (the inventory skips ignored, binary and oversized files and secrets such as .env); check path${filters.length ? ` and ${filters.join(", ")}` : ""}, or ${statusCall(surface)} for the root and its files`;
}

export async function runFusion(request: FusionRequest, ctx: OpContext, run: FusionRun): Promise<OpResult<FusionData>> {
  const startedAt = performance.now();
  if (run.session) validateSessionId(run.session);
  const ws = resolveWorkspace(request.path, ctx.cwd);
  const collection = await collectIndexed(ws, { ...request, ...run.collect }, ctx);
  try {
    const { collection: sources, setAside } = run.asked === false ? { collection, setAside: [] } : setAsideDataAndDocs(collection, run.asked);
    const plan = await run.plan(sources);
    noteSetAside(plan, setAside, collection.files.length, ctx.surface);
    if (collection.files.length === 0 && !plan.manifestNotes.some((n) => n.startsWith("no files:"))) plan.manifestNotes.push(nothingCollected(ws.relDir, request, ctx.surface));
    const { text, data } = await renderPlan(plan, {
      root: ws.root,
      format: request.format,
      maxTokens: request.maxTokens,
      budgetParam: request.budgetParam ?? budgetName(ctx.surface),
      ...(ctx.surface ? { surface: ctx.surface } : {}),
      ...(ctx.textOnly ? { textOnly: true } : {}),
      level: run.level,
      semanticMarkers: run.semanticMarkers,
      collapseGenerated: run.collapseGenerated,
      trackTopTokenFiles: request.trackTopTokenFiles,
      sessionId: run.session ?? null,
      startedAt,
    });
    return { text, data: data as unknown as FusionData, warnings: collection.warnings };
  } finally {
    collection.index.db.close();
  }
}
