/** The outcome at the top of a deck, or how many problems stand in its way. */
import type { DeckAnalysis } from '../core/deck';
import { count, winnerPhrase } from './summary';

export function outcomeLensTitle(analysis: DeckAnalysis): string {
  const { problems } = analysis;
  const errors = problems.filter((p) => p.severity === 'error').length;
  if (errors > 0) return `${count(errors, 'problem')} · fix ${errors === 1 ? 'it' : 'them'} to simulate`;
  if (analysis.language === 'mjdeck') {
    const game = analysis.mahjong.game!;
    return `${winnerPhrase(game.outcome) ?? 'DRAW'} · ${count(game.events.length, 'event')} · ${game.tilesDrawn} tiles drawn`;
  }
  const { game } = analysis.cirno;
  if (!game) return 'not simulated';
  return `${count(game.roundsPlayed, 'round')} · ${game.lineCount} lines · ${game.cardsDrawn} of ${game.pileSize} cards drawn`;
}
