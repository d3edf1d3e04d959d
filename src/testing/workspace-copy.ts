// An isolated copy of a workspace to run tests against proposed content: the files the
// workspace consists of (inside git: tracked plus untracked not-ignored, as they are in the
// working tree; outside git: a walk honouring .gitignore) copied into a private temporary
// folder, each installed node_modules next to a package.json linked entry by entry (not
// copied; tool caches such as node_modules/.cache and .vite are left out, so a test run writes
// its caches into the copy, never into the user's node_modules), then the proposed files
// written there. The user's tree is only read. dispose() removes the copy (links are removed,
// never followed). A tracked symbolic link is copied as a link: one whose target stays inside
// the workspace points at the copy's own file (a proposed write to the target is seen through
// it), or, when the target is not in the copy (ignored), takes the target's content; one that
// leads outside is left out (`leftOut`, said in the answer) — its target is never read, and a
// copy holding its text would hand an outside file to the tests and their output.

import { existsSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, symlinkSync } from "node:fs";
import { copyFile, lstat, mkdir, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { lsFiles } from "../git/git.ts";
import { inside, realpathLenient } from "../workspace/allowed.ts";
import { toPosix } from "../workspace/root.ts";
import { untilDone } from "../sys/on-exit.ts";
import { walkFiles } from "../workspace/walk.ts";

const COPY_MAX_FILES = 50_000;
const COPY_MAX_BYTES = 512 * 1024 * 1024;
/** Folders in node_modules that tools write caches into: created fresh in the copy, not linked. */
const CACHE_ENTRIES = new Set([".cache", ".vite", ".vitest", ".jest", ".turbo"]);

export interface WorkspaceCopy {
  dir: string;
  files: number;
  bytes: number;
  /** Symbolic links of the list that lead outside the workspace (root-relative): not in the copy, their targets never read. */
  leftOut: string[];
  dispose(): void;
}

/** The files a copy holds (root-relative). */
export async function copyList(root: string, isGit: boolean): Promise<string[]> {
  if (isGit) return (await lsFiles(root)).filter((p) => !p.endsWith("/"));
  const walked = walkFiles(root, { prunedNames: new Set([".git", ".svc", "node_modules"]) });
  return [...walked.files, ...walked.links]; // a link is copied as a link, or left out and said so (makeCopy)
}

/**
 * Copy `files` of `root` into a fresh private folder and write `proposed` over them. Throws
 * (after removing what it made) when the workspace is over the caps or a file cannot be copied.
 */
export async function makeCopy(root: string, files: readonly string[], proposed: readonly { rel: string; content: string }[]): Promise<WorkspaceCopy> {
  if (files.length > COPY_MAX_FILES) throw new Error(`the workspace has ${files.length} files, more than the ${COPY_MAX_FILES} an isolated copy takes`);
  const dir = realpathSync(mkdtempSync(join(tmpdir(), "svc-race-")));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  const done = untilDone(remove); // also when svc itself is stopped before dispose()
  const dispose = () => {
    remove();
    done();
  };
  let bytes = 0;
  let copied = 0;
  const leftOut: string[] = [];
  const realRoot = realpathSync(root);
  const listed = new Set(files);
  try {
    const made = new Set<string>();
    const ensureDir = async (d: string) => {
      if (made.has(d)) return;
      await mkdir(d, { recursive: true });
      made.add(d);
    };
    let next = 0;
    let failed = false; // a worker that failed stops the others before the copy is removed
    const worker = async () => {
      while (next < files.length && !failed) {
        const rel = files[next++] as string;
        const from = join(root, rel);
        const info = await lstat(from).catch(() => null);
        if (!info) continue; // deleted in the working tree
        let target: string | null = null; // a link's target, root-relative
        if (info.isSymbolicLink()) {
          const real = realpathLenient(from);
          if (!inside(realRoot, real)) {
            leftOut.push(rel); // never read, never linked to
            continue;
          }
          target = toPosix(relative(realRoot, real));
        }
        const real = target === null ? info : await stat(from).catch(() => null);
        if (target !== null && real && (real.isDirectory() || listed.has(target))) {
          // a link to a folder or to a file the copy holds: the same link in the copy, to the copy's own
          await ensureDir(dirname(join(dir, rel)));
          await symlink(relative(dirname(join(dir, rel)), join(dir, target)) || ".", join(dir, rel));
          copied++;
          continue;
        }
        if (!real?.isFile()) continue; // submodules, links to nowhere
        bytes += real.size;
        if (bytes > COPY_MAX_BYTES) throw new Error(`the workspace holds more than ${COPY_MAX_BYTES / 1024 / 1024} MiB, more than an isolated copy takes`);
        await ensureDir(dirname(join(dir, rel)));
        await copyFile(from, join(dir, rel));
        copied++;
      }
    };
    const settled = await Promise.allSettled(Array.from({ length: 8 }, () => worker().catch((error: unknown) => {
      failed = true;
      throw error;
    })));
    const failure = settled.find((r) => r.status === "rejected");
    if (failure) throw (failure as PromiseRejectedResult).reason;
    for (const pkgDir of new Set(["", ...files.filter((f) => f === "package.json" || f.endsWith("/package.json")).map((f) => (f.includes("/") ? dirname(f) : ""))])) {
      const modules = join(root, pkgDir, "node_modules");
      const target = join(dir, pkgDir, "node_modules");
      if (!existsSync(modules) || existsSync(target)) continue;
      mkdirSync(target, { recursive: true });
      for (const entry of readdirSync(modules)) if (!CACHE_ENTRIES.has(entry)) symlinkSync(join(modules, entry), join(target, entry));
    }
    for (const p of proposed) {
      await ensureDir(dirname(join(dir, p.rel)));
      await writeFile(join(dir, p.rel), p.content);
    }
  } catch (error) {
    dispose();
    throw error;
  }
  return { dir, files: copied, bytes, leftOut: leftOut.sort(), dispose };
}
