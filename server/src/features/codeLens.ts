/** The outcome at the top of a deck, or how many problems stand in its way. */
import type { DeckAnalysis } from '../core/deck';
import { PLAYERS } from '../core/mahjong';

export function outcomeLensTitle(analysis: DeckAnalysis): string {
  const { problems } = analysis;
  const errors = problems.filter((p) => p.severity === 'error').length;
  if (errors > 0) return `${errors} ${errors === 1 ? 'problem' : 'problems'} · fix ${errors === 1 ? 'it' : 'them'} to simulate`;
  if (analysis.language === 'mjdeck') {
    const game = analysis.mahjong.game!;
    const events = `${game.events.length} events`;
    const drawn = `${game.tilesDrawn} tiles drawn`;
    if (game.outcome.type === 'draw') return `DRAW · ${events} · ${drawn}`;
    return `${PLAYERS[game.outcome.player]} wins by ${game.outcome.by === 'ron' ? 'RON' : 'SELFDRAWN'} · ${events} · ${drawn}`;
  }
  const { game, deck } = analysis.cirno;
  if (!game || !deck) return 'not simulated';
  return `${game.roundsPlayed} ${game.roundsPlayed === 1 ? 'round' : 'rounds'} · ${game.lineCount} lines · ${game.cardsDrawn} of ${deck.k?.value} cards drawn`;
}
