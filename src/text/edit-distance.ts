// Levenshtein distance (insertions, deletions, substitutions of one character), for "did you
// mean" suggestions: the nearest declared names, check repairs, wiring keys.

/** The edit distance between `a` and `b`, case-insensitive when `ignoreCase`. */
export function editDistance(a: string, b: string, ignoreCase = false): number {
  const x = ignoreCase ? a.toLowerCase() : a;
  const y = ignoreCase ? b.toLowerCase() : b;
  if (x === y) return 0;
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
