/** One-line outcomes of a deck, for the Output channel header and the code lens. */
import type { Problem } from '../core/common/problem';
import type { DeckAnalysis } from '../core/deck';
import { PLAYERS, type MahjongGame } from '../core/mahjong';

export function mahjongOutcome(game: MahjongGame): string {
  const events = `${game.events.length} events`;
  if (game.outcome.type === 'draw') return `draw: the wall ran out after ${events}`;
  const how = game.outcome.by === 'ron' ? 'RON' : 'SELFDRAWN';
  return `${PLAYERS[game.outcome.player]} wins by ${how} after ${events}`;
}

/** Why there is no simulation: `3 errors, the first at line 5: Unknown tile '5Q'.` */
export function skippedReason(problems: readonly Problem[]): string {
  const errors = problems.filter((p) => p.severity === 'error');
  const first = errors[0];
  const count = errors.length === 1 ? '1 error' : `${errors.length} errors`;
  return `${count}, the first at line ${first.range.start.line + 1}: ${first.message}`;
}

/** The outcome of a deck in one line, or why it was not played. */
export function deckOutcome(analysis: DeckAnalysis): string {
  if (analysis.language === 'mjdeck') {
    const game = analysis.mahjong.game;
    return game ? mahjongOutcome(game) : `simulation skipped: ${skippedReason(analysis.problems)}`;
  }
  const { game, deck } = analysis.cirno;
  if (!game || !deck) return `simulation skipped: ${skippedReason(analysis.problems)}`;
  return cirnoOutcome(analysis);
}

function cirnoOutcome(analysis: Extract<DeckAnalysis, { language: 'cirnodeck' }>): string {
  const game = analysis.cirno.game!;
  const deck = analysis.cirno.deck!;
  const rounds = game.roundsPlayed === 1 ? '1 round' : `${game.roundsPlayed} rounds`;
  return `${rounds} played, ${game.cardsDrawn} of ${deck.k?.value} pile cards drawn`;
}
