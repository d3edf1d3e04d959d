// Writing into a file's own inode, for a file with more than one hard link: an atomic
// write (temp file + rename) would give this name a new inode and leave every other name
// with the old content. Not atomic — the price of keeping the link — so the caller runs it
// only after every check passed, and the bytes read back through the open descriptor must
// still be the ones those checks saw.

import { closeSync, fstatSync, fsyncSync, ftruncateSync, openSync, readSync, writeSync } from "node:fs";

/** Replaces the content of `file` (same inode, same links and mode) if it still holds `expected`; false when it changed since (nothing written). */
export function writeFileInPlace(file: string, expected: Uint8Array, content: string | Uint8Array): boolean {
  const fd = openSync(file, "r+");
  try {
    const size = fstatSync(fd).size;
    if (size !== expected.length) return false;
    const now = Buffer.alloc(size);
    for (let off = 0; off < size; ) {
      const n = readSync(fd, now, off, size - off, off);
      if (n === 0) return false;
      off += n;
    }
    if (!now.equals(expected)) return false;
    const bytes = typeof content === "string" ? Buffer.from(content, "utf8") : content;
    for (let off = 0; off < bytes.length; ) off += writeSync(fd, bytes, off, bytes.length - off, off);
    ftruncateSync(fd, bytes.length);
    fsyncSync(fd);
    return true;
  } finally {
    closeSync(fd);
  }
}
