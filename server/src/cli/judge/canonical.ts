/**
 * A valid deck in the judge's exact input format, as a solution reads it: for Mahjong the 148
 * tile names, one a line; for Cirno the header `n m k`, one `NAME C1 C2 C3` line per player
 * and the pile on one line. Comments, blank lines, CRLF and letter case are gone.
 * (A candidate for core: it only needs the analysis.)
 */
import { CIRNO_CARDS } from '../../core/cirno';
import { TILE_NAMES } from '../../core/mahjong';
import type { DeckAnalysis } from '../decks';

export function canonicalInput(analysis: DeckAnalysis): string {
  if (analysis.language === 'mjdeck') {
    return analysis.mahjong.deck.tiles.map((tile) => TILE_NAMES[tile.kind!]).join('\n') + '\n';
  }
  const deck = analysis.cirno.deck!;
  const lines = [`${deck.n.value} ${deck.m!.value} ${deck.k!.value}`];
  for (const player of deck.players) lines.push([player.name, ...player.hand.map((card) => card.card!)].join(' '));
  const pile: string[] = [];
  for (let i = 0; i < deck.pile.length; i++) pile.push(CIRNO_CARDS[deck.pile.kind(i)]);
  lines.push(pile.join(' '));
  return lines.join('\n') + '\n';
}
