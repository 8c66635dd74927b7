/**
 * Winning distance (rules: "Winning hands and winning distance").
 *
 * A winning hand W with k = 4 - melds sets holds 3k + 2 tiles: k sets and one pair, no kind more
 * than 4 times, no special tile. Turning a hand H into W takes |W \ H| added tiles, so the
 * distance is (3k + 2) minus the largest overlap of H with any such W. That overlap splits by
 * group (the three suits and the honours): each group's best overlap for s sets and p pairs is
 * computed once per distinct group content and memoised, so a distance is a few table look-ups.
 */
import { mergeInto } from './mergeTables.generated';
import { IMPOSSIBLE, MAX_SETS, TABLE_SIZE } from './tableShape';
import { FIRST_SPECIAL, KIND_COUNT, type TileKind } from './tiles';

export { IMPOSSIBLE, MAX_SETS, TABLE_SIZE };
/** Per group: best overlap for (sets, pairs) at index sets * 2 + pairs; IMPOSSIBLE if none. */
export type GroupTable = Int8Array;
/** First kind and size of each group: 1M-9M, 1P-9P, 1S-9S, honours. */
const GROUP_START = [0, 9, 18, 27];
const POW5 = [1, 5, 25, 125, 625, 3125, 15625, 78125, 390625];

/** The weight of one tile of `kind` in its group's key (keys are base-5 counts). */
function keyWeight(kind: TileKind): number {
  return POW5[kind - GROUP_START[kindGroup(kind)]];
}

function kindGroup(kind: TileKind): number {
  return kind < 27 ? Math.floor(kind / 9) : 3;
}

/*
 * Every group table lives in one flat array, suits (5^9 keys) then honours (5^7), filled on
 * first use: a look-up is one index, the hot path of a simulation. Each slot is 16 bytes, the
 * table and a "computed" flag, so a look-up touches one cache line. The operating system
 * commits only the pages touched, so the memory used follows the tables computed.
 */
const SUIT_KEYS = POW5[8] * 5;
const TABLE_KEYS = SUIT_KEYS + POW5[7];
const SLOT = 16;
const COMPUTED_AT = SLOT - 1;
let tables: Int8Array | undefined;

/** The shared array that table offsets index. */
function groupTables(): Int8Array {
  return (tables ??= new Int8Array(TABLE_KEYS * SLOT));
}

/** Offset in groupTables() of the table of `group` holding the tiles `key` encodes. */
function tableAt(group: number, key: number): number {
  const at = (group === 3 ? SUIT_KEYS + key : key) * SLOT;
  const all = groupTables();
  if (all[at + COMPUTED_AT] === 0) {
    all.set(group === 3 ? computeHonourTable(key) : computeSuitTable(key), at);
    all[at + COMPUTED_AT] = 1;
  }
  return at;
}

function digits(key: number, size: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < size; i++) {
    out.push(key % 5);
    key = Math.floor(key / 5);
  }
  return out;
}

/*
 * A suit's table comes from a dynamic programme over its nine ranks. The state between two
 * ranks is the runs still open (started one and two ranks back: a and b), with the sets and
 * pair so far. The suit is split after rank 5: the first five ranks run forwards to their
 * end states, the last four backwards from every possible open-run state, and the two halves
 * are memoised separately (5^5 and 5^4 contents), so a new suit costs 15 small merges. Each
 * half is itself built one rank at a time from the memoised state of one rank fewer, so the
 * thousands of halves share their common prefixes (or suffixes).
 */
const SPLIT = 5;
const BOUNDARY_STATES = 25; // (a, b) as a * 5 + b; only a + b <= 4 occur
const HALF_SIZE = BOUNDARY_STATES * TABLE_SIZE;
const LOW_KEYS = POW5[SPLIT];
/** lowStates[n][key]: the forward state after ranks 1..n holding `key` (base 5, rank 1 lowest). */
const lowStates: (Int8Array | undefined)[][] = Array.from({ length: SPLIT + 1 }, (_, n) => new Array(POW5[n]));
/** highStates[n][key]: the backward state of ranks 10-n..9 holding `key` (base 5, lowest rank first). */
const highStates: (Int8Array | undefined)[][] = Array.from({ length: 9 - SPLIT + 1 }, (_, n) => new Array(POW5[n]));

function emptyState(): Int8Array {
  const state = new Int8Array(HALF_SIZE).fill(IMPOSSIBLE);
  state[0] = 0; // nothing open, no set, no pair
  return state;
}

/**
 * One rank forwards: from the state before `rank` to the state after it, holding `held` tiles
 * of it. Choose r new runs, t triplets and q pairs; the kind appears at most 4 times in W.
 */
function stepForward(before: Int8Array, rank: number, held: number): Int8Array {
  const after = new Int8Array(HALF_SIZE).fill(IMPOSSIBLE);
  const runsAllowed = rank <= 6;
  for (let a = 0; a <= MAX_SETS; a++) {
    for (let b = 0; a + b <= MAX_SETS; b++) {
      const open = a + b;
      // Open runs are sets already counted, so s >= a + b.
      for (let s = open; s <= MAX_SETS; s++) {
        for (let p = 0; p <= 1; p++) {
          const value = before[(a * 5 + b) * TABLE_SIZE + s * 2 + p];
          if (value === IMPOSSIBLE) continue;
          const maxRuns = runsAllowed ? MAX_SETS - s : 0;
          for (let r = 0; r <= maxRuns && open + r <= 4; r++) {
            const base = (b * 5 + r) * TABLE_SIZE;
            for (let t = 0; t <= 1 && s + r + t <= MAX_SETS; t++) {
              for (let q = 0; q + p <= 1; q++) {
                const inW = open + r + 3 * t + 2 * q;
                if (inW > 4) continue;
                const total = value + (inW < held ? inW : held);
                const at = base + (s + r + t) * 2 + p + q;
                if (total > after[at]) after[at] = total;
              }
            }
          }
        }
      }
    }
  }
  return after;
}

/**
 * One rank backwards: from the state of the ranks after `rank` to the state from `rank` on,
 * for every (a, b) of runs open when `rank` is reached. Counts only the sets begun here or later.
 */
function stepBackward(later: Int8Array, rank: number, held: number): Int8Array {
  const here = new Int8Array(HALF_SIZE).fill(IMPOSSIBLE);
  const runsAllowed = rank <= 6;
  for (let a = 0; a <= MAX_SETS; a++) {
    for (let b = 0; a + b <= MAX_SETS; b++) {
      const open = a + b;
      const at = (a * 5 + b) * TABLE_SIZE;
      const maxRuns = runsAllowed ? MAX_SETS - open : 0;
      for (let r = 0; r <= maxRuns && open + r <= 4; r++) {
        const from = (b * 5 + r) * TABLE_SIZE;
        for (let t = 0; t <= 1 && open + r + t <= MAX_SETS; t++) {
          for (let q = 0; q <= 1; q++) {
            const inW = open + r + 3 * t + 2 * q;
            if (inW > 4) continue;
            const gain = inW < held ? inW : held;
            const sets = r + t;
            for (let s = 0; s + sets <= MAX_SETS; s++) {
              for (let p = 0; p + q <= 1; p++) {
                const rest = later[from + s * 2 + p];
                if (rest === IMPOSSIBLE) continue;
                const to = at + (s + sets) * 2 + p + q;
                if (rest + gain > here[to]) here[to] = rest + gain;
              }
            }
          }
        }
      }
    }
  }
  return here;
}

/** Ranks 1..n forwards, for the first n digits of a suit key. */
function lowState(n: number, key: number): Int8Array {
  if (n === 0) return (lowStates[0][0] ??= emptyState());
  const shorter = key % POW5[n - 1];
  return (lowStates[n][key] ??= stepForward(lowState(n - 1, shorter), n - 1, Math.floor(key / POW5[n - 1])));
}

/** Ranks 10-n..9 backwards; `key` holds their counts, the lowest of them first. */
function highState(n: number, key: number): Int8Array {
  // Past rank 9 nothing may be open: only the (0, 0) start counts, with nothing gained.
  if (n === 0) return (highStates[0][0] ??= emptyState());
  return (highStates[n][key] ??= stepBackward(highState(n - 1, Math.floor(key / 5)), 9 - n, key % 5));
}

function computeSuitTable(key: number): GroupTable {
  const low = lowState(SPLIT, key % LOW_KEYS);
  const high = highState(9 - SPLIT, Math.floor(key / LOW_KEYS));
  const table = new Int8Array(TABLE_SIZE).fill(IMPOSSIBLE);
  const merged = new Int8Array(TABLE_SIZE);
  for (let a = 0; a <= MAX_SETS; a++) {
    for (let b = 0; a + b <= MAX_SETS; b++) {
      const at = (a * 5 + b) * TABLE_SIZE;
      mergeInto(low, at, high, at, merged, 0);
      for (let i = 0; i < TABLE_SIZE; i++) if (merged[i] > table[i]) table[i] = merged[i];
    }
  }
  return table;
}

/** Honours form no runs: each kind gives a triplet, a pair, or nothing. */
function computeHonourTable(key: number): GroupTable {
  const hand = digits(key, 7);
  let dp = new Int8Array(TABLE_SIZE).fill(IMPOSSIBLE);
  dp[0] = 0;
  for (const held of hand) {
    const next = Int8Array.from(dp);
    for (let s = 0; s <= MAX_SETS; s++) {
      for (let p = 0; p <= 1; p++) {
        const value = dp[s * 2 + p];
        if (value === IMPOSSIBLE) continue;
        if (s < MAX_SETS) {
          const at = (s + 1) * 2 + p;
          next[at] = Math.max(next[at], value + Math.min(3, held));
        }
        if (p === 0) {
          const at = s * 2 + 1;
          next[at] = Math.max(next[at], value + Math.min(2, held));
        }
      }
    }
    dp = next;
  }
  return dp;
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
 * The winning-distance view of a hand's concealed non-special tiles: its four group keys and,
 * per group, the other three groups' tables merged, so that a distance after changing one
 * group is one look-up and one best split. `sets` is always the number of sets still to make.
 */
export class HandTables {
  private readonly keys = [0, 0, 0, 0];
  /** Per group, the other three groups' tables merged (TABLE_SIZE each); see restTables. */
  private readonly rest = new Int8Array(4 * TABLE_SIZE);
  private restValid = false;
  private readonly scratch = new Int8Array(2 * TABLE_SIZE);

  /** Adds one tile of a non-special kind. */
  add(kind: TileKind): void {
    this.keys[kindGroup(kind)] += keyWeight(kind);
    this.restValid = false;
  }

  /** Removes one tile of a non-special kind. */
  remove(kind: TileKind): void {
    this.keys[kindGroup(kind)] -= keyWeight(kind);
    this.restValid = false;
  }

  /**
   * The distance of the hand as it is. `forRemovals` builds the tables that distanceRemoving
   * reuses, for a hand about to discard.
   */
  distance(sets: number, forRemovals = false): number {
    if (this.restValid || forRemovals) return this.distanceOf(0, this.keys[0], sets);
    // Two merges suffice for the whole hand; restTables would take six.
    const all = groupTables();
    const { keys, scratch } = this;
    mergeInto(all, tableAt(0, keys[0]), all, tableAt(1, keys[1]), scratch, 0);
    mergeInto(all, tableAt(2, keys[2]), all, tableAt(3, keys[3]), scratch, TABLE_SIZE);
    return 3 * sets + 2 - bestOverlap(scratch, 0, scratch, TABLE_SIZE, sets);
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

  /**
   * The non-special kind held (per `counts`) whose removal leaves the smallest distance, ties
   * to the highest kind; that distance is left in removalDistance.
   */
  bestRemoval(counts: ArrayLike<number>, sets: number): TileKind {
    const rest = this.restTables();
    const all = groupTables();
    const { keys } = this;
    let best = -1;
    let bestDistance = 1000;
    for (let kind = FIRST_SPECIAL - 1; kind >= 0; kind--) {
      if (counts[kind] === 0) continue;
      const group = kindGroup(kind);
      const table = tableAt(group, keys[group] - keyWeight(kind));
      const distance = 3 * sets + 2 - bestOverlap(all, table, rest, group * TABLE_SIZE, sets);
      if (distance < bestDistance) {
        bestDistance = distance;
        best = kind;
      }
    }
    this.removalDistance = bestDistance;
    return best;
  }

  /** The distance bestRemoval found. */
  removalDistance = -1;

  /** The distance after melding `a` and `b` (one group, both held) with a claimed tile. */
  distanceMelding(a: TileKind, b: TileKind, sets: number): number {
    const group = kindGroup(a);
    return this.distanceOf(group, this.keys[group] - keyWeight(a) - keyWeight(b), sets - 1);
  }

  /** The distance with `group` holding the tiles `key` encodes and the other groups as they are. */
  private distanceOf(group: number, key: number, sets: number): number {
    return 3 * sets + 2 - bestOverlap(groupTables(), tableAt(group, key), this.restTables(), group * TABLE_SIZE, sets);
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
}

/** One group's table for the tile counts of its kinds (9 ranks, or the 7 honours). */
export function groupTableOf(group: number, counts: readonly number[]): GroupTable {
  const at = tableAt(group, counts.reduceRight((key, count) => key * 5 + count, 0));
  return groupTables().subarray(at, at + TABLE_SIZE);
}

/**
 * Winning distance of a hand given as counts per kind (specials included, as they must go),
 * for a player with `melds` melds. Works for both 13-3n and 14-3n hands.
 */
export function winningDistance(counts: ArrayLike<number>, melds: number): number {
  if (counts.length < FIRST_SPECIAL) throw new RangeError(`expected ${KIND_COUNT} counts`);
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
