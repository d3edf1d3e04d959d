// A per-version cache folder on the user's machine, for files the compiled binary embeds
// but must hand to the OS (dlopen, child processes cannot read Bun's virtual FS).

import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { VERSION } from "../version.ts";

export function cacheDir(...parts: string[]): string {
  const base = process.env.XDG_CACHE_HOME || join(homedir() || tmpdir(), ".cache");
  return join(base, "svc", VERSION, ...parts);
}

/** Copy `source` to `target` once (same size = already there), atomically via rename. */
export function materialize(source: string, target: string): string {
  const size = statSync(source).size;
  if (existsSync(target) && statSync(target).size === size) return target;
  mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
  const temp = `${target}.${process.pid}.tmp`;
  writeFileSync(temp, readFileSync(source), { mode: 0o755 }); // copyFile cannot read Bun's virtual FS
  renameSync(temp, target);
  return target;
}
