// Heritage through a type alias: `interface ZodJSONSchemaInternals extends _ZodJSONSchemaInternals` with
// `type _ZodJSONSchemaInternals = _ZodJSONSchema["_zod"]` (an indexed access), `type _ZodJSONSchema = ZodUnion<…>`
// (an instantiation). The clause names the alias; the compiler's heritage is the type the alias
// stands for, and find-references joins the heir's members to that type's (from `$ZodUnionInternals.output`, zod's
// `ZodJSONSchemaInternals.output`). The walk records the alias as written and, through this, the classes and
// interfaces it resolves to, so the members' answers list the heir (satisfied.ts, member-gaps.ts).

import { SymbolFlags, type Checker, type Symbol } from "typescript/unstable/async";
import { SyntaxKind } from "typescript/unstable/ast";

const K = SyntaxKind;

/** The loose shape of a remote AST node the walk reads. */
interface HeritageNode {
  kind: number;
  pos: number;
  end: number;
  parent: HeritageNode | undefined;
  name?: HeritageNode;
}

/** The `Alias<…>` of a heritage clause a name in it belongs to (`ns.Alias` climbed), or null. */
export function heritageExpression(node: HeritageNode): HeritageNode | null {
  let up = node;
  let p = node.parent;
  while (p && p.kind === K.PropertyAccessExpression && p.name?.pos === up.pos && p.name.end === up.end) {
    up = p;
    p = p.parent;
  }
  return p?.kind === K.ExpressionWithTypeArguments && p.parent?.kind === K.HeritageClause ? p : null;
}

const HERITABLE = SymbolFlags.Class | SymbolFlags.Interface;

/**
 * The class or interface a heritage clause naming a type alias resolves to, as find-references climbs it (the type's
 * own symbol when that is a class or interface: not an intersection's parts, not a mapped type's), or null.
 */
export async function aliasedBase(checker: Checker, clause: HeritageNode): Promise<Symbol | null> {
  const type = await checker.getTypeAtLocation(clause as never).catch(() => undefined);
  const symbol = await type?.getSymbol().catch(() => undefined);
  return symbol && symbol.flags & HERITABLE ? symbol : null;
}
