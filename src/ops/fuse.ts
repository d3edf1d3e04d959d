// svc fuse / svc_managed / svc_generic: full-control fusion. The template (typescript for
// svc_managed; given or inferred for svc_generic) and the extension filters decide the
// collection; at most one scope (focus, changedSince, query) narrows it; options add a
// pattern summary, git churn stats and collapsed generated code.

import { join } from "node:path";
import { churnStats } from "../git/history.ts";
import { narrowCollection, type Collection } from "../plan/collect.ts";
import { planChanges } from "../plan/changes.ts";
import { planFocus } from "../plan/focus.ts";
import type { Plan } from "../plan/model.ts";
import { detectPatterns } from "../plan/patterns.ts";
import { readFacts } from "../wiring/store.ts";
import { planSearch } from "../plan/search.ts";
import { planWhole } from "../plan/whole.ts";
import { askedExtensions, dataOrDocsKind, setAsideDataAndDocs } from "../plan/source-split.ts";
import { extensionOf } from "../lang/languages.ts";
import type { FusionData } from "../render/fusion.ts";
import type { Level } from "../render/reduce/index.ts";
import { inferTemplate, templateById, templateMatcher, TEMPLATES, type Template } from "../workspace/templates.ts";
import { noteSetAside, oneScope, runFusion, type FusionRequest } from "./fusion.ts";
import type { OpContext, OpResult, Surface } from "./types.ts";
import { readInside } from "../workspace/read-inside.ts";

export interface FuseRequest extends FusionRequest {
  template: string | null;
  includeExtensions: string[] | null;
  excludeExtensions: string[] | null;
  onlyExtensions: string[] | null;
  maxFileSizeKb: number;
  excludeUnitTestProjects: boolean;
  level: Level;
  semanticMarkers: boolean;
  focus: string | null;
  depth: number;
  changedSince: string | null;
  includeDependents: boolean;
  query: string | null;
  queryTop: number;
  patternSummary: boolean;
  collapseGenerated: boolean;
  gitStats: boolean;
}

function withTemplate(collection: Collection, request: FuseRequest): { collection: Collection; template: string; notes: string[] } {
  const template = request.template
    ? templateById(request.template)
    : inferTemplate(collection.workspace.dir, collection.files.map((f) => f.path));
  const belongs = templateMatcher(template, request);
  const narrowed = narrowCollection(collection, (f) => belongs(f.path));
  return { collection: narrowed, template: template.id, notes: templateNotes(collection, narrowed, template, request) };
}

/** Source files of other languages here, by template: "typescript 120, go 30". */
function otherLanguages(all: Collection, chosen: Template): string {
  const counts = new Map<string, number>();
  for (const f of all.files) {
    const ext = extensionOf(f.path);
    if (chosen.extensions.includes(ext) || dataOrDocsKind(f.path)) continue;
    const owner = TEMPLATES.find((t) => t.id !== "docs" && t.id !== "infrastructure" && t.extensions.includes(ext));
    if (owner) counts.set(owner.id, (counts.get(owner.id) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([id, n]) => `${id} (${n} file${n === 1 ? "" : "s"})`).join(", ");
}

/** What the template decision left out (other languages at a polyglot root) and why an answer is empty. */
function templateNotes(all: Collection, narrowed: Collection, template: Template, request: FuseRequest): string[] {
  const notes: string[] = [];
  const others = request.onlyExtensions?.length ? "" : otherLanguages(all, template);
  if (others) notes.push(`other languages here, not included: ${others}; pass template=<name> for them`);
  if (narrowed.files.length > 0) return notes;
  const where = all.workspace.relDir || "the workspace root";
  const exts = request.onlyExtensions?.length ? `onlyExtensions ${request.onlyExtensions.join(", ")}` : `template ${template.id} (${template.extensions.join(" ")})`;
  const present = [...all.files.reduce((m, f) => m.set(extensionOf(f.path) || "(none)", (m.get(extensionOf(f.path) || "(none)") ?? 0) + 1), new Map<string, number>())]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([e, n]) => `${e} ${n}`)
    .join(", ");
  const why = `no files: ${exts} matched none of the ${all.files.length} indexed files under ${where}${present ? ` (extensions present: ${present})` : ""}`;
  const next =
    template.id === "typescript" && !request.onlyExtensions?.length
      ? "; this is not a TypeScript/JavaScript folder: use svc_generic (it infers the template) or svc_toc"
      : "; files the inventory skips (ignored, binary, oversized, secrets such as .env) are never collected; try other extensions or svc_toc";
  notes.push(`${why}${next}`);
  return notes;
}

async function plan(all: Collection, request: FuseRequest, surface: Surface | undefined): Promise<Plan> {
  const { collection: inTemplate, template, notes: templateNoteLines } = withTemplate(all, request);
  const { collection, setAside } = setAsideDataAndDocs(inTemplate, askedFor(request));
  let result: Plan;
  if (request.focus) result = planFocus(collection, { focus: request.focus, depth: request.depth, level: request.level });
  else if (request.query) result = planSearch(collection, { query: request.query, queryTop: request.queryTop, depth: request.depth, level: request.level, rerank: false });
  else if (request.changedSince) {
    result = await planChanges(collection, { changedSince: request.changedSince, includeDependents: request.includeDependents, review: false, level: request.level, surface, op: "fuse" });
  } else result = planWhole(collection, request.level, "fuse", Boolean(request.maxTokens));
  result.manifestNotes.unshift(`template: ${template}${request.template ? "" : " (inferred)"}`, ...templateNoteLines);
  noteSetAside(result, setAside, inTemplate.files.length, surface);
  if (request.patternSummary) {
    const files = collection.files.map((f) => {
      try {
        return { path: f.path, text: readInside(collection.workspace.root, f.path, "utf8") };
      } catch {
        return { path: f.path, text: "" };
      }
    });
    result.manifestNotes.push(...detectPatterns(files, readFacts(collection.index.db)));
  }
  if (request.gitStats) {
    try {
      const stats = await churnStats(collection.workspace.root, result.entries.map((e) => e.path), new Date());
      result.suffixes = new Map(result.entries.map((e) => {
        const s = stats.get(e.path);
        return [e.path, ` [commits:${s?.commits ?? 0} last:${s?.last ?? "never"}]`];
      }));
    } catch (error) {
      result.manifestNotes.push(`git: unavailable (${(error as Error).message})`);
    }
  }
  return result;
}

/** Data and docs extensions this call names: its extension filters, a docs or infrastructure template, a focus seed that is such a file. */
function askedFor(request: FuseRequest): (ext: string) => boolean {
  const template = request.template ? templateById(request.template) : null;
  const fromTemplate = template && (template.id === "docs" || template.id === "infrastructure") ? template.extensions : [];
  return askedExtensions([...(request.onlyExtensions ?? []), ...(request.includeExtensions ?? []), ...fromTemplate, request.focus ? extensionOf(request.focus) : null]);
}

export function fuse(request: FuseRequest, ctx: OpContext): Promise<OpResult<FusionData>> {
  oneScope(request);
  if (request.template) templateById(request.template); // an unknown template fails before any work
  return runFusion(request, ctx, {
    collect: { allTypes: true, maxFileSizeKb: request.maxFileSizeKb },
    level: request.level,
    semanticMarkers: request.semanticMarkers,
    collapseGenerated: request.collapseGenerated,
    asked: false,
    plan: (c) => plan(c, request, ctx.surface),
  });
}
