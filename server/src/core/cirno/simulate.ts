import type { Problem, Range } from '../problem';
import { CIRNO_CARDS, DOUBLE, PASS, TURN, cardKind } from './cards';
import { ChoiceLayout, NO_SLOT, choosePlay } from './choice';
import { CirnoGame } from './game';
import { EventLog, HeadLayout, nextMarked, packNext } from './log';
import { plural, type CirnoDeck } from './parse';

export interface CirnoSimulation {
  /** The whole game, or the part played before the problem. */
  game: CirnoGame;
  /** Set when the game is not defined: the pile ran out or |p| reached 10,000. */
  problem?: Problem;
}

export const P_LIMIT = 10_000;

/** Why a game stopped early, for the problem the caller words. */
type Stop =
  | { why: 'lost-pile'; round: number; player: number; left: number }
  | { why: 'played-pile'; round: number; player: number; kind: number }
  | { why: 'p'; round: number; player: number; id: number; p: number };

/**
 * Plays a deck that passed validation (n players of three known cards, m and k valid).
 * Cards are ints and a hand holds card ids (3 × player + slot for starting cards, 3n + i for
 * pile card i) beside their kinds, so playing allocates nothing but the event log.
 *
 * A round cannot go on forever: every play that does not lose draws a card, so a game makes
 * at most k plays before a draw finds the pile empty, which stops it with an error.
 */
export function simulateCirno(deck: CirnoDeck): CirnoSimulation {
  const n = deck.players.length;
  const m = deck.m!.value!;
  const k = deck.pile.length;
  const kinds = new Uint8Array(3 * n + k);
  const ids = new Int32Array(3 * n);
  deck.players.forEach((player, index) => {
    player.hand.forEach((card, slot) => {
      kinds[3 * index + slot] = cardKind(card.card!);
      ids[3 * index + slot] = 3 * index + slot;
    });
  });
  kinds.set(deck.pile.codes(), 3 * n);
  // At most k + 1 plays: all but a last, failing one draw a card.
  const log = new EventLog(k + 1, m);
  const { line, roundsPlayed, stop } = play(kinds, ids, n, m, k, log);
  const names = deck.players.map((player) => player.name);
  const game = new CirnoGame({
    players: names, rounds: m, kinds, log, roundsPlayed, cardsDrawn: log.drawnCount, lineCount: line, hands: ids,
  });
  return stop ? { game, problem: problemOf(deck, names, stop) } : { game };
}

/**
 * The game, round by round: `ids` holds each hand's card ids and is left with the final hands.
 * The plays of a round are `playRound`'s; here only what happens a hundred times a game.
 */
function play(kinds: Uint8Array, ids: Int32Array, n: number, m: number, k: number, log: EventLog) {
  // The kind of every card in hand, beside its id, so a choice reads no id.
  const held = new Uint8Array(3 * n);
  for (let s = 0; s < 3 * n; s++) held[s] = kinds[ids[s]];
  const pileStart = 3 * n;
  let line = 0;
  let starter = 0;
  for (let round = 1; round <= m; round++) {
    log.pushRoundStart(round, starter, ++line);
    const ended = playRound(kinds, ids, held, n, k, log, round, starter);
    if (ended !== STOPPED) log.wrotePlays(ended >> ENDED_SHIFT);
    const plays = log.playCount - log.roundPlay(round);
    line += plays;
    // The round's last play (before its draw, if any) says where the game stood after it.
    const last = log.playCount - 1;
    const lastEvent = log.count - (ended === STOPPED ? 1 : 2);
    const p = plays > 0 ? log.playP[last] : 0;
    if (ended === STOPPED) {
      const [player, id] = [log.player(lastEvent), log.playIds[last]];
      const why: Stop = p >= P_LIMIT || p <= -P_LIMIT
        ? { why: 'p', round, player, id, p }
        : { why: 'played-pile', round, player, kind: kinds[id] };
      return { line, roundsPlayed: round - 1, stop: why };
    }
    const player = ended & LOSER;
    const doubled = plays > 0 && nextMarked(log.next(lastEvent));
    const base = 3 * player;
    log.pushLose(round, player, p, doubled, ids, base);
    line++;
    for (let s = 0; s < 3; s++) {
      if (log.drawnCount === k) {
        return { line, roundsPlayed: round - 1, stop: { why: 'lost-pile', round, player, left: s } as Stop };
      }
      const id = pileStart + log.drawnCount;
      ids[base + s] = id;
      held[base + s] = kinds[id];
      log.pushLossDraw();
    }
    starter = player;
  }
  return { line, roundsPlayed: m, stop: undefined };
}

// What playRound returns: the loser | the plays it wrote << ENDED_SHIFT, or STOPPED when a
// play stopped the game.
const LOSER = 31;
const ENDED_SHIFT = 5;
const STOPPED = -1;

/**
 * The plays of one round, on ints only, up to its loss or a play that stops the game (see
 * LOSER); p and the DOUBLE mark at the end are the last play's. The plays (each with its
 * draw) go straight into the log's arrays, which the caller then counts (EventLog.wrotePlays).
 * Shaped for the optimizing compiler: see docs/performance.md#cirno-rounds.
 */
function playRound(
  kinds: Uint8Array, ids: Int32Array, held: Uint8Array, n: number, k: number, log: EventLog, round: number,
  starter: number,
): number {
  const pileStart = 3 * n;
  const { playHeads, playIds, playP } = log;
  const first = log.playCount;
  let play = first;
  let top = log.drawnCount;
  let p = 0;
  let direction = 1;
  let doubled = false;
  let player = starter;
  for (;;) {
    const base = 3 * player;
    const choice = choosePlay(held[base], held[base + 1], held[base + 2], p, doubled);
    // The choice's fields, and the play's head below, written out (docs/performance.md#cirno-rounds).
    const slot = choice & ChoiceLayout.SLOT;
    // Made on every play (docs/performance.md#cirno-rounds).
    const ended = player | ((play - first) << ENDED_SHIFT);
    if (slot === NO_SLOT) return ended;

    const at = base + slot;
    const id = ids[at];
    const kind = held[at];
    const escape = kind >= PASS;
    const pAfter = (choice >> ChoiceLayout.P_SHIFT) - ChoiceLayout.P_OFFSET;
    // Who plays next: a doubled player's normal card clears the mark and she plays again at
    // once; TURN reverses; an escape card passes a mark on (it never stacks), DOUBLE sets one.
    let next = player;
    if (escape || !doubled) {
      if (kind === TURN) direction = -direction;
      // Around the table without a branch (docs/performance.md#cirno-rounds).
      next = player + direction;
      next += n & (next >> 31);
      next -= n & ((n - 1 - next) >> 31);
    }
    const marked: boolean = escape && (doubled || kind === DOUBLE);
    if (pAfter >= P_LIMIT || pAfter <= -P_LIMIT || top === k) {
      log.wrotePlays(play - first);
      log.pushPlay(player, id, pAfter, doubled, packNext(next, direction, marked));
      return STOPPED;
    }
    const packedNext = next | (direction < 0 ? HeadLayout.REVERSED : 0) | (marked ? HeadLayout.MARKED : 0);
    playHeads[play] = (doubled ? HeadLayout.FLAG : 0) | (player << HeadLayout.PLAYER_SHIFT)
      | (packedNext << HeadLayout.NEXT_SHIFT);
    playIds[play] = id;
    playP[play++] = pAfter;
    const drawn = pileStart + top++;
    ids[at] = drawn;
    held[at] = kinds[drawn];
    p = pAfter;
    player = next;
    doubled = marked;
  }
}

function problemOf(deck: CirnoDeck, names: string[], stop: Stop): Problem {
  const { round, player } = stop;
  if (stop.why === 'p') {
    const card = CIRNO_CARDS[cardKindOf(deck, stop.id)];
    return {
      range: cardRange(deck, stop.id),
      severity: 'error',
      code: 'p-out-of-range',
      message: `p reaches ${stop.p} in round ${round} when ${names[player]} plays ${card}; `
        + `the game is only defined while |p| < ${P_LIMIT}.`,
    };
  }
  const k = deck.pile.length;
  const left = stop.why === 'lost-pile' && stop.left > 0 ? `the pile holds only ${stop.left}` : 'the pile is empty';
  const [situation, needed] = stop.why === 'lost-pile'
    ? [`lost and must draw three new cards, but ${left}`, 3 - stop.left]
    : [`must draw after playing ${CIRNO_CARDS[stop.kind]}, but all ${plural(k, 'card')} are used`, 4];
  // Every later round needs at least 4 cards: its first play (any card is playable at p = 0)
  // draws one, and its loser draws three. Hence "at least".
  const more = needed + 4 * (deck.m!.value! - round);
  return {
    range: deck.k!.range,
    severity: 'error',
    code: 'pile-runs-out',
    message: `The draw pile runs out in round ${round}: ${names[player]} ${situation}; `
      + `at least ${plural(more, 'more card')} ${more === 1 ? 'is' : 'are'} needed to finish the game.`,
  };
}

function cardKindOf(deck: CirnoDeck, id: number): number {
  const handCards = 3 * deck.players.length;
  if (id >= handCards) return deck.pile.kind(id - handCards);
  return cardKind(deck.players[Math.floor(id / 3)].hand[id % 3].card!);
}

function cardRange(deck: CirnoDeck, id: number): Range {
  const handCards = 3 * deck.players.length;
  return id < handCards ? deck.players[Math.floor(id / 3)].hand[id % 3].range : deck.pile.range(id - handCards);
}
