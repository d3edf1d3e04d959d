// The stored wiring rows as the queries read them: each with its site (path:line) and the
// declaration it resolves to (path:line, qualified name, kind), paths joined in.

import type { Database } from "bun:sqlite";
import type { Hop } from "../link/types.ts";

export interface End {
  path: string;
  line: number;
  symbol: string | null;
  kind: string | null;
}

export interface RouteRecord {
  method: string;
  pattern: string;
  framework: string;
  path: string;
  line: number;
  handlerLabel: string;
  handler: End | null;
  chain: Hop[];
  detail: string;
  provenance: string;
}

export interface DiRecord {
  role: "provide" | "injectable" | "inject" | "implements";
  token: string;
  framework: string;
  path: string;
  line: number;
  label: string;
  consumer: string | null;
  detail: string;
  target: End | null;
  provenance: string;
}

export interface RequestRecord {
  role: "handle" | "send";
  request: string;
  kind: string;
  framework: string;
  path: string;
  line: number;
  label: string;
  sender: string | null;
  detail: string;
  target: End | null;
  declaration: End | null;
  provenance: string;
}

export interface ConfigRecord {
  role: "define" | "read";
  key: string;
  source: string;
  path: string;
  line: number;
  symbol: string | null;
  detail: string;
  provenance: string;
}

export interface UnresolvedRecord {
  kind: string;
  text: string;
  path: string;
  line: number;
}

/** ` WHERE <alias>.id IN (…)` for a short id list (long lists are filtered after reading). */
function only(alias: string, ids: readonly number[] | undefined): { sql: string; args: number[]; keep: (id: number) => boolean } {
  if (!ids) return { sql: "", args: [], keep: () => true };
  if (ids.length <= 500) return { sql: ` WHERE ${alias}.id IN (${ids.map(() => "?").join(",") || "NULL"})`, args: [...ids], keep: () => true };
  const set = new Set(ids);
  return { sql: "", args: [], keep: (id) => set.has(id) };
}

/** The cheap columns a query matches on, before the rows it matched are read whole. */
export interface KeyRow {
  id: number;
  /** route: "METHOD", else the role. */
  kind: string;
  /** route pattern, token, request or config key. */
  key: string;
  /** provide: the implementation as written; handle: the handler's qualified name. */
  alias: string | null;
  path: string;
  targetPath: string | null;
}

export function keyRows(db: Database, table: "routes" | "di_bindings" | "request_handlers"): KeyRow[] {
  const sql = {
    routes: "SELECT r.id, r.method AS kind, r.pattern AS key, NULL AS alias, f.path, t.path AS targetPath FROM routes r JOIN files f ON f.id = r.file_id LEFT JOIN files t ON t.id = r.handler_file_id",
    di_bindings: "SELECT r.id, r.role AS kind, r.token AS key, r.implementation AS alias, f.path, t.path AS targetPath FROM di_bindings r JOIN files f ON f.id = r.file_id LEFT JOIN files t ON t.id = r.impl_file_id",
    request_handlers: "SELECT r.id, r.role AS kind, r.request AS key, r.handler_symbol AS alias, f.path, t.path AS targetPath FROM request_handlers r JOIN files f ON f.id = r.file_id LEFT JOIN files t ON t.id = r.handler_file_id",
  }[table];
  return db.query(sql).all() as KeyRow[];
}

const KIND_OF = (file: string, symbol: string) => `(SELECT kind FROM symbols s WHERE s.file_id = ${file} AND s.qualified_name = ${symbol} ORDER BY s.start_line LIMIT 1)`;

function end(path: string | null, line: number | null, symbol: string | null, kind: string | null): End | null {
  return path === null || line === null ? null : { path, line, symbol, kind };
}

export function routeRecords(db: Database, ids?: readonly number[]): RouteRecord[] {
  const f = only("r", ids);
  const rows = db
    .query(
      `SELECT r.id, r.method, r.pattern, r.framework, f.path, r.line, r.handler, hf.path AS hpath, r.handler_line, r.handler_symbol, ${KIND_OF("r.handler_file_id", "r.handler_symbol")} AS hkind, r.chain, r.detail, r.provenance
       FROM routes r JOIN files f ON f.id = r.file_id LEFT JOIN files hf ON hf.id = r.handler_file_id${f.sql} ORDER BY r.pattern, r.method, f.path, r.line`,
    )
    .all(...f.args) as Record<string, string | number | null>[];
  return rows.filter((r) => f.keep(Number(r.id))).map((r) => ({
    method: String(r.method),
    pattern: String(r.pattern),
    framework: String(r.framework ?? ""),
    path: String(r.path),
    line: Number(r.line),
    handlerLabel: String(r.handler ?? ""),
    handler: end(r.hpath as string | null, r.handler_line as number | null, r.handler_symbol as string | null, r.hkind as string | null),
    chain: JSON.parse(String(r.chain ?? "[]")) as Hop[],
    detail: String(r.detail ?? ""),
    provenance: String(r.provenance),
  }));
}

export function diRecords(db: Database, ids?: readonly number[]): DiRecord[] {
  const f = only("d", ids);
  const rows = db
    .query(
      `SELECT d.id, d.role, d.token, d.framework, f.path, d.line, d.implementation, d.consumer, d.detail, i.path AS ipath, d.impl_line, d.impl_symbol, d.provenance,
              coalesce(${KIND_OF("d.impl_file_id", "d.impl_symbol")}, d.impl_kind) AS ikind
       FROM di_bindings d JOIN files f ON f.id = d.file_id LEFT JOIN files i ON i.id = d.impl_file_id${f.sql} ORDER BY d.token, d.role, f.path, d.line`,
    )
    .all(...f.args) as Record<string, string | number | null>[];
  return rows.filter((r) => f.keep(Number(r.id))).map((r) => ({
    role: r.role as DiRecord["role"],
    token: String(r.token),
    framework: String(r.framework ?? ""),
    path: String(r.path),
    line: Number(r.line),
    label: String(r.implementation ?? ""),
    consumer: (r.consumer as string | null) ?? null,
    detail: String(r.detail ?? ""),
    target: end(r.ipath as string | null, r.impl_line as number | null, r.impl_symbol as string | null, r.ikind as string | null),
    provenance: String(r.provenance),
  }));
}

export function requestRecords(db: Database, ids?: readonly number[]): RequestRecord[] {
  const f = only("q", ids);
  const rows = db
    .query(
      `SELECT q.id, q.role, q.request, q.kind, q.framework, f.path, q.line, q.handler, q.sender, q.detail, hf.path AS hpath, q.handler_line, q.handler_symbol, q.provenance,
              ${KIND_OF("q.handler_file_id", "q.handler_symbol")} AS hkind, rf.path AS rpath, q.request_line
       FROM request_handlers q JOIN files f ON f.id = q.file_id LEFT JOIN files hf ON hf.id = q.handler_file_id LEFT JOIN files rf ON rf.id = q.request_file_id${f.sql}
       ORDER BY q.request, q.role, f.path, q.line`,
    )
    .all(...f.args) as Record<string, string | number | null>[];
  return rows.filter((r) => f.keep(Number(r.id))).map((r) => ({
    role: r.role as RequestRecord["role"],
    request: String(r.request),
    kind: String(r.kind ?? ""),
    framework: String(r.framework ?? ""),
    path: String(r.path),
    line: Number(r.line),
    label: String(r.handler ?? ""),
    sender: (r.sender as string | null) ?? null,
    detail: String(r.detail ?? ""),
    target: end(r.hpath as string | null, r.handler_line as number | null, r.handler_symbol as string | null, r.hkind as string | null),
    declaration: end(r.rpath as string | null, r.request_line as number | null, String(r.request), "class"),
    provenance: String(r.provenance),
  }));
}

export function configRecords(db: Database): ConfigRecord[] {
  const rows = db
    .query("SELECT c.role, c.key, c.source, f.path, c.line, c.symbol, c.detail, c.provenance FROM config_keys c JOIN files f ON f.id = c.file_id ORDER BY c.key, c.role, f.path, c.line")
    .all() as Record<string, string | number | null>[];
  return rows.map((r) => ({
    role: r.role as ConfigRecord["role"],
    key: String(r.key),
    source: String(r.source ?? ""),
    path: String(r.path),
    line: Number(r.line),
    symbol: (r.symbol as string | null) ?? null,
    detail: String(r.detail ?? ""),
    provenance: String(r.provenance),
  }));
}

export function unresolvedRecords(db: Database, kinds: readonly string[]): UnresolvedRecord[] {
  const list = kinds.map(() => "?").join(",");
  return db
    .query(`SELECT u.kind, u.text, f.path, u.line FROM wiring_unresolved u JOIN files f ON f.id = u.file_id WHERE u.kind IN (${list}) ORDER BY f.path, u.line`)
    .all(...kinds) as UnresolvedRecord[];
}
