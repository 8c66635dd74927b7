import { codePoint, invisibleCharacters, withoutInvisible } from './deckText';

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

/** The names to offer for an unknown word, and why it is not the one it reads as, if it reads as one. */
export interface Suggestion {
  /** Closest first; none when nothing is close. */
  names: string[];
  /**
   * When the word is a name but for invisible characters or look-alike forms (full-width `５Ｍ`):
   * what differs, as a message says it: `it is 9P with the invisible character U+0000`.
   */
  differs?: string;
}

// No name is this long: a longer word is junk, not worth normalising.
const LONGEST_WORTH_READING = 64;

/**
 * The names for an unknown word, read as a person sees it: its invisible characters dropped
 * and its compatibility forms (full-width letters and digits, ⑨) normalised (NFKC), so `５Ｍ`
 * finds 5M as `Ａ9` finds A9.
 */
export function suggestNames(word: string, known: readonly string[], max = 3): Suggestion {
  if (word.length > LONGEST_WORTH_READING) return { names: [] };
  const invisible = invisibleCharacters(word);
  const shown = withoutInvisible(word);
  const read = shown.normalize('NFKC');
  const name = known.find((candidate) => candidate === read.toUpperCase());
  if (name === undefined || (invisible.length === 0 && read === shown)) return { names: suggest(read, known, max) };
  const parts = [`it is ${name}`];
  if (read !== shown) parts.push(FULL_WIDTH.test(shown) ? 'in full-width characters' : 'in look-alike characters');
  if (invisible.length > 0) {
    const codes = [...new Set(invisible.map(codePoint))];
    parts.push(`with the invisible character${codes.length > 1 ? 's' : ''} ${codes.join(', ')}`);
  }
  return { names: [name], differs: parts.join(' ') };
}

const FULL_WIDTH = /[\uFF01-\uFF5E]/;

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
