// Path confinement: the one helper every path-like parameter goes through. A path is
// resolved against the workspace root (symlinks included) and refused when it leaves it.

import { relative, resolve } from "node:path";
import { validationError } from "../errors.ts";
import { assertAllowed, inside, realpathLenient } from "./allowed.ts";
import { toPosix } from "./root.ts";

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
 * (`workspace_not_allowed:` first when a serving surface's policy excludes it, see allowed.ts).
 */
export function confine(root: string, path: string, action: string, base: string = root): ConfinedPath {
  if (path.includes("\0")) throw validationError(`refusing to ${action} '${path.replace(/\0/g, "\\0")}': it contains a NUL byte`);
  const abs = resolve(base, path);
  const refuse = () =>
    validationError(`refusing to ${action} '${path}': it resolves outside the workspace root ${root}`);
  assertAllowed(abs);
  if (!inside(root, abs)) throw refuse();
  const real = realpathLenient(abs);
  if (!inside(root, real)) throw refuse();
  return { abs: real, rel: toPosix(relative(root, real)) };
}
