// The real projects the coverage benches read (checked-out copies; absent ones are skipped),
// and the run loop they share: each root given on the command line (or the defaults) that
// exists, timed; the process exits 1 when any root failed.

import { existsSync } from "node:fs";
import { resolve } from "node:path";

export const REAL_REPOS = ["/work/repos/hono", "/work/repos/zod", "/work/repos/rxjs", "/work/repos/effect", resolve(import.meta.dir, "../..")];

/** Runs `each(root, startedAt)` for every existing root; `each` returns false when the root failed. */
export async function runOverRoots(each: (root: string, startedAt: number) => Promise<boolean>): Promise<never> {
  const roots = process.argv.slice(2).length > 0 ? process.argv.slice(2) : REAL_REPOS;
  let failed = false;
  for (const root of roots) {
    if (!existsSync(root)) {
      console.log(`${root}: absent, skipped`);
      continue;
    }
    if (!(await each(root, performance.now()))) failed = true;
  }
  process.exit(failed ? 1 : 0);
}
