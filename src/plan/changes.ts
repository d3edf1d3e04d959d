// Changes: files changed since a git ref (staged, unstaged and untracked) within the
// collection, plus their first-degree dependents; optionally a review map of hunks and
// direct callers per changed file.

import { expand } from "../graph/expand.ts";
import { loadFileGraph } from "../graph/file-graph.ts";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { changedFiles, fileAtRef, fileHunks, resolveRef, type ChangedFile } from "../git/changes.ts";
import { redactFilePatch, type FileVersion } from "../text/known-secrets.ts";
import type { Level } from "../render/reduce/index.ts";
import { changesCall, statusCall, type Surface } from "../render/surface-calls.ts";
import type { Collection } from "./collect.ts";
import type { Plan, PlanEntry } from "./model.ts";

export interface ChangesPlanOptions {
  changedSince: string;
  includeDependents: boolean;
  review: boolean;
  level: Level;
  /** Who asks, for the next call an empty answer names. */
  surface?: Surface;
  op?: "changes" | "fuse" | "scope" | "review";
}

/** Changed sources before changed tests, generated files last (under a budget the sources survive); then by path. */
export function sourcesFirst<T extends { path: string }>(items: readonly T[], fileOf: (item: T) => { isTest: boolean; isGenerated: boolean } | undefined): T[] {
  const rank = (item: T) => {
    const f = fileOf(item);
    return f ? (f.isGenerated ? 2 : f.isTest ? 1 : 0) : 3;
  };
  return [...items].sort((a, b) => rank(a) - rank(b) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** How many hops up the import chains a handoff looks for the test files that reach a change (impact's covering-test depth). */
export const TEST_HOPS = 5;

/**
 * The test files among and reaching the given files through imports and references, at any hop
 * up to TEST_HOPS, nearest first: the handoff's "tests to run". The review's own plan stops at two
 * hops with a score threshold, so a test importing the package entry that imports the changed
 * file was left out, and the packet said no test reached the change.
 */
export function testsReaching(collection: Collection, fileIds: readonly number[]): string[] {
  const graph = loadFileGraph(collection.index.db, collection.index.meta.index_completed_at ?? "", { typed: true });
  const reached = expand(graph, {
    seeds: fileIds.map((id) => ({ id, score: 1, reason: "changed" })),
    depth: TEST_HOPS,
    direction: "in",
    allowed: (id) => collection.byId.has(id),
  });
  return reached
    .filter((r) => collection.byId.get(r.id)?.isTest)
    .sort((a, b) => a.hop - b.hop)
    .map((r) => collection.byId.get(r.id)!.path);
}

export async function planChanges(collection: Collection, options: ChangesPlanOptions): Promise<Plan> {
  const root = collection.workspace.root;
  await resolveRef(root, options.changedSince);
  const changed = await changedFiles(root, options.changedSince);
  const byPath = new Map(collection.files.map((f) => [f.path, f]));
  const inScope = sourcesFirst(changed.filter((c) => byPath.has(c.path)), (c) => byPath.get(c.path));
  const deleted = changed.filter((c) => c.status === "deleted" && c.path.startsWith(collection.workspace.relDir));
  const graph = loadFileGraph(collection.index.db, collection.index.meta.index_completed_at ?? "");
  const entries: PlanEntry[] = [];
  const seen = new Set<number>();
  for (const c of inScope) {
    const file = byPath.get(c.path);
    if (!file) continue;
    seen.add(file.id);
    entries.push({
      fileId: file.id,
      path: file.path,
      role: "changed",
      tier: options.level,
      score: 1,
      provenance: [`changed since ${options.changedSince} (${c.status}, +${c.added} -${c.deleted})`],
      language: file.language,
      generated: file.isGenerated,
      estimate: file.tokens,
    });
  }
  if (options.includeDependents) {
    const dependents: PlanEntry[] = [];
    for (const c of inScope) {
      const file = byPath.get(c.path);
      if (!file) continue;
      for (const edge of graph.in.get(file.id) ?? []) {
        const dep = collection.byId.get(edge.to);
        if (!dep || seen.has(dep.id)) continue;
        seen.add(dep.id);
        dependents.push({
          fileId: dep.id,
          path: dep.path,
          role: "dependent",
          tier: options.level === "publicApi" ? "publicApi" : "skeleton",
          score: 0.5,
          provenance: [`changed ${c.path}`, `${dep.path} imports ${c.path}`],
          language: dep.language,
          generated: dep.isGenerated,
          estimate: dep.tokens,
        });
      }
    }
    dependents.sort((a, b) => (a.path < b.path ? -1 : 1));
    entries.push(...dependents);
  }
  const notes: string[] = [];
  if (deleted.length) notes.push(`deleted since ${options.changedSince}: ${deleted.map((d) => d.path).join(", ")}`);
  if (inScope.length === 0) notes.push(await nothingChanged(root, changed.length, options));
  const prelude = options.review ? await reviewMap(collection, inScope, options.changedSince, graph) : [];
  return { mode: "changes", entries, collected: collection.files.length, prelude, manifestNotes: notes };
}

/** Why no collected file changed since the ref, and what to try: an older ref, or (files changed but none collected) the path and the index. */
export async function nothingChanged(root: string, changedCount: number, options: Pick<ChangesPlanOptions, "changedSince" | "surface" | "op">): Promise<string> {
  const ref = options.changedSince;
  if (changedCount) return `no collected file changed since ${ref} (${changedCount} changed outside the collection: a data or docs file set aside, under another path, or ignored, binary or oversized); check path, or ${statusCall(options.surface)} for the files indexed`;
  const older = `${ref}~1`;
  const hasOlder = await resolveRef(root, older).then(() => true, () => false);
  return `no collected file changed since ${ref} (the working tree matches it; no untracked file)${hasOlder ? `; try an older ref: ${changesCall(options.surface, older, options.op)}` : `; ${ref} is the first commit (there is no older ref): edit or add a file and try again`}`;
}

/** `=== review: <path> (+A -D) ===`, its direct callers, its hunks — per changed file. */
export async function reviewMap(collection: Collection, changed: readonly ChangedFile[], ref: string, graph: ReturnType<typeof loadFileGraph>): Promise<string[]> {
  const byPath = new Map(collection.files.map((f) => [f.path, f]));
  const out: string[] = [];
  for (const c of changed) {
    const file = byPath.get(c.path);
    // one per file (a file that imports and calls it has an edge of each kind)
    const callers = file ? [...new Set((graph.in.get(file.id) ?? []).map((e) => collection.byId.get(e.to)?.path).filter((p): p is string => Boolean(p)))].sort() : [];
    out.push(`=== review: ${c.path} (+${c.added} -${c.deleted}) ===`);
    out.push(callers.length ? `callers (${callers.length}): ${callers.join(", ")}` : "callers: none detected");
    const hunks = await fileHunks(collection.workspace.root, ref, c);
    if (hunks.trim()) out.push(redactFilePatch(hunks, c.path, await versionsOf(collection.workspace.root, ref, c)).text.trimEnd());
  }
  return out;
}

/** A changed file's text at the base (under its old path when renamed) and in the working tree (null where it does not exist): the secrets its hunks may show without their context. */
async function versionsOf(root: string, ref: string, c: ChangedFile): Promise<FileVersion[]> {
  const oldPath = c.oldPath ?? c.path;
  const before = c.status === "added" || c.status === "untracked" ? null : await fileAtRef(root, ref, oldPath).catch(() => null);
  let now: string | null = null;
  if (c.status !== "deleted") {
    try {
      now = readFileSync(join(root, c.path), "utf8");
    } catch {
      now = null;
    }
  }
  return [{ text: before, path: oldPath }, { text: now, path: c.path }];
}
