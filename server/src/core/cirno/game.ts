import { CIRNO_CARDS, type CirnoCardName } from './cards';
import { DRAW, LOSE, PLAY, ROUND_START, type EventLog } from './log';

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
  /** The compact event log; for the renderer and the queries of this module. */
  readonly log: EventLog;
  readonly kinds: Uint8Array;
  private all: CirnoEvent[] | undefined;
  private fates: { drawn: Int32Array; left: Int32Array } | undefined;

  constructor(init: CirnoGameInit) {
    this.players = init.players;
    this.rounds = init.rounds;
    this.kinds = init.kinds;
    this.pileSize = init.kinds.length - 3 * init.players.length;
    this.log = init.log;
    this.roundsPlayed = init.roundsPlayed;
    this.cardsDrawn = init.cardsDrawn;
    this.lineCount = init.lineCount;
    this.finalHands = init.players.map((_, player) =>
      [0, 1, 2].map((slot) => this.held(init.hands[3 * player + slot])));
  }

  /** Index of the event that drew pile card i, or -1 when it was never drawn. */
  get pileDrawEvent(): Int32Array {
    return this.cardEvents().drawn;
  }

  /**
   * Index of the play or loss that took card id c out of a hand, or -1 while it is held or
   * was never drawn. Prefer `cirnoCardFate`, which reads this for you.
   */
  get leaveEvent(): Int32Array {
    return this.cardEvents().left;
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
    if (id >= handCards) return { from: 'pile', index: id - handCards };
    return { from: 'hand', player: Math.floor(id / 3), slot: id % 3 };
  }

  private held(id: number): CirnoHeldCard {
    return { card: CIRNO_CARDS[this.kinds[id]], source: this.source(id) };
  }

  // Made on first use: transcripts and the CLI never need them.
  private cardEvents(): { drawn: Int32Array; left: Int32Array } {
    if (this.fates) return this.fates;
    const log = this.log;
    const drawn = new Int32Array(this.pileSize).fill(-1);
    const left = new Int32Array(this.kinds.length).fill(-1);
    for (let i = 0; i < log.count; i++) {
      const kind = log.kind(i);
      if (kind === DRAW) drawn[log.a(i)] = i;
      else if (kind === PLAY) left[log.a(i)] = i;
      else if (kind === LOSE) for (let s = 0; s < 3; s++) left[log.droppedCard(i, s)] = i;
    }
    this.fates = { drawn, left };
    return this.fates;
  }

  private build(i: number): CirnoEvent {
    const log = this.log;
    const round = log.round(i);
    const turn = log.turn(i);
    const player = log.player(i);
    switch (log.kind(i)) {
      case ROUND_START:
        return { kind: 'roundStart', round, starter: player, line: log.line(i) };
      case PLAY: {
        const id = log.a(i);
        const card = CIRNO_CARDS[this.kinds[id]];
        const [pBefore, pAfter, doubled, line] = [log.pBefore(i), log.pAfter(i), log.flag(i), log.line(i)];
        return { kind: 'play', round, turn, player, card, source: this.source(id), pBefore, pAfter, doubled, line };
      }
      case DRAW:
        return { kind: 'draw', round, turn, player, pileIndex: log.a(i), afterLoss: log.flag(i) };
      default: {
        const dropped = [0, 1, 2].map((slot) => this.held(log.droppedCard(i, slot)));
        const redrawn: number[] = [];
        for (let j = i + 1; j < log.count && j <= i + 3 && log.kind(j) === DRAW; j++) redrawn.push(log.a(j));
        const [p, doubled, line] = [log.a(i), log.flag(i), log.line(i)];
        return { kind: 'lose', round, turn, player, p, doubled, dropped, redrawn, line };
      }
    }
  }
}
