/**
 * Winning distance (rules: "Winning hands and winning distance").
 *
 * A winning hand W with k = 4 - melds sets holds 3k + 2 tiles: k sets and one pair, no kind more
 * than 4 times, no special tile. Turning a hand H into W takes |W \ H| added tiles, so the
 * distance is (3k + 2) minus the largest overlap of H with any such W. That overlap splits by
 * group (the three suits and the honours): each group's best overlap for s sets and p pairs is
 * computed once per distinct group content and memoised, so a distance is a few table look-ups.
 */
import { FIRST_SPECIAL, KIND_COUNT, type TileKind } from './tiles';

/** Per group: best overlap for (sets, pairs) at index sets * 2 + pairs; IMPOSSIBLE if none. */
export type GroupTable = Int8Array;
const IMPOSSIBLE = -100;
const MAX_SETS = 4;
const TABLE_SIZE = (MAX_SETS + 1) * 2;
export const GROUP_COUNT = 4;
/** First kind and size of each group: 1M-9M, 1P-9P, 1S-9S, honours. */
const GROUP_START = [0, 9, 18, 27];
const GROUP_SIZE = [9, 9, 9, 7];
const POW5 = [1, 5, 25, 125, 625, 3125, 15625, 78125, 390625];

export function groupStart(group: number): number {
  return GROUP_START[group];
}

/** The weight of one tile of `kind` in its group's key (keys are base-5 counts). */
export function keyWeight(kind: TileKind): number {
  return POW5[kind - GROUP_START[kindGroup(kind)]];
}

export function kindGroup(kind: TileKind): number {
  return kind < 27 ? Math.floor(kind / 9) : 3;
}

export function groupKey(counts: ArrayLike<number>, group: number): number {
  let key = 0;
  const start = GROUP_START[group];
  for (let i = GROUP_SIZE[group] - 1; i >= 0; i--) key = key * 5 + counts[start + i];
  return key;
}

// Keyed by group content; bounded so a long-running server does not grow without end.
const suitMemo = new Map<number, GroupTable>();
const honourMemo = new Map<number, GroupTable>();
const MEMO_LIMIT = 500_000;

export function groupTable(group: number, key: number): GroupTable {
  const memo = group === 3 ? honourMemo : suitMemo;
  let table = memo.get(key);
  if (table === undefined) {
    table = group === 3 ? computeHonourTable(key) : computeSuitTable(key);
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(key, table);
  }
  return table;
}

function digits(key: number, size: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < size; i++) {
    out.push(key % 5);
    key = Math.floor(key / 5);
  }
  return out;
}

/**
 * Dynamic programme over the nine ranks. State: runs started one and two ranks back (they
 * still cover this rank), sets and pairs so far. At each rank choose runs starting here,
 * a triplet and a pair, keeping the kind's count in W at most 4.
 */
function computeSuitTable(key: number): GroupTable {
  const hand = digits(key, 9);
  // dp[(r2 * 5 + r1) * TABLE_SIZE + s * 2 + p]
  const STATES = 25 * TABLE_SIZE;
  let dp = new Int8Array(STATES).fill(IMPOSSIBLE);
  dp[0] = 0;
  for (let rank = 0; rank < 9; rank++) {
    const next = new Int8Array(STATES).fill(IMPOSSIBLE);
    const maxNewRuns = rank <= 6 ? MAX_SETS : 0;
    for (let r2 = 0; r2 <= MAX_SETS; r2++) {
      for (let r1 = 0; r1 + r2 <= MAX_SETS; r1++) {
        const base = (r2 * 5 + r1) * TABLE_SIZE;
        for (let s = 0; s <= MAX_SETS; s++) {
          for (let p = 0; p <= 1; p++) {
            const value = dp[base + s * 2 + p];
            if (value === IMPOSSIBLE) continue;
            for (let r = 0; r <= maxNewRuns && s + r <= MAX_SETS; r++) {
              for (let t = 0; t <= 1 && s + r + t <= MAX_SETS; t++) {
                for (let q = 0; q + p <= 1; q++) {
                  const inW = r2 + r1 + r + 3 * t + 2 * q;
                  if (inW > 4) continue;
                  const gain = value + Math.min(inW, hand[rank]);
                  const at = (r1 * 5 + r) * TABLE_SIZE + (s + r + t) * 2 + p + q;
                  if (gain > next[at]) next[at] = gain;
                }
              }
            }
          }
        }
      }
    }
    dp = next;
  }
  // Runs must have ended inside the suit: only states with no open run count.
  return dp.slice(0, TABLE_SIZE);
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

/** Merges two tables: best overlap with s sets and p pairs split between both groups. */
export function mergeTables(a: GroupTable, b: GroupTable): GroupTable {
  const out = new Int8Array(TABLE_SIZE).fill(IMPOSSIBLE);
  for (let sa = 0; sa <= MAX_SETS; sa++) {
    for (let pa = 0; pa <= 1; pa++) {
      const va = a[sa * 2 + pa];
      if (va === IMPOSSIBLE) continue;
      for (let sb = 0; sa + sb <= MAX_SETS; sb++) {
        for (let pb = 0; pa + pb <= 1; pb++) {
          const vb = b[sb * 2 + pb];
          if (vb === IMPOSSIBLE) continue;
          const at = (sa + sb) * 2 + pa + pb;
          if (va + vb > out[at]) out[at] = va + vb;
        }
      }
    }
  }
  return out;
}

/** Best overlap with exactly `sets` sets and one pair, from one group's table and the rest's. */
export function bestOverlap(one: GroupTable, rest: GroupTable, sets: number): number {
  let best = IMPOSSIBLE;
  for (let s = 0; s <= sets; s++) {
    const withPair = one[s * 2 + 1] + rest[(sets - s) * 2];
    const pairElsewhere = one[s * 2] + rest[(sets - s) * 2 + 1];
    if (withPair > best) best = withPair;
    if (pairElsewhere > best) best = pairElsewhere;
  }
  return best;
}

/** The tables of the other three groups merged, for each group left out. */
export function restTables(tables: readonly GroupTable[]): GroupTable[] {
  return [0, 1, 2, 3].map((left) => {
    const others = [0, 1, 2, 3].filter((g) => g !== left).map((g) => tables[g]);
    return mergeTables(mergeTables(others[0], others[1]), others[2]);
  });
}

export function handTables(counts: ArrayLike<number>): GroupTable[] {
  return [0, 1, 2, 3].map((g) => groupTable(g, groupKey(counts, g)));
}

/**
 * Winning distance of a hand given as counts per kind (specials included, as they must go),
 * for a player with `melds` melds. Works for both 13-3n and 14-3n hands.
 */
export function winningDistance(counts: ArrayLike<number>, melds: number): number {
  if (counts.length < FIRST_SPECIAL) throw new RangeError(`expected ${KIND_COUNT} counts`);
  const sets = MAX_SETS - melds;
  const tables = handTables(counts);
  const rest = mergeTables(mergeTables(tables[1], tables[2]), tables[3]);
  return 3 * sets + 2 - bestOverlap(tables[0], rest, sets);
}

/** Counts per kind from tile names or kinds. */
export function countKinds(kinds: Iterable<TileKind>): Int8Array {
  const counts = new Int8Array(KIND_COUNT);
  for (const kind of kinds) counts[kind]++;
  return counts;
}
