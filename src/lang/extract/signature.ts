// Signature text of a declaration, computed from the JS source string alone (no N-API).
// Convention, the same for every language: the text from the declaration's start up to its
// body, where the start is AFTER leading decorators/annotations/attributes (`@Injectable()`,
// `#[derive]`, `[Serializable]`, Python decorators) but keeps modifiers and wrappers such as
// `export`, `declare`, `public static`, `pub`. Comments are dropped, whitespace collapsed,
// header punctuation (`:` `=` `;`) trimmed, and the result cut to 240 chars with `…`.
// Bodiless declarations show their whole text, with initializers over 40 chars as `= …`.
// Work is bounded by a window so huge declarations cost the same as small ones.

/** body: header up to the body; code: the whole (bodiless) declaration; value: like code, long initializers shown as `…`. */
export type SigMode = "body" | "code" | "value";

/** Which leading annotation syntaxes a language has: `@Name(...)`, `#[...]`, C# `[Name(...)]`. */
export interface AnnotationStyle {
  at?: boolean;
  hash?: boolean;
  bracket?: boolean;
  /** `#` starts a line comment (Python, Ruby): trailing comments are cut from headers. */
  hashComments?: boolean;
  /** Line (`//`) and block comments (C family, JS, Rust, Go, PHP…): removed from signatures. */
  slashComments?: boolean;
}

const WINDOW = 1200;
const MAX = 240;
const LONG_INITIALIZER = 40;

export function signatureOf(src: string, start: number, end: number, mode: SigMode, ann: AnnotationStyle): string {
  const from = skipAnnotations(src, start, end, ann);
  let text = src.slice(from, Math.min(end, from + WINDOW));
  if (ann.slashComments && text.includes("/")) text = stripComments(text);
  if (mode === "value") text = shortenInitializer(text);
  else if (mode === "body" && ann.hashComments) text = cutTrailingHashComments(text);
  text = text.replace(/\s+/g, " ").trim();
  if (mode === "body") text = text.replace(/\s*[:=;]$/, "");
  else text = text.replace(/\s*[;,]$/, "");
  return text.length > MAX ? `${text.slice(0, MAX - 1)}…` : text;
}

/** Index after leading `@Ann(...)`, `#[attr]` and C#-style `[Attr]` groups (and the whitespace around them). */
export function skipAnnotations(src: string, i: number, end: number, ann: AnnotationStyle): number {
  for (;;) {
    i = skipSpace(src, i, end);
    const c = src.charCodeAt(i);
    if (c === 64 /* @ */ && ann.at) {
      if (src.startsWith("@interface", i)) return i;
      let j = i + 1;
      while (j < end && /[\w.:$]/.test(src[j]!)) j++;
      if (j === i + 1) return i;
      const k = skipSpace(src, j, end);
      i = src.charCodeAt(k) === 40 /* ( */ ? skipBalanced(src, k, end) : j;
    } else if (c === 35 /* # */ && ann.hash && src.charCodeAt(i + 1) === 91 /* [ */) {
      i = skipBalanced(src, i + 1, end);
    } else if (c === 91 /* [ */ && ann.bracket && /^\[\s*[A-Za-z_]/.test(src.slice(i, i + 40)) && !src.startsWith("[[", i)) {
      i = skipBalanced(src, i, end);
    } else {
      return i;
    }
    if (i >= end) return end;
  }
}

function skipSpace(src: string, i: number, end: number): number {
  while (i < end) {
    const c = src.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13) i++;
    else break;
  }
  return i;
}

/** From an opening bracket at `i`, the index after its matching close (strings skipped). */
function skipBalanced(src: string, i: number, end: number): number {
  let depth = 0;
  for (; i < end; i++) {
    const ch = src[i]!;
    if (ch === "(" || ch === "[" || ch === "{") depth++;
    else if (ch === ")" || ch === "]" || ch === "}") {
      if (--depth === 0) return i + 1;
    } else if (ch === '"' || ch === "'" || ch === "`") {
      i = skipString(src, i, end);
    }
  }
  return end;
}

function skipString(src: string, i: number, end: number): number {
  const q = src[i];
  for (i++; i < end; i++) {
    const ch = src[i];
    if (ch === "\\") i++;
    else if (ch === q || ch === "\n") return i;
  }
  return end;
}

/** Removes line and block comments (C style) outside string literals. */
function stripComments(text: string): string {
  let out = "";
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"' || ch === "'" || ch === "`") {
      i = skipString(text, i, text.length);
    } else if (ch === "/" && (text[i + 1] === "/" || text[i + 1] === "*")) {
      const close = text[i + 1] === "/" ? text.indexOf("\n", i) : text.indexOf("*/", i + 2);
      out += `${text.slice(from, i)} `;
      from = close < 0 ? text.length : text[i + 1] === "/" ? close : close + 2;
      i = from - 1;
    }
  }
  return from === 0 ? text : out + text.slice(from);
}

/** `def f(a):  # note` → `def f(a):` — only a `#` outside string literals that starts trailing comment lines. */
function cutTrailingHashComments(text: string): string {
  for (let i = text.indexOf("#"); i >= 0; i = text.indexOf("#", i + 1)) {
    if (!/^#[^\n]*(?:\s*#[^\n]*)*\s*$/.test(text.slice(i))) continue;
    const before = text.slice(0, i);
    if ((before.split('"').length - 1) % 2 === 0 && (before.split("'").length - 1) % 2 === 0) return before;
  }
  return text;
}

/** `x: T = <long expression>` → `x: T = …` (the first top-level `=` that is not part of `==`, `=>`, `<=`…). */
export function shortenInitializer(text: string): string {
  const eq = initializerIndex(text);
  if (eq < 0) return text;
  const init = text.slice(eq + 1).trim().replace(/[;,]$/, "");
  return init.length > LONG_INITIALIZER ? `${text.slice(0, eq + 1)} …` : text;
}

function initializerIndex(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === "(" || ch === "[" || ch === "{") depth++;
    else if (ch === ")" || ch === "]" || ch === "}") depth--;
    else if (ch === '"' || ch === "'" || ch === "`") i = skipString(text, i, text.length);
    else if (ch === "=" && depth === 0) {
      const next = text[i + 1];
      const prev = text[i - 1];
      if (next === "=" || next === ">" || prev === "=" || prev === "!" || prev === "<" || prev === ">") continue;
      return i;
    }
  }
  return -1;
}
