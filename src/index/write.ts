// Writing extraction results into the store. A re-extracted file keeps its row id, so
// edges that point at it from other files stay valid; its own derived rows are replaced.

import type { Database, Statement } from "bun:sqlite";
import type { InventoryEntry } from "../workspace/inventory.ts";
import type { ExtractedFile, Extraction } from "./extract.ts";
import { putSecretDigests } from "../store/digest-rows.ts";

export interface FileRow {
  id: number;
  path: string;
  size: number;
  mtime_ms: number;
  hash: string;
}

export class StoreWriter {
  private readonly s: Record<string, Statement>;

  constructor(
    private readonly db: Database,
    private readonly fts: boolean,
  ) {
    const q = (sql: string) => db.prepare(sql);
    this.s = {
      findFile: q("SELECT id FROM files WHERE path = ?"),
      insertFile: q(
        "INSERT INTO files(path, language, size, mtime_ms, hash, is_test, is_generated, tokens, lines, parse_status) VALUES (?,?,?,?,?,?,?,?,?,?)",
      ),
      updateFile: q(
        "UPDATE files SET language=?, size=?, mtime_ms=?, hash=?, is_test=?, is_generated=?, tokens=?, lines=?, parse_status=? WHERE id=?",
      ),
      touchFile: q("UPDATE files SET size=?, mtime_ms=? WHERE id=?"),
      deleteSymbols: q("DELETE FROM symbols WHERE file_id = ?"),
      deleteChunks: q("DELETE FROM chunks WHERE file_id = ?"),
      deleteImports: q("DELETE FROM imports WHERE file_id = ?"),
      deleteOutEdges: q("DELETE FROM edges WHERE from_file = ? AND provenance = 'syntax'"),
      deleteImportEdges: q("DELETE FROM edges WHERE from_file = ? AND type = 'imports' AND provenance = 'syntax'"),
      deleteAllImportEdges: q("DELETE FROM edges WHERE type = 'imports' AND provenance = 'syntax'"),
      deleteWiring: q("DELETE FROM wiring_facts WHERE file_id = ?"),
      insertWiring: q("INSERT INTO wiring_facts(file_id, facts) VALUES (?,?)"),
      deleteCheckerOutEdges: q("DELETE FROM edges WHERE from_file = ? AND provenance = 'checker'"),
      deleteFile: q("DELETE FROM files WHERE id = ?"),
      chunkIds: q("SELECT id FROM chunks WHERE file_id = ?"),
      putSkipped: q("INSERT OR REPLACE INTO skipped_files(path, size, mtime_ms, reason) VALUES (?,?,?,?)"),
      dropSkipped: q("DELETE FROM skipped_files WHERE path = ?"),
      insertSymbol: q(
        "INSERT INTO symbols(file_id, name, kind, container, qualified_name, signature, exported, visibility, start_line, end_line, start_offset, end_offset, body_start, body_end) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
      ),
      insertChunk: q(
        "INSERT INTO chunks(file_id, symbol_id, name, kind, signature, comments, start_line, end_line, tokens) VALUES (?,?,?,?,?,?,?,?,?)",
      ),
      insertImport: q("INSERT INTO imports(file_id, specifier, kind, names, type_only, line) VALUES (?,?,?,?,?,?)"),
      insertEdge: q(
        "INSERT INTO edges(from_file, to_file, type, weight, confidence, evidence_line, provenance) VALUES (?,?,?,?,?,?,?)",
      ),
      ...(fts
        ? {
            ftsFileDelete: q("DELETE FROM files_fts WHERE rowid = ?"),
            ftsFileInsert: q("INSERT INTO files_fts(rowid, types, members, path, subtokens, comments, body, stems) VALUES (?,?,?,?,?,?,?,?)"),
            ftsChunkDelete: q("DELETE FROM chunks_fts WHERE rowid = ?"),
            ftsChunkInsert: q("INSERT INTO chunks_fts(rowid, name, subtokens, comments, body, stems) VALUES (?,?,?,?,?,?)"),
          }
        : {}),
    };
  }

  private st(name: string): Statement {
    const statement = this.s[name];
    if (!statement) throw new Error(`no statement ${name}`);
    return statement;
  }

  private clearDerived(fileId: number): void {
    if (this.fts) {
      for (const row of this.st("chunkIds").all(fileId) as { id: number }[]) this.st("ftsChunkDelete").run(row.id);
      this.st("ftsFileDelete").run(fileId);
    }
    this.st("deleteChunks").run(fileId);
    this.st("deleteSymbols").run(fileId);
    this.st("deleteImports").run(fileId);
    this.st("deleteOutEdges").run(fileId);
    this.st("deleteWiring").run(fileId);
    this.st("deleteCheckerOutEdges").run(fileId); // stale until the semantic tier walks the file again
  }

  /** Insert or replace one file and everything derived from it; returns its id. */
  putFile(x: ExtractedFile): number {
    const existing = this.st("findFile").get(x.path) as { id: number } | null;
    const cols = [x.language, x.size, x.stampMs, x.hash, x.isTest ? 1 : 0, x.isGenerated ? 1 : 0, x.tokens, x.lines, x.parseStatus] as const;
    let id: number;
    if (existing) {
      id = existing.id;
      this.clearDerived(id);
      this.st("updateFile").run(...cols, id);
    } else {
      id = Number(this.st("insertFile").run(x.path, ...cols).lastInsertRowid);
    }
    const symbolIds: number[] = [];
    for (const d of x.decls) {
      const r = this.st("insertSymbol").run(
        id, d.name, d.kind, d.container, d.qualifiedName, d.signature, d.exported ? 1 : 0, d.visibility,
        d.startLine, d.endLine, d.start, d.end, d.bodyStart ?? null, d.bodyEnd ?? null,
      );
      symbolIds.push(Number(r.lastInsertRowid));
    }
    for (const c of x.chunks) {
      const d = x.decls[c.decl];
      if (!d) continue;
      const r = this.st("insertChunk").run(id, symbolIds[c.decl] ?? null, d.qualifiedName, d.kind, d.signature, c.comments, d.startLine, d.endLine, c.tokens);
      if (this.fts) {
        const f = c.fields;
        this.st("ftsChunkInsert").run(Number(r.lastInsertRowid), f.name, f.subtokens, f.comments, f.body, f.stems);
      }
    }
    for (const imp of x.imports) {
      this.st("insertImport").run(id, imp.specifier, imp.kind, imp.names.join(","), imp.typeOnly ? 1 : 0, imp.line);
    }
    if (x.wiring) this.st("insertWiring").run(id, JSON.stringify(x.wiring));
    if (x.secretDigests?.length) putSecretDigests(this.db, x.secretDigests);
    if (this.fts) {
      const f = x.fields;
      this.st("ftsFileInsert").run(id, f.types, f.members, f.path, f.subtokens, f.comments, f.body, f.stems);
    }
    return id;
  }

  /** A file the inventory lists but extraction could not use (binary, unreadable). */
  putSkipped(path: string, size: number, stampMs: number, reason: string): void {
    this.st("putSkipped").run(path, size, stampMs, reason);
  }

  dropSkipped(path: string): void {
    this.st("dropSkipped").run(path);
  }

  /** Same content, new stat: record the new size/mtime only. */
  touchFile(id: number, size: number, stampMs: number): void {
    this.st("touchFile").run(size, stampMs, id);
  }

  deleteFile(id: number): void {
    this.clearDerived(id);
    this.st("deleteFile").run(id);
  }

  deleteByPath(path: string): void {
    const existing = this.st("findFile").get(path) as { id: number } | null;
    if (existing) this.deleteFile(existing.id);
  }

  /** The syntax import edges from one file, or (null) from every file. */
  deleteImportEdges(fileId: number | null): void {
    if (fileId === null) this.st("deleteAllImportEdges").run();
    else this.st("deleteImportEdges").run(fileId);
  }

  addEdge(from: number, to: number, type: string, weight: number, confidence: number, line: number | null): void {
    this.st("insertEdge").run(from, to, type, weight, confidence, line, "syntax");
  }
}

export interface SkippedRow {
  path: string;
  size: number;
  mtime_ms: number;
  reason: string;
}

export function skippedRows(db: Database): Map<string, SkippedRow> {
  const map = new Map<string, SkippedRow>();
  for (const row of db.query("SELECT path, size, mtime_ms, reason FROM skipped_files").all() as SkippedRow[]) map.set(row.path, row);
  return map;
}

export function fileRows(db: Database): Map<string, FileRow> {
  const map = new Map<string, FileRow>();
  for (const row of db.query("SELECT id, path, size, mtime_ms, hash FROM files").all() as FileRow[]) map.set(row.path, row);
  return map;
}

/** Store one extraction result: the file and its derived rows, or its skip record. */
export function applyExtraction(writer: StoreWriter, result: Extraction, entry: InventoryEntry | undefined): void {
  if (result.ok) {
    writer.putFile(result);
    writer.dropSkipped(result.path);
  } else {
    writer.putSkipped(result.path, entry?.size ?? 0, entry?.stampMs ?? 0, result.reason);
    writer.deleteByPath(result.path);
  }
}
