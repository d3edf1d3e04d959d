// Markdown (HTML comments dropped, setext headings → ATX, horizontal rules dropped, table
// padding collapsed; fenced code and front matter untouched), CSS/SCSS/LESS (comments
// dropped, whitespace around `{};:,` collapsed, one rule per line; strings untouched) and
// HTML/XML (comments dropped, whitespace runs collapsed, indentation removed; `<pre>`,
// `<script>`, `<style>`, `<textarea>` and CDATA untouched).

import { maskLiterals } from "./literals.ts";
import { Protector } from "./protect.ts";

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const SEPARATOR_CELL = /^:?-+:?$/;

function tableRow(line: string): string {
  const inner = line.trim().slice(1, -1);
  const cells = inner.split(/(?<!\\)\|/).map((c) => c.trim());
  if (cells.every((c) => SEPARATOR_CELL.test(c))) {
    return `|${cells.map((c) => `${c.startsWith(":") ? ":" : ""}---${c.endsWith(":") && c.length > 1 ? ":" : ""}`).join("|")}|`;
  }
  return `| ${cells.join(" | ")} |`;
}

function paragraphLine(line: string | undefined): boolean {
  if (line === undefined) return false;
  const t = line.trim();
  return t !== "" && !/^(?:#|>|[-*+]\s|\d+[.)]\s|\||<|```|~~~)/.test(t) && !RULE.test(line);
}

export function reduceMarkdown(text: string): string {
  const lines = text.split("\n");
  const out: string[] = [];
  let fence = "";
  let i = 0;
  if (lines[0]?.trim() === "---") {
    const close = lines.findIndex((l, k) => k > 0 && (l.trim() === "---" || l.trim() === "..."));
    if (close > 0) {
      out.push(...lines.slice(0, close + 1));
      i = close + 1;
    }
  }
  let inComment = false;
  for (; i < lines.length; i++) {
    let line = lines[i]!;
    if (fence) {
      out.push(line);
      if (line.trim().startsWith(fence)) fence = "";
      continue;
    }
    const open = FENCE.exec(line);
    if (open?.[1]) {
      fence = open[1][0]!.repeat(3);
      out.push(line);
      continue;
    }
    // HTML comments, possibly spanning lines
    if (inComment || line.includes("<!--")) {
      let kept = "";
      let rest = line;
      while (rest) {
        if (inComment) {
          const close = rest.indexOf("-->");
          if (close < 0) {
            rest = "";
            break;
          }
          rest = rest.slice(close + 3);
          inComment = false;
        } else {
          const start = rest.indexOf("<!--");
          if (start < 0) {
            kept += rest;
            break;
          }
          kept += rest.slice(0, start);
          rest = rest.slice(start + 4);
          inComment = true;
        }
      }
      if (kept.trim() === "") continue;
      line = kept;
    }
    const next = lines[i + 1];
    if (next !== undefined && paragraphLine(line) && /^ {0,3}(=+|-+)[ \t]*$/.test(next) && !fence) {
      out.push(`${next.trim().startsWith("=") ? "#" : "##"} ${line.trim()}`);
      i++;
      continue;
    }
    if (RULE.test(line)) continue;
    const t = line.trim();
    out.push(t.length > 1 && t.startsWith("|") && t.endsWith("|") ? tableRow(line) : line);
  }
  return out.join("\n");
}

export function reduceCss(text: string, lineComments: boolean): string {
  const p = new Protector(text);
  let t = maskLiterals(text, "css", p);
  t = t.replace(/\/\*[\s\S]*?(?:\*\/|$)/g, " ");
  if (lineComments) t = t.replace(/(^|[^:\\])\/\/[^\n]*/g, "$1");
  t = t
    .replace(/\s+/g, " ")
    .replace(/\s*([{};,])\s*/g, "$1")
    .replace(/:\s+/g, ":")
    .replace(/;}/g, "}");
  let out = "";
  let depth = 0;
  for (let i = 0; i < t.length; i++) {
    const c = t[i]!;
    if (c === " " && depth > 0 && t[i + 1] === ":" && /[\w-]/.test(t[i - 1] ?? "")) continue; // `color : red`
    out += c;
    if (c === "{") depth++;
    else if (c === "}") {
      depth = Math.max(0, depth - 1);
      if (depth === 0) out += "\n";
    } else if (c === ";" && depth === 0) out += "\n";
  }
  return p.restore(out.trim());
}

const RAW_BLOCKS = /<(pre|script|style|textarea)\b[\s\S]*?<\/\1\s*>|<!\[CDATA\[[\s\S]*?\]\]>/gi;

export function reduceMarkup(text: string): string {
  const p = new Protector(text);
  let t = text.replace(RAW_BLOCKS, (block) => p.token(block));
  t = t.replace(/<!--[\s\S]*?(?:-->|$)/g, "");
  t = t.replace(/[ \t]*\n\s*/g, "\n").replace(/[ \t]{2,}/g, " ");
  t = t.replace(/^[ \t]+/, "");
  return p.restore(t);
}
