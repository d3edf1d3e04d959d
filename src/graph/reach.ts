// What reaches a declaration, hop by hop, through the index's edges (the checker tier).
// Three kinds of node: a declaration (symbol), a module's own top-level code (`(module)
// path`: statements, inline handlers passed to `app.get(…)`, `export default {…}`), and a
// file's export of the target (a re-exporting barrel). A declaration is reached by the
// edges pointing at it; a module by every file that imports it (its top-level code runs on
// import); an export by the files that import that name (or `*`) from the barrel, and by
// barrels re-exporting it in turn. Files no loaded project holds have no checker edges: the
// syntax imports (with their names) stand in for them, marked `syntax`. A member is also
// reached through the interface, abstract and base members it satisfies (`via Router.match`).

import type { Database } from "bun:sqlite";
import type { SymbolRow } from "../retrieve/resolve-symbol.ts";
import { wordRe } from "./word-re.ts";
import { declaredDefault, everyName, ownExportNames } from "./binding-imports.ts";
import { clausePairs } from "../lang/export-statements.ts";
import { useLine } from "./binding-use.ts";
import { overriderIds, satisfiedMembers, siblingIds } from "./satisfied.ts";
import { boundMembers, boundNeighbors } from "./bound-members.ts";
import { ByFile } from "./by-file.ts";
import { constructorEdges } from "./constructor-refs.ts";
import { incomingEdges, type IncomingEdge } from "./incoming-edges.ts";
import { LoadTimeCalls } from "./load-time.ts";

export interface Dependent {
  hop: number;
  type: string;
  /** The referencing declaration; null: the top-level code of `path` (`(module) path`). */
  from: string | null;
  path: string;
  line: number | null;
  isTest: boolean;
  provenance: string;
  /** The interface, abstract or base member the reference goes through (`Router.match`). */
  via?: string;
}

export interface Reach {
  /** At most `limit` per hop; hopTotals counts every dependent reached at each hop. */
  dependents: Dependent[];
  hopTotals: Map<number, number>;
  tests: Map<string, number>;
  /** Hop-1 references by provenance. */
  checkerRefs: number;
  syntaxRefs: number;
  /** Files that export the target: the declaring file and the barrels re-exporting it. */
  exporters: Set<number>;
  /** Paths reached only through syntax imports (files no loaded project holds). */
  syntaxOnly: Set<string>;
}

/** `(module) path` for top-level code, else the declaration's name. */
export function fromLabel(d: { from: string | null; path: string }): string {
  return d.from ?? `(module) ${d.path}`;
}

interface FileRow {
  id: number;
  path: string;
  isTest: boolean;
}

/**
 * An export's `via`: set for the export of a declaration the walk reached on the way (not the target's): the member name
 * an importer outside every project must mention (null: none). Unset: the target's export, read with the walk's mention.
 */
/** An import or export statement pointing at a file, with the names it takes (comma-separated). */
interface Statement {
  file: number;
  kind: string;
  names: string;
  line: number;
}

/** What the walk asks of a declaration it reaches. */
interface SymbolFacts {
  file: number;
  name: string;
  kind: string;
  container: string | null;
  exported: number;
  start: number;
  end: number;
  signature: string | null;
}

/** A top-level declaration: a member's holder (an object literal) or its exported owner. */
interface TopLevel {
  id: number;
  name: string;
  kind: string;
  exported: boolean;
  start: number;
  end: number;
}

/** A file importing a module: the first line it does so, and whether the checker saw it. */
interface Importer {
  file: number;
  line: number | null;
  checker: number;
}

/** The kinds of an object literal's holder: a variable, not a class or interface. */
const OBJECT_KINDS: ReadonlySet<string> = new Set(["const", "let", "var", "variable"]);

/** The key of the statements that take every name a file exports. */
const EVERY_NAME = "\0*";

type Node = { kind: "symbol"; id: number } | { kind: "module"; file: number } | { kind: "export"; file: number; symbol: number; name: string; via?: { mention: string | null } };

// an export is one per name: a module exports a declaration under each name its statements give it (`export default f`, `export { f as g }`)
const nodeKey = (n: Node): string => (n.kind === "symbol" ? `s${n.id}` : n.kind === "module" ? `m${n.file}` : `x${n.file}:${n.symbol}:${n.name}${n.via ? `:${n.via.mention ?? ""}` : ""}`);

/**
 * The declarations a change to `target` reaches directly: itself (all overloads) and, for a type, its members — those inside
 * `ids`' declarations (a class's, and a namespace merged with it; not those of `declare namespace Box { interface Opts }`
 * beside `class Box`, which shares no meaning with it: merged-declarations.ts).
 */
export function seedIds(db: Database, target: SymbolRow, ids: readonly number[]): number[] {
  if (!/class|interface|enum|namespace/.test(target.kind)) return [...ids];
  const marks = ids.map(() => "?").join(",");
  const members = db
    .query(`SELECT DISTINCT m.id FROM symbols m JOIN symbols d ON d.id IN (${marks}) AND d.file_id = m.file_id AND m.start_line BETWEEN d.start_line AND d.end_line WHERE m.file_id = ? AND m.container = ?`)
    .all(...ids, target.fileId, target.qualifiedName) as { id: number }[];
  return [...ids, ...members.map((m) => m.id)];
}

class Walk {
  readonly dependents: Dependent[] = [];
  readonly hopTotals = new Map<number, number>();
  readonly tests = new Map<string, number>();
  readonly exporters = new Set<number>();
  readonly syntaxOnly = new Set<string>();
  /** Declarations whose references are not the target's uses (the other names destructured on its line). */
  readonly silent = new Set<number>();
  checkerRefs = 0;
  syntaxRefs = 0;
  private readonly seen = new Set<string>();
  private readonly files = new Map<number, FileRow>();
  private readonly q;
  private readonly statementsOf = new Map<number, Map<string, Statement[]>>();
  private readonly clauses = new Map<string, string>();
  private readonly loadTime: LoadTimeCalls;
  private readonly symbolFacts = new Map<number, SymbolFacts | null>();
  private readonly topLevelOf = new Map<number, Map<string, TopLevel[]>>();
  private readonly reexportersOf = new Map<number, number[]>();
  private readonly exportNames = new Map<number, string[]>();
  private everyTypeOnly: Map<string, number | null> | null = null;
  // importers of a module: the checker's module edges and the syntax imports (files outside every project have only those)
  private readonly importers: ByFile<Importer>;
  // import and export statements pointing at a file, with the names they take: the syntax edge is one per pair of files
  // (at the first statement), so every statement of the importer with that statement's specifier (immer's src/immer.ts
  // imports Immer from "./internal" on line 1 and re-exports current from "./internal" on line 9)
  private readonly statements: ByFile<Statement>;

  constructor(
    private readonly db: Database,
    /** Paths the checker never walked; null: not recorded (syntax imports are followed for every file). */
    private readonly outside: ReadonlySet<string> | null,
    /** A member's name: a file reached only by syntax must mention it (it imports the type, not the member). */
    private readonly mention: string | null,
    private readonly readText: (path: string) => string | null,
  ) {
    this.loadTime = new LoadTimeCalls(db, readText);
    this.q = {
      file: db.prepare("SELECT id, path, is_test AS isTest FROM files WHERE id = ?"),
      symbol: db.prepare("SELECT file_id AS file, name, kind, container, exported, start_line AS start, end_line AS \"end\", signature FROM symbols WHERE id = ?"),
      // a file's top-level declarations in the order SQLite's file index gives them (by id): the first of a name is the one taken
      topLevel: db.prepare("SELECT id, name, kind, qualified_name AS qualifiedName, exported, start_line AS start, end_line AS \"end\" FROM symbols WHERE file_id = ? AND container IS NULL ORDER BY id"),
      // a declaration's re-exports by top-level statements, as incomingEdges orders its edges (a checker edge and a syntax
      // edge of one file are the same barrel)
      reexporters: db.prepare(
        "SELECT e.from_file AS file FROM edges e JOIN files f ON f.id = e.from_file WHERE e.to_symbol = ? AND e.type = 'reexports' AND e.from_symbol IS NULL ORDER BY f.path, e.evidence_line",
      ),
      // a type-only import runs nothing
      typeOnly: db.prepare("SELECT min(type_only) AS t FROM imports WHERE file_id = ? AND line = ?"),
      everyTypeOnly: db.prepare("SELECT file_id AS file, line, min(type_only) AS t FROM imports GROUP BY file_id, line"),
    };
    this.importers = new ByFile(
      db,
      `SELECT e.from_file AS file, min(e.evidence_line) AS line, max(e.provenance = 'checker') AS checker FROM edges e
        WHERE e.to_file = ? AND e.from_file <> e.to_file AND e.to_symbol IS NULL AND e.from_symbol IS NULL AND e.type IN ('imports', 'reexports')
        GROUP BY e.from_file ORDER BY e.from_file`,
      // `+e.from_symbol`: not by the index on from_symbol — every top-level reference has none (mikro-orm: 185,000 of 257,000
      // edges, 24 ms on a new connection); by (to_symbol, type), the module edges alone (11,500: 9.5 ms)
      `SELECT e.to_file AS byFile, e.from_file AS file, min(e.evidence_line) AS line, max(e.provenance = 'checker') AS checker FROM edges e
        WHERE e.from_file <> e.to_file AND e.to_symbol IS NULL AND +e.from_symbol IS NULL AND e.type IN ('imports', 'reexports')
        GROUP BY e.to_file, e.from_file ORDER BY e.to_file, e.from_file`,
    );
    this.statements = new ByFile(
      db,
      `SELECT DISTINCT i.file_id AS file, i.kind, i.names, i.line FROM edges e JOIN imports first ON first.file_id = e.from_file AND first.line = e.evidence_line
        JOIN imports i ON i.file_id = e.from_file AND i.specifier = first.specifier
        WHERE e.to_file = ? AND e.type = 'imports' AND e.provenance = 'syntax' AND e.from_file <> e.to_file ORDER BY i.file_id, i.line`,
      `SELECT DISTINCT e.to_file AS byFile, i.file_id AS file, i.kind, i.names, i.line FROM edges e JOIN imports first ON first.file_id = e.from_file AND first.line = e.evidence_line
        JOIN imports i ON i.file_id = e.from_file AND i.specifier = first.specifier
        WHERE e.type = 'imports' AND e.provenance = 'syntax' AND e.from_file <> e.to_file ORDER BY e.to_file, i.file_id, i.line`,
    );
  }

  fileRow(id: number): FileRow {
    let row = this.files.get(id);
    if (!row) {
      const raw = this.q.file.get(id) as { id: number; path: string; isTest: number };
      row = { id: raw.id, path: raw.path, isTest: raw.isTest === 1 };
      this.files.set(id, row);
    }
    return row;
  }

  mark(node: Node): boolean {
    return this.once(nodeKey(node));
  }

  once(key: string): boolean {
    if (this.seen.has(key)) return false;
    this.seen.add(key);
    return true;
  }

  /** Whether a module's export is the module itself (`export = f`): a bare require takes it whole. */
  private exportsItself(file: number): boolean {
    const text = this.readText(this.fileRow(file).path);
    return text !== null && /(?<![\w$.])export\s*=(?!=)/.test(text);
  }

  private isOutside(path: string): boolean {
    return this.outside === null || this.outside.has(path);
  }

  private mentions(path: string, mention: string | null): boolean {
    if (mention === null) return true;
    const text = this.readText(path);
    return text !== null && wordRe(mention).test(text);
  }

  private reached(d: Omit<Dependent, "isTest" | "path" | "hop"> & { file: number }, hop: number, shown: Dependent[], limit: number): void {
    const f = this.fileRow(d.file);
    if (f.isTest && !this.tests.has(f.path)) this.tests.set(f.path, hop);
    if (d.provenance === "syntax" && this.isOutside(f.path)) this.syntaxOnly.add(f.path);
    if (hop === 1) d.provenance === "checker" ? this.checkerRefs++ : this.syntaxRefs++;
    this.hopTotals.set(hop, (this.hopTotals.get(hop) ?? 0) + 1);
    if (limit > 0) {
      const { file: _f, ...rest } = d;
      shown.push({ hop, ...rest, path: f.path, isTest: f.isTest });
    }
  }

  /** One hop from `frontier`: the nodes that reach it, recorded; returns them. */
  step(frontier: Node[], hop: number, limit: number, seeds: ReadonlySet<number>, targetIds: ReadonlySet<number>, via: ReadonlyMap<number, string>, extra: readonly IncomingEdge[] = []): Node[] {
    const next: Node[] = [];
    const shown: Dependent[] = [];
    const symbols = frontier.filter((n): n is Extract<Node, { kind: "symbol" }> => n.kind === "symbol").map((n) => n.id);
    // a constructor reached on the way (ky's normalizeRequestMethod is called by Ky.constructor) runs at `new Ky(…)`: the edges reaching it
    const constructors = symbols.filter((id) => !seeds.has(id)).flatMap((id) => this.constructorReach(id));
    for (const e of [...incomingEdges(this.db, symbols), ...extra, ...constructors]) {
      if (e.fromSymbol !== null && this.silent.has(e.fromSymbol)) continue;
      const label = via.get(e.toSymbol);
      const base = { type: e.type, line: e.line, provenance: e.provenance, file: e.fromFile, ...(label ? { via: label } : {}) };
      if (e.fromSymbol !== null) {
        const node: Node = { kind: "symbol", id: e.fromSymbol };
        if (seeds.has(e.fromSymbol)) {
          // the declaring type's own uses of it (`new Ky` inside `Ky.create`): shown, not walked again
          if (hop === 1 && targetIds.has(e.toSymbol) && !targetIds.has(e.fromSymbol) && this.once(`own${e.fromSymbol}`)) {
            this.reached({ ...base, from: e.fromName }, hop, shown, limit);
          }
          continue;
        }
        // called by a top-level variable's initializer while its module loads: every importer of that module is reached (zod's encodeAsync)
        const loading: Node = { kind: "module", file: e.fromFile };
        if (this.loadTime.runsAtLoad(e) && this.mark(loading)) next.push(loading);
        if (!this.mark(node)) continue;
        this.reached({ ...base, from: e.fromName }, hop, shown, limit);
        next.push(node);
        // an exported declaration on the way is imported by files outside every project too (immer's tests take `produce`, which Immer.produce's callees reach)
        for (const exported of this.exportOf(e.fromSymbol)) if (this.mark(exported)) next.push(exported, ...this.typeBarrels(exported));
        // a method of an object literal runs wherever the object goes (`new Proxy(base, objectTraps)` calls objectTraps.get, by no reference)
        const holder = this.objectOf(e.fromSymbol);
        if (holder && this.mark(holder)) next.push(holder);
      } else {
        // top-level code: every site is shown once; its module (or the barrel's export) is walked once
        // a barrel's export of a declaration reached on the way (not the target's) is taken by importers that need not mention
        // the target's member (immer's src/immer.ts re-exports current, which calls state.scope_.immer_.shouldUseStrictIteration())
        const nodes: Node[] =
          e.type === "reexports"
            ? this.exportedAs(e.fromFile, e.line, [...this.namesOf(e.toSymbol), this.symbolName(e.toSymbol)]).map((name) => ({ kind: "export", file: e.fromFile, symbol: e.toSymbol, name, ...(seeds.has(e.toSymbol) ? {} : { via: { mention: null } }) }))
            : [{ kind: "module", file: e.fromFile }];
        for (const node of nodes) {
          if (!this.mark(node)) continue;
          if (node.kind === "export") this.exporters.add(e.fromFile);
          next.push(node);
        }
        if (this.once(`site${e.fromFile}:${e.line}:${e.type}`)) this.reached({ ...base, from: null }, hop, shown, limit);
      }
    }
    for (const n of frontier) {
      if (n.kind === "module") this.moduleStep(n.file, hop, shown, limit, next);
      else if (n.kind === "export") this.exportStep(n, hop, shown, limit, next);
    }
    this.dependents.push(...listed(shown, limit));
    return next;
  }

  /** The exports of a declaration the walk reached, one per name (namesOf): its own when it is exported, its type's (mentioning it) for a member of an exported type; none otherwise. */
  private exportOf(id: number): Node[] {
    const row = this.symbolRow(id);
    if (!row) return [];
    if (row.container === null) return row.exported ? this.namesOf(id).map((name) => ({ kind: "export", file: row.file, symbol: id, name, via: { mention: null } })) : [];
    const owner = this.topLevel(row.file, row.container).find((o) => o.exported);
    return owner ? this.namesOf(owner.id).map((name) => ({ kind: "export", file: row.file, symbol: owner.id, name, via: { mention: row.name } })) : [];
  }

  /**
   * The names its module exports a top-level declaration as (read once per declaration): "default" alone for `export default
   * function f`; its name for `export function f`; for one exported by a statement, its name and the statements' names
   * (`export default f`, `export { f as g }`) — `import Other from "./x"` takes x's default under a name of its own.
   */
  namesOf(id: number): string[] {
    let names = this.exportNames.get(id);
    if (!names) {
      const row = this.symbolRow(id);
      const decl = { name: row?.name ?? "", signature: row?.signature ?? "" };
      if (!row) names = [];
      else if (declaredDefault(decl)) names = ["default"];
      else if (/^export\s/.test(decl.signature)) names = [row.name];
      else names = [...new Set([row.name, ...ownExportNames(this.readText(this.fileRow(row.file).path), decl)])];
      this.exportNames.set(id, names);
    }
    return names;
  }

  /** A declaration's row, read once (exportOf, objectOf and constructorReach ask for each declaration the walk reaches). */
  private symbolRow(id: number): SymbolFacts | null {
    let row = this.symbolFacts.get(id);
    if (row === undefined) {
      row = (this.q.symbol.get(id) as SymbolFacts | null) ?? null;
      this.symbolFacts.set(id, row);
    }
    return row;
  }

  /**
   * A file's top-level declarations named `qualifiedName`, first declared first. Read once per file: the lookup by a
   * member's container cannot use an index (the name index folds case), so asking SQLite per reached member scanned the
   * file's every declaration each time — zod's classic/schemas.ts for each of the thousands a walk reaches.
   */
  private topLevel(file: number, qualifiedName: string): TopLevel[] {
    let byName = this.topLevelOf.get(file);
    if (!byName) {
      byName = new Map();
      for (const r of this.q.topLevel.all(file) as (TopLevel & { qualifiedName: string })[]) {
        const { qualifiedName: q, ...row } = r;
        const top = { ...row, exported: Boolean(row.exported) };
        byName.get(q)?.push(top) ?? byName.set(q, [top]);
      }
      this.topLevelOf.set(file, byName);
    }
    return byName.get(qualifiedName) ?? [];
  }

  /** A member's type re-exported by the checker's files (`import { Immer } from "./internal"; export { Immer }`): their exports of it, unmarked until now. */
  private typeBarrels(exported: Node): Node[] {
    if (exported.kind !== "export" || !exported.via?.mention) return [];
    return this.reexporters(exported.symbol).flatMap((file): Node[] => {
      const barrel: Node = { kind: "export", file, symbol: exported.symbol, name: exported.name, via: exported.via };
      return this.mark(barrel) ? [barrel] : [];
    });
  }

  /**
   * The files re-exporting a type by a top-level statement, in the order of its incoming edges (by path), read once per
   * type: typeBarrels asks for each member of it the walk reaches, and the type's incoming edges are its every reference
   * (mikro-orm's Utils: thousands, read whole for each member).
   */
  private reexporters(symbol: number): number[] {
    let files = this.reexportersOf.get(symbol);
    if (!files) {
      files = (this.q.reexporters.all(symbol) as { file: number }[]).map((r) => r.file);
      this.reexportersOf.set(symbol, files);
    }
    return files;
  }

  /**
   * The object literal (a variable, not a class or interface) a member belongs to, as a node; null for anything else. The
   * member lies inside the variable's span: a const merged with an interface of its name (zod's `interface $ZodLiteral`
   * and `const $ZodLiteral = $constructor(…)`) does not hold the interface's members — taken for their object, the const
   * was marked before its own uses of the member were listed (impact $ZodLiteral._zod left out `inst._zod.values = …` in
   * the const under checker-complete), and every use of the const was walked as the member's.
   */
  objectOf(id: number): Node | null {
    const row = this.symbolRow(id);
    const holder = row?.container == null ? undefined : this.topLevel(row.file, row.container).find((o) => OBJECT_KINDS.has(o.kind) && row.start >= o.start && row.end <= o.end);
    return holder ? { kind: "symbol", id: holder.id } : null;
  }

  /** The edges reaching a constructor that is not the target (`new C(…)`, subclasses' `super(…)`); none for any other declaration. */
  private constructorReach(id: number): IncomingEdge[] {
    const row = this.symbolRow(id);
    return row?.kind === "constructor" ? constructorEdges(this.db, { kind: row.kind, fileId: row.file, container: row.container }, [id], this.readText) : [];
  }

  /**
   * The names a re-export gives a declaration its source module exports as one of `names` (`export { current as next }`,
   * immer's `NOTHING as nothing`, `export { default as Made }`), read from the statement at `line` to its closing brace (the
   * index keeps the local names); a statement there re-exporting one name alone gives that one (the checker's edge says it is
   * this declaration: `export { Made } from "./barrel"`); `names[0]` when it is not renamed (`export * from`).
   */
  exportedAs(file: number, line: number | null, names: readonly string[]): string[] {
    const clause = line === null ? "" : this.clauseAt(file, line);
    const pairs = clausePairs(/\{([^}]*)\}/.exec(clause)?.[1] ?? clause.replace(/\}$/, ""));
    const taken = [...new Set(pairs.filter(([local]) => names.includes(local)).map(([, as]) => as))];
    if (taken.length) return taken;
    if (pairs.length === 1 && /^\s*export\s+(?:type\s+)?\{/.test(clause)) return [pairs[0]![1]];
    return names.slice(0, 1);
  }

  /** The braces of the statement at `line` (read once per statement: a barrel's is asked for each declaration through it), or "". */
  private clauseAt(file: number, line: number): string {
    const key = `${file}:${line}`;
    let clause = this.clauses.get(key);
    if (clause === undefined) {
      const text = this.readText(this.fileRow(file).path);
      const from = text === null ? "" : text.split("\n").slice(line - 1).join("\n");
      // the braces of this statement only (`export * from "./x"` has none: not renamed), up to the next statement
      clause = /^[^;]*?\}/.exec(from.split(/\n(?=\s*(?:export|import)\b)/)[0]!)?.[0] ?? "";
      this.clauses.set(key, clause);
    }
    return clause;
  }

  private symbolName(id: number): string {
    return (this.db.query("SELECT name FROM symbols WHERE id = ?").get(id) as { name: string } | null)?.name ?? "";
  }

  /** Every file importing a module runs its top-level code. */
  private moduleStep(file: number, hop: number, shown: Dependent[], limit: number, next: Node[]): void {
    for (const r of this.importers.rows(file)) {
      if (this.typeOnly(r.file, r.line)) continue;
      const node: Node = { kind: "module", file: r.file };
      if (!this.mark(node)) continue;
      this.reached({ type: "imports", from: null, line: r.line, provenance: r.checker ? "checker" : "syntax", file: r.file }, hop, shown, limit);
      next.push(node);
    }
  }

  /** Whether the import statement at `line` of `file` is type-only (it runs nothing); read for every file once the importers are. */
  private typeOnly(file: number, line: number | null): boolean {
    if (this.importers.whole && !this.everyTypeOnly) {
      this.everyTypeOnly = new Map();
      for (const r of this.q.everyTypeOnly.all() as { file: number; line: number; t: number | null }[]) this.everyTypeOnly.set(`${r.file}:${r.line}`, r.t);
    }
    if (this.everyTypeOnly) return line !== null && this.everyTypeOnly.get(`${file}:${line}`) === 1;
    return (this.q.typeOnly.get(file, line) as { t: number | null }).t === 1;
  }

  /**
   * The statements pointing at a file that take a name, read once per file: by name, and those taking every name (`*`, a
   * bare require or dynamic import). A barrel is stepped for each of the many declarations reached through it (mikro-orm's
   * core index: one query of ~1,500 importers per declaration made impact Utils.isObject take 6.7 s).
   */
  private takers(file: number, name: string): Statement[] {
    let byName = this.statementsOf.get(file);
    if (!byName) {
      byName = new Map();
      for (const r of this.statements.rows(file)) {
        const keys = everyName(r) ? [EVERY_NAME] : [...new Set(r.names ? r.names.split(",") : [])];
        for (const key of keys) byName.get(key)?.push(r) ?? byName.set(key, [r]);
      }
      this.statementsOf.set(file, byName);
    }
    // in the statements' order (file, line), as the query gave them
    return [...(byName.get(name) ?? []), ...(byName.get(EVERY_NAME) ?? [])].sort((a, b) => a.file - b.file || a.line - b.line);
  }

  /** Who takes the target's name from a file exporting it: importers of the name (or `*`), barrels re-exporting it (or `*`). */
  exportStep(n: Extract<Node, { kind: "export" }>, hop: number, shown: Dependent[], limit: number, next: Node[]): void {
    for (const r of this.takers(n.file, n.name)) {
      const f = this.fileRow(r.file);
      const every = everyName(r);
      if (r.kind === "export") {
        // `export * from` forwards every name but the default
        if (every && n.name === "default") continue;
        for (const name of every ? [n.name] : this.exportedAs(r.file, r.line, [n.name])) {
          const node: Node = { kind: "export", file: r.file, symbol: n.symbol, name, ...(n.via ? { via: n.via } : {}) };
          if (!this.mark(node)) continue;
          if (!n.via) this.exporters.add(r.file);
          // shown once per site and name: the exports of several members of one type (objectTraps.get, .set) are one line
          if (this.once(`site${r.file}:${r.line}:x${n.symbol}`)) this.reached({ type: "reexports", from: null, line: r.line, provenance: "syntax", file: r.file }, hop, shown, limit);
          next.push(node);
        }
        continue;
      }
      // a file the checker walked resolved its use of the name itself (a symbol edge)
      const mention = n.via ? n.via.mention : this.mention;
      if (!this.isOutside(f.path) || !this.mentions(f.path, mention)) continue;
      // a namespace (`import * as ns`, import()) takes the name by a property (`ns.default`, `ns.name`): one naming none is
      // importing the file for another name; a bare require's default may be the module itself (`export = f`)
      if (every && mention === null && !(r.kind === "require" && n.name === "default" && this.exportsItself(n.file)) && !this.mentions(f.path, n.name)) continue;
      const node: Node = { kind: "module", file: r.file };
      if (!this.mark(node)) continue;
      // listed at its use of the name (`Other(3)` for `import Other from "./x"`), else at the statement
      const text = this.readText(f.path);
      const line = (text === null ? null : useLine(text, r.line, r.kind, n.name)) ?? r.line;
      this.reached({ type: "imports", from: null, line, provenance: "syntax", file: r.file }, hop, shown, limit);
      next.push(node);
    }
  }
}

/**
 * The dependents a hop lists: at most `limit`, sources before tests, each in the order reached.
 * A function its own test file calls 34 times and three source files call once listed only the
 * test's lines under limit=5, and read as used by its tests alone.
 */
function listed(hop: readonly Dependent[], limit: number): Dependent[] {
  return [...hop.filter((d) => !d.isTest), ...hop.filter((d) => d.isTest)].slice(0, limit);
}

/** Everything that reaches `target` (the checker tier), up to `depth` hops, at most `limit` shown per hop. */
export function reachOf(
  db: Database,
  target: SymbolRow,
  ids: readonly number[],
  opts: { depth: number; limit: number; outside: ReadonlySet<string> | null; readText: (path: string) => string | null },
): Reach {
  const member = target.container !== null;
  const walk = new Walk(db, opts.outside, member ? target.name : null, opts.readText);
  const seeds = seedIds(db, target, ids);
  const targetIds = new Set(ids);
  const via = new Map<number, string>();
  for (const s of member ? satisfiedMembers(db, target, opts.readText) : []) for (const id of s.ids) via.set(id, s.qualifiedName);
  // and through the members implementing or overriding it (`this.produce(…)` reaches `ProducersFns.produce`, as find-references counts it)
  for (const o of member ? overriderIds(db, target, opts.readText) : []) if (!targetIds.has(o.id)) via.set(o.id, o.qualifiedName);
  // and through the other implementations of what it implements (`v1.getMethod()` for `EventV2Processor.getMethod`: both implement `EventProcessor.getMethod`)
  for (const o of member ? siblingIds(db, target, ids, opts.readText) : []) if (!via.has(o.id)) via.set(o.id, o.qualifiedName);
  // a destructured name: through the member it is taken from (`Deno.open` for `const { open } = Deno`)
  for (const b of boundMembers(db, target)) if (!targetIds.has(b.id)) via.set(b.id, b.qualifiedName);
  const seedSet = new Set([...seeds, ...via.keys()]);
  // the other names destructured on its line are not its dependents
  for (const id of boundNeighbors(db, target)) walk.silent.add(id);
  let frontier: Node[] = [...seedSet].map((id) => ({ kind: "symbol", id }));
  for (const n of frontier) walk.mark(n);
  // a method of an object literal: the object's uses too (walk.objectOf)
  const holder = member ? walk.objectOf(target.id) : null;
  if (holder && walk.mark(holder)) {
    frontier.push(holder);
    // its uses are listed as uses of the object (`via table`): they name the object, not the member
    if (holder.kind === "symbol" && target.container) via.set(holder.id, target.container);
  }
  // the declaring file exports the target (or, for a member, its type): importers outside every project take it by name;
  // what it does not export no import takes (`export *` re-exports only exports)
  const owner = member
    ? (db.query("SELECT id, name FROM symbols WHERE file_id = ? AND qualified_name = ? AND container IS NULL AND exported = 1 LIMIT 1").get(target.fileId, target.container) as { id: number; name: string } | null)
    : target.exported
      ? { id: target.id, name: target.name }
      : null;
  walk.exporters.add(target.fileId);
  if (owner) {
    // under each name its module exports it as: `import Other from "./x"` takes x's default export
    const names = walk.namesOf(owner.id);
    for (const name of names) {
      const node: Node = { kind: "export", file: target.fileId, symbol: owner.id, name };
      if (walk.mark(node)) frontier.push(node);
    }
    // a member's type re-exported by barrels (the checker's edges point at the declaration through every hop): their importers take it too
    if (member) {
      for (const e of incomingEdges(db, [owner.id])) {
        if (e.type !== "reexports" || e.fromSymbol !== null) continue;
        for (const name of walk.exportedAs(e.fromFile, e.line, [...names, owner.name])) {
          const barrel: Node = { kind: "export", file: e.fromFile, symbol: owner.id, name };
          if (!walk.mark(barrel)) continue;
          walk.exporters.add(e.fromFile);
          frontier.push(barrel);
        }
      }
    }
  }
  // a constructor is reached by `new` of its class (and of the subclasses inheriting it) and by the subclasses' `super(…)`
  const ctorEdges = constructorEdges(db, target, ids, opts.readText);
  for (let hop = 1; hop <= opts.depth && frontier.length; hop++) {
    frontier = walk.step(frontier, hop, opts.limit, seedSet, new Set([...targetIds, ...via.keys()]), via, hop === 1 ? ctorEdges : []);
  }
  return { dependents: walk.dependents, hopTotals: walk.hopTotals, tests: walk.tests, checkerRefs: walk.checkerRefs, syntaxRefs: walk.syntaxRefs, exporters: walk.exporters, syntaxOnly: walk.syntaxOnly };
}
