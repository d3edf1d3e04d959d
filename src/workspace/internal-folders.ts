// The folders inside a workspace root that hold no workspace files — git's own data and svc's store — and the spellings
// file systems take for them. Read by confine.ts (every path parameter) and root.ts (the folder a call is about).

/** Folders inside a root that hold no workspace files (at any depth: a nested repository's `.git` too). */
export const NOT_WORKSPACE_FILES: ReadonlyMap<string, string> = new Map([
  [".git", "git's own data"],
  [".svc", "svc's index store"],
]);

/**
 * Code points HFS+ ignores in a name (`.g\u200Cit` is `.git` there): the joiners, direction
 * marks and embeddings, the deprecated format characters and the BOM (git's is_hfs_dotgit list).
 */
const HFS_IGNORED = /[\u200C-\u200F\u202A-\u202E\u206A-\u206F\uFEFF]/g;

/**
 * The internal folder (`.git`, `.svc`) a name is taken for by some file system, else undefined:
 * case-insensitive ones (macOS, Windows: `.GIT`, `.Svc`), normalizing ones (NFC or NFD),
 * HFS+ (ignored code points), NTFS (trailing dots and spaces, the 8.3 short name `GIT~1`).
 * This system's own file system may be none of these; a checkout or a write elsewhere may be.
 */
export function internalFolder(name: string): string | undefined {
  if (NOT_WORKSPACE_FILES.has(name)) return name;
  const folded = name.replace(HFS_IGNORED, "").normalize("NFC").toLowerCase().replace(/[. ]+$/, "");
  if (NOT_WORKSPACE_FILES.has(folded)) return folded;
  const short = /^(git|svc)~1$/.exec(folded);
  return short ? `.${short[1]}` : undefined;
}
