// svc/scope and svc/explain (host): a scope by mode — focus on a seed, search a query
// (through task localization), or the changes since a ref — rendered to a payload file
// (scope) or returned as its plan (explain).

import { changedFiles, resolveRef } from "../git/changes.ts";
import { loadFileGraph } from "../graph/file-graph.ts";
import { writePayload } from "../host/payloads.ts";
import { collectIndexed, type Collection } from "../plan/collect.ts";
import { nothingChanged } from "../plan/changes.ts";
import { planContext, planFromSeeds } from "../plan/context.ts";
import type { Plan } from "../plan/model.ts";
import { fitAnswer } from "../render/fit.ts";
import { renderPlan } from "../render/fusion.ts";
import { redactText } from "../render/redact-output.ts";
import { rememberedAt } from "../text/remembered-at.ts";
import { tokenCounter } from "../text/tokens.ts";
import { localize } from "../retrieve/localize.ts";
import { validationError } from "../errors.ts";
import { resolveWorkspace } from "../workspace/root.ts";
import { warmTaskReads } from "./task-warm.ts";
import type { OpContext, OpResult } from "./types.ts";

export interface ScopeRequest {
  path: string;
  mode: "focus" | "search" | "changes";
  seed: string | null;
  query: string | null;
  since: string | null;
  maxTokens: number | null;
}

/** The plan of a scope; svc/scope renders it, svc/explain returns it, svc/graph overlays its roles. */
export async function planScope(collection: Collection, request: Pick<ScopeRequest, "mode" | "seed" | "query" | "since">): Promise<Plan> {
  if (request.mode === "focus") {
    if (!request.seed) throw validationError("mode focus needs seed");
    return planContext(collection, { seeds: [request.seed] }, 2, "focus");
  }
  if (request.mode === "search") {
    if (!request.query) throw validationError("mode search needs query");
    const graph = loadFileGraph(collection.index.db, collection.index.meta.index_completed_at ?? "");
    const loc = localize(collection, { query: request.query, limit: 10, graph });
    const byPath = new Map(collection.files.map((f) => [f.path, f.id]));
    const best = loc.candidates[0]?.score || 1;
    const seeds = loc.candidates.slice(0, Math.max(1, loc.cluster || 3)).map((c) => ({ id: byPath.get(c.path) as number, label: `task candidate ${c.score.toFixed(2)}`, score: c.score / best }));
    if (seeds.length === 0) throw validationError(`query '${request.query}' matched no collected file (${collection.files.length} collected); try other or fewer words, or mode "focus" with a file path or a declared name as the seed`);
    return planFromSeeds(collection, seeds, 1, "search", [`localize [${loc.grade}]`], "exact-seed");
  }
  const since = request.since ?? "HEAD";
  await resolveRef(collection.workspace.root, since);
  const byPath = new Map(collection.files.map((f) => [f.path, f.id]));
  const changed = await changedFiles(collection.workspace.root, since);
  const seeds = changed.flatMap((c) => (byPath.has(c.path) ? [{ id: byPath.get(c.path) as number, label: `changed since ${since}` }] : []));
  if (seeds.length === 0) {
    const why = await nothingChanged(collection.workspace.root, changed.length, { changedSince: since, surface: "rpc", op: "scope" });
    return { mode: "changes", entries: [], collected: collection.files.length, prelude: [], manifestNotes: [why], annotate: true };
  }
  return planFromSeeds(collection, seeds, 2, "changes", [], "changed");
}

export async function explain(request: ScopeRequest, ctx: OpContext): Promise<OpResult<{ mode: string; files: { path: string; role: string; tier: string; score: number | null; provenance: string[] }[]; empty?: string }>> {
  const ws = resolveWorkspace(request.path, ctx.cwd);
  const searching = request.mode === "search";
  if (searching) warmTaskReads(ws.root, ctx);
  const collection = await collectIndexed(ws, { template: null }, ctx);
  try {
    const plan = await planScope(collection, request);
    const files = plan.entries.map((e) => ({ path: e.path, role: e.role, tier: e.tier, score: e.score, provenance: e.provenance }));
    const empty = files.length ? undefined : plan.manifestNotes[0];
    return { text: `${files.length} files${empty ? `: ${empty}` : ""}`, data: { mode: request.mode, files, ...(empty ? { empty } : {}) } };
  } finally {
    collection.index.db.close();
    if (searching) warmTaskReads(ws.root, ctx);
  }
}

export async function scope(request: ScopeRequest, ctx: OpContext): Promise<OpResult<{ mode: string; files: { path: string; tokenCost: number }[]; totalTokens: number; payloadPath: string; empty?: string }>> {
  const ws = resolveWorkspace(request.path, ctx.cwd);
  const searching = request.mode === "search";
  if (searching) warmTaskReads(ws.root, ctx);
  const collection = await collectIndexed(ws, { template: null }, ctx);
  try {
    const plan = await planScope(collection, request);
    const { text, data } = await renderPlan(plan, { root: ws.root, format: "xml", maxTokens: request.maxTokens, level: "standard" });
    // the payload file is an answer too: a value the index remembers as a secret is taken out of it (the engine's pass never sees it),
    // and it is held to the budget as any answer's text is (the engine fits the reply alone: a note that nothing fits naming a
    // file under a long path went out whole, 100 tokens at maxTokens=50)
    const shown = redactText(text, rememberedAt(ws.root));
    const payload = request.maxTokens ? fitAnswer({ text: shown, data: {} }, request.maxTokens, await tokenCounter(), { hint: "raise maxTokens or narrow the request", textOnly: true }).text : shown;
    const payloadPath = writePayload(ws.root, payload);
    // no file: why, and what to try, in the result itself (not only inside the payload)
    // nothing fit the budget: the note saying so (the first note), not the plan's first (hono's "70 files depending on it left out")
    const empty = data.entries.length ? undefined : data.droppedCount > 0 ? data.notes[0] : (plan.manifestNotes[0] ?? data.notes[0]);
    return {
      text: empty ? `${payloadPath}\n${empty}` : payloadPath,
      // payloadPath first: a budget too small for the whole reply drops keys from the end, and the path to the payload is the answer
      data: { payloadPath, mode: request.mode, files: data.entries.map((e) => ({ path: e.path, tokenCost: e.tokens })), totalTokens: data.totalTokens, ...(empty ? { empty } : {}) },
    };
  } finally {
    collection.index.db.close();
    if (searching) warmTaskReads(ws.root, ctx);
  }
}
