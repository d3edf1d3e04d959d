// Which files an engine edit may touch: the workspace's own sources. A rename, a signature
// change or a code fix the engine proposes can reach a dependency (node_modules) or a file
// outside the workspace that the programs read (a link, a `../` import, a paths mapping); the
// operation is refused, naming the dependency's file (by its node_modules path, also where
// node_modules is a link out of the root), never the outside one's path.

import { OUTSIDE } from "../check/diag-outside.ts";
import { inside, realpathLenient } from "../workspace/allowed.ts";
import { dependencyPath } from "../workspace/dependencies.ts";

/** How a refusal names `abs` when it is not one of the workspace's own sources (a dependency's path, or OUTSIDE), else null. */
export function notOwnSource(root: string, abs: string): string | null {
  const dependency = dependencyPath(root, abs);
  if (dependency !== null) return dependency;
  return inside(root, realpathLenient(abs)) ? null : `a file ${OUTSIDE}`;
}
