/**
 * Ranks the known names closest to an unknown word. Quick fixes and completion share this
 * so that both offer the same names in the same order.
 */
export function suggest(word: string, known: readonly string[], max = 3): string[] {
  const upper = word.toUpperCase();
  const limit = Math.max(1, Math.ceil(Math.max(upper.length, 2) / 2));
  // The length gap bounds the distance: long junk is never compared letter by letter.
  const scored = known
    .map((name, order) => ({ name, order }))
    .filter((s) => Math.abs(s.name.length - upper.length) <= limit)
    .map((s) => ({ ...s, score: distance(upper, s.name) }));
  return scored
    .filter((s) => s.score <= limit)
    .sort((a, b) => a.score - b.score || a.order - b.order)
    .slice(0, max)
    .map((s) => s.name);
}

/** Optimal string alignment distance: insertions, deletions, substitutions, adjacent swaps. */
export function distance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => {
    const row = new Array<number>(cols).fill(0);
    row[0] = i;
    return row;
  });
  for (let j = 0; j < cols; j++) d[0][j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[a.length][b.length];
}
