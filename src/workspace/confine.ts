// Path confinement: the one helper every path-like parameter goes through. A path is
// resolved against the workspace root (symlinks included, a dangling one too) and refused
// when it leaves it, or when it names git's own data (`.git/`) or svc's store (`.svc/`):
// those are inside the folder but not the workspace's files, and no parameter reads or
// writes them.

import { unescapeBidi } from "../text/bidi.ts";
import { existsSync } from "node:fs";
import { relative, resolve, sep } from "node:path";
import { clipInput, validationError } from "../errors.ts";
import { assertAllowed, inside, realpathLenient } from "./allowed.ts";
import { toPosix } from "./root.ts";
import { NOT_WORKSPACE_FILES, internalFolder } from "./internal-folders.ts";

export interface ConfinedPath {
  /** Absolute path (symlinks resolved as far as the path exists). */
  abs: string;
  /** Root-relative, '/'-separated. '' is the root itself. */
  rel: string;
}

/**
 * Resolve `path` (relative to `base`, the root by default, or absolute) inside `root`
 * (already realpath'd), or throw
 * `validation_error: refusing to <action> '<path>': it resolves outside the workspace root <root>`
 * (`workspace_not_allowed:` instead when a serving surface's policy excludes a path named
 * outside the root, see allowed.ts; a path named inside that a symbolic link carries out is
 * refused as leaving the root, whatever the policy). A path named through a link that leads
 * into the root (the root reached by another name) is accepted, as where it leads.
 */
export function confine(root: string, path: string, action: string, base: string = root): ConfinedPath {
  if (path.includes("\0")) throw validationError(`refusing to ${action} '${path.replace(/\0/g, "\\0")}': it contains a NUL byte`);
  const abs = resolve(base, systemPath(asShown(path, base, action), base, action));
  // where it leads decides: an absolute path through a link to the root (a checkout reached by
  // another name) is inside; a name inside that a link carries out is not
  const real = realpathLenient(abs);
  if (!inside(root, real)) {
    const namedInside = inside(root, abs);
    if (!namedInside) assertAllowed(abs);
    throw validationError(`refusing to ${action} '${path}': it resolves outside the workspace root ${root}${namedInside ? " (a symbolic link leads out of it; svc never follows one out)" : ""}`);
  }
  const rel = toPosix(relative(root, real));
  const part = rel.split("/").find((part) => internalFolder(part));
  if (part) {
    const internal = internalFolder(part)!;
    const spelled = part === internal ? "" : ` (a spelling a case-insensitive or normalizing file system takes for ${internal})`;
    throw validationError(`refusing to ${action} '${path}': ${rel} is inside ${internal}/${spelled}, ${NOT_WORKSPACE_FILES.get(internal)}, not a workspace file`);
  }
  return { abs: real, rel };
}

/** Most file systems refuse a path component over 255 bytes (ENAMETOOLONG). */
const NAME_MAX_BYTES = 255;
/** A file that could never be written under its name (apply, check's proposed content): refused before anything is tried. */
export function refuseLongNames(rel: string, action: string): void {
  const long = rel.split("/").find((part) => Buffer.byteLength(part) > NAME_MAX_BYTES);
  if (long) throw validationError(`cannot ${action} '${clipInput(rel)}': the name '${clipInput(long, 40)}' is ${Buffer.byteLength(long)} bytes, over the ${NAME_MAX_BYTES}-byte limit of file names`);
}

/**
 * A name shown with a bidi control escaped (`\u{202E}`, text/bidi.ts) goes back in as shown: the
 * file it names — unless only a file named with that text exists (a backslash is a file-name
 * character here); when both do, which is meant cannot be told. A path that names neither (a file
 * apply is to create) takes its folders as shown, and is refused if its own name holds an escape:
 * svc makes no name holding a bidi control, nor one holding its escape (a backslash is read as a
 * separator for a new file: systemPath).
 */
function asShown(path: string, base: string, action: string): string {
  const back = unescapeBidi(path);
  if (back === path) return path;
  const shown = existsSync(resolve(base, back)), typed = existsSync(resolve(base, path));
  if (shown && typed) throw validationError(`refusing to ${action} '${path}': it names two files, one holding a bidi control (shown so, escaped) and one holding that text; which is meant cannot be told (rename one)`);
  if (shown) return back;
  if (typed) return path;
  const cut = path.lastIndexOf("/") + 1; // an escape holds no '/'
  if (unescapeBidi(path.slice(cut)) !== path.slice(cut)) throw validationError(`refusing to ${action} '${path}': no such file, and its name holds a bidi control escaped as svc views show one (\\u{…}); svc does not make a name holding a bidi control (it displays in another order than it reads), and a backslash here would be read as a folder separator; choose a name without it`);
  return unescapeBidi(path.slice(0, cut)) + path.slice(cut);
}

/**
 * A path spelled as in a URL: an encoded separator or NUL, or a segment of encoded dots
 * (`%2e%2e/x`). On this system it names a file or folder literally called `%2e%2e`, which
 * apply created in the workspace — never what the caller meant. Refused unless it exists.
 */
function urlEncoded(path: string): boolean {
  return /%(?:2f|5c|00)/i.test(path) || path.split(/[/\\]/).some((part) => /%2e/i.test(part) && /^(?:\.|%2e){1,2}$/i.test(part));
}

/**
 * The path as this system names it. An agent may write `src\app.ts`, as on Windows; on a POSIX
 * system a backslash is an ordinary file-name character, so that named a file `src\app.ts` in
 * the root: read as missing, checked as a new file and called clean, created by apply. A
 * backslash is a separator here unless a file of the literal name exists; a drive-letter path
 * (`C:\repo\a.ts`) names nothing on this system and is refused.
 */
function systemPath(path: string, base: string, action: string): string {
  if (urlEncoded(path) && !existsSync(resolve(base, path))) {
    throw validationError(`refusing to ${action} '${path}': it holds URL percent-encoding of a separator, a NUL or a '.'/'..' segment (%2e%2e is '..', %2f is '/'), which svc does not decode; pass the path itself, relative to the workspace root or absolute`);
  }
  if (sep === "\\" || !path.includes("\\") || existsSync(resolve(base, path))) return path;
  if (/^[A-Za-z]:\\/.test(path)) throw validationError(`refusing to ${action} '${path}': a Windows drive path names nothing on this system; pass the path relative to the workspace root, or absolute`);
  return path.replace(/\\/g, "/");
}

