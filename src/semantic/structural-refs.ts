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

import { TypeFlags, type Checker, type Symbol, type Type, type UnionType } from "typescript/unstable/async";
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
  /** An object literal's members, a JSX element's attributes. */
  properties?: Iterable<StructuralNode>;
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

/** Unions of more members than this are not discriminated (each member costs requests): every member's property counts. */
const MAX_DISCRIMINATED = 64;

/** The compiler's isLiteralType: boolean, a unit type (a literal, undefined, null, an enum member) or a union of them. */
async function literalType(type: Type | undefined): Promise<boolean> {
  if (!type) return false;
  if (type.flags & TypeFlags.Boolean) return true;
  if (!type.isUnionType()) return (type.flags & TypeFlags.Unit) !== 0;
  return ((await type.getTypes()) ?? []).every((t) => (t.flags & TypeFlags.Unit) !== 0);
}

/**
 * The members of a union contextual type an object literal can be, as find-references picks them (the compiler's
 * isTypeInvalidDueToUnionDiscriminant): not one whose property of a literal type the literal's same-named property
 * does not fit (`{ type: '@xstate.action', … }` is not an `InspectedSnapshotEvent` with `type: '@xstate.snapshot'`).
 */
async function discriminated(checker: Checker, union: UnionType, literal: StructuralNode): Promise<Type[]> {
  const parts = [...((await union.getTypes()) ?? [])];
  if (parts.length > MAX_DISCRIMINATED) return parts;
  const members = [...(literal.properties ?? [])].filter((p) => p.name && (p.name.kind === K.Identifier || p.name.kind === K.StringLiteral || p.name.kind === K.NumericLiteral));
  if (!members.length) return parts;
  const values = await checker.getTypeAtLocation(members.map((p) => p.name) as never[]);
  const fits = await Promise.all(
    parts.map(async (part) => {
      for (let i = 0; i < members.length; i++) {
        const value = values[i];
        const property = await checker.getPropertyOfType(part, members[i]?.name?.text ?? "");
        if (!value || !property) continue;
        const expected = await checker.getTypeOfSymbol(property);
        if (expected && (await literalType(expected)) && !(await checker.isTypeAssignableTo(value, expected))) return false;
      }
      return true;
    }),
  );
  return parts.filter((_, i) => fits[i]);
}

/** An object literal's (or JSX attributes') property `name` against its contextual type, discriminated as find-references does it. */
async function literalProperties(checker: Checker, type: Type | undefined, literal: StructuralNode, valid: () => Promise<Type[]>, name: string): Promise<Symbol[]> {
  if (!type?.isUnionType()) return propertiesNamed(checker, type, name);
  const parts = (await type.getTypes()) ?? [];
  const found = (await Promise.all((await valid()).map((t) => checker.getPropertyOfType(t, name)))).filter((s): s is Symbol => s !== undefined);
  // none fits or every member does: the union's property (every member's) — else only the members the literal can be
  if (!found.length || found.length === parts.length) return propertiesNamed(checker, type, name);
  return [...new Set(found)];
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
  const fitting = new Map<string, Promise<Type[]>>();
  const valid = (container: StructuralNode, union: UnionType): Promise<Type[]> => {
    const key = `${container.kind}:${container.pos}:${container.end}`;
    let v = fitting.get(key);
    if (!v) {
      v = discriminated(checker, union, container).catch(async () => [...((await union.getTypes()) ?? [])]);
      fitting.set(key, v);
    }
    return v;
  };
  return Promise.all(
    nodes.map(async (node) => {
      const site = structuralSite(node)!;
      const member = node.parent!;
      const container = member.parent!;
      const name = node.text ?? "";
      const type = await containerType(container, site);
      const out = await (site === "literal" ? literalProperties(checker, type, container, () => valid(container, type as UnionType), name) : propertiesNamed(checker, type, name)).catch(() => [] as Symbol[]);
      if (member.kind === K.ShorthandPropertyAssignment) {
        const value = await checker.getShorthandAssignmentValueSymbol(member as never).catch(() => undefined);
        if (value) out.push(value);
      }
      return out;
    }),
  );
}
