// Questions about positions of one file, answered by the checker in a few batched calls:
// which declaration the expression at a position refers to (aliases and type aliases
// followed), the declaration of its type, the names of its type (base classes and
// interfaces included), its string-literal value; and which file each module specifier
// resolves to. The wiring pass asks them (src/wiring/checker/) about its facts' names.

import { TypeFlags, type Symbol, type Type } from "typescript/unstable/async";
import { SymbolFlags } from "typescript/unstable/async";
import { SyntaxKind } from "typescript/unstable/ast";
import type { CheckerWalker } from "./checker-walk.ts";
import { lineStarts } from "../text/lines.ts";

/** decl: the declaration the expression refers to; typedecl: the declaration of its type; type: its type's names; value: its string-literal value. */
export type Ask = "decl" | "typedecl" | "type" | "value";

export interface PositionQuestion {
  ask: Ask;
  /** 1-based line and 0-based UTF-16 column where a (dotted) expression starts; its last name is asked about. */
  line: number;
  col: number;
  /** Read only this many names of the expression (`app` of `app.get`); all when absent. */
  names?: number;
}

export interface PositionAnswer {
  /** The dotted expression read at the position, whitespace removed (`handlers.getOrder`). */
  e: string;
  /** decl/typedecl: a workspace declaration [root-relative path, line of its name, its name]. */
  d?: [string, number, string];
  /** decl/typedecl: declared only outside the workspace (a library, node_modules). */
  x?: 1;
  /** type: the type's names, own first, then its base types (empty: any, unknown or unresolved — not answered). */
  t?: string[];
  /** value: the string-literal value. */
  v?: string;
}

export interface FileAnswers {
  /** By `${ask}:${line}:${col}`; a question the checker had nothing for is absent. */
  a: Record<string, PositionAnswer>;
  /** Module specifier → root-relative file, or null when it resolves outside the workspace. Unresolved specifiers are absent. */
  m: Record<string, string | null>;
}

export const answerKey = (q: PositionQuestion): string => `${q.ask}:${q.line}:${q.col}`;

interface RemoteFile {
  text: string;
  imports: readonly { kind: number; text?: string }[];
}

const DOTTED = /^(?:[A-Za-z_$][\w$]*)(?:\s*\??\.\s*[A-Za-z_$][\w$]*)*/;
const MAX_BASE_DEPTH = 6;

/** The dotted expression at an offset (its first `names` names) and the offset of its last name. */
function expressionAt(text: string, offset: number, names?: number): { e: string; last: number } | null {
  const m = DOTTED.exec(text.slice(offset, offset + 300));
  if (!m) return null;
  let raw = m[0];
  const segs = raw.split(".");
  if (names !== undefined && segs.length > names) raw = segs.slice(0, names).join(".").replace(/\s*\??\s*$/, "");
  const dot = Math.max(raw.lastIndexOf("."), -1);
  let last = dot + 1;
  while (last < raw.length && /\s/.test(raw[last]!)) last++;
  return { e: raw.replace(/\s+/g, "").replace(/\?\./g, "."), last: offset + last };
}

export async function answerPositions(
  walker: CheckerWalker,
  path: string,
  questions: readonly PositionQuestion[],
  specifiers: readonly string[],
  rel: (abs: string) => string,
): Promise<FileAnswers | null> {
  const sf = (await walker.project.program.getSourceFile(path)) as unknown as RemoteFile | undefined;
  if (!sf) return null;
  const checker = walker.checker;
  const out: FileAnswers = { a: {}, m: {} };
  const starts = lineStarts(sf.text);
  const located: { q: PositionQuestion; e: string; at: number }[] = [];
  for (const q of questions) {
    const start = starts[q.line - 1];
    if (start === undefined) continue;
    const found = expressionAt(sf.text, start + q.col, q.names);
    if (found) located.push({ q, e: found.e, at: found.last });
  }
  const bySymbol = located.filter((l) => l.q.ask === "decl");
  const byType = located.filter((l) => l.q.ask !== "decl");
  const [symbols, types] = await Promise.all([
    bySymbol.length ? checker.getSymbolAtPosition(path, bySymbol.map((l) => l.at)) : Promise.resolve([]),
    byType.length ? checker.getTypeAtPosition(path, byType.map((l) => l.at)) : Promise.resolve([]),
  ]);
  const declAnswer = async (symbol: Symbol | undefined, e: string): Promise<PositionAnswer | null> => {
    if (!symbol) return null;
    let target = symbol.flags & SymbolFlags.Alias ? await walker.aliased(symbol) : symbol;
    if (target.flags & SymbolFlags.TypeAlias) {
      // `type Repo = IOrderRepo`: the named type behind the alias
      const declared = await checker.getDeclaredTypeOfSymbol(target);
      const behind = declared.isErrorType() ? undefined : await declared.getSymbol();
      if (behind && behind.declarations.length) target = behind;
    }
    const { inside, outside } = await walker.declared(target);
    const first = inside[0];
    if (first) return { e, d: [rel(first.path), first.line, first.name] };
    return outside ? { e, x: 1 } : null;
  };
  await Promise.all([
    ...bySymbol.map(async (l, i) => {
      const answer = await declAnswer(symbols[i], l.e);
      if (answer) out.a[answerKey(l.q)] = answer;
    }),
    ...byType.map(async (l, i) => {
      const type = types[i];
      if (!type || type.flags & TypeFlags.AnyOrUnknown || type.isErrorType()) return;
      let answer: PositionAnswer | null = null;
      if (l.q.ask === "value") answer = type.isStringLiteralType() ? { e: l.e, v: String(type.value) } : null;
      else if (l.q.ask === "type") {
        const names = await typeNames(walker, type, 0);
        answer = names.length ? { e: l.e, t: [...new Set(names)] } : null;
      } else answer = await declAnswer(await type.getSymbol(), l.e);
      if (answer) out.a[answerKey(l.q)] = answer;
    }),
    moduleAnswers(walker, sf, specifiers, rel, out.m),
  ]);
  // The answers arrive in whatever order the checker finishes them: store them in key order, so a rebuild stores the same bytes.
  return { a: sortedByKey(out.a), m: sortedByKey(out.m) };
}

function sortedByKey<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)));
}

/** The names of a type: its symbol's (or alias's) name, then those of its base classes and interfaces; union and intersection members each. */
async function typeNames(walker: CheckerWalker, type: Type, depth: number): Promise<string[]> {
  if (depth > MAX_BASE_DEPTH || type.flags & TypeFlags.AnyOrUnknown || type.isErrorType()) return [];
  if (type.isUnionType() || type.isIntersectionType()) {
    const parts = (await type.getTypes()) ?? [];
    return (await Promise.all(parts.map((t) => typeNames(walker, t, depth + 1)))).flat();
  }
  const symbol = (await type.getSymbol()) ?? (await type.getAliasSymbol());
  const names = symbol && !symbol.name.startsWith("__") ? [symbol.name] : [];
  const target = type.isTypeReference() ? await type.getTarget() : type;
  if (target.isClassOrInterface()) {
    for (const base of await walker.checker.getBaseTypes(target)) names.push(...(await typeNames(walker, base, depth + 1)));
  }
  return names;
}

async function moduleAnswers(walker: CheckerWalker, sf: RemoteFile, specifiers: readonly string[], rel: (abs: string) => string, into: Record<string, string | null>): Promise<void> {
  if (!specifiers.length) return;
  const wanted = new Set(specifiers);
  const nodes = sf.imports.filter((n) => (n.kind === SyntaxKind.StringLiteral || n.kind === SyntaxKind.NoSubstitutionTemplateLiteral) && wanted.has(n.text ?? ""));
  const seen = new Map<string, (typeof nodes)[number]>();
  for (const n of nodes) if (!seen.has(n.text ?? "")) seen.set(n.text ?? "", n);
  const list = [...seen.values()];
  if (!list.length) return;
  const symbols = await walker.checker.getSymbolAtLocation(list as unknown as Parameters<CheckerWalker["checker"]["getSymbolAtLocation"]>[0] & unknown[]);
  list.forEach((node, i) => {
    const file = symbols[i]?.declarations.find((d) => d.kind === SyntaxKind.SourceFile)?.path;
    if (file) into[node.text ?? ""] = walker.inWorkspacePath(file) ? rel(file) : null;
  });
}
