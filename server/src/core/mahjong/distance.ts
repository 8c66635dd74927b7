/**
 * Winning distance (rules: "Winning hands and winning distance").
 *
 * A winning hand W with k = 4 - melds sets holds 3k + 2 tiles: k sets and one pair, no kind more
 * than 4 times, no special tile. Turning a hand H into W takes |W \ H| added tiles, so the
 * distance is (3k + 2) minus the largest overlap of H with any such W. That overlap splits by
 * group (the three suits and the honours): each group's best overlap for s sets and p pairs is
 * a table precomputed for every content a hand can hold (groupTables.generated.ts). Tables of
 * two groups are merged once per process for each pair met (HALVES), so a distance is a few
 * look-ups and one best split of the sets between two halves.
 */
import { DATA_OFFSET, GROUP_SPAN, LOW_BITS, MAX_GROUP_TILES, keyOf, keyWeight, kindGroup } from './groupKeys';
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

  constructor(rows: string, private readonly columns: string, private readonly cells: string, width: number) {
    this.rowAt = new Int32Array(rows.length);
    for (let low = 0; low < rows.length; low++) this.rowAt[low] = valueAt(rows, low) * width - 1;
    this.column = new Int32Array(columns.length / 2);
  }

  /** The code of the table of the content `key` encodes. */
  codeOf(key: number): number {
    const high = key >> LOW_BITS;
    const column = this.column[high] || this.decodeColumn(high);
    return valueAt(this.cells, this.rowAt[key & ((1 << LOW_BITS) - 1)] + column);
  }

  private decodeColumn(high: number): number {
    const { columns } = this;
    return (this.column[high] = ((valueAt(columns, 2 * high) << 7) | valueAt(columns, 2 * high + 1)) + 1);
  }
}

const SUIT_CODES = new GroupCodes(SUIT_ROWS, SUIT_COLUMNS, SUIT_CELLS, SUIT_WIDTH);
const HONOUR_CODES = new GroupCodes(HONOUR_ROWS, HONOUR_COLUMNS, HONOUR_CELLS, HONOUR_WIDTH);

/** The code of the table of `group` holding the tiles `key` encodes (at most 14). */
function codeOf(group: number, key: number): number {
  return (group === 3 ? HONOUR_CODES : SUIT_CODES).codeOf(key);
}

/** Offset in TABLES of `group`'s table of code `code`. */
function tableAt(group: number, code: number): number {
  return (group === 3 ? HONOURS_AT : 0) + code * TABLE_SIZE;
}

/**
 * Groups are merged in two halves: the two first suits (0-1), and the third suit with the
 * honours (2-3). With few distinct tables (SUIT_TABLES, HONOUR_TABLES) every merge of a half is
 * kept, by the codes of its two tables, once first made: a hand's distance after changing one
 * group is then the merge of its half looked up and one best split with the other half.
 * Entry 0 of a merged table (no set, no pair) is 0: 1 there marks one not merged yet.
 */
const SUIT_COUNT = SUIT_TABLES.length;
const HONOUR_COUNT = HONOUR_TABLES.length;
const SECOND_HALF_AT = SUIT_COUNT * SUIT_COUNT * TABLE_SIZE;
const HALVES = new Int8Array(SECOND_HALF_AT + SUIT_COUNT * HONOUR_COUNT * TABLE_SIZE).fill(1);

/** Offset in HALVES of half `half` merged from the tables of codes `low` (group 2 * half) and `high`. */
function halfAt(half: number, low: number, high: number): number {
  const at = half === 0
    ? (low * SUIT_COUNT + high) * TABLE_SIZE
    : SECOND_HALF_AT + (low * HONOUR_COUNT + high) * TABLE_SIZE;
  if (HALVES[at] !== 0) mergeInto(TABLES, low * TABLE_SIZE, TABLES, tableAt(2 * half + 1, high), HALVES, at);
  return at;
}

/** Best overlap with exactly `sets` sets and one pair, from the two halves' merged tables. */
function bestOverlap(oneAt: number, otherAt: number, sets: number): number {
  let best = IMPOSSIBLE;
  for (let s = 0; s <= sets; s++) {
    const withPair = HALVES[oneAt + s * 2 + 1] + HALVES[otherAt + (sets - s) * 2];
    const pairElsewhere = HALVES[oneAt + s * 2] + HALVES[otherAt + (sets - s) * 2 + 1];
    if (withPair > best) best = withPair;
    if (pairElsewhere > best) best = pairElsewhere;
  }
  return best;
}

/**
 * The winning-distance view of a hand's concealed non-special tiles: its four group keys, their
 * table codes and the two halves' merged tables (each found again when first asked after a
 * change), so that a distance after changing one group is one look-up and one best split.
 * `sets` is always the number of sets still to make.
 */
export class HandTables {
  private readonly keys = new Int32Array(4);
  /** The code of each group's table, while bit g of `valid` is set. */
  private readonly codes = new Int32Array(4);
  /** Offset in HALVES of each half's merged table, while bit 4 + h of `valid` is set. */
  private readonly halves = new Int32Array(2);
  private valid = 0;
  /** For bestRemoval (see findBestSplits): the count, then pairs of an entry and the overlap it needs. */
  private readonly splits = new Int32Array(1 + 4 * TABLE_SIZE);

  /** Back to an empty hand. */
  clear(): void {
    this.keys.fill(0);
    this.valid = 0;
  }

  /** Adds one tile of a non-special kind. */
  add(kind: TileKind): void {
    const group = kindGroup(kind);
    this.keys[group] += keyWeight(kind);
    this.valid &= ~((1 << group) | (16 << (group >> 1)));
  }

  /** Removes one tile of a non-special kind. */
  remove(kind: TileKind): void {
    const group = kindGroup(kind);
    this.keys[group] -= keyWeight(kind);
    this.valid &= ~((1 << group) | (16 << (group >> 1)));
  }

  /** The distance of the hand as it is. */
  distance(sets: number): number {
    return 3 * sets + 2 - bestOverlap(this.halfAt(0), this.halfAt(1), sets);
  }

  /** The distance after adding one tile of `kind`. */
  distanceAdding(kind: TileKind, sets: number): number {
    const group = kindGroup(kind);
    return this.distanceWith(group, codeOf(group, this.keys[group] + keyWeight(kind)), sets);
  }

  /** The distance after removing one tile of `kind` (which the hand holds). */
  distanceRemoving(kind: TileKind, sets: number): number {
    const group = kindGroup(kind);
    return this.distanceWith(group, codeOf(group, this.keys[group] - keyWeight(kind)), sets);
  }

  /** The distance after melding `a` and `b` (one group, both held) with a claimed tile. */
  distanceMelding(a: TileKind, b: TileKind, sets: number): number {
    const group = kindGroup(a);
    return this.distanceWith(group, codeOf(group, this.keys[group] - keyWeight(a) - keyWeight(b)), sets - 1);
  }

  /**
   * The non-special kind held (`held`: per group, a bit per rank held) whose removal leaves the smallest distance, ties
   * to the highest kind, for a hand of 3 * sets + 2 tiles that does not win and whose distance
   * is `own`. Removing a tile never lowers the distance, and some tile lies outside the best
   * overlap, so the smallest is `own`: the first kind (from the highest) that keeps it is the
   * one. A kind whose removal leaves its group the same table as the kind tried just before (a
   * quarter of the tries: two loose tiles of a suit, say) is rejected without a look.
   */
  bestRemoval(held: Int32Array, sets: number, own: number): TileKind {
    const { keys } = this;
    for (let group = 3; group >= 0; group--) {
      const half = group >> 1;
      if (group === 3 || group === 1) this.findBestSplits(half, 3 * sets + 2 - own, sets);
      const partner = this.codeOf(group ^ 1);
      let rejected = -1;
      for (let ranks = held[group]; ranks !== 0;) {
        const rank = 31 - Math.clz32(ranks);
        ranks ^= 1 << rank;
        const kind = group * GROUP_SPAN + rank;
        const code = codeOf(group, keys[group] - keyWeight(kind));
        if (code === rejected) continue;
        if (this.keepsBestSplit((group & 1) === 0 ? halfAt(half, code, partner) : halfAt(half, partner, code))) {
          return kind;
        }
        rejected = code;
      }
    }
    throw new RangeError('bestRemoval: the hand wins or holds no tile');
  }

  /**
   * Lists in `splits` the entries (sets * 2 + pairs) of half `half`'s table that are part of a
   * best split, the overlap being `best`, with the least each needs from the half's tables.
   */
  private findBestSplits(half: number, best: number, sets: number): void {
    const own = this.halfAt(half);
    const other = this.halfAt(half ^ 1);
    const { splits } = this;
    let count = 0;
    for (let entry = 0; entry <= 2 * sets + 1; entry++) {
      const need = best - HALVES[other + 2 * sets + 1 - entry];
      if (HALVES[own + entry] === need) {
        splits[++count] = entry;
        splits[++count] = need;
      }
    }
    splits[0] = count;
  }

  /**
   * Whether the half's table at `at` in HALVES, with a tile fewer than the one findBestSplits
   * looked at (so no entry larger), keeps one of its best splits, and so the hand's distance.
   */
  private keepsBestSplit(at: number): boolean {
    const { splits } = this;
    for (let i = 1; i < splits[0]; i += 2) if (HALVES[at + splits[i]] === splits[i + 1]) return true;
    return false;
  }

  /** The distance with `group`'s table of code `code` and the other groups as they are. */
  private distanceWith(group: number, code: number, sets: number): number {
    const half = group >> 1;
    const partner = this.codeOf(group ^ 1);
    const at = (group & 1) === 0 ? halfAt(half, code, partner) : halfAt(half, partner, code);
    return 3 * sets + 2 - bestOverlap(at, this.halfAt(half ^ 1), sets);
  }

  /** The code of `group`'s table as it is. */
  private codeOf(group: number): number {
    if ((this.valid & (1 << group)) === 0) {
      this.codes[group] = codeOf(group, this.keys[group]);
      this.valid |= 1 << group;
    }
    return this.codes[group];
  }

  /** Offset in HALVES of half `half` as it is. */
  private halfAt(half: number): number {
    if ((this.valid & (16 << half)) === 0) {
      this.halves[half] = halfAt(half, this.codeOf(2 * half), this.codeOf(2 * half + 1));
      this.valid |= 16 << half;
    }
    return this.halves[half];
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
  const at = tableAt(group, codeOf(group, keyOf(counts)));
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
