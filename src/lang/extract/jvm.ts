// A table-driven walker for the class-based languages (Java, Scala, Kotlin, C#, Swift,
// PHP): each language lists which node kinds declare what, how to find a node's names
// and body, and its visibility defaults; the walker recurses through type bodies only.
// Java and Scala tables live here; the others in their own files.

import type { SgNode } from "@ast-grep/napi";
import { extend, isComment, kindOf, nameOf, spanOf, spanOrNull, type Name, type Outline, type Scope, type Span } from "./core.ts";
import { TYPE_KINDS, type Decl, type DeclKind, type Visibility } from "../model.ts";

export interface Parts {
  names: Name[];
  body: SgNode | null;
  /** Explicit body extent when the grammar has no body node. */
  bodySpan?: Span | null;
}

export interface ClassSpec {
  /** Node kind → declared kind; a function decides from the modifier/keyword prefix before the name (and the name). */
  kinds: Record<string, DeclKind | ((prefix: string, name: string) => DeclKind | null)>;
  /** Nodes whose children are walked as if they were the container's (enum body sections, modifiers lists…). */
  transparent?: ReadonlySet<string>;
  /** Sibling nodes that attach to the next declaration (attributes). */
  attributes?: ReadonlySet<string>;
  parts(o: Outline, node: SgNode, kind: string): Parts;
  /** Visibility from the prefix text; `container` is the enclosing kind (null at top level). */
  visibility(prefix: string, container: DeclKind | null): Visibility;
  /** Exported rule; default: public at top level, public/protected inside an exported type. */
  exported?(visibility: Visibility, scope: Scope, container: DeclKind | null): boolean;
  /** Node kinds that stay `const` inside types (PHP class constants); other values become properties there. */
  constants?: ReadonlySet<string>;
  /** Bodiless declarations that scope the siblings after them (C# `namespace X;`, PHP `namespace X;`). */
  scoping?: ReadonlySet<string>;
  /** Declarations contributed by the node besides itself (Kotlin `val` constructor parameters…). */
  after?(o: Outline, node: SgNode, decl: Decl): void;
}

export interface Container {
  scope: Scope;
  kind: DeclKind | null;
}

export function defaultExported(visibility: Visibility, scope: Scope, container: DeclKind | null): boolean {
  if (container === null) return visibility === "public";
  return scope.exported && (visibility === "public" || visibility === "protected");
}

/** Functions become methods inside types; values become properties/fields there. */
function adjust(kind: DeclKind, container: DeclKind | null): DeclKind {
  const inType = container !== null && TYPE_KINDS.has(container);
  if (kind === "function" && inType) return "method";
  if (kind === "method" && !inType) return "function";
  if ((kind === "const" || kind === "variable") && inType) return "property";
  return kind;
}

const RECURSE = new Set<DeclKind>([...TYPE_KINDS, "namespace", "module"]);

export function walkMembers(spec: ClassSpec, o: Outline, parent: SgNode, at: Container): void {
  let attrs: Span | null = null;
  for (const node of parent.namedChildren()) {
    const kind = kindOf(node);
    if (spec.attributes?.has(kind)) {
      attrs ??= spanOf(node);
      continue;
    }
    if (isComment(kind)) continue;
    if (spec.transparent?.has(kind)) walkMembers(spec, o, node, at);
    else {
      const decl = declaration(spec, o, node, kind, at, attrs);
      if (decl && decl.bodyStart === undefined && spec.scoping?.has(kind)) {
        // `namespace X;` extends to the end of the enclosing node and owns the siblings after it
        const outer = spanOf(parent);
        decl.end = outer.end;
        decl.endLine = outer.endLine;
        at = { scope: { container: decl.qualifiedName, exported: decl.exported }, kind: decl.kind };
      }
    }
    attrs = null;
  }
}

export function declaration(spec: ClassSpec, o: Outline, node: SgNode, kind: string, at: Container, attrs: Span | null): Decl | null {
  const rule = spec.kinds[kind];
  if (!rule) return null;
  const parts = spec.parts(o, node, kind);
  const own = spanOf(node);
  const body = parts.bodySpan !== undefined ? parts.bodySpan : spanOrNull(parts.body);
  let last: Decl | null = null;
  for (const name of parts.names) {
    const prefix = o.prefix(own.start, name.start);
    const declared = typeof rule === "function" ? rule(prefix, name.text) : rule;
    if (!declared) continue;
    const visibility = spec.visibility(prefix, at.kind);
    const exported = (spec.exported ?? defaultExported)(visibility, at.scope, at.kind);
    const declKind = declared === "const" && spec.constants?.has(kind) ? declared : adjust(declared, at.kind);
    const callable = declKind === "function" || declKind === "method" || declKind === "constructor" || declKind === "accessor";
    last = o.add({
      kind: declKind,
      name: name.text,
      scope: at.scope,
      span: extend(own, attrs),
      sigStart: own.start,
      body: callable || RECURSE.has(declKind) ? body : null,
      // abstract methods keep their whole header; values show a short initializer
      sigMode: callable ? "code" : "value",
      exported,
      visibility,
    });
    spec.after?.(o, node, last);
    if (parts.body && RECURSE.has(declKind)) {
      walkMembers(spec, o, parts.body, { scope: { container: last.qualifiedName, exported: last.exported }, kind: declKind });
    }
  }
  return last;
}

/** Names/body from the grammar's `name` and `body` fields. */
export function fieldParts(o: Outline, node: SgNode): Parts {
  const name = nameOf(o.src, node.field("name"));
  return { names: name ? [name] : [], body: node.field("body") };
}

function keywordVisibility(prefix: string): Visibility | null {
  const m = /(?:^|\s)(public|private|protected|internal)\b/.exec(prefix);
  return (m?.[1] as Visibility | undefined) ?? null;
}

// ---- Java ----

const javaDeclarators = (o: Outline, node: SgNode): Parts => ({
  names: node
    .fieldChildren("declarator")
    .map((d) => nameOf(o.src, d.field("name")))
    .filter((n): n is Name => n !== null),
  body: null,
});

export const JAVA: ClassSpec = {
  kinds: {
    class_declaration: "class",
    interface_declaration: "interface",
    enum_declaration: "enum",
    record_declaration: "record",
    annotation_type_declaration: "interface",
    method_declaration: "method",
    annotation_type_element_declaration: "method",
    constructor_declaration: "constructor",
    compact_constructor_declaration: "constructor",
    field_declaration: "field",
    constant_declaration: "field",
    enum_constant: "enum_member",
  },
  transparent: new Set(["enum_body_declarations"]),
  parts(o, node, kind) {
    if (kind === "field_declaration" || kind === "constant_declaration") return javaDeclarators(o, node);
    if (kind === "enum_constant") return { names: [nameOf(o.src, node.field("name"))!].filter(Boolean), body: null };
    return fieldParts(o, node);
  },
  visibility(prefix, container) {
    return keywordVisibility(prefix) ?? (container === "interface" || container === "enum" ? "public" : "package");
  },
};

// ---- Scala ----

export const SCALA: ClassSpec = {
  kinds: {
    class_definition: "class",
    object_definition: "object",
    trait_definition: "trait",
    enum_definition: "enum",
    function_definition: "function",
    function_declaration: "function",
    val_definition: (prefix) => (/\bval\s*$/.test(prefix) ? "const" : "variable"),
    val_declaration: "const",
    var_definition: "variable",
    var_declaration: "variable",
    type_definition: "type",
    simple_enum_case: "enum_member",
    full_enum_case: "enum_member",
  },
  transparent: new Set(["enum_case_definitions"]),
  parts(o, node, kind) {
    if (kind === "val_definition" || kind === "var_definition" || kind === "val_declaration" || kind === "var_declaration") {
      const pattern = node.field("pattern") ?? node.field("name");
      const name = pattern && kindOf(pattern) === "identifier" ? nameOf(o.src, pattern) : null;
      return { names: name ? [name] : [], body: null };
    }
    return fieldParts(o, node);
  },
  visibility(prefix) {
    const m = /(?:^|\s)(private|protected)\b/.exec(prefix);
    return (m?.[1] as Visibility | undefined) ?? "public";
  },
};
