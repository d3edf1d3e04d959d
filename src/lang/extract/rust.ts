// Rust: struct/union (+ named fields), enum (+ variants), trait (+ its fns/consts/types),
// impl blocks (kind impl named by the implementing type; their fns are methods with that
// container), functions, mod (namespace, recursed), const/static, type aliases,
// macro_rules. `#[…]` attributes belong to the item they precede. Exported = plain `pub`
// (inside an exported container); `pub(crate|super|in …)` is internal, no `pub` private.

import type { SgNode } from "@ast-grep/napi";
import { extend, isComment, kindOf, nameOf, spanOf, spanOrNull, type Outline, type Scope, type Span } from "./core.ts";
import type { DeclKind, Visibility } from "../model.ts";

/** Where items sit: module level, inside a trait, an inherent impl or a trait impl. */
type Where = "mod" | "trait" | "impl" | "trait-impl";

interface Rs {
  o: Outline;
  /** Visibility of the types declared so far, by qualified name (for impl blocks). */
  types: Map<string, Visibility>;
}

export function extractRust(o: Outline, root: SgNode): void {
  items({ o, types: new Map() }, root, { container: null, exported: true }, "mod");
}

function items(rs: Rs, parent: SgNode, scope: Scope, where: Where): void {
  let attrs: Span | null = null;
  for (const node of parent.namedChildren()) {
    const kind = kindOf(node);
    if (kind === "attribute_item") {
      attrs ??= spanOf(node);
      continue;
    }
    if (isComment(kind)) continue;
    item(rs, node, kind, scope, where, attrs);
    attrs = null;
  }
}

export function rustVisibility(prefix: string): Visibility {
  const m = /(?:^|\s)pub\b\s*(?:\(\s*([^)]*)\))?/.exec(prefix);
  if (!m) return "private";
  const restriction = m[1]?.trim();
  if (!restriction) return "public";
  return restriction === "self" ? "private" : "internal";
}

const KINDS: Record<string, DeclKind> = {
  function_item: "function",
  function_signature_item: "function",
  struct_item: "struct",
  union_item: "struct",
  enum_item: "enum",
  trait_item: "trait",
  mod_item: "namespace",
  const_item: "const",
  static_item: "const",
  type_item: "type",
  associated_type: "type",
  macro_definition: "macro",
};

function item(rs: Rs, node: SgNode, kind: string, scope: Scope, where: Where, attrs: Span | null): void {
  if (kind === "impl_item") return impl(rs, node, scope, attrs);
  if (kind === "foreign_mod_item") {
    const body = node.field("body");
    if (body) items(rs, body, scope, where);
    return;
  }
  let declKind = KINDS[kind];
  if (!declKind) return;
  const { o } = rs;
  const name = nameOf(o.src, node.field("name"));
  if (!name) return;
  const own = spanOf(node);
  const inherited = where === "trait" || where === "trait-impl";
  const visibility = inherited ? "public" : rustVisibility(o.prefix(own.start, name.start));
  if (declKind === "function" && where !== "mod") declKind = "method";
  if (kind === "static_item" && /\bmut\s*$/.test(o.src.slice(own.start, name.start))) declKind = "variable";
  const body = declKind === "const" || declKind === "variable" || declKind === "type" || declKind === "macro" ? null : node.field("body");
  const decl = o.add({
    kind: declKind,
    name: name.text,
    scope,
    span: extend(own, attrs),
    sigStart: own.start,
    // `macro_rules! name { … }`: the rules are its body
    sigEnd: declKind === "macro" ? name.end : undefined,
    body: declKind === "macro" ? macroRules(o, name.end, own) : spanOrNull(body),
    sigMode: "value",
    exported: scope.exported && visibility === "public",
    visibility,
  });
  if (declKind === "struct" || declKind === "enum" || declKind === "trait" || declKind === "type") {
    rs.types.set(decl.qualifiedName, visibility);
  }
  if (!body) return;
  const inner: Scope = { container: decl.qualifiedName, exported: decl.exported };
  if (declKind === "namespace") items(rs, body, inner, "mod");
  else if (declKind === "trait") items(rs, body, inner, "trait");
  else if (declKind === "struct" && kindOf(body) === "field_declaration_list") fields(rs, body, inner);
  else if (declKind === "enum") variants(rs, body, inner);
}

function macroRules(o: Outline, nameEnd: number, own: Span): Span | null {
  const m = /[{([]/.exec(o.src.slice(nameEnd, Math.min(own.end, nameEnd + 200)));
  return m ? { ...own, start: nameEnd + m.index } : null;
}

/** `impl<T> fmt::Display for Foo<T>` → impl `Foo`, its fns are `Foo.fmt`. */
function impl(rs: Rs, node: SgNode, scope: Scope, attrs: Span | null): void {
  const { o } = rs;
  const type = node.field("type");
  if (!type) return;
  const name = implName(o.textOf(type));
  const own = spanOf(node);
  const body = node.field("body");
  const qualified = scope.container === null ? name : `${scope.container}.${name}`;
  const isTraitImpl = node.field("trait") !== null;
  // a type from elsewhere is as visible as it is there; we assume visible
  const visibility = rs.types.get(qualified) ?? "public";
  const decl = o.add({
    kind: "impl",
    name,
    scope,
    span: extend(own, attrs),
    sigStart: own.start,
    body: spanOrNull(body),
    exported: scope.exported && visibility === "public",
    visibility,
  });
  if (body) items(rs, body, { container: decl.qualifiedName, exported: decl.exported }, isTraitImpl ? "trait-impl" : "impl");
}

export function implName(typeText: string): string {
  const t = typeText
    .replace(/^&\s*('\w+\s*)?(mut\s+)?/, "")
    .replace(/^dyn\s+/, "")
    .trim();
  const base = t.split("<")[0]!.trim();
  const cut = base.lastIndexOf("::");
  const segment = (cut >= 0 ? base.slice(cut + 2) : base).trim();
  return segment || t.replace(/\s+/g, " ");
}

function fields(rs: Rs, list: SgNode, scope: Scope): void {
  const { o } = rs;
  for (const f of list.namedChildren()) {
    if (kindOf(f) !== "field_declaration") continue;
    const name = nameOf(o.src, f.field("name"));
    if (!name) continue;
    const span = spanOf(f);
    const visibility = rustVisibility(o.prefix(span.start, name.start));
    o.add({
      kind: "field",
      name: name.text,
      scope,
      span,
      sigMode: "value",
      exported: scope.exported && visibility === "public",
      visibility,
    });
  }
}

function variants(rs: Rs, list: SgNode, scope: Scope): void {
  const { o } = rs;
  for (const v of list.namedChildren()) {
    if (kindOf(v) !== "enum_variant") continue;
    const name = nameOf(o.src, v.field("name"));
    if (!name) continue;
    o.add({
      kind: "enum_member",
      name: name.text,
      scope,
      span: spanOf(v),
      sigMode: "value",
      exported: scope.exported,
      visibility: "public",
    });
  }
}
