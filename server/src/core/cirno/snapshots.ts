import { CIRNO_CARDS } from './cards';
import type { CirnoGame } from './game';
import { DRAW, LOSE, PLAY, ROUND_START, nextDirection, nextMarked, nextPlayer, type EventLog } from './log';
import { lostLine, playLine, roundLine } from './lines';

/** The ⑨ table after one event: what a replay shows. */
export interface CirnoState {
  /** The round under way (or just lost); 0 before the first event. */
  round: number;
  p: number;
  /** 1: seat order, -1: reversed by TURN. */
  direction: 1 | -1;
  /** Who plays next; absent before the first round starts and once a round is lost. */
  toMove?: number;
  /** `toMove` carries the DOUBLE mark. */
  doubled: boolean;
  /**
   * Per player, the card ids held, in hand-slot order (a drawn card takes the slot of the card
   * played). Fewer than three between a play and its draw, none between a loss and the redraw.
   * Card ids: 3 × player + slot for starting hands, 3n + i for pile card i (`game.cardName(id)`).
   */
  hands: number[][];
  /** Rounds lost so far, per player. */
  losses: number[];
  /** Cards left in the draw pile. */
  pileLeft: number;
}

/** A checkpoint every this many events: a state is at most this many steps from one. */
export const CIRNO_CHECKPOINT_EVERY = 1024;

// A state packed in one Int32Array: the fixed fields, then 3n hand slots (-1: empty), then n losses.
const ROUND = 0;
const P = 1;
const DIRECTION = 2;
const TO_MOVE = 3;
const DOUBLED = 4;
const DRAWN = 5;
/** Where a packed state's hand slots start: player i's are HANDS + 3i to HANDS + 3i + 2. */
export const HANDS = 6;

function initialState(n: number): Int32Array {
  const state = new Int32Array(HANDS + 4 * n);
  state[DIRECTION] = 1;
  state[TO_MOVE] = -1;
  for (let id = 0; id < 3 * n; id++) state[HANDS + id] = id;
  return state;
}

/** Moves a packed state over event i. Who plays next is what the simulation recorded. */
export function applyEvent(state: Int32Array, log: EventLog, i: number, n: number): void {
  const player = log.player(i);
  const hand = HANDS + 3 * player;
  switch (log.kind(i)) {
    case ROUND_START:
      state[ROUND] = log.round(i);
      state[P] = 0;
      state[DIRECTION] = 1;
      state[TO_MOVE] = player;
      state[DOUBLED] = 0;
      break;
    case PLAY: {
      const id = log.a(i);
      for (let s = hand; s < hand + 3; s++) if (state[s] === id) state[s] = -1;
      state[P] = log.pAfter(i);
      const next = log.next(i);
      state[TO_MOVE] = nextPlayer(next);
      state[DIRECTION] = nextDirection(next);
      state[DOUBLED] = nextMarked(next) ? 1 : 0;
      break;
    }
    case DRAW: {
      let s = hand;
      while (s < hand + 2 && state[s] !== -1) s++;
      state[s] = 3 * n + log.a(i);
      state[DRAWN] = log.a(i) + 1;
      break;
    }
    case LOSE:
      state.fill(-1, hand, hand + 3);
      state[HANDS + 3 * n + player]++;
      state[TO_MOVE] = -1;
      state[DOUBLED] = 0;
      break;
  }
}

function unpack(state: Int32Array, game: CirnoGame): CirnoState {
  const n = game.players.length;
  const hands: number[][] = [];
  for (let player = 0; player < n; player++) {
    const hand: number[] = [];
    for (let s = HANDS + 3 * player; s < HANDS + 3 * player + 3; s++) if (state[s] >= 0) hand.push(state[s]);
    hands.push(hand);
  }
  const result: CirnoState = {
    round: state[ROUND],
    p: state[P],
    direction: state[DIRECTION] < 0 ? -1 : 1,
    doubled: state[DOUBLED] === 1,
    hands,
    losses: Array.from(state.subarray(HANDS + 3 * n)),
    pileLeft: game.pileSize - state[DRAWN],
  };
  if (state[TO_MOVE] >= 0) result.toMove = state[TO_MOVE];
  return result;
}

/** checkpoints[c]: the packed state before event c × CIRNO_CHECKPOINT_EVERY, made on demand. */
const checkpointsByGame = new WeakMap<CirnoGame, Int32Array[]>();

/** A packed copy of the state before event `index` (0 ≤ index ≤ eventCount). */
export function stateBefore(game: CirnoGame, index: number): Int32Array {
  const n = game.players.length;
  let checkpoints = checkpointsByGame.get(game);
  if (!checkpoints) {
    checkpoints = [initialState(n)];
    checkpointsByGame.set(game, checkpoints);
  }
  const c = Math.floor(index / CIRNO_CHECKPOINT_EVERY);
  while (checkpoints.length <= c) {
    const last = checkpoints.length - 1;
    const state = checkpoints[last].slice();
    const end = (last + 1) * CIRNO_CHECKPOINT_EVERY;
    for (let i = last * CIRNO_CHECKPOINT_EVERY; i < end; i++) applyEvent(state, game.log, i, n);
    checkpoints.push(state);
  }
  const state = checkpoints[c].slice();
  for (let i = c * CIRNO_CHECKPOINT_EVERY; i < index; i++) applyEvent(state, game.log, i, n);
  return state;
}

export function checkIndex(game: CirnoGame, index: number, lowest: number): void {
  if (!Number.isInteger(index) || index < lowest || index >= game.eventCount) {
    throw new RangeError(`Event index ${index} is outside ${lowest}..${game.eventCount - 1}.`);
  }
}

/**
 * The state after event `eventIndex` (-1: before the first event). O(1,024) from the nearest
 * checkpoint; throws a RangeError for an index outside -1..eventCount - 1.
 */
export function cirnoStateAt(game: CirnoGame, eventIndex: number): CirnoState {
  checkIndex(game, eventIndex, -1);
  return unpack(stateBefore(game, eventIndex + 1), game);
}

/**
 * The states after events `from` to `to - 1`, in order (`to` is clipped to the game), each a
 * fresh object: for a page of replay frames or a walk over the whole game.
 */
export function* cirnoStates(game: CirnoGame, from: number, to: number = game.eventCount): Generator<CirnoState> {
  const end = Math.min(to, game.eventCount);
  if (from >= end) return;
  checkIndex(game, from, 0);
  const state = stateBefore(game, from);
  for (let i = from; i < end; i++) {
    applyEvent(state, game.log, i, game.players.length);
    yield unpack(state, game);
  }
}

/** The judge's line of a round start, play or loss (no `\n`); undefined for a draw. */
export function cirnoEventLine(game: CirnoGame, eventIndex: number): string | undefined {
  checkIndex(game, eventIndex, 0);
  const log = game.log;
  const player = game.players[log.player(eventIndex)];
  switch (log.kind(eventIndex)) {
    case ROUND_START:
      return roundLine(log.round(eventIndex));
    case PLAY:
      return playLine(player, CIRNO_CARDS[game.kinds[log.a(eventIndex)]], log.pAfter(eventIndex));
    case LOSE:
      return lostLine(player);
    default:
      return undefined;
  }
}
