import { cirnoCardFate, type CirnoAnalysis } from '../../core/cirno';
import type { DeckInlayHint } from '../gameService';

/** After each pile card on the lines shown: who draws it; the first `limit`. Never-drawn cards get no hint. */
export function cirnoInlayHints(
  analysis: CirnoAnalysis, fromLine: number, toLine: number, limit = Infinity,
): DeckInlayHint[] {
  const { deck, game } = analysis;
  if (!deck || !game) return [];
  const hints: DeckInlayHint[] = [];
  const { pile } = deck;
  for (let i = pile.firstIndexFrom(fromLine); i < pile.length && pile.lineOf(i) <= toLine; i++) {
    if (hints.length === limit) break;
    const fate = cirnoCardFate(game, { from: 'pile', index: i });
    if (fate.fate === 'notDrawn' || !fate.draw) continue;
    const who = game.players[fate.draw.player];
    hints.push({
      position: pile.range(i).end,
      label: `→${who}`,
      tooltip: `Pile card ${i + 1}: drawn by ${who} in round ${fate.draw.round}, turn ${fate.draw.turn}`,
    });
  }
  return hints;
}
