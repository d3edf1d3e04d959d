// The files of a work tree that no commit carries: those git ignores (.gitignore, info/exclude,
// core.excludesFile) and, when asked, the untracked ones. The gate reads them from disk like any
// other file, so a committed file importing one passes on what the disk has (generated code is
// often ignored): the verdict names it (check/gate-unversioned.ts).

import { gitText } from "./git.ts";

export interface Unversioned {
  /** Tracked files (the index's): with the others, what an import may resolve to. */
  tracked: string[];
  /** Ignored files under the work tree, node_modules left out (packages are no file of the change). */
  ignored: string[];
  /** Untracked, not ignored files (empty unless asked). */
  untracked: string[];
}

const SVC_STORE = ":(exclude).svc";
const PACKAGES = /(^|\/)node_modules(\/|$)/;
const list = async (root: string, args: string[]) => (await gitText(root, ["ls-files", "-z", ...args, "--", ".", SVC_STORE], { timeoutMs: 60_000, maxOutputBytes: 256 * 1024 * 1024 })).split("\0").filter(Boolean);

/** The work tree's tracked, ignored and (with `untracked`) untracked files; null when git cannot list them. */
export async function unversionedFiles(root: string, untracked: boolean): Promise<Unversioned | null> {
  try {
    // ignored directories listed whole first: node_modules is never expanded
    const entries = (await list(root, ["--others", "--ignored", "--exclude-standard", "--directory"])).filter((p) => !PACKAGES.test(p));
    const dirs = entries.filter((p) => p.endsWith("/"));
    const inDirs = dirs.length ? (await gitText(root, ["ls-files", "-z", "--others", "--ignored", "--exclude-standard", "--", ...dirs.map((d) => `:(literal)${d}`)], { timeoutMs: 60_000, maxOutputBytes: 256 * 1024 * 1024 })).split("\0").filter((p) => p && !PACKAGES.test(p)) : [];
    return {
      tracked: await list(root, ["--cached"]),
      ignored: [...entries.filter((p) => !p.endsWith("/")), ...inDirs],
      untracked: untracked ? await list(root, ["--others", "--exclude-standard"]) : [],
    };
  } catch {
    return null;
  }
}
