// Collection for fusion: the inventory restricted to the requested directory, a template
// (or every known file type), the EXCL filters and the size cap; trivial files dropped.

import { languageOf, type LanguageId } from "../lang/languages.ts";
import { isLockfile, isTrivial } from "../workspace/classify.ts";
import { loadConfig } from "../workspace/config.ts";
import { loadText } from "../workspace/files.ts";
import { IgnoreRules } from "../workspace/ignore.ts";
import { listInventory, type SkippedFile } from "../workspace/inventory.ts";
import type { Workspace } from "../workspace/root.ts";
import { anyTemplateMatcher, isTestPath, isUnitTestPath, templateMatcher, type ExtensionFilter, type Template } from "../workspace/templates.ts";

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
}

export interface CollectedFile {
  /** Root-relative, '/'-separated. */
  path: string;
  text: string;
  language: LanguageId | null;
  isTest: boolean;
  isGenerated: boolean;
}

export interface Collection {
  workspace: Workspace;
  files: CollectedFile[];
  skipped: SkippedFile[];
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

export async function collect(ws: Workspace, options: CollectOptions): Promise<Collection> {
  const config = loadConfig(ws.root, ws.dir);
  const kb = options.maxFileSizeKb ?? 0;
  const inventory = await listInventory(ws, config);
  const belongs = options.template ? templateMatcher(options.template, options) : anyTemplateMatcher();
  const excluded = exclusionMatcher(ws.relDir, options);
  const files: CollectedFile[] = [];
  const skipped: SkippedFile[] = [...inventory.skipped.filter((s) => under(s.path, ws.relDir))];
  for (const entry of inventory.files) {
    if (!under(entry.path, ws.relDir) || !belongs(entry.path) || isLockfile(entry.path) || excluded(entry.path)) continue;
    if (kb > 0 && entry.size > kb * 1024) continue;
    const loaded = loadText(ws.root, entry.path);
    if (!loaded.ok) {
      skipped.push({ path: entry.path, reason: loaded.reason });
      continue;
    }
    if (isTrivial(loaded.text)) continue;
    files.push({
      path: entry.path,
      text: loaded.text,
      language: languageOf(entry.path),
      isTest: isTestPath(entry.path),
      isGenerated: loaded.generated,
    });
  }
  return { workspace: ws, files, skipped, warnings: inventory.warnings };
}
