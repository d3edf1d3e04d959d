// The members a class member satisfies: the interface members it implements and the
// abstract or base-class members it overrides, up the heritage chain (the stored
// `implements`/`extends` edges and same-named members). A call through `Router.match` on a
// value typed as the interface reaches `LinearRouter.match`: the language service's
// find-references (and its rename) counts those sites, and so do neighbors and impact.

import type { Database } from "bun:sqlite";
import { incomingEdges } from "./incoming-edges.ts";

export interface SatisfiedMember {
  /** The symbol rows of the member (overloads included). */
  ids: number[];
  /** `Router.match`: what the answer says a reference came through. */
  qualifiedName: string;
  /** implements (an interface member) or overrides (a base or abstract class member). */
  how: "implements" | "overrides";
}

const MAX_DEPTH = 6;

/** A workspace file's text by root-relative path (null: unreadable). */
export type ReadText = (path: string) => string | null;

/**
 * A class or interface's header as its heritage is read: the stored signature, or — when that was clipped (a long
 * type parameter list, `interface EntityMetadataWithProperties<TName, …, TBaseDiscriminatorColumn> extends Omit<…>`) —
 * the declaration's source text up to its body, so the keys a mapping leaves out are read whole.
 */
function heirHeader(db: Database, id: number, readText: ReadText): string {
  const row = db.query("SELECT s.signature, s.start_line AS line, f.path FROM symbols s JOIN files f ON f.id = s.file_id WHERE s.id = ?").get(id) as { signature: string; line: number; path: string } | null;
  if (!row || !row.signature.endsWith("…")) return row?.signature ?? "";
  const text = readText(row.path)?.split("\n").slice(row.line - 1).join("\n") ?? "";
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "<" || c === "(" || c === "[") depth++;
    else if ((c === ">" && text[i - 1] !== "=") || c === ")" || c === "]") depth--;
    else if (c === "{" && depth === 0) return text.slice(0, i);
  }
  return row.signature;
}

/** The text of the type argument starting at `from` (up to its `,` or closing `>` at depth 0), and where it ends. */
function typeArgument(text: string, from: number): [string, number] {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (c === "<" || c === "(" || c === "[" || c === "{") depth++;
    else if ((c === ">" && text[i - 1] !== "=") || c === ")" || c === "]" || c === "}") {
      if (depth === 0) return [text.slice(from, i), i];
      depth--;
    } else if (c === "," && depth === 0) return [text.slice(from, i), i];
  }
  return [text.slice(from), text.length];
}

/**
 * Whether `heir`'s heritage passes `base`'s member `name` on: not when it extends `Omit<Base, 'name' | …>` or
 * `Pick<Base, …>` without it — the base named directly or through mapping types, `Omit<Partial<Base>, 'name'>` (the
 * compiler joins only the mapped keys; keys it cannot read as literals count as mapped).
 */
export function passesOn(heirSignature: string, base: string, name: string): boolean {
  const namesBase = new RegExp(`^(?:(?:Omit|Pick|Partial|Required|Readonly)\\s*<\\s*)*(?:[\\w$]+\\.)*${base.replace(/\$/g, "\\$")}(?![\\w$])`);
  for (const m of heirSignature.matchAll(/(?<![\w$.])(Omit|Pick)\s*<\s*/g)) {
    const [mapped, after] = typeArgument(heirSignature, (m.index as number) + m[0].length);
    if (!namesBase.test(mapped) || heirSignature[after] !== ",") continue;
    const [keys] = typeArgument(heirSignature, after + 1);
    const literals = keys.split("|").map((k) => k.trim()).filter(Boolean);
    if (!literals.every((k) => /^(['"]).*\1$/.test(k))) continue;
    const listed = literals.some((k) => k.slice(1, -1) === name);
    if (m[1] === "Omit" ? listed : !listed) return false;
  }
  return true;
}

/** The members `member` (of `container`, declared in `fileId`) implements or overrides, nearest first. */
export function satisfiedMembers(db: Database, member: { fileId: number; container: string | null; name: string }, readText: ReadText): SatisfiedMember[] {
  // a constructor overrides nothing: a subclass's calls its base's through `super(…)` (constructor-refs.ts)
  if (!member.container || member.name === "constructor") return [];
  // the member's type (itself inside a namespace, `JSX.InputHTMLAttributes`, or not)
  const owners = db.prepare("SELECT id FROM symbols WHERE file_id = ? AND qualified_name = ?");
  const heritage = db.prepare(
    "SELECT DISTINCT e.type, t.id, t.file_id AS fileId, t.qualified_name AS qualifiedName, t.kind FROM edges e JOIN symbols t ON t.id = e.to_symbol WHERE e.from_symbol = ? AND e.type IN ('implements', 'extends')",
  );
  const members = db.prepare("SELECT id FROM symbols WHERE file_id = ? AND container = ? AND name = ? ORDER BY start_line");
  const out: SatisfiedMember[] = [];
  const seen = new Set<number>();
  let frontier = (owners.all(member.fileId, member.container) as { id: number }[]).map((r) => r.id);
  frontier.forEach((id) => seen.add(id));
  for (let depth = 0; depth < MAX_DEPTH && frontier.length; depth++) {
    const next: number[] = [];
    for (const from of frontier) {
      const heir = heirHeader(db, from, readText);
      for (const base of heritage.all(from) as { type: string; id: number; fileId: number; qualifiedName: string; kind: string }[]) {
        if (seen.has(base.id) || !passesOn(heir, base.qualifiedName.split(".").pop() as string, member.name)) continue;
        seen.add(base.id);
        next.push(base.id);
        const ids = (members.all(base.fileId, base.qualifiedName, member.name) as { id: number }[]).map((r) => r.id);
        if (!ids.length) continue;
        const how = base.type === "implements" || base.kind === "interface" ? "implements" : "overrides";
        if (!out.some((o) => o.qualifiedName === `${base.qualifiedName}.${member.name}`)) out.push({ ids, qualifiedName: `${base.qualifiedName}.${member.name}`, how });
      }
    }
    frontier = next;
  }
  return out;
}

/**
 * The ids and names of the members overriding or implementing `member` in the classes and interfaces that extend or
 * implement its container, down the heritage chain: a heir that does not declare the member itself passes it on
 * (`HistoryStateNodeConfig extends AtomicStateNodeConfig extends StateNodeConfig`, `class Actor implements ActorRef`
 * with `interface ActorRef extends Subscribable`), and find-references joins the deeper declarations too.
 */
export function overriderIds(db: Database, member: { fileId: number; container: string | null; name: string }, readText: ReadText): { id: number; qualifiedName: string }[] {
  if (!member.container || member.name === "constructor") return [];
  const container = db.query("SELECT id FROM symbols WHERE file_id = ? AND qualified_name = ?").all(member.fileId, member.container) as { id: number }[];
  if (!container.length) return [];
  const declared = db.prepare("SELECT s.id, s.qualified_name AS qualifiedName FROM symbols s JOIN symbols c ON c.id = ? WHERE s.file_id = c.file_id AND s.container = c.qualified_name AND s.name = ?");
  const named = db.prepare("SELECT name FROM symbols WHERE id = ?");
  const out: { id: number; qualifiedName: string }[] = [];
  const seen = new Set(container.map((c) => c.id));
  let frontier = [...seen];
  for (let depth = 0; depth < MAX_DEPTH && frontier.length; depth++) {
    const next: number[] = [];
    for (const heir of incomingEdges(db, frontier)) {
      if ((heir.type !== "implements" && heir.type !== "extends") || heir.fromSymbol === null || seen.has(heir.fromSymbol)) continue;
      const base = named.get(heir.toSymbol) as { name: string } | null;
      if (base && !passesOn(heirHeader(db, heir.fromSymbol, readText), base.name, member.name)) continue;
      seen.add(heir.fromSymbol);
      next.push(heir.fromSymbol);
      for (const r of declared.all(heir.fromSymbol, member.name) as { id: number; qualifiedName: string }[]) if (!out.some((o) => o.id === r.id)) out.push(r);
    }
    frontier = next;
  }
  return out;
}

/**
 * The other members implementing or overriding what `member` satisfies (`EventV1Processor.getMethod` for
 * `EventV2Processor.getMethod`, both implementing `EventProcessor.getMethod`), with the member they share:
 * find-references joins them (and their uses) through it.
 */
export function siblingIds(db: Database, member: { fileId: number; container: string | null; name: string }, own: readonly number[], readText: ReadText): { id: number; qualifiedName: string; via: string }[] {
  const satisfied = satisfiedMembers(db, member, readText);
  const skip = new Set([...own, ...satisfied.flatMap((s) => s.ids)]);
  const fileOf = db.prepare("SELECT file_id AS fileId, container FROM symbols WHERE id = ?");
  const out: { id: number; qualifiedName: string; via: string }[] = [];
  for (const s of satisfied) {
    const row = fileOf.get(s.ids[0] as number) as { fileId: number; container: string | null } | null;
    if (!row) continue;
    for (const o of overriderIds(db, { fileId: row.fileId, container: row.container, name: member.name }, readText)) {
      if (skip.has(o.id)) continue;
      skip.add(o.id);
      out.push({ ...o, via: s.qualifiedName });
    }
  }
  return out;
}
