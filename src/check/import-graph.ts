// Who imports whom, for the checks: the dependents of an edited file are the files that
// import it, plus — through barrels — the importers of every file that re-exports it
// (`export * from './x'`, `export { a } from './x'`), so errors reached through an
// index file are counted. Read from the index's edges when there is one (syntax `imports`
// edges, their import row telling a re-export; checker `reexports` edges), else built from
// the files with the index's own import extraction and resolution.

import type { Database } from "bun:sqlite";
import { statSync, type Stats } from "node:fs";
import { join } from "node:path";
import { parseRoot } from "../lang/outline.ts";
import { baseName, languageOf, moduleName, type CodeLanguage } from "../lang/languages.ts";
import { importsOf } from "../index/imports/extract.ts";
import { createResolver } from "../index/imports/resolve.ts";
import { changeStamp } from "../workspace/stamp.ts";

const SOURCE = /\.(?:[cm]?ts|tsx|[cm]?js|jsx)$/;

export interface Importer {
  path: string;
  /** The importer re-exports (part of) the imported file. */
  reexport: boolean;
}

export class ImportGraph {
  private readonly byTarget = new Map<string, Importer[]>();
  /** The files each file imports, built when first asked for and dropped on any change. */
  private forward: Map<string, string[]> | null = null;

  add(from: string, to: string, reexport: boolean): void {
    if (from === to) return;
    this.forward = null;
    const list = this.byTarget.get(to);
    const existing = list?.find((i) => i.path === from);
    if (existing) existing.reexport ||= reexport;
    else if (list) list.push({ path: from, reexport });
    else this.byTarget.set(to, [{ path: from, reexport }]);
  }

  importers(path: string): readonly Importer[] {
    return this.byTarget.get(path) ?? [];
  }

  /** The files `path` imports (the index's resolution: path aliases, workspace packages). */
  imports(path: string): readonly string[] {
    if (!this.forward) {
      this.forward = new Map();
      for (const [target, list] of this.byTarget) {
        for (const i of list) {
          const out = this.forward.get(i.path);
          if (out) out.push(target);
          else this.forward.set(i.path, [target]);
        }
      }
    }
    return this.forward.get(path) ?? [];
  }

  /** Direct importers of each file, and the importers of the barrels that re-export it (transitively through barrels). */
  dependents(paths: Iterable<string>, limit = 5000): string[] {
    const start = new Set(paths);
    const out = new Set<string>();
    const barrels = [...start];
    const expanded = new Set(barrels);
    while (barrels.length && out.size < limit) {
      const target = barrels.pop()!;
      for (const i of this.importers(target)) {
        if (!start.has(i.path)) out.add(i.path);
        if (i.reexport && !expanded.has(i.path)) {
          expanded.add(i.path);
          barrels.push(i.path);
        }
      }
    }
    return [...out].sort();
  }

  /** Every file that reaches one of `paths` through imports (any depth), not counting `paths` themselves. */
  transitiveImporters(paths: Iterable<string>, limit = 100_000): Set<string> {
    const start = new Set(paths);
    const seen = new Set<string>();
    const queue = [...start];
    while (queue.length && seen.size < limit) {
      for (const i of this.importers(queue.pop()!)) {
        if (seen.has(i.path) || start.has(i.path)) continue;
        seen.add(i.path);
        queue.push(i.path);
      }
    }
    return seen;
  }

  /** Replace the edges going out of `sources` with the ones their text (`readText`) makes now. */
  reread(root: string, inventory: readonly string[], sources: readonly string[], readText: (path: string) => string | null): void {
    if (!sources.length) return;
    this.forward = null;
    const from = new Set(sources);
    for (const [target, list] of this.byTarget) {
      const kept = list.filter((i) => !from.has(i.path));
      if (kept.length !== list.length) this.byTarget.set(target, kept);
    }
    const fresh = ImportGraph.fromFiles(root, inventory, sources, readText);
    for (const [target, list] of fresh.byTarget) for (const i of list) this.add(i.path, target, i.reexport);
  }

  /**
   * The index's edges brought up to the disk (the index may be older: no host kept it current
   * through a checkout, a pull, edits): `sources` edited since the index read them (size or
   * change stamp differ) and those created since are read again.
   */
  static fromStoreAtDisk(db: Database, root: string, inventory: readonly string[], sources: readonly string[], readText: (path: string) => string | null): ImportGraph {
    const graph = ImportGraph.fromStore(db);
    const stored = new Map((db.query("SELECT path, size, mtime_ms FROM files").all() as { path: string; size: number; mtime_ms: number }[]).map((r) => [r.path, r]));
    const edited: string[] = [];
    const created: string[] = [];
    for (const f of sources) {
      const row = stored.get(f);
      if (!row) {
        created.push(f);
        continue;
      }
      let now: Stats | null = null;
      try {
        now = statSync(join(root, f));
      } catch {
        // gone since the listing: its edges stay as the index has them
      }
      if (now && (row.size !== now.size || row.mtime_ms !== changeStamp(now))) edited.push(f);
    }
    graph.catchUp(root, inventory, edited, created, readText);
    return graph;
  }

  /**
   * Re-read the files edited and created since the index, and, as a created file can take over
   * an import another file makes (`./utils` from utils/index.ts to a new utils.ts), every file
   * whose text holds a created file's name (any file, for a created index file).
   */
  private catchUp(root: string, inventory: readonly string[], edited: readonly string[], created: readonly string[], readText: (path: string) => string | null): void {
    if (!edited.length && !created.length) return;
    const names = created.map((p) => (/^index\./.test(baseName(p)) ? "" : moduleName(p)));
    const naming = created.length ? inventory.filter((p) => SOURCE.test(p) && names.some((n) => readText(p)?.includes(n))) : [];
    this.reread(root, inventory, [...new Set([...edited, ...created, ...naming])], readText);
  }

  static fromStore(db: Database): ImportGraph {
    const graph = new ImportGraph();
    const rows = db
      .query(
        `SELECT f.path AS source, t.path AS target,
                (e.type = 'reexports' OR EXISTS (SELECT 1 FROM imports i WHERE i.file_id = e.from_file AND i.line = e.evidence_line AND i.kind = 'export')) AS reexport
           FROM edges e JOIN files f ON f.id = e.from_file JOIN files t ON t.id = e.to_file
          WHERE e.type IN ('imports', 'reexports')`,
      )
      .all() as { source: string; target: string; reexport: number }[];
    for (const r of rows) graph.add(r.source, r.target, r.reexport === 1);
    return graph;
  }

  /**
   * Each of `unlisted` with the files among `sources` that import it directly, resolved as if it
   * were in the inventory: a removed file (an index built after the removal, or none, no longer
   * has it) or a JSON module (not a source file). Only files whose text holds such a file's name
   * are parsed (any file, for an index file: "." and "./" import it too); each is read once.
   */
  static importersOfUnlisted(root: string, inventory: readonly string[], sources: readonly string[], unlisted: readonly string[], readText: (path: string) => string | null): Map<string, string[]> {
    const targets = new Set(unlisted);
    const names = unlisted.map((p) => (/^index\./.test(baseName(p)) ? "" : moduleName(p)));
    const texts = new Map<string, string | null>();
    const read = (path: string) => {
      if (!texts.has(path)) texts.set(path, readText(path));
      return texts.get(path) ?? null;
    };
    const named = sources.filter((p) => !targets.has(p) && names.some((n) => read(p)?.includes(n)));
    const graph = ImportGraph.fromFiles(root, [...new Set([...inventory, ...unlisted])], named, read);
    return new Map(unlisted.map((p) => [p, graph.dependents([p])]));
  }

  /** Built from the files themselves (no index): the index's extraction and resolution, in memory. */
  static fromFiles(root: string, inventory: readonly string[], sources: readonly string[], readText: (path: string) => string | null): ImportGraph {
    const graph = new ImportGraph();
    const resolver = createResolver({ root, paths: inventory, readText });
    for (const path of sources) {
      const language = languageOf(path) as CodeLanguage | null;
      const text = language ? readText(path) : null;
      const parsed = text !== null && language ? parseRoot(language, text) : null;
      if (!parsed || !language || text === null) continue;
      for (const ref of importsOf(language, parsed, text)) {
        for (const target of resolver.resolve(path, language, ref)) graph.add(path, target, ref.kind === "export");
      }
    }
    return graph;
  }
}
