import {
  TABLE_SIZE, bestOverlap, distanceOfKeys, groupTables, keyWeight, kindGroup, tableAt,
} from './distance';
import { mergeInto } from './mergeTables.generated';
import { COPIES, FIRST_SPECIAL, KIND_COUNT, SPECIAL_DISCARD_ORDER, type TileKind } from './tiles';

const MAX_SETS = 4;

/**
 * One player's concealed tiles, by kind and by deck position, with what winning-distance
 * questions need kept up to date (group keys, merged tables of the other groups).
 */
export class Hand {
  readonly counts = new Int8Array(KIND_COUNT);
  /** Deck positions held, 4 slots per kind; the last one taken is given up first. */
  private readonly positions = new Int16Array(KIND_COUNT * COPIES);
  private readonly keys = [0, 0, 0, 0];
  private specials = 0;
  /** Per group, the other three groups' tables merged (flat, TABLE_SIZE each); see restTables. */
  private readonly rest = new Int8Array(4 * TABLE_SIZE);
  private restValid = false;
  private ownDistance = -1;
  private readonly scratch = new Int8Array(2 * TABLE_SIZE);
  private meldCount = 0;

  add(kind: TileKind, tile: number): void {
    this.positions[kind * COPIES + this.counts[kind]++] = tile;
    if (kind >= FIRST_SPECIAL) this.specials++;
    else this.keys[kindGroup(kind)] += keyWeight(kind);
    this.restValid = false;
    this.ownDistance = -1;
  }

  remove(kind: TileKind): number {
    this.counts[kind]--;
    if (kind >= FIRST_SPECIAL) this.specials--;
    else this.keys[kindGroup(kind)] -= keyWeight(kind);
    this.restValid = false;
    this.ownDistance = -1;
    return this.positions[kind * COPIES + this.counts[kind]];
  }

  /** Takes `kinds` out of the hand for a claimed meld; returns their deck positions. */
  meld(kinds: readonly TileKind[]): number[] {
    const tiles = kinds.map((kind) => this.remove(kind));
    this.meldCount++;
    return tiles;
  }

  /** The special tile to throw first (PASS, then REVERSE, then DOUBLE), if any. */
  specialToDiscard(): TileKind | undefined {
    if (this.specials === 0) return undefined;
    return SPECIAL_DISCARD_ORDER.find((kind) => this.counts[kind] > 0);
  }

  private sets(): number {
    return MAX_SETS - this.meldCount;
  }

  /**
   * Computed once per hand change, with prefix and suffix merges: rest of group g is
   * groups 0..g-1 merged with groups g+1..3.
   */
  private restTables(): Int8Array {
    if (!this.restValid) {
      const { rest, scratch, keys } = this;
      const t0 = tableAt(0, keys[0]);
      const t1 = tableAt(1, keys[1]);
      const t2 = tableAt(2, keys[2]);
      const t3 = tableAt(3, keys[3]);
      const all = groupTables();
      const at = (g: number) => g * TABLE_SIZE;
      mergeInto(all, t2, all, t3, scratch, 0); // groups 2..3
      mergeInto(all, t1, scratch, 0, rest, at(0)); // rest of 0: 1..3
      mergeInto(all, t0, scratch, 0, rest, at(1)); // rest of 1: 0, 2..3
      mergeInto(all, t0, all, t1, scratch, TABLE_SIZE); // groups 0..1
      mergeInto(scratch, TABLE_SIZE, all, t3, rest, at(2)); // rest of 2: 0..1, 3
      mergeInto(scratch, TABLE_SIZE, all, t2, rest, at(3)); // rest of 3: 0..2
      this.restValid = true;
    }
    return this.rest;
  }

  /**
   * Winning distance after changing the hand by `delta` tiles of `kinds` (same group), with
   * `claimedSets` more melds. Without arguments: the hand's own distance.
   */
  distanceWith(kinds: readonly TileKind[] = [], delta = 0, claimedSets = 0): number {
    const sets = this.sets() - claimedSets;
    const group = kinds.length > 0 ? kindGroup(kinds[0]) : 0;
    let key = this.keys[group];
    for (const kind of kinds) key += delta * keyWeight(kind);
    const rest = this.restTables();
    return 3 * sets + 2 - bestOverlap(groupTables(), tableAt(group, key), rest, group * TABLE_SIZE, sets);
  }

  /** The hand's own distance, cached until it changes. */
  distance(): number {
    if (this.ownDistance < 0) {
      const sets = this.sets();
      if (this.restValid) {
        this.ownDistance = 3 * sets + 2 - bestOverlap(groupTables(), tableAt(0, this.keys[0]), this.rest, 0, sets);
      } else {
        // Two merges suffice for the whole hand; restTables would take six.
        this.ownDistance = distanceOfKeys(this.keys, sets);
      }
    }
    return this.ownDistance;
  }

  /**
   * A winning hand holds no special tile and has distance 0. Only a hand one tile from
   * winning can win on a discard, and its own distance is cached, so most checks stop there.
   */
  winsWith(kind: TileKind): boolean {
    return this.specials === 0 && this.distance() === 1 && this.distanceWith([kind], 1) === 0;
  }

  /** Asked right before discardBest, so it builds the tables that discardBest reuses. */
  isWinning(): boolean {
    if (this.specials > 0) return false;
    this.restTables();
    return this.distance() === 0;
  }

  /**
   * Discards the tile whose removal leaves the smallest distance, ties to the highest kind.
   * Only asked when the hand holds no special tile. That smallest distance is the new hand's
   * own, so it is kept rather than computed again.
   */
  discardBest(): { kind: TileKind; tile: number } {
    let best = -1;
    let bestDistance = Infinity;
    const rest = this.restTables();
    const all = groupTables();
    const sets = this.sets();
    for (let kind = FIRST_SPECIAL - 1; kind >= 0; kind--) {
      if (this.counts[kind] === 0) continue;
      const group = kindGroup(kind);
      const table = tableAt(group, this.keys[group] - keyWeight(kind));
      const distance = 3 * sets + 2 - bestOverlap(all, table, rest, group * TABLE_SIZE, sets);
      if (distance < bestDistance) {
        bestDistance = distance;
        best = kind;
      }
    }
    const tile = this.remove(best);
    this.ownDistance = bestDistance;
    return { kind: best, tile };
  }

  size(): number {
    let total = 0;
    for (let k = 0; k < KIND_COUNT; k++) total += this.counts[k];
    return total;
  }

  /** Deck positions held, ordered by kind. */
  heldTiles(): number[] {
    const held: number[] = [];
    for (let kind = 0; kind < KIND_COUNT; kind++) {
      for (let i = 0; i < this.counts[kind]; i++) held.push(this.positions[kind * COPIES + i]);
    }
    return held;
  }
}
