// Atomic file replacement: write a temp file in the same folder, fsync it, rename it over
// the target, fsync the folder. An interrupted write leaves the old file (or none) intact,
// and a reader never sees a half-written file.

import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, statSync, writeSync } from "node:fs";
import { basename, dirname, join } from "node:path";

/** `options.mode` sets the file's permissions; without it an existing file keeps its own (a new one gets 0644). */
export function writeFileAtomic(file: string, content: string | Uint8Array, options: { mode?: number } = {}): void {
  const dir = dirname(file);
  mkdirSync(dir, { recursive: true });
  let mode = options.mode ?? 0o644;
  if (options.mode === undefined) {
    try {
      mode = statSync(file).mode & 0o7777; // keep an existing file's permissions
    } catch {
      // a new file
    }
  }
  const stamp = `svc-${process.pid}-${Date.now().toString(36)}.tmp`;
  const name = basename(file);
  // A name near the file system's 255-byte limit gets a short temp name (the rename still gives the real one).
  const temp = join(dir, Buffer.byteLength(name) > 200 ? `.${stamp}` : `.${name}.${stamp}`);
  const fd = openSync(temp, "wx", mode);
  try {
    const bytes = typeof content === "string" ? Buffer.from(content, "utf8") : content;
    for (let off = 0; off < bytes.length; ) off += writeSync(fd, bytes, off, bytes.length - off);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temp, { force: true });
    throw error;
  }
  closeSync(fd);
  try {
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
  try {
    const dirFd = openSync(dir, "r");
    try {
      fsyncSync(dirFd);
    } finally {
      closeSync(dirFd);
    }
  } catch {
    // some filesystems refuse fsync on a directory; the rename itself is atomic
  }
}
