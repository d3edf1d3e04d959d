// Gitignore-syntax matching (our own, no dependency): glob → RegExp compilation following git's
// wildmatch, and IgnoreRules, a set of rules from several ignore files with git's precedence.

type CompileOptions = { braces?: boolean };

const NEVER = /(?!)/u;
const SYNTAX = /[\\^$.*+?()[\]{}|]/u;

/** POSIX bracket classes (`[[:digit:]]`), as RegExp class bodies (ASCII, like git's C locale). */
const POSIX: Record<string, string> = {
  alnum: "a-zA-Z0-9", alpha: "a-zA-Z", blank: " \\t", cntrl: "\\x00-\\x1f\\x7f", digit: "0-9", graph: "\\x21-\\x7e",
  lower: "a-z", print: "\\x20-\\x7e", punct: "!-\\/:-@\\[-`{-~", space: " \\t\\n\\r\\f\\v", upper: "A-Z", xdigit: "0-9A-Fa-f",
};

const lit = (c: string): string => (SYNTAX.test(c) ? `\\${c}` : c);
const clsChar = (c: string): string => `\\u{${c.codePointAt(0)!.toString(16)}}`;

/** The most `*` wildcards one path segment of a user-given glob with `{…}` may hold: around an alternation they keep plain backtracking, O(n^k) on a long name (elsewhere they are linear). */
export const MAX_SEGMENT_STARS = 2;

/** Why a user-given glob (excludePatterns) is refused, or null: a `{…}` alternation and too many `*` wildcards in one segment. */
export function globCostProblem(glob: string): string | null {
  if (!glob.includes("{")) return null;
  for (const segment of glob.split("/")) {
    if (/^\*\*$/.test(segment)) continue;
    const stars = segment.match(/\*+/g)?.length ?? 0;
    if (stars > MAX_SEGMENT_STARS) return `has ${stars} '*' wildcards in the segment '${segment.slice(0, 60)}' of a pattern with '{…}'; at most ${MAX_SEGMENT_STARS} per path segment there`;
  }
  return null;
}

/** Compile one glob (gitignore/`excludePatterns` flavour) to a RegExp over '/'-separated relative paths: `*` and `?` never cross '/', `**` as a whole segment (leading, trailing or in the middle) crosses any number of segments, `[abc]`, `[a-z]`, `[!x]`, `{a,b}` alternation, backslash escapes. A malformed glob (unclosed `[`, trailing lone `\`) matches nothing, as in git. `braces: false` makes `{`/`}` literal (git's own flavour). */
export function globToRegExp(glob: string, options: CompileOptions = {}): RegExp {
  const g = Array.from(glob); // code points, so classes and ranges see whole characters
  const src = compile(g, 0, g.length, options.braces !== false);
  return src === null ? NEVER : new RegExp(`^(?:${src})$`, "su");
}

let atomicGroups = 0;

/** Index of the next `*` in the same path segment after `from`, or -1 (none, a '/' first, or a `{` alternation in between, whose pieces need not be of fixed length). */
function nextStarInSegment(g: string[], from: number, end: number, braces: boolean): number {
  for (let k = from; k < end; k++) {
    const c = g[k];
    if (c === "/") return -1;
    if (c === "*") return k;
    if (c === "\\") k++;
    else if (c === "{" && braces) return -1;
    else if (c === "[") {
      const cls = parseClass(g, k, end);
      if (!cls) return -1;
      k = cls.end;
    }
  }
  return -1;
}

function compile(g: string[], start: number, end: number, braces: boolean): string | null {
  let out = "";
  for (let i = start; i < end; i++) {
    const c = g[i]!;
    if (c === "*") {
      let j = i;
      while (j < end && g[j] === "*") j++;
      // `**` is special only as a whole segment: preceded by start or '/', followed by end or '/'.
      const whole = j - i >= 2 && (i === start || g[i - 1] === "/") && (j === end || g[j] === "/");
      if (whole && j < end) {
        // `**/` matches zero or more leading directories; `**/**/` is the same (and repeating it would backtrack exponentially)
        if (!out.endsWith("(?:.*/)?")) out += "(?:.*/)?";
        j++;
      } else if (whole) out += ".*";
      else {
        // A `*` followed by another `*` in the same segment commits to the leftmost match of the
        // fixed-length piece between them (an atomic lookahead), so k wildcards in a segment cost
        // O(n·k) instead of backtracking O(n^k); the segment's last `*` stays a plain `[^/]*`.
        const next = nextStarInSegment(g, j, end, braces);
        const piece = next === -1 ? null : compile(g, j, next, braces);
        if (next !== -1 && piece !== null && piece !== "") {
          const name = `w${++atomicGroups}`;
          out += `(?=(?<${name}>[^/]*?${piece}))\\k<${name}>`;
          j = next;
        } else out += "[^/]*";
      }
      i = j - 1;
    } else if (c === "?") out += "[^/]";
    else if (c === "[") {
      const cls = parseClass(g, i, end);
      if (!cls) return null;
      out += cls.src;
      i = cls.end;
    } else if (c === "\\") {
      if (i + 1 >= end) return null;
      out += lit(g[++i]!);
    } else if (c === "{" && braces) {
      const alt = splitBraces(g, i, end);
      if (!alt) {
        out += "\\{";
        continue;
      }
      const parts: string[] = [];
      for (const [s, e] of alt.ranges) {
        const part = compile(g, s, e, braces);
        if (part === null) return null;
        parts.push(part);
      }
      out += `(?:${parts.join("|")})`;
      i = alt.close;
    } else out += lit(c);
  }
  return out;
}

/** `[...]` starting at g[i]; returns the regex source and the index of the closing ']', or null if unterminated. */
function parseClass(g: string[], i: number, end: number): { src: string; end: number } | null {
  let j = i + 1;
  let negate = false;
  if (g[j] === "!" || g[j] === "^") {
    negate = true;
    j++;
  }
  let body = "";
  for (let first = true; ; first = false) {
    if (j >= end) return null;
    let c = g[j]!;
    if (c === "]" && !first) break;
    if (c === "[" && g[j + 1] === ":") {
      let k = j + 2;
      while (k < end && g[k] !== "]") k++;
      if (k < end && k - 1 >= j + 2 && g[k - 1] === ":") {
        const cls = POSIX[g.slice(j + 2, k - 1).join("")];
        if (cls === undefined) return null; // unknown class: git aborts the match
        body += cls;
        j = k + 1;
        continue;
      }
    }
    if (c === "\\") {
      if (++j >= end) return null;
      c = g[j]!;
    }
    if (g[j + 1] === "-" && j + 2 < end && g[j + 2] !== "]") {
      let k = j + 2;
      if (g[k] === "\\" && ++k >= end) return null;
      const hi = g[k]!;
      if (c.codePointAt(0)! <= hi.codePointAt(0)!) body += `${clsChar(c)}-${clsChar(hi)}`;
      j = k + 1;
      continue;
    }
    body += clsChar(c);
    j++;
  }
  // Classes never match '/' (wildmatch with WM_PATHNAME).
  return { src: negate ? `[^/${body}]` : `(?!/)[${body}]`, end: j };
}

/** `{a,b}` starting at g[i]: top-level alternative ranges and the closing index, or null (no '}' or no ','). */
function splitBraces(g: string[], i: number, end: number): { ranges: [number, number][]; close: number } | null {
  const ranges: [number, number][] = [];
  let depth = 0;
  let from = i + 1;
  for (let j = i + 1; j < end; j++) {
    const c = g[j];
    if (c === "\\") j++;
    else if (c === "{") depth++;
    else if (c === "}" && depth > 0) depth--;
    else if (c === "," && depth === 0) {
      ranges.push([from, j]);
      from = j + 1;
    } else if (c === "}") {
      if (ranges.length === 0) return null;
      ranges.push([from, j]);
      return { ranges, close: j };
    }
  }
  return null;
}

interface Rule {
  re: RegExp;
  negate: boolean;
  dirOnly: boolean;
  /** No '/' in the pattern: matched against the base name at any depth below the base directory. */
  basename: boolean;
}

/** Trim trailing spaces unless backslash-escaped (git's trim_trailing_spaces). */
function trimTrailingSpaces(line: string): string {
  let lastSpace = -1;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === " ") {
      if (lastSpace < 0) lastSpace = i;
    } else {
      if (c === "\\" && ++i >= line.length) return line;
      lastSpace = -1;
    }
  }
  return lastSpace < 0 ? line : line.slice(0, lastSpace);
}

function parseRule(raw: string, braces: boolean): Rule | null {
  let line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
  if (line === "" || line.startsWith("#")) return null;
  line = trimTrailingSpaces(line);
  const negate = line.startsWith("!");
  if (negate) line = line.slice(1);
  const dirOnly = line.endsWith("/");
  if (dirOnly) line = line.slice(0, -1);
  const basename = !line.includes("/");
  if (line.startsWith("/")) line = line.slice(1);
  if (line === "") return null;
  return { re: globToRegExp(line, { braces }), negate, dirOnly, basename };
}

function normalize(path: string): string {
  return path.replace(/^(?:\.\/)+/, "").replace(/^\/+|\/+$/g, "").replace(/^\.$/, "");
}

/** A set of gitignore rules gathered from several files, each relative to its own base directory. */
export class IgnoreRules {
  /** Rules per base directory, in file order. Deeper bases take precedence, then later rules. */
  readonly #groups = new Map<string, Rule[]>();
  /** Memo of "this directory (or one of its parents) is excluded"; reset by every add. */
  readonly #dirs = new Map<string, boolean>();
  #size = 0;

  get size(): number {
    return this.#size;
  }

  /** Add the lines of one ignore file whose directory is `baseDir` (workspace-relative, '' for the root). Git syntax: `{}` are literal. */
  add(baseDir: string, content: string): void {
    this.#addAll(baseDir, content.replace(/^\uFEFF/, "").split("\n"), false);
  }

  /** Add plain patterns (svc.json "ignore" entries, `.svcignore` lines) relative to the root; same line syntax as `add`, plus `{a,b}`. */
  addPatterns(patterns: string[], baseDir = ""): void {
    this.#addAll(baseDir, patterns, true);
  }

  #addAll(baseDir: string, lines: string[], braces: boolean): void {
    const base = normalize(baseDir);
    let group = this.#groups.get(base);
    for (const line of lines) {
      const rule = parseRule(line, braces);
      if (!rule) continue;
      if (!group) this.#groups.set(base, (group = []));
      group.push(rule);
      this.#size++;
    }
    this.#dirs.clear();
  }

  /** Whether the workspace-relative path is ignored: last matching rule wins, deeper files over shallower, and anything inside an excluded directory stays excluded. */
  ignores(relPath: string, isDir: boolean): boolean {
    const path = normalize(relPath);
    if (path === "" || this.#size === 0) return false;
    const slash = path.lastIndexOf("/");
    if (slash > 0 && this.#dirExcluded(path.slice(0, slash))) return true;
    return this.#match(path, isDir);
  }

  #dirExcluded(dir: string): boolean {
    const known = this.#dirs.get(dir);
    if (known !== undefined) return known;
    const slash = dir.lastIndexOf("/");
    const result = (slash > 0 && this.#dirExcluded(dir.slice(0, slash))) || this.#match(dir, true);
    this.#dirs.set(dir, result);
    return result;
  }

  /** The verdict of the rules alone (no parent-directory check). */
  #match(path: string, isDir: boolean): boolean {
    const name = path.slice(path.lastIndexOf("/") + 1);
    // Walk the base directories that contain `path`, deepest first.
    for (let cut = path.lastIndexOf("/"); ; cut = path.lastIndexOf("/", cut - 1)) {
      const group = this.#groups.get(cut < 0 ? "" : path.slice(0, cut));
      if (group) {
        const rel = cut < 0 ? path : path.slice(cut + 1);
        for (let k = group.length - 1; k >= 0; k--) {
          const rule = group[k]!;
          if (rule.dirOnly && !isDir) continue;
          if (rule.re.test(rule.basename ? name : rel)) return !rule.negate;
        }
      }
      if (cut < 0) return false;
    }
  }
}
