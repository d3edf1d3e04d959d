// Apply takes back the bidi controls views showed escaped (text/bidi.ts): every text answer shows
// U+202E as `\u{202E}`, so content derived from a view holds the escape where the file holds the
// character. A line the file has with bidi controls, given back as the view showed it, takes the
// file's own line; an escape on any other line is written as the text it is when the file holds
// no bidi control (a new file, or `"\u{202E}"` in source that means it), and is refused, naming
// what to pass, when the file holds one (the edit may mean the character or the text: which
// cannot be told).

import { validationError } from "../errors.ts";
import { bidiNames, escapeBidi, hasBidi, hasEscapedBidi } from "../text/bidi.ts";

export function restoreBidi(rel: string, content: string, disk: string | null): string {
  if (!hasEscapedBidi(content) || disk === null || !hasBidi(disk)) return content;
  const own = new Map<string, string>();
  for (const line of disk.split("\n")) {
    const bare = line.replace(/\r$/, "");
    if (hasBidi(bare)) own.set(escapeBidi(bare), bare);
  }
  const literal = new Set(disk.split("\n").map((l) => l.replace(/\r$/, "")).filter(hasEscapedBidi));
  return content
    .split("\n")
    .map((line, i) => {
      const cr = line.endsWith("\r") ? "\r" : "";
      const bare = cr ? line.slice(0, -1) : line;
      if (!hasEscapedBidi(bare) || literal.has(bare)) return line;
      const back = own.get(bare);
      if (back !== undefined) return back + cr;
      throw validationError(
        `refusing to apply to '${rel}': line ${i + 1} holds a bidi control escaped as svc views show one ('\\u{…}'), and the file holds such characters (${bidiNames(disk).join(", ")}), so whether the edit means the character or that text cannot be told: keep the line as the view showed it, pass the character itself (the JSON escape \\u202E in the tool's arguments), or spell a source escape another way (\\u202E without braces)`,
      );
    })
    .join("\n");
}
