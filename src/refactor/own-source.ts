// Which files an engine edit may touch: the workspace's own sources. A rename, a signature
// change or a code fix the engine proposes can reach a dependency (node_modules) or a file
// outside the workspace that the programs read (a link, a `../` import, a paths mapping); the
// operation is refused, naming the dependency's file, never the outside one's path.

import { relative } from "node:path";
import { OUTSIDE } from "../check/diag-outside.ts";
import { inside, realpathLenient } from "../workspace/allowed.ts";
import { toPosix } from "../workspace/root.ts";

/** How a refusal names `abs` when it is not one of the workspace's own sources (a dependency's path, or OUTSIDE), else null. */
export function notOwnSource(root: string, abs: string): string | null {
  if (!inside(root, realpathLenient(abs))) return `a file ${OUTSIDE}`;
  const rel = toPosix(relative(root, abs));
  return rel.split("/").includes("node_modules") ? rel : null;
}
