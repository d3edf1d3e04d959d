// Line offsets of a text.

/** The offset where each line starts (index 0: line 1); a text ending in a newline has an empty last line. */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  return starts;
}
