// Resolving a focus seed to collected files, first match wins: exact relative path; the file
// of a `path:line`; exact file name; files declaring a symbol of that name; a directory prefix; `Type.Member`.

import type { Database } from "bun:sqlite";
import { validationError } from "../errors.ts";
import { baseName } from "../lang/languages.ts";
import type { IndexedFile } from "./collect.ts";
import { unreadCaveat, type UnreadFiles } from "../index/partial-files.ts";
import { NAMED_TYPE_KINDS_SQL } from "../lang/model.ts";
import { confine } from "../workspace/confine.ts";
import type { Workspace } from "../workspace/root.ts";

export interface ResolvedSeed {
  files: IndexedFile[];
  /** How the seed matched: "path", "declaration" (path:line), "file name", "symbol", "directory", "member". */
  how: string;
  /** For `Type.Member`: the qualified member to keep whole (precision tier). */
  member?: string;
  /** For `path:line`: the line named. */
  line?: number;
}

function normalize(seed: string): string {
  return seed.trim().replace(/\\/g, "/").replace(/^\.\//, "").replace(/\/+$/, "");
}

export function resolveSeed(db: Database, seed: string, files: readonly IndexedFile[], relDir: string): ResolvedSeed | null {
  const s = normalize(seed);
  if (!s) return null;
  const byPath = new Map(files.map((f) => [f.path, f]));
  const ids = new Set(files.map((f) => f.id));
  for (const candidate of [s, relDir ? `${relDir}/${s}` : s]) {
    const hit = byPath.get(candidate);
    if (hit) return { files: [hit], how: "path" };
  }
  // `path:line`, as find, impact and their ambiguity lists name one declaration of a name several files declare: its file
  const at = /^(.+):(\d+)$/.exec(s);
  if (at) {
    for (const candidate of [at[1]!, relDir ? `${relDir}/${at[1]}` : at[1]!]) {
      const hit = byPath.get(candidate);
      if (hit) return { files: [hit], how: "declaration", line: Number(at[2]) };
    }
  }
  const named = files.filter((f) => baseName(f.path) === s);
  if (named.length) return { files: named, how: "file name" };
  const declaring = (name: string, column: "name" | "qualified_name") => {
    const rows = db
      .query(
        `SELECT DISTINCT file_id FROM symbols WHERE ${column} = ? ORDER BY CASE WHEN kind IN ${NAMED_TYPE_KINDS_SQL} THEN 0 ELSE 1 END, exported DESC`,
      )
      .all(name) as { file_id: number }[];
    return rows.map((r) => r.file_id).filter((id) => ids.has(id));
  };
  const fileOf = (id: number) => files.find((f) => f.id === id) as IndexedFile;
  const exact = declaring(s, "name");
  if (exact.length) return { files: exact.map(fileOf), how: "symbol" };
  const dir = files.filter((f) => f.path.startsWith(`${s}/`) || (relDir && f.path.startsWith(`${relDir}/${s}/`)));
  if (dir.length) return { files: dir, how: "directory" };
  if (s.includes(".")) {
    const member = declaring(s, "qualified_name");
    if (member.length) return { files: member.map(fileOf), how: "member", member: s };
  }
  return null;
}

/**
 * A seed that matched nothing and is spelled as a path (a separator, a leading `.`, a drive letter): refused as a path
 * parameter is when it leads out of the workspace (`..`, absolute, a link out) or into `.git/` or `.svc/` — it was
 * looked up among the collected files only, and "matched nothing" hid why. Relative to the call's folder or the root.
 */
export function confineSeedPath(workspace: Workspace, seed: string, label: string): void {
  if (!/[/\\]/.test(seed) && !seed.startsWith(".") && !/^[A-Za-z]:/.test(seed)) return;
  try {
    confine(workspace.root, seed, `use ${label}`, workspace.dir);
  } catch (error) {
    if (workspace.dir === workspace.root) throw error;
    confine(workspace.root, seed, `use ${label}`);
  }
}

/** A focus seed that matched nothing: what was searched, a caveat when files were only partly read, and what to try. */
export function seedNotFound(seed: string, files: readonly IndexedFile[]): Error {
  return validationError(`focus seed '${seed}' matched no collected file (${files.length} collected)${unreadCaveat(unreadOf(files), "declarations")}; ${SEED_NEXT}`);
}

/** What to try after a seed that matched nothing (surface-neutral: an error is not rendered per surface). */
export const SEED_NEXT = "pass a file path, a folder, a declared name or path:line; svc_find looks one up (CLI: svc find <name>)";

/** The collected files the syntax tier could only partly read, and the minified ones it did not parse. */
export function unreadOf(files: readonly IndexedFile[]): UnreadFiles {
  return { partial: files.filter((f) => f.partial).map((f) => f.path), minified: files.filter((f) => f.minified).map((f) => f.path) };
}
