// A digest of an index's contents, to show that a change to the indexer stores the same
// rows. Row ids depend on the order extraction children commit in, so they are left out:
// file references become paths, symbol references `path#qualified_name@offset`, and each
// table's rows are hashed (SHA-256) in sorted order. The contentless full-text tables are
// compared through fts5vocab (every term with its document and occurrence counts, overall
// and per column). index_meta rows that record when, or a hash over ids, are skipped.
// Usage: bun scripts/bench/store-digest.ts <workspace>   (prints JSON)

import { Database } from "bun:sqlite";
import { createHash } from "node:crypto";
import { storePath } from "../../src/store/db.ts";
import { TABLES } from "../../src/store/schema.ts";

const VOLATILE_META = new Set(["index_completed_at", "index_inventory_hash", "svc_version", "index_integrity", "load_diagnosis", "history_reflog"]);
const FILE_REFS = new Set(["file_id", "from_file", "to_file", "handler_file_id", "impl_file_id", "request_file_id"]);
const SYMBOL_REFS = new Set(["symbol_id", "from_symbol", "to_symbol"]);

export type StoreDigest = Record<string, { rows: number; sha256: string }>;

export interface DigestOptions {
  /** Comparing copies of a repository in different folders: leave out modification times, the workspace root and the commit id history was read to. */
  portable?: boolean;
  /** Keep the sorted rows of these tables (to show a difference). */
  rowsOf?: ReadonlySet<string>;
}

const PORTABLE_META = new Set(["index_workspace_root", "history_head"]); // another checkout: another root, its own commit ids
const TIMES = new Set(["mtime_ms"]);

function column(name: string): string {
  if (FILE_REFS.has(name)) return `(SELECT path FROM files WHERE id = t.${name}) AS ${name}`;
  if (SYMBOL_REFS.has(name)) {
    return `(SELECT f.path || '#' || s.qualified_name || '@' || s.start_offset FROM symbols s JOIN files f ON f.id = s.file_id WHERE s.id = t.${name}) AS ${name}`;
  }
  return `t.${name}`;
}

export function storeDigest(root: string, options: DigestOptions = {}, rows: Map<string, string[]> = new Map()): StoreDigest {
  const db = new Database(storePath(root), { readonly: true });
  const out: StoreDigest = {};
  const volatile = (key: unknown) => VOLATILE_META.has(String(key)) || (options.portable === true && PORTABLE_META.has(String(key)));
  const kept = rows;
  const digest = (name: string, sql: string, skip?: (row: Record<string, unknown>) => boolean) => {
    const rows: string[] = [];
    for (const row of db.query(sql).iterate() as Iterable<Record<string, unknown>>) if (!skip?.(row)) rows.push(JSON.stringify(row));
    rows.sort();
    const hash = createHash("sha256");
    for (const row of rows) hash.update(`${row}\n`);
    out[name] = { rows: rows.length, sha256: hash.digest("hex") };
    if (options.rowsOf?.has(name)) kept.set(name, rows);
  };
  try {
    for (const table of TABLES) {
      const names = (db.query(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name).filter((n) => n !== "id" && !(options.portable && TIMES.has(n)));
      digest(table, `SELECT ${names.map(column).join(", ")} FROM ${table} t`, table === "index_meta" ? (r) => volatile(r.key) : undefined);
    }
    for (const fts of ["files_fts", "chunks_fts"]) {
      if (!db.query("SELECT 1 FROM sqlite_master WHERE name = ?").get(fts)) continue;
      db.run(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.${fts}_vrow USING fts5vocab(main, ${fts}, 'row')`);
      db.run(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.${fts}_vcol USING fts5vocab(main, ${fts}, 'col')`);
      digest(`${fts} terms`, `SELECT term, doc, cnt FROM temp.${fts}_vrow`);
      digest(`${fts} terms per column`, `SELECT term, col, doc, cnt FROM temp.${fts}_vcol`);
    }
  } finally {
    db.close();
  }
  return out;
}

if (import.meta.main) {
  const root = process.argv[2];
  if (!root) {
    console.error("usage: bun scripts/bench/store-digest.ts <workspace>");
    process.exit(2);
  }
  console.log(JSON.stringify(storeDigest(root), null, 1));
}
