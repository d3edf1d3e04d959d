// The file's own style for text a refactor writes: semicolons or none, the quote of its
// module specifiers. A minimal local detection; a shared style-detection module (branch
// `gate`) is meant to replace it once it is on main.

/** Whether the file ends its statements with semicolons (most statement-like lines do). */
export function usesSemicolons(text: string): boolean {
  const lines = text.split("\n").map((l) => l.trimEnd());
  const ending = lines.filter((l) => /[\w)\]'"`]$/.test(l) && !/^\s*(?:\/\/|\*|\/\*)/.test(l) && !/^\s*(?:export\s+)?(?:class|interface|function|if|for|while|else|switch|try|type\b.*=\s*$)/.test(l)).length;
  const semi = lines.filter((l) => l.endsWith(";")).length;
  return semi >= ending;
}

/** The quote the file's imports use (double when it has none). */
export function importQuote(text: string): "'" | '"' {
  const single = (text.match(/\bfrom\s+'/g) ?? []).length;
  const double = (text.match(/\bfrom\s+"/g) ?? []).length;
  return single > double ? "'" : '"';
}

/** New content with the original's line endings when the original uses CRLF throughout (the refactors write `\n`). */
export function keepLineEndings(original: string, content: string): string {
  const crlf = (original.match(/\r\n/g) ?? []).length;
  const lf = (original.match(/\n/g) ?? []).length;
  return crlf > 0 && crlf === lf ? content.replace(/\r?\n/g, "\r\n") : content;
}
