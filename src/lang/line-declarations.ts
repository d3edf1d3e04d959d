// Top-level declarations of a minified file from line heads alone, without a parse (a
// parse of a 2.3 MB bundle costs seconds): a declaration keyword at the start of a line.
// A minified bundle rarely has any; a module holding a huge asset string keeps its names.

import type { Decl } from "./model.ts";

/** A declaration keyword at the start of a line (JS/TS): how a minified file's few top-level declarations are listed without a parse. */
const LINE_DECLARATION = /^(export\s+)?(?:default\s+)?(?:declare\s+)?(?:async\s+)?(?:abstract\s+)?(const|let|var|function\*?|class|interface|type|enum|namespace)\s+([A-Za-z_$][\w$]*)/gm;

const LINE_KINDS: Record<string, Decl["kind"]> = { const: "const", let: "variable", var: "variable", function: "function", "function*": "function", class: "class", interface: "interface", type: "type", enum: "enum", namespace: "namespace" };

/** Top-level declarations of a minified file from line heads alone (no parse): name, kind, line, a short signature. */
export function lineDeclarations(text: string): Decl[] {
  const out: Decl[] = [];
  let line = 1;
  let counted = 0;
  for (const m of text.matchAll(LINE_DECLARATION)) {
    for (let i = text.indexOf("\n", counted); i !== -1 && i < m.index; i = text.indexOf("\n", i + 1)) line++;
    counted = m.index;
    const end = text.indexOf("\n", m.index);
    const stop = end === -1 ? text.length : end;
    const name = m[3] as string;
    out.push({ kind: LINE_KINDS[m[2] as string] ?? "variable", name, container: null, qualifiedName: name, signature: `${text.slice(m.index, Math.min(stop, m.index + 120)).trim()} …`, exported: m[1] !== undefined, visibility: "public", startLine: line, endLine: line, start: m.index, end: stop });
  }
  return out;
}
