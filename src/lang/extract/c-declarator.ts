// C/C++ declarators read from source text: `*name(…)`, `(*fp)(…)`, `Foo<T>::bar(…)`,
// `~Foo()`, `operator+(…)`, `x = 3`, `buf[10]`. One range() per declarator instead of
// walking the nested declarator nodes (C headers are dense with prototypes).

import type { Name } from "./core.ts";

export interface Declarator {
  name: Name;
  /** Declares a function (not a function pointer). */
  isFunction: boolean;
  /** `Foo::bar` → ["Foo"] (template arguments dropped). */
  scopes: string[];
}

const QUALIFIER = /^(?:const|volatile|restrict|__restrict__|__restrict|_Atomic|__extension__|__cdecl|__stdcall|__fastcall|__unaligned|_Nonnull|_Nullable|_Null_unspecified)\b/;
const IDENT = /^[A-Za-z_$][\w$]*/;
const OPERATOR = /^operator\s*(?:\(\)|\[\]|(?:new|delete)(?:\s*\[\])?|[^\s\w(]+|\s+[^(]+?(?=\s*\())/;

export function parseDeclarator(src: string, start: number, end: number): Declarator | null {
  const text = src.slice(start, Math.min(end, start + 400));
  let i = 0;
  let parens = 0;
  for (;;) {
    i = skipSpace(text, i);
    const c = text[i];
    if (c === "*" || c === "&" || c === "^") i++;
    else if (c === "(") {
      parens++;
      i++;
    } else if (text.startsWith("[[", i)) i = Math.max(i + 2, text.indexOf("]]", i) + 2);
    else if (text.startsWith("__attribute__", i)) i = skipParens(text, text.indexOf("(", i));
    else {
      const q = QUALIFIER.exec(text.slice(i));
      if (!q) break;
      i += q[0].length;
    }
    if (i <= 0 || i >= text.length) return null;
  }
  const segments: string[] = [];
  let nameAt = i;
  for (;;) {
    i = skipSpace(text, i);
    nameAt = i;
    const rest = text.slice(i);
    const tilde = rest.startsWith("~") ? 1 : 0;
    const op = OPERATOR.exec(rest);
    const id = op ?? IDENT.exec(rest.slice(tilde));
    if (!id) return null;
    const segment = op ? op[0].replace(/\s+/g, " ").trim() : `${tilde ? "~" : ""}${id[0]}`;
    i += (op ? 0 : tilde) + id[0].length;
    i = skipSpace(text, i);
    if (text[i] === "<" && !op) i = skipAngles(text, i);
    segments.push(segment);
    const after = skipSpace(text, i);
    if (!text.startsWith("::", after)) break;
    i = after + 2;
  }
  const last = segments.pop();
  if (!last) return null;
  const next = text[skipSpace(text, i)];
  return {
    name: { text: last, start: start + nameAt, end: start + nameAt + last.length },
    isFunction: parens === 0 && next === "(",
    scopes: segments,
  };
}

function skipSpace(text: string, i: number): number {
  while (i < text.length && /\s/.test(text[i]!)) i++;
  return i;
}

function skipParens(text: string, i: number): number {
  if (i < 0) return text.length;
  let depth = 0;
  for (; i < text.length; i++) {
    if (text[i] === "(") depth++;
    else if (text[i] === ")" && --depth === 0) return i + 1;
  }
  return text.length;
}

function skipAngles(text: string, i: number): number {
  let depth = 0;
  for (; i < text.length; i++) {
    if (text[i] === "<") depth++;
    else if (text[i] === ">" && --depth === 0) return i + 1;
    else if (text[i] === "(" || text[i] === ";" || text[i] === "{") return i;
  }
  return text.length;
}
