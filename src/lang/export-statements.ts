// The export statements of a JavaScript/TypeScript module that name what they export without
// declaring it: `export { a, b as c }`, `export default x`, `export { x as y } from "…"` and
// `export * [as ns] from "…"`. The outline holds declarations; these are the rest of a module's
// public surface (a package's API follows them; review's API delta lists them). Read from code
// with its comments taken out, in that order: local clauses, default names, named re-exports,
// star re-exports.

export type ExportStatement =
  /** `export { local as as, … }` */
  | { kind: "local"; pairs: [string, string][]; text: string }
  /** `export default name` / `export = name` */
  | { kind: "default"; local: string; text: string }
  /** `export { name as as, … } from "spec"` */
  | { kind: "from"; pairs: [string, string][]; spec: string; text: string }
  /** `export * from "spec"`, `export * as ns from "spec"` */
  | { kind: "star"; as: string | null; spec: string; text: string };

/** `a, b as c, type d, default as e` → [local, exported] pairs. */
export function clausePairs(clause: string): [string, string][] {
  const pairs: [string, string][] = [];
  for (const part of clause.split(",")) {
    const m = /^\s*(?:type\s+(?!as\b))?([\w$]+)(?:\s+as\s+([\w$]+))?\s*$/.exec(part);
    if (m?.[1]) pairs.push([m[1], m[2] ?? m[1]]);
  }
  return pairs;
}

const STAR = /(?<![\w$.])export\s+(?:type\s+)?\*\s*(?:as\s+([\w$]+)\s*)?from\s*(["'])([^"'\n]+)\2/g;
const NAMED_FROM = /(?<![\w$.])export\s+(?:type\s+)?\{([^}]*)\}\s*from\s*(["'])([^"'\n]+)\2/g;
const LOCAL_CLAUSE = /(?<![\w$.])export\s+(?:type\s+)?\{([^}]*)\}(?!\s*from\b)/g;
const DEFAULT_NAME = /(?<![\w$.])export\s+(?:default\s+|=\s*)([\w$]+)\s*;?/g;
/** What follows `export default` when it declares (the outline has those). */
const NOT_A_NAME = new Set(["function", "class", "abstract", "async", "interface", "enum", "const", "let", "var", "namespace", "declare"]);

const oneLine = (s: string): string => s.replace(/\s+/g, " ").trim();

/** The module's export statements that declare nothing; `code` is its text with comments taken out. */
export function exportStatements(code: string): ExportStatement[] {
  const out: ExportStatement[] = [];
  for (const m of code.matchAll(LOCAL_CLAUSE)) out.push({ kind: "local", pairs: clausePairs(m[1]!), text: oneLine(m[0]) });
  for (const m of code.matchAll(DEFAULT_NAME)) if (!NOT_A_NAME.has(m[1]!)) out.push({ kind: "default", local: m[1]!, text: oneLine(m[0]) });
  for (const m of code.matchAll(NAMED_FROM)) out.push({ kind: "from", pairs: clausePairs(m[1]!), spec: m[3]!, text: oneLine(m[0]) });
  for (const m of code.matchAll(STAR)) out.push({ kind: "star", as: m[1] ?? null, spec: m[3]!, text: oneLine(m[0]) });
  return out;
}
