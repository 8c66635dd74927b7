import { HandTables } from './distance';
import { GROUP_SPAN, kindGroup, nearBits, rankBit } from './groupKeys';
import { MAX_SETS } from './tableShape';
import { COPIES, FIRST_SPECIAL, KIND_COUNT, SPECIAL_DISCARD_ORDER, type TileKind } from './tiles';

/**
 * One player's concealed tiles, by kind and by deck position, with the winning-distance tables
 * of its non-special tiles kept up to date.
 */
export class Hand {
  readonly counts = new Int8Array(KIND_COUNT);
  /** Deck positions held, 4 slots per kind; the last one taken is given up first. */
  private readonly positions = new Int16Array(KIND_COUNT * COPIES);
  private readonly tables = new HandTables();
  /** Per group (see groupKeys.ts), a bit per rank held. */
  private readonly held = new Int32Array(4);
  private specials = 0;
  private ownDistance = -1;
  private meldCount = 0;

  /** Back to an empty hand with no melds, so one Hand serves game after game. */
  clear(): void {
    this.counts.fill(0);
    this.held.fill(0);
    this.tables.clear();
    this.specials = 0;
    this.ownDistance = -1;
    this.meldCount = 0;
  }

  add(kind: TileKind, tile: number): void {
    this.positions[kind * COPIES + this.counts[kind]++] = tile;
    if (kind >= FIRST_SPECIAL) {
      this.specials++;
    } else {
      this.tables.add(kind);
      this.held[kindGroup(kind)] |= rankBit(kind);
    }
    this.ownDistance = -1;
  }

  remove(kind: TileKind): number {
    if (kind >= FIRST_SPECIAL) {
      this.specials--;
    } else {
      this.tables.remove(kind);
      if (this.counts[kind] === 1) this.held[kindGroup(kind)] &= ~rankBit(kind);
    }
    this.counts[kind]--;
    this.ownDistance = -1;
    return this.positions[kind * COPIES + this.counts[kind]];
  }

  /** Takes `a` and `b` out of the hand for a claimed meld; returns the deck position of `a` (of `b`: lastRemoved). */
  meld(a: TileKind, b: TileKind): number {
    const first = this.remove(a);
    this.remove(b);
    this.meldCount++;
    return first;
  }

  /** The special tile to throw first (PASS, then REVERSE, then DOUBLE), if any. */
  specialToDiscard(): TileKind | undefined {
    if (this.specials === 0) return undefined;
    for (let i = 0; i < SPECIAL_DISCARD_ORDER.length; i++) {
      if (this.counts[SPECIAL_DISCARD_ORDER[i]] > 0) return SPECIAL_DISCARD_ORDER[i];
    }
    return undefined;
  }

  private sets(): number {
    return MAX_SETS - this.meldCount;
  }

  /** The hand's own distance, cached until it changes. */
  distance(): number {
    if (this.ownDistance < 0) this.ownDistance = this.tables.distance(this.sets());
    return this.ownDistance;
  }

  /** The distance after discarding one tile of `kind` (held, not special). */
  distanceWithout(kind: TileKind): number {
    return this.tables.distanceRemoving(kind, this.sets());
  }

  /** The distance after claiming a meld of `a`, `b` (held) and a discarded tile. */
  distanceAfterMeld(a: TileKind, b: TileKind): number {
    return this.tables.distanceMelding(a, b, this.sets());
  }

  /**
   * A winning hand holds no special tile and has distance 0. Only a hand one tile from
   * winning can win on a discard, and its own distance is cached, so most checks stop there.
   * Every tile of a winning hand is in a set or the pair: a discard that no tile held could
   * join (see nearBits) cannot win.
   */
  winsWith(kind: TileKind): boolean {
    return this.specials === 0 && this.distance() === 1 && (this.held[kindGroup(kind)] & nearBits(kind)) !== 0 &&
      this.tables.distanceAdding(kind, this.sets()) === 0;
  }

  isWinning(): boolean {
    return this.specials === 0 && this.distance() === 0;
  }

  /**
   * Discards the tile whose removal leaves the smallest distance, ties to the highest kind.
   * Only asked when the hand holds no special tile and does not win. That smallest distance is
   * the hand's own (see HandTables.bestRemoval), so it stays cached.
   */
  discardBest(): TileKind {
    const distance = this.distance();
    const kind = this.tables.bestRemoval(this.held, this.sets(), distance);
    this.remove(kind);
    this.ownDistance = distance;
    return kind;
  }

  /** The deck position of the tile `discardBest` or `remove` gave up last of `kind`. */
  lastRemoved(kind: TileKind): number {
    return this.positions[kind * COPIES + this.counts[kind]];
  }

  size(): number {
    let total = 0;
    for (let k = 0; k < KIND_COUNT; k++) total += this.counts[k];
    return total;
  }

  /** Deck positions held, ordered by kind. */
  heldTiles(): number[] {
    const held: number[] = [];
    for (let group = 0; group < 4; group++) {
      // The ranks held, lowest first.
      for (let ranks = this.held[group]; ranks !== 0; ranks &= ranks - 1) {
        this.pushPositions(held, GROUP_SPAN * group + 31 - Math.clz32(ranks & -ranks));
      }
    }
    for (let kind = FIRST_SPECIAL; kind < KIND_COUNT; kind++) this.pushPositions(held, kind);
    return held;
  }

  private pushPositions(held: number[], kind: TileKind): void {
    for (let i = 0; i < this.counts[kind]; i++) held.push(this.positions[kind * COPIES + i]);
  }
}
