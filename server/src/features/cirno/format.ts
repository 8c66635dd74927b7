/**
 * Format Document for ⑨ decks: the header on one line, the players in aligned columns, the
 * pile wrapped at a number of cards per line (a setting); cards uppercase, comments kept, nothing
 * reordered. A pile with comments keeps its lines, so the comments stay where they are.
 */
import { CIRNO_CARDS, type CirnoAnalysis } from '../../core/cirno';
import { splitLines } from '../../core/deckText';
import { formatLines, joinLine, lineParts, type FormattedDeck } from '../format';
import type { FormatOptions } from '../gameService';

const CARDS = CIRNO_CARDS as readonly string[];

/** A card's canonical spelling; an unknown word as it is. */
function canonical(word: string): string {
  return CARDS.includes(word) ? word : CARDS.includes(word.toUpperCase()) ? word.toUpperCase() : word;
}

/** Words padded to the widest of their column (the last column not padded). */
function aligned(rows: readonly string[][]): string[] {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((word, column) => { widths[column] = Math.max(widths[column] ?? 0, word.length); });
  }
  const pad = (row: readonly string[]) => row.map((word, column) => (
    column < row.length - 1 ? word.padEnd(widths[column]) : word));
  return rows.map((row) => pad(row).join(' '));
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
}

export function formatCirno(text: string, analysis: CirnoAnalysis, options: FormatOptions): FormattedDeck {
  const { deck } = analysis;
  const trimmed = (line: string, index: number) => {
    const { words, comment } = lineParts(line, index);
    return words.length === 0 ? [comment] : [joinLine(words.map(canonical), comment)];
  };
  if (!deck) return formatLines(text, (line) => [line.trimEnd()]);
  const header = deck.n.range.start.line;
  const playerLines = new Map(deck.players.map((player) => [player.line, player]));
  const lastPlayer = Math.max(header, ...deck.players.map((player) => player.line));
  const players = aligned(deck.players.map((player) => [player.name,
    ...player.hand.map((card) => canonical(card.text))]));
  const playerRows = new Map(deck.players.map((player, i) => [player.line, players[i]]));

  const pileLines = splitLines(text.replace(/^\uFEFF/, '')).slice(lastPlayer + 1);
  const pileHasComments = pileLines.some((line) => line.includes('#'));
  const pileWords = pileLines.flatMap((line, i) => lineParts(line, lastPlayer + 1 + i).words.map(canonical));
  const end = text.length > 0 && /(\r\n|\r|\n)$/.test(text) ? [''] : [];
  const lastLine = lastPlayer + pileLines.length;
  let lastPileLine = lastPlayer;
  pileLines.forEach((line, i) => {
    if (lineParts(line, lastPlayer + 1 + i).words.length > 0) lastPileLine = lastPlayer + 1 + i;
  });
  // A re-flowed pile is one block: its lines only make sense together.
  const pile = pileHasComments ? undefined : { first: lastPlayer + 1, last: lastPileLine };
  return formatLines(text, (line, index) => {
    if (index <= header) return trimmed(line, index);
    if (index <= lastPlayer) {
      const row = playerRows.get(index);
      if (row === undefined) return trimmed(line, index);
      const { comment, words } = lineParts(line, index);
      // Words past the name and three cards (a problem the editor shows) stay after them.
      const extra = words.slice(1 + playerLines.get(index)!.hand.length);
      return [joinLine([row, ...extra], comment)];
    }
    if (pileHasComments) return trimmed(line, index);
    // Blank lines after the pile go; the file's last line end stays.
    if (index > lastPileLine) return index === lastLine && end.length > 0 ? [''] : [];
    // The pile, re-flowed once, where it starts; its other lines are dropped.
    if (index > lastPlayer + 1) return [];
    return chunks(pileWords, options.pileCardsPerLine).map((cards) => cards.join(' '));
  }, pile);
}
