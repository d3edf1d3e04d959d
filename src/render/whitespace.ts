// Whitespace normalisation, applied at every reduction level: trailing whitespace trimmed
// (CR of CRLF included), runs of blank lines condensed to one, no leading/trailing blank lines.

export function normalizeWhitespace(text: string): string {
  const lines = text.split("\n");
  const out: string[] = [];
  let blank = false;
  for (const raw of lines) {
    const line = raw.replace(/[ \t\r\f\v]+$/, "");
    if (line === "") {
      if (!blank && out.length > 0) out.push("");
      blank = true;
      continue;
    }
    blank = false;
    out.push(line);
  }
  while (out.length && out[out.length - 1] === "") out.pop();
  return out.join("\n");
}
