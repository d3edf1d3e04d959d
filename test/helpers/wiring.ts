// Wiring fixtures (test/fixtures/wiring/<family>/): the fixture app's files, its
// expected-edges.json, and the detected edges of an index in the same canonical form:
// `type key  from/path.ts:line -> to/path.ts#Qualified.name` (or `-> to/path.ts` when the
// target is not a declaration: inline handlers, config files, values).

import type { Database } from "bun:sqlite";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { WIRING_EDGE_TYPES } from "../../src/wiring/model.ts";

export const FIXTURES = join(import.meta.dir, "..", "fixtures", "wiring");

export interface Expected {
  edges: string[];
  unresolved: string[];
  /** Where the syntax tier alone differs (the `checker` family). */
  syntax?: { edges: string[]; unresolved: string[] };
}

export function fixtureFamilies(): string[] {
  return readdirSync(FIXTURES).filter((d) => statSync(join(FIXTURES, d)).isDirectory()).sort();
}

/** The fixture's files (expected-edges.json excluded), root-relative. */
export function fixtureFiles(family: string): Record<string, string> {
  const root = join(FIXTURES, family);
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const abs = join(dir, name);
      if (statSync(abs).isDirectory()) walk(abs);
      else if (name !== "expected-edges.json") out[relative(root, abs)] = readFileSync(abs, "utf8");
    }
  };
  walk(root);
  return out;
}

export function expectedOf(family: string): Expected {
  return JSON.parse(readFileSync(join(FIXTURES, family, "expected-edges.json"), "utf8")) as Expected;
}

export function detectedEdges(db: Database): string[] {
  const types = WIRING_EDGE_TYPES.map((t) => `'${t}'`).join(",");
  const rows = db
    .query(
      `SELECT e.type, e.key, ff.path AS fromPath, e.evidence_line AS line, tf.path AS toPath, ts.qualified_name AS toSymbol
       FROM edges e JOIN files ff ON ff.id = e.from_file JOIN files tf ON tf.id = e.to_file LEFT JOIN symbols ts ON ts.id = e.to_symbol
       WHERE e.type IN (${types}) AND e.key IS NOT NULL`,
    )
    .all() as { type: string; key: string; fromPath: string; line: number; toPath: string; toSymbol: string | null }[];
  return rows.map((r) => `${r.type} ${r.key}  ${r.fromPath}:${r.line} -> ${r.toPath}${r.toSymbol ? `#${r.toSymbol}` : ""}`).sort();
}

export function detectedUnresolved(db: Database): string[] {
  const rows = db.query("SELECT f.path, u.kind, u.text, u.line FROM wiring_unresolved u JOIN files f ON f.id = u.file_id").all() as { path: string; kind: string; text: string; line: number }[];
  return rows.map((r) => `${r.kind}: ${r.text} at ${r.path}:${r.line}`).sort();
}

export interface Score {
  truePositives: number;
  missed: string[];
  extra: string[];
  precision: number;
  recall: number;
}

export function score(expected: readonly string[], detected: readonly string[]): Score {
  const want = new Set(expected);
  const got = new Set(detected);
  const missed = [...want].filter((e) => !got.has(e));
  const extra = [...got].filter((e) => !want.has(e));
  const tp = got.size - extra.length;
  return { truePositives: tp, missed, extra, precision: got.size ? tp / got.size : 1, recall: want.size ? tp / want.size : 1 };
}
