// Doc comments kept by skeletons: the first sentence of the doc comment right before a
// declaration (JSDoc/Javadoc `/** … */`, `///` in Rust/C#/Swift, `//` in Go, `#` in Ruby),
// re-emitted as one line; and the first line of a Python docstring.

import { leadingComment } from "../../lang/comments.ts";
import type { LanguageId } from "../../lang/languages.ts";

const MAX = 120;

function isSpace(c: string | undefined): boolean {
  return c === " " || c === "\t" || c === "\n" || c === "\r";
}

/** First sentence of a comment body (markers already stripped): description only, tags and XML doc tags dropped. */
export function firstSentence(body: string): string {
  const lines: string[] = [];
  let deprecated = false;
  for (const line of body.split("\n")) {
    const t = line.trim();
    if (t.startsWith("@")) {
      if (/^@deprecated\b/.test(t)) deprecated = true;
      if (lines.length > 0 || deprecated) break;
      continue;
    }
    lines.push(t);
  }
  let text = lines
    .join(" ")
    .replace(/<see\s+cref="([^"]*)"\s*\/>/g, "$1")
    .replace(/<\/?[A-Za-z][^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  const m = /^(.+?[.!?])(?=\s|$)/.exec(text);
  if (m?.[1]) text = m[1];
  if (text.length > MAX) text = `${text.slice(0, MAX - 1).trimEnd()}…`;
  text = text.replace(/\*\//g, "* /");
  if (!text && deprecated) return "@deprecated";
  return text;
}

const STOP = new Set("a an the of for to this that these is are be and or in on by with it its as from at new given".split(" "));

function words(s: string): string[] {
  return s
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Za-z])([0-9])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== "" && !STOP.has(w))
    .map((w) => (w.length > 3 && w.endsWith("s") && !w.endsWith("ss") ? w.slice(0, -1) : w));
}

/** A summary that only repeats the declaration's (qualified) name adds nothing: `/** create a shipment. *\/` on `createShipment`. */
export function repeatsName(summary: string, qualifiedName: string): boolean {
  const known = new Set(words(qualifiedName));
  const said = words(summary);
  return said.length > 0 && said.every((w) => known.has(w));
}

/** The one-line doc summary to put before the declaration at `start`, or "" when it has no doc comment (or one that only repeats `qualifiedName`). */
export function docSummary(text: string, start: number, lang: LanguageId, qualifiedName = ""): string {
  const line = docLine(text, start, lang);
  if (!line || !qualifiedName) return line;
  const body = line.replace(/^(?:\/\*\*|\/\/\/|\/\/|#)\s?/, "").replace(/\s?\*\/$/, "");
  return body !== "@deprecated" && repeatsName(body, qualifiedName) ? "" : line;
}

function docLine(text: string, start: number, lang: LanguageId): string {
  let end = start;
  while (end > 0 && isSpace(text[end - 1])) end--;
  if (end < 2) return "";
  if (text[end - 1] === "/" && text[end - 2] === "*") {
    if (lang === "python" || lang === "ruby") return "";
    const open = text.lastIndexOf("/*", end - 2);
    if (open < 0 || text[open + 2] !== "*" || text[open + 3] === "/") return "";
    const s = firstSentence(leadingComment(text, start, "c"));
    return s ? `/** ${s} */` : "";
  }
  const lineStart = text.lastIndexOf("\n", end - 1) + 1;
  const last = text.slice(lineStart, end).trim();
  let marker = "";
  if (lang === "ruby") marker = last.startsWith("#") && !last.startsWith("#!") ? "#" : "";
  else if (last.startsWith("///") && (lang === "rust" || lang === "csharp" || lang === "swift" || lang === "c" || lang === "cpp")) marker = "///";
  else if (last.startsWith("//") && lang === "go") marker = "//";
  if (!marker) return "";
  const s = firstSentence(leadingComment(text, start, lang === "ruby" ? "hash" : "c"));
  return s ? `${marker} ${s}` : "";
}

/** Where the doc comment right before `start` begins (block comment or a run of line comments), or `start`. */
export function docStart(text: string, start: number, lang: LanguageId): number {
  let end = start;
  while (end > 0 && isSpace(text[end - 1])) end--;
  if (end >= 2 && text[end - 1] === "/" && text[end - 2] === "*" && lang !== "python" && lang !== "ruby") {
    // The comment opens at the first `/*` after the previous `*/` (block comments do not
    // nest); the last `/*` before the end may sit inside the comment (`app.use('/api/*')`).
    const previousClose = text.lastIndexOf("*/", end - 3);
    const open = text.indexOf("/*", previousClose < 0 ? 0 : previousClose + 2);
    return open >= 0 && open < end - 2 && start - open < 20000 ? open : start;
  }
  const marker = lang === "python" || lang === "ruby" ? "#" : "//";
  let from = start;
  for (let guard = 0; guard < 400 && end > 0; guard++) {
    const lineStart = text.lastIndexOf("\n", end - 1) + 1;
    const line = text.slice(lineStart, end).trim();
    if (!line.startsWith(marker)) break;
    from = lineStart + (text.slice(lineStart, end).length - text.slice(lineStart, end).trimStart().length);
    end = lineStart;
    while (end > 0 && isSpace(text[end - 1])) end--;
  }
  return from;
}

/** `"""First line."""` from a Python docstring literal (prefixes kept out), or "". */
export function docstringLine(literal: string): string {
  const m = /^([rRuUbBfF]{0,2})("""|'''|"|')([\s\S]*?)\2$/.exec(literal);
  if (!m) return "";
  const first = (m[3] ?? "").split("\n").map((l) => l.trim()).find((l) => l !== "") ?? "";
  if (!first) return "";
  const q = m[2]!.length === 3 ? m[2]! : '"""';
  const safe = first.replace(/\\$/, "").replaceAll(q, q[0] === '"' ? "'''" : '"""');
  return `${q}${safe}${q}`;
}
