import {
  bestOverlap, groupTable, keyWeight, kindGroup, mergeTables, type GroupTable,
} from './distance';
import { FIRST_SPECIAL, KIND_COUNT, SPECIAL_DISCARD_ORDER, type TileKind } from './tiles';

const MAX_SETS = 4;

/**
 * One player's concealed tiles, by kind and by deck position, with what winning-distance
 * questions need kept up to date (group keys, merged tables of the other groups).
 */
export class Hand {
  readonly counts = new Int8Array(KIND_COUNT);
  /** Deck positions held, per kind; the last one taken is given up first. */
  readonly tiles: number[][] = Array.from({ length: KIND_COUNT }, () => []);
  private readonly keys = [0, 0, 0, 0];
  private specials = 0;
  private rest: GroupTable[] | undefined;
  melds = 0;

  add(kind: TileKind, tile: number): void {
    this.counts[kind]++;
    this.tiles[kind].push(tile);
    if (kind >= FIRST_SPECIAL) this.specials++;
    else this.keys[kindGroup(kind)] += keyWeight(kind);
    this.rest = undefined;
  }

  remove(kind: TileKind): number {
    this.counts[kind]--;
    if (kind >= FIRST_SPECIAL) this.specials--;
    else this.keys[kindGroup(kind)] -= keyWeight(kind);
    this.rest = undefined;
    return this.tiles[kind].pop()!;
  }

  hasSpecial(): boolean {
    return this.specials > 0;
  }

  /** The special tile to throw first (PASS, then REVERSE, then DOUBLE), if any. */
  specialToDiscard(): TileKind | undefined {
    if (this.specials === 0) return undefined;
    return SPECIAL_DISCARD_ORDER.find((kind) => this.counts[kind] > 0);
  }

  private sets(): number {
    return MAX_SETS - this.melds;
  }

  private restTables(): GroupTable[] {
    if (this.rest === undefined) {
      const tables = this.keys.map((key, g) => groupTable(g, key));
      this.rest = tables.map((_, left) => {
        const others = tables.filter((_, g) => g !== left);
        return mergeTables(mergeTables(others[0], others[1]), others[2]);
      });
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
    return 3 * sets + 2 - bestOverlap(groupTable(group, key), this.restTables()[group], sets);
  }

  distance(): number {
    return this.distanceWith();
  }

  /** A winning hand holds no special tile and has distance 0. */
  winsWith(kind: TileKind): boolean {
    return this.specials === 0 && this.distanceWith([kind], 1) === 0;
  }

  isWinning(): boolean {
    return this.specials === 0 && this.distance() === 0;
  }

  /**
   * The tile to discard: the one whose removal leaves the smallest distance, ties to the
   * highest kind. Only asked when the hand holds no special tile.
   */
  bestDiscard(): TileKind {
    let best = -1;
    let bestDistance = Infinity;
    const rest = this.restTables();
    const sets = this.sets();
    for (let kind = FIRST_SPECIAL - 1; kind >= 0; kind--) {
      if (this.counts[kind] === 0) continue;
      const group = kindGroup(kind);
      const table = groupTable(group, this.keys[group] - keyWeight(kind));
      const distance = 3 * sets + 2 - bestOverlap(table, rest[group], sets);
      if (distance < bestDistance) {
        bestDistance = distance;
        best = kind;
      }
    }
    return best;
  }

  size(): number {
    let total = 0;
    for (let k = 0; k < KIND_COUNT; k++) total += this.counts[k];
    return total;
  }

  /** Deck positions held, ordered by kind. */
  heldTiles(): number[] {
    return this.tiles.flat();
  }
}
