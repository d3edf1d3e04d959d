// What git hands a hook to say which repository, index and config this moment's command works on (`git rev-parse
// --local-env-vars`, the list git itself clears before working on another repository): `GIT_INDEX_FILE` is
// `.git/index.lock` during `git commit -a` (gone when the commit ends); a linked worktree's hook gets `GIT_DIR`, which
// makes every git command run under it take its working directory for the repository's top — a test run in an isolated
// copy (`git init`, `git add`, `git commit` in a temporary folder) would write the workspace's own repository. A copy of
// svc that outlives the call (sys/self.ts detachedEnv) and a test run (testing/run-files.ts) go without them: each finds
// its repository from its folder, as when started from a shell.

const GIT_LOCAL_ENV = /^GIT_(?:ALTERNATE_OBJECT_DIRECTORIES|CONFIG|CONFIG_PARAMETERS|CONFIG_COUNT|CONFIG_KEY_\d+|CONFIG_VALUE_\d+|OBJECT_DIRECTORY|DIR|WORK_TREE|IMPLICIT_WORK_TREE|GRAFT_FILE|INDEX_FILE|NO_REPLACE_OBJECTS|REPLACE_REF_BASE|PREFIX|INTERNAL_SUPER_PREFIX|SHALLOW_FILE|COMMON_DIR)$/;

/** Each of those variables this process has, unset: an override for a child's environment. */
export function gitLocalUnset(): Record<string, undefined> {
  const unset: Record<string, undefined> = {};
  for (const name of Object.keys(process.env)) if (GIT_LOCAL_ENV.test(name)) unset[name] = undefined;
  return unset;
}
