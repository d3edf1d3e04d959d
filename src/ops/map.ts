// svc map / svc_workspace action=map: top-level and exported declarations (kind,
// qualified name, path:line) and routes, each section capped at maxRows, with counts.

import { indexForRead } from "../indexing/fresh.ts";
import type { IndexState } from "../index/open.ts";
import { availabilityHeader } from "../render/availability.ts";
import { resolveWorkspace } from "../workspace/root.ts";
import type { OpContext, OpResult } from "./types.ts";
import { routeRecords, unresolvedRecords } from "../wiring/query/rows.ts";

export const MAP_DETAILS = ["all", "symbols", "routes"] as const;

export interface MapRequest {
  path: string;
  detail: (typeof MAP_DETAILS)[number];
  maxRows: number;
}

interface MapSymbol {
  kind: string;
  qualifiedName: string;
  path: string;
  line: number;
  exported: boolean;
}

export interface MapData {
  root: string;
  path: string;
  indexState: IndexState;
  symbols?: { total: number; rows: MapSymbol[] };
  routes?: { total: number; rows: { method: string; pattern: string; path: string; line: number; framework: string; handler: string }[]; detected: boolean; unresolved: string[] };
}

export async function map(request: MapRequest, ctx: OpContext): Promise<OpResult<MapData>> {
  const ws = resolveWorkspace(request.path, ctx.cwd);
  const index = await indexForRead(ws.root, ctx);
  const base = { root: ws.root, path: ws.relDir };
  if (!index.available) {
    return { text: availabilityHeader(index.state, index.meta, index.detail), data: { ...base, indexState: index.state } };
  }
  try {
    const db = index.db;
    const data: MapData = { ...base, indexState: index.state };
    const out: string[] = [];
    if (index.state !== "ready") out.push(availabilityHeader(index.state, index.meta, index.detail), "");
    const scope = ws.relDir ? ` AND f.path LIKE ? ESCAPE '\\'` : "";
    const scopeArgs = ws.relDir ? [`${ws.relDir.replace(/[\\%_]/g, (c) => `\\${c}`)}/%`] : [];
    if (request.detail !== "routes") {
      const where = `WHERE s.container IS NULL AND s.kind NOT IN ('impl') AND f.is_test = 0${scope}`;
      const total = (db.query(`SELECT count(*) AS n FROM symbols s JOIN files f ON f.id = s.file_id ${where}`).get(...scopeArgs) as { n: number }).n;
      const rows = (
        db
          .query(
            `SELECT s.kind, s.qualified_name AS qualifiedName, f.path, s.start_line AS line, s.exported
             FROM symbols s JOIN files f ON f.id = s.file_id ${where}
             ORDER BY s.exported DESC, f.path, s.start_line LIMIT ?`,
          )
          .all(...scopeArgs, request.maxRows) as (Omit<MapSymbol, "exported"> & { exported: number })[]
      ).map((r) => ({ ...r, exported: r.exported === 1 }));
      data.symbols = { total, rows };
      const more = total > rows.length ? ` (showing ${rows.length}; raise maxRows (CLI --max-rows) for more)` : "";
      out.push(`symbols (${total} top-level declarations, tests excluded)${more}:`);
      for (const r of rows) out.push(`  ${r.exported ? "" : "(local) "}${r.kind} ${r.qualifiedName}  (${r.path}:${r.line})`);
      if (rows.length === 0) out.push("  none");
    }
    if (request.detail !== "symbols") {
      const under = (p: string) => !ws.relDir || p.startsWith(`${ws.relDir}/`);
      const all = routeRecords(db).filter((r) => under(r.path));
      const rows = all.slice(0, request.maxRows).map((r) => ({ method: r.method, pattern: r.pattern, path: r.path, line: r.line, framework: r.framework, handler: r.handler?.symbol ?? r.handlerLabel }));
      const unresolved = unresolvedRecords(db, ["route", "mount"]).filter((u) => under(u.path)).map((u) => `${u.text} at ${u.path}:${u.line}`);
      data.routes = { total: all.length, rows, detected: all.length > 0, unresolved };
      const more = all.length > rows.length ? ` (showing ${rows.length}; raise maxRows (CLI --max-rows) for more)` : "";
      out.push(all.length ? `routes (${all.length})${more}:` : "routes: none detected");
      for (const r of rows) out.push(`  ${r.method} ${r.pattern}  (${r.path}:${r.line})`);
      for (const u of unresolved.slice(0, request.maxRows)) out.push(`  unresolved: ${u}`);
    }
    return { text: out.join("\n"), data };
  } finally {
    index.db.close();
  }
}
