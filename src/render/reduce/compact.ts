// Aggressive whitespace compaction of masked code (literals are opaque tokens): indentation
// removed, spaces around punctuation dropped unless that would fuse two operator
// characters into a different token (`a - -b`, `x + +y`, `/ /re/`) or two words, and short
// continuation lines joined. The output may not compile; identifiers never change.
// Python is never compacted (indentation is syntax); Ruby and Swift only lose indentation
// (spacing around their operators and symbols carries meaning).

import type { LanguageId } from "../../lang/languages.ts";
import type { Protector } from "./protect.ts";

const PUNCT = new Set("{}()[];,:=+-*/<>|&?!".split(""));
const OPERATOR = new Set("+-*/%<>=!&|?:^~.".split(""));
const MAX_JOINED = 120;

/** Whether a space between `a` and `b` must stay (one space). */
function mustSeparate(a: string, b: string, p: Protector): boolean {
  if (OPERATOR.has(a) && OPERATOR.has(b)) return true;
  const token = (c: string) => c === p.open || c === p.close;
  if ((a === "/" && token(b)) || (token(a) && b === "/")) return true; // `/ /re/` must not become a comment
  if (PUNCT.has(a) || PUNCT.has(b)) return false;
  return true;
}

function compactLine(line: string, p: Protector, spacing: boolean): string {
  const trimmed = line.trim();
  if (!spacing || trimmed.length < 3) return trimmed;
  return trimmed.replace(/[ \t]+/g, (_run, at: number, whole: string) => {
    const a = whole[at - 1] ?? "";
    const b = whole[at + _run.length] ?? "";
    return mustSeparate(a, b, p) ? " " : "";
  });
}

const CONTINUES_AFTER = /(?:[([{,]|[^=!<>]=|=>|&&|\|\||\?\?|[^+]\+|[^-]-|[?:])$/;
const CONTINUES_BEFORE = /^(?:[)\]}]|\.[^.]|\?\.|&&|\|\||\?\?|\?|:(?!:))/;

export function compact(masked: string, lang: LanguageId, p: Protector): string {
  if (lang === "python") return masked;
  const spacing = lang !== "ruby" && lang !== "swift";
  const joins = spacing;
  const cpp = lang === "c" || lang === "cpp";
  const loneToken = new RegExp(`^${p.open}[0-9a-z]+${p.close}$`);
  const out: string[] = [];
  for (const raw of masked.split("\n")) {
    const directive = cpp && raw.trimStart().startsWith("#");
    const line = compactLine(raw, p, spacing && !directive);
    const prev = out[out.length - 1];
    if (
      joins &&
      prev !== undefined &&
      line !== "" &&
      prev !== "" &&
      !directive &&
      !(cpp && prev.startsWith("#")) &&
      !loneToken.test(prev) &&
      !loneToken.test(line) &&
      prev.length + line.length < MAX_JOINED &&
      (CONTINUES_AFTER.test(prev) || CONTINUES_BEFORE.test(line))
    ) {
      const last = prev[prev.length - 1] ?? "";
      const dot = /^\??\./.test(line) && !/[0-9]/.test(last);
      const sep = !dot && mustSeparate(last, line[0] ?? "", p) ? " " : "";
      out[out.length - 1] = prev + sep + line;
      continue;
    }
    out.push(line);
  }
  return out.join("\n");
}
