// The incremental semantic upgrade: which files to walk after a change, from the walk
// records (walk-records.ts). A changed file is walked; when its surface or declaration shape
// moved (or it was removed), every file that reaches it through recorded edges, at any
// distance, is walked too (an inferred type flows on through its importers); a global
// file's surface change walks everything. Files that only point into changed files, whose
// surfaces held, lost those edges with the changed file's declarations: they are restored
// from their records (no walk) — unless they carry wiring facts (the wiring's answers name
// positions in the changed file) or a declaration they named is gone. An added or removed
// file also walks the files that had unresolved relative imports, and an added file counts
// the files it can take a specifier over from (`foo.ts` next to `foo/index.ts`) as moved. A manifest
// whose `exports` alone changed walks the files that name its package (exports-change.ts), counted as
// moved (everything, when one can declare globals: `declare module "pkg"`). The wiring's stored
// answers are asked again where they name a changed file, and everywhere when a surface moved.
// Known limit: only relative specifiers count as waiting. A file added where a path alias or
// baseUrl import waited for it (`@late/mod` → src/late/mod.ts, not there before) leaves the
// importer unwalked: its edges and the stamped partial diagnosis stay until a change to it,
// to a config, or `svc index --force` (bare unresolved imports are mostly missing packages;
// walking them on every added file would walk most of a tree without node_modules).

import type { Database } from "bun:sqlite";
import type { CheckerEdgeWriter, StoredEdge } from "./edge-store.ts";
import { isSourceFile } from "./projects.ts";
import type { WalkRecords } from "./walk-records.ts";
import type { FileAnswers } from "./position-answers.ts";

/** What the walk needs of the wiring's checker pass (src/wiring/checker/pass.ts). */
export interface WiringView {
  /** Whether a file has wiring facts the checker is asked about. */
  asks(file: string): boolean;
  /** The stored answers, by file. */
  storedAnswers(): Map<string, FileAnswers>;
}

export interface IncrementalInput {
  db: Database;
  /** Root-relative source file → the project that owns it; loads the workspace into the engine on first use. */
  owner(): Promise<ReadonlyMap<string, string>>;
  records: WalkRecords;
  writer: CheckerEdgeWriter;
  wiring: WiringView;
  /** Root-relative files the sync changed, added or removed (and the stored dirty list). */
  changed: readonly string[];
  /** Unchanged files whose module resolution can have moved (a manifest's `exports`): walked, and what reaches them. */
  rewalk: readonly string[];
  /** Root-relative files in the store now. */
  known: ReadonlySet<string>;
  walkFiles(paths: Iterable<string>): Promise<void>;
  /** Ask the wiring's questions about these files again, without walking them. */
  askFiles(paths: readonly string[]): Promise<void>;
  walkedSet: ReadonlySet<string>;
  walkedSurface: ReadonlyMap<string, { surface: string; global: boolean; shape: string }>;
}

/** Walk what a change can reach, restore the rest; returns every file whose checker edges are now current. */
export async function walkIncrementally(input: IncrementalInput): Promise<Set<string>> {
  const { db, records, writer, wiring, known, walkFiles, askFiles, walkedSet, walkedSurface } = input;
  const recorded = records.paths();
  const removed = recorded.filter((p) => !known.has(p));
  const changed = [...new Set(input.changed)].filter((p) => known.has(p));
  const changedSet = new Set(changed);
  const rewalk = input.rewalk.filter((p) => known.has(p) && !changedSet.has(p));
  const before = new Map([...changed, ...rewalk].map((p) => [p, records.get(p)]));
  const removedGlobal = removed.some((p) => records.get(p)?.global);
  // only a source file can be owned (or have had a record): without one changed, the workspace is not loaded for this
  const owner = changed.some(isSourceFile) ? await input.owner() : null;
  const owned = (p: string) => owner?.has(p) ?? false;
  // a file the projects no longer hold keeps no checker edges and no record
  const unowned = changed.filter((p) => !owned(p) && before.get(p));
  dropCheckerEdges(db, unowned);
  records.drop([...removed, ...unowned]);

  await walkFiles([...changed, ...rewalk]);
  // a file whose imports may resolve elsewhere can export other types under the same surface: what reaches it is walked too
  const moved = new Set<string>([...removed, ...unowned, ...rewalk]);
  let global = removedGlobal || rewalk.some((p) => before.get(p)?.global);
  const addedFiles = changed.filter((p) => owned(p) && !before.get(p));
  const added = addedFiles.length > 0;
  // an added `foo.ts` can take a specifier over from `foo/index.ts`, `foo.js` or `foo.d.ts`: their importers move
  for (const p of shadowedBy(addedFiles, known)) moved.add(p);
  for (const p of [...changed, ...rewalk]) {
    const old = before.get(p);
    const now = walkedSurface.get(p);
    if (!old || !now) continue;
    if (old.surface !== now.surface || old.shape !== now.shape || old.global !== now.global) {
      moved.add(p);
      if (old.global || now.global) global = true;
    }
  }
  if (global) await walkFiles((await input.owner()).keys());
  else {
    const reach = records.reaching(moved);
    if (added || removed.length) for (const p of records.withUnresolvedRelative()) reach.add(p);
    await walkFiles(reach);
  }
  // the files that only pointed into changed ones: restore, or walk when that cannot be exact
  const touched = [...records.referencing(changed)].filter((p) => !walkedSet.has(p) && known.has(p));
  const again: string[] = [];
  const restorable: { path: string; edges: StoredEdge[] }[] = [];
  for (const p of touched) {
    const record = wiring.asks(p) ? null : records.get(p);
    if (record) restorable.push({ path: p, edges: record.edges });
    else again.push(p);
  }
  again.push(...writer.restore(restorable));
  await walkFiles(again);
  // the wiring's answers name declarations by line and describe types: ask again where a change can reach them
  const answers = wiring.storedAnswers();
  const named = new Set([...changed, ...removed, ...unowned]);
  const candidates = [...answers].filter(([p, a]) => !walkedSet.has(p) && (moved.size > 0 || names(a, named)));
  const reaskOwner = candidates.length ? await input.owner() : null;
  await askFiles(candidates.filter(([p]) => reaskOwner?.has(p)).map(([p]) => p));
  return new Set([...input.changed, ...walkedSet, ...touched]);
}

const MODULE_EXT = /(?:\.d)?\.[cm]?[jt]sx?$/;

/** The files a module resolution could have picked before these files were added: the same name with another extension, or `name/index.*`. */
export function shadowedBy(addedFiles: readonly string[], known: ReadonlySet<string>): string[] {
  const stems = new Set(addedFiles.filter((p) => MODULE_EXT.test(p)).map((p) => p.replace(MODULE_EXT, "")));
  if (!stems.size) return [];
  const fresh = new Set(addedFiles);
  return [...known].filter((p) => {
    if (fresh.has(p) || !MODULE_EXT.test(p)) return false;
    const stem = p.replace(MODULE_EXT, "");
    return stems.has(stem) || (stem.endsWith("/index") && stems.has(stem.slice(0, -"/index".length)));
  });
}

/** Whether a file's stored answers name a declaration in, or a module resolved to, one of these files. */
function names(a: FileAnswers, paths: ReadonlySet<string>): boolean {
  return Object.values(a.a).some((x) => x.d !== undefined && paths.has(x.d[0])) || Object.values(a.m).some((m) => m !== null && paths.has(m));
}

function dropCheckerEdges(db: Database, paths: readonly string[]): void {
  if (!paths.length) return;
  const del = db.prepare("DELETE FROM edges WHERE from_file = (SELECT id FROM files WHERE path = ?) AND provenance = 'checker' AND key IS NULL");
  db.transaction(() => paths.forEach((p) => del.run(p)))();
}
