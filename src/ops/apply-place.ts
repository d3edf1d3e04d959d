// Where apply writes: the folder must take the atomic write's temp file, and a new file's
// name must not differ from an existing one only in case or Unicode normalization.

import { accessSync, constants, readdirSync, statSync, type Stats } from "node:fs";
import { dirname, join, relative } from "node:path";
import { errnoText, validationError } from "../errors.ts";
import { toPosix } from "../workspace/root.ts";

export function statOrNull(path: string): Stats | null {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}

/**
 * The folder the write goes in — for a new file, the nearest one that exists — must be
 * writable: the atomic write creates a temp file there and renames it over the file (or the
 * folders it creates). Refused on dry runs too, naming the folder, instead of failing on the
 * temp file's name.
 */
export function refuseReadOnlyFolder(root: string, abs: string, rel: string): void {
  let dir = dirname(abs);
  while (dir.length > root.length && !statOrNull(dir)) dir = dirname(dir);
  const stat = statOrNull(dir);
  if (!stat?.isDirectory()) return; // refuseBlockedParent names what is in the way
  const shown = relative(root, dir) || ".";
  const why = (stat.mode & 0o222) === 0 ? `read-only (mode ${(stat.mode & 0o777).toString(8)})` : writable(dir);
  const how = statOrNull(abs) ? "writes a new file there and renames it over the old one" : "creates the file there";
  if (why) throw validationError(`refusing to apply to '${rel}': its folder '${toPosix(shown)}' is ${why}, and apply ${how}; make the folder writable first if the file is meant to change`);
}

/** Why this process may not create files in `dir` (null: it may). */
function writable(dir: string): string | null {
  try {
    accessSync(dir, constants.W_OK | constants.X_OK);
    return null;
  } catch (error) {
    const code = (error as { code?: string }).code ?? "";
    return code === "EROFS" ? "on a read-only file system" : `not writable by this user (${errnoText(code) ?? code})`;
  }
}

/** The same name as far as a person (NFC vs NFD: they look alike) or a case-insensitive file system (macOS, Windows) can tell. */
function fold(name: string): string {
  return name.normalize("NFC").toLowerCase();
}

/**
 * A new file (or folder on its way) whose name differs from an existing one only in case or in
 * Unicode normalization is refused, naming the existing one: it was most likely meant (an
 * edit for 'src/Util.ts' would otherwise land beside 'src/util.ts'), and a checkout on a
 * case-insensitive or normalizing file system could not hold both.
 */
export function refuseLookalike(root: string, rel: string): void {
  let dir = root;
  for (const part of rel.split("/")) {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return; // a folder apply creates
    }
    if (names.includes(part)) {
      dir = join(dir, part);
      continue;
    }
    const twin = names.find((name) => fold(name) === fold(part));
    if (twin !== undefined) {
      const how = twin.normalize("NFC") === part.normalize("NFC") ? "only in Unicode normalization (NFC vs NFD: the two look the same)" : "only in case";
      const existing = toPosix(relative(root, join(dir, twin)));
      throw validationError(`refusing to create '${rel}': '${existing}' exists, a name that differs from '${part}' ${how}; a checkout on a case-insensitive or normalizing file system (macOS, Windows) could not hold both. Name the existing one ('${existing}') if it is the one meant`);
    }
    return;
  }
}
