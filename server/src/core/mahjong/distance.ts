/**
 * Winning distance (rules: "Winning hands and winning distance").
 *
 * A winning hand W with k = 4 - melds sets holds 3k + 2 tiles: k sets and one pair, no kind more
 * than 4 times, no special tile. Turning a hand H into W takes |W \ H| added tiles, so the
 * distance is (3k + 2) minus the largest overlap of H with any such W. That overlap splits by
 * group (the three suits and the honours): each group's best overlap for s sets and p pairs is
 * a table precomputed for every content a hand can hold (groupTables.generated.ts), so a
 * distance is a few look-ups and merges.
 */
import { GroupIndex, MAX_GROUP_TILES, keyOf, keyWeight, kindGroup } from './groupKeys';
import { HONOUR_CODES, HONOUR_TABLES, SUIT_CODES, SUIT_TABLES } from './groupTables.generated';
import { mergeInto } from './mergeTables.generated';
import { IMPOSSIBLE, MAX_SETS, TABLE_SIZE } from './tableShape';
import { FIRST_SPECIAL, KIND_COUNT, type TileKind } from './tiles';

export { IMPOSSIBLE, MAX_SETS, TABLE_SIZE };
/** Per group: best overlap for (sets, pairs) at index sets * 2 + pairs. */
export type GroupTable = Int8Array;

/**
 * Each distinct table at (its character code) * TABLE_SIZE, the honours' after the suits': the
 * code of a content gives its table's offset.
 */
const CODES = 128;
const TABLES = new Int8Array(2 * CODES * TABLE_SIZE);
for (const [code, ...table] of SUIT_TABLES) TABLES.set(table, code * TABLE_SIZE);
for (const [code, ...table] of HONOUR_TABLES) TABLES.set(table, (CODES + code) * TABLE_SIZE);
const SUIT_INDEX = new GroupIndex(9);
const HONOUR_INDEX = new GroupIndex(7);

/** Offset in TABLES of the table of `group` holding the tiles `key` encodes (at most 14). */
function tableAt(group: number, key: number): number {
  if (group === 3) return (CODES + HONOUR_CODES.charCodeAt(HONOUR_INDEX.indexOf(key))) * TABLE_SIZE;
  return SUIT_CODES.charCodeAt(SUIT_INDEX.indexOf(key)) * TABLE_SIZE;
}

/** Best overlap with exactly `sets` sets and one pair, from one group's table and the rest's. */
function bestOverlap(one: Int8Array, oneAt: number, rest: Int8Array, restAt: number, sets: number): number {
  let best = IMPOSSIBLE;
  for (let s = 0; s <= sets; s++) {
    const withPair = one[oneAt + s * 2 + 1] + rest[restAt + (sets - s) * 2];
    const pairElsewhere = one[oneAt + s * 2] + rest[restAt + (sets - s) * 2 + 1];
    if (withPair > best) best = withPair;
    if (pairElsewhere > best) best = pairElsewhere;
  }
  return best;
}

/**
 * The winning-distance view of a hand's concealed non-special tiles: its four group keys, the
 * tables of groups 0-1 and 2-3 merged, and per group the other three groups' tables merged
 * (built when first asked), so that a distance after changing one group is one look-up and one
 * best split. `sets` is always the number of sets still to make.
 */
export class HandTables {
  private readonly keys = new Int32Array(4);
  /** Groups 0-1 merged, then groups 2-3 merged. */
  private readonly pairs = new Int8Array(2 * TABLE_SIZE);
  /** Per group, the other three groups' tables merged. */
  private readonly rest = new Int8Array(4 * TABLE_SIZE);
  /** Bit g: rest of group g is up to date; bit 4: pairs are. Cleared by every change. */
  private valid = 0;

  /** Back to an empty hand. */
  clear(): void {
    this.keys.fill(0);
    this.valid = 0;
  }

  /** Adds one tile of a non-special kind. */
  add(kind: TileKind): void {
    this.keys[kindGroup(kind)] += keyWeight(kind);
    this.valid = 0;
  }

  /** Removes one tile of a non-special kind. */
  remove(kind: TileKind): void {
    this.keys[kindGroup(kind)] -= keyWeight(kind);
    this.valid = 0;
  }

  /** The distance of the hand as it is. */
  distance(sets: number): number {
    const pairs = this.pairTables();
    return 3 * sets + 2 - bestOverlap(pairs, 0, pairs, TABLE_SIZE, sets);
  }

  /** The distance after adding one tile of `kind`. */
  distanceAdding(kind: TileKind, sets: number): number {
    const group = kindGroup(kind);
    return this.distanceOf(group, this.keys[group] + keyWeight(kind), sets);
  }

  /** The distance after removing one tile of `kind` (which the hand holds). */
  distanceRemoving(kind: TileKind, sets: number): number {
    const group = kindGroup(kind);
    return this.distanceOf(group, this.keys[group] - keyWeight(kind), sets);
  }

  /** The distance after melding `a` and `b` (one group, both held) with a claimed tile. */
  distanceMelding(a: TileKind, b: TileKind, sets: number): number {
    const group = kindGroup(a);
    return this.distanceOf(group, this.keys[group] - keyWeight(a) - keyWeight(b), sets - 1);
  }

  /**
   * The non-special kind held (per `counts`) whose removal leaves the smallest distance, ties
   * to the highest kind, for a hand of 3 * sets + 2 tiles that does not win. Removing a tile
   * never lowers the distance, and some tile lies outside the best overlap, so the smallest is
   * the hand's own distance: the first kind (from the highest) that keeps it is the one.
   */
  bestRemoval(counts: ArrayLike<number>, sets: number): TileKind {
    const own = this.distance(sets);
    const { keys } = this;
    for (let kind = FIRST_SPECIAL - 1; kind >= 0; kind--) {
      if (counts[kind] === 0) continue;
      const group = kindGroup(kind);
      if (this.distanceOf(group, keys[group] - keyWeight(kind), sets) === own) return kind;
    }
    throw new RangeError('bestRemoval: the hand wins or holds no tile');
  }

  /** The distance with `group` holding the tiles `key` encodes and the other groups as they are. */
  private distanceOf(group: number, key: number, sets: number): number {
    return 3 * sets + 2 - bestOverlap(TABLES, tableAt(group, key), this.restOf(group), group * TABLE_SIZE, sets);
  }

  private pairTables(): Int8Array {
    const { pairs, keys } = this;
    if ((this.valid & 16) === 0) {
      mergeInto(TABLES, tableAt(0, keys[0]), TABLES, tableAt(1, keys[1]), pairs, 0);
      mergeInto(TABLES, tableAt(2, keys[2]), TABLES, tableAt(3, keys[3]), pairs, TABLE_SIZE);
      this.valid = 16;
    }
    return pairs;
  }

  /** The rest tables, with the rest of `group` up to date: its partner's table merged with the other pair. */
  private restOf(group: number): Int8Array {
    const pairs = this.pairTables();
    const { rest } = this;
    if ((this.valid & (1 << group)) === 0) {
      const partner = group ^ 1;
      const otherPair = group < 2 ? TABLE_SIZE : 0;
      mergeInto(TABLES, tableAt(partner, this.keys[partner]), pairs, otherPair, rest, group * TABLE_SIZE);
      this.valid |= 1 << group;
    }
    return rest;
  }
}

/** The tables cover what a hand can hold: 0 to 4 tiles of each kind, at most 14 in a group. */
function checkGroup(counts: readonly number[]): void {
  if (counts.some((count) => count < 0 || count > 4) || counts.reduce((a, b) => a + b, 0) > MAX_GROUP_TILES) {
    throw new RangeError(`a group holds 0 to 4 tiles of each kind and at most ${MAX_GROUP_TILES} in all`);
  }
}

/** One group's table for the tile counts of its kinds (9 ranks, or the 7 honours). */
export function groupTableOf(group: number, counts: readonly number[]): GroupTable {
  checkGroup(counts);
  const at = tableAt(group, keyOf(counts));
  return TABLES.subarray(at, at + TABLE_SIZE);
}

/**
 * Winning distance of a hand given as counts per kind (specials included, as they must go),
 * for a player with `melds` melds. Works for both 13-3n and 14-3n hands.
 */
export function winningDistance(counts: ArrayLike<number>, melds: number): number {
  if (counts.length < FIRST_SPECIAL) throw new RangeError(`expected ${KIND_COUNT} counts`);
  for (let group = 0; group < 4; group++) {
    const start = group * 9;
    checkGroup(Array.from(counts).slice(start, group < 3 ? start + 9 : FIRST_SPECIAL));
  }
  const tables = new HandTables();
  for (let kind = 0; kind < FIRST_SPECIAL; kind++) for (let n = 0; n < counts[kind]; n++) tables.add(kind);
  return tables.distance(MAX_SETS - melds);
}

/** Counts per kind from tile names or kinds. */
export function countKinds(kinds: Iterable<TileKind>): Int8Array {
  const counts = new Int8Array(KIND_COUNT);
  for (const kind of kinds) counts[kind]++;
  return counts;
}
