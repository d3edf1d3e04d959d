// The syntax tier's NameResolver: a name used in a file resolves to a declaration of that
// file, else through the file's import binding (module resolved like import edges; named,
// default and namespace imports; `export … from` re-exports followed), else — for a name
// that is not imported at all — to the one exported declaration of that name in the
// workspace (lower confidence).

import type { Database, Statement } from "bun:sqlite";
import { languageOf, isCodeLanguage } from "../lang/languages.ts";
import type { Resolver } from "../index/imports/resolve.ts";
import type { Provenance, Ref } from "./model.ts";
import type { FactsByFile, NameResolver, Target } from "./link/types.ts";

interface SymbolRow {
  name: string;
  qualified_name: string;
  kind: string;
  start_line: number;
  signature: string;
  container: string | null;
  exported: number;
  path?: string;
}

/** A file's declarations, loaded once: by qualified name, and top-level ones by name (preferred kind first). */
interface FileSymbols {
  byQualified: Map<string, SymbolRow>;
  topLevel: Map<string, SymbolRow>;
  defaultExport: SymbolRow | null;
}

const KIND_RANK: Record<string, number> = { class: 0, interface: 1, function: 2, const: 3, variable: 4, type: 5, enum: 6 };
const FALLBACK_CONFIDENCE = 0.6;

export class IndexNames implements NameResolver {
  private readonly ids = new Map<string, number>();
  private readonly q: Record<"symbols" | "reexports" | "global", Statement>;
  private readonly modules = new Map<string, string | null>();
  private readonly files = new Map<number, FileSymbols>();

  constructor(
    db: Database,
    private readonly resolver: Resolver,
    private readonly facts: FactsByFile,
  ) {
    for (const row of db.query("SELECT id, path FROM files").all() as { id: number; path: string }[]) this.ids.set(row.path, row.id);
    this.q = {
      symbols: db.prepare("SELECT name, qualified_name, kind, start_line, signature, container, exported FROM symbols WHERE file_id = ?"),
      reexports: db.prepare("SELECT specifier, names FROM imports WHERE file_id = ? AND kind = 'export' ORDER BY id"),
      global: db.prepare(
        `SELECT s.name, s.qualified_name, s.kind, s.start_line, s.signature, s.container, s.exported, f.path FROM symbols s JOIN files f ON f.id = s.file_id
         WHERE s.name = ? COLLATE NOCASE AND s.container IS NULL AND s.exported = 1 AND f.is_test = 0 ORDER BY f.path LIMIT 20`,
      ),
    };
  }

  private symbols(id: number): FileSymbols {
    let found = this.files.get(id);
    if (found) return found;
    found = { byQualified: new Map(), topLevel: new Map(), defaultExport: null };
    for (const row of this.q.symbols.all(id) as SymbolRow[]) {
      if (!found.byQualified.has(row.qualified_name)) found.byQualified.set(row.qualified_name, row);
      if (row.container !== null) continue;
      const prior = found.topLevel.get(row.name);
      if (!prior || (KIND_RANK[row.kind] ?? 7) < (KIND_RANK[prior.kind] ?? 7)) found.topLevel.set(row.name, row);
      if (!found.defaultExport && (row.name === "default" || row.signature.startsWith("export default "))) found.defaultExport = row;
    }
    this.files.set(id, found);
    return found;
  }

  private target(file: string, row: SymbolRow | null | undefined, confidence = 1): Target | null {
    if (!row) return null;
    return { file, line: row.start_line, symbol: row.qualified_name, kind: row.kind, provenance: "syntax", confidence };
  }

  private local(file: string, name: string): Target | null {
    const id = this.ids.get(file);
    return id === undefined ? null : this.target(file, this.symbols(id).topLevel.get(name));
  }

  tier(_file: string): Provenance {
    return "syntax";
  }

  declaration(file: string, qualifiedName: string): Target | null {
    const id = this.ids.get(file);
    return id === undefined ? null : this.target(file, this.symbols(id).byQualified.get(qualifiedName));
  }

  module(file: string, specifier: string): string | null {
    const key = `${file}\0${specifier}`;
    if (this.modules.has(key)) return this.modules.get(key) ?? null;
    const language = languageOf(file);
    const found = isCodeLanguage(language) ? (this.resolver.resolve(file, language, { specifier, kind: "import", names: [], typeOnly: false, line: 0 })[0] ?? null) : null;
    this.modules.set(key, found);
    return found;
  }

  exported(file: string, name: string, depth = 0): Target | null {
    const id = this.ids.get(file);
    if (id === undefined || depth > 4) return null;
    if (name === "default") {
      const local = this.facts.get(file)?.defaultExport;
      const found = local ? this.local(file, local) : this.target(file, this.symbols(id).defaultExport);
      if (found) return found;
    } else {
      const found = this.local(file, name);
      if (found) return found;
    }
    for (const row of this.q.reexports.all(id) as { specifier: string; names: string }[]) {
      const names = row.names ? row.names.split(",") : [];
      if (!names.includes(name) && !(names.includes("*") && name !== "default")) continue;
      const mod = this.module(file, row.specifier);
      const found = mod ? this.exported(mod, name, depth + 1) : null;
      if (found) return found;
    }
    return null;
  }

  resolve(file: string, ref: Ref): Target | null {
    let segs = ref.name.split(".");
    const root = segs[0]!;
    if (root === "this") return null;
    let t = this.local(file, root);
    const binding = this.facts.get(file)?.imports?.[root];
    if (!t && binding) {
      const mod = this.module(file, binding[0]);
      if (!mod) return null; // an external package
      if (binding[1] === "*") {
        if (segs.length < 2) return { file: mod, line: 1, symbol: null, kind: "module", provenance: "syntax", confidence: 1 };
        segs = segs.slice(1);
        t = this.exported(mod, segs[0]!);
      } else {
        t = this.exported(mod, binding[1]);
      }
    }
    if (!t && !binding) t = this.global(root);
    if (t?.symbol && segs.length > 1) return this.declaration(t.file, `${t.symbol}.${segs.slice(1).join(".")}`) ?? t;
    return t;
  }

  /** The one exported declaration named `name` outside tests (a unique class or interface wins among several). */
  private global(name: string): Target | null {
    const rows = (this.q.global.all(name) as SymbolRow[]).filter((r) => r.name === name);
    if (rows.length === 1) return this.target(rows[0]!.path!, rows[0]!, FALLBACK_CONFIDENCE);
    const types = rows.filter((r) => r.kind === "class" || r.kind === "interface");
    return types.length === 1 ? this.target(types[0]!.path!, types[0]!, FALLBACK_CONFIDENCE) : null;
  }
}
