// What other files can see of one file, for the incremental semantic tier: its text without
// function bodies (functions, methods, accessors, arrow functions, TypeScript constructors),
// without comments and with whitespace collapsed — plus, for each function whose return type
// is inferred from its body, its type as the checker prints it (the walker adds those:
// `inferred` lists the nodes). When two versions have the same surface, a reference from
// another file resolves to the same declarations in both (only their lines move).
// JavaScript keeps every body (types are inferred from them, `this.x =` declares members)
// and its JSDoc blocks (`@type`, `@typedef`); triple-slash directives are kept everywhere. A file that can
// declare globals (a script without import/export, `declare global`, `declare module`) is
// flagged: a change to its surface can reach files that never import it.

import { createHash } from "node:crypto";
import { SyntaxKind } from "typescript/unstable/ast";

export interface Surface {
  /** SHA-256 (hex, 32 chars) of the visible text (and, once the walker added them, of the inferred types). */
  digest: string;
  global: boolean;
}

export interface ParsedSurface extends Surface {
  /** The functions whose bodies were cut but whose return types are inferred from them, in order. */
  inferred: unknown[];
}

interface Node {
  pos: number;
  end: number;
  body?: Node;
  type?: Node;
}

interface ParsedFile {
  nodes: unknown[];
  text: string;
  fileName?: string;
  getOrCreateNodeAtIndex(index: number): Node;
}

const K = SyntaxKind;
/** Function-like declarations whose body is hidden when they declare their return type. */
const TYPED_BODIES = new Set<number>([K.FunctionDeclaration, K.MethodDeclaration, K.FunctionExpression, K.ArrowFunction, K.GetAccessor]);
const JS_RE = /\.(?:[cm]?js|jsx)$/;

/** The surface of a parsed file; `kindAt(i)` reads the kind of node i without materializing it. */
export function surfaceOf(sf: ParsedFile, kindAt: (index: number) => number, path = sf.fileName ?? ""): ParsedSurface {
  const text = sf.text;
  const js = JS_RE.test(path);
  const candidates: { start: number; end: number; node: Node; inferred: boolean }[] = [];
  if (!js) {
    for (let i = 1; i < sf.nodes.length; i++) {
      const kind = kindAt(i);
      const hides = TYPED_BODIES.has(kind) || kind === K.SetAccessor || kind === K.Constructor;
      if (!hides) continue;
      const node = sf.getOrCreateNodeAtIndex(i);
      const body = node.body;
      if (!body) continue;
      candidates.push({ start: body.pos, end: body.end, node, inferred: TYPED_BODIES.has(kind) && !node.type });
    }
  }
  candidates.sort((a, b) => a.start - b.start);
  let visible = "";
  let at = 0;
  const inferred: unknown[] = [];
  for (const c of candidates) {
    if (c.start < at) continue; // nested in a body already cut
    visible += `${text.slice(at, c.start)} {}`;
    at = c.end;
    if (c.inferred) inferred.push(c.node);
  }
  visible += text.slice(at);
  // a module says so at the top level (an indented `export` can be a namespace member of a script); CommonJS only in JavaScript
  const moduleRe = js ? /^(?:import|export)\b|\brequire\s*\(|\bmodule\.exports\b|\bexports\.\w/m : /^(?:import|export)\b/m;
  const global = /\bdeclare\s+(?:global|module)\b/.test(text) || !moduleRe.test(text);
  return { digest: digestOf(normalize(visible, js)), global, inferred };
}

/** The surface digest with the inferred types of `inferred` (as printed, in order) folded in. */
export function withInferred(surface: Surface, printed: readonly string[]): Surface {
  return printed.length ? { digest: digestOf(`${surface.digest}\n${printed.join("\n")}`), global: surface.global } : { digest: surface.digest, global: surface.global };
}

const digestOf = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 32);

/**
 * Whether a `/` after this output starts a regex literal rather than a division: not after an
 * operand (a name, a number, `)` or `]`) unless that name is a keyword. A division taken for a
 * regex only keeps text verbatim (the scan stops at the line's end); a regex taken for a
 * division could hide what follows a `//` or `/*` in it — so the doubt goes to the regex.
 */
function regexMayStart(out: string): boolean {
  const last = out.charAt(out.length - (out.endsWith(" ") ? 2 : 1));
  if (!/[\w$)\]]/.test(last)) return true;
  const word = /([A-Za-z_$][\w$]*)\s?$/.exec(out)?.[1];
  return word !== undefined && REGEX_AFTER.has(word);
}

const REGEX_AFTER = new Set(["return", "typeof", "case", "do", "else", "in", "of", "new", "delete", "void", "throw", "instanceof", "yield", "await"]);

/** The end of a regex literal's body starting at `start` (its closing `/`, escapes and classes honored), or the end of the line. */
function regexEnd(text: string, start: number): number {
  let inClass = false;
  for (let j = start + 1; j < text.length; j++) {
    const ch = text.charCodeAt(j);
    if (ch === 10 || ch === 13) return j;
    if (ch === 92) j++;
    else if (ch === 91) inClass = true;
    else if (ch === 93) inClass = false;
    else if (ch === 47 && !inClass) return j + 1;
  }
  return text.length;
}

/**
 * Comments dropped, whitespace runs collapsed to one space; string, template and regex
 * literals kept as written. Triple-slash directives are kept, and with `keepDocs` (JavaScript,
 * whose JSDoc declares types) every `/** … *\/` block.
 */
export function normalize(text: string, keepDocs = false): string {
  let out = "";
  let space = false;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    const kept = c === 47 && (text.startsWith("///", i) || (keepDocs && text.startsWith("/**", i)));
    if (kept) {
      // a triple-slash directive, or (JavaScript) a JSDoc block: both can declare types
      const end = text.charCodeAt(i + 2) === 47 ? text.indexOf("\n", i) : text.indexOf("*/", i + 3) + 2;
      const j = end < 2 ? n : end;
      if (space && out.length) out += " ";
      out += text.slice(i, j).trimEnd();
      i = j;
      space = true;
    } else if (c === 47 && text.charCodeAt(i + 1) === 47) {
      while (i < n && text.charCodeAt(i) !== 10) i++;
      space = true;
    } else if (c === 47 && text.charCodeAt(i + 1) === 42) {
      const close = text.indexOf("*/", i + 2);
      i = close < 0 ? n : close + 2;
      space = true;
    } else if (c === 32 || c === 9 || c === 10 || c === 13 || c === 0xfeff) {
      i++;
      space = true;
    } else {
      if (space && out.length) out += " ";
      space = false;
      if (c === 34 || c === 39 || c === 96) {
        let j = i + 1;
        while (j < n && text.charCodeAt(j) !== c) j += text.charCodeAt(j) === 92 ? 2 : 1;
        out += text.slice(i, j + 1);
        i = j + 1;
      } else if (c === 47 && regexMayStart(out)) {
        const j = regexEnd(text, i);
        out += text.slice(i, j);
        i = j;
      } else {
        out += text[i];
        i++;
      }
    }
  }
  return out;
}
