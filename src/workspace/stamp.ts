// A file's change stamp: what tells svc, with the size, that a file may have changed since it
// was read. It is the inode's change time (ctime), not the modification time: every write moves
// both, but the mtime can be set back (`touch -d`, `cp -p`, `tar x`, `rsync -t`, an editor that
// keeps it) and a file then keeps its size and mtime with other bytes in it; nothing but the
// system clock sets a ctime. A ctime that moved without the bytes changing (chmod, a hard link)
// costs one content-hash comparison, never a re-extraction.

import { createHash } from "node:crypto";
import { lstatSync } from "node:fs";
import { readInside } from "./read-inside.ts";

/** The stamp of a stat (fs.Stats, or anything with its ctime). */
export function changeStamp(stat: { ctimeMs: number }): number {
  return stat.ctimeMs;
}

/** `size:stamp` of the file at an absolute path, "-" when there is none. */
export function fileStamp(abs: string): string {
  try {
    const s = lstatSync(abs);
    return `${s.size}:${changeStamp(s)}`;
  } catch {
    return "-";
  }
}

/** The hash the store keeps of a file's bytes. */
export function contentHash(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** The hash of `path`'s bytes now (root-relative, confined), or null when it cannot be read. */
export function hashNow(root: string, path: string): string | null {
  try {
    return contentHash(readInside(root, path));
  } catch {
    return null;
  }
}
