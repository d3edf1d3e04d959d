// Literal scanner: finds string, template, character and regex literals of a source file
// (per language: triple quotes, raw strings, heredocs, `${…}` interpolation, JS regex vs
// division, Rust lifetimes, C++ digit separators) so later passes can mask them. Comments
// are skipped, not reported (their removal is comments.ts' splitComments on the masked
// text). A quote the scanner decides is no literal (a lifetime `'a`) is reported as
// "stray" so that the comment split cannot mistake it for a string start either.

import type { LanguageId } from "../../lang/languages.ts";
import { isWord, percentEnd, rawStringEnd, REGEX_AFTER, REGEX_KEYWORDS, regexEnd, specOf, verbatimEnd, type Spec } from "./lexer-rules.ts";

export type LiteralKind = "string" | "template" | "regex" | "char" | "stray";

export interface Literal {
  start: number;
  end: number;
  kind: LiteralKind;
}

class Scanner {
  readonly spans: Literal[] = [];
  private prevSig = "";
  private prevWord = "";
  private readonly n: number;
  /** Ruby heredocs opened on the current line: their bodies start at the next newline. */
  private heredocs: { id: string; indented: boolean }[] = [];

  constructor(
    private readonly s: string,
    private readonly sp: Spec,
  ) {
    this.n = s.length;
  }

  /** Scans code from `i`; with `close`, stops after the first unmatched `close` and returns the index after it. */
  code(i: number, close: string | null, record: boolean): number {
    const { s, sp, n } = this;
    let depth = 0;
    while (i < n) {
      const c = s.charCodeAt(i);
      if (c === 10 && this.heredocs.length > 0) {
        i = this.heredocBodies(i + 1, record);
        continue;
      }
      if (c === 32 || c === 9 || c === 10 || c === 13) {
        i++;
        continue;
      }
      const ch = s[i]!;
      if (close !== null) {
        if (ch === "(" || ch === "[" || ch === "{") depth++;
        else if (ch === ")" || ch === "]" || ch === "}") {
          if (depth === 0 && ch === close) return i + 1;
          depth--;
        }
      }
      if (sp.slash && ch === "/" && (s[i + 1] === "/" || s[i + 1] === "*")) {
        if (s[i + 1] === "/" && (sp.lang === "tsx" || sp.lang === "javascript") && this.jsxText(i)) {
          this.push(i, i + 2, "stray", record); // `https://` or `a // b</span>` in JSX text is no comment
          i += 2;
          continue;
        }
        i = s[i + 1] === "/" ? this.lineEnd(i) : this.blockEnd(i);
        continue;
      }
      if (sp.hash && ch === "#" && !(sp.lang === "php" && s[i + 1] === "[")) {
        i = this.lineEnd(i);
        continue;
      }
      if (isWord(c)) {
        let j = i + 1;
        while (j < n && isWord(s.charCodeAt(j))) j++;
        const word = s.slice(i, j);
        const raw = rawStringEnd(s, sp.lang, word, j);
        if (raw > j) {
          this.push(i, raw, "string", record);
          this.prevSig = '"';
          i = raw;
          continue;
        }
        this.prevWord = word;
        this.prevSig = "a";
        i = j;
        continue;
      }
      const end = this.literal(i, ch, record);
      if (end > i) {
        i = end;
        continue;
      }
      this.prevSig = ch;
      i++;
    }
    return n;
  }

  /** A `//` at `i` that sits in JSX text: after `scheme:` or followed by a closing tag on its line. */
  private jsxText(i: number): boolean {
    const { s } = this;
    if (s[i - 1] === ":" && isWord(s.charCodeAt(i - 2))) return true;
    const end = this.lineEnd(i);
    const close = s.indexOf("</", i + 2);
    return close >= 0 && close < end && /[>}]/.test(s.slice(this.s.lastIndexOf("\n", i) + 1, i));
  }

  private push(start: number, end: number, kind: LiteralKind, record: boolean): void {
    if (record && end > start) this.spans.push({ start, end, kind });
  }

  private lineEnd(i: number): number {
    const nl = this.s.indexOf("\n", i);
    return nl < 0 ? this.n : nl;
  }

  private blockEnd(i: number): number {
    const { s, n } = this;
    if (!this.sp.nested) {
      const close = s.indexOf("*/", i + 2);
      return close < 0 ? n : close + 2;
    }
    let depth = 0;
    for (let j = i; j < n - 1; j++) {
      if (s[j] === "/" && s[j + 1] === "*") {
        depth++;
        j++;
      } else if (s[j] === "*" && s[j + 1] === "/") {
        depth--;
        j++;
        if (depth === 0) return j + 1;
      }
    }
    return n;
  }

  /** A literal starting at `i` (recorded); returns its end, or `i` when there is none. */
  private literal(i: number, ch: string, record: boolean): number {
    const { s, sp } = this;
    let end = -1;
    let kind: LiteralKind = "string";
    if (ch === '"' || (ch === "'" && sp.apostrophe === "string")) {
      if (sp.triple && s.startsWith(ch.repeat(3), i)) end = this.quoted(i + 3, ch.repeat(3), true, this.escapes());
      else if (sp.lang === "csharp" && (s[i - 1] === "@" || (s[i - 2] === "@" && s[i - 1] === "$"))) end = verbatimEnd(s, i + 1);
      else end = this.quoted(i + 1, ch, sp.multiline, true, sp.lang === "csharp" && (s[i - 1] === "$" || s[i - 2] === "$") ? "{" : sp.interp);
    } else if (ch === "'") {
      [end, kind] = this.apostrophe(i);
    } else if (ch === "`") {
      if (sp.backtick === "template") [end, kind] = [this.quoted(i + 1, "`", true, true, "${"), "template"];
      else if (sp.backtick === "raw") end = this.quoted(i + 1, "`", true, false);
      else if (sp.backtick === "name") end = this.quoted(i + 1, "`", false, false);
    } else if (ch === "/" && sp.regex && this.regexAllowed()) {
      [end, kind] = [regexEnd(s, i), "regex"];
    } else if (ch === "#" && sp.lang === "swift" && /^#+"/.test(s.slice(i, i + 8))) {
      const hashes = /^#+/.exec(s.slice(i, i + 8))![0];
      const close = s.indexOf(`"${hashes}`, i + hashes.length + 1);
      end = close < 0 ? this.n : close + 1 + hashes.length;
    } else if (ch === "<" && (sp.lang === "ruby" || sp.lang === "php")) {
      end = this.heredoc(i);
    } else if (ch === "%" && sp.lang === "ruby") {
      end = percentEnd(s, i, this.regexAllowed());
    }
    if (end <= i) return i;
    this.push(i, end, kind, record);
    this.prevSig = '"';
    return end;
  }

  private escapes(): boolean {
    return !(this.sp.lang === "kotlin" || this.sp.lang === "scala" || this.sp.lang === "csharp");
  }

  /** End of a string whose body starts at `j` and closes with `q`. */
  private quoted(j: number, q: string, multiline: boolean, escapes: boolean, interp: string | null = this.sp.interp): number {
    const { s, n } = this;
    while (j < n) {
      const c = s[j];
      if (c === "\\" && escapes && !(interp === "\\(" && s[j + 1] === "(")) j += 2;
      else if (c === q[0] && s.startsWith(q, j)) return j + q.length;
      else if (c === "\n" && !multiline) return j;
      else if (interp !== null && c === interp[0] && s.startsWith(interp, j)) {
        if (interp === "{" && s[j + 1] === "{") j += 2;
        else j = this.code(j + interp.length, interp.endsWith("(") ? ")" : "}", false);
      } else j++;
    }
    return n;
  }

  private apostrophe(i: number): [number, LiteralKind] {
    const { s, sp } = this;
    const mode = sp.apostrophe;
    if (mode === "none") return [i + 1, "stray"];
    if (mode === "separator" && isWord(s.charCodeAt(i - 1)) && /[0-9]/.test(s[i - 1] ?? "") && isWord(s.charCodeAt(i + 1))) return [i + 1, "stray"];
    if (mode === "lifetime" && s[i + 1] !== "\\") {
      const cp = s.codePointAt(i + 1) ?? 0;
      const width = cp > 0xffff ? 2 : 1;
      return s[i + 1 + width] === "'" ? [i + 2 + width, "char"] : [i + 1, "stray"];
    }
    let j = i + 1;
    if (s[j] === "\\") j += 2;
    const limit = Math.min(this.n, i + 16);
    for (; j < limit; j++) {
      if (s[j] === "\n") break;
      if (s[j] === "'") return [j + 1, "char"];
      if (s[j] === "\\") j++;
    }
    return [i + 1, "stray"];
  }

  private regexAllowed(): boolean {
    if (this.prevSig === "") return true;
    if (this.prevSig === "a") return REGEX_KEYWORDS.has(this.prevWord);
    return REGEX_AFTER.includes(this.prevSig);
  }

  /** Ruby `<<~ID` (body from the next line) and PHP `<<<ID` heredocs. */
  private heredoc(i: number): number {
    const { s } = this;
    if (this.sp.lang === "php") {
      const m = /^<<<[ \t]*(["']?)([A-Za-z_]\w*)\1\r?\n/.exec(s.slice(i, i + 80));
      if (!m) return -1;
      const re = new RegExp(`\\n[ \\t]*${m[2]}\\b`, "g");
      re.lastIndex = i + m[0].length - 1;
      const close = re.exec(s);
      return close ? close.index + close[0].length : this.n;
    }
    const m = /^<<([~-]?)(["'`]?)([A-Z_][A-Za-z0-9_]*)\2/.exec(s.slice(i, i + 80));
    if (!m || !m[3]) return -1;
    this.heredocs.push({ id: m[3], indented: m[1] !== "" });
    return i + m[0].length;
  }

  private heredocBodies(j: number, record: boolean): number {
    const pending = this.heredocs;
    this.heredocs = [];
    for (const h of pending) {
      const start = j;
      while (j < this.n) {
        const end = this.lineEnd(j);
        const line = this.s.slice(j, end);
        j = Math.min(this.n, end + 1);
        if ((h.indented ? line.trim() : line) === h.id) break;
      }
      this.push(start, j, "string", record);
    }
    return j;
  }

}

/** The literals of `text` in source order (non-overlapping). Never throws. */
export function scanLiterals(text: string, lang: LanguageId): Literal[] {
  const scanner = new Scanner(text, specOf(lang));
  try {
    scanner.code(0, null, true);
  } catch {
    // pathological nesting: keep what was found
  }
  return scanner.spans;
}

