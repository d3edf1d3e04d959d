// The workspace roots a serving surface admits. The MCP server is started for one workspace
// (its working directory's, `--root`, or the roots its client declares) and must not read,
// index or write anywhere else; `--allow-root` widens it. The CLI, run by the user in a
// shell, sets no policy and is unconfined. The policy travels with the call (async local
// storage), so the two choke points every path goes through — `resolveWorkspace` for a
// `path` and `confine` for every path-valued parameter — enforce it without each operation
// having to remember.

import { AsyncLocalStorage } from "node:async_hooks";
import { lstatSync, readlinkSync, realpathSync } from "node:fs";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { SvcError } from "../errors.ts";

/** Whether `abs` is `root` or lies under it (both absolute). */
export function inside(root: string, abs: string): boolean {
  const rel = relative(root, abs);
  // `..name` is a folder inside; only `..` itself or `../…` climbs out
  return rel === "" || (rel !== ".." && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

/** Symbolic links followed at most while resolving one path (the kernel's own limit is 40). */
const MAX_LINKS = 40;

/**
 * Where `abs` (absolute) leads, symlinks resolved as far as the path exists: the realpath of the
 * deepest existing ancestor with the missing tail re-appended — and a dangling symbolic link
 * followed to where it points (a write "creating" it would land there, or replace the link), so
 * a link to a path outside that does not exist yet still resolves outside. A symlink loop stops
 * after MAX_LINKS links at the path reached.
 */
export function realpathLenient(abs: string): string {
  return lenient(abs, { links: 0 });
}

function lenient(abs: string, budget: { links: number }): string {
  try {
    return realpathSync(abs);
  } catch {
    // missing, dangling, a loop, or unreadable: resolve the parent, then look at this name
  }
  const parent = dirname(abs);
  if (parent === abs) return abs;
  const candidate = join(lenient(parent, budget), basename(abs));
  if (budget.links >= MAX_LINKS) return candidate;
  let target: string;
  try {
    if (!lstatSync(candidate).isSymbolicLink()) return candidate;
    target = readlinkSync(candidate);
  } catch {
    return candidate; // does not exist (yet)
  }
  budget.links++;
  return lenient(resolve(dirname(candidate), target), budget);
}

/** Whether the root-relative `path` leads out of `root` (realpath'd) through a symbolic link (a dangling one by where it points). */
export function leadsOut(root: string, path: string): boolean {
  return !inside(root, realpathLenient(join(root, path)));
}

/** The set of roots a server admits; mutable because an MCP client may change its roots. */
export interface AllowedRoots {
  /** Absolute, realpath'd roots. */
  readonly roots: readonly string[];
  /** The roots a client declared that are not served, with why ("" or absent: none), for a refusal to name. */
  readonly refusedRoots?: string;
}

const current = new AsyncLocalStorage<AllowedRoots>();

/** Run `fn` (and everything it awaits) under `policy`. */
export function withAllowedRoots<T>(policy: AllowedRoots, fn: () => T): T {
  return current.run(policy, fn);
}

export function notAllowed(abs: string, roots: readonly string[], refusedRoots = ""): SvcError {
  const serves = roots.length ? `it serves ${roots.join(", ")}` : "it serves no workspace yet: start it in a project folder or with --root <dir>, or declare MCP roots";
  const refused = refusedRoots ? `; not served: ${refusedRoots}` : "";
  return new SvcError("workspace_not_allowed", `${abs} is not a workspace this server was started for (${serves}; --allow-root <dir> widens it${refused})`);
}

/**
 * Refuse `abs` (absolute) with `workspace_not_allowed:` when a policy is in force and the
 * path, symlinks resolved, lies outside every allowed root. Without a policy (the CLI, the
 * host) it does nothing.
 */
export function assertAllowed(abs: string, policy: AllowedRoots | undefined = current.getStore()): void {
  if (!policy) return;
  const real = realpathLenient(abs);
  if (!policy.roots.some((root) => inside(root, real))) throw notAllowed(abs, policy.roots, policy.refusedRoots);
}
