// The fixed safety options of every git call (no fsmonitor hooks, unquoted paths): here, below
// the store, which asks git one thing itself (store/provenance.ts); git/git.ts runs the rest.

const BASE = ["git", "-c", "core.quotepath=off", "-c", "core.fsmonitor=false", "--no-pager"];

/** The argv of a git call with the fixed safety options: every caller that runs git itself (stdin, exit codes) starts from it. */
export function gitArgv(args: readonly string[]): string[] {
  return [...BASE, ...args];
}
