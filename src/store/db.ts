// Opening the store: `<root>/.svc/svc.db` in WAL mode. Writers create it (with a
// `.svc/.gitignore` holding `*`); readers open it read-only and never create anything.
// The store is private to its owner: `.svc/` (and folders below it) 0700, the database and
// its WAL/SHM 0600 — set on creation and repaired whenever a writer opens an older store.
// The store stays inside the workspace: `.svc/` or an entry of it that is a symbolic link (a
// cloned repository can carry one) is refused, never written, chmod'ed or deleted through.
// A `.svc/` svc did not make for this workspace (a repository shipped it) is moved aside
// unused before anything in it is read (provenance.ts); its remembered secret digests are
// carried into the fresh store at once (carryDigests), even by a reader: a value renamed away
// before the store was moved (a folder moved to another file system) stays redacted.

import { Database } from "bun:sqlite";
import { accessSync, chmodSync, closeSync, constants, existsSync, lstatSync, mkdirSync, openSync, readlinkSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { asSvcError, SvcError, validationError } from "../errors.ts";
import { digestsAside, putSecretDigests } from "./digest-rows.ts";
import { createStoreDir, vetStoreDir } from "./provenance.ts";
import { closeIdle, fileIdentity, lease, takeIdle } from "./snapshot-pool.ts";
import { EXTRACTION_VERSION, FTS_SQL, SCHEMA_SQL, SCHEMA_VERSION, TABLES, WALK_RECORD_TABLES } from "./schema.ts";

const STORE_DIR = ".svc";

export function storeDir(root: string): string {
  return storeEntry(root);
}

/**
 * `<root>/.svc/<parts…>`, refused (`validation_error:`) when `.svc/` or a name on the way below
 * it is a symbolic link: the store's writes, chmods and deletes would land wherever it points.
 */
export function storeEntry(root: string, ...parts: string[]): string {
  let at = join(root, STORE_DIR);
  refuseLink(root, at);
  vetStoreDir(root, at, (aside) => carryDigests(root, aside)); // one svc did not make for this workspace is moved aside (provenance.ts)
  for (const part of parts) refuseLink(root, (at = join(at, part)));
  return at;
}

function refuseLink(root: string, path: string): void {
  try {
    if (!lstatSync(path).isSymbolicLink()) return;
  } catch {
    return; // not there (yet)
  }
  let target = "?";
  try {
    target = readlinkSync(path);
  } catch {
    // unreadable link
  }
  throw validationError(`refusing to use the index store: ${relative(root, path)} is a symbolic link (to ${target}); svc keeps its index inside the workspace and never writes through a link. Remove the link; svc recreates ${STORE_DIR}/ on the next call`);
}

/**
 * Refuse (as a writer would) when this user cannot create or write the store: a read that
 * would start a background build then says so, instead of "being built, retry" for a build
 * that can never run (a read-only checkout, another user's folder). Creates nothing.
 */
export function assertStoreWritable(root: string): void {
  const dir = storeEntry(root);
  const at = existsSync(dir) ? dir : root;
  try {
    accessSync(at, constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "EACCES";
    throw validationError(`cannot write the index store ${dir}: ${at === dir ? "its folder is not writable" : "the workspace folder is not writable, so it cannot be created"} by this user (${code}); make it writable, or index a writable copy`);
  }
}

/**
 * Create `.svc/` (and `sub` below it) with its `.gitignore`, inside a root that must still
 * exist: a writer never re-creates a workspace that was deleted under it.
 */
export function ensureStoreDir(root: string, ...sub: string[]): string {
  if (!existsSync(root)) throw new SvcError("workspace_not_found", `directory not found: ${root}`);
  const top = storeEntry(root);
  if (!existsSync(top)) createStoreDir(root, top);
  const dir = storeEntry(root, ...sub);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  let at = storeDir(root);
  privateMode(at, 0o700);
  for (const part of sub) privateMode((at = join(at, part)), 0o700);
  const ignore = storeEntry(root, ".gitignore");
  if (!existsSync(ignore)) writeFileSync(ignore, "*\n", { mode: 0o600 });
  return dir;
}

/**
 * Put the remembered secret digests of the store moved aside to `aside` into the workspace's own
 * (made now when there is none yet; another process's, just made, takes them as well). Done at
 * once by whichever process moved it (a reader too): none is lost to a process that exits before
 * it builds. What the notice adds.
 */
function carryDigests(root: string, aside: string): string {
  const rows = digestsAside(aside);
  if (!rows.length) return "";
  let db: Database | null = null;
  try {
    ensureStoreDir(root);
    privateStoreFiles(root);
    db = new Database(storePath(root), { create: true });
    pragmas(db, true);
    db.run("PRAGMA busy_timeout = 60000"); // a writer indexing into the store just made holds it a while
    // a new database gets the schema (its first writer adds the versions and full-text tables); an existing one its missing tables
    const has = db.query("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'secret_digests'").get();
    if (!has) db.run(SCHEMA_SQL);
    const store = db;
    store.transaction(() => putSecretDigests(store, rows)).immediate();
    return `; the ${rows.length} secret digest${rows.length === 1 ? "" : "s"} it remembered ${rows.length === 1 ? "is" : "are"} carried into the new store (values once found secret stay redacted)`;
  } catch (error) {
    return `; the secret digests it remembered could not be carried into the new store (${(error as Error).message}): a value once found secret but no longer named one may show until it is found again`;
  } finally {
    db?.close();
  }
}

/** chmod, ignoring a file that is not there (or one we do not own: SQLite then still works). */
function privateMode(path: string, mode: number): void {
  try {
    chmodSync(path, mode);
  } catch {
    // absent or not ours
  }
}

/** The database file exists 0600 before SQLite opens it (its WAL and SHM copy that mode); older stores are repaired. */
function privateStoreFiles(root: string): void {
  const db = storePath(root);
  if (!existsSync(db)) closeSync(openSync(db, "a", 0o600));
  for (const suffix of ["", "-wal", "-shm"]) privateMode(db + suffix, 0o600);
}

/** The database; its WAL, SHM and journal are held to the same rule (SQLite opens them by name). */
export function storePath(root: string): string {
  const db = storeEntry(root, "svc.db");
  for (const suffix of ["-wal", "-shm", "-journal"]) refuseLink(root, db + suffix);
  return db;
}

export function storeExists(root: string): boolean {
  return existsSync(storePath(root));
}

export const BUSY_TIMEOUT_MS = 2000;

function pragmas(db: Database, write: boolean): void {
  db.run(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
  db.run("PRAGMA foreign_keys = ON");
  if (write) {
    db.run("PRAGMA journal_mode = WAL");
    db.run("PRAGMA synchronous = NORMAL");
  }
  db.run("PRAGMA temp_store = MEMORY");
  db.run("PRAGMA cache_size = -32000");
}

/** Open read-only, or null when there is no store (never creates it). */
export function openReader(root: string): Database | null {
  if (!storeExists(root)) return null;
  try {
    const db = new Database(storePath(root), { readonly: true });
    pragmas(db, false);
    return db;
  } catch (error) {
    // a store this user cannot write (WAL readers need its -shm) is not "being rebuilt": say what to fix
    const message = (error as Error).message;
    if (/unable to open database file|readonly database/i.test(message) && storeExists(root)) {
      throw validationError(`cannot write the index store ${storeDir(root)}: a reader must be able to create svc.db-shm there (${message}); make .svc/ and its files writable by this user, or remove .svc/ to rebuild it`);
    }
    const known = asSvcError(error);
    if (known.prefix !== "internal_error") throw known;
    throw new SvcError("index_rebuilding", `cannot open the index at ${storePath(root)}: ${(error as Error).message}`);
  }
}

/**
 * Open read-only inside one read transaction (null when there is no store): every statement
 * until the connection closes sees the store as it was at the first read here, so an answer
 * assembled from many queries never mixes a store with one a writer rebuilt or emptied in the
 * meantime (`svc index --force` empties in place). Closing ends it.
 */
export function openSnapshot(root: string): Database | null {
  const path = storePath(root);
  const identity = fileIdentity(path);
  // a connection kept from an earlier read of the same store file (snapshot-pool.ts), else a new one
  const db = (identity !== null ? takeIdle(path, identity) : null) ?? openReader(root);
  if (!db) return null;
  try {
    db.run("BEGIN");
    db.query("SELECT count(*) FROM sqlite_schema").get(); // the snapshot starts at the first read
    // the store file as this snapshot reads it: a connection opened after a rebuild gets the new file's identity
    const opened = identity ?? fileIdentity(path);
    return opened === null ? db : lease(path, opened, db);
  } catch (error) {
    db.close();
    throw asSvcError(error);
  }
}

export function ftsAvailable(db: Database): boolean {
  try {
    const row = db.query("SELECT sqlite_compileoption_used('ENABLE_FTS5') AS on_").get() as { on_: number } | null;
    return row?.on_ === 1;
  } catch {
    return false;
  }
}

function readVersion(db: Database, key: string): number | null {
  try {
    const row = db.query("SELECT value FROM index_meta WHERE key = ?").get(key) as { value: string } | null;
    return row ? Number(row.value) : null;
  } catch {
    return null;
  }
}

/** Remove the store files (database, WAL, SHM). */
export function deleteStore(root: string): void {
  closeIdle(storePath(root));
  for (const suffix of ["", "-wal", "-shm"]) rmSync(storePath(root) + suffix, { force: true });
}

export interface WriterStore {
  db: Database;
  fts: boolean;
  /** The store was created or recreated by this open (schema/extraction mismatch or corruption). */
  fresh: boolean;
}

function createSchema(db: Database): boolean {
  const fts = ftsAvailable(db);
  // A store already at this schema takes no DDL and no write: a schema change (even a no-op
  // commit of one) under a reader that is connecting a full-text table can fail its
  // statement ("vtable constructor failed"), and every open would write a transaction.
  if (readVersion(db, "fts_available") === (fts ? 1 : 0) && readVersion(db, "schema_version") === SCHEMA_VERSION && readVersion(db, "extraction_version") === EXTRACTION_VERSION && schemaComplete(db, fts)) return fts;
  db.transaction(() => {
    db.run(SCHEMA_SQL);
    if (fts) db.run(FTS_SQL);
    const put = db.prepare("INSERT OR REPLACE INTO index_meta(key, value) VALUES (?, ?)");
    put.run("schema_version", String(SCHEMA_VERSION));
    put.run("extraction_version", String(EXTRACTION_VERSION));
    put.run("fts_available", fts ? "1" : "0");
  }).immediate();
  return fts;
}

/** The indexes SCHEMA_SQL makes. */
const SCHEMA_INDEXES = [...SCHEMA_SQL.matchAll(/CREATE INDEX IF NOT EXISTS (\w+)/g)].map((m) => m[1]!);

/** Whether every table and index of the schema exists (a store from before one was added to SCHEMA_SQL gets it on its next writer open). */
function schemaComplete(db: Database, fts: boolean): boolean {
  const names = new Set((db.query("SELECT name FROM sqlite_schema WHERE type IN ('table', 'index')").values() as [string][]).map((r) => r[0]));
  return [...TABLES, ...WALK_RECORD_TABLES, ...SCHEMA_INDEXES, ...(fts ? ["files_fts", "chunks_fts"] : [])].every((t) => names.has(t));
}

/**
 * Empty every derived table in one write transaction (`svc index --force`), keeping the file,
 * its WAL and the schema: a reader mid-answer keeps its snapshot, a new one sees a store that
 * is not built (never a missing table, a half-created file or a database locked by a file that
 * is not in WAL mode yet). Check sessions and remembered secret digests are not derived and stay.
 */
export function clearStore(db: Database, fts: boolean): void {
  db.run("PRAGMA foreign_keys = OFF"); // DELETE without WHERE then truncates each table instead of checking every row
  try {
    db.transaction(() => {
      for (const table of [...TABLES, ...WALK_RECORD_TABLES]) {
        if (table === "check_sessions" || table === "secret_digests") continue;
        if (table === "index_meta") db.run("DELETE FROM index_meta WHERE key NOT IN ('schema_version', 'extraction_version', 'fts_available')");
        else db.run(`DELETE FROM ${table}`);
      }
      if (fts) for (const table of ["files_fts", "chunks_fts"]) db.run(`INSERT INTO ${table}(${table}) VALUES ('delete-all')`);
    }).immediate();
  } finally {
    db.run("PRAGMA foreign_keys = ON");
  }
}

/** Drop every table of the store in one write transaction (a store of another schema or extraction version), but the remembered secret digests (their table has one shape). */
function dropAll(db: Database): void {
  const tables = (db.query("SELECT name, sql FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name != 'secret_digests'").values() as [string, string | null][]);
  const virtual = new Set(tables.filter(([, sql]) => /^CREATE VIRTUAL TABLE/i.test(sql ?? "")).map(([name]) => name));
  // a full-text table drops its own shadow tables (`<name>_data`, …)
  const shadow = (name: string) => [...virtual].some((v) => name !== v && name.startsWith(`${v}_`));
  db.run("PRAGMA foreign_keys = OFF");
  try {
    db.transaction(() => {
      for (const [name] of tables) if (!shadow(name)) db.run(`DROP TABLE IF EXISTS "${name.replaceAll('"', '""')}"`);
    }).immediate();
  } finally {
    db.run("PRAGMA foreign_keys = ON");
  }
}

/** Open an existing store for a process the writer delegated work to (extraction children): no schema changes. */
export function openDelegate(root: string): WriterStore {
  const db = new Database(storePath(root));
  pragmas(db, true);
  db.run("PRAGMA synchronous = OFF");
  return { db, fts: ftsAvailable(db), fresh: false };
}

/**
 * Open for writing (the caller holds the writer lock). Creates `.svc/` and the schema; a
 * store with another schema or extraction version, or one SQLite cannot read, is rebuilt
 * from scratch.
 */
export function openWriter(root: string): WriterStore {
  ensureStoreDir(root);
  let fresh = !storeExists(root);
  privateStoreFiles(root);
  for (let attempt = 0; attempt < 2; attempt++) {
    let db: Database | null = null;
    try {
      db = new Database(storePath(root), { create: true });
      pragmas(db, true);
      const schema = readVersion(db, "schema_version");
      const extraction = readVersion(db, "extraction_version");
      if (schema !== null && (schema !== SCHEMA_VERSION || extraction !== EXTRACTION_VERSION)) {
        // Another svc's store: emptied in place (the file and its WAL stay, so readers never meet a half-created one).
        dropAll(db);
        fresh = true;
      }
      if (schema === null) fresh = true;
      const fts = createSchema(db);
      return { db, fts, fresh };
    } catch (error) {
      db?.close();
      if (attempt === 0 && /malformed|not a database|corrupt/i.test((error as Error).message)) {
        deleteStore(root);
        privateStoreFiles(root);
        fresh = true;
        continue;
      }
      throw error;
    }
  }
  throw new SvcError("internal_error", `cannot create the index at ${storePath(root)}`);
}
