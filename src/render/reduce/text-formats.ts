// Text formats at `standard` and above: JSON minified (key order and string contents kept;
// comments and trailing commas dropped, as JSONC/tsconfig allow them), YAML without
// comments and blank lines (block scalars kept verbatim). Markdown, CSS and HTML/XML are
// in markup.ts. Other text (TOML, shell, Dockerfile, plain text) is whitespace-normalised only.

import type { LanguageId } from "../../lang/languages.ts";
import { reduceCss, reduceMarkdown, reduceMarkup } from "./markup.ts";

/** JSON/JSONC without insignificant whitespace, comments or trailing commas. Tolerates malformed input. */
export function minifyJson(text: string): string {
  const out: string[] = [];
  const n = text.length;
  let i = 0;
  let from = 0;
  const flush = (to: number) => {
    if (to > from) out.push(text.slice(from, to));
  };
  while (i < n) {
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      while (j < n && text[j] !== '"' && text[j] !== "\n") j += text[j] === "\\" ? 2 : 1;
      i = Math.min(n, j + 1);
      continue;
    }
    if (c === " " || c === "\t" || c === "\n" || c === "\r" || (c === "/" && (text[i + 1] === "/" || text[i + 1] === "*"))) {
      flush(i);
      let j = i;
      if (c === "/") {
        const close = text[i + 1] === "/" ? text.indexOf("\n", i) : text.indexOf("*/", i + 2);
        j = close < 0 ? n : text[i + 1] === "/" ? close : close + 2;
      } else j++;
      i = from = j;
      continue;
    }
    if (c === "}" || c === "]") {
      flush(i);
      from = i;
      const last = out[out.length - 1];
      if (last !== undefined && last.endsWith(",")) out[out.length - 1] = last.slice(0, -1);
    }
    i++;
  }
  flush(n);
  return out.join("");
}

/** A YAML block scalar header (`key: |`, `- >-`, `key: |2 # note`). */
const BLOCK_SCALAR = /(?:^|[:\-?]\s+)[|>][0-9+-]{0,3}\s*(?:#.*)?$/;

/** The line without its trailing comment (a `#` after whitespace, outside quotes). */
function cutComment(line: string): string {
  let quote = "";
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === "\\" && quote === '"') i++;
      else if (c === "'" && quote === "'" && line[i + 1] === "'") i++;
      else if (c === quote) quote = "";
    } else if ((c === '"' || c === "'") && (i === 0 || /[\s:\-[{,]/.test(line[i - 1]!))) {
      quote = c;
    } else if (c === "#" && (i === 0 || line[i - 1] === " " || line[i - 1] === "\t")) {
      return line.slice(0, i).trimEnd();
    }
  }
  return line;
}

export function reduceYaml(text: string): string {
  const out: string[] = [];
  let blockIndent = -1;
  for (const line of text.split("\n")) {
    const indent = line.length - line.trimStart().length;
    const blank = line.trim() === "";
    if (blockIndent >= 0) {
      if (blank || indent > blockIndent) {
        out.push(line);
        continue;
      }
      blockIndent = -1;
    }
    if (blank || line.trimStart().startsWith("#")) continue;
    const kept = cutComment(line);
    if (kept.trim() === "") continue;
    out.push(kept);
    if (BLOCK_SCALAR.test(kept)) blockIndent = indent;
  }
  return out.join("\n");
}

/** Format-aware reduction of a non-code file, or null when the format has none (whitespace only). */
export function reduceTextFormat(text: string, lang: LanguageId | null, path: string): string | null {
  switch (lang) {
    case "json":
      return minifyJson(text);
    case "yaml":
      return reduceYaml(text);
    case "markdown":
      return reduceMarkdown(text);
    case "css":
      return reduceCss(text, /\.(?:scss|less)$/i.test(path));
    case "html":
    case "xml":
      return reduceMarkup(text);
    default:
      return null;
  }
}
