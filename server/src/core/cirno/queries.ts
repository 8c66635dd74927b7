import { containsPosition, type Position } from '../problem';
import type { CirnoCardSource, CirnoDrawEvent, CirnoGame, CirnoHeldCard, CirnoLoseEvent, CirnoPlayEvent } from './game';
import { LOSE, PLAY } from './log';
import type { CirnoDeck } from './parse';

/** The card token at a position (its end included), for hovers: O(log k). */
export function cirnoCardAt(deck: CirnoDeck, position: Position): CirnoCardSource | undefined {
  for (const [player, { hand }] of deck.players.entries()) {
    const slot = hand.findIndex(({ range }) => containsPosition(range, position));
    if (slot >= 0) return { from: 'hand', player, slot };
  }
  const index = deck.pile.indexAt(position.line, position.character);
  return index >= 0 ? { from: 'pile', index } : undefined;
}

/** What became of one card. */
export type CirnoCardFate =
  | { fate: 'notDrawn' }
  | { fate: 'played'; draw?: CirnoDrawEvent; play: CirnoPlayEvent }
  | { fate: 'dropped'; draw?: CirnoDrawEvent; loss: CirnoLoseEvent }
  | { fate: 'held'; draw?: CirnoDrawEvent; player: number };

/**
 * The fate of a starting-hand card or a pile card, in O(1) from the game's lookup index.
 * `draw` is absent for starting cards; a card is `held` when it is still in a hand where the
 * game (or the simulation, on an error) stopped.
 */
export function cirnoCardFate(game: CirnoGame, source: CirnoCardSource): CirnoCardFate {
  let owner: number;
  let draw: CirnoDrawEvent | undefined;
  if (source.from === 'pile') {
    const at = game.pileDrawEvent[source.index] ?? -1;
    if (at < 0) return { fate: 'notDrawn' };
    draw = game.event(at) as CirnoDrawEvent;
    owner = draw.player;
  } else {
    owner = source.player;
  }
  const withDraw = draw ? { draw } : {};
  const left = game.leaveEvent[game.cardId(source)] ?? -1;
  if (left < 0) return { fate: 'held', ...withDraw, player: owner };
  const event = game.event(left);
  if (event.kind === 'play') return { fate: 'played', ...withDraw, play: event };
  return { fate: 'dropped', ...withDraw, loss: event as CirnoLoseEvent };
}

export interface CirnoPlayerSummary {
  plays: CirnoPlayEvent[];
  losses: CirnoLoseEvent[];
  finalHand: CirnoHeldCard[];
}

/** A player's plays, losses and final hand: one pass over the compact log. */
export function cirnoPlayerSummary(game: CirnoGame, player: number): CirnoPlayerSummary {
  const plays: CirnoPlayEvent[] = [];
  const losses: CirnoLoseEvent[] = [];
  const log = game.log;
  for (let i = 0; i < log.count; i++) {
    if (log.player(i) !== player) continue;
    const kind = log.kind(i);
    if (kind === PLAY) plays.push(game.event(i) as CirnoPlayEvent);
    else if (kind === LOSE) losses.push(game.event(i) as CirnoLoseEvent);
  }
  return { plays, losses, finalHand: game.finalHands[player] ?? [] };
}
