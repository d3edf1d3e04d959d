// A constructor's references, as the language service's find-references gives them: the
// `new C(…)` expressions (the checker walk records them as calls of the class C, not of its
// constructor), the `super(…)` calls in the constructors of the classes extending C, and
// `new D(…)` of a subclass D that declares no constructor (it inherits C's), down the
// chain. Without these a constructor's answer was empty and said so (ky's
// TimeoutError.constructor: 10 `new TimeoutError(…)` sites, "none").

import type { Database } from "bun:sqlite";
import { incomingEdges, type IncomingEdge } from "./incoming-edges.ts";

const MAX_DEPTH = 6;
const SUPER_CALL = /(?<![\w$.])super\s*\(/;
const NEW_THIS = /(?<![\w$.])new\s+this\s*[(<]/;

interface ClassRow {
  id: number;
  fileId: number;
  qualifiedName: string;
}

/** The edges reaching a constructor (`target`, every overload in `ids`): calls of its class and of the subclasses inheriting it, and the subclasses' `super(…)` calls. */
export function constructorEdges(db: Database, target: { kind: string; fileId: number; container: string | null }, ids: readonly number[], readText: (path: string) => string | null): IncomingEdge[] {
  if (target.kind !== "constructor" || !target.container || !ids.length) return [];
  const owner = db.prepare("SELECT id, file_id AS fileId, qualified_name AS qualifiedName FROM symbols WHERE file_id = ? AND qualified_name = ? AND kind = 'class'");
  const ctor = db.prepare("SELECT s.id, s.qualified_name AS qualifiedName, s.start_line AS start, s.end_line AS end, f.path, f.is_test AS isTest FROM symbols s JOIN files f ON f.id = s.file_id WHERE s.file_id = ? AND s.container = ? AND s.kind = 'constructor' ORDER BY s.start_line");
  const out: IncomingEdge[] = [];
  const seen = new Set<number>();
  let frontier = owner.all(target.fileId, target.container) as ClassRow[];
  for (let depth = 0; depth < MAX_DEPTH && frontier.length; depth++) {
    const next: ClassRow[] = [];
    const classIds = frontier.filter((c) => !seen.has(c.id)).map((c) => c.id);
    classIds.forEach((id) => seen.add(id));
    for (const id of classIds) out.push(...newThis(db, id, ids[0] as number, readText));
    for (const e of incomingEdges(db, classIds)) {
      // `new C(…)`: a call of the class (the constructor is what it runs)
      if (e.type === "calls") out.push({ ...e, toSymbol: ids[0] as number });
      if (e.type !== "extends" || e.fromSymbol === null || e.fromKind !== "class") continue;
      const sub = { id: e.fromSymbol, fileId: e.fromFile, qualifiedName: e.fromName as string };
      const own = ctor.all(sub.fileId, sub.qualifiedName) as { id: number; qualifiedName: string; start: number; end: number; path: string; isTest: number }[];
      if (!own.length) {
        // no constructor of its own: `new D(…)` runs C's
        next.push(sub);
        continue;
      }
      // its constructor's `super(…)` call (the implementation: the last of the overloads)
      const body = own[own.length - 1] as (typeof own)[number];
      const lines = readText(body.path)?.split("\n").slice(body.start - 1, body.end) ?? [];
      const at = lines.findIndex((l) => SUPER_CALL.test(l));
      if (at < 0) continue;
      out.push({ type: "calls", provenance: "checker", fromSymbol: body.id, fromName: body.qualifiedName, fromKind: "constructor", fromFile: sub.fileId, path: body.path, line: body.start + at, isTest: body.isTest === 1, toSymbol: ids[0] as number });
    }
    frontier = next;
  }
  return out;
}

/**
 * `new this(…)` in a class's own members (a static factory: `static create() { return new this(…) }`): find-references
 * counts it for the constructor; the walk records no edge (`this` names no declaration). Each from the member holding it.
 */
function newThis(db: Database, classId: number, ctor: number, readText: (path: string) => string | null): IncomingEdge[] {
  const cls = db.query("SELECT s.file_id AS fileId, s.qualified_name AS qualifiedName, s.start_line AS start, s.end_line AS end, f.path, f.is_test AS isTest FROM symbols s JOIN files f ON f.id = s.file_id WHERE s.id = ?").get(classId) as { fileId: number; qualifiedName: string; start: number; end: number; path: string; isTest: number } | null;
  if (!cls) return [];
  const lines = readText(cls.path)?.split("\n").slice(cls.start - 1, cls.end) ?? [];
  const members = db.query("SELECT id, qualified_name AS qualifiedName, kind, start_line AS start, end_line AS end FROM symbols WHERE file_id = ? AND container = ?").all(cls.fileId, cls.qualifiedName) as { id: number; qualifiedName: string; kind: string; start: number; end: number }[];
  const out: IncomingEdge[] = [];
  lines.forEach((text, i) => {
    if (!NEW_THIS.test(text)) return;
    const line = cls.start + i;
    const holder = members.filter((m) => m.start <= line && line <= m.end).sort((a, b) => a.end - a.start - (b.end - b.start))[0];
    out.push({ type: "calls", provenance: "checker", fromSymbol: holder?.id ?? classId, fromName: holder?.qualifiedName ?? cls.qualifiedName, fromKind: holder?.kind ?? "class", fromFile: cls.fileId, path: cls.path, line, isTest: cls.isTest === 1, toSymbol: ctor });
  });
  return out;
}
