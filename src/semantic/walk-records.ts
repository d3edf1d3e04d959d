// What the last checker walk of each file found, kept for the incremental semantic tier: the
// file's surface (surface.ts) and declaration shape when walked, whether it had unresolved
// relative imports, and the edges it wrote in id-independent form (edge-store.ts). From these
// an incremental upgrade knows which files depend on a changed one (their edges point into
// it), whether the change can reach them (its surface or shape moved), and restores the edges
// the syntax pass dropped with the changed file's declarations without walking them again.
// The tables belong to the semantic tier; `checker_records` in index_meta says they cover
// every walked file (a full upgrade wrote them); `checker_configs` what the project configs
// and package manifests said then (only a change there that can move a program walks everything).

import type { Database } from "bun:sqlite";
import { createHash } from "node:crypto";
import type { StoredEdge } from "./edge-store.ts";

export interface WalkRecord {
  surface: string;
  global: boolean;
  shape: string;
  unresolvedRelative: boolean;
  /** The file's unresolved imports: how many relative ones, and the package specifiers (the load diagnosis counts them). */
  unresolved: UnresolvedTally;
  edges: StoredEdge[];
}

export interface UnresolvedTally {
  relative: number;
  packages: string[];
}

/**
 * The value of `checker_records` when the records cover every walked file; a store whose records have another is walked
 * whole once (2: the unresolved tally; 3: edges no longer tied to a same-named top-level declaration the checker did not resolve to;
 * 4: a JSX attribute references the prop it sets, constructors are referenced by `new` and `super(…)`; 5: the type a heritage
 * clause maps, `X` of `extends Omit<X, 'k'>`, is heritage (`extends`/`implements`), not a type reference; an object
 * literal's property references only the union members its literal-typed properties fit, as find-references discriminates;
 * a use of a value references a merged symbol's value declarations only, a type's its type declarations: `const ZodType` / `interface ZodType`;
 * names exported under another name are walked: `regexes.null` for `export { _null as null }`; 6: a JSDoc link,
 * `{@link X}`, references every declaration of a merged X, as find-references reads it; a heritage clause naming a
 * type alias is heritage of the classes and interfaces the alias stands for too: `extends _ZodJSONSchemaInternals`;
 * 7: the type a heritage clause maps through nested mapping types is heritage too: `X` of `extends Omit<Partial<X>, 'k'>`;
 * a whole type name references no namespace merged with its type (`T extends Opt`: `type Opt`, not `namespace Opt`);
 * 8: `ns.default` references the default export whatever its declared name; a name in a type query, `typeof X.k`, is a
 * value's use: no reference of `type X` merged with `const X`; a qualifier, `Std` of `Std.Props`, references no interface or
 * type alias merged with the namespace); 9: a use refers to the merged declarations find-references searches it from — a
 * class merged with a namespace of types alone (`declare namespace Box { interface Opts }`) is no target of `Box.Opts`, nor the
 * namespace of `new Box()`; a function merged with an instantiated namespace is one of `fn.Opts`).
 */
const RECORDS_COMPLETE = "9";

/** package.json fields that decide discovery and module resolution (a version bump or a new script moves none). */
const RESOLUTION_FIELDS = ["name", "type", "main", "module", "types", "typings", "exports", "imports", "typesVersions", "workspaces", "browser"];

const hash = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 32);

/** The package.json fields that map a package's subpaths for whoever imports it (exports-change.ts). */
const EXPORT_MAPS = ["exports", "typesVersions"];

/**
 * What of a config file the programs depend on: a package.json's resolution fields (as two
 * digests, `<the others>:<exports and typesVersions>`, so a change to the export maps alone
 * can be told apart), any other config whole; "absent" when unreadable.
 */
export function configDigest(path: string, text: string | null): string {
  if (text === null) return "absent";
  if (path === "package.json" || path.endsWith("/package.json")) {
    try {
      const json = JSON.parse(text) as Record<string, unknown>;
      const others = RESOLUTION_FIELDS.filter((f) => !EXPORT_MAPS.includes(f)).map((f) => [f, json[f] ?? null]);
      return `${hash(JSON.stringify(others))}:${hash(JSON.stringify(EXPORT_MAPS.map((f) => [f, json[f] ?? null])))}`;
    } catch {
      // unparsable: the whole text
    }
  }
  return hash(text);
}

/** Whether two digests of a package.json differ in its export maps (`exports`, `typesVersions`) alone. */
export function exportMapsAlone(before: string | undefined, after: string): boolean {
  if (!before?.includes(":") || !after.includes(":")) return false;
  const [b0, b1] = before.split(":");
  const [a0, a1] = after.split(":");
  return b0 === a0 && b1 !== a1;
}

export class WalkRecords {
  constructor(private readonly db: Database) {
    db.run("CREATE TABLE IF NOT EXISTS checker_walks (path TEXT PRIMARY KEY, surface TEXT NOT NULL, global INTEGER NOT NULL, shape TEXT NOT NULL, unresolved INTEGER NOT NULL, edges TEXT NOT NULL, tally TEXT NOT NULL DEFAULT '')");
    const columns = db.query("PRAGMA table_info(checker_walks)").all() as { name: string }[];
    if (!columns.some((c) => c.name === "tally")) db.run("ALTER TABLE checker_walks ADD COLUMN tally TEXT NOT NULL DEFAULT ''");
    db.run("CREATE TABLE IF NOT EXISTS checker_deps (from_path TEXT NOT NULL, to_path TEXT NOT NULL, PRIMARY KEY (to_path, from_path)) WITHOUT ROWID");
  }

  /** Whether every walked file has a record and the configs they were made under are known (a full upgrade wrote them all). */
  complete(): boolean {
    const rows = this.db.query("SELECT key, value FROM index_meta WHERE key IN ('checker_records', 'checker_configs')").all() as { key: string; value: string }[];
    return rows.some((r) => r.key === "checker_records" && r.value === RECORDS_COMPLETE) && rows.some((r) => r.key === "checker_configs");
  }

  /** While an incremental run writes: a run stopped part-way has new records for changed files whose dependents it never walked, so the next run must walk everything. */
  markIncomplete(): void {
    this.db.run("DELETE FROM index_meta WHERE key = 'checker_records'");
  }

  markComplete(): void {
    this.db.run("INSERT OR REPLACE INTO index_meta(key, value) VALUES ('checker_records', ?)", [RECORDS_COMPLETE]);
  }

  /** The config digests the walk records were made under (configDigest), by path. */
  configs(): Record<string, string> {
    const row = this.db.query("SELECT value FROM index_meta WHERE key = 'checker_configs'").get() as { value: string } | null;
    try {
      return row ? (JSON.parse(row.value) as Record<string, string>) : {};
    } catch {
      return {};
    }
  }

  saveConfigs(configs: Record<string, string>): void {
    const sorted = Object.fromEntries(Object.entries(configs).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    this.db.run("INSERT OR REPLACE INTO index_meta(key, value) VALUES ('checker_configs', ?)", [JSON.stringify(sorted)]);
  }

  clear(): void {
    this.db.transaction(() => {
      this.db.run("DELETE FROM checker_walks");
      this.db.run("DELETE FROM checker_deps");
      this.db.run("DELETE FROM index_meta WHERE key IN ('checker_records', 'checker_configs')");
    })();
  }

  get(path: string): WalkRecord | null {
    const row = this.db.query("SELECT surface, global, shape, unresolved, edges, tally FROM checker_walks WHERE path = ?").get(path) as { surface: string; global: number; shape: string; unresolved: number; edges: string; tally: string } | null;
    if (!row) return null;
    return { surface: row.surface, global: row.global === 1, shape: row.shape, unresolvedRelative: row.unresolved === 1, unresolved: parseTally(row.tally), edges: JSON.parse(row.edges) as StoredEdge[] };
  }

  put(entries: readonly { path: string; record: WalkRecord }[]): void {
    const put = this.db.prepare("INSERT OR REPLACE INTO checker_walks(path, surface, global, shape, unresolved, edges, tally) VALUES (?,?,?,?,?,?,?)");
    const dep = this.db.prepare("INSERT OR IGNORE INTO checker_deps(from_path, to_path) VALUES (?, ?)");
    this.db.transaction(() => {
      for (const { path, record } of entries) {
        this.db.run("DELETE FROM checker_deps WHERE from_path = ?", [path]);
        put.run(path, record.surface, record.global ? 1 : 0, record.shape, record.unresolvedRelative ? 1 : 0, JSON.stringify(record.edges), JSON.stringify(record.unresolved));
        for (const to of new Set(record.edges.map((e) => e[0]))) if (to !== path) dep.run(path, to);
      }
    })();
  }

  drop(paths: readonly string[]): void {
    this.db.transaction(() => {
      for (const p of paths) {
        this.db.run("DELETE FROM checker_walks WHERE path = ?", [p]);
        this.db.run("DELETE FROM checker_deps WHERE from_path = ?", [p]);
      }
    })();
  }

  paths(): string[] {
    return (this.db.query("SELECT path FROM checker_walks").all() as { path: string }[]).map((r) => r.path);
  }

  /** Files whose recorded edges point into any of these files. */
  referencing(paths: Iterable<string>): Set<string> {
    const q = this.db.prepare("SELECT from_path FROM checker_deps WHERE to_path = ?");
    const out = new Set<string>();
    for (const p of paths) for (const row of q.all(p) as { from_path: string }[]) out.add(row.from_path);
    return out;
  }

  /** Every file that reaches any of these through recorded edges, at any distance. */
  reaching(paths: Iterable<string>): Set<string> {
    const out = new Set<string>();
    let frontier = [...paths];
    while (frontier.length) {
      const next: string[] = [];
      for (const p of this.referencing(frontier)) {
        if (out.has(p)) continue;
        out.add(p);
        next.push(p);
      }
      frontier = next;
    }
    return out;
  }

  /** The unresolved imports of every recorded file: relative ones, package ones, and the first five package specifiers (by path). */
  unresolvedTally(): { relative: number; packages: number; examples: string[] } {
    let relative = 0;
    let packages = 0;
    const examples: string[] = [];
    for (const row of this.db.query("SELECT tally FROM checker_walks ORDER BY path").all() as { tally: string }[]) {
      const t = parseTally(row.tally);
      relative += t.relative;
      packages += t.packages.length;
      for (const p of t.packages) if (examples.length < 5 && !examples.includes(p)) examples.push(p);
    }
    return { relative, packages, examples };
  }

  withUnresolvedRelative(): string[] {
    return (this.db.query("SELECT path FROM checker_walks WHERE unresolved = 1").all() as { path: string }[]).map((r) => r.path);
  }
}

function parseTally(text: string): UnresolvedTally {
  try {
    const t = JSON.parse(text) as UnresolvedTally;
    return { relative: Number(t.relative) || 0, packages: Array.isArray(t.packages) ? t.packages.map(String) : [] };
  } catch {
    return { relative: 0, packages: [] };
  }
}
