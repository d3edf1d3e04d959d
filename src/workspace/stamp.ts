// A file's change stamp: what tells svc, with the size, that a file may have changed since it
// was read. It is the inode's change time (ctime), not the modification time: every write moves
// both, but the mtime can be set back (`touch -d`, `cp -p`, `tar x`, `rsync -t`, an editor that
// keeps it) and a file then keeps its size and mtime with other bytes in it; nothing but the
// system clock sets a ctime. A ctime that moved without the bytes changing (chmod, a hard link)
// costs one content-hash comparison, never a re-extraction.

/** The stamp of a stat (fs.Stats, or anything with its ctime). */
export function changeStamp(stat: { ctimeMs: number }): number {
  return stat.ctimeMs;
}
