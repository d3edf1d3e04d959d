// What other files can see of one file, for the incremental semantic tier: its text without
// the bodies that cannot change any type outside them (functions, methods and getters with a
// declared return type, setters, TypeScript constructors), without comments and with
// whitespace collapsed. When two versions have the same surface, a reference from another
// file resolves to the same declarations in both (only their lines move). JavaScript keeps
// every body (types are inferred from them, `this.x =` declares members). A file that can
// declare globals (a script without import/export, `declare global`, `declare module`) is
// flagged: a change to its surface can reach files that never import it.

import { createHash } from "node:crypto";
import { SyntaxKind } from "typescript/unstable/ast";

export interface Surface {
  /** SHA-256 (hex, 32 chars) of the visible text. */
  digest: string;
  global: boolean;
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
export function surfaceOf(sf: ParsedFile, kindAt: (index: number) => number, path = sf.fileName ?? ""): Surface {
  const text = sf.text;
  const js = JS_RE.test(path);
  const cut: [number, number][] = [];
  if (!js) {
    for (let i = 1; i < sf.nodes.length; i++) {
      const kind = kindAt(i);
      const hides = TYPED_BODIES.has(kind) || kind === K.SetAccessor || kind === K.Constructor;
      if (!hides) continue;
      const node = sf.getOrCreateNodeAtIndex(i);
      const body = node.body;
      if (!body || (TYPED_BODIES.has(kind) && !node.type)) continue;
      cut.push([body.pos, body.end]);
    }
  }
  cut.sort((a, b) => a[0] - b[0]);
  let visible = "";
  let at = 0;
  for (const [start, end] of cut) {
    if (start < at) continue; // nested in a body already cut
    visible += `${text.slice(at, start)} {}`;
    at = end;
  }
  visible += text.slice(at);
  const global = /\bdeclare\s+(?:global|module)\b/.test(text) || !/^\s*(?:import|export)\b|\brequire\s*\(|\bmodule\.exports\b|\bexports\.\w/m.test(text);
  return { digest: createHash("sha256").update(normalize(visible)).digest("hex").slice(0, 32), global };
}

/** Comments dropped, whitespace runs collapsed to one space; string and template literals kept as written. */
export function normalize(text: string): string {
  let out = "";
  let space = false;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 47 && text.charCodeAt(i + 1) === 47) {
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
      } else {
        out += text[i];
        i++;
      }
    }
  }
  return out;
}
