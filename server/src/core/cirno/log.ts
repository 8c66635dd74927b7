/**
 * The events of a game, stored as rows of two ints in one Int32Array: a full game is some
 * 550,000 events, and an object each would make the garbage collector the main cost.
 * CirnoGame turns a row back into an event object when someone asks for it.
 *
 * Row layout: [head, body]
 * - head: kind (2 bits) | flag << 2 | player << 3 (5 bits) | next << 8 (7 bits) | p after << 16
 *   (16 bits, signed; plays only)
 * - body: a (19 bits) | round << 19 (7 bits)
 * - roundStart: player = the starter
 * - play:  flag = doubled, a = card id, next = the turn after it (packNext)
 * - draw:  flag = after a loss, a = pile index
 * - lose:  flag = doubled, a = p + P_BIAS; the dropped hand is kept per round (one loss a round)
 * The rest follows from the order of events, which is fixed within a round: its start, then
 * each play followed by its draw, then the loss followed by three draws. So a play's turn is
 * its place in that order, its p before is the p after the play two events back, and a play's
 * or loss's transcript line is its round's `Round i:` line plus its turn.
 * Card ids: 3 × player + slot for starting hands, 3n + i for pile card i.
 */
export const ROUND_START = 0;
export const PLAY = 1;
export const DRAW = 2;
export const LOSE = 3;

export const STRIDE = 2;

// The head's fields past the kind.
const FLAG = 4;
const PLAYER_SHIFT = 3;
const NEXT_SHIFT = 8;
const P_SHIFT = 16;
// The body's.
const A_MASK = (1 << 19) - 1;
const ROUND_SHIFT = 19;
// A loss's p is stored as p + P_BIAS, so it is never negative.
const P_BIAS = 1 << 15;

// A play's `next`: who plays next (5 bits), the direction and whether she carries the DOUBLE mark.
const REVERSED = 32;
const MARKED = 64;

export function packNext(player: number, direction: number, doubled: boolean): number {
  return player | (direction < 0 ? REVERSED : 0) | (doubled ? MARKED : 0);
}

export interface NextTurn {
  player: number;
  direction: 1 | -1;
  doubled: boolean;
}

export function unpackNext(packed: number): NextTurn {
  return { player: packed & 31, direction: packed & REVERSED ? -1 : 1, doubled: (packed & MARKED) !== 0 };
}

/** The fields of a packed `next`, for loops that must not allocate. */
export const nextPlayer = (packed: number): number => packed & 31;
export const nextDirection = (packed: number): 1 | -1 => (packed & REVERSED ? -1 : 1);
export const nextMarked = (packed: number): boolean => (packed & MARKED) !== 0;

/** The fields of a row, for loops over `rows` that must not pay a call per field. */
export const rowKind = (head: number): number => head & 3;
export const rowPlayer = (head: number): number => (head >>> PLAYER_SHIFT) & 31;
export const rowPAfter = (head: number): number => head >> P_SHIFT;
export const rowA = (body: number): number => body & A_MASK;
export const rowRound = (body: number): number => body >>> ROUND_SHIFT;

export class EventLog {
  readonly rows: Int32Array;
  count = 0;
  /** Per round (1-based), the index of its `roundStart` event and its transcript line. */
  private readonly roundEvents: Int32Array;
  private readonly roundLines: Int32Array;
  /** Per round (1-based), the three card ids its loser dropped. */
  private readonly dropped: Int32Array;

  /** `capacity`: the most events the game can make (the simulation knows a bound); `rounds`: m. */
  constructor(capacity: number, rounds: number) {
    this.rows = new Int32Array(capacity * STRIDE);
    this.roundEvents = new Int32Array(rounds + 1);
    this.roundLines = new Int32Array(rounds + 1);
    this.dropped = new Int32Array(3 * (rounds + 1));
  }

  kind(event: number): number {
    return this.rows[event * STRIDE] & 3;
  }

  flag(event: number): boolean {
    return (this.rows[event * STRIDE] & FLAG) !== 0;
  }

  round(event: number): number {
    return this.rows[event * STRIDE + 1] >>> ROUND_SHIFT;
  }

  player(event: number): number {
    return (this.rows[event * STRIDE] >>> PLAYER_SHIFT) & 31;
  }

  /** A play's packed `next` (see packNext). */
  next(event: number): number {
    return (this.rows[event * STRIDE] >>> NEXT_SHIFT) & 127;
  }

  /** The play's place in its round, from 1 (0 for a round start); a draw has its play's or loss's. */
  turn(event: number): number {
    const kind = this.kind(event);
    if (kind === ROUND_START) return 0;
    // A draw after a play is one event after it; redraws after a loss are 1 to 3 events after it.
    let owner = event;
    if (kind === DRAW) {
      owner = event - 1;
      while (this.kind(owner) === DRAW) owner--;
    }
    return ((owner - this.roundEvents[this.round(event)] - 1) >> 1) + 1;
  }

  /** A play's card id, a draw's pile index, a loss's p. */
  a(event: number): number {
    const a = this.rows[event * STRIDE + 1] & A_MASK;
    return this.kind(event) === LOSE ? a - P_BIAS : a;
  }

  pBefore(event: number): number {
    return this.kind(event - 1) === ROUND_START ? 0 : this.pAfter(event - 2);
  }

  pAfter(event: number): number {
    return this.rows[event * STRIDE] >> P_SHIFT;
  }

  /** The transcript line of a round start, play or loss (1-based). */
  line(event: number): number {
    return this.roundLines[this.round(event)] + this.turn(event);
  }

  /** The card id in slot `slot` of the hand a loss dropped. */
  droppedCard(event: number, slot: number): number {
    return this.dropped[3 * this.round(event) + slot];
  }

  pushRoundStart(round: number, starter: number, line: number): number {
    this.roundEvents[round] = this.count;
    this.roundLines[round] = line;
    return this.push(ROUND_START | (starter << PLAYER_SHIFT), 0, round);
  }

  pushPlay(round: number, player: number, id: number, pAfter: number, doubled: boolean): number {
    return this.push(PLAY | (doubled ? FLAG : 0) | (player << PLAYER_SHIFT) | (pAfter << P_SHIFT), id, round);
  }

  /** Records who plays after play `event` (packNext). */
  setNext(event: number, packed: number): void {
    this.rows[event * STRIDE] |= packed << NEXT_SHIFT;
  }

  pushDraw(round: number, player: number, pileIndex: number, afterLoss: boolean): number {
    return this.push(DRAW | (afterLoss ? FLAG : 0) | (player << PLAYER_SHIFT), pileIndex, round);
  }

  /** A loss, with the three card ids of the hand dropped. */
  pushLose(round: number, player: number, p: number, doubled: boolean, hand: ArrayLike<number>, from: number): number {
    for (let s = 0; s < 3; s++) this.dropped[3 * round + s] = hand[from + s];
    return this.push(LOSE | (doubled ? FLAG : 0) | (player << PLAYER_SHIFT), p + P_BIAS, round);
  }

  private push(head: number, a: number, round: number): number {
    const at = this.count * STRIDE;
    this.rows[at] = head;
    this.rows[at + 1] = a | (round << ROUND_SHIFT);
    return this.count++;
  }
}
