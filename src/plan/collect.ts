// Collection for fusion, from the index: the files under the requested directory that
// belong to the template (or to any known file type), minus the EXCL filters, the size cap,
// lockfiles and trivial files. The index is built first when the directory has none.

import type { Database } from "bun:sqlite";
import { SvcError, validationError } from "../errors.ts";
import { indexAfterBuild } from "../indexing/fresh.ts";
import type { OpenIndex } from "../index/open.ts";
import { isMinifiedRow } from "../index/partial-files.ts";
import type { LanguageId } from "../lang/languages.ts";
import { isLockfile, isTrivial } from "../workspace/classify.ts";
import { loadConfig } from "../workspace/config.ts";
import { globCostProblem, IgnoreRules } from "../workspace/ignore.ts";
import type { SkippedFile, SkipReason } from "../workspace/inventory.ts";
import type { Workspace } from "../workspace/root.ts";
import { anyTemplateMatcher, isTestPath, isUnitTestPath, templateMatcher, type ExtensionFilter, type Template } from "../workspace/templates.ts";
import { readInside } from "../workspace/read-inside.ts";

export interface ExclusionFilter {
  excludeDirectories?: string[] | null;
  excludeFiles?: string[] | null;
  excludePatterns?: string[] | null;
  excludeTestProjects?: boolean | null;
  excludeUnitTestProjects?: boolean | null;
}

export interface CollectOptions extends ExclusionFilter, ExtensionFilter {
  /** null = every file type svc knows (toc and the scoped catalog B tools). */
  template?: Template | null;
  /** 0 or null = no per-call limit (the inventory's SVC_MAX_FILE_BYTES cap still applies). */
  maxFileSizeKb?: number | null;
  /** Every indexed file, whatever its type (the caller narrows by template itself). */
  allTypes?: boolean;
}

export interface IndexedFile {
  id: number;
  /** Root-relative, '/'-separated. */
  path: string;
  language: LanguageId | null;
  size: number;
  /** Index estimate of the file's tokens. */
  tokens: number;
  isTest: boolean;
  isGenerated: boolean;
  /** The syntax tier could not read all of it (parse_status partial): its declarations may be incomplete. */
  partial?: boolean;
  /** A minified code file: never parsed (only declarations at line heads listed), not full-text indexed. */
  minified?: boolean;
}

export interface Collection {
  workspace: Workspace;
  index: OpenIndex;
  files: IndexedFile[];
  byId: Map<number, IndexedFile>;
  skipped: SkippedFile[];
  /** Problems the user should know about (an invalid svc.json). */
  warnings: string[];
}

function under(path: string, dir: string): boolean {
  return dir === "" || path.startsWith(`${dir}/`);
}

/** A predicate for the EXCL filters, over root-relative paths, with patterns relative to `relDir`. */
export function exclusionMatcher(relDir: string, filter: ExclusionFilter): (path: string) => boolean {
  const dirNames = new Set((filter.excludeDirectories ?? []).filter((d) => !d.includes("/")));
  const dirPaths = (filter.excludeDirectories ?? []).filter((d) => d.includes("/")).map((d) => d.replace(/^\.?\/+|\/+$/g, ""));
  const fileNames = new Set(filter.excludeFiles ?? []);
  const patterns = new IgnoreRules();
  for (const [i, glob] of (filter.excludePatterns ?? []).entries()) {
    const problem = globCostProblem(glob);
    if (problem) throw validationError(`excludePatterns[${i}] ${problem}`);
  }
  if (filter.excludePatterns?.length) patterns.addPatterns(filter.excludePatterns, relDir);
  const rel = (path: string) => (relDir === "" ? path : path.slice(relDir.length + 1));
  return (path) => {
    const local = rel(path);
    const segs = local.split("/");
    const name = segs[segs.length - 1] ?? "";
    if (fileNames.has(name) || fileNames.has(local)) return true;
    for (let i = 0; i < segs.length - 1; i++) if (dirNames.has(segs[i] ?? "")) return true;
    if (dirPaths.some((d) => local.startsWith(`${d}/`))) return true;
    if (patterns.size > 0 && patterns.ignores(path, false)) return true;
    if (filter.excludeTestProjects && isTestPath(local)) return true;
    if (filter.excludeUnitTestProjects && isUnitTestPath(local)) return true;
    return false;
  };
}

const TRIVIAL_MAX_BYTES = 64;

function trivialOnDisk(root: string, path: string): boolean {
  try {
    return isTrivial(readInside(root, path, "utf8"));
  } catch {
    return true;
  }
}

/** The collection of `ws` from its index (opened and kept open: close `index.db` when done). */
export async function collectIndexed(
  ws: Workspace,
  options: CollectOptions,
  ctx: { longLived?: boolean; host?: boolean; signal?: AbortSignal },
): Promise<Collection> {
  const index = await indexAfterBuild(ws.root, ctx);
  if (!index.available) throw new SvcError(index.state === "index_busy" ? "index_busy" : "index_rebuilding", `${index.detail}; retry shortly`);
  return collectFrom(index, ws, options);
}

/** Collected file lists of recent (store, build, folder, options), for long-lived processes. */
const cached = new Map<string, IndexedFile[]>();

/** The collection of `ws` from an open index (the file list is reused while the store's build is unchanged). */
export function collectFrom(index: OpenIndex, ws: Workspace, options: CollectOptions): Collection {
  const key = `${index.db.filename}\0${index.meta.index_completed_at ?? ""}\0${ws.relDir}\0${JSON.stringify(options)}`;
  const files = cached.get(key) ?? collectFiles(index, ws, options);
  if (!cached.has(key)) {
    if (cached.size >= 4) cached.delete(cached.keys().next().value as string);
    cached.set(key, files);
  }
  const config = loadConfig(ws.root, ws.dir);
  const warnings = config.error ? [`svc.json ignored: ${config.error}`] : [];
  return { workspace: ws, index, files, byId: byIdOf(files), skipped: skippedUnder(index.db, ws.relDir), warnings };
}

const derived = new WeakMap<readonly IndexedFile[], Map<(files: readonly IndexedFile[]) => unknown, unknown>>();

/** `compute(files)`, kept while the file list is (collectFrom reuses a list per store build and options). */
export function perFileList<T>(files: readonly IndexedFile[], compute: (files: readonly IndexedFile[]) => T): T {
  let values = derived.get(files);
  if (!values) derived.set(files, (values = new Map()));
  if (!values.has(compute)) values.set(compute, compute(files));
  return values.get(compute) as T;
}

const byIdMap = (files: readonly IndexedFile[]) => new Map(files.map((f) => [f.id, f]));
function byIdOf(files: IndexedFile[]): Map<number, IndexedFile> {
  return perFileList(files, byIdMap);
}

function collectFiles(index: OpenIndex, ws: Workspace, options: CollectOptions): IndexedFile[] {
  const belongs = options.allTypes ? () => true : options.template ? templateMatcher(options.template, options) : anyTemplateMatcher();
  const excluded = exclusionMatcher(ws.relDir, options);
  const maxBytes = (options.maxFileSizeKb ?? 0) > 0 ? (options.maxFileSizeKb as number) * 1024 : Number.POSITIVE_INFINITY;
  const files: IndexedFile[] = [];
  for (const row of index.db
    .query("SELECT id, path, language, size, tokens, is_test, is_generated, parse_status FROM files ORDER BY path")
    .iterate() as Iterable<{ id: number; path: string; language: string | null; size: number; tokens: number; is_test: number; is_generated: number; parse_status: string }>) {
    if (!under(row.path, ws.relDir) || !belongs(row.path) || isLockfile(row.path) || excluded(row.path) || row.size > maxBytes) continue;
    if (row.size <= TRIVIAL_MAX_BYTES && trivialOnDisk(ws.root, row.path)) continue;
    files.push({
      id: row.id,
      path: row.path,
      language: row.language as LanguageId | null,
      size: row.size,
      tokens: row.tokens,
      isTest: row.is_test === 1,
      isGenerated: row.is_generated === 1,
      ...(row.parse_status === "partial" ? { partial: true } : {}),
      ...(isMinifiedRow(row) ? { minified: true } : {}),
    });
  }
  return files;
}

function skippedUnder(db: Database, relDir: string): SkippedFile[] {
  return (db.query("SELECT path, reason FROM skipped_files ORDER BY path").all() as { path: string; reason: SkipReason }[]).filter((s) =>
    under(s.path, relDir),
  );
}

/** The same collection restricted to the files `keep` accepts. */
export function narrowCollection(collection: Collection, keep: (file: IndexedFile) => boolean): Collection {
  const files = collection.files.filter(keep);
  return { ...collection, files, byId: new Map(files.map((f) => [f.id, f])) };
}
