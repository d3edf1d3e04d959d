// Compiler diagnostics as the check surfaces carry them (`Diag` of host-rpc.md), their
// one-line rendering, and the delta: a multiset difference keyed by (path, code, message) —
// no line numbers, so code that merely moved is not a change. With both texts of a file
// (the gate's comparisons have them), its occurrences of one key are paired by line across
// the edit instead of counted (line-pairs.ts): one error fixed and an identical one written
// elsewhere is one resolved and one introduced, not no change.

import { alignLines, pairByLines, type LineAlignment, type TextsOf } from "./line-pairs.ts";

export type Severity = "error" | "warning" | "suggestion";

export interface Diag {
  /** `TS2339` (the engine's numeric code with its prefix). */
  code: string;
  severity: Severity;
  message: string;
  /** Root-relative, '/'-separated. */
  path: string;
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
}

export interface DiagDelta {
  introduced: Diag[];
  resolved: Diag[];
}

const SEVERITY_WORD: Record<Severity, string> = { error: "Error", warning: "Warning", suggestion: "Suggestion" };

/** The multiset key: path, code and the message, its quoted types' unions in one order (canonicalMessage). */
export function diagKey(d: Diag): string {
  return `${d.path}\0${d.code}\0${canonicalMessage(d.message)}`;
}

/**
 * The message with each quoted type's top-level union members sorted. The checker prints a
 * union in the order it met the members, and TypeScript 7's checkers meet them in another
 * order from one run to the next: on xstate an unchanged error came back as `'{ type:
 * "decreased"; } | { type: "increased"; }'` and the session delta reported it introduced
 * (and its old spelling resolved) — an error the edit did not cause, attributed to it.
 */
export function canonicalMessage(message: string): string {
  return message.includes(" | ") ? message.replace(/'([^'\n]*)'/g, (_, type: string) => `'${sortedUnion(type)}'`) : message;
}

function sortedUnion(type: string): string {
  const members: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < type.length; i++) {
    const c = type[i];
    if (c === "(" || c === "[" || c === "{" || c === "<") depth++;
    else if ((c === ")" || c === "]" || c === "}" || (c === ">" && type[i - 1] !== "=")) && depth > 0) depth--;
    else if (depth === 0 && type.startsWith(" | ", i)) {
      members.push(type.slice(from, i));
      from = i + 3;
      i += 2;
    }
  }
  if (!members.length) return type;
  members.push(type.slice(from));
  return members.sort().join(" | ");
}

/** `Error TS2339 src/a.ts:12:5 Property 'x' does not exist on type 'A'.` (message on one line). */
export function diagLine(d: Diag): string {
  return `${SEVERITY_WORD[d.severity]} ${d.code} ${d.path}:${d.line}:${d.column} ${oneLine(d.message)}`;
}

export function oneLine(message: string): string {
  return message.replace(/\s*\n\s*/g, " ").trim();
}

export function compareDiags(a: Diag, b: Diag): number {
  return a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line || a.column - b.column || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);
}

export function sortDiags(diags: readonly Diag[]): Diag[] {
  return [...diags].sort(compareDiags);
}

export function errorsOf(diags: readonly Diag[]): Diag[] {
  return diags.filter((d) => d.severity === "error");
}

function groupByKey(diags: readonly Diag[]): Map<string, Diag[]> {
  const groups = new Map<string, Diag[]>();
  for (const d of diags) {
    const key = diagKey(d);
    const list = groups.get(key);
    if (list) list.push(d);
    else groups.set(key, [d]);
  }
  return groups;
}

/**
 * The occurrences of `mine` beyond `theirs`' count for one key. When both sides have the
 * key, the ones whose line the other side lacks are named first (a second identical error
 * added at line 40 is reported at 40, not at the old line 12).
 */
function surplus(mine: Diag[], theirs: Diag[]): Diag[] {
  const extra = mine.length - theirs.length;
  if (extra <= 0) return [];
  const theirLines = new Set(theirs.map((d) => d.line));
  const ranked = [...mine].sort((a, b) => Number(theirLines.has(a.line)) - Number(theirLines.has(b.line)) || a.line - b.line);
  return ranked.slice(0, extra);
}

/** A path's line alignment when `textsOf` has both of its texts, computed once per path. */
function alignments(textsOf: TextsOf | undefined): (path: string) => LineAlignment | undefined {
  const known = new Map<string, LineAlignment | undefined>();
  return (path) => {
    if (!textsOf) return undefined;
    if (!known.has(path)) {
      const texts = textsOf(path);
      known.set(path, texts?.before != null && texts.after != null ? alignLines(texts.before, texts.after) : undefined);
    }
    return known.get(path);
  };
}

/**
 * Introduced = current occurrences beyond the baseline's count; resolved = the reverse. With
 * `textsOf` (a file's two texts), a file's occurrences are paired by line instead (see above).
 */
export function diagDelta(baseline: readonly Diag[], current: readonly Diag[], textsOf?: TextsOf): DiagDelta {
  const before = groupByKey(baseline);
  const now = groupByKey(current);
  const alignOf = alignments(textsOf);
  const introduced: Diag[] = [];
  const resolved: Diag[] = [];
  for (const [key, list] of now) {
    const align = alignOf(list[0]!.path);
    if (align) {
      const pairs = pairByLines(before.get(key) ?? [], list, align);
      introduced.push(...pairs.introduced);
      resolved.push(...pairs.resolved);
    } else introduced.push(...surplus(list, before.get(key) ?? []));
  }
  for (const [key, list] of before) {
    if (!now.has(key) || !alignOf(list[0]!.path)) resolved.push(...surplus(list, now.get(key) ?? []));
  }
  return unhidden(sortDiags(introduced), sortDiags(resolved));
}

/** What a diagnostic prints for a quoted name or type of a file outside the workspace (check/diag-outside.ts). */
export const OUTSIDE = "[outside the workspace]";

/**
 * Whether two messages are one error, a quoted name or type shown in one and hidden as OUTSIDE in
 * the other: whether it is hidden depends on the words of the diagnosed file (diag-outside.ts), so
 * an edit that names an outside type (or stops naming it) elsewhere in the file respells an error
 * it did not touch.
 */
function outsideAlike(a: string, b: string): boolean {
  if (a === b || (!a.includes(OUTSIDE) && !b.includes(OUTSIDE))) return false;
  const parts = (m: string) => canonicalMessage(m).split(/'([^'\n]*)'/);
  const pa = parts(a), pb = parts(b);
  return pa.length === pb.length && pa.every((p, i) => p === pb[i] || (i % 2 === 1 && (p === OUTSIDE || pb[i] === OUTSIDE)));
}

/** The delta without the errors only respelled by what OUTSIDE hides: each resolved one excuses at most one introduced. */
function unhidden(introduced: Diag[], resolved: Diag[]): DiagDelta {
  if (!introduced.length || !resolved.length || ![...introduced, ...resolved].some((d) => d.message.includes(OUTSIDE))) return { introduced, resolved };
  const left = [...resolved];
  const kept = introduced.filter((d) => {
    const at = left.findIndex((r) => r.path === d.path && r.code === d.code && outsideAlike(d.message, r.message));
    if (at < 0) return true;
    left.splice(at, 1);
    return false;
  });
  return { introduced: kept, resolved: left };
}

/** A declaration renamed `from` → `to` (by a refactor, or by hand: renames.ts). */
export interface Rename {
  from: string;
  to: string;
}

/** Any of `names` as a whole identifier (not part of a longer one), everywhere. */
export function identifierRegex(names: readonly string[]): RegExp {
  return new RegExp(`(?<![\\w$])(?:${names.map((n) => n.replace(/[$]/g, "\\$&")).join("|")})(?![\\w$])`, "g");
}

/**
 * The delta of renames: an error a rename left in place but whose message now spells the
 * new name (`Cannot assign to 'DB_PW'` → `'DB_PW2'`) is the same error, not an introduced one.
 * Matched in two passes, so each earlier error excuses at most one: first as spelled, then
 * what is left of the earlier errors with each old name read as its new one.
 */
export function renameDelta(baseline: readonly Diag[], current: readonly Diag[], renames: readonly Rename[], textsOf?: TextsOf): DiagDelta {
  const spelled = diagDelta(baseline, current, textsOf);
  if (!renames.length || !spelled.introduced.length || !spelled.resolved.length) return spelled;
  const to = new Map(renames.map((r) => [r.from, r.to]));
  const names = identifierRegex([...to.keys()]);
  return diagDelta(spelled.resolved.map((d) => ({ ...d, message: d.message.replace(names, (n) => to.get(n) ?? n) })), spelled.introduced, textsOf);
}

/** Runtime shape check for Diags read back from the store or the wire. */
export function isDiag(value: unknown): value is Diag {
  if (typeof value !== "object" || value === null) return false;
  const d = value as Record<string, unknown>;
  return (
    typeof d.code === "string" &&
    (d.severity === "error" || d.severity === "warning" || d.severity === "suggestion") &&
    typeof d.message === "string" &&
    typeof d.path === "string" &&
    typeof d.line === "number" &&
    typeof d.column === "number"
  );
}
