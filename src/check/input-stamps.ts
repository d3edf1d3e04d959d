// What the engine reads besides the sources, stamped so a check workspace can tell it changed:
// the projects' configs and package manifests (a change there can move every program), and the
// package managers' install markers in each node_modules folder (the engine caches what it read
// there and is told nothing file by file). The first look records; a later one answers.

import { statSync } from "node:fs";
import { join } from "node:path";
import type { LoadedWorkspace } from "../semantic/index.ts";
import { changeStamp } from "../workspace/stamp.ts";

const CONFIG_RE = /(?:^|\/)(?:tsconfig[^/]*\.json|jsconfig[^/]*\.json|package\.json)$/;
/** What a package manager rewrites on every install or removal in a node_modules folder (npm, pnpm, yarn berry, yarn 1). */
const INSTALL_MARKERS = [".package-lock.json", ".modules.yaml", ".yarn-state.yml", ".yarn-integrity"];

/** A file's change stamp (its ctime) and size, or null when it cannot be read. */
export function stampOf(path: string): { stamp: number; size: number } | null {
  try {
    const s = statSync(path);
    return { stamp: changeStamp(s), size: s.size };
  } catch {
    return null;
  }
}

export class InputStamps {
  private configs = new Map<string, number>();
  /** The install markers' stamps of each node_modules folder. */
  private installs = new Map<string, string>();

  constructor(private readonly root: string) {}

  /**
   * The project configs, package manifests and other configs of the inventory (an `extends`
   * base named tsconfig.*.json) that changed, appeared or went away since the last look
   * (root-relative; the first look records and answers none). The engine is not told about them
   * by anyone else in time: the caller tells it, or its programs keep the old options and files.
   */
  changedConfigs(loaded: LoadedWorkspace): { path: string; kind: "created" | "changed" | "deleted" }[] {
    const configs = new Map<string, number>();
    const record = (rel: string) => configs.set(rel, stampOf(join(this.root, rel))?.stamp ?? -1);
    for (const p of loaded.projects) if (p.kind !== "inferred") record(p.config);
    for (const pkg of loaded.discovery.packages) record(pkg.dir ? `${pkg.dir}/package.json` : "package.json");
    for (const c of loaded.discovery.configFiles ?? []) if (CONFIG_RE.test(c)) record(c);
    const before = this.configs;
    // a config the last look saw that this loading no longer lists (gone from the tree) is still stamped: its removal is a change
    for (const c of before.keys()) if (!configs.has(c)) record(c);
    this.configs = configs;
    if (!before.size) return [];
    const out: { path: string; kind: "created" | "changed" | "deleted" }[] = [];
    for (const [c, m] of configs) {
      const was = before.get(c);
      if (was === m || !CONFIG_RE.test(c)) continue;
      out.push({ path: c, kind: m === -1 ? "deleted" : was === undefined || was === -1 ? "created" : "changed" });
    }
    return out;
  }

  /** Whether an install or removal ran in one of the workspace's node_modules folders since the last look (its install markers changed). */
  installed(loaded: LoadedWorkspace): boolean {
    const dirs = [...new Set(["", ...loaded.discovery.packages.map((p) => p.dir)])].map((d) => (d ? `${d}/node_modules` : "node_modules"));
    let changed = false;
    for (const dir of dirs) {
      const markers = INSTALL_MARKERS.map((m) => `${m}:${stampOf(join(this.root, dir, m))?.stamp ?? "-"}`).join(" ");
      const before = this.installs.get(dir);
      this.installs.set(dir, markers);
      if (before !== undefined && before !== markers) changed = true;
    }
    return changed;
  }
}
