// Readers of a store while a writer process rebuilds or reopens it: the file a reader holds is
// never deleted under it (`svc index --force` empties it in place, in one transaction), and a
// writer's open of a store already at this schema takes no DDL and commits nothing (a schema
// change under a reader connecting a full-text table can fail its statement:
// "vtable constructor failed: chunks_fts").

import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import { statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { asSvcError } from "../../src/errors.ts";
import { clearStore, openReader, openWriter, storePath } from "../../src/store/db.ts";
import { openCurrentIndex } from "../../src/indexing/fresh.ts";
import { runSvc } from "../helpers/cli.ts";
import { gitRepo } from "../helpers/repo.ts";

const repo = () =>
  gitRepo({
    "src/window.ts": "export function window<T>(source: T[]): T[][] {\n  // window subscriptions end with the source\n  return [source];\n}\n",
    "src/map.ts": "import { window } from './window.ts';\nexport function map<T>(source: T[]): T[][] {\n  return window(source);\n}\n",
  });

const symbol = (db: Database, name: string) => db.query("SELECT count(*) AS n FROM symbols WHERE name = ?").get(name) as { n: number };
const hits = (db: Database, word: string) => (db.query("SELECT count(*) AS n FROM chunks_fts WHERE chunks_fts MATCH ?").get(word) as { n: number }).n;

describe("a store read while another process writes it", () => {
  test("svc index --force rebuilds the file a reader holds open (same file, the reader sees the new build), never a deleted one", () => {
    const root = repo();
    expect(runSvc(["index", root, "--quiet"]).code).toBe(0);
    const before = statSync(storePath(root)).ino;
    const reader = openReader(root) as Database;
    try {
      expect(symbol(reader, "zebraWindow").n).toBe(0);
      expect(hits(reader, "window")).toBeGreaterThan(0);
      writeFileSync(join(root, "src/zebra.ts"), "export function zebraWindow(): number {\n  // zebra stripes\n  return 1;\n}\n");
      const forced = runSvc(["index", root, "--force", "--quiet"]);
      expect(forced.stderr).toBe("");
      expect(forced.code).toBe(0);
      expect(statSync(storePath(root)).ino).toBe(before);
      // the connection opened before the rebuild reads the rebuilt store (before: the unlinked old file, forever)
      expect(symbol(reader, "zebraWindow").n).toBe(1);
      expect(hits(reader, "zebra")).toBeGreaterThan(0);
      expect(hits(reader, "window")).toBeGreaterThan(0);
    } finally {
      reader.close();
    }
  }, 180_000);

  test("an operation's index reads one snapshot: a store emptied in place under it (svc index --force's first step) is not seen half-way", async () => {
    const root = repo();
    expect(runSvc(["index", root, "--quiet"]).code).toBe(0);
    const index = await openCurrentIndex(root, {});
    if (!index.available) throw new Error(index.detail);
    try {
      expect(symbol(index.db, "window").n).toBe(1);
      const writer = openWriter(root);
      try {
        clearStore(writer.db, writer.fts); // committed: a new reader sees an empty store
      } finally {
        writer.db.close();
      }
      const fresh = openReader(root) as Database;
      expect(symbol(fresh, "window").n).toBe(0);
      fresh.close();
      // the operation's reader still answers from the store it began with, whole
      expect(symbol(index.db, "window").n).toBe(1);
      expect(hits(index.db, "window")).toBeGreaterThan(0);
    } finally {
      index.db.close();
    }
  }, 180_000);

  test("a writer's open of a current store commits nothing: a reader connecting the full-text tables afterwards sees no schema change", () => {
    const root = repo();
    expect(runSvc(["index", root, "--quiet"]).code).toBe(0);
    const reader = openReader(root) as Database;
    try {
      const version = () => (reader.query("PRAGMA schema_version").get() as { schema_version: number }).schema_version;
      const data = () => (reader.query("PRAGMA data_version").get() as { data_version: number }).data_version;
      const [schema0, data0] = [version(), data()];
      // the semantic upgrade's walk records exist from the first build: its first run takes no DDL
      expect(reader.query("SELECT name FROM sqlite_schema WHERE name IN ('checker_walks', 'checker_deps') ORDER BY name").values()).toEqual([["checker_deps"], ["checker_walks"]]);
      const writer = openWriter(root);
      writer.db.close();
      expect(writer.fresh).toBe(false);
      expect(data()).toBe(data0); // before: createSchema committed CREATE … IF NOT EXISTS and index_meta rows on every open
      expect(version()).toBe(schema0);
      expect(hits(reader, "window")).toBeGreaterThan(0);
    } finally {
      reader.close();
    }
  }, 120_000);
});

describe("a statement another connection holds off", () => {
  test("a write lock held past the wait is index_busy (retry), not internal_error", () => {
    const root = repo();
    expect(runSvc(["index", root, "--quiet"]).code).toBe(0);
    const holder = new Database(storePath(root));
    const other = new Database(storePath(root));
    try {
      holder.run("BEGIN IMMEDIATE");
      holder.run("INSERT OR REPLACE INTO index_meta(key, value) VALUES ('probe', '1')");
      other.run("PRAGMA busy_timeout = 0");
      let caught: unknown = null;
      try {
        other.run("INSERT OR REPLACE INTO index_meta(key, value) VALUES ('probe', '2')");
      } catch (error) {
        caught = error;
      }
      const known = asSvcError(caught);
      expect(known.prefix).toBe("index_busy");
      expect(known.message).toContain("retry");
    } finally {
      holder.run("ROLLBACK");
      holder.close();
      other.close();
    }
  }, 120_000);
});
