/**
 * The events of a game, stored as rows of eight ints in one Int32Array: a full game is
 * some 550,000 events, and an object each would make the garbage collector the main cost.
 * CirnoGame turns a row back into an event object when someone asks for it.
 *
 * Row layout: [kind | flag << 2 | round << 3, turn, player, a, b, c, d, line]
 * - roundStart: player = the starter
 * - play:  flag = doubled, a = card id, b = p before, c = p after, d = the turn after it (packNext)
 * - draw:  flag = after a loss, a = pile index
 * - lose:  flag = doubled, a = p, b c d = ids of the three dropped cards
 * Card ids: 3 × player + slot for starting hands, 3n + i for pile card i.
 */
export const ROUND_START = 0;
export const PLAY = 1;
export const DRAW = 2;
export const LOSE = 3;

export const STRIDE = 8;
export const TURN_AT = 1;
export const PLAYER_AT = 2;
export const A_AT = 3;
export const B_AT = 4;
export const C_AT = 5;
export const D_AT = 6;
export const LINE_AT = 7;

// A play's d field: who plays next, the direction and whether she carries the DOUBLE mark.
const REVERSED = 256;
const MARKED = 512;

export function packNext(player: number, direction: number, doubled: boolean): number {
  return player | (direction < 0 ? REVERSED : 0) | (doubled ? MARKED : 0);
}

export interface NextTurn {
  player: number;
  direction: 1 | -1;
  doubled: boolean;
}

export function unpackNext(packed: number): NextTurn {
  return { player: packed & 255, direction: packed & REVERSED ? -1 : 1, doubled: (packed & MARKED) !== 0 };
}

export class EventLog {
  readonly rows: Int32Array;
  count = 0;

  /** `capacity`: the most events the game can make (the simulation knows a bound). */
  constructor(capacity: number) {
    this.rows = new Int32Array(capacity * STRIDE);
  }

  kind(event: number): number {
    return this.rows[event * STRIDE] & 3;
  }

  flag(event: number): boolean {
    return (this.rows[event * STRIDE] & 4) !== 0;
  }

  round(event: number): number {
    return this.rows[event * STRIDE] >>> 3;
  }

  field(event: number, at: number): number {
    return this.rows[event * STRIDE + at];
  }

  setField(event: number, at: number, value: number): void {
    this.rows[event * STRIDE + at] = value;
  }

  /** Appends a row and returns its event index. */
  push(kind: number, flag: boolean, round: number, turn: number, player: number, a: number, b: number, c: number, d: number, line: number): number {
    const at = this.count * STRIDE;
    const rows = this.rows;
    rows[at] = kind | (flag ? 4 : 0) | (round << 3);
    rows[at + TURN_AT] = turn;
    rows[at + PLAYER_AT] = player;
    rows[at + A_AT] = a;
    rows[at + B_AT] = b;
    rows[at + C_AT] = c;
    rows[at + D_AT] = d;
    rows[at + LINE_AT] = line;
    return this.count++;
  }
}
