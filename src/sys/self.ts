// How svc starts another copy of itself: the compiled binary directly, or Bun with our
// entry file when running from source. From source, Bun would read the working directory's
// `.env` (SVC_* settings, SVC_TSC: a program to run) and `bunfig.toml` (a preload: code to
// run) — the workspace's, since svc runs there: a workspace file must not steer svc, so the
// copy reads neither (svc's own bunfig instead); the compiled binary is built not to.

import { join } from "node:path";
import { IS_COMPILED } from "../version.ts";

const MAIN = join(import.meta.dir, "..", "main.ts");
const BUNFIG = join(import.meta.dir, "..", "..", "bunfig.toml");

/** Bun's options for running svc from source in a workspace: no install, no workspace `.env` or `bunfig.toml`. */
export const SOURCE_RUN_FLAGS: readonly string[] = ["--no-install", "--no-env-file", `--config=${BUNFIG}`];

export function selfCommand(args: readonly string[]): string[] {
  return IS_COMPILED ? [process.execPath, ...args] : [process.execPath, ...SOURCE_RUN_FLAGS, MAIN, ...args];
}

/**
 * The environment of a copy of svc that outlives this process (a detached host, a background index): this one's, without
 * what names a moment's state — the index file git hands a hook (`GIT_INDEX_FILE`: `.git/index.lock` during `git commit -a`,
 * gone when the commit ends), which a host reading the repository for its next 30 minutes must not take for the repository's.
 */
export function detachedEnv(extra: Record<string, string> = {}): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = { ...process.env, ...extra };
  delete env.GIT_INDEX_FILE;
  return env;
}
