// The inventory: the files a workspace consists of. Inside git: tracked plus untracked
// not-ignored (`git ls-files`); outside git: a walk honouring .gitignore files. Always
// minus pruned folders, nested git roots, `.svcignore` / svc.json "ignore" entries,
// symlinks and oversized files (recorded as skipped), and files whose path holds a
// credential (a token as a file name): the index never stores one, and a path is stored.

import { existsSync, lstatSync, realpathSync, type Stats } from "node:fs";
import { join } from "node:path";
import { inventoryGitFiles } from "../git/dirs.ts";
import { lsFiles } from "../git/git.ts";
import { envInt } from "../sys/env.ts";
import { findSecrets } from "../text/redact.ts";
import { inside, leadsOut } from "./allowed.ts";
import type { SvcConfig } from "./config.ts";
import { readInside } from "./read-inside.ts";
import { changeStamp, fileStamp } from "./stamp.ts";
import { IgnoreRules } from "./ignore.ts";
import type { Workspace } from "./root.ts";
import { walkFiles } from "./walk.ts";

export const PRUNED_DIRS: ReadonlySet<string> = new Set(
  (
    ".git .hg .svn .svc node_modules bower_components jspm_packages dist build out coverage .next .nuxt " +
    ".svelte-kit .turbo .parcel-cache .cache .vercel .output .yarn .pnpm-store vendor target bin obj .venv venv " +
    "__pycache__ .pytest_cache .mypy_cache .tox .gradle .idea .vscode .vs .terraform Pods"
  ).split(" "),
);

export const DEFAULT_MAX_FILE_BYTES = 5 * 1024 * 1024;

export interface InventoryEntry {
  /** Root-relative, '/'-separated. */
  path: string;
  size: number;
  /** Its change stamp (stamp.ts: the ctime), stored in the files row as `mtime_ms`. */
  stampMs: number;
}

/** `crashed`: the extraction child died on it twice (kept until the file changes or `svc index --force`). */
export type SkipReason = "binary" | "too-large" | "unreadable" | "crashed";

export interface SkippedFile {
  path: string;
  reason: SkipReason;
}

export interface Inventory {
  root: string;
  source: "git" | "walk";
  /** Sorted by path. */
  files: InventoryEntry[];
  skipped: SkippedFile[];
  nestedRoots: string[];
  warnings: string[];
}

/** The per-file byte cap: SVC_MAX_FILE_BYTES (default 5 MiB; 0 or less = no cap). */
export function maxFileBytes(): number {
  const n = envInt("SVC_MAX_FILE_BYTES", DEFAULT_MAX_FILE_BYTES);
  return n <= 0 ? Number.POSITIVE_INFINITY : n;
}

/** Rules from `.svcignore` (gitignore syntax) and svc.json "ignore". */
export function svcIgnoreRules(root: string, config: SvcConfig): IgnoreRules {
  const rules = new IgnoreRules();
  try {
    rules.addPatterns(readInside(root, ".svcignore", "utf8").split(/\r?\n/));
  } catch {
    // no .svcignore
  }
  if (config.ignore.length) rules.addPatterns(config.ignore);
  return rules;
}

function isPruned(path: string): boolean {
  let start = 0;
  for (let slash = path.indexOf("/"); slash !== -1; slash = path.indexOf("/", start)) {
    if (PRUNED_DIRS.has(path.slice(start, slash))) return true;
    start = slash + 1;
  }
  return false;
}

/** The distinct folders (root-relative) of `paths`. */
function foldersOf(paths: Iterable<string>): Set<string> {
  const dirs = new Set<string>();
  for (const p of paths) {
    // Deepest first; a folder already seen has all its ancestors seen too.
    for (let slash = p.lastIndexOf("/"); slash > 0; slash = p.lastIndexOf("/", slash - 1)) {
      const dir = p.slice(0, slash);
      if (dirs.has(dir)) break;
      dirs.add(dir);
    }
  }
  return dirs;
}

/** Nested git roots: folders below the root that hold their own `.git`, each folder looked at once. */
export class NestedRoots {
  private readonly hasGit = new Map<string, boolean>();
  constructor(private readonly root: string) {}

  private has(dir: string): boolean {
    let yes = this.hasGit.get(dir);
    if (yes === undefined) this.hasGit.set(dir, (yes = existsSync(join(this.root, dir, ".git"))));
    return yes;
  }

  /** Look at the folders of `paths` ahead of need. */
  probe(paths: Iterable<string>): void {
    for (const dir of foldersOf(paths)) this.has(dir);
  }

  /** The nested roots among the folders of `paths`. */
  among(paths: Iterable<string>): Set<string> {
    const nested = new Set<string>();
    for (const dir of foldersOf(paths)) if (this.has(dir)) nested.add(dir);
    return nested;
  }
}

function underAny(path: string, dirs: ReadonlySet<string>): boolean {
  if (dirs.size === 0) return false;
  for (let slash = path.indexOf("/"); slash !== -1; slash = path.indexOf("/", slash + 1)) {
    if (dirs.has(path.slice(0, slash))) return true;
  }
  return false;
}

async function candidatePaths(ws: Workspace, rules: IgnoreRules, warnings: string[]): Promise<{ source: "git" | "walk"; paths: string[]; nested: string[]; links?: string[] }> {
  if (ws.isGit) {
    try {
      const paths = (await lsFiles(ws.root)).filter((p) => !p.endsWith("/"));
      return { source: "git", paths, nested: [] };
    } catch (error) {
      warnings.push(`git ls-files failed (${(error as Error).message}); listed files by walking the folder instead`);
    }
  }
  const walked = walkFiles(ws.root, { prunedNames: PRUNED_DIRS, extraRules: rules });
  return { source: "walk", paths: walked.files, nested: walked.nestedRoots, links: walked.links };
}

/** One lstat, or null when the path is gone or unreadable. */
export function statOf(root: string, path: string): Stats | null {
  try {
    return lstatSync(join(root, path));
  } catch {
    return null; // deleted in the work tree but still in the git index
  }
}

/** Stats taken ahead, while `git ls-files` runs in its own process; yields now and then so its output keeps flowing. */
async function statAhead(root: string, paths: Iterable<string>, nested: NestedRoots): Promise<Map<string, Stats | null>> {
  const stats = new Map<string, Stats | null>();
  const batch: string[] = [];
  const flush = async () => {
    nested.probe(batch);
    for (const p of batch) stats.set(p, statOf(root, p));
    batch.length = 0;
    await new Promise((resolve) => setImmediate(resolve));
  };
  for (const p of paths) {
    batch.push(p);
    if (batch.length === 256) await flush();
  }
  await flush();
  return stats;
}

/**
 * svc.json's tsconfig pins that git ignores (a generated or local-only config): listed all the
 * same, or the pin would be reported missing and another config checked in its place. Only a
 * regular file inside the root (no absolute path, no `..`, no symlink); a folder pin means its
 * tsconfig.json.
 */
function ignoredPins(root: string, config: SvcConfig, listed: ReadonlySet<string>, keep: (p: string) => boolean): string[] {
  const out: string[] = [];
  for (const pin of config.tsconfig) {
    const rel = pin.replace(/\\/g, "/").replace(/^(?:\.\/)+/, "").replace(/\/+$/, "");
    if (rel === "" || rel.startsWith("/") || /^[A-Za-z]:/.test(rel) || rel.split("/").some((seg) => seg === ".." || seg === "." || seg === "")) continue;
    const dir = statOf(root, rel);
    const path = dir?.isDirectory() ? `${rel}/tsconfig.json` : rel;
    if (listed.has(path) || out.includes(path) || !keep(path)) continue;
    if (!statOf(root, path)?.isFile()) continue;
    // a symlinked folder on the way could lead outside the root
    try {
      if (!inside(realpathSync(root), realpathSync(join(root, path)))) continue;
    } catch {
      continue;
    }
    out.push(path);
  }
  return out;
}

export interface InventoryOptions {
  maxFileBytes?: number;
  /** Paths likely in the inventory (those the store knows): stat them while git lists the files. Same answer, less wall time. */
  expected?: Iterable<string>;
}

export async function listInventory(ws: Workspace, config: SvcConfig, options: InventoryOptions = {}): Promise<Inventory> {
  const cap = options.maxFileBytes ?? maxFileBytes();
  const warnings: string[] = [];
  if (config.error) warnings.push(`svc.json ignored: ${config.error}`);
  const rules = svcIgnoreRules(ws.root, config);
  let credentialPaths = 0;
  const credential = (p: string) => findSecrets(p).length > 0 && ++credentialPaths > 0;
  const keep = (p: string) => !isPruned(p) && !(rules.size > 0 && rules.ignores(p, false)) && !credential(p);
  const listing = candidatePaths(ws, rules, warnings); // git runs in a child process from here on
  listing.catch(() => {}); // awaited below; not an unhandled rejection while the stats run
  const nestedProbe = new NestedRoots(ws.root);
  const ahead = ws.isGit && options.expected ? await statAhead(ws.root, options.expected, nestedProbe) : new Map<string, Stats | null>();
  const { source, paths, nested, links = [] } = await listing;
  const kept = paths.filter(keep);
  if (source === "git") kept.push(...ignoredPins(ws.root, config, new Set(kept), keep));
  // not named (the name is the credential), but counted: a file missing from every answer says why
  if (credentialPaths) warnings.push(`${credentialPaths} file${credentialPaths === 1 ? "" : "s"} left out of the index: ${credentialPaths === 1 ? "its path holds" : "their paths hold"} a credential (a token as a file or folder name)`);
  const nestedRoots = new Set(nested);
  if (source === "git") for (const d of nestedProbe.among(kept)) nestedRoots.add(d);

  const files: InventoryEntry[] = [];
  const skipped: SkippedFile[] = [];
  for (const path of kept) {
    if (underAny(path, nestedRoots)) continue;
    const stat = ahead.has(path) ? ahead.get(path)! : statOf(ws.root, path);
    if (stat?.isSymbolicLink()) links.push(path);
    if (!stat || !stat.isFile()) continue; // gone, symlinks, submodule folders
    if (stat.size > cap) {
      skipped.push({ path, reason: "too-large" });
      continue;
    }
    files.push({ path, size: stat.size, stampMs: changeStamp(stat) });
  }
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const out = linksOut(ws.root, source === "walk" ? links.filter(keep) : links);
  if (out.length) warnings.push(`${out.length} symbolic link${out.length === 1 ? "" : "s"} leading out of the workspace not followed (nothing outside it is indexed or shown): ${out.slice(0, 5).join(", ")}${out.length > 5 ? `, and ${out.length - 5} more` : ""}`);
  return { root: ws.root, source, files, skipped, nestedRoots: [...nestedRoots].sort(), warnings };
}

/** The links among `paths` (root-relative) that lead out of the root (dangling ones too, by where they point); links between the workspace's own files are not worth a word. */
function linksOut(root: string, paths: readonly string[]): string[] {
  return paths.filter((p) => leadsOut(root, p)).sort();
}

/** A stamp of git's own files that decide a repository's inventory with no work-tree file touched (HEAD, the index, info/exclude; a linked worktree's live outside it): "" without a repository. */
export function gitInventoryStamp(root: string): string {
  return inventoryGitFiles(root).map(fileStamp).join("|");
}
