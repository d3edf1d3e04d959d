// References the compiler makes by structure rather than by a name it resolves on its own:
// a property written in an object literal (`{ enabled: true }` passed where `Options` is
// expected; a method `getItem() {}` or a shorthand `{ helper }`), a name destructured from a
// value (`const { subscribe } = store`) and a quoted key of an indexed access
// (`StoreApi<T>['subscribe']`, `store['subscribe']`), and a JSX attribute (`<button onClick={…}>`: a
// property of the element's props). getSymbolAtLocation answers none of them
// with the member they stand for (an object literal's own property, a local binding), so the
// walk asks the checker the way findReferences does: the object literal's contextual type,
// the binding pattern's type, the shorthand's value. Without them an answer about a member
// would say "checker-complete" while every object literal implementing it goes unlisted.

import type { Checker, Symbol, Type } from "typescript/unstable/async";
import { SyntaxKind } from "typescript/unstable/ast";

const K = SyntaxKind;

/** The loose shape of a remote AST node the walk reads. */
export interface StructuralNode {
  kind: number;
  pos: number;
  end: number;
  parent: StructuralNode | undefined;
  text?: string;
  name?: StructuralNode;
  propertyName?: StructuralNode;
  indexType?: StructuralNode;
  argumentExpression?: StructuralNode;
}

const OBJECT_LITERAL_MEMBERS = new Set<number>([K.PropertyAssignment, K.ShorthandPropertyAssignment, K.MethodDeclaration, K.GetAccessor, K.SetAccessor]);

const same = (a: StructuralNode | undefined, b: StructuralNode): boolean => a !== undefined && a.pos === b.pos && a.end === b.end;

/** Where an identifier (the own name of its parent) stands for a member of another type: an object literal's property or a destructured name; null otherwise. */
export function structuralSite(node: StructuralNode): "literal" | "binding" | null {
  const parent = node.parent;
  if (!parent || !same(parent.name, node)) return null;
  if (OBJECT_LITERAL_MEMBERS.has(parent.kind) && parent.parent?.kind === K.ObjectLiteralExpression) return "literal";
  // `<button onClick={…}>`: an attribute is a property of the element's props, the attributes' contextual type
  if (parent.kind === K.JsxAttribute && parent.parent?.kind === K.JsxAttributes) return "literal";
  if (parent.kind === K.BindingElement && !parent.propertyName && parent.parent?.kind === K.ObjectBindingPattern) return "binding";
  return null;
}

/** Whether a string literal is the key of an indexed access (`T['k']`, `x['k']`): getSymbolAtLocation resolves it to the member. */
export function isQuotedMemberKey(node: StructuralNode): boolean {
  const parent = node.parent;
  if (!parent) return false;
  if (parent.kind === K.ElementAccessExpression) return same(parent.argumentExpression, node);
  return parent.kind === K.LiteralType && parent.parent?.kind === K.IndexedAccessType && same(parent.parent.indexType, parent);
}

/** A property of `type` named `name`: of the type, or of each member of a union (`Options | undefined`, `A | B`). */
async function propertiesNamed(checker: Checker, type: Type | undefined, name: string): Promise<Symbol[]> {
  if (!type) return [];
  const direct = await checker.getPropertyOfType(type, name);
  if (direct) return [direct];
  if (!type.isUnionType()) return [];
  const parts = (await type.getTypes()) ?? [];
  const found = await Promise.all(parts.map((t) => checker.getPropertyOfType(t, name)));
  return found.filter((s): s is Symbol => s !== undefined);
}

/**
 * The symbols each structural identifier (`structuralSite` not null) refers to, in order: the
 * contextual type's property for an object-literal member (and the value for a shorthand), the
 * pattern type's property for a destructured name. One request per object literal and pattern.
 */
export async function structuralSymbols(checker: Checker, nodes: readonly StructuralNode[]): Promise<Symbol[][]> {
  const typeOf = new Map<string, Promise<Type | undefined>>();
  const containerType = (container: StructuralNode, site: "literal" | "binding"): Promise<Type | undefined> => {
    const key = `${container.kind}:${container.pos}:${container.end}`;
    let t = typeOf.get(key);
    if (!t) {
      const request = site === "literal" ? checker.getContextualType(container as never) : checker.getTypeAtLocation(container as never);
      t = request.catch(() => undefined);
      typeOf.set(key, t);
    }
    return t;
  };
  return Promise.all(
    nodes.map(async (node) => {
      const site = structuralSite(node)!;
      const member = node.parent!;
      const container = member.parent!;
      const name = node.text ?? "";
      const out = await propertiesNamed(checker, await containerType(container, site), name).catch(() => [] as Symbol[]);
      if (member.kind === K.ShorthandPropertyAssignment) {
        const value = await checker.getShorthandAssignmentValueSymbol(member as never).catch(() => undefined);
        if (value) out.push(value);
      }
      return out;
    }),
  );
}
