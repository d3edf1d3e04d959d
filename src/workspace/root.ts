// Workspace identity: the root of a path is the nearest ancestor (the path included) that
// holds a `.git` directory or file; without git it is the directory given. Everything keys
// on the normalized, symlink-resolved absolute root.

import { unescapeBidi } from "../text/bidi.ts";
import { existsSync, lstatSync, realpathSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { SvcError, validationError } from "../errors.ts";
import { currentUid } from "../sys/home.ts";
import { assertAllowed } from "./allowed.ts";
import { NOT_WORKSPACE_FILES, internalFolder } from "./internal-folders.ts";

export interface Workspace {
  /** Absolute, realpath'd workspace root. */
  root: string;
  /** Absolute, realpath'd directory the call is about (the root or a folder inside it). */
  dir: string;
  /** `dir` relative to `root`, '/'-separated, '' for the root itself. */
  relDir: string;
  /** Whether the root is a git work tree (has `.git`). */
  isGit: boolean;
}

export function toPosix(path: string): string {
  return sep === "/" ? path : path.split(sep).join("/");
}

/**
 * Whether `folder/.git` may have been planted by another user: it is not ours and the folder
 * lets others create entries (o+w, as /tmp): anyone could make a `.git` there and every
 * folder below would become that "repository" — indexed whole (other users' files in the
 * answers), its store written beside it. Git refuses such a repository too (safe.directory).
 */
function plantedGit(folder: string): boolean {
  const uid = currentUid();
  if (uid === null) return false;
  try {
    return lstatSync(join(folder, ".git")).uid !== uid && (statSync(folder).mode & 0o002) !== 0;
  } catch {
    return false;
  }
}

/** The nearest ancestor of `dir` (inclusive) containing `.git` (not one another user may have planted), or null. */
export function findGitRoot(dir: string): string | null {
  let current = dir;
  for (;;) {
    if (existsSync(join(current, ".git")) && !plantedGit(current)) return current;
    const parent = dirname(current);
    if (parent === current) return null;
    current = parent;
  }
}

/** Resolve a `path` argument (relative to `cwd`) to its workspace. */
export function resolveWorkspace(path: string, cwd: string): Workspace {
  // a folder shown with a bidi control escaped, as shown (text/bidi.ts) — unless only a folder named with that text exists
  // (a backslash is a file-name character here; confine.ts asShown does the same for files)
  const given = path || ".";
  const shown = resolve(cwd, unescapeBidi(given));
  const requested = shown !== resolve(cwd, given) && !existsSync(shown) && existsSync(resolve(cwd, given)) ? resolve(cwd, given) : shown;
  // a serving surface's policy refuses a root outside it, whether or not the path exists
  assertAllowed(requested);
  let stat;
  try {
    stat = statSync(requested);
  } catch {
    throw new SvcError("workspace_not_found", `directory not found: ${requested}`);
  }
  if (!stat.isDirectory()) {
    throw validationError(`path '${path}' is a file, not a directory (${requested}); pass the folder that contains it`);
  }
  const dir = realpathSync(requested);
  const gitRoot = findGitRoot(dir);
  const root = gitRoot ?? dir;
  assertAllowed(root);
  const relDir = toPosix(relative(root, dir));
  // the folder a call is about, inside git's own data or svc's store: refused as a path parameter naming it is (confine.ts)
  const internal = relDir.split("/").map(internalFolder).find((folder) => folder !== undefined);
  if (internal) throw validationError(`refusing to work in '${path || "."}': ${relDir} is inside ${internal}/, ${NOT_WORKSPACE_FILES.get(internal)}, not a workspace folder; pass the workspace root (${root}) or a folder of its files`);
  return { root, dir, relDir, isGit: gitRoot !== null };
}
