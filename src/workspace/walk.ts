// The inventory walk used outside git: every regular file below a root, honouring the .gitignore
// files found on the way, pruned folder names, extra svc rules, and nested git roots.

import { type Dirent, lstatSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { IgnoreRules } from "./ignore.ts";

export interface WalkOptions {
  /** Folder names never entered (compared to the directory's base name). */
  prunedNames: ReadonlySet<string>;
  /** Extra rules (from .svcignore / svc.json) applied on top of the .gitignore files found. */
  extraRules?: IgnoreRules;
}

export interface WalkResult {
  files: string[];
  nestedRoots: string[];
  /** Symbolic links met (not ignored), never followed. */
  links: string[];
}

type Kind = "file" | "dir" | "link" | "other";

/** Dirent type without following symlinks; falls back to lstat when the filesystem reports no type. */
function kindOf(entry: Dirent, abs: string): Kind {
  if (entry.isSymbolicLink()) return "link";
  if (entry.isFile()) return "file";
  if (entry.isDirectory()) return "dir";
  if (entry.isFIFO() || entry.isSocket() || entry.isCharacterDevice() || entry.isBlockDevice()) return "other";
  try {
    const st = lstatSync(abs);
    return st.isFile() ? "file" : st.isDirectory() ? "dir" : st.isSymbolicLink() ? "link" : "other";
  } catch {
    return "other";
  }
}

/**
 * Walk `root` (absolute, a directory) and return workspace-relative '/'-separated paths of regular
 * files, sorted (code-unit order). Honours every `.gitignore` on the way (each relative to its folder),
 * never enters pruned folders, never follows symlinks (symlinked entries are not listed: `links` names them), and does not
 * enter folders that are their own git root (a `.git` file or directory) — those go to nestedRoots.
 * `.git` entries themselves are never listed. Unreadable directories are skipped silently.
 * A path is excluded when either the .gitignore rules or `extraRules` exclude it.
 */
export function walkFiles(root: string, options: WalkOptions): WalkResult {
  const { prunedNames, extraRules } = options;
  const rules = new IgnoreRules();
  const files: string[] = [];
  const nestedRoots: string[] = [];
  const links: string[] = [];
  const ignored = (rel: string, isDir: boolean): boolean =>
    rules.ignores(rel, isDir) || (extraRules !== undefined && extraRules.ignores(rel, isDir));

  // Explicit stack instead of recursion: deep trees cannot overflow the call stack.
  const stack: string[] = [""];
  while (stack.length > 0) {
    const rel = stack.pop()!;
    const abs = rel === "" ? root : join(root, rel);
    let entries: Dirent[];
    try {
      entries = readdirSync(abs, { withFileTypes: true });
    } catch {
      continue; // unreadable or vanished: listed nowhere
    }
    if (rel !== "" && entries.some((e) => e.name === ".git")) {
      nestedRoots.push(rel);
      continue;
    }
    const prefix = rel === "" ? "" : `${rel}/`;
    const gitignore = entries.find((e) => e.name === ".gitignore");
    if (gitignore && kindOf(gitignore, join(abs, gitignore.name)) === "file") {
      try {
        rules.add(rel, readFileSync(join(abs, gitignore.name), "utf8"));
      } catch {
        // unreadable .gitignore: no rules from it
      }
    }
    for (const entry of entries) {
      const name = entry.name;
      if (name === ".git") continue;
      const kind = kindOf(entry, join(abs, name));
      const childRel = prefix + name;
      if (kind === "dir") {
        if (!prunedNames.has(name) && !ignored(childRel, true)) stack.push(childRel);
      } else if (kind === "file") {
        if (!ignored(childRel, false)) files.push(childRel);
      } else if (kind === "link" && !prunedNames.has(name) && !ignored(childRel, false)) {
        links.push(childRel);
      }
    }
  }
  files.sort();
  nestedRoots.sort();
  links.sort();
  return { files, nestedRoots, links };
}
