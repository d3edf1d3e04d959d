// Pattern summary, shared ground: each collected file prepared once (language by extension,
// comments stripped, import specifiers, test-file flag) and the helpers that count regex
// matches and format the one-line summaries.

import type { FileFacts } from "../../wiring/model.ts";

export type Lang = "js" | "py" | "cs" | "jvm" | "go";

export interface Src {
  path: string;
  /** Lower-cased base name. */
  name: string;
  /** Null for non-code files kept only for their name or text (package.json, *.prisma …). */
  lang: Lang | null;
  text: string;
  /** Code with comments removed (strings kept); "" for non-code files. */
  code: string;
  /** Looks like a test file by its path. */
  test: boolean;
  imports: readonly string[];
}

export interface Corpus {
  /** Every prepared file, tests and config included. */
  all: readonly Src[];
  /** Code files that are not tests: what the production-code detectors look at. */
  code: readonly Src[];
  /** Framework wiring facts by path (src/wiring): files without wiring are absent. */
  wiring: ReadonlyMap<string, FileFacts>;
}

const LANG_BY_EXT: Record<string, Lang> = {
  ts: "js", tsx: "js", mts: "js", cts: "js", js: "js", jsx: "js", mjs: "js", cjs: "js", vue: "js", svelte: "js",
  py: "py", cs: "cs", java: "jvm", kt: "jvm", go: "go",
};
const CONFIG_EXT = new Set(["json", "toml", "ini", "prisma", "csproj", "cfg"]);
/** Bundles and generated text are not evidence of how a codebase is written. */
const MAX_CHARS = 1_000_000;

const TEST_PATH = new RegExp([
  String.raw`(?:^|/)(?:__tests__|__mocks__|tests?|spec|e2e|cypress)/`,
  String.raw`\.(?:test|spec|e2e-spec|cy)\.[cm]?[jt]sx?$`,
  String.raw`_test\.(?:go|py)$|(?:^|/)(?:test_[^/]*|conftest)\.py$|Tests?\.(?:cs|java|kt)$`,
].join("|"));

const JS_IMPORT = /(?:\bfrom|\bimport\s*\(?|\brequire\s*\()\s*(['"])([^'"\n]{1,200})\1/g;
const PY_IMPORT = /^[ \t]*(?:from[ \t]+([\w.]+)[ \t]+import|import[ \t]+([\w.]+))/gm;
const JVM_IMPORT = /^[ \t]*import[ \t]+(?:static[ \t]+)?([\w.]+)/gm;
const CS_IMPORT = /^[ \t]*(?:global[ \t]+)?using[ \t]+(?:static[ \t]+)?([\w.]+)[ \t]*;/gm;
const GO_IMPORT = /\bimport\s*(?:\(([^)]*)\)|(?:[\w.]+\s+)?"([^"\n]+)")/g;
const GO_STRING = /"([^"\n]+)"/g;

export function prepare(path: string, text: string): Src | null {
  const slash = path.lastIndexOf("/");
  const name = path.slice(slash + 1).toLowerCase();
  const dot = name.lastIndexOf(".");
  const ext = dot < 0 ? "" : name.slice(dot + 1);
  const lang = LANG_BY_EXT[ext] ?? null;
  if (text.length > MAX_CHARS) return null;
  if (lang === null) return CONFIG_EXT.has(ext) || name.startsWith(".mocharc") ? { path, name, lang, text, code: "", test: false, imports: [] } : null;
  if (name.endsWith(".d.ts") || name.endsWith(".min.js")) return null;
  const code = stripComments(text, lang === "py");
  return { path, name, lang, text, code, test: TEST_PATH.test(path), imports: importsOf(lang, code) };
}

function importsOf(lang: Lang, code: string): string[] {
  const out: string[] = [];
  if (lang === "js") for (const m of code.matchAll(JS_IMPORT)) out.push(m[2] ?? "");
  else if (lang === "py") for (const m of code.matchAll(PY_IMPORT)) out.push(m[1] ?? m[2] ?? "");
  else if (lang === "jvm") for (const m of code.matchAll(JVM_IMPORT)) out.push(m[1] ?? "");
  else if (lang === "cs") for (const m of code.matchAll(CS_IMPORT)) out.push(m[1] ?? "");
  else {
    for (const m of code.matchAll(GO_IMPORT)) {
      if (m[2] !== undefined) out.push(m[2]);
      else for (const s of (m[1] ?? "").matchAll(GO_STRING)) out.push(s[1] ?? "");
    }
  }
  return out;
}

/** Whether the file imports one of `mods`: exact, or a sub-path (`/`, `.`); a module ending in `/` or `.` is a prefix. */
export function imports(f: Src, ...mods: string[]): boolean {
  for (const spec of f.imports) {
    for (const mod of mods) {
      if (spec === mod) return true;
      if (!spec.startsWith(mod)) continue;
      const next = spec[mod.length];
      if (mod.endsWith("/") || mod.endsWith(".") || next === "/" || next === ".") return true;
    }
  }
  return false;
}

/**
 * Removes `//` and `/* *\/` comments (only `#` comments when `hash`: Python), keeping string and
 * template literals intact. One linear pass; `'`/`"` strings end at a newline at the latest,
 * so a regex literal holding a quote costs at most the rest of its line.
 */
export function stripComments(text: string, hash: boolean): string {
  const parts: string[] = [];
  const n = text.length;
  let start = 0;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    const d = text.charCodeAt(i + 1);
    if (hash ? c === 35 /* # */ : c === 47 /* / */ && d === 47) {
      parts.push(text.slice(start, i));
      const e = text.indexOf("\n", i);
      i = start = e < 0 ? n : e;
    } else if (!hash && c === 47 && d === 42 /* * */) {
      parts.push(text.slice(start, i), " ");
      const e = text.indexOf("*/", i + 2);
      i = start = e < 0 ? n : e + 2;
    } else if (c === 34 || c === 39 || c === 96) i = skipString(text, i, hash);
    else if (c === 92 /* \ */) i += 2;
    else i++;
  }
  parts.push(text.slice(start));
  return parts.join("");
}

/** Index just past the string literal opening at `i` (Python triple quotes when `triple`). */
export function skipString(text: string, i: number, triple: boolean): number {
  const q = text[i] ?? "";
  const n = text.length;
  if (triple && text.startsWith(q + q + q, i)) {
    const e = text.indexOf(q + q + q, i + 3);
    return e < 0 ? n : e + 3;
  }
  let j = i + 1;
  while (j < n) {
    const c = text[j];
    if (c === "\\") j += 2;
    else if (c === q) return j + 1;
    else if (c === "\n" && q !== "`") return j;
    else j++;
  }
  return n;
}

/** Matches of a global regex (without empty matches) in `text`. */
export function count(re: RegExp, text: string): number {
  re.lastIndex = 0;
  let n = 0;
  while (re.exec(text) !== null) n++;
  return n;
}

/** Adds capture `group` of every match of a global regex to `into`. */
export function collect(re: RegExp, text: string, into: Set<string>, group = 1): void {
  for (const m of text.matchAll(re)) {
    const v = m[group];
    if (v) into.add(v);
  }
}

/** A counter keyed by name. */
export class Tally extends Map<string, number> {
  add(key: string, n = 1): void {
    this.set(key, this.n(key) + n);
  }
  n(key: string): number {
    return this.get(key) ?? 0;
  }
  total(): number {
    let t = 0;
    for (const v of this.values()) t += v;
    return t;
  }
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** At most `max` names, sorted, with `…` when more. */
export function examples(names: Iterable<string>, max = 3): string {
  const sorted = [...new Set(names)].sort();
  return sorted.slice(0, max).join(", ") + (sorted.length > max ? ", …" : "");
}

export interface Segment {
  text: string;
  weight: number;
}

/** Segments heaviest first (stable: equal weights keep their given order), at most `max`, `; `-joined. */
export function joinSegments(list: readonly Segment[], max = 3): string {
  const sorted = [...list].sort((a, b) => b.weight - a.weight);
  return sorted.slice(0, max).map((s) => s.text).join("; ") + (sorted.length > max ? "; …" : "");
}

/** Comma-joined `plural` parts, zero counts left out. */
export function parts(...items: [number, string, string?][]): string {
  return items.filter(([n]) => n > 0).map(([n, one, many]) => plural(n, one, many)).join(", ");
}
