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
import { DATA_OFFSET, LOW_BITS, MAX_GROUP_TILES, keyOf, keyWeight, kindGroup } from './groupKeys';
import {
  HONOUR_CELLS, HONOUR_COLUMNS, HONOUR_ROWS, HONOUR_TABLES, HONOUR_WIDTH,
  SUIT_CELLS, SUIT_COLUMNS, SUIT_ROWS, SUIT_TABLES, SUIT_WIDTH,
} from './groupTables.generated';
import { mergeInto } from './mergeTables.generated';
import { IMPOSSIBLE, MAX_SETS, TABLE_SIZE } from './tableShape';
import { FIRST_SPECIAL, KIND_COUNT, type TileKind } from './tiles';

export { IMPOSSIBLE, MAX_SETS, TABLE_SIZE };
/** Per group: best overlap for (sets, pairs) at index sets * 2 + pairs. */
export type GroupTable = Int8Array;

/** Every distinct table, TABLE_SIZE entries each: the suits' then the honours'. */
const TABLES = Int8Array.from([...SUIT_TABLES, ...HONOUR_TABLES].flat());
const HONOURS_AT = SUIT_TABLES.length * TABLE_SIZE;

/** A value of the generated strings (see groupKeys.ts). */
function valueAt(data: string, at: number): number {
  return (data.charCodeAt(at) + DATA_OFFSET) & 127;
}

/**
 * One group's generated matrix, decoded where the hot path needs it: per low part, where its
 * row starts; per high part, its column (decoded when first asked: most are never asked, and
 * decoding them all would slow the start). The code of a content's table is one character.
 */
class GroupCodes {
  private readonly rowAt: Int32Array;
  /** Column + 1 of each high part, 0 until decoded. */
  private readonly column: Int32Array;

  constructor(
    rows: string, private readonly columns: string, private readonly cells: string, width: number,
    private readonly base: number,
  ) {
    this.rowAt = new Int32Array(rows.length);
    for (let low = 0; low < rows.length; low++) this.rowAt[low] = valueAt(rows, low) * width - 1;
    this.column = new Int32Array(columns.length / 2);
  }

  /** Offset in TABLES of the table of the content `key` encodes. */
  tableAt(key: number): number {
    const high = key >> LOW_BITS;
    const column = this.column[high] || this.decodeColumn(high);
    return this.base + valueAt(this.cells, this.rowAt[key & ((1 << LOW_BITS) - 1)] + column) * TABLE_SIZE;
  }

  private decodeColumn(high: number): number {
    const { columns } = this;
    return (this.column[high] = ((valueAt(columns, 2 * high) << 7) | valueAt(columns, 2 * high + 1)) + 1);
  }
}

const SUIT_CODES = new GroupCodes(SUIT_ROWS, SUIT_COLUMNS, SUIT_CELLS, SUIT_WIDTH, 0);
const HONOUR_CODES = new GroupCodes(HONOUR_ROWS, HONOUR_COLUMNS, HONOUR_CELLS, HONOUR_WIDTH, HONOURS_AT);

/** Offset in TABLES of the table of `group` holding the tiles `key` encodes (at most 14). */
function tableAt(group: number, key: number): number {
  return (group === 3 ? HONOUR_CODES : SUIT_CODES).tableAt(key);
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
 * The winning-distance view of a hand's concealed non-special tiles: its four group keys and
 * their tables, the tables of groups 0-1 and 2-3 merged, and per group the other three groups'
 * tables merged (each built when first asked), so that a distance after changing one group is
 * one look-up and one best split. `sets` is always the number of sets still to make.
 */
export class HandTables {
  private readonly keys = new Int32Array(4);
  /** Offset in TABLES of each group's table, while bit 6 + g of `valid` is set. */
  private readonly at = new Int32Array(4);
  /** Groups 0-1 merged, then groups 2-3 merged. */
  private readonly pairs = new Int8Array(2 * TABLE_SIZE);
  /** Per group, the other three groups' tables merged. */
  private readonly rest = new Int8Array(4 * TABLE_SIZE);
  /** Bit g: rest of group g is up to date; bits 4 and 5: pairs 0-1 and 2-3; bits 6-9: `at`. */
  private valid = 0;

  /** Back to an empty hand. */
  clear(): void {
    this.keys.fill(0);
    this.valid = 0;
  }

  /** Adds one tile of a non-special kind. */
  add(kind: TileKind): void {
    const group = kindGroup(kind);
    this.keys[group] += keyWeight(kind);
    this.changed(group);
  }

  /** Removes one tile of a non-special kind. */
  remove(kind: TileKind): void {
    const group = kindGroup(kind);
    this.keys[group] -= keyWeight(kind);
    this.changed(group);
  }

  /** What still holds after `group` changed: the other pair, the rest of `group`, the others' tables. */
  private changed(group: number): void {
    this.valid &= (group < 2 ? 32 : 16) | (1 << group) | (0x3c0 & ~(64 << group));
  }

  /**
   * The distance of the hand as it is, from the rest of a group already merged, or else of the
   * highest group held: the one bestRemoval asks first.
   */
  distance(sets: number): number {
    const valid = this.valid & 15;
    let group = 3;
    if (valid !== 0) group = 31 - Math.clz32(valid);
    else while (group > 0 && this.keys[group] === 0) group--;
    return 3 * sets + 2 - bestOverlap(TABLES, this.tableOf(group), this.restOf(group), group * TABLE_SIZE, sets);
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
   * A kind whose removal leaves its group the same table as the kind tried just before (a
   * quarter of the tries: two loose tiles of a suit, say) is rejected without a look.
   */
  bestRemoval(counts: ArrayLike<number>, sets: number): TileKind {
    const own = this.distance(sets);
    const { keys } = this;
    let rejected = -1;
    let rejectedGroup = -1;
    for (let kind = FIRST_SPECIAL - 1; kind >= 0; kind--) {
      if (counts[kind] === 0) continue;
      const group = kindGroup(kind);
      const at = tableAt(group, keys[group] - keyWeight(kind));
      if (at === rejected && group === rejectedGroup) continue;
      if (this.distanceWith(group, at, sets) === own) return kind;
      rejected = at;
      rejectedGroup = group;
    }
    throw new RangeError('bestRemoval: the hand wins or holds no tile');
  }

  /** The distance with `group` holding the tiles `key` encodes and the other groups as they are. */
  private distanceOf(group: number, key: number, sets: number): number {
    return this.distanceWith(group, tableAt(group, key), sets);
  }

  /** The distance with `group`'s table at `at` in TABLES and the other groups as they are. */
  private distanceWith(group: number, at: number, sets: number): number {
    return 3 * sets + 2 - bestOverlap(TABLES, at, this.restOf(group), group * TABLE_SIZE, sets);
  }

  /** Offset in TABLES of the table of `group` as it is. */
  private tableOf(group: number): number {
    if ((this.valid & (64 << group)) === 0) {
      this.at[group] = tableAt(group, this.keys[group]);
      this.valid |= 64 << group;
    }
    return this.at[group];
  }

  /** The rest tables, with the rest of `group` up to date: its partner's table merged with the other pair. */
  private restOf(group: number): Int8Array {
    const { rest } = this;
    if ((this.valid & (1 << group)) === 0) {
      const other = group < 2 ? 1 : 0;
      if ((this.valid & (16 << other)) === 0) {
        mergeInto(TABLES, this.tableOf(2 * other), TABLES, this.tableOf(2 * other + 1), this.pairs, other * TABLE_SIZE);
        this.valid |= 16 << other;
      }
      mergeInto(TABLES, this.tableOf(group ^ 1), this.pairs, other * TABLE_SIZE, rest, group * TABLE_SIZE);
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
