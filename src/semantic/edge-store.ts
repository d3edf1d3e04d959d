// Writing checker edges (provenance `checker`) for walked files: a file's checker edges are
// replaced as a whole, each reference tied to the innermost declaration that contains it
// (from_symbol) and to the declaration it resolves to (to_symbol), de-duplicated per
// (from, to, type); test files also get one `tests` edge per subject file.
// File ids are read inside each write's transaction, never kept from an earlier one: in a
// process that writes the index (the host), a reconcile can delete or recreate a file while
// the walk awaits the checker, and an id read before that names no file (a FOREIGN KEY
// failure that lost the whole pass) or, reused, another file. A walked file whose row is gone
// is skipped; one whose edge target is gone is written without that edge and `requeued`.

import type { Database, Statement } from "bun:sqlite";
import { createHash } from "node:crypto";
import type { FileRefs } from "./checker-walk.ts";

/** Edge weights of the checker's edge types (fusion follows heavier edges first). */
export const CHECKER_WEIGHTS: Record<string, number> = {
  imports: 1,
  reexports: 1,
  implements: 0.9,
  extends: 0.75,
  tests: 0.65,
  calls: 0.5,
  type_ref: 0.3,
  references: 0.15,
};

/** A walked file with root-relative paths. */
export interface WalkedFile extends Omit<FileRefs, "path"> {
  path: string;
}

/**
 * One written edge, independent of row ids: the target file, the source and target
 * declarations as `qualified_name#ordinal` keys (the ordinal among the file's declarations of
 * that name, by position), the type and the evidence line. A file's edges are restored from
 * these while the declarations they name still exist.
 */
export type StoredEdge = [to: string, fromKey: string | null, toKey: string | null, type: string, line: number | null];

interface SymbolRow {
  id: number;
  name: string;
  qualified_name: string;
  container: string | null;
  start_line: number;
  end_line: number;
}

export class CheckerEdgeWriter {
  /** Files by path as the current transaction reads them (null: no such file now). */
  private readonly fileIds = new Map<string, { id: number; test: boolean } | null>();
  private readonly symbols = new Map<number, SymbolRow[]>();
  private readonly byName = new Map<number, Map<string, SymbolRow[]>>();
  private readonly keys = new Map<number, { ofId: Map<number, string>; toId: Map<string, number> }>();
  private readonly paths = new Map<number, string>();
  private readonly st: Record<"del" | "ins" | "syms" | "file", Statement>;
  /** Walked files written without an edge because its target file was removed since the walk began: they must be walked again. */
  readonly requeued = new Set<string>();

  constructor(private readonly db: Database) {
    this.st = {
      // wiring edges (they carry a key) are the wiring pass's, rewritten after the walk
      del: db.prepare("DELETE FROM edges WHERE from_file = ? AND provenance = 'checker' AND key IS NULL"),
      ins: db.prepare("INSERT INTO edges(from_file, to_file, from_symbol, to_symbol, type, weight, confidence, evidence_line, provenance) VALUES (?,?,?,?,?,?,?,?,'checker')"),
      syms: db.prepare("SELECT id, name, qualified_name, container, start_line, end_line FROM symbols WHERE file_id = ? ORDER BY start_line, start_offset, id"),
      file: db.prepare("SELECT id, is_test FROM files WHERE path = ?"),
    };
  }

  /** The file at `path` as the store holds it now (within a write, as its transaction sees it). */
  private file(path: string): { id: number; test: boolean } | null {
    let file = this.fileIds.get(path);
    if (file === undefined) {
      const row = this.st.file.get(path) as { id: number; is_test: number } | null;
      file = row ? { id: row.id, test: row.is_test === 1 } : null;
      this.fileIds.set(path, file);
      if (file) this.paths.set(file.id, path);
    }
    return file;
  }

  private rows(fileId: number): SymbolRow[] {
    let rows = this.symbols.get(fileId);
    if (!rows) {
      rows = this.st.syms.all(fileId) as SymbolRow[];
      this.symbols.set(fileId, rows);
    }
    return rows;
  }

  /** Row id ↔ `qualified_name#ordinal` for a file's declarations. */
  private keyed(fileId: number): { ofId: Map<number, string>; toId: Map<string, number> } {
    let keys = this.keys.get(fileId);
    if (!keys) {
      keys = { ofId: new Map(), toId: new Map() };
      const seen = new Map<string, number>();
      for (const row of this.rows(fileId)) {
        const n = seen.get(row.qualified_name) ?? 0;
        seen.set(row.qualified_name, n + 1);
        const key = `${row.qualified_name}#${n}`;
        keys.ofId.set(row.id, key);
        keys.toId.set(key, row.id);
      }
      this.keys.set(fileId, keys);
    }
    return keys;
  }

  /** A digest of a file's declarations (their qualified names in order): the keys of its rows mean the same while it is unchanged. */
  shape(path: string): string {
    const file = this.file(path);
    if (!file) return "";
    return createHash("sha256").update(this.rows(file.id).map((r) => r.qualified_name).join("\n")).digest("hex").slice(0, 32);
  }

  private named(fileId: number): Map<string, SymbolRow[]> {
    let map = this.byName.get(fileId);
    if (!map) {
      map = new Map();
      for (const row of this.rows(fileId)) {
        const list = map.get(row.name);
        if (list) list.push(row);
        else map.set(row.name, [row]);
      }
      this.byName.set(fileId, map);
    }
    return map;
  }

  /** The innermost declaration of a file containing `line` (optionally only those with this name). */
  private innermost(fileId: number, line: number, name?: string): number | null {
    const candidates = name === undefined ? this.rows(fileId) : (this.named(fileId).get(name) ?? []);
    let best: SymbolRow | null = null;
    for (const row of candidates) {
      if (row.start_line > line) break;
      if (row.end_line < line) continue;
      if (!best || row.end_line - row.start_line <= best.end_line - best.start_line) best = row;
    }
    return best?.id ?? null;
  }

  private forgetRows(): void {
    // files may have been removed, recreated or re-extracted (new symbol ids) since the last batch
    this.fileIds.clear();
    this.paths.clear();
    this.symbols.clear();
    this.byName.clear();
    this.keys.clear();
  }

  private insert(from: number, to: number, fromSym: number | null, toSym: number | null, type: string, line: number | null): void {
    this.st.ins.run(from, to, fromSym, toSym, type, CHECKER_WEIGHTS[type] ?? 0.15, 1, line);
  }

  /**
   * Replace the checker edges of files from what an earlier walk wrote (`StoredEdge`s). A
   * file whose stored edges name a declaration or file that no longer exists is left alone
   * and returned: it must be walked again.
   */
  restore(files: readonly { path: string; edges: readonly StoredEdge[] }[]): string[] {
    const failed: string[] = [];
    this.db.transaction(() => {
      this.forgetRows();
      for (const file of files) {
        const from = this.file(file.path);
        if (!from) {
          failed.push(file.path);
          continue;
        }
        const rows: [number, number | null, number | null, string, number | null][] = [];
        for (const [toPath, fromKey, toKey, type, line] of file.edges) {
          const to = this.file(toPath);
          const fromSym = fromKey === null ? null : this.keyed(from.id).toId.get(fromKey);
          const toSym = toKey === null || !to ? null : this.keyed(to.id).toId.get(toKey);
          if (!to || fromSym === undefined || toSym === undefined) break;
          rows.push([to.id, fromSym, toSym, type, line]);
        }
        if (rows.length !== file.edges.length) {
          failed.push(file.path);
          continue;
        }
        this.st.del.run(from.id);
        for (const [to, fromSym, toSym, type, line] of rows) this.insert(from.id, to, fromSym, toSym, type, line);
      }
    })();
    return failed;
  }

  /** Replace the checker edges of these files; returns the number of edges written. `record` receives each file's edges as written. */
  write(files: readonly WalkedFile[], record?: (path: string, edges: StoredEdge[]) => void): number {
    let written = 0;
    this.db.transaction(() => {
      this.forgetRows();
      for (const file of files) {
        const from = this.file(file.path);
        if (!from) continue; // removed since it was walked: its edges went with it
        this.st.del.run(from.id);
        const seen = new Set<string>();
        const subjects = new Set<number>();
        const stored: StoredEdge[] = [];
        const keyOf = (fileId: number, sym: number | null) => (sym === null ? null : (this.keyed(fileId).ofId.get(sym) ?? null));
        const add = (to: number, fromSym: number | null, toSym: number | null, type: string, line: number | null) => {
          // top-level code has no declaration to group by: keep each line
          const key = `${fromSym ?? `f${from.id}:${line}`}|${toSym ?? `t${to}`}|${type}`;
          if (seen.has(key)) return;
          seen.add(key);
          this.insert(from.id, to, fromSym, toSym, type, line);
          if (record) stored.push([this.paths.get(to)!, keyOf(from.id, fromSym), keyOf(to, toSym), type, line]);
          written++;
        };
        // the walk names only files the store held when the run began: one missing now was removed since
        const target = (path: string) => {
          const to = this.file(path);
          if (!to) this.requeued.add(file.path);
          return to;
        };
        for (const m of file.modules) {
          const to = target(m.target);
          if (to && to.id !== from.id) add(to.id, null, null, m.kind, m.line);
        }
        for (const ref of file.refs) {
          const to = target(ref.target.path);
          if (!to) continue;
          // the declaration of that name around the checker's line; none (a member of a type literal, a local): the file, not a
          // declaration of the same name elsewhere in it (`store.persist` is not the top-level `const persist`)
          const toSym = ref.target.line > 0 ? this.innermost(to.id, ref.target.line, ref.target.name) : null;
          const fromSym = this.innermost(from.id, ref.line);
          if (to.id === from.id && (toSym === null || toSym === fromSym)) continue;
          add(to.id, fromSym, toSym, ref.kind, ref.line);
          if (from.test && !to.test && to.id !== from.id) subjects.add(to.id);
        }
        for (const subject of subjects) add(subject, null, null, "tests", null);
        record?.(file.path, stored);
      }
    })();
    return written;
  }
}
