// How svc starts another copy of itself: the compiled binary directly, or Bun with our
// entry file when running from source. From source, Bun would read the working directory's
// `.env` (SVC_* settings, SVC_TSC: a program to run) and `bunfig.toml` (a preload: code to
// run) — the workspace's, since svc runs there: a workspace file must not steer svc, so the
// copy reads neither (svc's own bunfig instead); the compiled binary is built not to.

import { join } from "node:path";
import { IS_COMPILED } from "../version.ts";
import { gitLocalUnset } from "./git-env.ts";

const MAIN = join(import.meta.dir, "..", "main.ts");
const BUNFIG = join(import.meta.dir, "..", "..", "bunfig.toml");

/** Bun's options for running svc from source in a workspace: no install, no workspace `.env` or `bunfig.toml`. */
export const SOURCE_RUN_FLAGS: readonly string[] = ["--no-install", "--no-env-file", `--config=${BUNFIG}`];

export function selfCommand(args: readonly string[]): string[] {
  return IS_COMPILED ? [process.execPath, ...args] : [process.execPath, ...SOURCE_RUN_FLAGS, MAIN, ...args];
}

/**
 * The environment of a copy of svc that outlives this process (a detached host, a background index): this one's, without
 * what names a moment's repository state (sys/git-env.ts): the copy finds its repository from its root, for its next 30
 * minutes, as a copy started from a shell would.
 */
export function detachedEnv(extra: Record<string, string> = {}): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = { ...process.env, ...extra };
  for (const name of Object.keys(gitLocalUnset())) delete env[name];
  return env;
}
