// What a semantic run left in the store, for the tests of runs stopped or failing part-way:
// the tier, whether an update is pending, the files not re-walked — and whether the store
// equals a forced rebuild of the same files.

import { expect } from "bun:test";
import { call } from "../../src/engine.ts";
import { openReader } from "../../src/store/db.ts";
import { readDirty, readMeta } from "../../src/store/meta.ts";
import { storeDigest } from "../../scripts/bench/store-digest.ts";
import { gitRepo } from "./repo.ts";

/** The index mode, semantic_pending (a host started next walks again instead of trusting the edges) and the dirty list. */
export function semanticState(root: string): { mode: string | undefined; pending: string | undefined; dirty: string[] | "all" } {
  const db = openReader(root)!;
  try {
    const meta = readMeta(db);
    return { mode: meta.index_mode, pending: meta.semantic_pending, dirty: readDirty(db) };
  } finally {
    db.close();
  }
}

/** The store of `root` equals a forced rebuild of a fresh repository holding `files`. */
export async function expectEqualsRebuild(root: string, files: Record<string, string>): Promise<void> {
  const copy = gitRepo(files);
  await call("index", { path: copy, force: true });
  const a = storeDigest(root, { portable: true });
  const b = storeDigest(copy, { portable: true });
  expect(Object.keys({ ...a, ...b }).filter((t) => a[t]?.sha256 !== b[t]?.sha256)).toEqual([]);
}
