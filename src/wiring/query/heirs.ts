// The types that implement an interface without naming it in an `implements` clause: the
// subclasses of its implementers (`class PostgreSqlDriver extends AbstractSqlDriver`, whose
// base `DatabaseDriver implements IDatabaseDriver`) and what implements the interfaces
// extending it (`FileCacheAdapter implements SyncCacheAdapter`, `SyncCacheAdapter extends
// CacheAdapter`): the stored heritage edges (extends, implements) walked down from it.

import type { Database } from "bun:sqlite";
import type { End } from "./rows.ts";

export interface Heir {
  kind: string;
  name: string;
  path: string;
  line: number;
  /** The type it extends or implements on the way down (the one naming the interface, or an heir of it). */
  via: string;
  provenance: string;
}

/** Heirs listed per interface; the rest are counted. */
export const HEIRS_LISTED = 30;

const MAX_DEPTH = 8;

/** The interface's heirs below its direct implementers (`direct`: `path#name` of those), nearest first; `total` counts every one. */
export function indirectHeirs(db: Database, iface: End, direct: ReadonlySet<string>): { heirs: Heir[]; total: number } {
  if (!iface.symbol) return { heirs: [], total: 0 };
  const roots = db.query("SELECT s.id FROM symbols s JOIN files f ON f.id = s.file_id WHERE f.path = ? AND s.qualified_name = ?").all(iface.path, iface.symbol) as { id: number }[];
  const children = db.prepare(
    `SELECT e.from_symbol AS id, s.qualified_name AS name, s.kind, f.path, s.start_line AS line, max(e.provenance = 'checker') AS checker
       FROM edges e JOIN symbols s ON s.id = e.from_symbol JOIN files f ON f.id = s.file_id
      WHERE e.to_symbol = ? AND e.type IN ('extends', 'implements') AND s.kind IN ('class', 'interface')
      GROUP BY e.from_symbol ORDER BY f.path, s.start_line`,
  );
  const seen = new Set<number>(roots.map((r) => r.id));
  const found: Heir[] = [];
  let frontier = roots.map((r) => ({ id: r.id, name: iface.symbol as string }));
  for (let depth = 0; depth < MAX_DEPTH && frontier.length; depth++) {
    const next: typeof frontier = [];
    for (const parent of frontier) {
      for (const c of children.all(parent.id) as { id: number; name: string; kind: string; path: string; line: number; checker: number }[]) {
        if (seen.has(c.id)) continue;
        seen.add(c.id);
        next.push({ id: c.id, name: c.name });
        // a direct implementer is listed already; an interface extending it is a way down, not an implementer
        if (c.kind === "interface" || direct.has(`${c.path}#${c.name}`)) continue;
        found.push({ kind: c.kind, name: c.name, path: c.path, line: c.line, via: parent.name, provenance: c.checker ? "checker" : "syntax" });
      }
    }
    frontier = next;
  }
  return { heirs: found.slice(0, HEIRS_LISTED), total: found.length };
}
