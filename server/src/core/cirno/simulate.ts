import type { Problem, Range } from '../common/problem';
import { CIRNO_CARDS, DOUBLE, TURN, applyCard, cardKind, isEscape } from './cards';
import { NO_SLOT, choiceSlot, choosePlay } from './choice';
import { CirnoGame } from './game';
import { D_AT, DRAW, EventLog, LOSE, PLAY, ROUND_START, packNext } from './log';
import { plural, type CirnoDeck } from './parse';

export interface CirnoSimulation {
  /** The whole game, or the part played before the problem. */
  game: CirnoGame;
  /** Set when the game is not defined: the pile ran out or |p| reached 10,000. */
  problem?: Problem;
}

export const P_LIMIT = 10_000;

/**
 * Plays a deck that passed validation (n players of three known cards, m and k valid).
 * Cards are ints and a hand holds card ids (3 × player + slot for starting cards, 3n + i for
 * pile card i), so playing allocates nothing but the event log.
 *
 * A round cannot go on forever: every play that does not lose draws a card, so a game makes
 * at most k plays before a draw finds the pile empty, which stops it with an error.
 */
export function simulateCirno(deck: CirnoDeck): CirnoSimulation {
  const n = deck.players.length;
  const m = deck.m!.value!;
  const k = deck.pile.length;
  const kinds = new Uint8Array(3 * n + k);
  const hands = new Int32Array(3 * n);
  deck.players.forEach((player, index) => {
    player.hand.forEach((card, slot) => {
      kinds[3 * index + slot] = cardKind(card.card!);
      hands[3 * index + slot] = 3 * index + slot;
    });
  });
  for (let i = 0; i < k; i++) kinds[3 * n + i] = deck.pile.kind(i);

  // At most k + 1 plays (all but a last, failing one draw a card), k draws, and a start and
  // a loss per round.
  const log = new EventLog(2 * k + 2 * m + 1);
  const pileDrawEvent = new Int32Array(k).fill(-1);
  const leaveEvent = new Int32Array(3 * n + k).fill(-1);
  const names = deck.players.map((player) => player.name);
  let top = 0;
  let line = 0;
  let roundsPlayed = 0;
  let problem: Problem | undefined;

  // Puts pile card `index` into a hand slot; the caller has checked that the pile holds it.
  const draw = (index: number, round: number, turn: number, player: number, slot: number, afterLoss: boolean): void => {
    hands[3 * player + slot] = 3 * n + index;
    pileDrawEvent[index] = log.push(DRAW, afterLoss, round, turn, player, index, 0, 0, 0, 0);
  };
  const pileRunsOut = (round: number, player: number, situation: string, needed: number): Problem => {
    // Every later round needs at least 4 cards: its first play (any card is playable at
    // p = 0) draws one, and its loser draws three. Hence "at least".
    const more = needed + 4 * (m - round);
    return {
      range: deck.k!.range,
      severity: 'error',
      code: 'pile-runs-out',
      message: `The draw pile runs out in round ${round}: ${names[player]} ${situation}; at least ${plural(more, 'more card')} ${more === 1 ? 'is' : 'are'} needed to finish the game.`,
    };
  };

  let starter = 0;
  rounds: for (let round = 1; round <= m; round++) {
    log.push(ROUND_START, false, round, 0, starter, 0, 0, 0, 0, ++line);
    let p = 0;
    let direction = 1;
    let doubled = false;
    let player = starter;
    for (let turn = 1; ; turn++) {
      const base = 3 * player;
      const slot = choiceSlot(choosePlay(kinds, hands, base, p, doubled));
      if (slot === NO_SLOT) {
        const loss = log.push(LOSE, doubled, round, turn, player, p, hands[base], hands[base + 1], hands[base + 2], ++line);
        for (let s = 0; s < 3; s++) leaveEvent[hands[base + s]] = loss;
        for (let s = 0; s < 3; s++) {
          if (top === k) {
            const pile = s === 0 ? 'the pile is empty' : `the pile holds only ${s}`;
            problem = pileRunsOut(round, player, `lost and must draw three new cards, but ${pile}`, 3 - s);
            break rounds;
          }
          draw(top++, round, turn, player, s, true);
        }
        starter = player;
        roundsPlayed = round;
        break;
      }

      const id = hands[base + slot];
      const kind = kinds[id];
      const pAfter = isEscape(kind) ? p : applyCard(kind, p);
      const play = log.push(PLAY, doubled, round, turn, player, id, p, pAfter, 0, ++line);
      leaveEvent[id] = play;
      // Who plays next: a doubled player's normal card clears the mark and she plays again at
      // once; TURN reverses; an escape card passes a mark on (it never stacks), DOUBLE sets one.
      let next = player;
      if (isEscape(kind) || !doubled) {
        if (kind === TURN) direction = -direction;
        next = (player + direction + n) % n;
      }
      const marked: boolean = isEscape(kind) && (doubled || kind === DOUBLE);
      log.setField(play, D_AT, packNext(next, direction, marked));
      if (Math.abs(pAfter) >= P_LIMIT) {
        problem = {
          range: cardRange(deck, id),
          severity: 'error',
          code: 'p-out-of-range',
          message: `p reaches ${pAfter} in round ${round} when ${names[player]} plays ${CIRNO_CARDS[kind]}; the game is only defined while |p| < ${P_LIMIT}.`,
        };
        break rounds;
      }
      p = pAfter;
      if (top === k) {
        problem = pileRunsOut(round, player, `must draw after playing ${CIRNO_CARDS[kind]}, but all ${plural(k, 'card')} are used`, 4);
        break rounds;
      }
      draw(top++, round, turn, player, slot, false);
      player = next;
      doubled = marked;
    }
  }

  const game = new CirnoGame({
    players: names,
    rounds: m,
    kinds,
    log,
    roundsPlayed,
    cardsDrawn: top,
    lineCount: line,
    hands,
    pileDrawEvent,
    leaveEvent,
  });
  return problem ? { game, problem } : { game };
}

function cardRange(deck: CirnoDeck, id: number): Range {
  const handCards = 3 * deck.players.length;
  return id < handCards ? deck.players[Math.floor(id / 3)].hand[id % 3].range : deck.pile.range(id - handCards);
}
