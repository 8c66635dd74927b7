/**
 * Group keys: a group's tile counts (the three suits, 9 ranks each, and the 7 honours) as a
 * base-5 number, lowest rank lowest, so adding or removing a tile is adding a weight. A key
 * splits into its low LOW_RANKS ranks (key % LOW_KEYS) and the rest (the quotient): the
 * precomputed tables are indexed by the two (see groupTables.generated.ts).
 */
import type { TileKind } from './tiles';

export const KEY_BASE = 5;
export const LOW_RANKS = 3;
export const LOW_KEYS = KEY_BASE ** LOW_RANKS;
/** The generated strings hold values 0..127 as character codes: value = (code + DATA_OFFSET) & 127. */
export const DATA_OFFSET = 96;
/** Most tiles one group can hold in a hand: 14 concealed tiles, all of one group. */
export const MAX_GROUP_TILES = 14;
const WEIGHTS = [1, 5, 25, 125, 625, 3125, 15625, 78125, 390625];

export function kindGroup(kind: TileKind): number {
  return kind < 27 ? (kind / 9) | 0 : 3;
}

/** The weight of one tile of `kind` in its group's key. */
export function keyWeight(kind: TileKind): number {
  return WEIGHTS[kind < 27 ? kind % 9 : kind - 27];
}

/** The key of counts per rank (lowest rank first). */
export function keyOf(counts: ArrayLike<number>): number {
  let key = 0;
  for (let i = counts.length - 1; i >= 0; i--) key = key * KEY_BASE + counts[i];
  return key;
}

/** Counts per rank of a key of `ranks` ranks. */
export function countsOfKey(key: number, ranks: number): number[] {
  const counts: number[] = [];
  for (let i = 0; i < ranks; i++) {
    counts.push(key % KEY_BASE);
    key = Math.floor(key / KEY_BASE);
  }
  return counts;
}
