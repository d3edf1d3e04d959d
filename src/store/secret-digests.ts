// The remembered secret digests of a workspace's store (schema.ts secret_digests), for the
// output path: read once and again only when the store's files change (a host answers many
// calls from one store; a CLI call reads it once). Rows only (written by store/digest-rows.ts): what they match is
// text/remembered-secrets.ts.

import { statSync } from "node:fs";
import { openReader, storePath } from "./db.ts";
import type { SecretDigestRow } from "./digest-rows.ts";

const cache = new Map<string, { stamp: string; rows: SecretDigestRow[] }>();

/** What changes when the store is written: the database's and its WAL's size and time. */
function stampOf(path: string): string | null {
  try {
    const db = statSync(path);
    let wal = "";
    try {
      const w = statSync(`${path}-wal`);
      wal = `${w.size}:${w.mtimeMs}`;
    } catch { /* no WAL */ }
    return `${db.ino}:${db.size}:${db.mtimeMs}:${wal}`;
  } catch {
    return null;
  }
}

/** The digests the store of `root` remembers (none when there is no store or it cannot be read: the detectors still run). */
export function storedSecretDigests(root: string): SecretDigestRow[] {
  let path: string;
  try {
    path = storePath(root);
  } catch {
    return [];
  }
  const stamp = stampOf(path);
  if (stamp === null) return [];
  const hit = cache.get(path);
  if (hit?.stamp === stamp) return hit.rows;
  let rows: SecretDigestRow[] = [];
  try {
    const db = openReader(root);
    if (db) {
      try {
        rows = db.query("SELECT digest, length, kind FROM secret_digests").all() as SecretDigestRow[];
      } finally {
        db.close();
      }
    }
  } catch {
    rows = []; // a store of an older svc has no table yet; a store being rebuilt is read next time
  }
  cache.set(path, { stamp, rows });
  return rows;
}
