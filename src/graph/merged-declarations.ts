// Every declaration of one merged entity: the compiler's find-references treats the
// declarations of one interface, namespace or overloaded function as one symbol, and so
// must an answer. A `path:line` query names one of them; this adds the others — the other
// declarations of the same qualified name in the same file (`interface IntrinsicElements`
// declared twice in `namespace JSX`) and module augmentations (`declare module './context' {
// interface ContextRenderer … }` in a test file, merged with context.ts's; `declare module '../..'` of
// a barrel re-exporting it). The checker walks a
// file once, in the first project holding it: a use in context.ts points at context.ts's
// declaration only, even when another project (the tests') merges an augmentation into it, so
// without this the augmentation's answer said "none (checker-complete)".

import type { Database } from "bun:sqlite";
import { posix } from "node:path";
import { namespaceTypesOnly } from "./namespace-types-only.ts";

/** Kinds whose declarations merge (functions: overloads). */
const MERGING = /^(interface|namespace|module|class|enum|function|method)$/;
const SOURCE_SUFFIXES = ["", ".ts", ".tsx", ".d.ts", ".mts", "/index.ts", "/index.tsx", "/index.d.ts"];

/** The file a relative module specifier (`./context`, `../../context.js`) names from `from`, among the indexed paths. */
function moduleFile(db: Database, from: string, specifier: string): number | null {
  if (!specifier.startsWith(".")) return null;
  const base = posix.normalize(posix.join(posix.dirname(from), specifier)).replace(/\.(m?js|jsx)$/, "");
  const q = db.prepare("SELECT id FROM files WHERE path = ?");
  for (const suffix of SOURCE_SUFFIXES) {
    const row = q.get(`${base}${suffix}`) as { id: number } | null;
    if (row) return row.id;
  }
  return null;
}

/** The file declaring `name` at top level that a module specifier names: the module itself, or through its re-exports (`declare module '../..'` of a barrel). */
function declaringFile(db: Database, from: string, specifier: string, name: string): number | null {
  const start = moduleFile(db, from, specifier);
  if (start === null) return null;
  const declares = db.prepare("SELECT 1 FROM symbols WHERE file_id = ? AND qualified_name = ? LIMIT 1");
  const reexported = db.prepare("SELECT DISTINCT to_file AS id FROM edges WHERE from_file = ? AND type = 'reexports' AND to_file <> from_file");
  const seen = new Set<number>([start]);
  let frontier = [start];
  for (let depth = 0; depth < 5 && frontier.length; depth++) {
    const next: number[] = [];
    for (const file of frontier) {
      if (declares.get(file, name)) return file;
      for (const r of reexported.all(file) as { id: number }[]) if (!seen.has(r.id)) {
        seen.add(r.id);
        next.push(r.id);
      }
    }
    frontier = next;
  }
  return null;
}

/**
 * Whether two merged declarations share no meaning, so find-references from one never gives the other's uses: an
 * interface is a type only, a namespace a namespace (and a value when instantiated) — xstate's `interface
 * StandardSchemaV1` and `declare namespace StandardSchemaV1`: `schema: StandardSchemaV1` is the interface's use only,
 * `StandardSchemaV1.Props` the namespace's only (the walk gives each use the declarations of its meaning). A class, enum or
 * function shares the value with a namespace holding values, none with one of types alone (`typesOnly`: namespace-types-only.ts):
 * `class Box` and `declare namespace Box { interface Opts }` — `Box.Opts` is the namespace's use only, `new Box()` the class's.
 */
function disjoint(a: { id: number; kind: string }, b: { id: number; kind: string }, typesOnly: (id: number) => boolean): boolean {
  const ns = (k: string) => /^(namespace|module)$/.test(k);
  if ((a.kind === "interface" && ns(b.kind)) || (b.kind === "interface" && ns(a.kind))) return true;
  const valued = (k: string) => /^(class|enum|function)$/.test(k);
  return (valued(a.kind) && ns(b.kind) && typesOnly(b.id)) || (valued(b.kind) && ns(a.kind) && typesOnly(a.id));
}

/** Whether the namespace row `id` holds types alone, read from its file's text (no reader, or no text: it may hold values). */
function typesOnlyOf(db: Database, readText: ((path: string) => string | null) | undefined): (id: number) => boolean {
  const known = new Map<number, boolean>();
  return (id) => {
    if (!readText) return false;
    let answer = known.get(id);
    if (answer === undefined) {
      const row = db.query("SELECT f.path, s.start_offset AS start, s.end_offset AS end FROM symbols s JOIN files f ON f.id = s.file_id WHERE s.id = ?").get(id) as { path: string; start: number; end: number } | null;
      const text = row ? readText(row.path) : null;
      answer = row !== null && text !== null && namespaceTypesOnly(text, row.start, row.end);
      known.set(id, answer);
    }
    return answer;
  };
}

/**
 * The ids of the other declarations merged with `target` (same file, same qualified name; module augmentations), nearest first.
 * `readText` tells a namespace of types alone from one holding values (without it, a namespace may hold values).
 */
export function mergedIds(db: Database, target: { id: number; kind: string; name: string; container: string | null; qualifiedName: string; fileId: number; path: string }, readText?: (path: string) => string | null): number[] {
  if (!MERGING.test(target.kind)) return [];
  const out: number[] = [];
  const typesOnly = typesOnlyOf(db, readText);
  const add = (rows: { id: number; kind: string }[]) => {
    for (const r of rows) if (r.id !== target.id && !out.includes(r.id) && MERGING.test(r.kind) && !disjoint(target, r, typesOnly)) out.push(r.id);
  };
  const named = db.prepare("SELECT id, kind, file_id AS fileId, container FROM symbols WHERE file_id = ? AND qualified_name = ? ORDER BY start_line");
  add(named.all(target.fileId, target.qualifiedName) as { id: number; kind: string }[]);
  if (/^(interface|namespace|module|class|enum)$/.test(target.kind)) {
    // an augmentation (`declare module './context' { interface X }`): its container is the module's specifier
    let top: { fileId: number; name: string } | null = target.container === null ? target : null;
    if (target.container?.startsWith(".")) {
      const file = declaringFile(db, target.path, target.container, target.name);
      if (file !== null) {
        const rows = named.all(file, target.name) as { id: number; kind: string; fileId: number; container: string | null }[];
        add(rows);
        if (rows.some((r) => r.container === null)) top = { fileId: file, name: target.name };
      }
    }
    // the augmentations of a module's own top-level declaration, in other files
    if (top) {
      const { fileId, name } = top;
      const candidates = db.query("SELECT s.id, s.kind, s.container, f.path FROM symbols s JOIN files f ON f.id = s.file_id WHERE s.name = ? AND s.container LIKE '.%' AND s.qualified_name = s.container || '.' || s.name").all(name) as { id: number; kind: string; container: string; path: string }[];
      add(candidates.filter((c) => declaringFile(db, c.path, c.container, name) === fileId));
    }
  }
  return out;
}
