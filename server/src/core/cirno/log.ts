/**
 * The events of a game in typed arrays: a full game is some 550,000 events, and an object
 * each would make the garbage collector the main cost (and the memory ten times larger).
 * CirnoGame turns an event back into an object when someone asks for it.
 *
 * Per event, 3 bytes: a head, kind (2 bits) | flag << 2 | player << 3 (5 bits) | next << 8
 * (7 bits, plays only: packNext), and its round. Per play, the card id and p after it. Per
 * round, its first event, line, play and pile card, and its loss: p and the hand dropped.
 * - roundStart: player = the starter
 * - play:  flag = doubled
 * - draw:  flag = after a loss
 * - lose:  flag = doubled
 * The rest follows from the order of events, which is fixed within a round: its start, then
 * each play followed by its draw, then the loss followed by three draws. So a play's turn is
 * its place in that order, its p before is the p after the play before, a draw takes the next
 * pile card, and a play's or loss's transcript line is its round's `Round i:` line plus its turn.
 * Card ids: 3 × player + slot for starting hands, 3n + i for pile card i.
 */
export const ROUND_START = 0;
export const PLAY = 1;
export const DRAW = 2;
export const LOSE = 3;

const FLAG = 4;
const PLAYER_SHIFT = 3;
const NEXT_SHIFT = 8;

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

export const headKind = (head: number): number => head & 3;
export const headPlayer = (head: number): number => (head >>> PLAYER_SHIFT) & 31;

export class EventLog {
  /** Per event: kind, flag, player and a play's next turn (see above). */
  readonly heads: Uint16Array;
  /** Per event, its round (1-based). */
  readonly rounds: Uint8Array;
  /** Per play, in order: the card id played and p after it. */
  readonly playIds: Int32Array;
  readonly playP: Int16Array;
  count = 0;
  private plays = 0;
  private cardsDrawn = 0;
  // Per round (1-based): its roundStart event, transcript line, first play and first pile
  // card; its loser's p and the three card ids she dropped.
  private readonly roundEvents: Int32Array;
  private readonly roundLines: Int32Array;
  private readonly roundPlays: Int32Array;
  private readonly roundPile: Int32Array;
  private readonly lossP: Int32Array;
  private readonly dropped: Int32Array;

  /** `events` and `plays`: the most the game can make (the simulation knows bounds); `rounds`: m. */
  constructor(events: number, plays: number, rounds: number) {
    this.heads = new Uint16Array(events);
    this.rounds = new Uint8Array(events);
    this.playIds = new Int32Array(plays);
    this.playP = new Int16Array(plays);
    this.roundEvents = new Int32Array(rounds + 1);
    this.roundLines = new Int32Array(rounds + 1);
    this.roundPlays = new Int32Array(rounds + 1);
    this.roundPile = new Int32Array(rounds + 1);
    this.lossP = new Int32Array(rounds + 1);
    this.dropped = new Int32Array(3 * (rounds + 1));
  }

  /** Plays so far. */
  get playCount(): number {
    return this.plays;
  }

  /** Pile cards drawn so far: the top of the pile is card `drawnCount`. */
  get drawnCount(): number {
    return this.cardsDrawn;
  }

  /** The play after the last of round `round`. */
  playsEnd(round: number): number {
    return round < this.rounds[this.count - 1] ? this.roundPlays[round + 1] : this.plays;
  }

  /** The first play of round `round`. */
  roundPlay(round: number): number {
    return this.roundPlays[round];
  }

  kind(event: number): number {
    return this.heads[event] & 3;
  }

  flag(event: number): boolean {
    return (this.heads[event] & FLAG) !== 0;
  }

  round(event: number): number {
    return this.rounds[event];
  }

  player(event: number): number {
    return headPlayer(this.heads[event]);
  }

  /** A play's packed `next` (see packNext). */
  next(event: number): number {
    return this.heads[event] >>> NEXT_SHIFT;
  }

  /** The play's place in its round, from 1 (0 for a round start); a draw has its play's or loss's. */
  turn(event: number): number {
    if (this.kind(event) === ROUND_START) return 0;
    return ((this.owner(event) - this.roundEvents[this.rounds[event]] - 1) >> 1) + 1;
  }

  /** A play's card id, a draw's pile index, a loss's p. */
  a(event: number): number {
    const round = this.rounds[event];
    switch (this.kind(event)) {
      case PLAY:
        return this.playIds[this.playNumber(event)];
      case LOSE:
        return this.lossP[round];
      case DRAW: {
        // Each play of the round drew one card, then the loser draws three.
        const owner = this.owner(event);
        return this.roundPile[round] + ((owner - this.roundEvents[round] - 1) >> 1) + (event - owner - 1);
      }
      default:
        return 0;
    }
  }

  pBefore(event: number): number {
    return this.kind(event - 1) === ROUND_START ? 0 : this.pAfter(event - 2);
  }

  pAfter(event: number): number {
    return this.playP[this.playNumber(event)];
  }

  /** The transcript line of a round start, play or loss (1-based). */
  line(event: number): number {
    return this.roundLines[this.rounds[event]] + this.turn(event);
  }

  /** The card id in slot `slot` of the hand a loss dropped. */
  droppedCard(event: number, slot: number): number {
    return this.dropped[3 * this.rounds[event] + slot];
  }

  pushRoundStart(round: number, starter: number, line: number): number {
    this.roundEvents[round] = this.count;
    this.roundLines[round] = line;
    this.roundPlays[round] = this.plays;
    this.roundPile[round] = this.cardsDrawn;
    return this.push(ROUND_START | (starter << PLAYER_SHIFT), round);
  }

  /** A play, with who plays after it (packNext). */
  pushPlay(round: number, player: number, id: number, pAfter: number, doubled: boolean, next: number): number {
    this.playIds[this.plays] = id;
    this.playP[this.plays++] = pAfter;
    return this.push(PLAY | (doubled ? FLAG : 0) | (player << PLAYER_SHIFT) | (next << NEXT_SHIFT), round);
  }

  /** A play and the draw after it, in one go: most of a game's events (see pushPlay and pushDraw). */
  pushPlayAndDraw(round: number, player: number, id: number, pAfter: number, doubled: boolean, next: number): void {
    const plays = this.plays;
    this.playIds[plays] = id;
    this.playP[plays] = pAfter;
    this.plays = plays + 1;
    const event = this.count;
    this.heads[event] = PLAY | (doubled ? FLAG : 0) | (player << PLAYER_SHIFT) | (next << NEXT_SHIFT);
    this.heads[event + 1] = DRAW | (player << PLAYER_SHIFT);
    this.rounds[event] = round;
    this.rounds[event + 1] = round;
    this.count = event + 2;
    this.cardsDrawn++;
  }

  /** A draw: of the next pile card, which the log counts. */
  pushDraw(round: number, player: number, afterLoss: boolean): number {
    this.cardsDrawn++;
    return this.push(DRAW | (afterLoss ? FLAG : 0) | (player << PLAYER_SHIFT), round);
  }

  /** A loss, with the three card ids of the hand dropped. */
  pushLose(round: number, player: number, p: number, doubled: boolean, hand: ArrayLike<number>, from: number): number {
    for (let s = 0; s < 3; s++) this.dropped[3 * round + s] = hand[from + s];
    this.lossP[round] = p;
    return this.push(LOSE | (doubled ? FLAG : 0) | (player << PLAYER_SHIFT), round);
  }

  /** The play's number in the game, from 0: plays are counted per round. */
  private playNumber(event: number): number {
    const round = this.rounds[event];
    return this.roundPlays[round] + ((event - this.roundEvents[round] - 1) >> 1);
  }

  /** The play or loss a draw follows (an event that is no draw is its own). */
  private owner(event: number): number {
    let owner = event;
    while (this.kind(owner) === DRAW) owner--;
    return owner;
  }

  private push(head: number, round: number): number {
    this.heads[this.count] = head;
    this.rounds[this.count] = round;
    return this.count++;
  }
}
