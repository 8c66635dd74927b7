import { CIRNO_CARDS, type CirnoCardName } from './cards';
import { A_AT, B_AT, C_AT, D_AT, DRAW, LINE_AT, PLAY, PLAYER_AT, ROUND_START, TURN_AT, type EventLog } from './log';

/** Where a card came from: a player's starting hand (slot 0-2) or the pile (0-based, top first). */
export type CirnoCardSource =
  | { from: 'hand'; player: number; slot: number }
  | { from: 'pile'; index: number };

export interface CirnoHeldCard {
  card: CirnoCardName;
  source: CirnoCardSource;
}

// Rounds, turns and transcript lines count from 1 as people say them; players and pile
// indices are 0-based like arrays. `turn` numbers the plays of a round (a doubled player's
// second card is a turn of its own); a loss takes the number its play would have had.

export interface CirnoRoundStartEvent {
  kind: 'roundStart';
  round: number;
  starter: number;
  line: number;
}

export interface CirnoPlayEvent {
  kind: 'play';
  round: number;
  turn: number;
  player: number;
  card: CirnoCardName;
  source: CirnoCardSource;
  pBefore: number;
  pAfter: number;
  /** The player was doubled when playing this card. */
  doubled: boolean;
  line: number;
}

export interface CirnoDrawEvent {
  kind: 'draw';
  round: number;
  turn: number;
  player: number;
  pileIndex: number;
  /** One of the three cards a loser draws, rather than the draw after a play. */
  afterLoss: boolean;
}

export interface CirnoLoseEvent {
  kind: 'lose';
  round: number;
  turn: number;
  player: number;
  p: number;
  doubled: boolean;
  /** The whole hand she held (the unprinted losing card and the other two). */
  dropped: CirnoHeldCard[];
  /** Pile indices of the new hand; fewer than three only when the pile ran out. */
  redrawn: number[];
  line: number;
}

export type CirnoEvent = CirnoRoundStartEvent | CirnoPlayEvent | CirnoDrawEvent | CirnoLoseEvent;

export interface CirnoGameInit {
  players: string[];
  rounds: number;
  /** The card of every card id (3 × player + slot for starting hands, then 3n + pile index). */
  kinds: Uint8Array;
  log: EventLog;
  roundsPlayed: number;
  cardsDrawn: number;
  lineCount: number;
  /** Card ids in each player's hand at the end. */
  hands: Int32Array;
  pileDrawEvent: Int32Array;
  leaveEvent: Int32Array;
}

/**
 * A played game (or the part played before an error). Events are kept compact and built as
 * objects only when asked for: `event(i)` is O(1); `events` builds them all once.
 */
export class CirnoGame {
  readonly players: string[];
  /** m, the rounds the deck asks for. */
  readonly rounds: number;
  /** k. */
  readonly pileSize: number;
  /** Rounds finished (m for a complete game; fewer when the simulation stopped on an error). */
  readonly roundsPlayed: number;
  readonly cardsDrawn: number;
  /** Lines of the transcript. */
  readonly lineCount: number;
  readonly finalHands: CirnoHeldCard[][];
  /** Index of the event that drew pile card i, or -1 when it was never drawn. */
  readonly pileDrawEvent: Int32Array;
  /**
   * Index of the play or loss that took card id c out of a hand, or -1 while it is held or
   * was never drawn. Prefer `cirnoCardFate`, which reads this for you.
   */
  readonly leaveEvent: Int32Array;
  /** The compact event rows; for the renderer and the queries of this module. */
  readonly log: EventLog;
  readonly kinds: Uint8Array;
  private all: CirnoEvent[] | undefined;

  constructor(init: CirnoGameInit) {
    this.players = init.players;
    this.rounds = init.rounds;
    this.kinds = init.kinds;
    this.pileSize = init.kinds.length - 3 * init.players.length;
    this.log = init.log;
    this.roundsPlayed = init.roundsPlayed;
    this.cardsDrawn = init.cardsDrawn;
    this.lineCount = init.lineCount;
    this.pileDrawEvent = init.pileDrawEvent;
    this.leaveEvent = init.leaveEvent;
    this.finalHands = init.players.map((_, player) => [0, 1, 2].map((slot) => this.held(init.hands[3 * player + slot])));
  }

  get eventCount(): number {
    return this.log.count;
  }

  /** Every event in order (built on first use: prefer `event(i)` for single lookups). */
  get events(): readonly CirnoEvent[] {
    if (!this.all) this.all = Array.from({ length: this.log.count }, (_, i) => this.build(i));
    return this.all;
  }

  event(index: number): CirnoEvent {
    return this.all ? this.all[index] : this.build(index);
  }

  /** The card of a card id. */
  cardName(id: number): CirnoCardName {
    return CIRNO_CARDS[this.kinds[id]];
  }

  /** The card id of a source: 3 × player + slot, or 3n + pile index. */
  cardId(source: CirnoCardSource): number {
    return source.from === 'hand' ? 3 * source.player + source.slot : 3 * this.players.length + source.index;
  }

  source(id: number): CirnoCardSource {
    const handCards = 3 * this.players.length;
    return id < handCards ? { from: 'hand', player: Math.floor(id / 3), slot: id % 3 } : { from: 'pile', index: id - handCards };
  }

  private held(id: number): CirnoHeldCard {
    return { card: CIRNO_CARDS[this.kinds[id]], source: this.source(id) };
  }

  private build(i: number): CirnoEvent {
    const log = this.log;
    const round = log.round(i);
    const turn = log.field(i, TURN_AT);
    const player = log.field(i, PLAYER_AT);
    const line = log.field(i, LINE_AT);
    switch (log.kind(i)) {
      case ROUND_START:
        return { kind: 'roundStart', round, starter: player, line };
      case PLAY: {
        const id = log.field(i, A_AT);
        const card = CIRNO_CARDS[this.kinds[id]];
        const pBefore = log.field(i, B_AT);
        const pAfter = log.field(i, C_AT);
        return { kind: 'play', round, turn, player, card, source: this.source(id), pBefore, pAfter, doubled: log.flag(i), line };
      }
      case DRAW:
        return { kind: 'draw', round, turn, player, pileIndex: log.field(i, A_AT), afterLoss: log.flag(i) };
      default: {
        const dropped = [B_AT, C_AT, D_AT].map((at) => this.held(log.field(i, at)));
        const redrawn: number[] = [];
        for (let j = i + 1; j < log.count && j <= i + 3 && log.kind(j) === DRAW; j++) redrawn.push(log.field(j, A_AT));
        return { kind: 'lose', round, turn, player, p: log.field(i, A_AT), doubled: log.flag(i), dropped, redrawn, line };
      }
    }
  }
}
