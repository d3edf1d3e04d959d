// Where the workspace's dependencies live. Text under node_modules is a dependency's — its
// published names an edit may spell (implementing its interface), never ours to edit — whether
// node_modules is a folder or a symbolic link out of the root (a pnpm store, a monorepo whose
// packages share its root's node_modules), and whether a package in it is a folder or a link
// (pnpm, `link:`). The engine names a file it read through a link by where the link leads, so a
// real path under where a node_modules (or a package in it) leads is the dependency's too.

import { lstatSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { inside, realpathLenient } from "./allowed.ts";
import { toPosix } from "./root.ts";

/** How long a look at the node_modules links is reused (an install may change them). */
const FRESH_MS = 5000;
const looked = new Map<string, { at: number; links: { real: string; rel: string }[] }>();

/** The node_modules folders a workspace's files resolve through: the root's and its packages' (two levels down). */
function nodeModulesDirs(root: string): string[] {
  const out = [join(root, "node_modules")];
  const sub = (dir: string) => {
    try {
      return readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory() && e.name !== "node_modules" && !e.name.startsWith(".")).map((e) => join(dir, e.name));
    } catch {
      return [];
    }
  };
  for (const a of sub(root)) {
    out.push(join(a, "node_modules"));
    for (const b of sub(a)) out.push(join(b, "node_modules"));
  }
  return out.filter((d) => {
    try {
      lstatSync(d);
      return true;
    } catch {
      return false;
    }
  });
}

/** Each node_modules, and each package in it, that leads out of the root: where it leads and its root-relative path. */
function linksOut(root: string): { real: string; rel: string }[] {
  const now = Date.now();
  const cached = looked.get(root);
  if (cached && now - cached.at < FRESH_MS) return cached.links;
  const links: { real: string; rel: string }[] = [];
  const add = (abs: string) => {
    const real = realpathLenient(abs);
    // a link to the root's own ancestors (or `/`) would make every file a dependency's: not one
    if (!inside(root, real) && !inside(real, root)) links.push({ real, rel: toPosix(relative(root, abs)) });
  };
  for (const dir of nodeModulesDirs(root)) {
    add(dir);
    let entries: string[] = [];
    try {
      entries = readdirSync(dir);
    } catch {
      continue;
    }
    for (const name of entries) {
      const abs = join(dir, name);
      if (name.startsWith("@")) {
        try {
          for (const scoped of readdirSync(abs)) add(join(abs, scoped));
        } catch {
          // not a scope folder
        }
      } else add(abs);
    }
  }
  looked.set(root, { at: now, links });
  return links;
}

/**
 * The root-relative path under node_modules by which the workspace reaches `abs` (absolute, as
 * the engine names it: inside the root, or where a node_modules link leads), or null when `abs`
 * is no dependency's file.
 */
export function dependencyPath(root: string, abs: string): string | null {
  if (inside(root, abs)) {
    const rel = toPosix(relative(root, abs));
    return rel.split("/").includes("node_modules") ? rel : null;
  }
  const real = realpathLenient(abs);
  for (const link of linksOut(root)) if (inside(link.real, real)) return toPosix(join(link.rel, relative(link.real, real)));
  return null;
}
