/**
 * Group keys: a group's tile counts (the three suits, 9 ranks each, and the 7 honours), so that
 * adding or removing a tile is adding a weight. The precomputed tables are indexed by two parts
 * (see groupTables.generated.ts): the counts of the low LOW_RANKS ranks and of the others, each
 * a base-5 number, lowest rank lowest. A key holds both: low part | high part << LOW_BITS.
 */
import type { TileKind } from './tiles';

export const KEY_BASE = 5;
export const LOW_RANKS = 3;
export const LOW_KEYS = KEY_BASE ** LOW_RANKS;
/** Bits of a key that hold its low part (LOW_KEYS < 2^LOW_BITS). */
export const LOW_BITS = 7;
/** The generated strings hold values 0..127 as character codes: value = (code + DATA_OFFSET) & 127. */
export const DATA_OFFSET = 96;
/** Most tiles one group can hold in a hand: 14 concealed tiles, all of one group. */
export const MAX_GROUP_TILES = 14;
/** Kinds per suit: kind = group * GROUP_SPAN + rank, for the honours too. */
export const GROUP_SPAN = 9;
const HONOURS = 27;
const NON_SPECIAL_KINDS = 34;
/** Per non-special kind: its group, and the weight of one of its tiles in the group's key. */
const GROUP_OF = Int8Array.from({ length: NON_SPECIAL_KINDS }, (_, kind) => Math.min(3, Math.floor(kind / 9)));
const WEIGHT_OF = Int32Array.from(
  { length: NON_SPECIAL_KINDS },
  (_, kind) => weightOfRank(kind < HONOURS ? kind % 9 : kind - HONOURS),
);

function weightOfRank(rank: number): number {
  return rank < LOW_RANKS ? KEY_BASE ** rank : KEY_BASE ** (rank - LOW_RANKS) << LOW_BITS;
}

export function kindGroup(kind: TileKind): number {
  return GROUP_OF[kind];
}

/** The bit of `kind`'s rank in a mask of its group's ranks. */
export function rankBit(kind: TileKind): number {
  return 1 << (kind - GROUP_SPAN * GROUP_OF[kind]);
}

/**
 * Per non-special kind, the bits (as rankBit) of the ranks one of which a hand must hold for a
 * tile of it to join a set or the pair: its own and, in a suit, the ranks next to it (a run
 * holding the tile holds one of them).
 */
const NEAR_BITS = Int32Array.from({ length: NON_SPECIAL_KINDS }, (_, kind) => {
  const rank = kind - GROUP_SPAN * GROUP_OF[kind];
  return kind < HONOURS ? ((0b111 << rank) >> 1) & 0x1ff : 1 << rank;
});

/** See NEAR_BITS. */
export function nearBits(kind: TileKind): number {
  return NEAR_BITS[kind];
}

/** The weight of one tile of `kind` in its group's key. */
export function keyWeight(kind: TileKind): number {
  return WEIGHT_OF[kind];
}

/** The key of counts per rank (lowest rank first). */
export function keyOf(counts: ArrayLike<number>): number {
  let key = 0;
  for (let rank = 0; rank < counts.length; rank++) key += counts[rank] * weightOfRank(rank);
  return key;
}
