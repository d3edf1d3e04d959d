// svc map / svc_workspace action=map: top-level and exported declarations (kind,
// qualified name, path:line) and routes, each section capped at maxRows, with counts.

import type { Database } from "bun:sqlite";
import { indexForRead } from "../indexing/fresh.ts";
import { unreadCaveat, unreadFiles } from "../index/partial-files.ts";
import type { IndexState } from "../index/open.ts";
import { availabilityHeader } from "../render/availability.ts";
import { findKind, opName, statusCall } from "../render/surface-calls.ts";
import { resolveWorkspace } from "../workspace/root.ts";
import type { OpContext, OpResult, Surface } from "./types.ts";
import { routeRecords, unresolvedRecords } from "../wiring/query/rows.ts";
import { ROUTE_FRAMEWORKS } from "../wiring/model.ts";

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
  /** empty: why there are no rows, and what to try. */
  symbols?: { total: number; rows: MapSymbol[]; empty?: string };
  /** empty: why there are no routes (what was looked for), and what to try. */
  routes?: { total: number; rows: { method: string; pattern: string; path: string; line: number; framework: string; handler: string }[]; detected: boolean; unresolved: string[]; empty?: string };
}

/** Why a map has no routes: what was looked for, and what to try. */
function noRoutes(relDir: string, unresolved: number, surface: Surface | undefined): string {
  const where = relDir || "the workspace root";
  if (unresolved) return `${unresolved} route registration${unresolved === 1 ? "" : "s"} under ${where} whose path could not be resolved (listed below: a computed path or a router passed around); ${findKind(surface, "text", true)} finds where they are mounted`;
  return `no route registrations found under ${where} (looked for ${ROUTE_FRAMEWORKS.join(", ")} routes); routes of another framework or registered through a helper are not detected: ${findKind(surface, "text", true)} finds a route's path or handler by its text`;
}

/** Why a map has no declarations (no files here, or files of no language with declarations), and what to try. */
function emptyMap(db: Database, scope: string, scopeArgs: string[], relDir: string, surface: Surface | undefined): string {
  const where = relDir || "the workspace root";
  const files = db.query(`SELECT coalesce(f.language, '') AS language, count(*) AS n, sum(f.is_test) AS tests FROM files f WHERE 1 = 1${scope} GROUP BY 1 ORDER BY 2 DESC`).all(...scopeArgs) as { language: string; n: number; tests: number }[];
  const total = files.reduce((n, r) => n + r.n, 0);
  if (total === 0) return `no indexed files under ${where} (the inventory skips ignored, binary and oversized files); check path, or ${statusCall(surface)} for the root and its files`;
  const tests = files.reduce((n, r) => n + r.tests, 0);
  const kinds = files.slice(0, 5).map((r) => `${r.language || "other"} ${r.n}`).join(", ");
  return `none of the ${total} indexed file${total === 1 ? "" : "s"} under ${where} (${kinds}${tests ? `; ${tests} test${tests === 1 ? "" : "s"}, excluded` : ""}) declares a top-level symbol${unreadCaveat(unreadFiles(db, relDir), "declarations")}; ${opName(surface, "toc")} lists the files, ${findKind(surface, "text", true)} searches their text`;
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
      if (rows.length === 0) {
        data.symbols.empty = emptyMap(db, scope, scopeArgs, ws.relDir, ctx.surface);
        out.push(`  none: ${data.symbols.empty}`);
      }
    }
    if (request.detail !== "symbols") {
      const under = (p: string) => !ws.relDir || p.startsWith(`${ws.relDir}/`);
      const all = routeRecords(db).filter((r) => under(r.path));
      const rows = all.slice(0, request.maxRows).map((r) => ({ method: r.method, pattern: r.pattern, path: r.path, line: r.line, framework: r.framework, handler: r.handler?.symbol ?? r.handlerLabel }));
      const unresolved = unresolvedRecords(db, ["route", "mount"]).filter((u) => under(u.path)).map((u) => `${u.text} at ${u.path}:${u.line}`);
      data.routes = { total: all.length, rows, detected: all.length > 0, unresolved };
      if (!all.length) data.routes.empty = noRoutes(ws.relDir, unresolved.length, ctx.surface);
      const more = all.length > rows.length ? ` (showing ${rows.length}; raise maxRows (CLI --max-rows) for more)` : "";
      out.push(all.length ? `routes (${all.length})${more}:` : `routes: none: ${data.routes.empty}`);
      for (const r of rows) out.push(`  ${r.method} ${r.pattern}  (${r.path}:${r.line})`);
      for (const u of unresolved.slice(0, request.maxRows)) out.push(`  unresolved: ${u}`);
    }
    return { text: out.join("\n"), data };
  } finally {
    index.db.close();
  }
}
