// Levenshtein distance (insertions, deletions, substitutions of one character), for "did you
// mean" suggestions: the nearest declared names, check repairs, wiring keys.

/**
 * The edit distance between `a` and `b`, case-insensitive when `ignoreCase`; Infinity when, their common start and end
 * taken off, the rest would take more than `maxCells` steps to compare (two long lines edited far apart: not told alike).
 */
export function editDistance(a: string, b: string, ignoreCase = false, maxCells = Infinity): number {
  const x = ignoreCase ? a.toLowerCase() : a;
  const y = ignoreCase ? b.toLowerCase() : b;
  if (x === y) return 0;
  // a common start and end change no distance: taken off, two long lines edited in one place (a minified line, apply's
  // whitespace pairing) cost the edit, not their lengths multiplied (a 20,000-character line took 9 s)
  let start = 0;
  while (start < x.length && start < y.length && x[start] === y[start]) start++;
  let end = 0;
  while (end < x.length - start && end < y.length - start && x[x.length - 1 - end] === y[y.length - 1 - end]) end++;
  if (start > 0 || end > 0) return editDistance(x.slice(start, x.length - end), y.slice(start, y.length - end), false, maxCells);
  if (x.length * y.length > maxCells) return Infinity;
  const row = Array.from({ length: y.length + 1 }, (_, i) => i);
  for (let i = 1; i <= x.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= y.length; j++) {
      const up = row[j]!;
      row[j] = Math.min(up + 1, row[j - 1]! + 1, diagonal + (x[i - 1] === y[j - 1] ? 0 : 1));
      diagonal = up;
    }
  }
  return row[y.length]!;
}
