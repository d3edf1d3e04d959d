// The line where a file outside every project uses a name it imports. The walk finds such a
// file by its import statement (no checker edge says where the name is used), and listed it at
// that line: `import Other from "./x"` on line 1 for `Other(3)` on line 3. The use is read from
// the statement's own binding: a default's local name, a named import's alias, a namespace's or
// a required module's property (`ns.default`, `m.name`).

import { splitComments } from "../lang/comments.ts";
import { clausePairs } from "../lang/export-statements.ts";

const escape = (s: string): string => s.replace(/[$]/g, "\\$");
/** `local` as a name of its own, not a property (`x.Other`) nor part of a longer name. */
const ident = (local: string): RegExp => new RegExp(`(?<![\\w$.])${escape(local)}(?![\\w$])`);
/** A property of `obj`: `ns.name`, `ns?.name`. */
const property = (obj: string, name: string): RegExp => new RegExp(`(?<![\\w$.])${escape(obj)}\\s*\\??\\.\\s*${escape(name)}(?![\\w$])`);

/** What a use of `name` through the statement's binding looks like; null: a binding not read (destructuring, an expression). */
function usePattern(statement: string, kind: string, name: string): RegExp | null {
  if (kind === "require" || kind === "dynamic") {
    const local = /([\w$]+)\s*=\s*(?:await\s+)?(?:require|import)\s*\(/.exec(statement)?.[1];
    return local ? property(local, name) : null;
  }
  if (kind !== "import") return null;
  if (name === "default") {
    const local = /^\s*import\s+(?:type\s+)?([\w$]+)\s*(?:,|from\b)/.exec(statement)?.[1];
    if (local) return ident(local);
  }
  const clause = /\{([^}]*)\}/.exec(statement)?.[1];
  const pair = clause === undefined ? undefined : clausePairs(clause).find(([local]) => local === name);
  if (pair) return ident(pair[1]);
  const ns = /\*\s*as\s+([\w$]+)/.exec(statement)?.[1];
  return ns ? property(ns, name) : null;
}

/**
 * The first line after the import, require or import() at `line` (1-based) of `text` that uses what it binds of `name` (the
 * name its module exports: "default" for `import Other from`); null when none is found or the binding is not one read here.
 */
export function useLine(text: string, line: number, kind: string, name: string): number | null {
  const head = splitComments(text, "c").code.split("\n").slice(line - 1).join("\n");
  // the statement, to its specifier
  const statement = /^[\s\S]*?(?:\bfrom\s*(["'])[^"'\n]*\1|\b(?:require|import)\s*\(\s*(["'])[^"'\n]*\2\s*\))/.exec(head)?.[0];
  const pattern = statement === undefined ? null : usePattern(statement, kind, name);
  if (statement === undefined || !pattern) return null;
  const rest = head.slice(statement.length);
  const use = pattern.exec(rest);
  if (!use) return null;
  const newlines = (s: string): number => s.split("\n").length - 1;
  return line + newlines(statement) + newlines(rest.slice(0, use.index));
}
