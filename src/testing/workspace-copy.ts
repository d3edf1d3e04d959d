// An isolated copy of a workspace to run tests against proposed content: the files the
// workspace consists of (inside git: tracked plus untracked not-ignored, as they are in the
// working tree; outside git: a walk honouring .gitignore) copied into a private temporary
// folder, each installed node_modules next to a package.json linked entry by entry (not
// copied; tool caches such as node_modules/.cache and .vite are left out, so a test run writes
// its caches into the copy, never into the user's node_modules), then the proposed files
// written there. The user's tree is only read. dispose() removes the copy (links are removed,
// never followed).

import { existsSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, symlinkSync } from "node:fs";
import { copyFile, lstat, mkdir, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { lsFiles } from "../git/git.ts";
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
  dispose(): void;
}

/** The files a copy holds (root-relative). */
export async function copyList(root: string, isGit: boolean): Promise<string[]> {
  if (isGit) return (await lsFiles(root)).filter((p) => !p.endsWith("/"));
  return walkFiles(root, { prunedNames: new Set([".git", ".svc", "node_modules"]) }).files;
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
        const real = info.isSymbolicLink() ? await stat(from).catch(() => null) : info;
        if (!real?.isFile()) continue; // submodules, links to folders or nowhere
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
  return { dir, files: copied, bytes, dispose };
}
