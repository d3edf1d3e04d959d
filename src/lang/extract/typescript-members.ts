// TypeScript / JavaScript member lists: class bodies (methods, constructors, accessors,
// fields, constructor parameter properties), interface bodies and enum bodies.

import type { SgNode } from "@ast-grep/napi";
import { extend, kindOf, nameOf, spanOf, spanOrNull, textOrNull, unquote, type Name, type Outline, type Scope, type Span } from "./core.ts";
import { skipAnnotations } from "./signature.ts";
import { treeName } from "../grammar-gaps.ts";
import type { Decl, Visibility } from "../model.ts";

export interface TsCtx {
  o: Outline;
  /** JavaScript grammar (field names differ slightly from TypeScript's). */
  js: boolean;
  /** Top-level names exported indirectly (`export { a }`, `export default a`, CommonJS). */
  marks: Set<string>;
  /** First line of a statement the grammar could not read (declarations may be missing). */
  unreadable?: number;
  /** Methods declared by assignment (`X.prototype.y = function…`) or in a top-level variable's object literal: exported when X is, decided at the end. */
  assigned?: Decl[];
}

export interface TsScope extends Scope {
  /** Inside `declare module` / `declare namespace`: members are exported without `export`. */
  ambient: boolean;
}

/** Initializer kinds that make a variable/field a function/method. */
export const FUNCTION_VALUES: ReadonlySet<string> = new Set(["arrow_function", "function_expression", "function", "generator_function"]);

function visibilityOf(name: string, prefix: string): Visibility {
  if (name.startsWith("#")) return "private";
  const m = /(?:^|\s)(private|protected|public)\s/.exec(prefix);
  return (m?.[1] as Visibility | undefined) ?? "public";
}

const MODIFIER_KEYWORDS = ["public", "private", "protected", "static", "readonly", "abstract", "declare", "override", "async", "accessor", "get", "set"];
const ONLY_MODIFIERS = new RegExp(`^(?:(?:${MODIFIER_KEYWORDS.join("|")})\\s+|\\*\\s*)*$`);
const KEYWORD_NAMES = new Set(MODIFIER_KEYWORDS);

/**
 * A member's name and where it starts. The position is found in the source text after the
 * member's modifiers (verified to be only modifier keywords), which saves a range()
 * crossing; names that are themselves modifier keywords use the node's range.
 */
function memberName(o: Outline, nameNode: SgNode, own: Span): Name | null {
  const text = treeName(nameNode.text());
  if (!KEYWORD_NAMES.has(text)) {
    const from = skipAnnotations(o.src, own.start, own.end, o.annotations);
    const at = o.src.indexOf(text, from);
    if (at >= 0 && at < own.end && ONLY_MODIFIERS.test(o.src.slice(from, at))) return { text, start: at, end: at + text.length };
  }
  return nameOf(o.src, nameNode);
}

export function classMembers(t: TsCtx, body: SgNode, scope: Scope): void {
  let pending: Span | null = null;
  for (const member of body.namedChildren()) {
    const kind = kindOf(member);
    if (kind === "ERROR") t.unreadable ??= spanOf(member).startLine;
    if (kind === "decorator") {
      pending ??= spanOf(member);
      continue;
    }
    if (kind === "method_definition" || kind === "method_signature" || kind === "abstract_method_signature") {
      method(t, member, scope, pending);
    } else if (kind === "public_field_definition" || kind === "field_definition") {
      field(t, member, scope, pending);
    } else if (kind === "comment") {
      continue;
    }
    pending = null;
  }
}

/** A class or object-literal method definition; `plain` "function": an object literal's that the module exports as its own function. */
export function method(t: TsCtx, node: SgNode, scope: Scope, decorators: Span | null, plain: "method" | "function" = "method"): Decl | null {
  const { o } = t;
  const own = spanOf(node);
  const nameNode = node.field("name");
  const name = nameNode && memberName(o, nameNode, own);
  if (!nameNode || !name) return null;
  const prefix = o.prefix(own.start, name.start);
  const text = unquote(name.text);
  const isCtor = plain === "method" && text === "constructor" && kindOf(nameNode) !== "computed_property_name";
  const visibility = visibilityOf(text, prefix);
  const accessor = /(?:^|\s)[gs]et\s*$/.test(prefix);
  if (accessor && plain === "function") return null; // a getter of the module object is a value, not a function
  const decl = o.add({
    kind: isCtor ? "constructor" : accessor ? "accessor" : plain,
    name: text,
    scope,
    span: extend(own, decorators),
    sigStart: own.start,
    body: spanOrNull(node.field("body")),
    exported: scope.exported && visibility !== "private",
    visibility,
  });
  if (isCtor && !t.js) parameterProperties(t, node, scope);
  return decl;
}

function field(t: TsCtx, node: SgNode, scope: Scope, decorators: Span | null): void {
  const { o } = t;
  const own = spanOf(node);
  const nameNode = node.field(t.js ? "property" : "name");
  const name = nameNode && memberName(o, nameNode, own);
  if (!name) return;
  const text = unquote(name.text);
  const visibility = visibilityOf(text, o.prefix(own.start, name.start));
  const value = node.field("value");
  const isFunction = value !== null && FUNCTION_VALUES.has(kindOf(value));
  o.add({
    // `handler = () => {…}` behaves as a method
    kind: isFunction ? "method" : "property",
    name: text,
    scope,
    span: extend(own, decorators),
    sigStart: own.start,
    body: isFunction ? spanOrNull(value.field("body")) : null,
    sigMode: "value",
    exported: scope.exported && visibility !== "private",
    visibility,
  });
}

/** An object literal's text holds a function or a method (`get(id): User {`), checked before its members are walked: most objects are data. */
const HOLDS_FUNCTION = /\bfunction\b|=>|\)\s*(?::[^;{}]*)?\{/;

/**
 * The methods of an object literal a variable is bound to (`const api = { get(id) {…}, save: async (x) => … }`,
 * `var proto = { reset: function () {…} }`, `export default { fetch(req) {…} }`): its method definitions and the
 * pairs whose value is a function, as methods of the variable — or, as `kind` "function", the module's own
 * functions (`module.exports = { parse(s) {…} }`, as `exports.parse = function…` declares). Other keys, nested
 * objects and computed names declare nothing.
 */
export function objectMethods(t: TsCtx, obj: SgNode, scope: Scope, kind: "method" | "function" = "method"): Decl[] {
  const { o } = t;
  const r = obj.range();
  if (!HOLDS_FUNCTION.test(o.src.slice(r.start.index, r.end.index))) return [];
  const out: Decl[] = [];
  for (const member of obj.namedChildren()) {
    const memberKind = kindOf(member);
    if (memberKind === "method_definition") {
      const d = method(t, member, scope, null, kind);
      if (d) out.push(d);
      continue;
    }
    if (memberKind !== "pair") continue;
    const value = member.field("value");
    const key = member.field("key");
    const keyKind = kindOf(key);
    if (!value || !key || !FUNCTION_VALUES.has(kindOf(value)) || (keyKind !== "property_identifier" && keyKind !== "string")) continue;
    out.push(
      o.add({ kind, name: unquote(o.textOf(key)), scope, span: spanOf(member), body: spanOrNull(value.field("body")), exported: scope.exported, visibility: "public" }),
    );
  }
  return out;
}

/** `constructor(private readonly a: string)` declares property `a`. */
function parameterProperties(t: TsCtx, ctor: SgNode, scope: Scope): void {
  const { o } = t;
  const params = ctor.field("parameters");
  if (!params) return;
  for (const p of params.namedChildren()) {
    const kind = kindOf(p);
    if (kind !== "required_parameter" && kind !== "optional_parameter") continue;
    const span = spanOf(p);
    const head = o.prefix(span.start, Math.min(span.end, span.start + 200));
    const m = /^(public|private|protected|readonly|override)\b/.exec(head);
    if (!m) continue;
    const name = nameOf(o.src, p.field("pattern"));
    if (!name) continue;
    const visibility = visibilityOf(name.text, `${head} `);
    o.add({
      kind: "property",
      name: name.text,
      scope,
      span,
      sigMode: "value",
      exported: scope.exported && visibility !== "private",
      visibility,
    });
  }
}

export function interfaceMembers(t: TsCtx, body: SgNode, scope: Scope): void {
  const { o } = t;
  for (const member of body.namedChildren()) {
    const kind = kindOf(member);
    if (kind === "ERROR") t.unreadable ??= spanOf(member).startLine;
    if (kind !== "property_signature" && kind !== "method_signature") continue;
    const name = textOrNull(member.field("name"));
    if (!name) continue;
    o.add({
      kind: kind === "method_signature" ? "method" : "property",
      name: unquote(name),
      scope,
      span: spanOf(member),
      sigMode: kind === "method_signature" ? "code" : "value",
      exported: scope.exported,
      visibility: "public",
    });
  }
}

export function enumMembers(t: TsCtx, body: SgNode, scope: Scope): void {
  const { o } = t;
  for (const member of body.namedChildren()) {
    const kind = kindOf(member);
    let nameNode: SgNode | null = null;
    if (kind === "property_identifier" || kind === "string" || kind === "identifier") nameNode = member;
    else if (kind === "enum_assignment") nameNode = member.field("name");
    const name = textOrNull(nameNode);
    if (!name) continue;
    o.add({
      kind: "enum_member",
      name: unquote(name),
      scope,
      span: spanOf(member),
      sigMode: "value",
      exported: scope.exported,
      visibility: "public",
    });
  }
}
