// Writing checker edges (provenance `checker`) for walked files: a file's checker edges are
// replaced as a whole, each reference tied to the innermost declaration that contains it
// (from_symbol) and to the declaration it resolves to (to_symbol), de-duplicated per
// (from, to, type); test files also get one `tests` edge per subject file.

import type { Database, Statement } from "bun:sqlite";
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

interface SymbolRow {
  id: number;
  name: string;
  container: string | null;
  start_line: number;
  end_line: number;
}

export class CheckerEdgeWriter {
  private readonly fileIds = new Map<string, { id: number; test: boolean }>();
  private readonly symbols = new Map<number, SymbolRow[]>();
  private readonly byName = new Map<number, Map<string, SymbolRow[]>>();
  private readonly st: Record<"del" | "ins" | "syms", Statement>;

  constructor(private readonly db: Database) {
    for (const row of db.query("SELECT id, path, is_test FROM files").all() as { id: number; path: string; is_test: number }[]) {
      this.fileIds.set(row.path, { id: row.id, test: row.is_test === 1 });
    }
    this.st = {
      // wiring edges (they carry a key) are the wiring pass's, rewritten after the walk
      del: db.prepare("DELETE FROM edges WHERE from_file = ? AND provenance = 'checker' AND key IS NULL"),
      ins: db.prepare("INSERT INTO edges(from_file, to_file, from_symbol, to_symbol, type, weight, confidence, evidence_line, provenance) VALUES (?,?,?,?,?,?,?,?,'checker')"),
      syms: db.prepare("SELECT id, name, container, start_line, end_line FROM symbols WHERE file_id = ? ORDER BY start_line"),
    };
  }

  private rows(fileId: number): SymbolRow[] {
    let rows = this.symbols.get(fileId);
    if (!rows) {
      rows = this.st.syms.all(fileId) as SymbolRow[];
      this.symbols.set(fileId, rows);
    }
    return rows;
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

  /**
   * The one top-level declaration of a name in a file, when the checker's declaration is
   * elsewhere in it (CommonJS `module.exports = { name }`, `exports.name = name`).
   */
  private uniqueTopLevel(fileId: number, name: string): number | null {
    const rows = (this.named(fileId).get(name) ?? []).filter((r) => r.container === null);
    return rows.length === 1 ? (rows[0] as SymbolRow).id : null;
  }

  /** Replace the checker edges of these files; returns the number of edges written. */
  write(files: readonly WalkedFile[]): number {
    let written = 0;
    this.db.transaction(() => {
      this.symbols.clear(); // symbols may have been re-extracted since the last batch
      this.byName.clear();
      for (const file of files) {
        const from = this.fileIds.get(file.path);
        if (!from) continue;
        this.st.del.run(from.id);
        const seen = new Set<string>();
        const subjects = new Set<number>();
        const add = (to: number, fromSym: number | null, toSym: number | null, type: string, line: number | null) => {
          // top-level code has no declaration to group by: keep each line
          const key = `${fromSym ?? `f${from.id}:${line}`}|${toSym ?? `t${to}`}|${type}`;
          if (seen.has(key)) return;
          seen.add(key);
          this.st.ins.run(from.id, to, fromSym, toSym, type, CHECKER_WEIGHTS[type] ?? 0.15, 1, line);
          written++;
        };
        for (const m of file.modules) {
          const to = this.fileIds.get(m.target);
          if (to && to.id !== from.id) add(to.id, null, null, m.kind, m.line);
        }
        for (const ref of file.refs) {
          const to = this.fileIds.get(ref.target.path);
          if (!to) continue;
          const toSym = ref.target.line > 0 ? (this.innermost(to.id, ref.target.line, ref.target.name) ?? this.uniqueTopLevel(to.id, ref.target.name)) : null;
          const fromSym = this.innermost(from.id, ref.line);
          if (to.id === from.id && (toSym === null || toSym === fromSym)) continue;
          add(to.id, fromSym, toSym, ref.kind, ref.line);
          if (from.test && !to.test && to.id !== from.id) subjects.add(to.id);
        }
        for (const subject of subjects) add(subject, null, null, "tests", null);
      }
    })();
    return written;
  }
}
