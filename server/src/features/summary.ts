/** One-line outcomes of a deck, for the Output channel header; their parts serve the code lens. */
import type { Problem } from '../core/common/problem';
import type { DeckAnalysis } from '../core/deck';
import { PLAYERS, type MahjongGame, type MahjongOutcome } from '../core/mahjong';

/** `3 rounds`, `1 round`. */
export function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** `A wins by RON`; undefined for a drawn game. */
export function winnerPhrase(outcome: MahjongOutcome): string | undefined {
  if (outcome.type === 'draw') return undefined;
  return `${PLAYERS[outcome.player]} wins by ${outcome.by === 'ron' ? 'RON' : 'SELFDRAWN'}`;
}

export function mahjongOutcome(game: MahjongGame): string {
  const events = count(game.events.length, 'event');
  const winner = winnerPhrase(game.outcome);
  return winner ? `${winner} after ${events}` : `draw: the wall ran out after ${events}`;
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
  return `${count(game.roundsPlayed, 'round')} played, ${game.cardsDrawn} of ${game.pileSize} pile cards drawn`;
}
