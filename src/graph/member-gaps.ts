// Where a member's references reach through typing the checker walk does not record:
// - a property of a value declared with a type (`const objectTraps: ProxyHandler<…> = {
//   deleteProperty() {…} }`) is, to the language service's find-references, a reference to that
//   type's member and to the same member of every other value of the type (`arrayTraps.deleteProperty
//   = …`, as on immer). The walk records the key's reference to the type's member (structural-refs.ts)
//   but no edge between the values, and none at all when the type is outside the workspace (the
//   lib's ProxyHandler). (Object literals written against an interface are recorded by the walk:
//   the interface member's answer lists them.)
// - a member of a class or interface whose heritage reaches a type the index holds no members of:
//   one declared outside the workspace (`class NonError extends Error { override name }`,
//   `interface TypedURL extends URL { host }`, `extends Omit<RequestInit, 'headers'>`) or a type
//   alias (`class JSXNode implements HtmlEscaped` with `type HtmlEscaped = { isEscaped: true }`):
//   find-references joins the member to that type's same-named member and every use of it
//   (`url.host` on any URL), which no edge records.
// - a name destructured from a value whose member the index does not hold (`const { readFile } = fs`;
//   bound-members.ts finds the ones it holds).
// - a member of a type extending a type alias of the member's type (`interface ZodJSONSchema extends _ZodJSONSchema`,
//   `type _ZodJSONSchema = ZodUnion<…>`): find-references joins it through the alias. The walk records the heritage to
//   the type the alias stands for when the checker names a class or interface for it (alias-heritage.ts: such a heir
//   is listed); one it does not (a mapped type, an intersection: find-references climbs neither) stays a gap.
// - a member of a type some class or interface the index holds no symbol of extends (one declared inside a function, as
//   tests do: `class M extends Migration { override down() {…} }` in a test's callback; a class expression): find-references
//   joins the heir's same-named member and its uses, whose declarations are not indexed (localHeirs).
// Such a member's answer is partial, with where.

import type { Database } from "bun:sqlite";
import { Lang, parse, type SgNode } from "@ast-grep/napi";
import { boundMembers, isDestructured } from "./bound-members.ts";
import { satisfiedMembers } from "./satisfied.ts";

/** A place the walk records nothing for (reach-gaps.ts lists it with the others). */
export interface MemberGap {
  path: string;
  line: number;
  /** typed-value: the member's value is declared with a type; outside-base: its type's heritage reaches a type whose members the index does not hold. */
  why: "typed-value" | "outside-base" | "destructured" | "alias-heir" | "local-heir";
  /** outside-base: that type's name as the heritage clause writes it; alias-heir: the type alias the member's type extends; local-heir: the type the unindexed heir extends. */
  base?: string;
}

const VALUE = /^(const|let|var|variable)$/;
/** `const objectTraps: ProxyHandler<…> = …`: a type annotation before the initializer. */
const ANNOTATED = /^[^=]*?[\w$\]]\s*:\s*[^=]/;
const MAX_DEPTH = 6;

/** The heads of the types a class or interface signature's heritage clauses name (`Omit` of `extends Omit<RequestInit, 'h'>`, `Error`). */
export function heritageNames(signature: string): string[] {
  // the signature without its type arguments and parameters (`<T extends X>` names no heritage), up to the body
  let flat = "";
  let depth = 0;
  for (let i = 0; i < signature.length; i++) {
    const c = signature[i] as string;
    if (c === "{" && depth === 0) break;
    if (c === "<" || c === "(" || c === "[") depth++;
    else if ((c === ">" && signature[i - 1] !== "=") || c === ")" || c === "]") depth = Math.max(0, depth - 1);
    else if (depth === 0) flat += c;
  }
  const out: string[] = [];
  for (const m of flat.matchAll(/(?<![\w$])(?:extends|implements)\s+([^]*?)(?=(?<![\w$])(?:extends|implements)(?![\w$])|$)/g)) {
    for (const part of (m[1] as string).split(",")) {
      const head = /^\s*([\w$.]+)/.exec(part)?.[1];
      if (head) out.push(head.split(".").pop() as string);
    }
  }
  return out;
}

/** Whether a type alias's body is an object type literal (`type HtmlEscaped = { isEscaped: true }`): its members are written in it. */
function literalAlias(readText: (path: string) => string | null, path: string, start: number, end: number): boolean {
  const text = readText(path)?.split("\n").slice(start - 1, end).join("\n") ?? "";
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "<" || c === "(") depth++;
    else if ((c === ">" && text[i - 1] !== "=") || c === ")") depth--;
    else if (c === "=" && depth === 0) return text.slice(i + 1).trimStart().startsWith("{");
  }
  return false;
}

/** Whether `name` is a whole word of the declaration's text (a type alias that may declare the member). */
function declares(readText: (path: string) => string | null, path: string, start: number, end: number, name: string): boolean {
  const text = readText(path)?.split("\n").slice(start - 1, end).join("\n") ?? "";
  return new RegExp(`(?<![\\w$])${name.replace(/\$/g, "\\$")}(?![\\w$])`).test(text);
}

/**
 * The class or interface the walk followed a type alias a heritage clause names to (alias-heritage.ts), when that
 * alias's line holds two heritage edges: the alias's and one to a class or interface the clauses do not name.
 */
function followedTarget(resolved: readonly { id: number; name: string; kind: string; at: number | null }[], alias: { id: number; kind: string; at: number | null }, written: readonly string[]): number | null {
  if (alias.kind !== "type") return null;
  const atLine = resolved.filter((r) => r.at === alias.at && r.id !== alias.id);
  const target = atLine[0];
  return atLine.length === 1 && target && (target.kind === "class" || target.kind === "interface") && !written.includes(target.name) ? target.id : null;
}

/** The heritage, up the chain, that reaches a type whose members the index does not hold and that may declare `name`. */
function outsideBase(db: Database, owner: { id: number; signature: string }, name: string, readText: (path: string) => string | null): string | null {
  const bases = db.prepare(
    "SELECT DISTINCT t.id, t.name, t.kind, t.signature, t.start_line AS start, t.end_line AS end, f.path, e.evidence_line AS at FROM edges e JOIN symbols t ON t.id = e.to_symbol JOIN files f ON f.id = t.file_id WHERE e.from_symbol = ? AND e.type IN ('extends', 'implements')",
  );
  const seen = new Set<number>([owner.id]);
  let frontier = [owner];
  for (let depth = 0; depth < MAX_DEPTH && frontier.length; depth++) {
    const next: { id: number; signature: string }[] = [];
    for (const o of frontier) {
      const resolved = bases.all(o.id) as { id: number; name: string; kind: string; signature: string; start: number; end: number; path: string; at: number | null }[];
      // a name the clause writes that no stored heritage edge resolved (one written under an alias, `extends HonoBase` of `class Hono`, resolved to another name)
      const written = heritageNames(o.signature);
      const unresolved = written.filter((w) => !resolved.some((b) => b.name === w));
      // the aliases the walk followed, and the classes and interfaces they stand for (climbed as bases; no name written under an alias)
      const through = new Map(resolved.map((b) => [b.id, followedTarget(resolved, b, written)] as const).filter((x): x is readonly [number, number] => x[1] !== null));
      const targets = new Set(through.values());
      const aliased = resolved.filter((b) => !written.includes(b.name) && !targets.has(b.id));
      if (unresolved.length > aliased.length) return unresolved[0] as string;
      for (const b of resolved) {
        if (seen.has(b.id)) continue;
        seen.add(b.id);
        if (b.kind === "class" || b.kind === "interface") next.push(b);
        else if (through.has(b.id)) continue;
        // an alias of another type (`type _ZodJSONSchema = ZodUnion<…>`, `X["_zod"]`, `A & B`) has that type's members, which the index does not join
        else if (!literalAlias(readText, b.path, b.start, b.end) || declares(readText, b.path, b.start, b.end, name)) return b.name;
      }
    }
    frontier = next;
  }
  return null;
}

/**
 * Members named `name` of the classes and interfaces extending a type alias of `owner` or of a type extending it
 * (`interface ZodJSONSchema extends _ZodJSONSchema` with `type _ZodJSONSchema = ZodUnion<…>`): find-references may
 * join them to the owner's member through the alias, which no heritage edge records.
 */
const HEIRS = "SELECT DISTINCT e.from_symbol AS id FROM edges e WHERE e.to_symbol = ? AND e.type IN ('extends', 'implements') AND e.from_symbol IS NOT NULL";

/**
 * The owner, the types declaring the members it implements or overrides (find-references joins their other heirs'
 * members too: `$ZodBase64._zod` through `$ZodType._zod`), and the types extending them, down the chain.
 */
function familyOf(db: Database, owner: number, bases: readonly number[]): Set<number> {
  const heirs = db.prepare(HEIRS);
  const family = new Set([owner, ...bases]);
  let frontier = [...family];
  for (let depth = 0; depth < MAX_DEPTH && frontier.length; depth++) {
    const next: number[] = [];
    for (const id of frontier) for (const h of heirs.all(id) as { id: number }[]) if (!family.has(h.id)) {
      family.add(h.id);
      next.push(h.id);
    }
    frontier = next;
  }
  return family;
}

/**
 * The heritage clauses reaching one of the family from a class or interface the index holds no symbol of — declared
 * inside a function (`test(() => { class M extends Migration { override down() {…} } })`, as mikro-orm's tests do) or
 * a class expression — that declares a member `name`: find-references joins such a heir's member and its uses, which
 * no edge records (its members are not indexed); one that only calls the inherited member uses the base's (recorded).
 * `name` null (a constructor): every such heir — `new L(…)` of one inheriting the constructor, or its `super(…)`.
 */
function localHeirs(db: Database, family: ReadonlySet<number>, name: string | null, readText: (path: string) => string | null): { path: string; line: number; base: string }[] {
  const clauses = db.prepare(
    "SELECT DISTINCT f.path, e.evidence_line AS line, t.name AS base FROM edges e JOIN files f ON f.id = e.from_file JOIN symbols t ON t.id = e.to_symbol LEFT JOIN symbols h ON h.id = e.from_symbol WHERE e.to_symbol = ? AND e.type IN ('extends', 'implements') AND (h.id IS NULL OR h.kind NOT IN ('class', 'interface'))",
  );
  return [...family].flatMap((id) => (clauses.all(id) as { path: string; line: number | null; base: string }[]).filter((c) => c.line !== null && (name === null || declaresMember(readText(c.path), c.path, c.line, name))) as { path: string; line: number; base: string }[]);
}

const HEIR_KINDS = ["class_declaration", "abstract_class_declaration", "class", "interface_declaration"];

/** Whether the class or interface whose heritage clause is at `line` declares a member `name` (a file it cannot be read in: it may). */
function declaresMember(text: string | null, path: string, line: number, name: string): boolean {
  if (text === null) return true;
  if (!text.includes(name)) return false;
  let heirs: SgNode[];
  try {
    heirs = parse(/\.[mc]?tsx?$/.test(path) && !path.endsWith("x") ? Lang.TypeScript : Lang.Tsx, text).root().findAll({ rule: { any: HEIR_KINDS.map((kind) => ({ kind })) } });
  } catch {
    return true;
  }
  // the innermost declaration whose head (its start to its body) holds the clause's line
  const at = heirs.filter((h) => {
    const body = h.field("body");
    return h.range().start.line + 1 <= line && line <= (body?.range().start.line ?? h.range().end.line) + 1;
  }).pop();
  const body = at?.field("body");
  if (!body) return true;
  // `override down() {…}`, `down = …`, `get down()`, `'down'(): void`; a call of the inherited one (`this.addSql(…)`) is the base's use, which the walk records
  return body.children().some((m) => m.field("name")?.text().replace(/^(["'])(.*)\1$/, "$2") === name);
}

function aliasHeirs(db: Database, family: ReadonlySet<number>, name: string, readText: (path: string) => string | null): { path: string; line: number; base: string }[] {
  const heirs = db.prepare(HEIRS);
  const aliases = db.prepare("SELECT DISTINCT s.id, s.name, s.start_line AS start, s.end_line AS end, f.path FROM edges e JOIN symbols s ON s.id = e.from_symbol JOIN files f ON f.id = s.file_id WHERE e.to_symbol = ? AND e.type = 'type_ref' AND s.kind = 'type'");
  const declared = db.prepare("SELECT f.path, m.start_line AS line FROM symbols c JOIN symbols m ON m.file_id = c.file_id AND m.container = c.qualified_name AND m.name = ? JOIN files f ON f.id = m.file_id WHERE c.id = ?");
  // the aliases naming one of them (and aliases of those aliases), and what extends those aliases
  const out: { path: string; line: number; base: string }[] = [];
  const seen = new Set<number>();
  let front = [...family];
  for (let depth = 0; depth < 3 && front.length; depth++) {
    const next: number[] = [];
    for (const id of front) {
      for (const a of aliases.all(id) as { id: number; name: string; start: number; end: number; path: string }[]) {
        if (seen.has(a.id) || literalAlias(readText, a.path, a.start, a.end)) continue;
        seen.add(a.id);
        next.push(a.id);
        // a heir the walk followed through the alias (its heritage edge to the type the alias stands for) is in the family: listed, no gap
        for (const h of heirs.all(a.id) as { id: number }[]) if (!family.has(h.id)) for (const m of declared.all(name, h.id) as { path: string; line: number }[]) out.push({ ...m, base: a.name });
      }
    }
    front = next;
  }
  return out;
}

/** The gaps of a member's references through typing: the declared type of the value it belongs to; the heritage of its class or interface. */
export function memberGaps(db: Database, member: { id: number; kind: string; signature: string; line: number; fileId: number; path: string; name: string; container: string | null }, readText: (path: string) => string | null): MemberGap[] {
  // a name destructured from a value outside the workspace (`const { readFile } = fs`): find-references joins it to that member and its uses
  if (isDestructured(member) && !boundMembers(db, member).length) return [{ path: member.path, line: member.line, why: "destructured" }];
  if (!member.container) return [];
  const owner = db.query("SELECT id, kind, start_line AS line, signature FROM symbols WHERE file_id = ? AND qualified_name = ? ORDER BY start_line LIMIT 1").get(member.fileId, member.container) as { id: number; kind: string; line: number; signature: string } | null;
  if (!owner) return [];
  if (VALUE.test(owner.kind) && ANNOTATED.test(owner.signature)) return [{ path: member.path, line: owner.line, why: "typed-value" }];
  // a constructor is reached by its local heirs' `new L(…)` and `super(…)` (constructor-refs.ts finds the indexed ones)
  if (owner.kind === "class" && member.name === "constructor") return localHeirs(db, familyOf(db, owner.id, []), null, readText).map((h) => ({ path: h.path, line: h.line, why: "local-heir" as const, base: h.base }));
  // a #private member joins no base member
  if ((owner.kind === "class" || owner.kind === "interface") && member.name !== "constructor" && !member.name.startsWith("#")) {
    const base = outsideBase(db, owner, member.name, readText);
    if (base) return [{ path: member.path, line: owner.line, why: "outside-base", base }];
    const container = db.prepare("SELECT c.id FROM symbols m JOIN symbols c ON c.file_id = m.file_id AND c.qualified_name = m.container WHERE m.id = ?");
    const bases = satisfiedMembers(db, member, readText).flatMap((s) => (container.all(s.ids[0] as number) as { id: number }[]).map((r) => r.id));
    const family = familyOf(db, owner.id, bases);
    return [
      ...aliasHeirs(db, family, member.name, readText).map((h) => ({ path: h.path, line: h.line, why: "alias-heir" as const, base: h.base })),
      ...localHeirs(db, family, member.name, readText).map((h) => ({ path: h.path, line: h.line, why: "local-heir" as const, base: h.base })),
    ];
  }
  return [];
}
