/** Format Document for Mahjong decks: tiles uppercase, one space apart, comments kept, no trailing spaces. */
import { TILE_NAMES, kindOf } from '../../core/mahjong';
import { formatLines, joinLine, lineParts, type FormattedDeck } from '../format';

/** A tile's canonical spelling; an unknown word as it is. */
function canonical(word: string): string {
  const kind = kindOf(word) ?? kindOf(word.toUpperCase());
  return kind === undefined ? word : TILE_NAMES[kind];
}

export function formatMahjong(text: string): FormattedDeck {
  return formatLines(text, (line, index) => {
    const { words, comment } = lineParts(line, index);
    return [joinLine(words.map(canonical), comment)];
  });
}
