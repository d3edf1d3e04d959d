// The store at rest is private to its owner: `.svc/` 0700, the database and its WAL/SHM
// 0600, on creation and — for a store made by an older svc — when a writer opens it.

import { expect, test } from "bun:test";
import { chmodSync, existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import { gitRepo } from "../helpers/repo.ts";

const mode = (path: string) => statSync(path).mode & 0o777;

test("a new store is 0700/0600; an old store's modes are repaired when it is opened for writing", async () => {
  const root = gitRepo({ "src/a.ts": "export const a = 1;\n" });
  await call("index", { path: root }, { cwd: root });
  const store = join(root, ".svc");
  const files = ["svc.db", "svc.db-wal", "svc.db-shm"].map((f) => join(store, f)).filter(existsSync);
  expect(mode(store)).toBe(0o700);
  expect(files.map(mode)).toEqual(files.map(() => 0o600));
  chmodSync(store, 0o755);
  for (const f of files) chmodSync(f, 0o644);
  await call("index", { path: root, force: true }, { cwd: root });
  expect(mode(store)).toBe(0o700);
  expect(files.filter(existsSync).map(mode)).toEqual(files.filter(existsSync).map(() => 0o600));
}, 60_000);
