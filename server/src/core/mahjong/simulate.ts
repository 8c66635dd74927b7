import { CHOW_OPTIONS, PLAYER_COUNT, PONG_ORDER, playerAfter } from './claimOrder';
import type { MahjongEvent, MahjongGame, MahjongOutcome, Meld } from './events';
import { Hand } from './hand';
import { DOUBLE, HAND_SIZE, PASS, REVERSE, type Player, type TileKind } from './tiles';

/**
 * The four hands every game plays on, cleared at its start: a game allocates nothing but what
 * it returns. Games run one at a time (nothing here awaits), so sharing them is safe.
 */
const hands = [new Hand(), new Hand(), new Hand(), new Hand()];
/**
 * The events of the game in play, from index 0, copied out when it is over: an array that keeps
 * its size from game to game, where a new one per game would be grown again and again.
 */
const eventBuffer: MahjongEvent[] = [];

/**
 * Plays a complete, valid deck (148 kinds, top first) as the rules say. The caller validates;
 * this only assumes there are enough tiles to deal.
 */
export function simulateMahjong(deck: readonly TileKind[]): MahjongGame {
  const table = new Table(deck);
  table.deal();
  while (table.playTurn());
  return table.game();
}

/**
 * One game in play. Its steps are methods of a few dozen lines called many times a game.
 * Shaped for the optimizing compiler: see docs/performance.md#mahjong-turns.
 */
class Table {
  /** Events written to eventBuffer. */
  eventCount = 0;
  readonly melds: Meld[][] = [[], [], [], []];
  /** Discarded tiles not claimed, per player. */
  readonly discards: number[][] = [[], [], [], []];
  readonly skip = [false, false, false, false];
  wall = 0;
  direction = 1;
  turn = 0;
  /** Whose turn comes next. */
  current: Player = 0;
  /** The tile that last came into a hand: the one a self-drawn win is made on. */
  lastIn = -1;
  /** The game's last event but its WIN, pushed once the game is over; none for a DRAW. */
  ending: MahjongEvent | undefined = undefined;
  outcome: MahjongOutcome | undefined = undefined;
  winner = -1;

  constructor(readonly deck: readonly TileKind[]) {
    for (const hand of hands) hand.clear();
  }

  deal(): void {
    const { deck } = this;
    for (let wall = 0; wall < HAND_SIZE * PLAYER_COUNT; wall++) {
      const player = (wall % PLAYER_COUNT) as Player;
      hands[player].add(deck[wall], wall);
      this.emit({ type: 'deal', player, tile: wall, kind: deck[wall] });
    }
    this.wall = HAND_SIZE * PLAYER_COUNT;
  }

  /** The turn of `current`, or its skip; false once the game is over. */
  playTurn(): boolean {
    const player = this.current;
    if (this.skip[player]) {
      this.skip[player] = false;
      this.current = playerAfter(player, this.direction);
      return true;
    }
    this.turn++;
    return this.draw(player) && this.discardStep(player);
  }

  /**
   * `player` draws the top tile; false (the game ends in a DRAW) when the wall is empty. That
   * ending is written by game() (docs/performance.md#mahjong-turns).
   */
  draw(player: Player): boolean {
    const { deck, wall } = this;
    if (wall >= deck.length) return false;
    hands[player].add(deck[wall], wall);
    this.emit({ type: 'draw', player, tile: wall, kind: deck[wall], turn: this.turn });
    this.lastIn = wall;
    this.wall = wall + 1;
    return true;
  }

  /**
   * The discard step of `actor` (after a draw, a claim, or a DOUBLE's extra draw) and what it
   * leads to; sets whose turn comes next, and returns false once the game is over.
   */
  discardStep(actor: Player): boolean {
    for (;;) {
      const hand = hands[actor];
      const special = hand.specialToDiscard();
      if (special !== undefined) {
        if (!this.discardSpecial(actor, special)) return true;
        if (!this.draw(actor)) return false;
        continue;
      }
      if (hand.isWinning()) {
        this.ending = { type: 'selfdrawn', player: actor, tile: this.lastIn };
        this.outcome = { type: 'win', player: actor, by: 'selfdrawn', tile: this.lastIn };
        this.winner = actor;
        return false;
      }
      const kind = hand.discardBest();
      const tile = hand.lastRemoved(kind);
      this.discards[actor].push(tile);
      this.emit({ type: 'discard', player: actor, tile, kind });
      if (this.ron(actor, tile, kind)) return false;
      const claimant = this.claim(actor, tile, kind);
      if (claimant < 0) {
        this.current = playerAfter(actor, this.direction);
        return true;
      }
      actor = claimant as Player;
      this.lastIn = tile;
    }
  }

  /** Throws a special tile and sets whose turn is next; true when it is a DOUBLE (`actor` draws again). */
  discardSpecial(actor: Player, special: TileKind): boolean {
    const tile = hands[actor].remove(special);
    this.discards[actor].push(tile);
    if (special === PASS) {
      const target = playerAfter(actor, this.direction);
      this.skip[target] = true;
      this.emit({ type: 'discard', player: actor, tile, kind: special, passTarget: target });
      this.current = target;
      return false;
    }
    this.emit({ type: 'discard', player: actor, tile, kind: special });
    if (special === REVERSE) {
      this.direction = -this.direction;
      this.current = playerAfter(actor, this.direction);
    }
    return special === DOUBLE;
  }

  /** Whether a player after `actor`, in turn order, wins on the tile; if so the game ends. */
  ron(actor: Player, tile: number, kind: TileKind): boolean {
    for (let step = 1; step < PLAYER_COUNT; step++) {
      const other = playerAfter(actor, this.direction, step);
      if (hands[other].winsWith(kind)) {
        this.discards[actor].pop();
        hands[other].add(kind, tile);
        this.ending = { type: 'ron', player: other, from: actor, tile };
        this.outcome = { type: 'win', player: other, by: 'ron', tile, from: actor };
        this.winner = other;
        return true;
      }
    }
    return false;
  }

  /**
   * The pongs, asked in the order A, B, C, D, then the next player's chows: the first claim
   * that lowers its claimant's distance is made and its event pushed. Only players holding the
   * tiles are asked for their distances. Returns the claimant, or -1.
   */
  claim(actor: Player, tile: number, kind: TileKind): number {
    for (let i = 0; i < PONG_ORDER.length; i++) {
      const ponger = PONG_ORDER[i];
      const hand = hands[ponger];
      if (hand.counts[kind] >= 2 && hand.distanceAfterMeld(kind, kind) < hand.distance()) {
        const tiles = this.meld(ponger, actor, tile, 'pong', kind, kind);
        this.emit({ type: 'pong', player: ponger, from: actor, claimed: tile, tiles, kind });
        return ponger;
      }
    }
    const chower = playerAfter(actor, this.direction);
    const hand = hands[chower];
    const options = CHOW_OPTIONS[kind];
    for (let i = 0; i < options.length; i++) {
      const a = options[i][0];
      const b = options[i][1];
      if (hand.counts[a] > 0 && hand.counts[b] > 0 && hand.distanceAfterMeld(a, b) < hand.distance()) {
        const tiles = this.meld(chower, actor, tile, 'chow', a, b);
        const { deck } = this;
        const kinds = [deck[tiles[0]], deck[tiles[1]], deck[tiles[2]]];
        this.emit({ type: 'chow', player: chower, from: actor, claimed: tile, tiles, kinds });
        return chower;
      }
    }
    return -1;
  }

  /** Moves two tiles of `player`'s hand and the claimed discard into a new meld; returns its tiles. */
  meld(player: Player, from: Player, claimed: number, type: Meld['type'], a: TileKind, b: TileKind): number[] {
    const hand = hands[player];
    const { deck } = this;
    let first = hand.meld(a, b);
    let second = hand.lastRemoved(b);
    let third = claimed;
    // Ordered by kind, then deck position: three compares rather than a sort with a callback.
    let swap: number;
    if (tileBefore(deck, second, first)) {
      swap = first;
      first = second;
      second = swap;
    }
    if (tileBefore(deck, third, second)) {
      swap = second;
      second = third;
      third = swap;
    }
    if (tileBefore(deck, second, first)) {
      swap = first;
      first = second;
      second = swap;
    }
    const tiles = [first, second, third];
    this.melds[player].push({ type, tiles, claimed, from });
    this.discards[from].pop();
    return tiles;
  }

  emit(event: MahjongEvent): void {
    eventBuffer[this.eventCount++] = event;
  }

  /** The game as played, once over. */
  game(): MahjongGame {
    this.emit(this.ending ?? { type: 'drawGame' });
    if (this.winner >= 0) this.emit({ type: 'win', player: this.winner as Player });
    const events = eventBuffer.slice(0, this.eventCount);
    return {
      deck: this.deck,
      events,
      outcome: this.outcome ?? { type: 'draw' },
      hands: hands.map((hand) => hand.heldTiles()),
      melds: this.melds,
      discards: this.discards,
      tilesDrawn: this.wall,
    };
  }
}

/** Whether tile x comes before tile y in a meld: by kind, then by deck position. */
function tileBefore(deck: readonly TileKind[], x: number, y: number): boolean {
  return deck[x] < deck[y] || (deck[x] === deck[y] && x < y);
}
