/**
 * Group keys: a group's tile counts (the three suits, 9 ranks each, and the 7 honours) packed
 * three bits per rank, lowest rank lowest, so adding or removing a tile is adding a weight.
 *
 * Keys index the precomputed group tables through a dense numbering of the contents a hand can
 * have (each rank 0..4 tiles, at most 14 in all): the key splits into its low five ranks and
 * the rest, the rest's contents are numbered by tile count, so the ones that fit beside a low
 * part with n tiles are a prefix of that numbering; index = LOW_BASE[low] + HIGH_RANK[high].
 */
import type { TileKind } from './tiles';

export const RANK_BITS = 3;
/** Most tiles one group can hold in a hand: 14 concealed tiles, all of one group. */
export const MAX_GROUP_TILES = 14;
const LOW_RANKS = 5;
const LOW_MASK = (1 << (LOW_RANKS * RANK_BITS)) - 1;
const MAX_PER_RANK = 4;

export function kindGroup(kind: TileKind): number {
  return kind < 27 ? (kind / 9) | 0 : 3;
}

/** The weight of one tile of `kind` in its group's key. */
export function keyWeight(kind: TileKind): number {
  return 1 << (RANK_BITS * (kind < 27 ? kind % 9 : kind - 27));
}

/** The key of counts per rank (lowest rank first). */
export function keyOf(counts: ArrayLike<number>): number {
  let key = 0;
  for (let i = counts.length - 1; i >= 0; i--) key = (key << RANK_BITS) | counts[i];
  return key;
}

/**
 * Every content of `ranks` ranks with at most 14 tiles, lowest key first: keys and tile counts.
 * An odometer over typed arrays: this runs when the engine loads.
 */
function contents(ranks: number): { keys: Int32Array; tiles: Int32Array; size: number } {
  const all = (MAX_PER_RANK + 1) ** ranks;
  const keys = new Int32Array(all);
  const tiles = new Int32Array(all);
  const counts = new Int32Array(ranks);
  let size = 0;
  let key = 0;
  let n = 0;
  for (let i = 0; i < all; i++) {
    if (n <= MAX_GROUP_TILES) {
      keys[size] = key;
      tiles[size++] = n;
    }
    for (let rank = 0; rank < ranks; rank++) {
      if (counts[rank] < MAX_PER_RANK) {
        counts[rank]++;
        key += 1 << (RANK_BITS * rank);
        n++;
        break;
      }
      counts[rank] = 0;
      key -= MAX_PER_RANK << (RANK_BITS * rank);
      n -= MAX_PER_RANK;
    }
  }
  return { keys, tiles, size };
}

/** The numbering of one group's contents (9 ranks for a suit, 7 for the honours). */
export class GroupIndex {
  private readonly lowBase: Int32Array;
  private readonly highRank: Int32Array;
  /** How many contents are numbered: indices are 0..size-1. */
  readonly size: number;

  constructor(readonly ranks: number) {
    const high = contents(ranks - LOW_RANKS);
    // Highs numbered by tile count, then key: those with at most n tiles come first.
    const fitting = new Int32Array(MAX_GROUP_TILES + 2); // fitting[n + 1]: highs with at most n tiles
    for (let i = 0; i < high.size; i++) fitting[high.tiles[i] + 1]++;
    for (let n = 1; n < fitting.length; n++) fitting[n] += fitting[n - 1];
    this.highRank = new Int32Array(1 << ((ranks - LOW_RANKS) * RANK_BITS));
    const next = fitting.slice(0, MAX_GROUP_TILES + 1);
    for (let i = 0; i < high.size; i++) this.highRank[high.keys[i]] = next[high.tiles[i]]++;
    const low = contents(LOW_RANKS);
    this.lowBase = new Int32Array(LOW_MASK + 1);
    let size = 0;
    for (let i = 0; i < low.size; i++) {
      this.lowBase[low.keys[i]] = size;
      size += fitting[MAX_GROUP_TILES - low.tiles[i] + 1];
    }
    this.size = size;
  }

  /** The number of a key whose contents hold at most 14 tiles. */
  indexOf(key: number): number {
    return this.lowBase[key & LOW_MASK] + this.highRank[key >>> (LOW_RANKS * RANK_BITS)];
  }

  /** Every key numbered, in the order of their numbers. */
  keys(): Int32Array {
    const { keys, size } = contents(this.ranks);
    const ordered = new Int32Array(size);
    for (let i = 0; i < size; i++) ordered[this.indexOf(keys[i])] = keys[i];
    return ordered;
  }
}
