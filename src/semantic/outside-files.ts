// Which files the engine reads lie outside the workspace: a program reaches files wherever they
// are (a symbolic link, a `paths` mapping, a `../` import that climbs out of the root, a
// `typeRoots`/`types` entry), and their text is no workspace file's — no answer quotes it.
// A dependency's files under node_modules are the dependency's, also where node_modules (or a
// package in it) is a link out of the root (workspace/dependencies.ts); the compiler's own lib
// files are the compiler's.

import { dirname } from "node:path";
import { inside, realpathLenient } from "../workspace/allowed.ts";
import { dependencyPath } from "../workspace/dependencies.ts";
import { tscExecutable } from "./tsc-binary.ts";

/** Whether the file `abs` (absolute, as the engine names it) leads out of `root`: where a link leads decides; the compiler's lib files and the dependencies' aside. */
export function leadsOutside(root: string, abs: string): boolean {
  return !inside(root, realpathLenient(abs)) && !inside(dirname(tscExecutable()), abs) && dependencyPath(root, abs) === null;
}
