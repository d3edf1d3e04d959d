// An isolated copy of a workspace to run tests against proposed content: the files the
// workspace consists of (inside git: tracked plus untracked not-ignored, as they are in the
// working tree; outside git: a walk honouring .gitignore) copied into a private temporary
// folder, each installed node_modules next to a package.json linked (not copied), then the
// proposed files written there. The user's tree is only read. dispose() removes the copy
// (links are removed, never followed).

import { existsSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from "node:fs";
import { copyFile, lstat, mkdir, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { lsFiles } from "../git/git.ts";
import { walkFiles } from "../workspace/walk.ts";

export const COPY_MAX_FILES = 50_000;
export const COPY_MAX_BYTES = 512 * 1024 * 1024;

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
  const dispose = () => rmSync(dir, { recursive: true, force: true });
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
    const worker = async () => {
      while (next < files.length) {
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
    await Promise.all(Array.from({ length: 8 }, worker));
    for (const pkgDir of new Set(["", ...files.filter((f) => f === "package.json" || f.endsWith("/package.json")).map((f) => (f.includes("/") ? dirname(f) : ""))])) {
      const modules = join(root, pkgDir, "node_modules");
      const target = join(dir, pkgDir, "node_modules");
      if (existsSync(modules) && !existsSync(target)) symlinkSync(modules, target, "dir");
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
