/**
 * The events of a game in typed arrays: a full game is some 550,000 events, and an object
 * each would make the garbage collector the main cost (and the memory ten times larger).
 * CirnoGame turns an event back into an object when someone asks for it.
 *
 * Only plays are stored, 8 bytes each: a head (doubled | player << 3 | next << 8, see
 * packNext), the card id played and p after it. Per round: its first event, line, play, pile
 * card and starter, and its loss: the loser, p, the DOUBLE mark and the hand dropped. The rest
 * follows from the order of events, which is fixed within a round: its start, then each play
 * followed by its draw, then the loss followed by three draws (only the game's last play or
 * loss, stopped by an empty pile or by p, lacks its draws). So a play's turn is its place in
 * that order, its p before is the p after the play before, a draw takes the next pile card, and
 * a play's or loss's transcript line is its round's `Round i:` line plus its turn.
 * Card ids: 3 × player + slot for starting hands, 3n + i for pile card i.
 */
export const ROUND_START = 0;
export const PLAY = 1;
export const DRAW = 2;
export const LOSE = 3;

/**
 * A play's head (FLAG, player, next) and its `next` (who plays next in 5 bits, REVERSED,
 * MARKED: she carries the DOUBLE mark). A const enum, so the loops that write and read one
 * per play do it with no call and with constants.
 */
export const enum HeadLayout {
  FLAG = 4,
  PLAYER_SHIFT = 3,
  PLAYER_MASK = 31,
  NEXT_SHIFT = 8,
  REVERSED = 32,
  MARKED = 64,
}
const FLAG = HeadLayout.FLAG;
const PLAYER_SHIFT = HeadLayout.PLAYER_SHIFT;
const NEXT_SHIFT = HeadLayout.NEXT_SHIFT;
const REVERSED = HeadLayout.REVERSED;
const MARKED = HeadLayout.MARKED;

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

/** A play's head: who played, doubled or not, and who plays next (packNext). */
export const playHead = (player: number, doubled: boolean, next: number): number =>
  (doubled ? FLAG : 0) | (player << PLAYER_SHIFT) | (next << NEXT_SHIFT);

export const headPlayer = (head: number): number => (head >>> PLAYER_SHIFT) & HeadLayout.PLAYER_MASK;

export class EventLog {
  /** Per play, in order: doubled | player << 3 | next << 8 (see packNext), the card id played and p after it. */
  readonly playHeads: Uint16Array;
  readonly playIds: Int32Array;
  readonly playP: Int16Array;
  /** Events so far. */
  count = 0;
  private plays = 0;
  private cardsDrawn = 0;
  private roundsStarted = 0;
  // Per round (1-based): its roundStart event, transcript line, first play, first pile card
  // and starter; its loser (player | doubled, as a play's head), p and the three card ids dropped.
  private readonly roundEvents: Int32Array;
  private readonly roundLines: Int32Array;
  private readonly roundPlays: Int32Array;
  private readonly roundPile: Int32Array;
  private readonly starters: Uint8Array;
  private readonly losers: Uint8Array;
  private readonly lossP: Int32Array;
  private readonly dropped: Int32Array;
  // The event `locate` found last (while the log held `atCount` events): its round, its place
  // in the round and the round's plays.
  private atEvent = -1;
  private atCount = 0;
  private atRound = 1;
  private at = 0;
  private atPlays = 0;

  /** `plays`: the most the game can make (the simulation knows the bound); `rounds`: m. */
  constructor(plays: number, rounds: number) {
    this.playHeads = new Uint16Array(plays);
    this.playIds = new Int32Array(plays);
    this.playP = new Int16Array(plays);
    this.roundEvents = new Int32Array(rounds + 1);
    this.roundLines = new Int32Array(rounds + 1);
    this.roundPlays = new Int32Array(rounds + 1);
    this.roundPile = new Int32Array(rounds + 1);
    this.starters = new Uint8Array(rounds + 1);
    this.losers = new Uint8Array(rounds + 1);
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

  /** The first play of round `round`. */
  roundPlay(round: number): number {
    return this.roundPlays[round];
  }

  /** The play after the last of round `round`. */
  playsEnd(round: number): number {
    return round < this.roundsStarted ? this.roundPlays[round + 1] : this.plays;
  }

  kind(event: number): number {
    this.locate(event);
    const at = this.at;
    if (at === 0) return ROUND_START;
    const plays = 2 * this.atPlays;
    if (at <= plays) return at & 1 ? PLAY : DRAW;
    return at === plays + 1 ? LOSE : DRAW;
  }

  /** A play's or a loss's DOUBLE mark; for a draw, whether it is one of a loser's three. */
  flag(event: number): boolean {
    switch (this.kind(event)) {
      case PLAY:
        return (this.playHeads[this.playNumber(event)] & FLAG) !== 0;
      case LOSE:
        return (this.losers[this.atRound] & FLAG) !== 0;
      case DRAW:
        return this.at > 2 * this.atPlays + 1;
      default:
        return false;
    }
  }

  /** The event's round (1-based). */
  round(event: number): number {
    this.locate(event);
    return this.atRound;
  }

  /** Who started the round, played, drew or lost. */
  player(event: number): number {
    this.locate(event);
    if (this.at === 0) return this.starters[this.atRound];
    if (this.at > 2 * this.atPlays) return headPlayer(this.losers[this.atRound]);
    return headPlayer(this.playHeads[this.playNumber(event)]);
  }

  /** A play's packed `next` (see packNext). */
  next(event: number): number {
    return this.playHeads[this.playNumber(event)] >>> NEXT_SHIFT;
  }

  /** The play's place in its round, from 1 (0 for a round start); a draw has its play's or loss's. */
  turn(event: number): number {
    this.locate(event);
    const at = this.at;
    if (at === 0) return 0;
    return at <= 2 * this.atPlays ? ((at - 1) >> 1) + 1 : this.atPlays + 1;
  }

  /** A play's card id, a draw's pile index, a loss's p. */
  a(event: number): number {
    switch (this.kind(event)) {
      case PLAY:
        return this.playIds[this.playNumber(event)];
      case LOSE:
        return this.lossP[this.atRound];
      case DRAW: {
        // Each play of the round drew one card, then the loser draws three.
        const [at, plays] = [this.at, this.atPlays];
        return this.roundPile[this.atRound] + (at <= 2 * plays ? (at >> 1) - 1 : at - plays - 2);
      }
      default:
        return 0;
    }
  }

  pBefore(event: number): number {
    const play = this.playNumber(event);
    return play === this.roundPlays[this.atRound] ? 0 : this.playP[play - 1];
  }

  pAfter(event: number): number {
    return this.playP[this.playNumber(event)];
  }

  /** The transcript line of a round start, play or loss (1-based). */
  line(event: number): number {
    return this.roundLines[this.round(event)] + this.turn(event);
  }

  /** The card id in slot `slot` of the hand a loss dropped. */
  droppedCard(event: number, slot: number): number {
    return this.dropped[3 * this.round(event) + slot];
  }

  pushRoundStart(round: number, starter: number, line: number): void {
    this.roundsStarted = round;
    this.roundEvents[round] = this.count++;
    this.roundLines[round] = line;
    this.roundPlays[round] = this.plays;
    this.roundPile[round] = this.cardsDrawn;
    this.starters[round] = starter;
  }

  /** A play that draws no card (it stopped the game), with who plays after it (packNext). */
  pushPlay(player: number, id: number, pAfter: number, doubled: boolean, next: number): void {
    const plays = this.plays;
    this.playHeads[plays] = playHead(player, doubled, next);
    this.playIds[plays] = id;
    this.playP[plays] = pAfter;
    this.plays = plays + 1;
    this.count++;
  }

  /**
   * Counts `plays` plays, each with its draw, that the simulation wrote straight into
   * playHeads (see playHead), playIds and playP from index playCount on: most of a game's events.
   */
  wrotePlays(plays: number): void {
    this.plays += plays;
    this.count += 2 * plays;
    this.cardsDrawn += plays;
  }

  /** A loss, with the three card ids of the hand dropped. */
  pushLose(round: number, player: number, p: number, doubled: boolean, hand: ArrayLike<number>, from: number): void {
    for (let s = 0; s < 3; s++) this.dropped[3 * round + s] = hand[from + s];
    this.lossP[round] = p;
    this.losers[round] = (doubled ? FLAG : 0) | (player << PLAYER_SHIFT);
    this.count++;
  }

  /** One of the loser's three draws: of the next pile card. */
  pushLossDraw(): void {
    this.cardsDrawn++;
    this.count++;
  }

  /** The play's number in the game, from 0; for a draw after a play, that play's. */
  private playNumber(event: number): number {
    this.locate(event);
    return this.roundPlays[this.atRound] + ((this.at - 1) >> 1);
  }

  /**
   * Finds event `event`: its round, its place in the round (0 for the round's start) and the
   * round's plays so far. Events are mostly asked for in order, and each several times: the
   * last one found, then its round, are tried first.
   */
  private locate(event: number): void {
    if (event === this.atEvent && this.count === this.atCount) return;
    let round = this.atRound;
    const next = round < this.roundsStarted ? this.roundEvents[round + 1] : this.count;
    if (!(event >= this.roundEvents[round] && event < next)) {
      // The last round starting at or before the event.
      let low = 1;
      let high = this.roundsStarted;
      while (low < high) {
        const mid = (low + high + 1) >>> 1;
        if (this.roundEvents[mid] <= event) low = mid;
        else high = mid - 1;
      }
      round = low;
    }
    this.atEvent = event;
    this.atCount = this.count;
    this.atRound = round;
    this.at = event - this.roundEvents[round];
    this.atPlays = this.playsEnd(round) - this.roundPlays[round];
  }
}
