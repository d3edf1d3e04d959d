// Line offsets of a text.

/** The offset where each line starts (index 0: line 1); a text ending in a newline has an empty last line. */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  return starts;
}

/**
 * Where lines start as the language server counts them: after `\r\n`, a lone `\r` or `\n`,
 * in the text without its BOM (the engine reads a file without it) — offsets into `text`
 * itself (a BOM's offset 1 is where line 1 starts).
 */
export function lspLineStarts(text: string): number[] {
  const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const starts = [bom];
  for (const m of text.matchAll(/\r\n|\r|\n/g)) starts.push(m.index + m[0].length);
  return starts;
}

/** The offset in `text` of a language-server position (0-based line, UTF-16 character), clamped to the text. */
export function lspOffset(text: string, line: number, character: number, starts = lspLineStarts(text)): number {
  if (line >= starts.length) return text.length;
  return Math.min(text.length, starts[Math.max(line, 0)]! + Math.max(character, 0));
}
