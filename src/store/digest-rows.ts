// The rows of remembered secret digests (schema.ts secret_digests): written by the index and the
// history reader, and read out of a store moved aside (provenance.ts) so that a value renamed away
// before the move stays redacted in the store built after it (store/db.ts carries them).
//
// A store moved aside may be anyone's (a repository can ship one), so its database is read as
// untrusted input: never through a link, read-only, with its schema's functions off, from a real
// table, and only rows of the shape svc writes (a 32-hex digest, a length, a kind's name). Carried,
// a planted row can only take more out of svc's output — what a committed `password = "…"` line
// does as well — and the matcher takes only kinds and lengths svc remembers
// (text/remembered-secrets.ts), so no marker can name anything but a secret kind.

import { Database } from "bun:sqlite";
import { copyFileSync, lstatSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface SecretDigestRow { digest: string; length: number; kind: string }

/** At most this many rows are carried out of a store moved aside (a store remembers a few hundred). */
const CARRY_LIMIT = 100_000;

/** Remember digests (an existing one keeps its row). */
export function putSecretDigests(db: Database, rows: readonly SecretDigestRow[]): void {
  if (!rows.length) return;
  const put = db.prepare("INSERT OR IGNORE INTO secret_digests(digest, length, kind) VALUES (?,?,?)");
  for (const r of rows) put.run(r.digest, r.length, r.kind);
}

/** Whether a row read from a store is of the shape svc writes. */
function wellFormed(row: Record<string, unknown>): boolean {
  const { digest, length, kind } = row;
  return typeof digest === "string" && /^[0-9a-f]{32}$/.test(digest) && Number.isInteger(length) && (length as number) > 0 && (length as number) <= 4096 && typeof kind === "string" && /^[a-z0-9-]{1,40}$/.test(kind);
}

const isFile = (path: string) => {
  try {
    return lstatSync(path).isFile();
  } catch {
    return false;
  }
};

const isLink = (path: string) => {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
};

/** The remembered digests of the store in `dir` (a `.svc/` moved aside); none when it has no database svc can read as one. */
export function digestsAside(dir: string): SecretDigestRow[] {
  const path = join(dir, "svc.db");
  if (!isFile(path) || ["-wal", "-shm", "-journal"].some((suffix) => isLink(path + suffix))) return [];
  try {
    return readDigests(path);
  } catch {
    // SQLite could not open it where it is (a WAL database wants its -shm beside it: a folder this user cannot write): a private copy
  }
  const copy = mkdtempSync(join(tmpdir(), "svc-aside-"));
  try {
    copyFileSync(path, join(copy, "svc.db"));
    if (isFile(`${path}-wal`)) copyFileSync(`${path}-wal`, join(copy, "svc.db-wal"));
    return readDigests(join(copy, "svc.db"));
  } catch {
    return []; // not a database, or one svc cannot read: nothing to carry
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

/** The well-formed rows of the database at `path`, read-only, its schema's functions off, from a real table. */
function readDigests(path: string): SecretDigestRow[] {
  const db = new Database(path, { readonly: true });
  try {
    db.run("PRAGMA trusted_schema = OFF");
    db.run("PRAGMA busy_timeout = 2000");
    const table = db.query("SELECT type FROM sqlite_schema WHERE name = 'secret_digests'").get() as { type: string } | null;
    if (table?.type !== "table") return [];
    const rows = db.query(`SELECT digest, length, kind FROM secret_digests LIMIT ${CARRY_LIMIT}`).all() as Record<string, unknown>[];
    return rows.filter(wellFormed).map((r) => ({ digest: r.digest as string, length: r.length as number, kind: r.kind as string }));
  } finally {
    db.close();
  }
}
