// Import edges: the stored import references of files resolved to workspace files.
// Re-run for every file when the file set changed (an added file can satisfy an old
// import, a removed one breaks it) or a file the resolver reads changed, else only for
// the files that were re-extracted (importEdgesPass.scope says so as code).

import type { Database } from "bun:sqlite";
import { isCodeLanguage } from "../lang/languages.ts";
import type { ImportRef } from "./imports/extract.ts";
import { createResolver, type Resolver } from "./imports/resolve.ts";
import type { DerivePass } from "./pass.ts";
import type { StoreWriter } from "./write.ts";
import { readInside } from "../workspace/read-inside.ts";

interface ImportRow {
  file_id: number;
  path: string;
  language: string | null;
  specifier: string;
  kind: ImportRef["kind"];
  names: string;
  type_only: number;
  line: number;
}

/** The import resolver over the store's files (shared by import edges and wiring). */
export function importResolver(db: Database, root: string): Resolver {
  const files = db.query("SELECT path FROM files").all() as { path: string }[];
  return createResolver({
    root,
    paths: files.map((f) => f.path),
    readText: (path) => {
      try {
        return readInside(root, path, "utf8");
      } catch {
        return null;
      }
    },
  });
}

/** Resolve the imports of `fileIds` (all files when null) and rewrite their import edges. Returns the edge count written. */
export function rebuildImportEdges(db: Database, writer: StoreWriter, root: string, fileIds: readonly number[] | null, resolver = importResolver(db, root)): number {
  // Few files (a save): look their targets up one by one rather than loading every path.
  const files = fileIds === null ? (db.query("SELECT id, path FROM files").all() as { id: number; path: string }[]) : null;
  const byPath = files ? new Map(files.map((f) => [f.path, f.id])) : null;
  const lookup = db.prepare("SELECT id FROM files WHERE path = ?");
  const idOf = (path: string): number | undefined => (byPath ? byPath.get(path) : (lookup.get(path) as { id: number } | null)?.id);
  const targets = fileIds ?? files!.map((f) => f.id);
  const columns = "SELECT i.file_id, f.path, f.language, i.specifier, i.kind, i.names, i.type_only, i.line FROM imports i JOIN files f ON f.id = i.file_id";
  const select = db.prepare(`${columns} WHERE i.file_id = ? ORDER BY i.id`);
  // Every file: read all imports in one query (one per file costs more than the resolving), each file's in stored order.
  const byFile = files ? new Map<number, ImportRow[]>() : null;
  if (byFile) {
    for (const row of db.query(`${columns} ORDER BY i.id`).all() as ImportRow[]) {
      const rows = byFile.get(row.file_id);
      if (rows) rows.push(row);
      else byFile.set(row.file_id, [row]);
    }
  }
  const importsOf = (fileId: number): ImportRow[] => (byFile ? (byFile.get(fileId) ?? []) : (select.all(fileId) as ImportRow[]));
  let count = 0;
  if (!fileIds) writer.deleteImportEdges(null);
  for (const fileId of targets) {
    if (fileIds) writer.deleteImportEdges(fileId);
    const seen = new Set<number>();
    for (const row of importsOf(fileId)) {
      if (!isCodeLanguage(row.language as never)) continue;
      const ref: ImportRef = {
        specifier: row.specifier,
        kind: row.kind,
        names: row.names ? row.names.split(",") : [],
        typeOnly: row.type_only === 1,
        line: row.line,
      };
      for (const target of resolver.resolve(row.path, row.language as never, ref)) {
        const to = idOf(target);
        if (to === undefined || to === fileId || seen.has(to)) continue;
        seen.add(to);
        writer.addEdge(fileId, to, "imports", 1, 0.9, row.line);
        count++;
      }
    }
  }
  return count;
}

/**
 * A file the resolver reads to resolve other files' imports (tsconfig/jsconfig `paths` and
 * `baseUrl`, package.json names, exports and imports, go.mod, Cargo.toml): a change to one
 * can move the targets of imports in files that did not change. A config a tsconfig extends
 * under another name (`./base.json`) is told by its content: holdsCompilerOptions.
 */
export function isResolverConfig(path: string): boolean {
  return /^(?:[tj]sconfig.*\.json|package\.json|go\.mod|Cargo\.toml)$/.test(path.slice(path.lastIndexOf("/") + 1)) && !path.includes("node_modules/");
}

/** A JSON file a tsconfig or jsconfig may extend under any name (`"extends": "./base.json"`): one holding compiler options. */
export function holdsCompilerOptions(path: string, text: string | null): boolean {
  return path.endsWith(".json") && !path.includes("node_modules/") && text !== null && text.includes('"compilerOptions"');
}

function readOrNull(root: string, path: string): string | null {
  try {
    return readInside(root, path, "utf8");
  } catch {
    return null;
  }
}

/** Whether one of these (changed) files is a config extended under another name: then every import is resolved again. */
function extendedConfigAmong(db: Database, root: string, ids: Iterable<number>): boolean {
  const pathOf = db.query("SELECT path FROM files WHERE id = ?");
  for (const id of ids) {
    const path = (pathOf.get(id) as { path: string } | null)?.path;
    if (path?.endsWith(".json") && holdsCompilerOptions(path, readOrNull(root, path))) return true; // a removed one changes the file set: all anyway
  }
  return false;
}

/** The import resolution pass: `imports` edges from the stored import references. */
export const importEdgesPass: DerivePass = {
  kind: "derive",
  name: "import edges",
  reads: ["files", "imports"],
  writes: ["edges:imports"],
  scope: (change) => (change.fileSetChanged || [...change.extractedPaths, ...change.removedPaths].some(isResolverConfig) ? "all" : change.changedIds.length ? new Set(change.changedIds) : "none"),
  run: (ctx, scope) => {
    const all = scope === "all" || extendedConfigAmong(ctx.db, ctx.root, scope);
    rebuildImportEdges(ctx.db, ctx.writer, ctx.root, all ? null : [...scope], ctx.resolver());
  },
};
