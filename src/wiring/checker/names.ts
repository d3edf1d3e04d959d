// The checker tier's NameResolver: the syntax resolver (names.ts) overruled by the
// checker's answers for the files it loaded (checker/questions.ts asked them during the
// semantic upgrade; stored in wiring_facts.checked). A name the checker resolved to a
// workspace declaration gives that declaration (provenance `checker`); a name it resolved
// outside the workspace (a library) gives nothing, so a syntax-tier guess disappears; a
// name it had nothing for keeps the syntax answer (provenance `syntax`).

import type { Database, Statement } from "bun:sqlite";
import type { Resolver } from "../../index/imports/resolve.ts";
import { answerKey, type Ask, type FileAnswers, type PositionAnswer } from "../../semantic/position-answers.ts";
import type { Provenance, Ref } from "../model.ts";
import { IndexNames } from "../names.ts";
import type { FactsByFile, Target } from "../link/types.ts";

interface SymbolRow {
  name: string;
  qualified_name: string;
  kind: string;
  start_line: number;
  end_line: number;
  container: string | null;
}

const compact = (name: string) => name.replace(/\s+/g, "");

export class CheckerNames extends IndexNames {
  private readonly fileIds = new Map<string, number>();
  private readonly symbolsOf: Statement;
  private readonly implementers: Statement;
  private readonly cache = new Map<number, SymbolRow[]>();

  constructor(
    db: Database,
    resolver: Resolver,
    facts: FactsByFile,
    private readonly answers: ReadonlyMap<string, FileAnswers>,
  ) {
    super(db, resolver, facts);
    for (const row of db.query("SELECT id, path FROM files").all() as { id: number; path: string }[]) this.fileIds.set(row.path, row.id);
    this.symbolsOf = db.prepare("SELECT name, qualified_name, kind, start_line, end_line, container FROM symbols WHERE file_id = ? ORDER BY start_line");
    // the checker walk's `implements` / `extends` edges (no key), followed down from the interface
    this.implementers = db.prepare(
      `WITH RECURSIVE heirs(id) AS (
         SELECT e.from_symbol FROM edges e JOIN symbols s ON s.id = e.to_symbol JOIN files f ON f.id = s.file_id
          WHERE f.path = ? AND s.qualified_name = ? AND e.type IN ('implements', 'extends') AND e.provenance = 'checker' AND e.key IS NULL AND e.from_symbol IS NOT NULL
         UNION
         SELECT e.from_symbol FROM edges e JOIN heirs h ON e.to_symbol = h.id
          WHERE e.type IN ('implements', 'extends') AND e.provenance = 'checker' AND e.key IS NULL AND e.from_symbol IS NOT NULL
       )
       SELECT f.path, s.qualified_name, s.kind, s.start_line FROM heirs h JOIN symbols s ON s.id = h.id JOIN files f ON f.id = s.file_id
        WHERE s.kind = 'class' ORDER BY f.path, s.start_line LIMIT 50`,
    );
  }

  override tier(file: string): Provenance {
    return this.answers.has(file) ? "checker" : "syntax";
  }

  private answer(file: string, ask: Ask, ref: { line: number; col: number }): PositionAnswer | undefined {
    return this.answers.get(file)?.a[answerKey({ ask, line: ref.line, col: ref.col })];
  }

  /** The index's declaration for the checker's [path, line of the name, name]: the innermost one of that name around the line, else the file's one top-level declaration of that name. */
  private targetOf(d: [string, number, string]): Target {
    const [file, line, name] = d;
    const id = this.fileIds.get(file);
    let rows = id === undefined ? undefined : this.cache.get(id);
    if (id !== undefined && !rows) {
      rows = this.symbolsOf.all(id) as SymbolRow[];
      this.cache.set(id, rows);
    }
    let best: SymbolRow | null = null;
    for (const r of rows ?? []) {
      if (r.name !== name || r.start_line > line || r.end_line < line) continue;
      if (!best || r.end_line - r.start_line <= best.end_line - best.start_line) best = r;
    }
    if (!best) {
      const top = (rows ?? []).filter((r) => r.name === name && r.container === null);
      if (top.length === 1) best = top[0]!;
    }
    return best
      ? { file, line: best.start_line, symbol: best.qualified_name, kind: best.kind, provenance: "checker", confidence: 1 }
      : { file, line, symbol: null, kind: null, provenance: "checker", confidence: 1 };
  }

  private declared(a: PositionAnswer | undefined): Target | null | undefined {
    if (!a) return undefined;
    if (a.d) return this.targetOf(a.d);
    return a.x ? null : undefined;
  }

  override resolve(file: string, ref: Ref): Target | null {
    const a = this.answer(file, "decl", ref);
    const found = a && a.e === compact(ref.name) ? this.declared(a) : undefined;
    return found === undefined ? super.resolve(file, ref) : found;
  }

  override module(file: string, specifier: string): string | null {
    const m = this.answers.get(file)?.m;
    if (m && specifier in m) return m[specifier] ?? null;
    return super.module(file, specifier);
  }

  at(file: string, line: number, col: number, member: string): Target | null | undefined {
    const a = this.answer(file, "decl", { line, col });
    return a && a.e.endsWith(`.${member}`) ? this.declared(a) : undefined;
  }

  typeNames(file: string, ref: Ref): string[] | null {
    return this.answer(file, "type", ref)?.t ?? null;
  }

  typeDeclaration(file: string, ref: Ref): Target | null {
    return this.declared(this.answer(file, "typedecl", ref)) ?? null;
  }

  implementersOf(iface: Target): Target[] {
    if (!iface.symbol) return [];
    const rows = this.implementers.all(iface.file, iface.symbol) as { path: string; qualified_name: string; kind: string; start_line: number }[];
    return rows.map((r) => ({ file: r.path, line: r.start_line, symbol: r.qualified_name, kind: r.kind, provenance: "checker" as const, confidence: 1 }));
  }

  constant(file: string, ref: Ref): string | null {
    return this.answer(file, "value", ref)?.v ?? null;
  }
}
