// Every read of a root-relative workspace file goes through readInside: a symbolic link that
// leads out of the root (a tracked file replaced by a link to ~/.ssh/id_rsa, a folder linked
// elsewhere, svc.json linked to another project's) is not followed — the file reads as
// refused, which callers treat as unreadable — so nothing outside the workspace is indexed,
// shown or diffed. Links that stay inside are followed.

import { readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { validationError } from "../errors.ts";
import { inside } from "./allowed.ts";

/**
 * The bytes of `path` (root-relative) under `root` (realpath'd), read where its symbolic links
 * lead when that stays inside the root; throws ENOENT-like for a missing file and
 * `validation_error:` for one a link carries out of the root.
 */
export function readInside(root: string, path: string): Buffer;
export function readInside(root: string, path: string, encoding: "utf8"): string;
export function readInside(root: string, path: string, encoding?: "utf8"): Buffer | string {
  const real = realpathSync(join(root, path));
  if (!inside(root, real)) throw validationError(`refusing to read '${path}': a symbolic link leads out of the workspace root ${root}; svc never follows one out`);
  return encoding ? readFileSync(real, encoding) : readFileSync(real);
}
