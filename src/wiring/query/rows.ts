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
}

export interface ConfigRecord {
  role: "define" | "read";
  key: string;
  source: string;
  path: string;
  line: number;
  symbol: string | null;
  detail: string;
}

export interface UnresolvedRecord {
  kind: string;
  text: string;
  path: string;
  line: number;
}

const KIND_OF = (file: string, symbol: string) => `(SELECT kind FROM symbols s WHERE s.file_id = ${file} AND s.qualified_name = ${symbol} ORDER BY s.start_line LIMIT 1)`;

function end(path: string | null, line: number | null, symbol: string | null, kind: string | null): End | null {
  return path === null || line === null ? null : { path, line, symbol, kind };
}

export function routeRecords(db: Database): RouteRecord[] {
  const rows = db
    .query(
      `SELECT r.method, r.pattern, r.framework, f.path, r.line, r.handler, hf.path AS hpath, r.handler_line, r.handler_symbol, ${KIND_OF("r.handler_file_id", "r.handler_symbol")} AS hkind, r.chain, r.detail
       FROM routes r JOIN files f ON f.id = r.file_id LEFT JOIN files hf ON hf.id = r.handler_file_id ORDER BY r.pattern, r.method, f.path, r.line`,
    )
    .all() as Record<string, string | number | null>[];
  return rows.map((r) => ({
    method: String(r.method),
    pattern: String(r.pattern),
    framework: String(r.framework ?? ""),
    path: String(r.path),
    line: Number(r.line),
    handlerLabel: String(r.handler ?? ""),
    handler: end(r.hpath as string | null, r.handler_line as number | null, r.handler_symbol as string | null, r.hkind as string | null),
    chain: JSON.parse(String(r.chain ?? "[]")) as Hop[],
    detail: String(r.detail ?? ""),
  }));
}

export function diRecords(db: Database): DiRecord[] {
  const rows = db
    .query(
      `SELECT d.role, d.token, d.framework, f.path, d.line, d.implementation, d.consumer, d.detail, i.path AS ipath, d.impl_line, d.impl_symbol,
              coalesce(${KIND_OF("d.impl_file_id", "d.impl_symbol")}, d.impl_kind) AS ikind
       FROM di_bindings d JOIN files f ON f.id = d.file_id LEFT JOIN files i ON i.id = d.impl_file_id ORDER BY d.token, d.role, f.path, d.line`,
    )
    .all() as Record<string, string | number | null>[];
  return rows.map((r) => ({
    role: r.role as DiRecord["role"],
    token: String(r.token),
    framework: String(r.framework ?? ""),
    path: String(r.path),
    line: Number(r.line),
    label: String(r.implementation ?? ""),
    consumer: (r.consumer as string | null) ?? null,
    detail: String(r.detail ?? ""),
    target: end(r.ipath as string | null, r.impl_line as number | null, r.impl_symbol as string | null, r.ikind as string | null),
  }));
}

export function requestRecords(db: Database): RequestRecord[] {
  const rows = db
    .query(
      `SELECT q.role, q.request, q.kind, q.framework, f.path, q.line, q.handler, q.sender, q.detail, hf.path AS hpath, q.handler_line, q.handler_symbol,
              ${KIND_OF("q.handler_file_id", "q.handler_symbol")} AS hkind, rf.path AS rpath, q.request_line
       FROM request_handlers q JOIN files f ON f.id = q.file_id LEFT JOIN files hf ON hf.id = q.handler_file_id LEFT JOIN files rf ON rf.id = q.request_file_id
       ORDER BY q.request, q.role, f.path, q.line`,
    )
    .all() as Record<string, string | number | null>[];
  return rows.map((r) => ({
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
  }));
}

export function configRecords(db: Database): ConfigRecord[] {
  const rows = db
    .query("SELECT c.role, c.key, c.source, f.path, c.line, c.symbol, c.detail FROM config_keys c JOIN files f ON f.id = c.file_id ORDER BY c.key, c.role, f.path, c.line")
    .all() as Record<string, string | number | null>[];
  return rows.map((r) => ({
    role: r.role as ConfigRecord["role"],
    key: String(r.key),
    source: String(r.source ?? ""),
    path: String(r.path),
    line: Number(r.line),
    symbol: (r.symbol as string | null) ?? null,
    detail: String(r.detail ?? ""),
  }));
}

export function unresolvedRecords(db: Database, kinds: readonly string[]): UnresolvedRecord[] {
  const list = kinds.map(() => "?").join(",");
  return db
    .query(`SELECT u.kind, u.text, f.path, u.line FROM wiring_unresolved u JOIN files f ON f.id = u.file_id WHERE u.kind IN (${list}) ORDER BY f.path, u.line`)
    .all(...kinds) as UnresolvedRecord[];
}
