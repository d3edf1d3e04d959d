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
 * What git hands a hook to say which repository, index and config this moment's command works on (`git rev-parse
 * --local-env-vars`, the list git itself clears before working on another repository): `GIT_INDEX_FILE` is
 * `.git/index.lock` during `git commit -a` (gone when the commit ends); a linked worktree's hook gets `GIT_DIR`, which
 * makes every git command run under it treat its working directory as the repository's top — a test a host runs in its
 * isolated copy (`git init`, `git commit` in a temporary folder) would write the workspace's own repository.
 */
const GIT_LOCAL_ENV = /^GIT_(?:ALTERNATE_OBJECT_DIRECTORIES|CONFIG|CONFIG_PARAMETERS|CONFIG_COUNT|CONFIG_KEY_\d+|CONFIG_VALUE_\d+|OBJECT_DIRECTORY|DIR|WORK_TREE|IMPLICIT_WORK_TREE|GRAFT_FILE|INDEX_FILE|NO_REPLACE_OBJECTS|REPLACE_REF_BASE|PREFIX|INTERNAL_SUPER_PREFIX|SHALLOW_FILE|COMMON_DIR)$/;

/**
 * The environment of a copy of svc that outlives this process (a detached host, a background index): this one's, without
 * what names a moment's repository state (GIT_LOCAL_ENV): the copy finds its repository from its root, for its next 30
 * minutes, as a copy started from a shell would.
 */
export function detachedEnv(extra: Record<string, string> = {}): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = { ...process.env, ...extra };
  for (const name of Object.keys(env)) if (GIT_LOCAL_ENV.test(name)) delete env[name];
  return env;
}
