// Every git call goes through here: no shell, fixed safety options (no fsmonitor hooks,
// unquoted paths), a timeout, and git's own message on failure.

import { validationError } from "../errors.ts";
import { gitArgv } from "../sys/git-argv.ts";
import { ProcessError, run, runText } from "../sys/proc.ts";

export interface GitOptions {
  timeoutMs?: number;
  maxOutputBytes?: number;
  /** Variables for this call only (GIT_INDEX_FILE: read an index other than the repository's). */
  env?: Record<string, string>;
  stdin?: string;
}

export { gitArgv };

/** Run git in `cwd`; throws ProcessError (git missing, non-zero exit, timeout). */
export function gitText(cwd: string, args: string[], options: GitOptions = {}): Promise<string> {
  return runText(gitArgv(args), { cwd, timeoutMs: options.timeoutMs ?? 30_000, maxOutputBytes: options.maxOutputBytes, ...(options.env ? { env: options.env } : {}), ...(options.stdin !== undefined ? { stdin: options.stdin } : {}) });
}

/** Run git and report a failure as `validation_error: <git's message>` (bad refs, not a repository). */
export async function gitOrValidation(cwd: string, args: string[], options: GitOptions = {}): Promise<string> {
  try {
    return await gitText(cwd, args, options);
  } catch (error) {
    const message = error instanceof ProcessError ? error.message : String(error);
    throw validationError(message.replace(/^fatal:\s*/, ""));
  }
}

/** Tracked plus untracked-not-ignored paths, NUL-separated, relative to `root`. */
export async function lsFiles(root: string): Promise<string[]> {
  const out = await gitText(root, ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    timeoutMs: 60_000,
  });
  const seen = new Set<string>();
  for (const p of out.split("\0")) if (p) seen.add(p);
  return [...seen];
}

/** Whether a `git` executable can be run at all. */
export async function gitAvailable(cwd: string): Promise<boolean> {
  try {
    const result = await run(["git", "--version"], { cwd, timeoutMs: 5_000 });
    return result.exitCode === 0;
  } catch {
    return false;
  }
}
