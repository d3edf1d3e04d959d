// What the checker knows about one file's outgoing references: every identifier that is not
// a declaration's own name, resolved in one batched request and followed through aliases
// (renamed, default and re-exported bindings) to its declarations; every module specifier
// resolved to the file the compiler picked. Each reference is classified by its syntax
// (call, heritage clause, type position, re-export) and located by line.

import { existsSync, writeFileSync } from "node:fs";
import { SymbolFlags, type Project, type Symbol } from "typescript/unstable/async";
import { SyntaxKind } from "typescript/unstable/ast";
import { aliasedBase, heritageExpression } from "./alias-heritage.ts";
import { isQuotedMemberKey, structuralSite, structuralSymbols } from "./structural-refs.ts";
import { surfaceOf, withInferred, type Surface } from "./surface.ts";

export type RefKind = "calls" | "references" | "type_ref" | "extends" | "implements" | "reexports";

export interface DeclTarget {
  /** Absolute path of the declaring file. */
  path: string;
  /** 1-based line of the declaration's name. */
  line: number;
  name: string;
}

export interface FileRefs {
  path: string;
  refs: { line: number; kind: RefKind; target: DeclTarget }[];
  /** Module specifiers resolved to files (absolute paths). */
  modules: { line: number; kind: "imports" | "reexports"; target: string }[];
  /** Module specifiers the compiler could not resolve. */
  unresolved: { specifier: string; line: number }[];
  /** What other files can see of this one (surface.ts): a digest, and whether it can declare globals. */
  surface: Surface;
}

/** The loose shape of the API's remote AST nodes we read. */
interface N {
  kind: number;
  pos: number;
  end: number;
  parent: N | undefined;
  text?: string;
  name?: N;
  expression?: N;
  token?: number;
  typeName?: N;
  right?: N;
  propertyName?: N;
  exportClause?: N;
  body?: N;
  type?: N;
  left?: N;
  initializer?: N;
}

interface RemoteFile extends N {
  nodes: unknown[];
  view: DataView;
  _offsetNodes: number;
  text: string;
  getOrCreateNodeAtIndex(index: number): N;
  getLineAndCharacterOfPosition(pos: number): { line: number; character: number };
  imports: readonly N[];
}

const K = SyntaxKind;
const NODE_LEN = 28;
/** TypeFormatFlags.NoTruncation: an inferred type printed whole, so two different ones never print the same. */
const NO_TRUNCATION = 1;
/** TypeFormatFlags.UseFullyQualifiedType: a type named by where it is declared, so two types of the same name in different modules print differently. */
const FULLY_QUALIFIED = 64;

/** Declarations whose own name is not a reference. */
const NAMED_DECLARATIONS = new Set<number>([
  K.VariableDeclaration, K.FunctionDeclaration, K.ClassDeclaration, K.InterfaceDeclaration, K.TypeAliasDeclaration,
  K.EnumDeclaration, K.EnumMember, K.MethodDeclaration, K.PropertyDeclaration, K.PropertySignature, K.MethodSignature,
  K.Parameter, K.GetAccessor, K.SetAccessor, K.ModuleDeclaration, K.TypeParameter, K.BindingElement,
  K.PropertyAssignment, K.ShorthandPropertyAssignment, K.ImportSpecifier, K.ImportClause, K.NamespaceImport,
  K.ImportEqualsDeclaration, K.NamespaceExport, K.ClassExpression, K.FunctionExpression, K.LabeledStatement,
  K.JsxAttribute, K.NamespaceExportDeclaration,
]);

/** Declarations that bind a local name to something declared elsewhere. */
const ALIAS_BINDINGS = new Set<number>([K.ImportSpecifier, K.ImportClause, K.NamespaceImport, K.ImportEqualsDeclaration, K.NamespaceExport]);

/** Kinds a symbol's declaration handle can point at, for the declaration table of a file. */
const DECLARATION_KINDS = new Set<number>([...NAMED_DECLARATIONS, K.Constructor, K.ExportAssignment, K.ExportSpecifier, K.SourceFile, K.ArrowFunction]);

function kindAt(sf: RemoteFile, index: number): number {
  return sf.view.getUint32(sf._offsetNodes + index * NODE_LEN, true);
}

/** Start of the first token at or after `pos` (skips whitespace and comments). */
export function skipTrivia(text: string, pos: number): number {
  let i = pos;
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13 || c === 0xfeff) i++;
    else if (c === 47 && text.charCodeAt(i + 1) === 47) {
      while (i < text.length && text.charCodeAt(i) !== 10) i++;
    } else if (c === 47 && text.charCodeAt(i + 1) === 42) {
      const close = text.indexOf("*/", i + 2);
      i = close < 0 ? text.length : close + 2;
    } else return i;
  }
}

function isOwnName(node: N, parent: N): boolean {
  const name = parent.name;
  return name !== undefined && name.pos === node.pos && name.end === node.end;
}

/** Lib types mapping another's properties one to one (a property of theirs is, to find-references, the one it maps). */
const MAPPING_TYPES = new Set(["Omit", "Pick", "Partial", "Required", "Readonly"]);

/** Whether `arg` is the first type argument of a mapping lib type whose name is `head`: `X` of `Omit<X, 'k'>`. */
const firstArgOfMapping = (arg: N, head: N | undefined): boolean => head?.kind === K.Identifier && MAPPING_TYPES.has(head.text ?? "") && arg.pos === head.end + 1;

/**
 * The heritage clause of `X` in `interface D extends Omit<X, 'k'>` (the first type argument of a mapping lib type in a
 * heritage clause, through any nesting of them: `Omit<Partial<X>, 'k'>`, `Readonly<Pick<X, 'a'>>`), or null: the compiler
 * joins D's members to X's (find-references from `X.m` reaches `D.m` and its uses), so it is heritage, not a type reference.
 */
function heritageThroughMapped(ref: N): N | null {
  let arg = ref;
  for (let p = arg.parent; p?.kind === K.TypeReference && firstArgOfMapping(arg, p.typeName); p = p.parent) arg = p;
  const clause = arg.parent;
  return clause?.kind === K.ExpressionWithTypeArguments && clause.parent?.kind === K.HeritageClause && firstArgOfMapping(arg, clause.expression) ? clause.parent : null;
}

/** How an identifier is used, from its parents. Null: it declares something (not a reference). */
function classify(node: N): RefKind | null {
  const parent = node.parent;
  if (!parent) return "references";
  if (parent.kind === K.ExportSpecifier) return "reexports";
  if (NAMED_DECLARATIONS.has(parent.kind) && isOwnName(node, parent)) return null;
  let up = node;
  let p: N | undefined = parent;
  // `a.b.C` in `extends a.b.C`, `new a.B()`, `x.method()`: climb property accesses where we are the name
  while (p && p.kind === K.PropertyAccessExpression && p.name?.pos === up.pos && p.name.end === up.end) {
    up = p;
    p = p.parent;
  }
  if (!p) return "references";
  if (p.kind === K.ExpressionWithTypeArguments && p.parent?.kind === K.HeritageClause) {
    return p.parent.token === K.ImplementsKeyword ? "implements" : "extends";
  }
  if ((p.kind === K.CallExpression || p.kind === K.NewExpression || p.kind === K.Decorator) && p.expression?.pos === up.pos && p.expression.end === up.end) return "calls";
  if (p.kind === K.JsxOpeningElement || p.kind === K.JsxSelfClosingElement) return "calls";
  let t: N | undefined = parent;
  while (t && t.kind === K.QualifiedName) t = t.parent;
  const mapped = t && t.kind === K.TypeReference ? heritageThroughMapped(t) : null;
  if (mapped) return mapped.token === K.ImplementsKeyword ? "implements" : "extends";
  if (t && (t.kind === K.TypeReference || t.kind === K.ExpressionWithTypeArguments)) return "type_ref";
  return "references";
}

/** JSDoc's references to a name: `{@link X}`, `{@linkcode X}`, `{@linkplain X}`, `@see X`. */
const JSDOC_REFERENCES = new Set<number>([K.JSDocLink, K.JSDocLinkCode, K.JSDocLinkPlain, K.JSDocNameReference]);

/** Whether the name is (the head of a qualified name) in a JSDoc reference: find-references reads it with every meaning. */
function inJSDocReference(node: N): boolean {
  let p = node.parent;
  while (p && (p.kind === K.QualifiedName || p.kind === K.PropertyAccessExpression)) p = p.parent;
  return p !== undefined && JSDOC_REFERENCES.has(p.kind);
}

/** Declarations that give a symbol a value only, and those that give it a type only (a class, an enum or a namespace gives both). */
const VALUE_ONLY = new Set<number>([K.VariableDeclaration, K.FunctionDeclaration, K.Parameter, K.BindingElement]);
const TYPE_ONLY = new Set<number>([K.InterfaceDeclaration, K.TypeAliasDeclaration, K.TypeParameter]);

/**
 * What a use of a name means, as find-references reads its location (getMeaningFromLocation): a type (a type reference,
 * an interface's `extends`, a class's `implements`), a value (a call, an expression, a class's `extends`), or either (a
 * re-export; a JSDoc link, `{@link ZodType}`). `interface ZodType` and `const ZodType` are one symbol to the checker, but a
 * use of one meaning references only its declarations (zod: `ZodType.init(…)` is no reference of the interface).
 */
function meaningOf(node: N, kind: RefKind): Meaning {
  if (kind === "reexports" || inJSDocReference(node)) return "all";
  // a name in a type query (`typeof ZodIssueCode.invalid_type`, `keyof typeof table`) is a value's use
  let q: N | undefined = node.parent;
  while (q?.kind === K.QualifiedName) q = q.parent;
  if (q?.kind === K.TypeQuery) return "value";
  // the qualifier of a qualified type name (`Opt` of `Opt.Brand`) is a namespace's use
  if (node.parent?.kind === K.QualifiedName && node.parent.left?.pos === node.pos && node.parent.left.end === node.end) return "namespace";
  if (kind === "type_ref" || kind === "implements") return "type";
  if (kind === "extends") {
    let up: N | undefined = node.parent;
    while (up && up.kind !== K.HeritageClause) up = up.parent;
    return up?.parent?.kind === K.InterfaceDeclaration ? "type" : "value";
  }
  return "value";
}

/**
 * How a use reads a merged symbol: as a value, as a type (a whole type name: `T extends Opt`), as a namespace (the
 * qualifier of `Opt.Brand`), or every way.
 */
type Meaning = "value" | "type" | "namespace" | "all";

const [VALUE, TYPE, NAMESPACE] = [1, 2, 4];
const MEANING_BITS: Record<Meaning, number> = { value: VALUE, type: TYPE, namespace: NAMESPACE, all: VALUE | TYPE | NAMESPACE };

/**
 * What a declaration gives its symbol (getMeaningFromDeclaration): a variable or function a value, an interface or type alias a
 * type, a class or enum both, a namespace a namespace — and a value when it is instantiated (holds values: the symbol is a
 * ValueModule; `declare namespace X { interface I }` is not). Any other declaration (an import, a property): every meaning.
 */
function declarationMeaning(kind: number, symbolFlags: number): number {
  if (VALUE_ONLY.has(kind)) return VALUE;
  if (TYPE_ONLY.has(kind)) return TYPE;
  if (kind === K.ClassDeclaration || kind === K.EnumDeclaration) return VALUE | TYPE;
  if (kind === K.ModuleDeclaration) return symbolFlags & SymbolFlags.ValueModule ? NAMESPACE | VALUE : NAMESPACE;
  return VALUE | TYPE | NAMESPACE;
}

/**
 * The declarations a use of `meaning` refers to, as find-references searches from each (getIntersectingMeaningFromDeclarations):
 * a declaration's meaning grows by every merged declaration's that shares one of its meanings, and a use is its reference when
 * the use's meaning is among them. `const ZodType` and `interface ZodType` share none: a value's use is the const's, a type's
 * the interface's; `type Opt` and `namespace Opt`: `T extends Opt` the alias's, the qualifier of `Opt.Brand` the namespace's;
 * a class and an instantiated namespace share the value: `Money.zero`, `Money.Shape` and `new Money()` are both's; a class and
 * a namespace of types alone share none: `Box.Opts` is the namespace's, `new Box()` and `y: Box` the class's.
 */
function ofMeaning<D extends { kind: number }>(declarations: readonly D[], meaning: Meaning, symbolFlags: number): readonly D[] {
  if (meaning === "all" || declarations.length < 2) return declarations;
  const own = declarations.map((d) => declarationMeaning(d.kind, symbolFlags));
  const use = MEANING_BITS[meaning];
  const kept = declarations.filter((_, i) => {
    let searched = own[i]!;
    for (let grown = true; grown; ) {
      grown = false;
      for (const m of own) if (m & searched && (m | searched) !== searched) [searched, grown] = [searched | m, true];
    }
    return (searched & use) !== 0;
  });
  return kept.length ? kept : declarations;
}

interface DeclInfo {
  line: number;
  name: string;
}

export class CheckerWalker {
  /** Per file (absolute path): node index → declaration line and name. */
  private readonly tables = new Map<string, Promise<Map<number, DeclInfo> | null>>();
  private readonly aliases = new Map<number, Promise<Symbol>>();

  constructor(
    readonly project: Project,
    /** Whether an absolute path is a workspace file we record edges to. */
    private readonly inWorkspace: (path: string) => boolean,
    /**
     * Names the workspace declares (the index's symbols). An identifier can only reference a
     * workspace declaration by its name or by a local alias (an import, a renamed
     * destructuring), so other identifiers — locals, parameters, globals — are not sent to
     * the checker. Null resolves every identifier.
     */
    private readonly declaredNames: ReadonlySet<string> | null = null,
  ) {}

  /** Forget a file's declaration table (its content changed). */
  forget(path: string): void {
    this.tables.delete(path);
  }

  private table(path: string, given?: RemoteFile): Promise<Map<number, DeclInfo> | null> {
    let table = this.tables.get(path);
    if (!table) {
      table = (async () => {
        const sf = given ?? ((await this.project.program.getSourceFile(path)) as unknown as RemoteFile | undefined);
        if (!sf) return null;
        const map = new Map<number, DeclInfo>();
        const text = sf.text;
        for (let i = 1; i < sf.nodes.length; i++) {
          if (!DECLARATION_KINDS.has(kindAt(sf, i))) continue;
          const node = sf.getOrCreateNodeAtIndex(i);
          const name = node.name;
          const at = name && name.kind === K.Identifier ? name.end - (name.text?.length ?? 0) : skipTrivia(text, node.pos);
          map.set(i, { line: sf.getLineAndCharacterOfPosition(at).line + 1, name: name?.text ?? (node.kind === K.SourceFile ? "" : "default") });
        }
        return map;
      })();
      this.tables.set(path, table);
    }
    return table;
  }

  /** A symbol with its aliases (imports, re-exports, renames) followed. */
  aliased(symbol: Symbol): Promise<Symbol> {
    let target = this.aliases.get(symbol.id);
    if (!target) {
      target = this.project.checker.getAliasedSymbol(symbol);
      this.aliases.set(symbol.id, target);
    }
    return target;
  }

  /** Where a symbol is declared: its workspace declarations, and whether any lies outside the workspace (libraries, node_modules). */
  async declared(symbol: Symbol): Promise<{ inside: DeclTarget[]; outside: boolean }> {
    return { inside: await this.targets(symbol), outside: symbol.declarations.some((d) => !this.inWorkspace(d.path)) };
  }

  inWorkspacePath(path: string): boolean {
    return this.inWorkspace(path);
  }

  get checker(): Project["checker"] {
    return this.project.checker;
  }

  private async targets(symbol: Symbol, hops = 0, meaning: Meaning = "all"): Promise<DeclTarget[]> {
    const out: DeclTarget[] = [];
    for (const decl of ofMeaning(symbol.declarations, meaning, symbol.flags)) {
      if (!this.inWorkspace(decl.path)) continue;
      const value = (decl.kind === K.ShorthandPropertyAssignment || decl.kind === K.PropertyAssignment) && hops < 4 ? await this.exportedValue(decl) : undefined;
      if (value) {
        out.push(...(await this.targets(value, hops + 1)));
        continue;
      }
      const info = (await this.table(decl.path))?.get(decl.index);
      out.push({ path: decl.path, line: info?.line ?? 0, name: info?.name ?? symbol.name });
    }
    return out;
  }

  /**
   * The value a CommonJS export names (`module.exports = { formatPrice }`, `{ format: formatPrice }`):
   * the checker's declaration of `require("./price").formatPrice` is that property, and the
   * function it stands for is what the importer uses (go-to-definition follows a shorthand to
   * it; the checker resolves the named value). Any other object literal's property declares a
   * property of its own object, not the value's declaration.
   */
  private async exportedValue(decl: Symbol["declarations"][number]): Promise<Symbol | undefined> {
    const node = (await decl.resolve(this.project).catch(() => undefined)) as unknown as N | undefined;
    const assignment = node?.parent?.parent;
    const left = assignment?.kind === K.BinaryExpression ? assignment.left : undefined;
    const isModuleExports = left?.kind === K.PropertyAccessExpression && left.expression?.text === "module" && left.name?.text === "exports";
    if (!node || !isModuleExports) return undefined;
    const checker = this.project.checker;
    const value =
      node.kind === K.ShorthandPropertyAssignment
        ? await checker.getShorthandAssignmentValueSymbol(node as never).catch(() => undefined)
        : node.initializer?.kind === K.Identifier
          ? await checker.getSymbolAtLocation(node.initializer as never).catch(() => undefined)
          : undefined;
    return value && value.flags & SymbolFlags.Alias ? this.aliased(value) : value;
  }

  /** The types of functions whose return types are inferred, printed in full (a body edit that keeps them keeps what importers see). */
  private async inferredTypes(nodes: readonly unknown[]): Promise<string[]> {
    if (!nodes.length) return [];
    const checker = this.project.checker;
    const types = await checker.getTypeAtLocation(nodes as Parameters<Project["checker"]["getTypeAtLocation"]>[0] & unknown[]);
    return Promise.all(types.map((t) => (t ? checker.typeToString(t, undefined, NO_TRUNCATION | FULLY_QUALIFIED) : Promise.resolve("?"))));
  }

  /** The outgoing references of one file of this project, or null when the file is not in its program. */
  async walk(path: string): Promise<FileRefs | null> {
    await failureHook(path);
    const sf = (await this.project.program.getSourceFile(path)) as unknown as RemoteFile | undefined;
    if (!sf) return null;
    void this.table(path, sf);
    const idents: N[] = [];
    const kinds: RefKind[] = [];
    const aliases = new Set<string>();
    const candidates: N[] = [];
    const structural: N[] = [];
    const named = (text: string) => !this.declaredNames || this.declaredNames.has(text) || aliases.has(text);
    for (let i = 2; i < sf.nodes.length; i++) {
      const nodeKind = kindAt(sf, i);
      if (nodeKind === K.StringLiteral) {
        // `T['member']`, `x['member']`: the checker resolves the key to the member
        const node = sf.getOrCreateNodeAtIndex(i);
        if (isQuotedMemberKey(node) && named(node.text ?? "")) {
          idents.push(node);
          kinds.push("references");
        }
        continue;
      }
      // `this.#fetch()`: a private name is a reference as an identifier is
      if (nodeKind !== K.Identifier && nodeKind !== K.PrivateIdentifier) continue;
      const node = sf.getOrCreateNodeAtIndex(i);
      const parent = node.parent;
      // local aliases: import bindings and renamed destructurings (`const { a: b } = require(…)`)
      if (parent && (ALIAS_BINDINGS.has(parent.kind) || (parent.kind === K.BindingElement && parent.propertyName)) && isOwnName(node, parent)) aliases.add(node.text ?? "");
      candidates.push(node);
    }
    for (const node of candidates) {
      const text = node.text ?? "";
      if (!named(text) && node.parent?.kind !== K.ExportSpecifier) continue;
      const kind = classify(node);
      if (kind === null) {
        if (structuralSite(node)) structural.push(node);
        continue;
      }
      idents.push(node);
      kinds.push(kind);
    }
    const specs = sf.imports.filter((n) => n.kind === K.StringLiteral || n.kind === K.NoSubstitutionTemplateLiteral);
    const all = [...idents, ...specs];
    const symbols: (Symbol | undefined)[] = all.length ? await this.project.checker.getSymbolAtLocation(all as unknown as Parameters<Project["checker"]["getSymbolAtLocation"]>[0] & unknown[]) : [];
    const lineOf = (node: N) => sf.getLineAndCharacterOfPosition(skipTrivia(sf.text, node.pos)).line + 1;
    const parsed = surfaceOf(sf, (i) => kindAt(sf, i), path);
    const result: FileRefs = { path, refs: [], modules: [], unresolved: [], surface: parsed };
    const inferred = this.inferredTypes(parsed.inferred).then((printed) => {
      result.surface = withInferred(parsed, printed);
    });
    const pending: Promise<void>[] = [];
    for (let i = 0; i < idents.length; i++) {
      const symbol = symbols[i];
      if (!symbol) continue;
      const node = idents[i]!;
      const kind = kinds[i]!;
      pending.push(
        (async () => {
          const target = symbol.flags & SymbolFlags.Alias ? await this.aliased(symbol) : symbol;
          for (const t of await this.targets(target, 0, meaningOf(node, kind))) result.refs.push({ line: lineOf(node), kind, target: t });
          // a clause naming a type alias: the classes and interfaces it stands for are the heritage find-references follows
          const clause = (kind === "extends" || kind === "implements") && target.flags & SymbolFlags.TypeAlias ? heritageExpression(node) : null;
          const base = clause ? await aliasedBase(this.project.checker, clause) : null;
          if (base) for (const t of await this.targets(base, 0, "type")) result.refs.push({ line: lineOf(node), kind, target: t });
        })(),
      );
    }
    for (let j = 0; j < specs.length; j++) {
      const node = specs[j]!;
      const symbol = symbols[idents.length + j];
      // `export * from` (and `export * as ns from`) re-exports the whole module; `export { x } from` re-exports names (symbol edges)
      const parent = node.parent;
      const star = parent?.kind === K.ExportDeclaration && (!parent.exportClause || parent.exportClause.kind === K.NamespaceExport);
      const kind = star ? "reexports" : "imports";
      const file = symbol?.declarations.find((d) => d.kind === K.SourceFile)?.path;
      if (file) {
        if (this.inWorkspace(file) && file !== path) result.modules.push({ line: lineOf(node), kind, target: file });
      } else if (!symbol) result.unresolved.push({ specifier: node.text ?? "", line: lineOf(node) });
    }
    const structuralDone = structuralSymbols(this.project.checker, structural).then(async (found) => {
      for (let i = 0; i < structural.length; i++) {
        for (const symbol of found[i] ?? []) {
          const target = symbol.flags & SymbolFlags.Alias ? await this.aliased(symbol) : symbol;
          for (const t of await this.targets(target)) result.refs.push({ line: lineOf(structural[i]!), kind: "references", target: t });
        }
      }
    });
    await Promise.all([...pending, inferred, structuralDone]);
    result.refs.sort((a, b) => a.line - b.line || a.kind.localeCompare(b.kind) || a.target.path.localeCompare(b.target.path) || a.target.line - b.target.line);
    return result;
  }
}

/**
 * Tests only: the checker failing on one file, as a compiler exception on a file it cannot
 * handle would (`SVC_TEST_WALK_THROW=<absolute path>`; with `SVC_TEST_WALK_THROW_ONCE=<marker
 * file>` only while the marker does not exist, creating it); or stuck on it, as a checker that
 * never answers would (`SVC_TEST_WALK_STALL=<absolute path>`, with the same `_ONCE` marker:
 * the walk makes no progress until the engine is stopped).
 */
async function failureHook(path: string): Promise<void> {
  if (process.env.SVC_TEST_WALK_STALL === path && once()) await new Promise<never>(() => undefined);
  if (process.env.SVC_TEST_WALK_THROW !== path || !once()) return;
  throw new Error(`test: the checker failed on ${path}`);
}

/** Whether a test hook fires this time: always, or with SVC_TEST_WALK_THROW_ONCE only until its marker file exists. */
function once(): boolean {
  const marker = process.env.SVC_TEST_WALK_THROW_ONCE;
  if (!marker) return true;
  if (existsSync(marker)) return false;
  writeFileSync(marker, "");
  return true;
}
