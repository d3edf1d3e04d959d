// svc review / svc_review: a change since a git ref as a review packet — the changed files
// (tracked and untracked) as must-keep seeds of a depth-2 plan, the public API delta, a
// review map of hunks and callers; or, with handoff, a paste-ready PR packet.

import { join } from "node:path";
import { handoffStatus, renderRefusal } from "../check/handoff.ts";
import type { Diag } from "../check/diag.ts";
import { changedFiles, resolveRef, type ChangedFile } from "../git/changes.ts";
import { loadFileGraph } from "../graph/file-graph.ts";
import { apiDelta, hideDeltaSecrets, renderApiDelta, sortApiDelta, type ApiChange, type DeltaVersions } from "../plan/api-delta.ts";
import { checkApiDelta } from "../check/api-compat.ts";
import { nothingChanged, reviewMap, sourcesFirst, testsReaching, TEST_HOPS } from "../plan/changes.ts";
import { collectIndexed } from "../plan/collect.ts";
import { planFromSeeds } from "../plan/context.ts";
import { availabilityHeader } from "../render/availability.ts";
import type { Format } from "../render/format.ts";
import { renderPlan, type FusionData } from "../render/fusion.ts";
import { tokenCounter } from "../text/tokens.ts";
import { validateSessionId } from "../render/session.ts";
import { resolveWorkspace } from "../workspace/root.ts";
import { planOnly, type PlanData } from "./context.ts";
import type { OpContext, OpResult } from "./types.ts";
import { readInside } from "../workspace/read-inside.ts";

export interface ReviewRequest {
  path: string;
  changedSince: string;
  maxTokens: number;
  includeTests: boolean;
  format: Format;
  sessionId: string | null;
  handoff: boolean;
  checkSession: string | null;
  maxChangedFiles: number;
  planOnly: boolean;
}

export interface ReviewData {
  changedSince: string;
  changed: ChangedFile[];
  apiDelta: ApiChange[];
  truncated?: boolean;
  context?: FusionData;
  /** planOnly: the plan without content. */
  plan?: PlanData;
  /** handoff: the compiler status line. */
  compilerStatus?: string;
  /** handoff: refused because the change leaves introduced errors (listed). */
  refused?: boolean;
  introduced?: Diag[];
}

function readNow(root: string): (path: string) => string | null {
  return (path) => {
    try {
      return readInside(root, path, "utf8");
    } catch {
      return null;
    }
  };
}

/** Test files a handoff packet lists by name (the rest are counted). */
const HANDOFF_TESTS = 30;

/** The handoff's tests to run: null when the caller left tests out (includeTests=false), which is no claim that none reach the change. */
function testLines(tests: string[] | null): string[] {
  if (tests === null) return ["test files left out (includeTests=false; CLI --no-tests)"];
  if (!tests.length) return [`no test file reaches the changed files through imports within ${TEST_HOPS} hops (selection by imports only: check by hand)`];
  const shown = tests.slice(0, HANDOFF_TESTS);
  const more = tests.length > shown.length ? [`- … and ${tests.length - shown.length} more`] : [];
  return ["run the test files that reach the change (selected by imports):", ...shown.map((t) => `- ${t}`), ...more];
}

function handoffPacket(ref: string, changed: readonly ChangedFile[], delta: readonly ApiChange[], status: string, tests: string[] | null): string {
  const lines = [`# Handoff: changes since ${ref}`, "", status, "", `## Changed files (${changed.length})`];
  for (const c of changed) lines.push(`- ${c.path} (${c.status}, +${c.added} -${c.deleted})`);
  lines.push("", "## Public API delta", ...renderApiDelta(delta, changed));
  lines.push("", "## Tests", ...testLines(tests));
  lines.push("", "## Residual risk", "- callers reached only through reflection, dynamic imports, string-named references or framework wiring are not in the graph");
  if (delta.some((d) => d.breaking)) lines.push("- the public API changed in a breaking way: check every consumer outside this repository");
  return lines.join("\n");
}

export async function review(request: ReviewRequest, ctx: OpContext): Promise<OpResult<ReviewData>> {
  const started = performance.now();
  if (request.sessionId) validateSessionId(request.sessionId);
  if (request.checkSession) validateSessionId(request.checkSession); // as svc_check takes it (a path or a page of text was echoed into the packet)
  const ws = resolveWorkspace(request.path, ctx.cwd);
  await resolveRef(ws.root, request.changedSince);
  const changed = (await changedFiles(ws.root, request.changedSince)).filter((c) => ws.relDir === "" || c.path.startsWith(`${ws.relDir}/`));
  if (changed.length > request.maxChangedFiles) {
    const list = changed.slice(0, 200).map((c) => `  ${c.path} (${c.status})`);
    const more = changed.length > 200 ? [`  … and ${changed.length - 200} more`] : [];
    const reason = `the change since ${request.changedSince} spans ${changed.length} files, above maxChangedFiles=${request.maxChangedFiles}. Showing the changed-file list only; narrow the base ref, review a subfolder (path), or raise maxChangedFiles.`;
    const data: ReviewData = { changedSince: request.changedSince, changed, apiDelta: [], truncated: true };
    // format=json: the list as JSON too, with why (as a budget's truncation says it: render/fit.ts) — it was this prose, which no JSON client reads
    if (request.format === "json") return { text: JSON.stringify({ ...data, reason }), data };
    const text = [`review: ${reason}`, `changed files (${changed.length}):`, ...list, ...more].join("\n");
    return { text, data };
  }
  const collection = await collectIndexed(ws, { template: null }, ctx);
  try {
    const versions: DeltaVersions = new Map();
    const delta = await apiDelta(ws.root, request.changedSince, changed, readNow(ws.root), versions);
    // Changed signatures of TypeScript files are judged by the checker (an added optional parameter is compatible).
    await checkApiDelta(ws.root, request.changedSince, delta, changed, ctx);
    hideDeltaSecrets(delta, versions);
    sortApiDelta(delta);
    const byPath = new Map(collection.files.map((f) => [f.path, f]));
    const seeds = sourcesFirst(changed, (c) => byPath.get(c.path)).flatMap((c) => {
      const f = byPath.get(c.path);
      return f ? [{ id: f.id, label: `changed since ${request.changedSince} (${c.status}, +${c.added} -${c.deleted})` }] : [];
    });
    const notes = changed.filter((c) => c.status === "deleted").map((c) => `deleted: ${c.path}`);
    // nothing to review: why (the working tree matches the ref, or what changed is not collected) and what to try
    const inScope = changed.filter((c) => byPath.has(c.path));
    if (inScope.length === 0) notes.push(await nothingChanged(ws.root, changed.length, { changedSince: request.changedSince, surface: ctx.surface, op: "review" }));
    const plan = planFromSeeds(collection, seeds, 2, "review", notes, "changed");
    if (!request.includeTests) plan.entries = plan.entries.filter((e) => e.mustKeep || !collection.byId.get(e.fileId)?.isTest);
    if (request.planOnly) {
      // the review's own fields stay: the tool's output schema requires them whatever the mode
      const { text, data } = planOnly(plan);
      return { text, data: { changedSince: request.changedSince, changed, apiDelta: delta, plan: data }, warnings: collection.warnings };
    }
    if (request.handoff) {
      // the tests to run: every test file up the import chains, not only those the two-hop plan kept
      const tests = request.includeTests ? testsReaching(collection, seeds.map((s) => s.id)) : null;
      const status = await handoffStatus(ws.root, request.checkSession, request.changedSince, ctx);
      const data = { changedSince: request.changedSince, changed, apiDelta: delta, compilerStatus: status.line };
      if (status.introduced.length) return { text: renderRefusal(request.changedSince, status), data: { ...data, refused: true, introduced: status.introduced }, exitCode: 1 };
      return { text: handoffPacket(request.changedSince, changed, delta, status.line, tests), data };
    }
    // the review map's callers as the checker knows them (a re-export chain's users too), where it walked the files
    const graph = loadFileGraph(collection.index.db, collection.index.meta.index_completed_at ?? "", { checker: true });
    plan.prelude = [
      availabilityHeader(collection.index.state, collection.index.meta, collection.index.detail),
      ...renderApiDelta(delta, changed),
      ...(await reviewMap(collection, inScope, request.changedSince, graph)),
    ];
    // under a budget too small for the delta, its count (how many BREAKING) stays, the marker after it saying what was cut and how to get it
    // (then the availability header, while it fits too)
    plan.preludeKeep = [1, 0];
    const counter = await tokenCounter();
    const { text, data } = await renderPlan(plan, {
      root: ws.root,
      format: request.format,
      maxTokens: request.maxTokens > 0 ? request.maxTokens : null,
      level: "standard",
      sessionId: request.sessionId,
      startedAt: started,
      // the structured result's other fields count toward the budget too — twice with format=json, whose text is that result again
      reserve: (request.format === "json" ? 2 : 1) * counter.count(JSON.stringify({ changedSince: request.changedSince, changed, apiDelta: delta, context: null })),
    });
    const result: ReviewData = { changedSince: request.changedSince, changed, apiDelta: delta, context: data };
    // format=json: the text is the structured result with each file's content (renderPlan's JSON text), as every packing operation gives it — it had
    // no content at all (the structured result alone) while the packing had counted it
    return { text: request.format === "json" ? JSON.stringify({ ...result, context: JSON.parse(text) }) : text, data: result, warnings: collection.warnings };
  } finally {
    collection.index.db.close();
  }
}
