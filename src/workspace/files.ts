// Reading workspace files: bytes → text, with binary and unreadable files reported
// instead of thrown, and generated files flagged. Every read of a root-relative path goes
// through readInside: a symbolic link that leads out of the root (a tracked file replaced by
// a link to ~/.ssh/id_rsa, a folder linked elsewhere) is not followed — the file reads as
// unreadable — so nothing outside the workspace is indexed, shown or diffed.

import { readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { validationError } from "../errors.ts";
import { inside } from "./allowed.ts";
import { decodeText, isBinary, isGenerated } from "./classify.ts";
import type { SkipReason } from "./inventory.ts";

export interface LoadedText {
  ok: true;
  text: string;
  generated: boolean;
}

export interface LoadFailure {
  ok: false;
  reason: SkipReason;
}

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

export function loadText(root: string, path: string): LoadedText | LoadFailure {
  let bytes: Uint8Array;
  try {
    bytes = readInside(root, path);
  } catch {
    return { ok: false, reason: "unreadable" };
  }
  if (isBinary(bytes)) return { ok: false, reason: "binary" };
  const text = decodeText(bytes);
  return { ok: true, text, generated: isGenerated(path, text) };
}

/** A reader of root-relative files as UTF-8 text, null when unreadable (configs, manifests). */
export function textReader(root: string): (path: string) => string | null {
  return (path) => {
    try {
      return readInside(root, path, "utf8");
    } catch {
      return null;
    }
  };
}
