// Whether a folder is the user's own: `lstat` shows a real directory (not a symlink) owned by
// the current uid. The host's runtime folder and the binary's cache folder are trusted only
// then (each adds its own rule on the mode); without a uid (no POSIX ids) any directory is.

import { lstatSync, type Stats } from "node:fs";
import { currentUid } from "./home.ts";

export type OwnDir = { state: "missing" } | { state: "ours"; stat: Stats } | { state: "bad"; why: string; remedy: "remove" | "owner" | null };

export function inspectOwnDir(dir: string): OwnDir {
  let stat: Stats;
  try {
    stat = lstatSync(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return { state: "missing" };
    return { state: "bad", why: `cannot be inspected (${code ?? (error as Error).message})`, remedy: null };
  }
  if (stat.isSymbolicLink()) return { state: "bad", why: "is a symbolic link", remedy: "remove" };
  if (!stat.isDirectory()) return { state: "bad", why: "is not a directory", remedy: "remove" };
  const uid = currentUid();
  if (uid !== null && stat.uid !== uid) return { state: "bad", why: `is owned by uid ${stat.uid}, not by you (uid ${uid})`, remedy: "owner" };
  return { state: "ours", stat };
}
