/**
 * How far a name is from what was typed: 0 when the name starts with it (so completion of a
 * partial word ranks its completions first), else the edit distance.
 */
function score(typed: string, name: string): number {
  return name.startsWith(typed) ? 0 : distance(typed, name);
}

/**
 * Every known name, closest to `word` first, ties in the names' own order. Quick fixes and
 * completion share this so that both offer the same names in the same order.
 */
export function rankNames(word: string, known: readonly string[]): string[] {
  const typed = word.toUpperCase();
  return known
    .map((name, order) => ({ name, order, score: typed === '' ? 0 : score(typed, name) }))
    .sort((a, b) => a.score - b.score || a.order - b.order)
    .map((s) => s.name);
}

/** The few names close enough to an unknown word to be what was meant. */
export function suggest(word: string, known: readonly string[], max = 3): string[] {
  const typed = word.toUpperCase();
  const limit = Math.max(1, Math.ceil(Math.max(typed.length, 2) / 2));
  // The length gap bounds the distance: long junk is never compared letter by letter.
  const near = known.filter((name) => Math.abs(name.length - typed.length) <= limit);
  return rankNames(typed, near)
    .filter((name) => score(typed, name) <= limit)
    .slice(0, max);
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
