// The wiring link pass over the store: read every file's facts, link them (link/), and
// replace the wiring rows and typed wiring edges in one go. Runs inside the sync's final
// transaction, after import edges, whenever anything changed.

import type { Database } from "bun:sqlite";
import type { Resolver } from "../index/imports/resolve.ts";
import { linkWiring } from "./link/index.ts";
import type { LinkResult, Target } from "./link/types.ts";
import { WIRING_EDGE_TYPES, type FileFacts } from "./model.ts";
import { IndexNames } from "./names.ts";
import { CheckerNames } from "./checker/names.ts";
import type { FileAnswers } from "../semantic/position-answers.ts";
import { redactValue } from "../render/redact-output.ts";

export interface WiringCounts {
  routes: number;
  edges: number;
}

export function readFacts(db: Database): Map<string, FileFacts> {
  return readWiring(db).facts;
}

/** Every file's facts, and the checker's answers about them for the files the semantic upgrade walked since they were extracted. */
export function readWiring(db: Database): { facts: Map<string, FileFacts>; answers: Map<string, FileAnswers> } {
  const facts = new Map<string, FileFacts>();
  const answers = new Map<string, FileAnswers>();
  const rows = db.query("SELECT f.path, w.facts, w.checked FROM wiring_facts w JOIN files f ON f.id = w.file_id ORDER BY f.path").all() as { path: string; facts: string; checked: string | null }[];
  for (const row of rows) {
    try {
      facts.set(row.path, JSON.parse(row.facts) as FileFacts);
      if (row.checked) answers.set(row.path, JSON.parse(row.checked) as FileAnswers);
    } catch {
      // a row we cannot read is skipped; the next extraction of that file rewrites it
    }
  }
  return { facts, answers };
}

/** Store the checker's answers for files' facts (null: the file is outside every loaded project). */
export function writeAnswers(db: Database, answers: ReadonlyMap<string, FileAnswers | null>): void {
  const update = db.prepare("UPDATE wiring_facts SET checked = ? WHERE file_id = (SELECT id FROM files WHERE path = ?)");
  for (const [path, a] of answers) update.run(a ? JSON.stringify(redactValue(a)) : null, path);
}

const EDGE_LIST = WIRING_EDGE_TYPES.map((t) => `'${t}'`).join(",");
/** Wiring edges of either tier (the checker walk's own `implements` edges carry no key). */
const WIRING_EDGES = `type IN (${EDGE_LIST}) AND (provenance = 'syntax' OR key IS NOT NULL)`;

/** Recompute every wiring row and edge from the stored facts, through the checker's answers where it gave them. */
export function rebuildWiring(db: Database, resolver: Resolver): WiringCounts {
  const { facts, answers } = readWiring(db);
  for (const table of ["routes", "di_bindings", "request_handlers", "config_keys", "wiring_unresolved"]) db.run(`DELETE FROM ${table}`);
  db.run(`DELETE FROM edges WHERE ${WIRING_EDGES}`);
  if (facts.size === 0) return { routes: 0, edges: 0 };
  const packageDirs = (db.query("SELECT path FROM files WHERE path = 'package.json' OR path LIKE '%/package.json'").all() as { path: string }[]).map((r) => r.path.replace(/\/?package\.json$/, ""));
  const names = answers.size ? new CheckerNames(db, resolver, facts, answers) : new IndexNames(db, resolver, facts);
  const result = linkWiring(facts, names, packageDirs);
  return writeLinkResult(db, result);
}

export function writeLinkResult(db: Database, r: LinkResult): WiringCounts {
  const ids = new Map<string, number>();
  for (const row of db.query("SELECT id, path FROM files").all() as { id: number; path: string }[]) ids.set(row.path, row.id);
  const symbolRows = db.prepare("SELECT id, qualified_name FROM symbols WHERE file_id = ?");
  const symbolIds = new Map<number, Map<string, number>>();
  const sym = (fileId: number | undefined, name: string | null) => {
    if (fileId === undefined || !name) return null;
    let map = symbolIds.get(fileId);
    if (!map) {
      map = new Map();
      for (const row of symbolRows.all(fileId) as { id: number; qualified_name: string }[]) if (!map.has(row.qualified_name)) map.set(row.qualified_name, row.id);
      symbolIds.set(fileId, map);
    }
    return map.get(name) ?? null;
  };
  const t = (target: Target | null) => (target ? [ids.get(target.file) ?? null, target.line, target.symbol] : [null, null, null]);

  const route = db.prepare(
    "INSERT INTO routes(file_id, method, pattern, handler, line, framework, provenance, local_pattern, handler_file_id, handler_line, handler_symbol, chain, detail) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
  );
  for (const x of r.routes) {
    const file = ids.get(x.file);
    if (file === undefined) continue;
    route.run(file, x.method, x.pattern, x.handlerLabel, x.line, x.framework, x.provenance, x.localPattern, ...t(x.handler), JSON.stringify(x.chain), x.detail);
  }
  const di = db.prepare(
    "INSERT INTO di_bindings(file_id, token, implementation, line, framework, provenance, role, consumer, detail, impl_file_id, impl_line, impl_symbol, impl_kind) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
  );
  for (const x of r.di) {
    const file = ids.get(x.file);
    if (file !== undefined) di.run(file, x.token, x.label, x.line, x.framework, x.provenance, x.role, x.consumer, x.detail, ...t(x.target), x.target?.kind ?? null);
  }
  const req = db.prepare(
    "INSERT INTO request_handlers(file_id, request, handler, line, framework, provenance, role, kind, sender, detail, handler_file_id, handler_line, handler_symbol, request_file_id, request_line) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
  );
  for (const x of r.requests) {
    const file = ids.get(x.file);
    if (file === undefined) continue;
    const decl = x.declaration;
    req.run(file, x.request, x.label, x.line, x.framework, x.provenance, x.role, x.kind, x.sender, x.detail, ...t(x.target), decl ? (ids.get(decl.file) ?? null) : null, decl?.line ?? null);
  }
  const cfg = db.prepare("INSERT INTO config_keys(file_id, key, role, line, provenance, source, symbol, detail) VALUES (?,?,?,?,?,?,?,?)");
  for (const x of r.config) {
    const file = ids.get(x.file);
    if (file !== undefined) cfg.run(file, x.key, x.role, x.line, x.provenance, x.source, x.symbol, x.detail);
  }
  const unresolved = db.prepare("INSERT INTO wiring_unresolved(file_id, kind, text, line) VALUES (?,?,?,?)");
  for (const x of r.unresolved) {
    const file = ids.get(x.file);
    if (file !== undefined) unresolved.run(file, x.kind, x.text, x.line);
  }
  const edge = db.prepare(
    "INSERT INTO edges(from_file, to_file, from_symbol, to_symbol, type, weight, confidence, evidence_line, provenance, key) VALUES (?,?,?,?,?,?,?,?,?,?)",
  );
  let edges = 0;
  const seen = new Set<string>();
  for (const e of r.edges) {
    const from = ids.get(e.from.file);
    const to = ids.get(e.to.file);
    if (from === undefined || to === undefined) continue;
    const id = `${e.type}\0${e.key}\0${from}:${e.from.line}\0${to}:${e.to.symbol ?? e.to.line}`;
    if (seen.has(id)) continue;
    seen.add(id);
    edge.run(from, to, sym(from, e.from.symbol), sym(to, e.to.symbol), e.type, 1, e.to.confidence, e.from.line, e.to.provenance, e.key);
    edges++;
  }
  return { routes: r.routes.length, edges };
}

/** Files whose change can alter the wiring: those with facts and those wiring edges point into. */
export function wiringRelevantFiles(db: Database): Set<number> {
  const rows = db.query(`SELECT file_id AS id FROM wiring_facts UNION SELECT to_file AS id FROM edges WHERE ${WIRING_EDGES}`).all() as { id: number }[];
  return new Set(rows.map((r) => r.id));
}
